"""A concours result from paper held to the game's own partie (issue 40, RULES T-8): the winner the
partie names, manches and points it can reach, a level partie as a draw, and at l'hombre each player's
settled jetons, summing to zero."""

from __future__ import annotations

import json

import pytest


def _day(run, ruleset: str, *more: str, teams: int = 2, format_: str = "doublettes") -> dict:
    assert run("concours", "new", "Printemps", "--ruleset", ruleset, "--format", format_, *more).code == 0
    if format_ == "individuel":
        for name in ("Ana", "Bea", "Cid"):
            assert run("concours", "register", "--player", name).code == 0
    else:
        for at in range(1, teams + 1):
            assert run("concours", "register", "--player", f"A{at}", "--player", f"B{at}", "--team", f"T{at}").code == 0
    drawn = run("concours", "draw", "--json")
    assert drawn.code == 0, drawn.err
    return json.loads(drawn.out)["tables"][0]


def _result(run, table: dict, *said: str):
    return run("concours", "result", "1", str(table["table"]), *said)


def _standing(run) -> list[dict]:
    return json.loads(run("concours", "standing", "--json").out)["teams"]


def test_t8_muette_a_side_wins_on_manches_with_fewer_points(run) -> None:
    """M-9: manches of 34 and a belle of 44. 2-1: the winner made at least 34 + 44 = 78, the loser at
    least 34 (its manche) and at most 33 + 34 (+5 for a retourne) + 33 + 43 = 148: 78-100 is a partie."""
    table = _day(run, "manille-muette")
    winner, loser = table["teams"]
    ran = _result(run, table, "--winner", winner, "--points", "78-100", "--manches", "2-1")
    assert ran.code == 0, ran.err
    rows = {row["team"]: row for row in _standing(run)}
    assert (rows[winner]["won"], rows[winner]["points"], rows[loser]["won"], rows[loser]["points"]) == (1, 78, 0, 100)


@pytest.mark.parametrize(
    ("manches", "points", "said"),
    [
        ("0-2", "78-100", "--manches 0-2: the winner of this partie has won 2 manches, the other side fewer"),
        ("9-9", "78-100", "--manches 9-9: the winner"),
        ("3-0", "100-2", "--manches 3-0: the winner"),
        ("2-0", "900-85", "900 points with 2 manches won: this partie allows 68 to 144"),
        ("2-0", "60-10", "60 points with 2 manches won: this partie allows 68 to 144"),
        ("2-1", "78-20", "20 points with 1 manche won: this partie allows 34 to 148"),
    ],
)
def test_t8_muette_refuses_what_its_partie_cannot_make_and_writes_nothing(run, home, manches, points, said) -> None:
    table = _day(run, "manille-muette")
    before = (home / "concours" / "Printemps.toml").read_bytes()
    ran = _result(run, table, "--winner", table["teams"][0], "--points", points, "--manches", manches)
    assert ran.code == 2 and said in ran.err and "T-8" in ran.err and len(ran.err.splitlines()) == 1, ran.err
    assert (home / "concours" / "Printemps.toml").read_bytes() == before


def test_t8_a_partie_in_manches_is_entered_with_its_manches(run) -> None:
    table = _day(run, "manille-muette")
    ran = _result(run, table, "--winner", table["teams"][0], "--points", "78-41")
    assert ran.code == 2 and "--manches" in ran.err


def test_t2_t8_a_level_partie_over_deals_is_a_draw_half_a_partie_each(run) -> None:
    """Manillen over 20 deals (M-9): the highest total wins; level, it is a draw (T-2)."""
    table = _day(run, "manillen")
    one, two = table["teams"]
    ran = _result(run, table, "--winner", one, "--points", "120-120")
    assert ran.code == 2 and "--draw" in ran.err
    assert _result(run, table, "--draw", "--points", "120-118").code == 2  # a draw is level
    assert _result(run, table, "--draw", "--winner", one, "--points", "120-120").code == 2
    assert _result(run, table, "--winner", one, "--points", "100-120").code == 2  # the winner has more
    assert _result(run, table, "--winner", one, "--points", "120-100", "--manches", "1-0").code == 2  # no manches here
    assert _result(run, table, "--draw", "--points", "120-120").code == 0
    rows = {row["team"]: row for row in _standing(run)}
    assert rows[one]["won"] == rows[two]["won"] == 0.5 and rows[one]["points"] == 120


def test_t8_a_partie_to_a_target_cannot_end_level(run) -> None:
    table = _day(run, "manille-whisthub")
    ran = _result(run, table, "--draw", "--points", "60-60")
    assert ran.code == 2 and "cannot end level" in ran.err
    assert _result(run, table, "--winner", table["teams"][0], "--points", "101-80").code == 0  # one manche: 1-0


def test_t8_at_l_hombre_a_table_gives_each_player_s_jetons_summing_to_zero(run) -> None:
    """H-19: what one pays the others receive; a loss is negative."""
    table = _day(run, "hombre", format_="individuel")
    ran = _result(run, table, "--points", "12,-5,-6")
    assert ran.code == 2 and "sum to 1" in ran.err
    ran = _result(run, table, "--points", "12,-5,-7")
    assert ran.code == 0, ran.err
    assert "12, -5, -7" in ran.out
    jetons = {row["team"]: row["jetons"] for row in _standing(run)}
    assert sorted(jetons.values()) == [-7, -5, 12]


def test_t8_the_french_table_says_why(run) -> None:
    table = _day(run, "manille-muette")
    ran = run("--lang", "fr", "concours", "résultat", "1", str(table["table"]), "--winner", table["teams"][0],
              "--points", "900-85", "--manches", "2-0")  # fmt: skip
    assert ran.code == 2 and "900 points en gagnant 2 manches : cette partie en permet de 68 à 144" in ran.err


def test_t8_h19_a_stopped_hombre_table_counts_what_the_table_pays_not_its_running_balances(run) -> None:
    """A codille (H-11) and the partie stopped by agreement: the standing takes `settle --early`'s jetons
    (-27, 27, 0 here), never the running balances (-9, 18, -9)."""
    table = _day(run, "hombre", format_="individuel")
    hombre, other, third = table["seats"]
    said = run("coup", "--game", table["game"], hombre.lower(), "demande", "3", "4", "2", "harten")
    assert said.code == 0, said.err
    assert run("stop", "--game", table["game"], "--reason", "the café closes").code == 0
    paid = json.loads(run("settle", "--game", table["game"], "--early", "--json").out)["results"]
    jetons = {row["team"]: row["jetons"] for row in _standing(run)}
    assert jetons == {row["name"]: row["result"] for row in paid} == {hombre: -27, other: 27, third: 0}
