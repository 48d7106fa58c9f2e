"""`scorekeeper concours`: the organiser's day through the real command (issue 32, RULES T-1 to T-7)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.concours import files


def _day(run, teams: int = 4, *flags: str, coups: str = "2") -> None:
    """A concours of muette over `coups` deals (T-2): a side makes at most 39 a deal (34 and a retourne, T-8)."""
    assert run("concours", "new", "Printemps", "--ruleset", "manille-muette", "--coups", coups, *flags).code == 0
    for at in range(1, teams + 1):
        assert run("concours", "register", "--player", f"A{at}", "--player", f"B{at}", "--team", f"T{at}").code == 0


def _drawn(run) -> dict:
    ran = run("concours", "draw", "--json")
    assert ran.code == 0, ran.err
    return json.loads(ran.out)


def _file(home: Path) -> bytes:
    return (home / "concours" / "Printemps.toml").read_bytes()


def test_t1_a_ruleset_not_for_two_teams_of_two_is_refused_and_nothing_written(run, home: Path) -> None:
    ran = run("concours", "new", "Printemps", "--ruleset", "manille-encheres")
    assert ran.code == 2 and "T-1" in ran.err and len(ran.err.strip().splitlines()) == 1
    assert not (home / "concours" / "Printemps.toml").exists()


def test_t1_l_hombre_runs_at_tables_of_three_in_individuel_only(run) -> None:
    assert run("concours", "new", "H", "--ruleset", "hombre").code == 2
    assert run("concours", "new", "H", "--ruleset", "hombre", "--format", "individuel").code == 0
    for name in ("Ana", "Bea", "Cid", "Dan", "Eva", "Fred", "Gil"):
        assert run("concours", "register", "--player", name).code == 0
    drawn = _drawn(run)
    assert [len(table["seats"]) for table in drawn["tables"]] == [3, 3] and len(drawn["bye"]) == 1


def test_t1_a_player_in_two_teams_and_a_team_registered_twice_are_refused(run, home: Path) -> None:
    _day(run, 2)
    before = _file(home)
    ran = run("concours", "register", "--player", "a1", "--player", "Zoé")
    assert ran.code == 2 and "T1" in ran.err and "one team at most" in ran.err
    ran = run("concours", "register", "--player", "B2", "--player", "A2")
    assert ran.code == 2 and "registered already" in ran.err
    assert _file(home) == before


def test_t3_a_draw_prints_tables_seats_games_and_the_wall_and_the_json_the_issue_says(run) -> None:
    _day(run, 4)
    ran = run("concours", "draw")
    assert ran.code == 0 and "Printemps-r1-t1" in ran.out and "Printemps-r1-t2" in ran.out and "By team:" in ran.out
    run("concours", "draw", "--undo")
    drawn = _drawn(run)
    assert set(drawn) == {"round", "seed", "tables", "bye"}
    assert set(drawn["tables"][0]) == {"table", "teams", "seats", "game"}
    seats = drawn["tables"][0]["seats"]
    team = drawn["tables"][0]["teams"][0]
    assert seats[0][1:] == seats[2][1:] and team == f"T{seats[0][1:]}"  # C-3: the sides alternate


def test_t3_a_draw_is_reproduced_from_the_concours_file_and_an_undone_draw_redraws_the_same_tables(run) -> None:
    from scorekeeper.service import concours as service

    _day(run, 9)
    first = _drawn(run)
    kept = files.read("Printemps")
    again = service.draw_round(kept, 1, [e.number for e in kept.entrants], {})
    assert [(t.sides, t.seats) for t in again.tables] == [(t.sides, t.seats) for t in kept.rounds[0].tables]
    assert run("concours", "draw", "--undo").code == 0
    assert _drawn(run) == first
    assert run("concours", "draw", "--undo").code == 0
    assert _drawn(run)["seed"] == first["seed"]
    run("concours", "draw", "--undo")
    assert run("concours", "draw", "--new-seed").code == 0
    assert files.read("Printemps").reseeded == [1]


def test_t4_an_odd_number_of_doublettes_draws_a_bye_who_scores_the_winners_average(run) -> None:
    _day(run, 5)
    drawn = _drawn(run)
    assert len(drawn["bye"]) == 1 and len(drawn["tables"]) == 2
    for table in drawn["tables"]:
        assert (
            run("concours", "result", "1", str(table["table"]), "--winner", table["teams"][0], "--points", "60-41").code
            == 0
        )
    standing = json.loads(run("concours", "standing", "--json").out)
    sat = next(row for row in standing["teams"] if row["team"] == drawn["bye"][0])
    assert (sat["won"], sat["points"], sat["difference"]) == (1, 60, 60)
    second = _drawn(run)
    assert second["bye"] != drawn["bye"]  # T-4: who sat out least sits out next


def test_t5_a_team_withdrawing_mid_day_forfeits_its_table_and_is_not_drawn_again(run) -> None:
    _day(run, 4)
    drawn = _drawn(run)
    leaving, staying = drawn["tables"][0]["teams"]
    ran = run("concours", "withdraw", leaving)
    assert ran.code == 0 and "forfeit" in ran.out
    other = drawn["tables"][1]
    assert (
        run("concours", "result", "1", str(other["table"]), "--winner", other["teams"][1], "--points", "30-68").code
        == 0
    )
    rows = {row["team"]: row for row in json.loads(run("concours", "standing", "--json").out)["teams"]}
    assert rows[leaving]["won"] == 0 and rows[leaving]["points"] == 0
    assert rows[staying]["won"] == 1 and rows[staying]["points"] == 68  # as for a bye: the winners' average
    second = _drawn(run)
    assert leaving not in [team for table in second["tables"] for team in table["teams"]]
    assert second["bye"] != [leaving]


def test_t5_a_late_team_enters_the_next_draw_with_nothing_before(run) -> None:
    _day(run, 4)
    drawn = _drawn(run)
    ran = run("concours", "register", "--player", "Late1", "--player", "Late2", "--team", "Late")
    assert ran.code == 0 and "round 2" in ran.out
    for table in drawn["tables"]:
        run("concours", "result", "1", str(table["table"]), "--winner", table["teams"][0], "--points", "68-0")
    rows = {row["team"]: row for row in json.loads(run("concours", "standing", "--json").out)["teams"]}
    assert rows["Late"]["won"] == 0 and rows["Late"]["played"] == 0 and rows["Late"]["byes"] == 0
    second = _drawn(run)
    assert "Late" in [team for table in second["tables"] for team in table["teams"]] + second["bye"]


def test_t6_a_second_different_result_is_refused_both_shown_until_replaced(run, home: Path) -> None:
    _day(run, 2)
    table = _drawn(run)["tables"][0]
    winner = table["teams"][0]
    assert run("concours", "result", "1", "1", "--winner", winner, "--points", "68-41").code == 0
    assert run("concours", "result", "1", "1", "--winner", winner, "--points", "68-41").code == 0  # the same: once
    before = _file(home)
    ran = run("concours", "result", "1", "1", "--winner", winner, "--points", "60-41")
    assert ran.code == 2 and "68-41" in ran.err and "60-41" in ran.err and "T-6" in ran.err
    assert _file(home) == before
    assert run("concours", "result", "1", "1", "--winner", winner, "--points", "60-41", "--replace").code == 0


@pytest.mark.parametrize(
    "args, said",
    [
        (("result", "1", "9", "--winner", "T1", "--points", "68-41"), "no table 9"),
        (("result", "3", "1", "--winner", "T1", "--points", "68-41"), "no round 3"),
        (("result", "1", "1", "--winner", "Nobody", "--points", "68-41"), "no team"),
        (("result", "1", "1", "--winner", "T1", "--points", "68"), "2 whole numbers"),
        (("result", "1", "1", "--points", "68-41"), "--winner"),
        (("draw",), "round 1 is not complete"),
    ],
)
def test_t6_bad_input_is_one_line_exit_2_nothing_written(run, home: Path, args: tuple[str, ...], said: str) -> None:
    _day(run, 2)
    _drawn(run)
    before = _file(home)
    ran = run("concours", *args)
    assert ran.code == 2 and said in ran.err and len(ran.err.strip().splitlines()) == 1
    assert _file(home) == before


def test_t6_a_result_for_the_wrong_teams_is_refused(run) -> None:
    _day(run, 4)
    drawn = _drawn(run)
    stranger = drawn["tables"][1]["teams"][0]
    ran = run("concours", "result", "1", "1", "--winner", stranger, "--points", "68-41")
    assert ran.code == 2 and "does not play table 1" in ran.err


def test_t2_a_table_played_in_scorekeeper_gives_its_result_and_t7_freezes_it_once_drawn(run, home: Path) -> None:
    _day(run, 4, "--rounds", "2", coups="1")
    drawn = _drawn(run)
    games = [table["game"] for table in drawn["tables"]]
    assert not any((home / "games" / f"{game}.toml").exists() for game in games)  # not written at the draw
    first = drawn["tables"][0]
    ran = run("coup", "--game", games[0], "-r", "7h", "--points", f"{first['seats'][0]}=50")
    assert ran.code == 0, ran.err
    status = json.loads(run("concours", "status", "--json").out)
    assert status["finished"] == [1] and status["waiting"] == [2]
    ran = run("concours", "result", "1", "1", "--winner", first["teams"][1], "--points", "0-16")
    assert ran.code == 2 and "says" in ran.err  # a result that contradicts the table's game
    run("coup", "--game", games[1], "-r", "7h", "--points", f"{drawn['tables'][1]['seats'][0]}=30")
    rows = json.loads(run("concours", "standing", "--json").out)["teams"]
    assert rows[0]["team"] == first["teams"][0] and rows[0]["points"] == 16
    assert run("concours", "draw").code == 0
    ran = run("undo", "--game", games[0])
    assert ran.code == 2 and "T-7" in ran.err
    assert run("concours", "draw", "--undo").code == 0
    assert run("undo", "--game", games[0]).code == 0  # the draw that used it undone: open again


def test_t7_the_standing_ranks_won_then_points_then_difference_and_shares_places(run) -> None:
    _day(run, 4)
    drawn = _drawn(run)
    one, two = drawn["tables"]
    run("concours", "result", "1", "1", "--winner", one["teams"][0], "--points", "68-41")
    run("concours", "result", "1", "2", "--winner", two["teams"][0], "--points", "68-41")
    standing = json.loads(run("concours", "standing", "--json").out)
    assert standing["round"] == 1
    assert [row["place"] for row in standing["teams"]] == [1, 1, 3, 3]
    assert {"place", "team", "players", "won", "points", "difference"} <= set(standing["teams"][0])


def test_the_french_and_the_verbs_in_french(run) -> None:
    _day(run, 2)
    ran = run("--lang", "fr", "concours", "tirage")
    assert ran.code == 0 and "Tour 1" in ran.out and "Par équipe" in ran.out
    first = files.read("Printemps").rounds[0].tables[0].sides[0][0]
    ran = run("--lang", "fr", "concours", "résultat", "1", "1", "--winner", str(first), "--points", "68-41")
    assert ran.code == 0
    assert "Classement de Printemps" in run("--lang", "fr", "concours", "classement").out
    assert "tour 1 sur 4" in run("--lang", "fr", "concours", "etat").out
    ran = run("--lang", "fr", "concours", "inscrire", "--player", "A1", "--player", "Z")
    assert ran.code == 2 and "une équipe au plus" in ran.err


def test_list_use_delete_and_the_current_concours(run, home: Path) -> None:
    _day(run, 2)
    assert run("concours", "new", "Automne", "--ruleset", "manillen").code == 0
    assert "* Automne" in run("concours", "list").out
    assert run("concours", "use", "printemps").code == 0
    assert "* Printemps" in run("concours", "list").out
    assert run("concours", "status", "--concours", "Automne").code == 0
    assert run("concours", "delete", "Automne").code == 0
    assert json.loads(run("concours", "list", "--json").out) == [{"name": "Printemps", "current": True}]
    assert run("concours", "status", "--concours", "Automne").code == 2


def test_each_table_has_a_secret_in_a_file_only_its_owner_reads(run, home: Path) -> None:
    from scorekeeper.service import concours as service

    _day(run, 4)
    _drawn(run)
    assert stat.S_IMODE(os.stat(home / "concours" / "Printemps.toml").st_mode) == 0o600
    secrets = [table.secret for table in service.tables(None)]
    assert len(set(secrets)) == 2 and all(len(secret) >= 16 for secret in secrets)


def _scorekeeper(home: Path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": "en"}
    return subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def test_results_from_several_processes_at_once_lose_nothing(run, home: Path) -> None:
    _day(run, 16)
    drawn = _drawn(run)
    running = [
        _scorekeeper(home, "concours", "result", "1", str(t["table"]), "--winner", t["teams"][0], "--points", "68-41")
        for t in drawn["tables"]
    ]
    assert [process.wait(60) for process in running] == [0] * 8
    assert all(table.result is not None for table in files.read("Printemps").rounds[0].tables)


def test_the_draw_refuses_while_a_result_is_being_written(run, home: Path) -> None:
    _day(run, 4)
    drawn = _drawn(run)
    for table in drawn["tables"]:
        run("concours", "result", "1", str(table["table"]), "--winner", table["teams"][0], "--points", "68-41")
    with files.locked("Printemps"):  # another scorer, writing a result
        process = _scorekeeper(home, "concours", "draw")
        out, err = process.communicate(timeout=60)
    assert process.returncode == 2 and "busy" in err and len(files.read("Printemps").rounds) == 1


def test_a_game_stored_under_a_table_s_name_before_the_draw_is_never_taken_for_its_partie(run, home: Path) -> None:
    _day(run, 2)
    assert (
        run("new", "manille-muette", "-p", "W", "-p", "X", "-p", "Y", "-p", "Z", "--game", "Printemps-r1-t1").code == 0
    )
    ran = run("concours", "draw")
    assert ran.code == 2 and "Printemps-r1-t1 exists" in ran.err and files.read("Printemps").rounds == []
