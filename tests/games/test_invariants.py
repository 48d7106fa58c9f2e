"""Invariants over random legal play (issue 6), in every system.

Manille (M-1 to M-4, M-11): random deals played with legal cards only (P-3 to P-6) and entered as trick
logs in short parties of every manille system: the points of a coup sum to its total (68, or 60 in
the Belgian family, the chien included), each camp made exactly the card and trick points of the
tricks it won, and every figure of the fiche adds up.

L'hombre (H-9 to H-18): random deals played with legal cards (H-1 to H-5), the tricks counted from the
play, the matadors from the hombre's hand, the bidding sometimes given: every coup is zero-sum, the
fiche adds up, and every bête made is a term of the system's regular series (H-18).

The default run plays a few hundred parties of each; `pytest -m slow` plays 10,000 of each. (The
referee's own properties over random deals are in referee/test_audit.py; the hombre money's over declared
coups in hombre/test_property.py.)
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cards import Card, Suit
from scorekeeper.errors import UserError
from scorekeeper.games import load, manille
from scorekeeper.games.hombre import HombreRules, Outcome, replay
from scorekeeper.games.manille import legal as manille_referee
from scorekeeper.games.manille.deck import MANILLE
from scorekeeper.games.manille.table import camps_of
from scorekeeper.games.spadille import legal as hombre_referee
from scorekeeper.games.spadille.deck import HOMBRE
from scorekeeper.referee import Relation
from scorekeeper.rulesets import Ruleset, builtin_names

DEFAULT = 300
SLOW = 10_000
SYSTEMS = {name: load(name) for name in builtin_names() if load(name).game == "manille"}
NAMES = ("Ana", "Bert", "Carla", "Dirk")
MANILLE_CARDS = MANILLE.cards


def runs(examples: int) -> Callable[[Any], Any]:
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- manille ----------------------------------------------------------------------------------------


def play_deal(
    seats: Sequence[str],
    hands: dict[str, list[Card]],
    leader: str,
    partners: Callable[[str, str], bool],
    legal: Callable[[list[Card], list[tuple[Relation, Card]]], Sequence[Card]],
    winner: Callable[[Sequence[Card]], int],
    rng: random.Random,
) -> tuple[list[list[Card]], list[str]]:
    """Every hand played out, a random legal card each turn: the log and who won each trick."""
    hands = {seat: list(hand) for seat, hand in hands.items()}
    log, winners = [], []
    lead = seats.index(leader)
    for _ in range(len(hands[leader])):
        order = [*seats[lead:], *seats[:lead]]
        trick: list[tuple[str, Card]] = []
        for seat in order:
            seen = [(Relation.PARTNER if partners(who, seat) else Relation.OPPONENT, card) for who, card in trick]
            card = rng.choice(list(legal(hands[seat], seen)))
            hands[seat].remove(card)
            trick.append((seat, card))
        log.append([card for _, card in trick])
        won = order[winner(log[-1])]
        winners.append(won)
        lead = seats.index(won)
    return log, winners


def manille_coup(ruleset: Ruleset, players: Sequence[str], dealer: str, rng: random.Random) -> tuple[dict, dict]:
    """One deal of `ruleset`, played legally: the coup as declared, and the points each seat's tricks hold."""
    rules = ruleset.rules
    table = manille.seating(players, rules)
    seats = table.seats
    cards = list(MANILLE_CARDS)
    rng.shuffle(cards)
    size = rules.tricks
    hands = {seat: cards[place * size : (place + 1) * size] for place, seat in enumerate(seats)}
    coup: dict[str, Any] = {}
    taker = None
    if rules.trump_from == "retourne":
        retourne = rng.choice(hands[dealer])  # M-5: the dealer's last card, which he plays in the coup
        trump: Suit | None = retourne.suit
        coup["retourne"] = retourne.ascii
    else:
        trump = None if rules.sans_atout and rng.random() < 0.25 else rng.choice(list(Suit))
        coup["trump"] = "SA" if trump is None else trump.value
        if rules.trump_from == "taker":
            taker = rng.choice(players)
            coup |= {"taker": taker, "bid": rng.randint(1, rules.total)}
        elif rules.trump_from == "dealer-or-partner" and rng.random() < 0.3:
            coup["chooser"] = seats[(seats.index(dealer) + 2) % 4]  # passe-parole (M-10)
        elif rules.trump_from == "announced" and rng.random() < 0.5:
            coup["chooser"] = rng.choice(players)
    camps = camps_of(table, rules, dealer, taker)
    camp_of = {seat: number for number, camp in enumerate(camps) for seat in camp}
    if rules.contre and rng.random() < 0.3:
        choosing = camp_of[coup.get("chooser", dealer)]
        coup["contre"] = rng.choice([p for p in players if camp_of[p] != choosing])
        if rules.surcontre and rng.random() < 0.5:
            coup["surcontre"] = rng.choice([p for p in players if camp_of[p] == choosing])
    if rules.chien and rng.random() < 0.5:
        coup["exchange"] = rng.randint(0, 2)
    leader = {"dealer": dealer, "taker": taker}.get(rules.first_lead) or seats[(seats.index(dealer) + 1) % len(seats)]
    log, winners = play_deal(
        seats,
        hands,
        leader,
        lambda a, b: camp_of[a] == camp_of[b],
        lambda hand, seen: manille_referee.legal_cards(hand, seen, trump, rules),
        lambda played: manille_referee.trick_winner(played, trump, rules),
        rng,
    )
    coup["tricks"] = [[card.ascii for card in trick] for trick in log]
    # M-1, M-2: the points of each trick to its winner, counted here from the cards themselves.
    points = dict.fromkeys(seats, 0)
    for trick, won in zip(log, winners, strict=True):
        points[won] += sum(rules.points[card.rank] for card in trick) + rules.trick_points
    return coup, points


