"""The end of a partie of l'hombre (RULES H-19): the bêtes still owed, each player's result, who pays whom."""

from fractions import Fraction

import pytest

from scorekeeper.errors import UserError
from scorekeeper.games.hombre import HombreRules, replay, settle
from scorekeeper.games.spadille.payments import fewest_payments
from scorekeeper.i18n import render

PLAYERS = ("A", "B", "C")


def coup(hombre, contract, a, b, c, **extra):
    return {"hombre": hombre, "contract": contract, "tricks": {"A": a, "B": b, "C": c}, **extra}


SEED_17_4 = [
    coup("A", "demande", 4, 4, 1),
    coup("B", "demande", 3, 3, 3),
    {"pass": True},
    coup("B", "demande", 4, 4, 1),
    coup("C", "demande", 2, 2, 5),
    coup("B", "demande", 2, 5, 2),
    coup("B", "demande", 2, 5, 2),
]


def transfers(settlement):
    return [(t.payer, t.payee, t.jetons, t.fiches, t.rest) for t in settlement.transfers]


def test_h19_the_seeds_example_settled_after_coup_7_in_two_payments_in_fiches_and_jetons():
    fiche = replay(HombreRules(system="3-2"), PLAYERS, "A", SEED_17_4)
    settlement = settle(fiche, early=True)
    assert [r.result for r in settlement.results] == [-72, -9, 81]
    assert transfers(settlement) == [("A", "C", 72, 3, 12), ("B", "C", 9, 0, 9)]
    assert render(settlement.transfers[0].record) == "A pays C 72 jetons (3 fiches and 12 jetons) (H-19)"
    assert render(settlement.transfers[1].record) == "B pays C 9 jetons (9 jetons) (H-19)"
    assert settlement.split == ()


def test_h19_split_the_betes_still_owed_evenly_among_the_three():
    rules = HombreRules(system="3-2", poules=1, end="split")
    coups = [coup("A", "demande", 3, 3, 3), coup("B", "demande", 3, 3, 3), coup("C", "demande", 2, 2, 5)]
    fiche = replay(rules, PLAYERS, "A", coups)
    assert fiche.over and [(b.owner, b.amount) for b in fiche.betes_waiting] == [("B", 72)]
    settlement = settle(fiche)
    assert [(p.payer, p.payee, p.jetons) for p in settlement.split] == [("B", "A", 24), ("B", "C", 24)]
    # Before the split: C took the poule of 63 (21 from A, 21 from B) and A's bête of 27.
    assert fiche.balances == (-48, -21, 69)
    assert [r.result for r in settlement.results] == [-24, -69, 93]
    assert transfers(settlement) == [("B", "C", 69, 3, 9), ("A", "C", 24, 1, 4)]


def test_h19_play_on_refuses_to_settle_while_a_bete_is_owed_unless_the_table_stops_early():
    rules = HombreRules(system="3-2", poules=1, end="play-on")
    coups = [coup("A", "demande", 3, 3, 3), coup("B", "demande", 3, 3, 3), coup("C", "demande", 2, 2, 5)]
    fiche = replay(rules, PLAYERS, "A", coups)
    with pytest.raises(
        UserError,
        match=r"^play on: 1 poule taken, the length of the partie \(1\) reached, but bêtes are still owed \(B's bête of 72\)",
    ):
        settle(fiche)
    assert settle(fiche, early=True).early


def test_h19_a_partie_not_over_is_settled_only_early():
    fiche = replay(HombreRules(), PLAYERS, "A", [{"pass": True}])
    with pytest.raises(UserError, match=r"the partie is not over: 0 of 20 poules taken by the hombre \(H-19\)"):
        settle(fiche)
    settlement = settle(fiche, early=True)
    assert settlement.transfers == () and render(settlement.log[0]).startswith("the partie stops after 1 coup:")


def test_h19_a_result_is_jetons_minus_a_cave_for_each_cave_taken():
    rules = HombreRules(system="3-2", cave=22)
    fiche = replay(rules, PLAYERS, "A", [coup("A", "sans-prendre", 2, 5, 2, matadors=9)])  # nine at most (H-15)
    assert fiche.holdings("A") == 19 and fiche.caves == (4, 1, 1)
    settlement = settle(fiche, early=True)
    # The table stops: A's bête of 27 (his codille) is split too, 9 to each of the others.
    a = settlement.results[0]
    assert (a.caves, a.holdings, a.result) == (4, 1, -87)
    assert "A: 1 jeton - 4 caves of 22 = -87 (H-19)" in [render(line) for line in settlement.log]


def test_h19_halves_are_paid_exactly():
    fiche = replay(HombreRules(system="3-2"), PLAYERS, "A", [coup("A", "demande", 1, 4, 4)])
    settlement = settle(fiche, early=True)
    # A's bête of 27 is split too: 9 to each of the others.
    assert transfers(settlement) == [
        ("A", "B", Fraction(27, 2), 0, Fraction(27, 2)),
        ("A", "C", Fraction(27, 2), 0, Fraction(27, 2)),
    ]
    data = settlement.as_dict()
    assert data["transfers"][0] == {"from": "A", "to": "B", "jetons": 13.5, "fiches": 0, "rest": 13.5}
    assert render(settlement.transfers[0].record) == "A pays B 13.5 jetons (13.5 jetons) (H-19)"


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        ({"A": -30, "B": 0, "C": 30}, [("A", "C", 30)]),
        ({"A": -30, "B": 50, "C": -20}, [("A", "B", 30), ("C", "B", 20)]),
        ({"A": 40, "B": -10, "C": -30}, [("C", "A", 30), ("B", "A", 10)]),
        ({"A": 0, "B": 0, "C": 0}, []),
    ],
)
def test_h19_fewest_payments(results, expected):
    assert fewest_payments({k: Fraction(v) for k, v in results.items()}) == expected


def test_h19_fewest_payments_pays_an_exact_match_alone_first():
    results = {"A": Fraction(-5), "B": Fraction(-20), "C": Fraction(5), "D": Fraction(20)}
    assert sorted(fewest_payments(results)) == [("A", "C", 5), ("B", "D", 20)]
