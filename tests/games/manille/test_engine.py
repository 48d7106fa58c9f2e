"""Manille scoring, with the figures of the seed texts (RULES M-1 to M-5, M-8, M-9)."""

import pytest

from scorekeeper import games
from scorekeeper.errors import UserError
from scorekeeper.games import manille
from scorekeeper.games.manille import demo
from scorekeeper.i18n import as_json, render
from tests.games import add_coup

PLAYERS = ("César", "Panisse", "Escartefigue", "Brun")  # César & Escartefigue against Panisse & Brun
CE, PB = 0, 1


def muette(**options):
    return games.load("manille-muette").with_options(options)


def play(coups, ruleset=None, dealer="César"):
    return manille.replay(ruleset or muette(), PLAYERS, dealer, coups)


def said(result):
    """A coup's log in the words a player reads (`--explain`)."""
    return [render(line) for line in result.log]


def test_m4_seed_example_10_against_54_scores_20_for_the_54():
    fiche = play([{"retourne": "7c", "points": {"Panisse": 54}}])
    assert fiche.coups[0].made == (14, 54)
    assert fiche.scores == (0, 20)


def test_m4_the_losing_side_scores_nothing():
    fiche = play([{"retourne": "8c", "points": {"César": 30}}])
    assert fiche.coups[0].scored == (0, 4)


def test_m4_34_34_is_a_coup_nul_nobody_scores():
    fiche = play([{"retourne": "9c", "points": {"Brun": 34}}])
    assert fiche.scores == (0, 0)
    assert "34-34: nobody scores (M-4)" in said(fiche.coups[0])
    assert fiche.multiplier_next == 1  # muette: a tie doubles nothing


def test_m4_house_rule_tie_doubles_next_and_two_ties_double_twice():
    ruleset = muette(**{"scoring.tie_doubles_next": True})
    fiche = play(
        [
            {"retourne": "9c", "points": {"Brun": 34}},
            {"retourne": "9d", "points": {"César": 34}},
            {"retourne": "9h", "points": {"César": 40}},
        ],
        ruleset,
    )
    assert [c.multiplier for c in fiche.coups] == [1, 2, 4]
    assert fiche.scores == ((40 - 34) * 4, 0)
    assert fiche.multiplier_next == 1


def test_m5_retourne_scores_for_the_dealers_side_before_the_coup():
    # César deals the first coup, Panisse the second: the retourne goes to the dealer's side.
    fiche = play([{"retourne": "10h", "points": {"César": 40}}, {"retourne": "Kc", "points": {"Panisse": 34}}])
    assert fiche.coups[0].scored == (5 + 6, 0)
    assert fiche.coups[1].scored == (0, 3)
    assert said(fiche.coups[0])[2] == "retourne 10♥: +5 to César & Escartefigue (M-5)"


def test_m5_retourne_counted_twice_by_the_dealer_and_in_the_tricks():
    # The 10♥ turned by César is +5 to his side; Panisse & Brun then take it in their tricks: 54 of 68.
    fiche = play([{"retourne": "10h", "points": {"Panisse": 54}}])
    assert fiche.coups[0].scored == (5, 20)


def test_m5_retourne_can_end_the_manche_before_play():
    coups = [
        {"retourne": "7s", "points": {"César": 64}},
        {"retourne": "7d", "points": {"César": 34}},
        {"retourne": "Ah"},
    ]
    fiche = play(coups)
    assert fiche.coups[0].scores == (30, 0)
    last = fiche.coups[2]
    assert not last.played and last.leader is None
    assert last.scored == (4, 0) and last.scores == (34, 0)
    assert last.manche_won_by == CE
    assert fiche.manches == (1, 0) and fiche.scores == (0, 0) and fiche.manche == 2
    assert fiche.next_dealer == "Brun"


def test_m5_points_for_a_coup_the_retourne_ended_are_refused_at_entry():
    coups = [{"retourne": "7s", "points": {"César": 64}}, {"retourne": "7d", "points": {"César": 34}}]
    with pytest.raises(UserError, match=r"the retourne A♥ ends the manche, so the coup is not played \(M-5\)"):
        add_coup(muette(), PLAYERS, "César", coups, {"retourne": "Ah", "points": {"César": 40}})


def test_m5_a_retourne_that_does_not_end_the_manche_needs_the_coup():
    with pytest.raises(UserError, match="coup 1: give the points"):
        play([{"retourne": "Ah"}])


def test_m5_retourne_is_required_when_it_sets_trump():
    with pytest.raises(UserError, match="--retourne"):
        play([{"points": {"César": 40}}])


def test_m8_renonce_cancels_the_coup_and_the_offended_side_scores_34_retourne_stands():
    fiche = play([{"retourne": "7s", "points": {"Panisse": 48}}, {"retourne": "10c", "renonce": "César"}])
    # Panisse dealt coup 2: retourne +5 to Panisse & Brun, then César's renonce: +34 to them too.
    assert fiche.coups[1].scored == (0, 5 + 34)
    assert fiche.coups[1].made is None
    assert "renonce by César: coup cancelled, +34 to Panisse & Brun (M-8)" in said(fiche.coups[1])


def test_m8_house_rule_max_penalty_is_the_most_the_coup_could_score():
    fiche = play([{"retourne": "7s", "renonce": "Brun"}], muette(**{"scoring.renonce_penalty": "max"}))
    assert fiche.coups[0].scored == (68 - 34, 0)