def manille_partie(ruleset: Ruleset, seed: int, count: int) -> None:
    rules = ruleset.rules
    rng = random.Random(seed)
    players = NAMES[: rules.players]
    first = rng.choice(players)
    declared: list[dict] = []
    held: list[dict] = []  # the points each seat's tricks hold, per coup
    for _ in range(count):
        before = manille.replay(ruleset, players, first, declared)
        if before.over:
            break
        coup, points = manille_coup(ruleset, players, before.next_dealer, rng)
        for attempt in (coup, _without_calls(coup), {"retourne": coup.get("retourne")}):
            try:
                manille.replay(ruleset, players, first, [*declared, attempt])
            except UserError as error:
                # A call past the cap (M-6), or a retourne that ends the manche before play (M-5).
                assert "cap" in str(error) or "ends the manche" in str(error), str(error)
                continue
            declared.append(attempt)
            held.append(points)
            break
    fiche = manille.replay(ruleset, players, first, declared)
    check_manille_fiche(fiche, held)


def _without_calls(coup: dict) -> dict:
    return {key: value for key, value in coup.items() if key not in ("contre", "surcontre")}


def check_manille_fiche(fiche: manille.Fiche, held: list[dict]) -> None:
    rules = fiche.rules
    start = [0] * len(fiche.sides)
    for result, points in zip(fiche.coups, held, strict=True):
        assert result.coup.renonce is None  # legal play: the referee proves no renonce
        if result.played:
            assert result.made is not None and len(result.tricks) == rules.tricks
            assert sum(result.made) == rules.total, result.log  # M-3: the points of a coup sum to its total
            chien = rules.total - sum(points.values())  # M-11: the chien goes to the dealer's tricks
            expected = [sum(points[seat] for seat in camp) + (chien if result.dealer in camp else 0)
                        for camp in result.camps]  # fmt: skip
            assert list(result.made) == expected, result.log
            if rules.sides == "dealer":
                assert sum(result.scored) == 0, result.log  # M-11: the scores always sum to zero
            if rules.sides == "each":
                assert sum(result.scored) == rules.total, result.log  # M-14: each adds his own points
        else:
            assert result.made is None and result.manche_won_by is not None  # M-5: the retourne ended it
        assert rules.sides == "dealer" or all(score >= 0 for score in result.scored)  # only M-11 takes away
        assert [a + b for a, b in zip(start, result.scored, strict=True)] == list(result.scores), result.log
        start = [0] * len(start) if result.manche_won_by is not None else list(result.scores)  # M-9: a new manche
    assert list(fiche.scores) == start or fiche.over


manille_parties = given(
    system=st.sampled_from(sorted(SYSTEMS)), seed=st.integers(0, 2**32 - 1), count=st.integers(1, 4)
)


@runs(DEFAULT)
@manille_parties
def test_m3_random_legal_deals_of_every_system_make_the_coup_total(system, seed, count):
    manille_partie(SYSTEMS[system], seed, count)


@pytest.mark.slow
@runs(SLOW)
@manille_parties
def test_m3_ten_thousand_random_legal_parties_make_the_coup_total(system, seed, count):
    manille_partie(SYSTEMS[system], seed, count)


# --- l'hombre ---------------------------------------------------------------------------------------

PLAYERS = ("Ana", "Bea", "Cid")
HOMBRE_CARDS = HOMBRE.cards


