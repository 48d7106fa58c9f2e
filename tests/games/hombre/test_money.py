"""The money of l'hombre: every row of H-13 with its payments written out, the poule marks (H-16),
bêtes in play (H-17), enjeu and bêtes (H-14), matadors (H-15), caves (H-12), the end (H-19)."""

from fractions import Fraction

import pytest

from scorekeeper.errors import UserError
from scorekeeper.games.hombre import HombreRules, Outcome, replay
from scorekeeper.games.hombre.replay import advance, check_open, start_with
from scorekeeper.i18n import render

PLAYERS = ("A", "B", "C")
PASS = {"pass": True}
RULES = HombreRules(system="3-2", payments="double")  # fresh poule 27, 9 a share; 12 sans prendre, 2 a matador


def coup(hombre, contract, a, b, c, **extra):
    return {"hombre": hombre, "contract": contract, "tricks": {"A": a, "B": b, "C": c}, **extra}


def play(coups, rules=RULES):
    return replay(rules, PLAYERS, "C", coups)


def last(coups, rules=RULES):
    return play(coups, rules).coups[-1]


def paid(result):
    return [(p.payer, p.payee, p.jetons) for p in result.payments]


def told(lines):
    """The lines of a log (records) as the table reads them."""
    return [render(line) for line in lines]


# Two bêtes set up for the rows that sweep them: B's 27 in play, C's 72 waiting; poule 7 marks = 63, enjeu 90.
TWO_BETES = [coup("B", "demande", 3, 3, 3), coup("C", "demande", 3, 3, 3)]


def test_two_betes_setup_b_27_in_play_c_72_waiting_enjeu_90():
    fiche = play(TWO_BETES)
    assert (fiche.bete_in_play.owner, fiche.bete_in_play.amount) == ("B", 27)
    assert [(b.owner, b.amount) for b in fiche.betes_waiting] == [("C", 72)]
    assert (fiche.marks, fiche.enjeu) == (7, 90)


# --- row 1: demande, retourne, sans prendre won ---------------------------------------------------


def test_h13_demande_won_the_hombre_takes_the_poule_and_the_matadors():
    result = last([coup("A", "demande", 5, 2, 2, matadors=3)])
    assert result.outcome is Outcome.WON
    assert paid(result) == [("B", "A", 9), ("C", "A", 9), ("B", "A", 6), ("C", "A", 6)]
    assert result.bete_made is None


def test_h13_sans_prendre_won_each_tiers_pays_the_sans_prendre():
    result = last([coup("A", "sans-prendre", 4, 3, 2)])
    assert paid(result) == [("B", "A", 9), ("C", "A", 9), ("B", "A", 12), ("C", "A", 12)]


def test_h13_retourne_won_each_tiers_pays_half_the_sans_prendre():
    result = last([coup("A", "retourne", 4, 3, 2)])
    assert paid(result) == [("B", "A", 9), ("C", "A", 9), ("B", "A", 6), ("C", "A", 6)]


def test_h13_contract_won_takes_the_bete_in_play_and_the_waiting_betes_stay():
    fiche = play([*TWO_BETES, coup("A", "demande", 5, 2, 2)])
    assert paid(fiche.coups[-1]) == [("B", "A", 21), ("C", "A", 21), ("B", "A", 27)]
    # C's 72 stays, and goes into play on a poule restarted from nothing: 2 marks + 72 (H-16, H-17).
    assert (fiche.bete_in_play.owner, fiche.bete_in_play.amount, fiche.marks, fiche.enjeu) == ("C", 72, 2, 90)


# --- row 2: vole won ------------------------------------------------------------------------------


def test_h13_vole_annoncee_won_with_no_bete_waiting_each_tiers_also_pays_half_the_enjeu():
    result = last([coup("A", "vole", 9, 0, 0, matadors=4)])
    assert result.outcome is Outcome.VOLE_WON
    half = Fraction(27, 2)
    assert paid(result) == [
        ("B", "A", 9),
        ("C", "A", 9),
        ("B", "A", half),
        ("C", "A", half),
        ("B", "A", 12),
        ("B", "A", 8),
        ("C", "A", 12),
        ("C", "A", 8),
    ]
    assert result.net("A") == 85