@pytest.mark.parametrize("points", [-1, 69, 200])
def test_m3_points_outside_0_to_68_are_refused(points):
    with pytest.raises(UserError, match=rf"{points} points is impossible: a side makes 0 to 68 points"):
        play([{"retourne": "7s", "points": {"César": points}}])


def test_m3_points_and_renonce_together_are_refused():
    with pytest.raises(UserError, match="only one of them"):
        play([{"retourne": "7s", "points": {"César": 40}, "renonce": "Brun"}])


def test_unknown_player_is_refused_with_the_players_listed():
    with pytest.raises(UserError, match="unknown player 'Marius': the players are César, Panisse, Escartefigue, Brun"):
        play([{"retourne": "7s", "points": {"Marius": 40}}])


def test_player_names_match_without_case_or_accents():
    fiche = play([{"retourne": "7s", "points": {"cesar": 40}}])
    assert fiche.coups[0].coup.points == (("César", 40),)


def test_c3_deal_passes_in_seating_order_and_the_next_player_leads():
    fiche = play([{"retourne": "7s", "points": {"César": 40}}] * 5)
    assert [c.dealer for c in fiche.coups] == ["César", "Panisse", "Escartefigue", "Brun", "César"]
    assert [c.leader for c in fiche.coups] == ["Panisse", "Escartefigue", "Brun", "César", "Panisse"]
    assert (fiche.next_dealer, fiche.next_leader) == ("Panisse", "Escartefigue")


def test_c3_another_first_dealer():
    fiche = play([{"retourne": "7s", "points": {"César": 40}}], dealer="Brun")
    assert fiche.coups[0].dealer == "Brun" and fiche.next_dealer == "César"


def test_m9_manche_of_34_then_scores_restart_at_zero():
    fiche = play(
        [
            {"retourne": "7s", "points": {"César": 60}},
            {"retourne": "7d", "points": {"César": 42}},
            {"retourne": "7h", "points": {"Panisse": 40}},
        ]
    )
    assert fiche.coups[1].scores == (34, 0) and fiche.coups[1].manche_won_by == CE
    assert fiche.coups[2].manche == 2
    assert fiche.scores == (0, 6) and fiche.manches == (1, 0)


def test_m9_partie_liee_two_manches_to_nothing_needs_no_belle():
    coups = [{"retourne": "7s", "points": {"César": 68}}, {"retourne": "7d", "points": {"César": 68}}]
    fiche = play(coups)
    assert fiche.winner == CE and fiche.manches == (2, 0)
    assert fiche.as_dict()["winner"] == ["César", "Escartefigue"]


def test_m9_one_manche_each_plays_a_belle_of_44():
    coups = [{"retourne": "7s", "points": {"César": 68}}, {"retourne": "7d", "points": {"Panisse": 68}}]
    fiche = play(coups)
    assert fiche.winner is None and fiche.manche == 3 and fiche.target == 44
    assert "one manche each: the belle is played to 44 (M-9)" in said(fiche.coups[1])
    fiche = play([*coups, {"retourne": "7h", "points": {"César": 68}}])
    assert fiche.winner is None and fiche.scores == (34, 0)  # 34 is not enough in the belle
    fiche = play([*coups, {"retourne": "7h", "points": {"César": 68}}, {"retourne": "7c", "points": {"César": 44}}])
    assert fiche.winner == CE and fiche.manches == (2, 1)


def test_m9_partie_seche_is_one_manche_of_34_or_44():
    coups = [{"retourne": "7s", "points": {"Panisse": 68}}]
    assert play(coups, muette(partie="seche")).winner == PB
    fiche = play(coups, muette(partie="seche", manche=44))
    assert fiche.winner is None and fiche.target == 44


def test_m9_no_coup_after_the_partie_is_over():
    won = [{"retourne": "7s", "points": {"César": 68}}] * 2
    with pytest.raises(UserError, match="the partie is over: César & Escartefigue won"):
        add_coup(muette(), PLAYERS, "César", won, {"retourne": "7h", "points": {"César": 40}})
    with pytest.raises(UserError, match="coup 3: the partie was already won"):
        play([*won, {"retourne": "7h", "points": {"César": 40}}])


def test_demo_partie_goes_to_the_belle_and_cesar_wins_it():
    fiche = manille.replay(games.load(demo.RULESET), demo.PLAYERS, demo.PLAYERS[0], demo.COUPS)
    assert [c.scores for c in fiche.coups] == [
        (11, 0),
        (11, 14),
        (14, 14),
        (30, 14),
        (34, 14),  # manche 1, ended by the retourne A♥
        (0, 19),
        (0, 53),  # manche 2, ended by Escartefigue's renonce
        (10, 2),
        (41, 2),
        (45, 2),  # the belle of 44
    ]
    assert fiche.winner == CE and fiche.manches == (2, 1)


def test_json_form_has_the_contract_keys():
    data = as_json(play([{"retourne": "10h", "points": {"César": 40}}]).as_dict())
    assert data["sides"] == [
        {"players": ["César", "Escartefigue"], "score": 11, "manches": 0},
        {"players": ["Panisse", "Brun"], "score": 0, "manches": 0},
    ]
    assert data["winner"] is None and data["next_dealer"] == "Panisse"
    assert data["coups"][0]["declared"] == {"retourne": "10H", "points": {"César": 40}}
    assert "retourne 10H: +5 to César & Escartefigue (M-5)" in [line["text"] for line in data["coups"][0]["log"]]
