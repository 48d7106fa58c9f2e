"""A concours's table is stored with its first coup, or, that coup refused, not at all (T-2): no game is
left behind by a mistake, and "stored; only what came after failed" is never said of a coup refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper import service, store
from scorekeeper.errors import UserError
from scorekeeper.service import tables


@pytest.fixture
def drawn(run) -> list[dict]:
    assert run("concours", "new", "Printemps", "--ruleset", "manille-muette", "--coups", "1").code == 0
    for at in range(1, 5):
        assert run("concours", "register", "--player", f"A{at}", "--player", f"B{at}", "--team", f"T{at}").code == 0
    ran = run("concours", "draw", "--json")
    assert ran.code == 0, ran.err
    return json.loads(ran.out)["tables"]


def _games(home: Path) -> list[str]:
    return sorted(path.name for path in (home / "games").glob("*")) if (home / "games").exists() else []


@pytest.mark.parametrize(
    "said",
    [
        ("--points", "Zed=40"),  # a player of no table
        ("-r", "10h", "--points", "{other}=40"),  # a player of the other table
        ("-r", "10h", "--points", "{seat}=999"),  # a count the partie cannot have
    ],
)
def test_t2_a_refused_first_coup_at_a_table_makes_no_game(run, home: Path, drawn: list[dict], said) -> None:
    table, other = drawn
    said = [word.format(seat=table["seats"][0], other=other["seats"][0]) for word in said]
    ran = run("coup", "--game", table["game"], *said)
    assert ran.code == 2 and ran.err.count("\n") == 1 and "stored" not in ran.err, ran.err
    assert _games(home) == []
    ran = run("coup", "--game", table["game"], "-r", "10h", "--points", f"{table['seats'][0]}=40")
    assert ran.code == 0, ran.err
    assert _games(home) == [f"{table['game']}.toml"]
    assert len(service.read(table["game"]).coups) == 1


def test_t2_a_table_s_first_coup_in_french_is_refused_in_french(
    run, home: Path, drawn: list[dict], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SCOREKEEPER_LANG")  # the command speaks the table's language, told none
    run("concours", "new", "Automne", "--ruleset", "manille-muette", "--coups", "1", "--lang", "fr")
    for at in range(1, 5):
        run("concours", "register", "--player", f"C{at}", "--player", f"D{at}", "--team", f"U{at}")
    (table, _) = json.loads(run("concours", "draw", "--json").out)["tables"]
    ran = run("coup", "--game", table["game"], "--points", "Zed=40")
    assert ran.code == 2 and "joueur inconnu" in ran.err and _games(home) == [], ran.err


def test_t2_a_table_made_meanwhile_by_another_command_takes_the_first_coup(
    drawn: list[dict], monkeypatch: pytest.MonkeyPatch
) -> None:
    name, seat = drawn[0]["game"], drawn[0]["seats"][0]
    create = store.create

    def raced(game: store.Ledger, numbered: bool = False) -> None:
        made = tables.unmade(name)  # another command (`sheet -g`) made the table between the read and the write
        assert made is not None
        create(made)
        create(game, numbered)

    monkeypatch.setattr(store, "create", raced)
    service.add(name, {"retourne": "10H", "points": {seat: 40}})
    assert len(service.read(name).coups) == 1
    with pytest.raises(UserError, match="over"):
        service.add(name, {"retourne": "7S", "points": {seat: 40}})
