"""L'hombre bidding (RULES H-6 to H-8), on the seed's examples (sections 7.2 and 24.2) and refused sequences."""

import pytest

from scorekeeper.errors import UserError
from scorekeeper.games.hombre import Contract, HombreRules, bid

# "1 : premier en cartes, 2 : deuxième, 3 : dernier": Trois deals, so Un is premier en cartes (C-3).
PLAYERS = ("Trois", "Un", "Deux")
DEALER = "Trois"
RULES = HombreRules(system="3-2", retourne_contract=True)
RULES_1709 = HombreRules(system="3-2", retourne_contract=False)
FORCEE = HombreRules(system="3-2", espadille_forcee=True)


def bidding(calls, rules=RULES):
    return bid(rules, PLAYERS, DEALER, calls)


def refused(calls, rules=RULES):
    with pytest.raises(UserError) as error:
        bidding(calls, rules)
    return str(error.value)


@pytest.mark.parametrize(
    ("calls", "hombre", "contract"),
    [
        (["demande", "passe", "passe"], "Un", Contract.DEMANDE),
        (["demande", "passe", "sans prendre", "passe"], "Trois", Contract.SANS_PRENDRE),
        # Un equals Trois with his primauté: a "sans prendre forcé".
        (["demande", "passe", "sans prendre", "sans prendre", "passe"], "Un", Contract.SANS_PRENDRE),
        (["sans prendre", "vole", "passe", "passe"], "Deux", Contract.VOLE),
    ],
)
def test_h7_the_seeds_bidding_examples_of_section_7_2(calls, hombre, contract):
    result = bidding(calls, RULES_1709)
    assert (result.hombre, result.contract) == (hombre, contract)


@pytest.mark.parametrize(
    ("calls", "hombre", "contract"),
    [
        (["Demande", "Passe", "Tourne", "Tourne", "Sans prendre", "Passe"], "Trois", Contract.SANS_PRENDRE),
        (["Passe", "Demande", "Tourne", "Tourne", "Passe"], "Deux", Contract.RETOURNE),
    ],
)
def test_h6_h7_the_seeds_retourne_examples_of_section_24_2(calls, hombre, contract):
    result = bidding(calls)
    assert (result.hombre, result.contract) == (hombre, contract)


def test_h7_calls_go_round_from_the_premier_en_cartes_and_are_named():
    result = bidding(["demande", "pass", "sans-prendre", "sans-prendre", "pass"])
    assert [str(call) for call in result.calls] == [
        "Un: demande",
        "Deux: pass",
        "Trois: sans-prendre",
        "Un: sans-prendre",
        "Trois: pass",
    ]


def test_h7_named_calls_are_checked_against_the_turn_and_names_fold_case():
    result = bidding(["un: demande", "DEUX = pass", "Trois: pass"])
    assert result.hombre == "Un"


def test_h7_three_passes_name_no_hombre():
    result = bidding(["pass", "pass", "pass"])
    assert result.passed and result.hombre is None and result.contract is None


def test_h7_a_vole_ends_the_bidding_the_others_passes_may_be_left_out():
    assert bidding(["sans-prendre", "vole"]).hombre == "Deux"
    assert bidding(["pass", "pass", "vole"]).hombre == "Trois"


def test_h7_refused_a_bid_lower_than_the_last():
    assert refused(["sans-prendre", "demande"]) == (
        "call 2 (demande): demande is lower than Un's sans prendre: bid higher or pass (H-7)"
    )


def test_h7_refused_equalising_without_primaute():
    message = refused(["pass", "demande", "demande"])
    assert message.startswith("call 3 (demande): Trois cannot equal Deux's demande: only a player with primauté")
    assert message.endswith("(H-7)")


def test_h7_the_second_has_primaute_over_the_dealer_not_over_the_premier():
    assert bidding(["pass", "demande", "retourne", "retourne", "pass"]).hombre == "Deux"
    assert "Deux cannot equal Un's demande" in refused(["demande", "demande"])


def test_h7_refused_a_second_call_from_a_player_who_passed():
    message = refused(["Un: pass", "Deux: demande", "Un: demande"])
    assert message == "call 3 (Un: demande): Un has passed, and a pass is final; it is Trois's turn (H-7)"


def test_h7_refused_a_call_out_of_turn():
    assert refused(["Deux: demande"]) == "call 1 (Deux: demande): it is Un's turn to speak, not Deux's (H-7)"


def test_h7_refused_a_bid_after_the_vole_even_an_equal_one_with_primaute():
    assert "Deux's vole ends the bidding" in refused(["demande", "vole", "pass", "vole"])
    assert "Deux's vole ends the bidding" in refused(["demande", "vole", "sans-prendre"])


def test_h7_refused_a_call_after_the_bidding_is_over():
    assert refused(["demande", "pass", "pass", "pass"]) == (
        "call 4 (pass): the bidding was over: Un is the hombre in demande (H-7)"
    )


def test_h7_refused_a_bidding_left_unfinished():
    assert refused(["demande", "pass"]).startswith("the bidding is not finished: it is Trois's turn")
    assert refused([]).startswith("the bidding is not finished: it is Un's turn")


def test_h7_refused_an_unknown_call():
    assert refused(["double"]).startswith("bad call 'double': a call is pass or a contract")


def test_h6_retourne_is_refused_where_the_ruleset_has_no_such_contract():
    message = refused(["pass", "retourne"], RULES_1709)
    assert message.startswith("call 2 (retourne): retourne is not a contract of this ruleset")
    assert message.endswith("(H-6)")


def test_h8_espadille_forcee_the_holder_plays_demande_after_three_passes():
    result = bidding(["pass", "pass", "pass", "Deux: demande"], FORCEE)
    assert (result.hombre, result.contract, result.forced) == ("Deux", Contract.DEMANDE, True)


def test_h8_espadille_forcee_in_the_talon_the_coup_counts_as_passed():
    assert bidding(["pass", "pass", "pass"], FORCEE).passed


def test_h8_espadille_forcee_refuses_the_vole_and_an_unnamed_holder():
    assert refused(["pass", "pass", "pass", "Deux: vole"], FORCEE) == (
        "call 4 (Deux: vole): the holder of the espadille must play demande after three passes, not vole (H-8)"
    )
    assert "write NAME: demande (H-8)" in refused(["pass", "pass", "pass", "demande"], FORCEE)


def test_h8_without_espadille_forcee_nobody_speaks_after_three_passes():
    message = refused(["pass", "pass", "pass", "Deux: demande"])
    assert message == (
        "call 4 (Deux: demande): all three passed, the coup counts as played (H-7); "
        "espadille forcée is not played under this ruleset (H-8)"
    )
