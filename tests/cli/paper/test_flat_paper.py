"""Issue 28: the export of a game with money draws each player's statement from the sheet's figures
without putting in words the records that explain every coup, which no statement reads."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scorekeeper import i18n, service, store
from scorekeeper.present import paper


def _hombre(count: int) -> str:
    """An l'hombre game of `count` coups, each a contract played (the bench's own kind of coup)."""
    rng = random.Random(3)
    made = service.new("hombre", ["Ana", "Bea", "Cid"], options={"poules": 10**9}, name="long")
    coups = []
    for _ in range(count):
        hombre = rng.choice(["Ana", "Bea", "Cid"])
        others = [p for p in ("Ana", "Bea", "Cid") if p != hombre]
        first = rng.choice([3, 5, 6])
        second = rng.randint(0, 9 - first)
        tricks = {hombre: first, others[0]: second, others[1]: 9 - first - second}
        coups.append({"hombre": hombre, "contract": "demande", "tricks": tricks})
    with store.changing(made.name) as game:
        game.coups = coups
    return made.name


def _game(count: int) -> tuple[Any, dict[str, Any]]:
    """The fiche of an l'hombre game of `count` coups, and the heading the paper writes beside it."""
    game = store.read(_hombre(count))
    fiche = service.fiche(game)
    return fiche, paper.heading(game.name, fiche, service.aside(game))


def _counted(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[Any]:
    """The first argument of every call to `module.name` from now on."""
    calls: list[Any] = []
    real = getattr(module, name)

    def counted(first, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(first)
        return real(first, *args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_statements_render_the_payments_not_each_coups_log(monkeypatch: pytest.MonkeyPatch) -> None:
    fiche, data = _game(40)
    rendered = _counted(monkeypatch, i18n, "render")
    sections = paper.sections(data, fiche)
    payments = sum(len(result.payments) for result in fiche.coups)
    logs = sum(len(result.log) for result in fiche.coups)
    assert logs > payments  # the records the statements used to render, beside the payments they read
    # Each payment's reason once (the settlement's own lines are few), none of the coups' logs.
    assert len(rendered) <= payments + 50
    assert [heading for heading, _ in sections][1:] == [f"Statement of {p}" for p in fiche.players]


def test_the_statements_are_said_from_the_fiche_and_settlement_never_through_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The export built two JSON copies (the sheet's and the settlement's) that no statement read."""
    import inspect
    import json

    from scorekeeper.games.contract import Settling

    fiche, data = _game(12)

    def refused(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("a JSON copy made for the statements")

    monkeypatch.setattr(json, "dumps", refused)
    sections = paper.sections(data, fiche)
    assert [heading for heading, _ in sections][1:] == ["Statement of Ana", "Statement of Bea", "Statement of Cid"]
    assert list(inspect.signature(Settling.paper_sections).parameters) == ["self", "fiche", "settled"]


def test_a_statements_line_is_said_once_for_every_entry_it_differs_from_only_by_its_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scorekeeper.cli import render

    fiche, data = _game(200)
    before = paper.sections(data, fiche)
    filled = _counted(monkeypatch, render, "text")
    after = paper.sections(data, fiche)
    lines = sum(len(said) for _, said in after)
    assert after == before
    # Said once but for its coup, the other player and the reason, which are said apart (task E): 1,139
    # lines with 57 fills, where 125 said each line's words whole once by its name and reason.
    assert lines > 1000 and len(filled) < lines / 16


@pytest.mark.parametrize(
    "words",
    [
        "coup {number}: {why}",
        "{number} then {number}",
        "coup {number:>4}: {why}",  # a spec: not the number as it is
        "{{number}} is {number}",  # a brace written, not a place
        "coup {number!r}: {why}",
        "no number here: {why}",
    ],
)
@pytest.mark.parametrize("why", ["plain", "holds \x00 the mark", 7])
def test_once_says_every_cell_as_say_does(words: str, why: object) -> None:
    """A key the catalog lacks is its own words: any placement of the number, said once or many times."""
    from scorekeeper.explain import Record

    once = paper.Once()
    for number in (1, 12, 1, 2000, True):
        cell = Record(None, words, {"number": number, "why": why})
        assert once(cell) == paper.say(cell)
        nested = Record(None, "{inner} / {number}", {"inner": cell, "number": number})
        assert once(nested) == paper.say(nested)


def test_the_page_writes_each_distinct_cell_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper.present.paper import formats

    fiche, data = _game(200)
    table = paper.table(data, paper.engine_of(data).paper(data, fiche))
    before = formats.html("t", table, [], "", [], "en")
    written = _counted(monkeypatch, formats, "_cell")
    assert formats.html("t", table, [], "", [], "en") == before
    assert len(written) == len({(type(cell), cell) for cell in written}) < 200 * 14 / 2


def test_the_statements_of_all_players_are_each_ones_own() -> None:
    """`settle.statements` reads the fiche once for all players: each is the one `settle --statement` gives."""
    from scorekeeper.games.hombre.settle import settle, statement, statements

    fiche = service.fiche(store.read(_hombre(60)))
    for settled in (None, settle(fiche, early=True), settle(fiche, early=True, whole=True)):
        mine = statements(fiche, settled)
        assert mine == tuple(statement(fiche, settled, player) for player in fiche.players)
        assert [statement.player for statement in mine] == list(fiche.players)
        assert all(sum(line.amount for line in statement.lines) == statement.result for statement in mine)
