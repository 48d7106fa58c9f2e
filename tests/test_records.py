"""What the engines say is data, and the catalog says all of it (issue 11).

The commands' JSON is read as a player's program would: every record has a rule id or none, an event,
its values and its text; every event has words in the catalog, and those words show every value.
"""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import i18n

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
MARIUS = ["-p", "César", "-p", "Panisse", "-p", "Escartefigue", "-p", "Brun"]


def records(data: Any) -> Iterator[dict[str, Any]]:
    """Every record in a JSON document, nested ones included."""
    if isinstance(data, dict):
        if {"rule", "event", "values", "text"} <= set(data):
            yield data
        for value in data.values():
            yield from records(value)
    elif isinstance(data, list):
        for value in data:
            yield from records(value)


def placeholders(words: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(words) if name}


@pytest.fixture
def documents(run) -> dict[str, Any]:
    """The JSON of a muette partie, a manillen coup with a contre, an hombre partie, an audit and a check."""
    out: dict[str, Any] = {}

    def json_of(*args: str) -> Any:
        ran = run(*args, "--json")
        assert ran.code in (0, 1), ran.err
        return json.loads(ran.out)

    out["demo"] = json_of("demo")
    assert run("new", "manillen", *MARIUS, "--game", "belge").code == 0
    assert run("coup", "--trump", "h", "--contre", "Panisse", "--points", "César=38").code == 0
    assert run("coup", "--trump", "sa", "--renonce", "Brun").code == 0
    out["manillen"] = json_of("sheet")
    assert run("new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid", "--game", "ombre").code == 0
    for coup in (
        ["--hombre", "Ana", "--contract", "demande", "--tricks", "Ana=5,Bea=2,Cid=2"],
        ["--pass"],
        ["--hombre", "Cid", "--contract", "sans-prendre", "--tricks", "Cid=4,Ana=3,Bea=2"],
        ["--hombre", "Bea", "--contract", "demande", "--tricks", "Bea=3,Ana=4,Cid=2"],
    ):
        assert run("coup", *coup).code == 0, coup
    out["hombre"] = json_of("sheet")
    out["settle"] = json_of("settle", "--early")
    out["audit"] = json_of(
        "audit",
        "manille-muette",
        "--players",
        "A B C D",
        "--trump",
        "h",
        "--leader",
        "A",
        "--trick",
        "7s 8s 9s 10s",
        "--trick",
        "Ks 7c Qs Js",
    )
    out["check"] = json_of(
        "check",
        "manille-muette",
        "--trump",
        "h",
        "--table",
        "O:A♠",
        "--hand",
        "10♥ 7♥ 10♣",
        "--play",
        "10c",
    )
    return out


def test_the_json_carries_records_of_many_events_almost_all_with_values(documents) -> None:
    found = [record for document in documents.values() for record in records(document)]
    events = {record["event"] for record in found}
    assert len(events) >= 12, sorted(events)
    with_values = [record for record in found if record["values"]]
    assert len(with_values) >= 0.8 * len(found)
    assert all(record["rule"] is None or re.fullmatch(r"[A-Z]+-\d+(, [A-Z]+-\d+)*", record["rule"]) for record in found)


def test_every_event_has_words_that_show_every_value(documents) -> None:
    for document in documents.values():
        for record in records(document):
            words = i18n.message(record["event"])
            assert words != record["event"], f"no words for {record['event']}"
            missing = set(record["values"]) - placeholders(words)
            assert not missing, f"{record['event']}: {words!r} drops {sorted(missing)}"


def test_the_records_of_a_coup_say_the_rules_that_decided_it(documents) -> None:
    first = documents["demo"]["coups"][0]["log"]
    bonus = next(record for record in first if record["rule"] == "M-5" and record["values"].get("points") == 5)
    assert bonus["values"]["card"] == "10H"
    assert "10H" in bonus["text"] and "+5" in bonus["text"]


def test_check_keeps_its_explanation_and_cost_and_adds_records(documents) -> None:
    check = documents["check"]
    assert isinstance(check["explanation"], str) and isinstance(check["cost"], str)
    assert {record["rule"] for record in check["records"]} >= {"P-5", "M-8"}


def _sentences(path: Path) -> list[str]:
    """f-strings and string literals of two words or more, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            if re.search(r"[A-Za-zé]{2,} [A-Za-zé]{2,}", node.value):
                found.append(f"{path.name}:{node.lineno}: {node.value!r}")
    return found


def test_no_sentence_is_built_in_the_games_or_the_referee() -> None:
    paths = [*(PACKAGE / "games").rglob("*.py"), *(PACKAGE / "referee").rglob("*.py")]
    assert [sentence for path in paths for sentence in _sentences(path)] == []
