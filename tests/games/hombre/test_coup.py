"""A coup of l'hombre as declared (RULES H-6 to H-15): what is read, what is refused, and the way back to the ledger."""

import pytest

from scorekeeper.cards import Suit
from scorekeeper.errors import UserError
from scorekeeper.games.hombre import Contract, Coup, HombreRules, Outcome, decide
from scorekeeper.games.spadille.deck import HOMBRE
from scorekeeper.games.spadille.matadors import count_matadors
from scorekeeper.i18n import render

PLAYERS = ("Ana", "Bérénice", "César")  # Ana deals: Bérénice is premier en cartes
RULES = HombreRules(system="3-1")
RULES_1709 = HombreRules(system="3-2", retourne_contract=False)


def read(data, rules=RULES, dealer="Ana"):
    return Coup.from_dict(data, rules, PLAYERS, dealer)


def refused(data, rules=RULES):
    with pytest.raises(UserError) as error:
        read(data, rules)
    return str(error.value)


def played(**extra):
    return {"hombre": "Ana", "contract": "demande", "tricks": {"Ana": 5, "Bérénice": 2, "César": 2}, **extra}


# --- what is read ---------------------------------------------------------------------------------


def test_names_are_found_without_case_or_accents_like_manille():
    coup = read({"hombre": "cesar", "contract": "Sans Prendre", "tricks": {"ANA": 2, "berenice": 2, "César": 5}})
    assert coup.hombre == "César" and coup.contract is Contract.SANS_PRENDRE
    assert coup.tricks == (("Ana", 2), ("Bérénice", 2), ("César", 5))


def test_a_player_left_out_of_the_tricks_made_none():
    assert read({"hombre": "Ana", "contract": "vole", "tricks": {"Ana": 9}}).tricks == (
        ("Ana", 9),
        ("Bérénice", 0),
        ("César", 0),
    )


def test_three_passes_are_one_value():
    assert read({"pass": True}) == Coup(passed=True)
    assert read({"pass": True}).to_dict() == {"pass": True}


@pytest.mark.parametrize(
    "data",
    [
        {"pass": True},
        played(),
        played(matadors=4),
        played(vole_engagee=True, contract="sans-prendre"),
        played(trump="h", hand="As 7h Ac Ah Kh 2c 3c 4c 5c"),
        played(trump="s", trumps="As 2s Ac Ks"),
        {"bids": ["pass", "pass", "demande"], "tricks": {"Ana": 5, "Bérénice": 2, "César": 2}},
        {"bids": ["pass", "pass", "pass"]},
    ],
)
def test_to_dict_gives_back_the_same_coup(data):
    coup = read(data)
    again = read(coup.to_dict())
    assert again == coup


# --- H-15 matadors --------------------------------------------------------------------------------


def test_h15_matadors_counted_from_the_hand_with_the_faux_ones():
    coup = read(played(trump="h", hand="As 7h Ac Ah Kh Qh 3h 5c 6d"))
    assert coup.matador_count == 6


def test_h15_black_trump_has_no_ponte_the_run_goes_to_the_king():
    cards = HOMBRE.parse_many("As 2c Ac Kc Qc Jc 7c 6c 5c")
    assert count_matadors(cards, Suit.CLUBS) == 9
    assert count_matadors(HOMBRE.parse_many("As 2s Ac Ks 7s"), Suit.SPADES) == 4


def test_h15_no_matadors_without_all_three_true_ones():
    assert count_matadors(HOMBRE.parse_many("As Ac Ah Kh Qh"), Suit.HEARTS) == 0
    assert read(played(trump="h", trumps="As Ac Ah Kh Qh")).matador_count == 0


def test_h15_refused_one_or_two_matadors_and_more_than_the_suit_holds():
    # H-15 as clarified (issue 13): a hand holds nine cards, so nine matadors at most, whatever the suit.
    assert refused(played(matadors=2)).startswith("2 matadors cannot be paid: give 0, or 3 to 9")
    assert "3 to 9" in refused(played(matadors=12, trump="c"))
    assert refused(played(matadors=13)).endswith("(H-15)")


