"""A concours's tables among the other games (issue 32): `games` shows a concours as one line and lists its
games with `--concours NAME`; `stats` counts its parties only with `--concours NAME`."""

from __future__ import annotations

import json


def _concours_played(run) -> dict:
    assert run("concours", "new", "Printemps", "--ruleset", "manille-muette", "--coups", "1").code == 0
    for at in range(1, 7):
        assert run("concours", "register", "--player", f"A{at}", "--player", f"B{at}", "--team", f"T{at}").code == 0
    drawn = json.loads(run("concours", "draw", "--json").out)
    for table in drawn["tables"]:
        assert run("coup", "--game", table["game"], "-r", "7h", "--points", f"{table['seats'][0]}=50").code == 0
    return drawn


def test_games_shows_a_concours_as_one_line_and_its_games_with_concours(run) -> None:
    assert run("new", "manille-muette", "-p", "Ana", "-p", "Bea", "-p", "Cid", "-p", "Dan", "--game", "club").code == 0
    drawn = _concours_played(run)
    rows = json.loads(run("games", "--json").out)
    assert [row["name"] for row in rows] == ["club", "Printemps"]
    assert rows[1]["concours"] is True and "round 1 of 4, 6 teams; games: 3" in rows[1]["state"]
    assert "Printemps-r1-t1" not in run("games").out and "Printemps" in run("games").out
    listed = json.loads(run("games", "--concours", "printemps", "--json").out)
    assert sorted(row["name"] for row in listed) == sorted(table["game"] for table in drawn["tables"])
    ran = run("games", "--concours", "Automne")
    assert ran.code == 2 and "no concours named 'Automne'" in ran.err


def test_a_game_named_as_a_table_of_no_concours_stays_a_game(run) -> None:
    assert (
        run("new", "manille-muette", "-p", "Ana", "-p", "Bea", "-p", "Cid", "-p", "Dan", "--game", "Été-r1-t1").code
        == 0
    )
    assert [row["name"] for row in json.loads(run("games", "--json").out)] == ["Été-r1-t1"]


def test_stats_counts_a_concours_s_parties_only_with_concours(run) -> None:
    assert run("new", "manille-muette", "-p", "Ana", "-p", "Bea", "-p", "Cid", "-p", "Dan", "--game", "club").code == 0
    _concours_played(run)
    names = {player["name"] for player in json.loads(run("stats", "--json").out)["players"]}
    assert names == {"Ana", "Bea", "Cid", "Dan"}
    day = json.loads(run("stats", "--concours", "Printemps", "--json").out)
    assert {player["name"] for player in day["players"]} == {f"{x}{n}" for x in "AB" for n in range(1, 7)}
    assert day["rulesets"][0]["games"] == 3 and day["rulesets"][0]["finished"] == 3
    ran = run("stats", "--concours", "Nope")
    assert ran.code == 2 and "no concours named" in ran.err