def test_h13_vole_won_takes_the_bete_in_play_and_every_waiting_bete_without_the_half_enjeu():
    fiche = play([*TWO_BETES, coup("A", "vole", 9, 0, 0)])
    assert paid(fiche.coups[-1]) == [
        ("B", "A", 21),
        ("C", "A", 21),
        ("B", "A", 27),
        ("C", "A", 72),
        ("B", "A", 12),
        ("C", "A", 12),
    ]
    assert fiche.bete_in_play is None and fiche.betes_waiting == ()
    assert fiche.marks == 3  # the poule taken and no bête left: a fresh poule (H-16)


def test_h13_vole_won_by_the_owner_of_a_waiting_bete_strikes_it_out():
    result = last([*TWO_BETES, coup("C", "vole", 0, 0, 9)])
    assert paid(result) == [("A", "C", 21), ("B", "C", 21), ("B", "C", 27), ("A", "C", 12), ("B", "C", 12)]
    assert "C's bête of 72 is owed to its owner: struck out (H-13)" in told(result.log)


def test_h13_vole_engagee_won_in_demande_pays_no_sans_prendre():
    result = last([coup("A", "demande", 9, 0, 0, vole_engagee=True, matadors=3)])
    assert result.outcome is Outcome.VOLE_WON
    half = Fraction(27, 2)
    assert paid(result) == [
        ("B", "A", 9),
        ("C", "A", 9),
        ("B", "A", half),
        ("C", "A", half),
        ("B", "A", 6),
        ("C", "A", 6),
    ]


def test_h13_vole_engagee_won_in_sans_prendre_and_retourne_pays_the_contract():
    sans_prendre = last([coup("A", "sans-prendre", 9, 0, 0, vole_engagee=True)])
    assert paid(sans_prendre)[-2:] == [("B", "A", 12), ("C", "A", 12)]
    retourne = last([coup("A", "retourne", 9, 0, 0, vole_engagee=True)])
    assert paid(retourne)[-2:] == [("B", "A", 6), ("C", "A", 6)]


def test_h11_nine_tricks_in_demande_are_a_vole_engagee_won_even_unsaid():
    assert last([coup("A", "demande", 9, 0, 0)]).outcome is Outcome.VOLE_WON


# --- row 3: vole engagée lost ---------------------------------------------------------------------


def test_h13_vole_engagee_lost_the_tiers_share_the_poule_and_still_pay_the_contract_and_matadors():
    result = last([coup("A", "sans-prendre", 7, 1, 1, vole_engagee=True, matadors=3)])
    assert result.outcome is Outcome.VOLE_ENGAGEE_LOST
    half = Fraction(9, 2)
    assert paid(result) == [
        ("A", "B", half),
        ("A", "C", half),
        ("B", "A", 12),
        ("B", "A", 6),
        ("C", "A", 12),
        ("C", "A", 6),
    ]
    assert result.bete_made is None
    assert [result.net(p) for p in PLAYERS] == [27, Fraction(-27, 2), Fraction(-27, 2)]


def test_h13_vole_engagee_lost_the_tiers_share_the_bete_in_play_and_the_waiting_ones():
    fiche = play([*TWO_BETES, coup("A", "demande", 6, 3, 0, vole_engagee=True)])
    # Poule 63: A pays each tiers half his share (21 / 2); B's 27 shared: B pays C half, his own half is
    # struck out; C's 72 shared: C pays B half.
    assert paid(fiche.coups[-1]) == [
        ("A", "B", Fraction(21, 2)),
        ("A", "C", Fraction(21, 2)),
        ("B", "C", Fraction(27, 2)),
        ("C", "B", 36),
    ]
    assert fiche.coups[-1].poules_tirees == 0  # taken by the tiers: does not count (H-19)
    assert [fate.status for fate in fiche.betes] == ["shared", "shared"]


# --- row 4: remise --------------------------------------------------------------------------------