def in_series(amount: int, system: str) -> bool:
    """H-18: 3 et 2: 27, 54, then +18; 2 et 1: 18, then +9; 3 et 1: 27, then +9."""
    if system == "3-2":
        return amount == 27 or (amount >= 54 and (amount - 54) % 18 == 0)
    first = 18 if system == "2-1" else 27
    return amount >= first and (amount - first) % 9 == 0


def hombre_coup(rules: HombreRules, dealer: str, rng: random.Random) -> dict[str, Any]:
    """One deal played legally (H-1 to H-5) and declared: the tricks from the play, the hand for the matadors."""
    if rng.random() < 0.15:
        return {"pass": True}
    cards = list(HOMBRE_CARDS)
    rng.shuffle(cards)
    hands = {player: cards[place * 9 : (place + 1) * 9] for place, player in enumerate(PLAYERS)}
    trump = rng.choice(list(Suit))
    premier = PLAYERS[(PLAYERS.index(dealer) + 1) % 3]
    _, winners = play_deal(
        PLAYERS,
        hands,
        premier,
        lambda a, b: False,
        lambda hand, seen: hombre_referee.legal_cards(hand, [card for _, card in seen], trump),
        lambda played: hombre_referee.trick_winner(played, trump),
        rng,
    )
    hombre = rng.choice(PLAYERS)
    contract = rng.choice(["demande", "sans-prendre", "vole", *(["retourne"] if rules.retourne_contract else [])])
    coup: dict[str, Any] = {
        "hombre": hombre,
        "contract": contract,
        "tricks": {player: winners.count(player) for player in PLAYERS},
    }
    if rng.random() < 0.5:  # H-15: the matadors counted from his hand
        coup |= {"trump": trump.value.lower(), "hand": " ".join(card.ascii for card in hands[hombre])}
    if contract != "vole" and winners[:5] == [hombre] * 5 and rng.random() < 0.5:
        coup["vole_engagee"] = True  # H-11: he took the first five and played on
    if hombre == premier and rng.random() < 0.5:  # H-7: the premier bids, the two others pass
        coup["bids"] = [contract, "pass", "pass"]
    return coup


def hombre_partie(rules: HombreRules, seed: int, count: int) -> None:
    rng = random.Random(seed)
    first = rng.choice(PLAYERS)
    declared = [hombre_coup(rules, PLAYERS[(PLAYERS.index(first) + n) % 3], rng) for n in range(count)]
    try:
        fiche = replay(rules, PLAYERS, first, declared)
    except UserError as error:  # H-19: the coups after the end of the partie are refused
        over = re.match(r"coup (\d+): the partie is over", str(error))
        assert over, str(error)
        fiche = replay(rules, PLAYERS, first, declared[: int(over.group(1)) - 1])
    running = dict.fromkeys(PLAYERS, 0)
    for result in fiche.coups:
        nets = {player: result.net(player) for player in PLAYERS}
        assert sum(nets.values()) == 0, result.log  # H-12: every coup is zero-sum
        for player in PLAYERS:
            running[player] += nets[player]
        assert result.balances == tuple(running[player] for player in PLAYERS), result.log
        if result.bete_made is not None:
            assert result.outcome.makes_bete
            assert in_series(result.bete_made.amount, rules.system), (rules.system, result.bete_made)  # H-18
        if result.outcome is Outcome.PASSED:
            assert result.payments == ()
    assert sum(fiche.holdings(player) for player in PLAYERS) == rules.cave * sum(fiche.caves)  # no jeton lost


hombre_parties = given(
    system=st.sampled_from(["3-2", "2-1", "3-1"]),
    payments=st.sampled_from(["double", "simple"]),
    retourne=st.booleans(),
    poules=st.sampled_from([2, 5, 1000]),
    cave=st.sampled_from([200, 30]),
    seed=st.integers(0, 2**32 - 1),
    count=st.integers(1, 12),
)


@runs(DEFAULT)
@hombre_parties
def test_h12_h18_random_legal_parties_are_zero_sum_with_regular_betes(
    system, payments, retourne, poules, cave, seed, count
):
    rules = HombreRules(system=system, payments=payments, retourne_contract=retourne, poules=poules, cave=cave)
    hombre_partie(rules, seed, count)


@pytest.mark.slow
@runs(SLOW)
@hombre_parties
def test_h12_h18_ten_thousand_random_legal_parties_are_zero_sum_with_regular_betes(
    system, payments, retourne, poules, cave, seed, count
):
    rules = HombreRules(system=system, payments=payments, retourne_contract=retourne, poules=poules, cave=cave)
    hombre_partie(rules, seed, count)
