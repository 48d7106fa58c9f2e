"""`scorekeeper stats`: the club's history over hand-counted games (issue 21; RULES C-4, M-8, M-9, M-14, H-19)."""

from __future__ import annotations

import json
import os
import time

import pytest

from scorekeeper import service, store
from scorekeeper.games.manille.demo import COUPS as MARIUS_COUPS
from scorekeeper.service import history
from scorekeeper.store import cache
from tests.games.hombre.test_cli import SEED_17_4

# Seed 002, manille à l'envers (M-14), as in tests/games/manille/test_systems.py: B reaches 101 and loses; D renonces once.
ENVERS = [
    {"trump": "h", "points": {"A": 20, "B": 30, "C": 10}},
    {"trump": "s", "points": {"A": 5, "B": 25, "C": 30, "D": 8}},
    {"trump": "d", "renonce": "D"},
    {"trump": "c", "points": {"A": 10, "B": 20, "C": 30}},
    {"trump": "h", "points": {"A": 0, "B": 26, "C": 10}},
]


def game(name, ruleset, players, coups, **options):
    made = service.new(ruleset, list(players), name=name, options=options or None)
    for coup in coups:
        service.add(made.name, coup)
    return made.name


def stats(run, *args):
    ran = run("stats", "--json", *args)
    assert ran.code == 0, ran.err
    return json.loads(ran.out)


def figures(data, *keys):
    return {p["name"]: tuple(p[k] for k in keys) for p in data["players"]}


@pytest.fixture
def club(run):
    """The demo (César & Escartefigue win 2 manches to 1, Escartefigue renonces once: M-8, M-9), à l'envers
    (B loses, M-14), l'hombre's seed example (3 poules, over and settled: A -72, B -9, C +81, H-19), and a manille not over."""
    game("demo", "manille-muette", ("César", "Panisse", "Escartefigue", "Brun"), MARIUS_COUPS)
    game("folle", "manille-envers", "ABCD", ENVERS)
    service.new("hombre", ["A", "B", "C"], name="h", options={"system": "3-2", "poules": 3})
    for said in SEED_17_4:  # typed at the table as in tests/games/hombre/test_cli.py
        assert run("coup", "--game", "h", *said).code == 0


def test_stats_counts_won_lost_games_and_renonces_by_hand(run, club):
    # not over: counts in games only
    game("unfinished", "manille-muette", ("cesar", "PANISSE", "Escartefigue", "Brun"), MARIUS_COUPS[:3])
    data = stats(run)
    assert figures(data, "games", "won", "lost", "renonces") == {
        "César": (2, 1, 0, 0),
        "Escartefigue": (2, 1, 0, 1),
        "Panisse": (2, 0, 1, 0),
        "Brun": (2, 0, 1, 0),
        # à l'envers (M-14): B reached 100 and lost, the others won; l'hombre (H-19): C +81 won, A and B lost
        "A": (2, 1, 1, 0),
        "B": (2, 0, 2, 0),
        "C": (2, 2, 0, 0),
        "D": (1, 1, 0, 1),  # D's renonce cost him 34 (M-8, M-14)
    }
    assert {p["name"]: p["manches"] for p in data["players"] if p["name"] in ("César", "Brun")} == {
        "César": 2 + 0,
        "Brun": 1,
    }
    assert {p["name"]: (p["points"], p["jetons"]) for p in data["players"] if p["name"] in "ABCD"} == {
        "A": (35, -72),  # M-14's scores at the end, H-19's results
        "B": (101, -9),
        "C": (80, 81),
        "D": (90, 0),
    }
    # l'hombre: coups as hombre and how they ended (H-9): B remise twice, won twice
    assert next(p for p in data["players"] if p["name"] == "B")["outcomes"] == {"remise": 2, "won": 2}
    assert {r["name"]: (r["games"], r["finished"]) for r in data["rulesets"]} == {
        "hombre": (1, 1),
        "manille-envers": (1, 1),
        "manille-muette": (2, 1),
    }