def test_h13_remise_the_poule_stays_the_hombre_makes_a_bete_and_pays_each_tiers():
    fiche = play([coup("A", "sans-prendre", 4, 4, 1, matadors=3)])
    result = fiche.coups[-1]
    assert result.outcome is Outcome.REMISE
    assert paid(result) == [("A", "B", 12), ("A", "B", 6), ("A", "C", 12), ("A", "C", 6)]
    assert (result.bete_made.owner, result.bete_made.amount) == ("A", 27)
    assert fiche.marks == 5 and fiche.bete_in_play.owner == "A"


def test_h13_remise_the_bete_in_play_stays_in_play():
    fiche = play([*TWO_BETES, coup("A", "demande", 3, 3, 3)])
    assert paid(fiche.coups[-1]) == []
    assert (fiche.bete_in_play.owner, fiche.bete_in_play.amount) == ("B", 27)
    assert [(b.owner, b.amount) for b in fiche.betes_waiting] == [("A", 90), ("C", 72)]


# --- row 5: codille -------------------------------------------------------------------------------


def test_h13_codille_the_tiers_takes_the_poule_and_the_hombre_pays_the_occasional_payments():
    result = last([coup("A", "retourne", 2, 5, 2, matadors=3)])
    assert result.outcome is Outcome.CODILLE and result.takers == ("B",)
    assert paid(result) == [("A", "B", 9), ("C", "B", 9), ("A", "B", 6), ("A", "B", 6), ("A", "C", 6), ("A", "C", 6)]
    assert "codille: B takes the poule of 27 (H-13)" in told(result.log)
    assert result.bete_made.amount == 27


def test_h13_codille_takes_the_bete_in_play_and_leaves_the_waiting_ones():
    fiche = play([*TWO_BETES, coup("A", "demande", 2, 2, 5)])
    assert paid(fiche.coups[-1]) == [("A", "C", 21), ("B", "C", 21), ("B", "C", 27)]
    # A's new bête of 90 is now the largest: it goes into play, C's 72 still waits (H-17).
    assert (fiche.bete_in_play.owner, fiche.bete_in_play.amount) == ("A", 90)
    assert [(b.owner, b.amount) for b in fiche.betes_waiting] == [("C", 72)]
    assert fiche.coups[-1].poules_tirees == 0


def test_h9_h13_two_tiers_tied_above_the_hombre_share_the_codille():
    result = last([coup("A", "demande", 1, 4, 4)])
    assert result.outcome is Outcome.CODILLE and result.takers == ("B", "C")
    assert paid(result) == [("A", "B", Fraction(9, 2)), ("A", "C", Fraction(9, 2))]
    assert result.bete_made.amount == 27


# --- row 6: vole annoncée lost --------------------------------------------------------------------


def test_h13_vole_annoncee_lost_the_tiers_share_the_poule_the_hombre_makes_a_bete_and_pays():
    result = last([coup("A", "vole", 8, 1, 0, matadors=3)])
    assert result.outcome is Outcome.VOLE_LOST
    half = Fraction(9, 2)
    assert paid(result) == [
        ("A", "B", half),
        ("A", "C", half),
        ("A", "B", 12),
        ("A", "B", 6),
        ("A", "C", 12),
        ("A", "C", 6),
    ]
    assert result.bete_made.amount == 27


def test_h13_vole_annoncee_lost_shares_every_bete_and_no_half_enjeu():
    fiche = play([*TWO_BETES, coup("A", "vole", 5, 4, 0)])
    assert paid(fiche.coups[-1]) == [
        ("A", "B", Fraction(21, 2)),
        ("A", "C", Fraction(21, 2)),
        ("B", "C", Fraction(27, 2)),
        ("C", "B", 36),
        ("A", "B", 12),
        ("A", "C", 12),
    ]
    assert [(b.owner, b.amount) for b in fiche.betes_waiting] == []
    assert (fiche.bete_in_play.owner, fiche.bete_in_play.amount) == ("A", 90)


# --- H-15 rates -----------------------------------------------------------------------------------


