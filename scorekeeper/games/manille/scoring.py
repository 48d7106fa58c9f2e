"""The rules of the manille score, one function each (M-4 to M-8, M-11, M-13, M-14)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from scorekeeper.cards import Card
from scorekeeper.games.manille.declaration import Coup
from scorekeeper.games.manille.rules import ManilleRules
from scorekeeper.games.manille.table import Table


def retourne_bonus(card: Card, rules: ManilleRules) -> int:
    """M-5: the retourne belongs to the dealer; its card points go to his side before the coup."""
    return rules.points[card.rank] if rules.retourne_bonus else 0


def coup_score(made: int, rules: ManilleRules, multiplier: int) -> int:
    """M-4: the side with more points scores its excess over the baseline, times the multiplier."""
    return max(0, made - rules.baseline) * multiplier


def renonce_penalty(rules: ManilleRules, multiplier: int) -> int:
    """M-8: what the offended side scores; "max" is the most the coup could score with its multiplier."""
    if rules.renonce_penalty == "max":
        return (rules.total - rules.baseline) * multiplier
    return int(rules.renonce_penalty)


def renonce_cost(rules: ManilleRules) -> str:
    """M-8 in words, for the referee: what a renonce costs under this ruleset."""
    penalty = str(rules.renonce_penalty)
    if rules.renonce_penalty == "max":
        penalty = f"the most the coup could score ({rules.total - rules.baseline} times its multiplier)"
    if rules.sides == "each":
        return f"the coup is cancelled and the renonçant takes {penalty} points against him (M-8, M-14)"
    if rules.sides == "taker":
        return "by the taker, his bid fails; by another player, the taker's bid is made (M-8, M-13)"
    if rules.sides == "dealer":
        return (
            f"the coup is cancelled; each of the side offended scores {penalty}, twice that for the dealer (M-8, M-11)"
        )
    return f"the coup is cancelled and the other side scores {penalty} (M-8)"


def multiplier_of(rules: ManilleRules, sans_atout: bool, contre: bool, surcontre: bool, ties: int) -> int:
    """M-4, M-6: sans-atout, contre, surcontre and each tie carried multiply; `max` caps the product."""
    product = 2**ties if rules.tie_doubles_next else 1
    product *= rules.sans_atout_factor if sans_atout else 1
    product *= rules.contre_factor if contre else 1
    product *= rules.surcontre_factor if surcontre else 1
    return min(product, rules.max_multiplier) if rules.max_multiplier else product


def bid_share(bid: int, rules: ManilleRules) -> int:
    """M-13: a failed bid goes to the three others, each a third, rounded as the ruleset says."""
    return -(-bid // 3) if rules.share_rounding == "up" else bid // 3


@lru_cache(maxsize=64)  # the camps of a coup repeat: fixed sides, or one player against the others
def camp_names(camps: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    return tuple(" & ".join(camp) for camp in camps)


def score_coup(
    rules: ManilleRules, table: Table, camps: Sequence[Sequence[str]], made: Sequence[int], coup: Coup, multiplier: int
) -> tuple[list[int], list[str], bool, int | None]:
    """The columns' gains for a played coup, the log, whether it was a tie, and the camp that won it.

    M-4 (a side against a side), M-11 (the dealer alone: each defender scores the defenders' points less
    the baseline, the dealer twice his own), M-13 (the taker's bid), M-14 (each adds his own points).
    """
    gains = [0] * len(table.columns)
    log: list[str] = []
    names = camp_names(camps)
    times = f" x{multiplier}" if multiplier > 1 else ""
    if rules.sides == "each":
        for camp, points in zip(camps, made, strict=True):
            gains[table.column_of(camp[0])] += points
        log.append(", ".join(f"{name} +{points}" for name, points in zip(names, made, strict=True)) + " (M-14)")
        return gains, log, False, None
    log.append(f"{names[0]} {made[0]}, {names[1]} {made[1]} of {rules.total} (M-3)")
    if rules.sides == "taker":
        assert coup.taker is not None and coup.bid is not None
        if made[0] >= coup.bid:
            gains[table.column_of(coup.taker)] += coup.bid
            log.append(f"{coup.taker} makes {made[0]} ≥ his bid of {coup.bid}: +{coup.bid} (M-13)")
            return gains, log, False, 0
        share = bid_share(coup.bid, rules)
        for seat in camps[1]:
            gains[table.column_of(seat)] += share
        lost = coup.bid - 3 * share
        rest = f"; {lost} lost" if lost > 0 else ""
        log.append(f"{coup.taker} makes {made[0]} < his bid of {coup.bid}: +{share} to each other player{rest} (M-13)")
        return gains, log, False, 1
    if made[0] == made[1]:
        log.append(f"{made[0]}-{made[1]}: nobody scores (M-4)")
        return gains, log, True, None
    if rules.sides == "dealer":
        defenders = (made[1] - rules.baseline) * multiplier
        for seat in camps[1]:
            gains[table.column_of(seat)] += defenders
        gains[table.column_of(camps[0][0])] += -2 * defenders
        log.append(
            f"each defender ({made[1]} - {rules.baseline}){times} = {defenders:+}; "
            f"{camps[0][0]} twice his ({made[0]} - {rules.baseline}){times} = {-2 * defenders:+} (M-11)"
        )
        return gains, log, False, 0 if defenders < 0 else 1
    winner = 0 if made[0] > made[1] else 1
    gain = coup_score(made[winner], rules, multiplier)
    gains[table.column_of(camps[winner][0])] += gain
    excess = f"({made[winner]} - {rules.baseline}){times}" if times else f"{made[winner]} - {rules.baseline}"
    log.append(f"{excess} = {gain} to {names[winner]} (M-4)")
    return gains, log, False, winner


def score_renonce(
    rules: ManilleRules, table: Table, camps: Sequence[Sequence[str]], offender: str, coup: Coup, multiplier: int
) -> tuple[list[int], str, int | None]:
    """M-8: the coup is cancelled and the offended side scores the penalty.

    Each for himself (M-14, where points are bad) the renonçant takes the penalty; against the taker
    (M-13) the coup counts as the bid failed or made; against the dealer (M-11) the penalty goes to the
    side offended, doubled for the dealer, so that the sum stays zero.
    """
    gains = [0] * len(table.columns)
    penalty = renonce_penalty(rules, multiplier)
    own = next(i for i, camp in enumerate(camps) if offender in camp)
    if rules.sides == "each":
        gains[table.column_of(offender)] += penalty
        return gains, f"renonce by {offender}: coup cancelled, +{penalty} against him (M-8, M-14)", None
    if rules.sides == "taker":
        assert coup.taker is not None and coup.bid is not None
        if own == 0:
            share = bid_share(coup.bid, rules)
            for seat in camps[1]:
                gains[table.column_of(seat)] += share
            return (
                gains,
                f"renonce by the taker {offender}: his bid fails, +{share} to each other player (M-8, M-13)",
                1,
            )
        gains[table.column_of(coup.taker)] += coup.bid
        return gains, f"renonce by {offender}: the taker's bid is made, +{coup.bid} to {coup.taker} (M-8, M-13)", 0
    if rules.sides == "dealer":
        sign = -1 if own == 0 else 1
        for seat in camps[1]:
            gains[table.column_of(seat)] += -sign * penalty
        gains[table.column_of(camps[0][0])] += 2 * sign * penalty
        line = (
            f"renonce by {offender}: coup cancelled, {-sign * penalty:+} to each defender, "
            f"{2 * sign * penalty:+} to the dealer (M-8, M-11)"
        )
        return gains, line, 1 - own
    offended = 1 - own
    gains[table.column_of(camps[offended][0])] += penalty
    return gains, f"renonce by {offender}: coup cancelled, +{penalty} to {' & '.join(camps[offended])} (M-8)", offended