def test_c4_players_are_matched_by_folded_name_and_filtered(run, club):
    game("unfinished", "manille-muette", ("cesar", "PANISSE", "Escartefigue", "Brun"), MARIUS_COUPS[:3])
    data = stats(run, "--player", "CESAR")
    assert figures(data, "games", "won", "lost") == {"César": (2, 1, 0)}
    assert {r["name"] for r in data["rulesets"]} == {"manille-muette"}
    assert figures(stats(run, "--ruleset", "manille-envers"), "games", "lost") == {
        "A": (1, 0),
        "B": (1, 1),
        "C": (1, 0),
        "D": (1, 0),
    }
    assert stats(run, "--since", "2999-01-01") == {"columns": [], "players": [], "rulesets": [], "skipped": []}
    assert len(stats(run, "--since", "2000-01-01")["players"]) == 8


def test_stats_counts_the_archive_and_not_the_trash(run, club):
    assert run("games", "archive", "folle").code == 0
    assert run("games", "delete", "demo").code == 0
    data = stats(run)
    assert {p["name"] for p in data["players"]} == {"A", "B", "C", "D"}


def test_stats_is_the_same_from_the_cache_and_a_damaged_cache_costs_nothing(run, club):
    first = stats(run)
    assert stats(run) == first  # the second from the cache
    cache = history._cache_file()
    cache.write_text('{"x": [1')
    assert stats(run) == first
    stats(run)  # the cache written again
    kept = json.loads(cache.read_text())
    forged = dict.fromkeys(kept["summaries"], {"players": {"x": 1}})
    cache.write_text(json.dumps({"stamps": kept["stamps"], "summaries": forged}))
    assert stats(run) == first
    for summary in (store.cache_dir() / history.FOLDER).glob("*.json"):  # and what the commands kept
        summary.write_text('{"name": 1}')
    cache.unlink()
    assert stats(run) == first
    (store.games_dir() / "junk.toml").write_text("not = [toml")
    with_junk = stats(run)  # counted without it, and it is said (issue 27)
    assert with_junk | {"skipped": []} == first
    assert [left["path"] for left in with_junk["skipped"]] == [str(store.games_dir() / "junk.toml")]


def test_each_command_that_writes_a_game_keeps_its_figures_as_a_replay_counts_them(run, club):
    """Issue 28: `stats` finds each game's figures where the command that wrote it left them, the same as a replay."""
    game("short", "manille-muette", ("César", "Panisse", "Escartefigue", "Brun"), MARIUS_COUPS[:4])
    for said in (
        ("edit", "2", "--points", "Panisse=50", "--game", "short"),
        ("insert", "1", "--retourne", "7s", "--points", "César=30", "--game", "short"),
        ("delete", "3", "--game", "short"),
        ("undo", "--game", "short"),
        ("redo", "--game", "short"),
        ("stop", "--reason", "closing", "--game", "short"),
        ("demo", "--yes"),
    ):
        ran = run(*said)
        assert ran.code == 0, (said, ran.out, ran.err)
    kept = {path.stem for path in (store.cache_dir() / history.FOLDER).glob("*.json")}
    for path in store.games_dir().glob("*.toml"):
        key = cache.digest(path.read_bytes())
        assert key in kept, path.name
        assert cache.derived(history.FOLDER, key) == history.summary(store.read(path.stem)), path.name
    assert len(kept) == 4  # one a game: each write drops what the one before it kept
    first = stats(run)
    for summary in (store.cache_dir() / history.FOLDER).glob("*.json"):
        summary.unlink()
    history._cache_file().unlink()
    assert stats(run) == first  # every game replayed


def test_a_game_changed_within_a_tick_of_the_clock_is_read_again_whatever_its_stamp(run, home, club):
    """A stamp (size, time, inode) is trusted only once its file's time is older than a coarse clock's tick."""
    path = home / "games" / "demo.toml"
    text = path.read_text(encoding="utf-8")
    before = stats(run)
    assert "Panisse = 48" in text and "Panisse = 47" not in text
    info = path.stat()
    with open(path, "w", encoding="utf-8") as handle:  # in place: the same inode, size and time
        handle.write(text.replace("Panisse = 48", "Panisse = 47", 1))
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert path.stat().st_size == info.st_size and path.stat().st_ino == info.st_ino
    assert stats(run) != before
    old = time.time_ns() - 10 * history.RACY  # once old, a file's stamp stands for its bytes
    os.utime(path, ns=(old, old))
    assert stats(run) != before
    assert json.loads(history._cache_file().read_text())["stamps"][str(path)][:3] == [info.st_size, old, info.st_ino]


