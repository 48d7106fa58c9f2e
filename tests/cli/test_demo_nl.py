"""`scorekeeper --lang nl demo`: the Flemish café's manillen (M-9, M-10), not Marius's muette, with its
figures checked by hand against the rule book: each spel's excess over 30 (M-4) times M-6's multipliers."""

from __future__ import annotations

import json

import pytest

from scorekeeper import games

# Each spel by hand (M-2: 60 points a spel, M-4: the side above 30 scores the excess, times M-6):
# 1 ♥ Jef 40: +10 · 2 ZT Mieke 38: 8 x2 = +16 · 3 ♣ (Jef, maat of Staf) klop: 12 x2 = +24 ·
# 4 ♠ klop, tegenklop, Fien 45: 15 x4 = +60 · 5 30-30: nobody, the next x2 (M-4) · 6 Mieke 36: 6 x2 = +12 ·
# 7 ZT Staf 44: 14 x2 = +28 · 8 Staf verzaakt: 30 x1 to Mieke and Fien (M-8) · 9 Jef 34: +4 ·
# 10 klop, Fien 28 (32 for Jef and Staf): 2 x2 = +4 · 11 Staf 50: +20 · 12 ZT Fien 41: 11 x2 = +22 ·
# 13 ZT (Staf, maat of Jef) Jef 33: 3 x2 = +6 · 14 ♠ (Fien, maat of Mieke) Mieke 47: +17 ·
# 15 klop, tegenklop, Staf 39: 9 x4 = +36 · 16 30-30 · 17 klop after the tie, Jef 26: 4 x2 x2 = +16 ·
# 18 Jef 37: +7 · 19 Staf 45: +15 · 20 klop, Mieke 52: 22 x2 = +44.
JEF_STAF = [10, 0, 24, 0, 0, 0, 28, 0, 4, 4, 20, 0, 6, 0, 36, 0, 0, 7, 15, 0]
MIEKE_FIEN = [0, 16, 0, 60, 0, 12, 0, 30, 0, 0, 0, 22, 0, 17, 0, 0, 16, 0, 0, 44]


@pytest.fixture
def partie(run) -> dict:
    ran = run("--lang", "nl", "demo", "--json")
    assert ran.code == 0
    return json.loads(ran.out)


def test_m9_the_dutch_demo_is_a_belgian_manillen_of_20_spellen_won_by_mieke_and_fien_217_to_154(partie) -> None:
    assert partie["ruleset"] == "manillen" and partie["players"] == ["Jef", "Mieke", "Staf", "Fien"]
    assert [side["score"] for side in partie["sides"]] == [154, 217] == [sum(JEF_STAF), sum(MIEKE_FIEN)]
    assert partie["over"] and partie["winner"] == ["Mieke", "Fien"]
    assert (partie["deals_played"], partie["deals_left"]) == (20, 0)


def test_m4_m6_m8_each_spel_scores_its_excess_over_30_times_its_multipliers(partie) -> None:
    assert [coup["scored"] for coup in partie["coups"]] == [
        list(pair) for pair in zip(JEF_STAF, MIEKE_FIEN, strict=False)
    ]
    multipliers = [coup["multiplier"] for coup in partie["coups"]]
    assert multipliers[1] == 2  # zonder troef (M-6)
    assert multipliers[3] == 4 and multipliers[14] == 4  # kloppen and tegenkloppen (M-6)
    assert multipliers[5] == 2 and multipliers[16] == 4  # after a 30-30 (M-4); with a klop (M-6)
    assert partie["coups"][7]["scored"] == [0, 30]  # Staf verzaakt: the most the spel could score (M-8)


def test_m10_the_dealer_or_his_maat_chooses_each_team_ten_times_and_twice_zonder_troef(partie) -> None:
    chooser = [coup["chooser"] for coup in partie["coups"]]
    dealer = [coup["dealer"] for coup in partie["coups"]]
    assert dealer == ["Jef", "Mieke", "Staf", "Fien"] * 5  # the player left of the dealer deals next (M-10)
    assert chooser[2] == "Jef" and chooser[7] == "Mieke"  # passed to the maat
    teams = (("Jef", "Staf"), ("Mieke", "Fien"))
    assert [sum(who in team for who in chooser) for team in teams] == [10, 10]
    sans_atout = [coup["chooser"] for coup in partie["coups"] if coup["trump"] == "SA"]
    assert [sum(who in team for who in sans_atout) for team in teams] == [2, 2]
    assert [choices["sans_atout_needed"] for choices in partie["choices"]] == [0, 0]


def test_the_dutch_demo_is_shown_in_dutch_and_kept_as_the_game_demo(run, home) -> None:
    ran = run("--lang", "nl", "demo")
    assert ran.code == 0 and "Manillen (Belgisch)" in ran.out and "Jef en Staf" in ran.out
    assert "partij gewonnen door Mieke en Fien" in ran.out and "César" not in ran.out
    assert (home / "games" / "demo.toml").exists()
    assert run("sheet", "--game", "demo", "--json").code == 0


def test_french_and_english_keep_marius_partie(run) -> None:
    assert "César" in run("--lang", "fr", "demo").out
    assert games.demo("en").PLAYERS == games.demo().PLAYERS == ("César", "Panisse", "Escartefigue", "Brun")