def test_h15_simple_payments_halve_the_sans_prendre_the_retourne_and_the_matadors():
    rules = HombreRules(system="3-2", payments="simple")
    assert paid(last([coup("A", "sans-prendre", 5, 2, 2, matadors=5)], rules))[2:] == [
        ("B", "A", 6),
        ("B", "A", 5),
        ("C", "A", 6),
        ("C", "A", 5),
    ]
    assert paid(last([coup("A", "retourne", 5, 2, 2)], rules))[2:] == [("B", "A", 3), ("C", "A", 3)]


def test_h15_faux_matadors_counted_from_the_hand():
    hand = "As 7h Ac Ah Kh Qh 3h 5c 6d"  # espadille, manille, baste, ponte, K, Q: six "matadors"; 3h breaks the run
    result = last([coup("A", "demande", 5, 2, 2, trump="h", hand=hand)])
    assert paid(result)[2:] == [("B", "A", 12), ("C", "A", 12)]


# --- H-16 poule marks -----------------------------------------------------------------------------


@pytest.mark.parametrize(("system", "first", "added"), [("3-2", 3, 2), ("2-1", 2, 1), ("3-1", 3, 1)])
def test_h16_i_et_a_first_marks_then_added_marks(system, first, added):
    rules = HombreRules(system=system)
    assert play([], rules).marks == first
    fiche = play([coup("A", "demande", 4, 4, 1)], rules)  # a remise: the poule stays
    assert fiche.marks == first + added


def test_h16_the_poule_taken_and_no_bete_left_restarts_at_i_marks():
    fiche = play([PASS, PASS, coup("A", "demande", 5, 2, 2)])
    assert [r.marks for r in fiche.coups] == [3, 6, 8]
    assert fiche.marks == 3


def test_h16_3_et_2_adds_three_marks_after_three_passes_on_a_fresh_poule():
    assert play([PASS]).marks == 6


def test_h16_3_et_2_adds_three_marks_after_a_codille_on_a_fresh_poule():
    fiche = play([coup("A", "demande", 2, 5, 2)])
    assert (fiche.marks, fiche.bete_in_play.amount, fiche.enjeu) == (3, 27, 54)
    exception = "the poule was taken, a bête remains: each adds 3 marks instead of 2 (3 et 2 exception), 3 each, poule 27 (H-16)"
    assert render(fiche.prepared[0]) == exception
    assert render(play([coup("A", "demande", 2, 5, 2), PASS]).coups[1].log[1]) == exception


def test_h16_3_et_2_adds_three_marks_after_a_vole_annoncee_lost_on_a_fresh_poule():
    fiche = play([coup("A", "vole", 7, 2, 0)])
    assert (fiche.marks, fiche.enjeu) == (3, 54)


def test_h16_3_et_2_no_exception_after_a_remise_on_a_fresh_poule():
    assert play([coup("A", "demande", 3, 3, 3)]).marks == 5


def test_h16_3_et_2_no_exception_when_a_bete_was_in_play():
    # After the codille the poule has 3 marks again, but A's bête of 27 is in play: the passes add 2.
    fiche = play([coup("A", "demande", 2, 5, 2), PASS])
    assert [r.marks for r in fiche.coups] == [3, 3]
    assert fiche.marks == 5


def test_h16_3_et_2_no_exception_on_a_poule_of_more_than_3_marks():
    assert play([PASS, PASS]).marks == 8


@pytest.mark.parametrize("system", ["2-1", "3-1"])
def test_h16_no_exception_outside_3_et_2(system):
    rules = HombreRules(system=system)
    first, added = rules.marks_first, rules.marks_added
    assert play([PASS], rules).marks == first + added
    assert play([coup("A", "demande", 2, 5, 2)], rules).marks == added


# --- H-17 putting a bête in play ------------------------------------------------------------------


def test_h17_the_largest_waiting_bete_goes_into_play_and_stays_until_the_poule_is_taken():
    fiche = play([coup("A", "demande", 3, 3, 3), coup("B", "demande", 3, 3, 3), PASS, coup("C", "demande", 3, 3, 3)])
    assert [r.bete.amount if r.bete else None for r in fiche.coups] == [None, 27, 27, 27]
    assert [(b.owner, b.amount) for b in fiche.betes_waiting] == [("C", 108), ("B", 72)]
    fiche = play(
        [
            *[coup("A", "demande", 3, 3, 3), coup("B", "demande", 3, 3, 3), PASS, coup("C", "demande", 3, 3, 3)],
            coup("A", "demande", 5, 2, 2),
        ]
    )
    assert (fiche.bete_in_play.owner, fiche.bete_in_play.amount) == ("C", 108)
    assert fiche.as_dict()["betes_waiting"] == [{"number": 2, "owner": "B", "amount": 72, "made_at": 2}]