def test_stats_a_bad_date_is_one_line(run, club):
    ran = run("stats", "--since", "tomorrow")
    assert ran.code == 2 and ran.err.count("\n") == 1 and "YYYY-MM-DD" in ran.err


def test_stats_in_words(run, club):
    ran = run("stats")
    assert ran.code == 0 and "César" in ran.out and "manille-envers" in ran.out


def test_stats_shows_the_columns_the_games_counted_each_its_own(run, club, monkeypatch):
    """Issue 42: each game says which figures it counts (`counts`); `stats` shows those of the games it
    counted: manille's manches, coups taken and renonces (M-8, M-9, M-13), l'hombre's jetons (H-19)."""
    monkeypatch.setenv("COLUMNS", "200")
    assert stats(run, "--ruleset", "manille-muette")["columns"] == [
        "won",
        "lost",
        "manches",
        "renonces",
        "points",
        "taken",
    ]
    assert stats(run, "--ruleset", "hombre")["columns"] == ["won", "lost", "jetons", "taken"]
    assert stats(run)["columns"] == ["won", "lost", "manches", "renonces", "points", "jetons", "taken"]

    def header(*args: str) -> list[str]:
        shown = run("stats", *args).out.splitlines()
        return [cell.strip() for cell in next(line for line in shown if "player" in line).split("┃")[1:-1]]

    assert header("--ruleset", "hombre") == ["player", "games", "won", "lost", "taken (made)", "jetons"]
    assert header("--ruleset", "manille-muette") == [
        "player",
        "games",
        "won",
        "lost",
        "manches",
        "taken (made)",
        "renonces",
        "points",
    ]


def test_h19_an_hombre_game_not_over_counts_its_balance_and_no_win(run):
    """A partie not over is in `games` only; its jetons are the balances so far (H-12)."""
    assert run("new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid", "--game", "soir").code == 0
    assert run("coup", "--hombre", "Ana", "--contract", "demande", "--tricks", "Ana=5,Bea=2,Cid=2").code == 0
    players = {player["name"]: player for player in json.loads(run("stats", "--json").out)["players"]}
    assert (players["Ana"]["games"], players["Ana"]["won"], players["Ana"]["lost"]) == (1, 0, 0)
    assert (players["Ana"]["jetons"], players["Bea"]["jetons"], players["Cid"]["jetons"]) == (18, -9, -9)
    assert players["Ana"]["taken"] == players["Ana"]["taken_made"] == 1


def test_stats_names_each_game_it_leaves_out_and_why_and_counts_the_others(run, home, club):
    """Issue 27: a game of another format, or whose entries no longer replay, is left out with a word."""
    demo = home / "games" / "demo.toml"
    text = demo.read_text(encoding="utf-8")
    (home / "games" / "later.toml").write_text(
        text.replace("format = 1", "format = 9").replace('name = "demo"', 'name = "later"'), encoding="utf-8"
    )
    (home / "games" / "torn.toml").write_text(
        text.replace('name = "demo"', 'name = "torn"').replace('retourne = "', 'retourne = "X', 1), encoding="utf-8"
    )
    data = stats(run)
    assert figures(data, "games")["César"] == (1,)
    assert [left["path"] for left in data["skipped"]] == [str(home / "games" / f"{n}.toml") for n in ("later", "torn")]
    assert "has format 9; this scorekeeper reads format 1" in data["skipped"][0]["reason"]
    ran = run("stats")
    assert ran.code == 0 and "César" in ran.out
    assert ran.err.count("left out of the count: game file") == 2, ran.err


def test_stats_with_every_game_left_out_says_so_rather_than_that_there_is_none(run, home, club):
    for path in (home / "games").glob("*.toml"):
        path.write_text(path.read_text(encoding="utf-8").replace("format = 1", "format = 9"), encoding="utf-8")
    ran = run("stats")
    assert ran.code == 0 and "No game to count among the game files read" in ran.out
    assert ran.err.count("left out of the count") == 3
