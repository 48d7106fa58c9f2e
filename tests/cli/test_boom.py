"""Manillen to a boom of 101 (`manillen-101`, issue 39): the Flemish café's usual game is one ruleset, a
points target (M-9), with no quota of sans-atout (M-10's belongs to a partie of 20 deals), and it ends
saying so in the table's words."""

from __future__ import annotations

import json

import pytest

PLAYERS = ("-p", "Jef", "-p", "Mieke", "-p", "Staf", "-p", "Fien")
# M-4: the side above 30 scores the excess, times M-6's multipliers: 20 + 30 + (55 - 30) x2 = 100, then 1 more.
SPELLEN = (["harten", "jef", "50"], ["schoppen", "mieke", "45"], ["klaveren", "staf", "60"],
           ["ruiten", "fien", "40"], ["zt", "jef", "55"], ["harten", "staf", "31"])  # fmt: skip


@pytest.fixture
def boom(run):
    assert run("--lang", "nl", "new", "manillen-101", *PLAYERS).code == 0

    def said(*words: str):
        return run("--lang", "nl", "coup", *words)

    return said


def test_m9_the_boom_is_a_target_of_101_and_the_first_team_to_it_wins_it(boom, run) -> None:
    for spel in SPELLEN[:-1]:
        assert boom(*spel).code == 0
    sheet = json.loads(run("sheet", "--json").out)
    assert [side["score"] for side in sheet["sides"]] == [100, 25] and not sheet["over"]
    assert "boom tot 101: Jef en Staf 100, Mieke en Fien 25" in run("--lang", "nl", "sheet").out
    last = boom(*SPELLEN[-1])
    assert last.code == 0
    assert "boom gewonnen door Jef en Staf (101 punten gehaald)" in last.out
    sheet = json.loads(run("sheet", "--json").out)
    assert sheet["over"] and sheet["winner"] == ["Jef", "Staf"] and [s["score"] for s in sheet["sides"]] == [101, 25]


def test_m10_a_boom_owes_no_sans_atout_and_the_dealer_may_still_pass_to_his_partner(boom, run) -> None:
    ran = boom("harten", "jef", "past", "staf", "40")  # Jef deals and passes: Staf, his maat, chooses (M-10)
    assert ran.code == 0 and "Jef geeft de troefkeuze door aan Staf (M-10)" in ran.out
    assert "zonder troef nog te kiezen" not in ran.out
    assert boom("harten", "staf", "past", "jef", "40").code == 2  # Mieke deals the second spel


def test_m9_the_boom_s_target_is_a_house_rule_a_half_boom_of_61(run) -> None:
    assert run("new", "manillen-101", *PLAYERS, "--option", "manche=61").code == 0
    for spel in (["harten", "jef", "60"], ["harten", "mieke", "0"]):  # 30, then 30 more for Jef and Staf
        assert run("coup", *spel).code == 0
    assert run("--lang", "fr", "coup", "cœur", "César", "31").code == 2  # no César at this table
    ran = run("--lang", "fr", "coup", "cœur", "Staf", "31")
    assert "partie gagnée par Jef et Staf (61 points atteints)" in ran.out
