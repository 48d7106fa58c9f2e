"""A write formats only what is new, and the file is the one `tomli_w` writes whole (issue 28)."""

from __future__ import annotations

import datetime
import shutil
from pathlib import Path

import tomli_w

from scorekeeper import service, store
from scorekeeper.store import written

FIXTURES = Path(__file__).parent / "fixtures"
MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]
LONG = {"partie": "seche", "manche": 10**9}


def coup(number: int) -> dict[str, object]:
    return {"retourne": "7S", "points": {MARIUS[number % 2]: number % 69}}


def test_a_write_takes_the_lines_of_the_coups_it_kept_and_formats_the_new_one_alone(monkeypatch):
    game = store.Ledger("cafe", "manille-muette", {"game": "manille"}, MARIUS, "César", lang="fr")
    game.coups = [coup(number) for number in range(300)]
    before = written.dumps(game.to_toml())
    game.add(coup(300))
    formatted = formatted_by_the_write(monkeypatch, game, before)
    assert formatted[0] == {"coups": [coup(300)]} and len(formatted) == 2  # the new coup, then the rest without coups


def formatted_by_the_write(monkeypatch, game: store.Ledger, before: written.Written) -> list[dict]:
    """What `tomli_w` was given to format as `game` was written after `before`, the text checked whole."""
    formatted: list[dict] = []
    real = tomli_w.dumps
    monkeypatch.setattr(tomli_w, "dumps", lambda data: formatted.append(data) or real(data))
    assert written.dumps(game.to_toml(), before).text == real(game.to_toml())
    return formatted


def test_edits_inserts_deletes_and_undo_write_what_tomli_w_writes():
    game = store.Ledger("cafe", "manille-muette", {"game": "manille"}, MARIUS, "César")
    game.coups = [coup(number) for number in range(50)]
    last = written.dumps(game.to_toml())
    changes = [
        lambda: game.edit(3, coup(7)),
        lambda: game.splice(10, 2, [], "delete", 11),
        lambda: game.splice(5, 0, [coup(1), coup(2)], "insert", 6),
        game.undo,
        game.undo,
        game.redo,
        lambda: game.splice(0, len(game.coups), [coup(9)], "fix"),
        lambda: game.add({"retourne": "7S", "plays": [["7S", "8S", "9S", "10S"]] * 8}),  # tables: written whole
        game.undo,
    ]
    for change in changes:
        change()
        last = written.dumps(game.to_toml(), last)
        assert last.text == tomli_w.dumps(game.to_toml())


def test_the_language_is_written_before_the_coups_and_the_head_stops_there():
    service.new("manille-muette", MARIUS, options=LONG, name="cafe", lang="fr")
    with store.changing("cafe") as game:
        game.coups = [coup(number) for number in range(10)]
    text = store.path_of("cafe").read_text(encoding="utf-8")
    assert text.index('lang = "fr"') < text.index("coups = [")
    assert store.head(store.path_of("cafe"))["lang"] == "fr"


def test_a_file_written_before_with_its_language_after_the_coups_reads_and_is_written_in_the_new_order(home):
    game = store.Ledger("old", "manille-muette", {"game": "manille"}, MARIUS, "César", lang="fr")
    game.coups = [coup(number) for number in range(10)]
    old = {key: value for key, value in game.to_toml().items() if key != "lang"} | {"lang": "fr"}
    (home / "games").mkdir(parents=True)
    path = home / "games" / "old.toml"
    path.write_text(tomli_w.dumps(old), encoding="utf-8")
    assert path.read_text(encoding="utf-8").index("coups = [") < path.read_text(encoding="utf-8").index("lang =")
    assert store.head(path)["lang"] == "fr" and store.head(path)["name"] == "old"
    assert store.read("old").lang == "fr"
    with store.changing("old") as again:
        again.add(coup(10))
    assert path.read_text(encoding="utf-8") == tomli_w.dumps(store.read("old").to_toml())


def test_a_game_file_of_format_1_still_loads_and_a_write_keeps_it_readable(home):
    (home / "games").mkdir(parents=True)
    shutil.copy(FIXTURES / "manille-format1.toml", home / "games")
    before = store.read("manille-format1")
    with store.changing("manille-format1"):
        pass  # written again as it is
    after = store.read("manille-format1")
    assert after.to_toml() == before.to_toml()
    assert (home / "games" / "manille-format1.toml").read_text(encoding="utf-8") == tomli_w.dumps(after.to_toml())


def test_a_write_leaves_no_lock_file(home):
    service.new("manille-muette", MARIUS, options=LONG, name="cafe")
    service.add("cafe", {"retourne": "7s", "points": {"César": 40}})
    with store.locked("cafe"):
        assert (home / "games" / ".cafe.lock").is_file()
    assert sorted(path.name for path in (home / "games").iterdir()) == ["cafe.toml"]


def hombre(number: int, time: bool = True) -> dict[str, object]:
    """A coup of l'hombre as the table stores it: with its time, too long for a line (`tomli_w`: 100)."""
    said: dict[str, object] = {
        "hombre": "A",
        "contract": "demande",
        "tricks": {"A": 5, "B": number % 4, "C": 4 - number % 4},
    }
    return {**said, "time": datetime.datetime(2026, 11, 26, 7, number % 60, tzinfo=datetime.UTC)} if time else said


def test_coups_written_as_tables_keep_their_blocks_and_a_write_formats_the_new_coup_alone(monkeypatch):
    game = store.Ledger("cafe", "hombre", {"game": "hombre"}, ["A", "B", "C"], "A")
    game.coups = [hombre(number) for number in range(300)]
    before = written.dumps(game.to_toml())
    assert "\n[[coups]]\n" in before.text  # tables: each coup a block
    game.add(hombre(300))
    formatted = formatted_by_the_write(monkeypatch, game, before)
    assert all(len(data["coups"]) <= 2 for data in formatted if isinstance(data["coups"], list))  # none whole


def test_coups_as_tables_through_edits_undo_and_back_to_lines_write_what_tomli_w_writes():
    game = store.Ledger("cafe", "hombre", {"game": "hombre"}, ["A", "B", "C"], "A")
    game.coups = [hombre(number, time=False) for number in range(40)]  # each on a line
    last = written.dumps(game.to_toml())
    changes = [
        lambda: game.add(hombre(40)),  # too long for a line: the coups become tables
        lambda: game.add({"pass": True}),  # a short one among tables is a table too
        lambda: game.add(hombre(41)),
        lambda: game.edit(3, {"pass": True}),
        lambda: game.splice(10, 2, [], "delete", 11),
        lambda: game.splice(5, 0, [hombre(1), {"pass": True}], "insert", 6),
        game.undo,
        game.undo,
        game.undo,
        game.undo,
        game.undo,
        game.undo,  # the coup too long taken back: on a line each again
        game.redo,
        lambda: game.splice(0, len(game.coups), [hombre(9)], "fix"),
    ]
    for change in changes:
        change()
        last = written.dumps(game.to_toml(), last)
        assert last.text == tomli_w.dumps(game.to_toml())
    read = written.Written(last.text, list(game.coups))  # a file read: its blocks found in its text
    assert read.coup_blocks() == [tomli_w.dumps({"coups": [hombre(9)]})]
