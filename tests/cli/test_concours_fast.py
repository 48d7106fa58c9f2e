"""`concours standing` and `status` at a cold start's cost (issue 32, "Speed and scale"), exact still (T-7),
and a player registered as `new` seats one (C-4). The figures are bench/concours.py's; these tests hold
what makes them: no table's game replayed where its summary is kept, the concours's TOML not parsed where
its entry is, and both derived from the files as they are now."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from scorekeeper.concours import files


def _day(run, teams: int = 4) -> list[dict]:
    """A concours of `teams` doublettes of one coup a partie, drawn: its tables."""
    assert run("concours", "new", "Printemps", "--ruleset", "manille-muette", "--coups", "1").code == 0
    for at in range(1, teams + 1):
        assert run("concours", "register", "--player", f"A{at}", "--player", f"B{at}", "--team", f"T{at}").code == 0
    ran = run("concours", "draw", "--json")
    assert ran.code == 0, ran.err
    return json.loads(ran.out)["tables"]


def _played(run, tables: list[dict]) -> None:
    """The first table played to its end in scorekeeper, the second stopped by agreement after no coup."""
    first, second = tables
    assert run("coup", "--game", first["game"], "-r", "7h", "--points", f"{first['seats'][0]}=50").code == 0
    from scorekeeper.service import tables as table_games

    table_games.made(second["game"])  # as `sheet` or `table` makes it, named before its first coup
    assert run("stop", "--game", second["game"], "--reason", "the café closes").code == 0


def _no_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper import games

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a table's game replayed")

    monkeypatch.setattr(games, "replay", refused)


def test_t7_the_standing_takes_each_table_s_outcome_from_the_summary_its_game_keeps(run, monkeypatch) -> None:
    tables = _day(run)
    _played(run, tables)
    before = run("concours", "standing", "--json").out
    _no_replay(monkeypatch)
    assert run("concours", "standing", "--json").out == before
    assert json.loads(run("concours", "status", "--json").out)["finished"] == [1, 2]


def test_t7_the_standing_from_summaries_is_the_standing_from_the_games_replayed(run, home: Path) -> None:
    tables = _day(run)
    _played(run, tables)
    kept = run("concours", "standing", "--json").out
    shutil.rmtree(home / "cache")  # every summary and entry lost: the games are replayed, the TOML read
    replayed = run("concours", "standing", "--json").out
    assert replayed == kept
    rows = {row["team"]: row for row in json.loads(kept)["teams"]}
    stopped = tables[1]["teams"]  # stopped level at 0-0: a draw, half to each (T-2)
    assert rows[stopped[0]]["won"] == rows[stopped[1]]["won"] == 0.5


def test_t7_a_summary_of_another_game_or_a_forged_one_is_never_taken_for_the_table_s(run, home: Path) -> None:
    tables = _day(run)
    _played(run, tables)
    kept = run("concours", "standing", "--json").out
    for entry in (home / "cache" / "history-2").glob("*.json"):  # each summary says another game, or lies
        summary = json.loads(entry.read_bytes())
        summary["players"] = dict(reversed(list(summary["players"].items())))
        entry.write_text(json.dumps(summary))
    assert run("concours", "standing", "--json").out == kept


def test_the_concours_is_read_from_its_entry_the_user_s_alone_and_a_hand_edit_is_read(run, home, monkeypatch) -> None:
    _day(run)
    folder = home / "cache" / "concours"
    entries = list(folder.glob("*.json"))
    assert len(entries) == 1  # one entry a concours: the last write's
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700 and stat.S_IMODE(entries[0].stat().st_mode) == 0o600
    assert files.read("Printemps").rounds[0].tables[0].secret  # the secrets are there, as in the file
    from scorekeeper import tomlfile

    loads = tomlfile.loads
    monkeypatch.setattr(tomlfile, "loads", lambda raw: pytest.fail("the concours's TOML parsed"))
    assert run("concours", "standing").code == 0
    monkeypatch.setattr(tomlfile, "loads", loads)
    path = home / "concours" / "Printemps.toml"
    path.write_text(path.read_text().replace('name = "T1"', 'name = "Team One"'))
    assert "Team One" in run("concours", "standing").out
    for entry in folder.glob("*.json"):  # an entry others may read is none of ours: the TOML is read
        entry.chmod(0o644)
        entry.write_text(entry.read_text().replace("Team One", "Forged"))
    assert "Forged" not in run("concours", "standing").out


HOSTILE = [
    "=cmd|calc",  # a formula in a spreadsheet, and a name `coup` reads as PLAYER=N
    "Ana,Bea",
    "Ana's mort",
    "passe",  # a word of the table's line
    "Ana\u202eX",  # bidi: reorders the sheet
    "Ana\x07",
    "A" * 65,
]


@pytest.mark.parametrize("name", HOSTILE)
def test_c4_register_refuses_a_player_name_new_refuses(run, home: Path, name: str) -> None:
    _day(run)
    path = home / "concours" / "Printemps.toml"
    before = path.read_bytes()
    ran = run("concours", "register", "--player", name, "--player", "Zoé")
    assert ran.code == 2 and ("C-4" in ran.err or "misread" in ran.err), ran.err
    assert len(ran.err.strip().splitlines()) == 1
    assert path.read_bytes() == before


def test_c4_register_refuses_a_name_that_reads_as_a_registered_one(run, home: Path) -> None:
    _day(run)
    path = home / "concours" / "Printemps.toml"
    before = path.read_bytes()
    ran = run("concours", "register", "--player", "\u04101", "--player", "Zoé")  # Cyrillic А: reads as A1
    assert ran.code == 2 and "reads as 'A1'" in ran.err
    ran = run("concours", "register", "--player", "Zoé", "--player", "Z\u043e\u00e9")  # Cyrillic о: one name
    assert ran.code == 2 and "reads as" in ran.err
    ran = run("concours", "register", "--player", "Zoé", "--player", "Yan", "--team", "\u04221")  # Cyrillic Т
    assert ran.code == 2 and "reads as 'T1'" in ran.err
    assert path.read_bytes() == before


def test_c4_a_new_game_looks_for_its_name_without_reading_every_stored_head(run, home, monkeypatch) -> None:
    from scorekeeper.store import files as store_files

    seated = ("-p", "A", "-p", "B", "-p", "C", "-p", "D")
    for at in range(12):
        assert run("new", "manille-muette", *seated, "--game", f"Cafe{at}").code == 0
    past = 1_600_000_000
    for path in (home / "games").glob("*.toml"):
        os.utime(path, (past, past))  # older than a clock's tick: their stamps are kept
    assert run("games").code == 0  # the index made
    read: list[Path] = []
    head = store_files.head
    monkeypatch.setattr(store_files, "head", lambda path: read.append(path) or head(path))
    assert run("new", "manille-muette", *seated, "--game", "fresh").code == 0
    assert {path.name for path in read} <= {"fresh.toml"}  # the new file alone, which no stamp knew yet
    ran = run("new", "manille-muette", *seated, "--game", "\u0421afe3")  # Cyrillic С
    assert ran.code == 2 and "reads as 'Cafe3'" in ran.err  # C-4 as before
    edited = home / "games" / "Cafe5.toml"
    edited.write_text(edited.read_text().replace('name = "Cafe5"', 'name = "Bar"'))
    os.utime(edited, (past + 7, past + 7))  # by hand, an old time: its stamp says it changed all the same
    ran = run("new", "manille-muette", *seated, "--game", "B\u0430r")  # Cyrillic а
    assert ran.code == 2 and "reads as 'Bar'" in ran.err
