"""The organiser's mistakes undone (issue 40, RULES T-9): a withdrawal taken back before the next draw, a
late team entering the round drawn again, a player replaced at his drawn table, a duo named as the draw
printed it; no team named by a bare number; nothing registered or withdrawn after the last round."""

from __future__ import annotations

from scorekeeper.concours import files
from tests.cli.test_concours import _day, _drawn
from tests.cli.test_concours_paper import _results


def test_t9_a_withdrawal_says_whom_and_is_taken_back_before_the_next_draw(run) -> None:
    _day(run, 4, "--rounds", "3")
    drawn = _drawn(run)
    ran = run("concours", "withdraw", "2")
    assert ran.code == 0 and "Team 2, T2 (A2 and B2), withdraws" in ran.out
    table = next(t for t in drawn["tables"] if "T2" in t["teams"])
    assert files.read("Printemps").rounds[0].table(table["table"]).forfeit == (2,)
    back = run("concours", "withdraw", "T2", "--undo")
    assert back.code == 0 and "is back" in back.out
    kept = files.read("Printemps")
    assert kept.entrant(2).withdrawn is None and kept.rounds[0].table(table["table"]).forfeit == ()
    assert run("concours", "withdraw", "T2", "--undo").code == 2  # not withdrawn
    assert run("concours", "withdraw", "T2").code == 0
    _results(run, {"round": 1, "tables": [t for t in drawn["tables"] if "T2" not in t["teams"]]}, "40-10")
    assert run("concours", "draw").code == 0
    late = run("concours", "withdraw", "T2", "--undo")
    assert late.code == 2 and "drawn since" in late.err


def test_t9_a_team_is_never_named_by_a_bare_number(run) -> None:
    _day(run, 0, "--rounds", "3")
    ran = run("concours", "register", "--player", "Ann", "--player", "Bob", "--team", "5")
    assert ran.code == 2 and "never a bare number" in ran.err
    assert run("concours", "register", "--player", "Ann", "--player", "Bob", "--team", "Les 5").code == 0


def test_t9_a_team_registered_while_a_round_is_drawn_enters_it_when_drawn_again(run) -> None:
    _day(run, 3, "--rounds", "3")
    _drawn(run)  # three teams: one sits out
    ran = run("concours", "register", "--player", "A4", "--player", "B4", "--team", "T4")
    assert ran.code == 0 and "round 2" in ran.out  # late: the next draw
    assert run("concours", "draw", "--undo").code == 0
    again = _drawn(run)
    assert again["round"] == 1 and not again["bye"]
    assert sorted(team for table in again["tables"] for team in table["teams"]) == ["T1", "T2", "T3", "T4"]


def test_t9_a_player_replaced_is_replaced_at_his_drawn_table(run) -> None:
    _day(run, 4, "--rounds", "3")
    drawn = _drawn(run)
    table = next(t for t in drawn["tables"] if "T1" in t["teams"])
    ran = run("concours", "register", "--player", "A1", "--player", "Zoé", "--replace", "T1")
    assert ran.code == 0, ran.err
    seats = files.read("Printemps").rounds[0].table(table["table"]).seats
    assert "Zoé" in seats and "B1" not in seats
    assert run("coup", "--game", table["game"], "-r", "7h", "--points", "Zoé=40").code == 0
    refused = run("concours", "register", "--player", "A1", "--player", "Yves", "--replace", "T1")
    assert refused.code == 2 and "has begun" in refused.err


def test_t9_an_individuel_duo_is_named_as_the_draw_printed_it(run) -> None:
    assert (
        run("concours", "new", "Solo", "--ruleset", "manille-muette", "--format", "individuel", "--coups", "2").code
        == 0
    )
    for name in ("Bart", "Koen", "Lien", "Mats"):
        assert run("concours", "register", "--player", name).code == 0
    table = _drawn(run)["tables"][0]
    duo = table["teams"][0]  # « Bart & Koen », as the draw printed it
    first, second = duo.split(" & ")
    ran = run("concours", "result", "1", "1", "--winner", f"{second} & {first}", "--points", "40-10")
    assert ran.code == 0, ran.err


def test_t9_nothing_registered_or_withdrawn_after_the_last_round_and_withdrawn_teams_stay_marked(run) -> None:
    _day(run, 4, "--rounds", "1")
    drawn = _drawn(run)
    ran = run("concours", "register", "--player", "A9", "--player", "B9")
    assert ran.code == 2 and "the last of 1 round is drawn" in ran.err
    _results(run, drawn, "40-10")
    loser = drawn["tables"][0]["teams"][1]
    ran = run("concours", "withdraw", loser)
    assert ran.code == 2 and "is played" in ran.err


def test_t9_a_withdrawn_team_is_marked_in_the_standing(run) -> None:
    _day(run, 5, "--rounds", "3")
    drawn = _drawn(run)
    _results(run, drawn, "40-10")
    gone = drawn["tables"][0]["teams"][1]
    assert run("concours", "withdraw", gone).code == 0
    shown = run("concours", "standing").out
    assert [line for line in shown.splitlines() if f" {gone}:" in line][0].endswith("(withdrawn)")


def test_t9_a_result_corrected_after_the_next_draw_says_so_and_shows_the_standing(run) -> None:
    _day(run, 4, "--rounds", "3")
    drawn = _drawn(run)
    _results(run, drawn, "40-10")
    assert run("concours", "draw").code == 0
    table = drawn["tables"][0]
    ran = run(
        "concours", "result", "1", str(table["table"]), "--winner", table["teams"][1], "--points", "10-40", "--replace"
    )
    assert ran.code == 0, ran.err
    assert "Round 1 corrected after round 2 was drawn" in ran.out and "Standing" in ran.out