# --- H-12 caves -----------------------------------------------------------------------------------


def test_h12_a_player_who_cannot_pay_takes_another_cave_as_many_as_needed():
    rules = HombreRules(system="3-2", cave=22)
    # Nine matadors, the most a hand of nine holds (H-15).
    fiche = play([coup("A", "sans-prendre", 2, 5, 2, matadors=9)], rules)
    # A pays 9 (poule to B), 12 + 18 to B and 12 + 18 to C: 69 from a cave of 22 -> 3 more caves.
    assert fiche.balances[0] == -69 and fiche.caves == (4, 1, 1)
    assert fiche.holdings("A") == 19
    assert "A cannot pay and takes 3 more caves of 22, 4 in all (H-12)" in told(fiche.coups[0].log)


def test_h12_holdings_in_fiches_and_jetons_keep_the_half():
    fiche = play([coup("A", "demande", 1, 4, 4)])
    players = fiche.as_dict()["players"]
    assert players[1] == {"name": "B", "balance": 4.5, "caves": 1, "holdings": 204.5, "fiches": 10, "jetons": 4.5}
    assert (
        "A pays B 4.5: half the hombre's share of the poule of 27 (3 marks x 3), codille, shared by the two tiers (H-13)"
        in told(fiche.coups[0].log)
    )


# --- H-19 the end of the partie -------------------------------------------------------------------


def test_h19_only_poules_taken_by_the_hombre_count_and_split_ends_at_once():
    rules = HombreRules(system="3-2", poules=2, end="split")
    # A loses codille (B takes the poule: does not count), B wins, C makes a remise.
    coups = [coup("A", "demande", 2, 5, 2), coup("B", "demande", 2, 5, 2), coup("C", "demande", 3, 3, 3)]
    fiche = play(coups, rules)
    assert [r.poules_tirees for r in fiche.coups] == [0, 1, 1]
    assert not fiche.over
    # B makes a remise on C's bête of 27 in play (a bête of 72), then A wins with C's 27 in play.
    ended = [*coups, coup("B", "demande", 3, 3, 3), coup("A", "demande", 5, 2, 2)]
    fiche = play(ended, rules)
    assert fiche.over and fiche.poules_tirees == 2
    assert (
        "the partie is over: 2 poules taken by the hombre; 1 bête still owed is split at the settlement (H-19)"
        in told(fiche.coups[-1].log)
    )
    assert fiche.bete_in_play is None and [(b.owner, b.amount) for b in fiche.betes_waiting] == [("B", 72)]
    assert fiche.as_dict()["poule"] == {"marks": 0, "jetons": 0, "log": []} and fiche.as_dict()["next_dealer"] is None
    state = start_with(rules, PLAYERS, "C")
    for declared in ended:
        advance(state, declared)
    with pytest.raises(UserError, match=r"the partie is over: 2 poules taken by the hombre \(H-19\)"):
        check_open(state)
    with pytest.raises(UserError, match=r"^coup 6: the partie is over"):
        play([*ended, PASS], rules)


def test_h19_play_on_goes_on_while_a_bete_waits_and_ends_when_none_is_left():
    rules = HombreRules(system="3-2", poules=1, end="play-on")
    # A and B make remises (27, then 72); C wins with A's 27 in play: the one poule is taken, B's 72 waits.
    coups = [coup("A", "demande", 3, 3, 3), coup("B", "demande", 3, 3, 3), coup("C", "demande", 2, 2, 5)]
    fiche = play(coups, rules)
    assert fiche.poules_tirees == 1 and not fiche.over
    assert (fiche.bete_in_play.owner, fiche.bete_in_play.amount) == ("B", 72)
    assert "the poules are played; play on until no bête is left (H-19)" in told(fiche.coups[-1].log)
    fiche = play([*coups, coup("C", "demande", 2, 2, 5)], rules)
    assert fiche.over and fiche.betes_owed == ()
    assert "the partie is over: 2 poules taken by the hombre (H-19)" in told(fiche.coups[-1].log)


