"""Random parties of l'hombre in every system: every coup zero-sum, no jeton created or lost, every bête in the
H-18 series, and the fiche consistent with its own payments (RULES H-12 to H-19)."""

import json
import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.errors import UserError
from scorekeeper.games.hombre import Coup, HombreRules, Outcome, replay, settle
from scorekeeper.i18n import as_json

PLAYERS = ("A", "B", "C")
SYSTEMS = ("3-2", "2-1", "3-1")


def series(system: str) -> set[int]:
    """H-18: 3 et 2: 27, 54, then +18; 2 et 1: 18, then +9; 3 et 1: 27, then +9."""
    if system == "3-2":
        return {27} | set(range(54, 100_000, 18))
    return set(range(18 if system == "2-1" else 27, 100_000, 9))


ALL_TRICKS = [(a, b, 9 - a - b) for a in range(10) for b in range(10 - a)]
# The shapes that matter, drawn often: vole, won, remise, codille and the shared codille.
SHAPES = [(9, 0, 0), (0, 9, 0), (0, 0, 9), (5, 2, 2), (4, 4, 1), (3, 3, 3), (1, 4, 4), (2, 5, 2), (6, 3, 0)]
PASS = {"pass": True}


def every_coup(tricks_list):
    """Every coup a table can declare with these tricks: hombre, contract, matadors, vole engagée."""
    found = []
    for made in tricks_list:
        for hombre in PLAYERS:
            tricks = dict(zip(PLAYERS, made, strict=True))
            for contract in ("demande", "retourne", "sans-prendre", "vole"):
                for matadors in (None, 0, 3, 5, 9):  # nine at most: a hand holds nine cards (H-15)
                    coup = {"hombre": hombre, "contract": contract, "tricks": tricks}
                    if matadors is not None:
                        coup["matadors"] = matadors
                    found.append(coup)
                    if contract != "vole" and tricks[hombre] >= 5:
                        found.append({**coup, "vole_engagee": True})
    return found


# One draw a coup (drawing field by field made the data, not the engine, the slow part of the test).
COUPS = st.one_of(st.just(PASS), st.sampled_from(every_coup(SHAPES)), st.sampled_from(every_coup(ALL_TRICKS)))


def without_retourne(coup):
    """Under the 1709 rules there is no retourne contract (H-6): the same coup in demande."""
    return {**coup, "contract": "demande"} if coup.get("contract") == "retourne" else coup


@st.composite
def parties(draw, system: str, longest: int):
    rules = HombreRules(
        system=system,
        payments=draw(st.sampled_from(["double", "simple"])),
        retourne_contract=draw(st.booleans()),
        poules=draw(st.sampled_from([2, 5, 10**6])),
        end=draw(st.sampled_from(["split", "play-on"])),
        cave=draw(st.sampled_from([200, 30])),  # a small cave makes recaves happen
    )
    dealer = draw(st.sampled_from(PLAYERS))
    declared = draw(st.lists(COUPS, max_size=longest))
    return rules, dealer, declared if rules.retourne_contract else [without_retourne(c) for c in declared]


def replay_until_over(rules, dealer, declared):
    """The coups a table could declare: those after the end of the partie are refused (H-19)."""
    try:
        return replay(rules, PLAYERS, dealer, declared)
    except UserError as error:
        match = re.match(r"coup (\d+): the partie is over", str(error))
        assert match, str(error)
        return replay(rules, PLAYERS, dealer, declared[: int(match.group(1)) - 1])


def check_fiche(rules, dealer, declared):
    fiche = replay_until_over(rules, dealer, declared)
    running = dict.fromkeys(PLAYERS, Fraction(0))
    made = []
    for result in fiche.coups:
        nets = {player: result.net(player) for player in PLAYERS}
        assert sum(nets.values()) == 0, result.log  # every coup is zero-sum (H-12)
        for player in PLAYERS:
            running[player] += nets[player]
        assert result.balances == tuple(running[player] for player in PLAYERS)
        for place, player in enumerate(PLAYERS):
            holdings = rules.cave * result.caves[place] + running[player]
            assert holdings >= 0  # a player who cannot pay takes another cave (H-12)
        assert all(p.jetons > 0 and p.payer != p.payee and p.why.rule.startswith("H-") for p in result.payments)
        assert result.enjeu == result.poule + (result.bete.amount if result.bete else 0)  # H-14
        if result.bete_made is not None:
            assert result.outcome.makes_bete and result.bete_made.amount == result.enjeu
            made.append(result.bete_made.amount)
        if result.outcome is Outcome.PASSED:
            assert result.payments == ()
    # No jeton created or lost: the jetons in front of the players are exactly the caves they took.
    holdings = sum(fiche.holdings(player) for player in PLAYERS)
    assert holdings == rules.cave * sum(fiche.caves)
    assert sum(fiche.balances) == 0
    assert set(made) <= series(rules.system), made  # H-18, the check of H-16
    # Every bête made is owed once (in play or waiting) or settled once.
    owed = {bete.number for bete in fiche.betes_owed}
    settled = {fate.bete.number for fate in fiche.betes if fate.status in ("paid", "shared", "cancelled")}
    assert not owed & settled and owed | settled == set(range(1, len(made) + 1))
    if not fiche.over:
        assert fiche.marks >= 1 and fiche.poule == 9 * fiche.marks
    json.dumps(fiche.as_dict(), default=as_json)  # as `sheet --json` writes it: records with their text
    for result, data in zip(fiche.coups, declared, strict=False):
        assert Coup.from_dict(result.coup.to_dict(), rules, PLAYERS, result.dealer) == result.coup
        assert result.coup == Coup.from_dict(data, rules, PLAYERS, result.dealer)
    settlement = settle(fiche, early=True)
    results = {r.name: r.result for r in settlement.results}
    assert sum(results.values()) == 0 and len(settlement.transfers) <= 2
    for transfer in settlement.transfers:
        results[transfer.payer] += transfer.jetons
        results[transfer.payee] -= transfer.jetons
        assert transfer.fiches * rules.fiche + transfer.rest == transfer.jetons and 0 <= transfer.rest < rules.fiche
    assert set(results.values()) == {0}


@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_h12_every_coup_is_zero_sum_and_no_jeton_is_created_or_lost(system, data):
    rules, dealer, declared = data.draw(parties(system, longest=40))
    check_fiche(rules, dealer, declared)


@pytest.mark.slow
@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_h12_every_coup_is_zero_sum_and_no_jeton_is_created_or_lost_long_run(system, data):
    rules, dealer, declared = data.draw(parties(system, longest=300))
    check_fiche(rules, dealer, declared)
