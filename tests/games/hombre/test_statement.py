"""A player's statement reconciles with his result (issue 30, RULES H-12 to H-19): every payment is a line,
the split of each bête left, each bête made and each recave with its coup (amount 0), the rounding of
`settle --whole`; the amounts always sum to the result. Checked on random parties."""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.games.hombre import HombreRules, replay, settle
from scorekeeper.games.hombre.settle import close_halves, statement
from tests.games.hombre.test_property import PLAYERS, SYSTEMS, parties, replay_until_over


def check_statements(rules, dealer, declared, whole):
    fiche = replay_until_over(rules, dealer, declared)
    for player in PLAYERS:  # mid-partie: the lines sum to where he stands so far
        mine = statement(fiche, None, player)
        assert sum(line.amount for line in mine.lines) == mine.result == fiche.balances[PLAYERS.index(player)]
    settled = settle(fiche, early=True, whole=whole)
    for place, player in enumerate(PLAYERS):
        mine = statement(fiche, settled, player)
        assert sum(line.amount for line in mine.lines) == mine.result == settled.results[place].result
        made = [result.number for result in fiche.coups if result.bete_made and result.bete_made.owner == player]
        noted = [line.coup for line in mine.lines if line.record.event == "bete_made"]
        assert noted == made  # each bête made is a line of its coup, amount 0
        recaves = [line for line in mine.lines if line.record.event == "recave"]
        assert sum(line.record.values["more"] for line in recaves) == fiche.caves[place] - 1
        assert all(line.amount == 0 and line.coup for line in recaves)
        assert mine.as_dict()["result"] == pytest.approx(float(mine.result))
    if whole:
        assert all(Fraction(result.result).denominator == 1 for result in settled.results)
        assert sum(result.result for result in settled.results) == 0
        assert all(abs(result.rounding) <= Fraction(1, 2) for result in settled.results)


@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=334, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), whole=st.booleans())
def test_h19_statement_lines_sum_to_the_result_on_1000_random_parties(system, data, whole):
    rules, dealer, declared = data.draw(parties(system, longest=120))
    check_statements(rules, dealer, declared, whole)


def test_h19_a_split_partie_states_the_split_of_each_bete_left():
    """The table the issue found: `end = split`, Cid's lines summed to -63 while his result was -87."""
    coups = [
        {"hombre": "B", "contract": "demande", "tricks": {"A": 4, "B": 3, "C": 2}},
        {"hombre": "C", "contract": "demande", "tricks": {"A": 3, "B": 3, "C": 3}},
        {"hombre": "C", "contract": "demande", "tricks": {"A": 5, "B": 2, "C": 2}},
        {"hombre": "A", "contract": "demande", "tricks": {"A": 5, "B": 2, "C": 2}},
    ]
    fiche = replay(HombreRules(poules=1, end="split"), PLAYERS, "A", coups)
    mine = statement(fiche, settle(fiche), "C")
    assert mine.result == -87 and sum(line.amount for line in mine.lines) == -87
    split = [line for line in mine.lines if line.coup is None]
    assert [(line.amount, line.other, line.record.event) for line in split] == [
        (-12, "A", "bete_split"),
        (-12, "B", "bete_split"),
    ]


def test_h12_whole_closes_the_pair_of_halves_the_half_to_the_player_behind():
    assert close_halves({"A": Fraction(55, 2), "B": Fraction(-45, 2), "C": -5}) == {
        "A": Fraction(-1, 2),
        "B": Fraction(1, 2),
        "C": 0,
    }


def test_h12_whole_on_equal_balances_the_half_goes_to_the_later_seat():
    rounding = close_halves({"A": Fraction(-27, 2), "B": 27, "C": Fraction(-27, 2)})
    assert rounding == {"A": Fraction(-1, 2), "B": 0, "C": Fraction(1, 2)}