def test_h19_split_ends_even_with_betes_left():
    rules = HombreRules(system="3-2", poules=1, end="split")
    fiche = play([coup("A", "demande", 3, 3, 3), coup("B", "demande", 3, 3, 3), coup("C", "demande", 2, 2, 5)], rules)
    assert fiche.over and [(b.owner, b.amount) for b in fiche.betes_waiting] == [("B", 72)]


# --- the deal, the JSON form, the refusals --------------------------------------------------------


def test_c3_the_deal_passes_on_after_every_coup_three_passes_included():
    fiche = replay(RULES, PLAYERS, "A", [PASS, PASS, coup("A", "demande", 5, 2, 2)])
    assert [(r.dealer, r.premier) for r in fiche.coups] == [("A", "B"), ("B", "C"), ("C", "A")]
    assert fiche.next_dealer == "A"


def test_json_form_of_a_coup_has_enjeu_payments_and_log():
    data = play([coup("A", "demande", 1, 4, 4)]).as_dict()
    first = data["coups"][0]
    assert first["enjeu"] == 27
    assert [{k: p[k] for k in ("from", "to", "jetons")} for p in first["payments"]] == [
        {"from": "A", "to": "B", "jetons": 4.5},
        {"from": "A", "to": "C", "jetons": 4.5},
    ]
    assert first["outcome"] == "codille" and first["bete_made"]["amount"] == 27
    assert data["bete_in_play"] == {"number": 1, "owner": "A", "amount": 27, "made_at": 1}
    assert data["betes_waiting"] == [] and data["poules_tirees"] == 0
    assert {k: data["poule"][k] for k in ("marks", "jetons")} == {"marks": 3, "jetons": 27}


def test_a_bad_coup_is_refused_with_its_number():
    with pytest.raises(UserError, match=r"^coup 2: the tricks must make nine in all"):
        play([PASS, coup("A", "demande", 5, 2, 1)])


# --- a replay reads each declaration once ---------------------------------------------------------


def test_a_declaration_met_again_is_read_the_same_and_settled_at_its_own_stakes():
    again = coup("A", "demande", 5, 2, 2)
    fiche = play([again, coup("B", "demande", 3, 3, 3), again, again])
    assert fiche.coups[0].coup is fiche.coups[2].coup  # read once
    assert [r.enjeu for r in fiche.coups] == [27, 27, 72, 27]  # H-14: B's bête of 27 in play at coup 3
    assert paid(fiche.coups[2])[-1] == ("B", "A", 27)  # H-13: the bête in play, taken with the poule
    assert paid(fiche.coups[0]) == paid(fiche.coups[3])


def test_a_value_equal_to_one_already_read_but_not_a_whole_number_is_still_refused():
    with pytest.raises(UserError, match=r"^coup 2: the tricks of A must be a whole number from 0 to 9, not True"):
        play([coup("A", "demande", 1, 4, 4), coup("A", "demande", True, 4, 4)])
    with pytest.raises(UserError, match=r"^coup 2: the tricks of A must be a whole number from 0 to 9, not 5.0"):
        play([coup("A", "demande", 5, 2, 2), coup("A", "demande", 5.0, 2, 2)])


def test_h7_the_same_bids_under_another_dealer_name_another_hombre():
    bids = {"bids": ["demande", "pass", "pass"], "tricks": {"A": 5, "B": 2, "C": 2}}
    with pytest.raises(UserError, match=r"^coup 2: the bids make B the hombre in demande, not A in demande"):
        replay(RULES, PLAYERS, "C", [{**bids, "hombre": "A"}, {**bids, "hombre": "A"}])
    fiche = replay(RULES, PLAYERS, "C", [bids, bids])
    assert [r.coup.hombre for r in fiche.coups] == ["A", "B"]  # the premier speaks first (H-7)