def test_h15_refused_matadors_that_disagree_with_the_cards():
    message = refused(played(matadors=4, trump="h", trumps="As 7h Ac"))
    assert message == "4 matadors declared, but the cards given hold 3 (H-15)"


def test_h15_cards_need_the_trump_a_full_hand_and_trumps_only_in_trumps():
    assert refused(played(hand="As 7h Ac Ah Kh 2c 3c 4c 5c")).startswith("give the trump suit (--trump)")
    assert refused(played(trump="h", hand="As 7h Ac")).startswith("a hand has nine cards, not 3")
    assert refused(played(trump="h", trumps="As 7h 5c")) == "5♣ is not a trump when ♥ is trump (H-2)"
    assert refused(played(trump="h", trumps="As As")) == "A♠ is given twice in the trumps"
    assert refused(played(trump="h", trumps="10h")).startswith("10♥ is not in the hombre deck")


# --- refusals -------------------------------------------------------------------------------------


def test_refused_an_unknown_player():
    assert refused(played(hombre="Dédé")) == "unknown player 'Dédé': the players are Ana, Bérénice, César"


def test_refused_tricks_that_do_not_make_nine():
    message = refused({"hombre": "Ana", "contract": "demande", "tricks": {"Ana": 5, "Bérénice": 2}})
    assert message == "the tricks must make nine in all: Ana=5, Bérénice=2, César=0 make 7"


def test_refused_tricks_given_twice_or_not_whole_numbers():
    assert refused(played(tricks={"Ana": 5, "ana": 2, "César": 2})) == "the tricks of Ana are given twice"
    assert refused(played(tricks={"Ana": 10})).startswith("the tricks of Ana must be a whole number from 0 to 9")
    assert refused(played(tricks={"Ana": True})).startswith("the tricks of Ana must be a whole number")
    assert refused(played(tricks={})).startswith("give the tricks each player made")


def test_refused_an_unknown_contract_or_field():
    assert refused(played(contract="misère")).startswith("unknown contract 'misère': contracts are demande")
    assert refused(played(bonus=3)).startswith("--bonus is not said in an hombre coup")


def test_h6_refused_a_retourne_where_the_ruleset_has_none():
    assert refused(played(contract="retourne"), RULES_1709).startswith("retourne is not a contract of this ruleset")


def test_refused_a_coup_without_hombre_or_contract():
    assert refused({"tricks": {"Ana": 9}}).startswith("a coup names the hombre (--hombre NAME) and the contract")


def test_h7_refused_a_passed_coup_with_an_hombre_or_tricks():
    assert refused({"pass": True, "tricks": {"Ana": 9}}) == (
        "all three passed (H-7): a passed coup says no --tricks; give --pass alone"
    )


def test_h11_refused_a_vole_engagee_on_a_vole_annoncee_or_without_the_first_five_tricks():
    assert refused(played(contract="vole", vole_engagee=True)).startswith("a vole annoncée is already the whole vole")
    message = refused(played(vole_engagee=True, tricks={"Ana": 4, "Bérénice": 4, "César": 1}))
    assert message == (
        "a vole engagée follows the first five tricks taken by the hombre: the hombre cannot have made 4 (H-11)"
    )


# --- bids -----------------------------------------------------------------------------------------


def test_h7_bids_name_the_hombre_and_the_contract():
    coup = read({"bids": "demande, pass, sans prendre, pass", "tricks": {"Ana": 5, "Bérénice": 2, "César": 2}})
    assert (coup.hombre, coup.contract) == ("Ana", Contract.SANS_PRENDRE)
    assert coup.bids == ("Bérénice: demande", "César: pass", "Ana: sans-prendre", "Bérénice: pass")


def test_h7_bids_and_a_declared_hombre_must_agree():
    data = {"bids": ["demande", "pass", "pass"], "hombre": "Ana", "contract": "demande", "tricks": {"Ana": 9}}
    assert refused(data) == "the bids make Bérénice the hombre in demande, not Ana in demande (H-7)"


def test_h7_bids_of_three_passes_are_a_passed_coup_and_refuse_an_hombre():
    assert read({"bids": ["pass", "pass", "pass"]}).passed
    message = refused({"pass": True, "bids": ["demande", "pass", "pass"]})
    assert message == "the bids make Bérénice the hombre in demande, not three passes (H-7)"


def test_h7_a_bad_bidding_is_refused_with_the_call_that_broke_the_rule():
    message = refused({"bids": ["sans-prendre", "demande"], "tricks": {"Ana": 9}})
    assert message.startswith("call 2 (demande): demande is lower than Bérénice's sans prendre")


# --- H-8 espadille forcée -------------------------------------------------------------------------


def test_h8_espadille_forcee_from_the_bids_forbids_the_vole_engagee():
    rules = HombreRules(espadille_forcee=True)
    bids = ["pass", "pass", "pass", "César: demande"]
    coup = read({"bids": bids, "tricks": {"César": 6, "Ana": 2, "Bérénice": 1}}, rules)
    assert coup.espadille_forcee and coup.hombre == "César"
    message = refused({"bids": bids, "tricks": {"César": 6, "Ana": 2, "Bérénice": 1}, "vole_engagee": True}, rules)
    assert message == "the holder of the espadille forced to play may not make the vole (H-8)"


def test_h8_espadille_forcee_declared_needs_the_option_and_a_demande():
    assert refused(played(espadille_forcee=True)).startswith("espadille forcée is not played under this ruleset")
    rules = HombreRules(espadille_forcee=True)
    assert refused(played(espadille_forcee=True, contract="sans-prendre"), rules).endswith("not sans prendre (H-8)")


# --- H-9 to H-11 outcomes -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "tricks", "vole_engagee", "outcome", "takers"),
    [
        (Contract.DEMANDE, (5, 2, 2), False, Outcome.WON, ("H",)),
        (Contract.DEMANDE, (4, 3, 2), False, Outcome.WON, ("H",)),  # seed 8: 4 tricks win against 3 and 2
        (Contract.SANS_PRENDRE, (4, 4, 1), False, Outcome.REMISE, ()),
        (Contract.RETOURNE, (3, 3, 3), False, Outcome.REMISE, ()),
        (Contract.DEMANDE, (3, 4, 2), False, Outcome.CODILLE, ("T1",)),
        (Contract.DEMANDE, (2, 2, 5), False, Outcome.CODILLE, ("T2",)),
        (Contract.DEMANDE, (1, 4, 4), False, Outcome.CODILLE, ("T1", "T2")),
        (Contract.VOLE, (9, 0, 0), False, Outcome.VOLE_WON, ("H",)),
        (Contract.VOLE, (8, 1, 0), False, Outcome.VOLE_LOST, ("T1", "T2")),
        (Contract.VOLE, (1, 4, 4), False, Outcome.VOLE_LOST, ("T1", "T2")),
        (Contract.DEMANDE, (9, 0, 0), True, Outcome.VOLE_WON, ("H",)),
        (Contract.SANS_PRENDRE, (6, 3, 0), True, Outcome.VOLE_ENGAGEE_LOST, ("T1", "T2")),
    ],
)
def test_h9_h10_h11_outcome_of_a_coup(contract, tricks, vole_engagee, outcome, takers):
    decision = decide("H", contract, dict(zip(("H", "T1", "T2"), tricks, strict=True)), vole_engagee)
    assert (decision.outcome, decision.takers) == (outcome, takers)
    assert render(decision.why).endswith(f"({decision.why.rule})")
