"""The rules of the manille score, one function each (M-4 to M-8, M-11, M-13, M-14)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.cards import Card
from scorekeeper.explain import Record, record
from scorekeeper.fast import memo
from scorekeeper.games.manille.declaration import Coup
from scorekeeper.games.manille.rules import CALL_RULES, ManilleRules
from scorekeeper.games.manille.table import Table

if TYPE_CHECKING:
    from scorekeeper.referee.proof import Renonce


def retourne_bonus(card: Card, rules: ManilleRules) -> int:
    """M-5: the retourne belongs to the dealer; its card points go to his side before the coup."""
    return rules.points[card.rank] if rules.retourne_bonus else 0


def coup_score(made: int, rules: ManilleRules, multiplier: int) -> int:
    """M-4: the side with more points scores its excess over the baseline, times the multiplier."""
    return max(0, made - rules.baseline) * multiplier


def renonce_penalty(rules: ManilleRules, multiplier: int) -> int:
    """M-8: what the offended side scores; "max" is the most the coup could score. `multiplier` is 1
    where the ruleset's `renonce_multiplied` says the coup's multiplier does not apply (replay). "bid"
    (M-13: the coup counts as the bid failed or made) has no points of its own: `score_renonce` prices it."""
    if rules.renonce_penalty == "max":
        return (rules.total - rules.baseline) * multiplier
    if rules.renonce_penalty == "bid":
        return 0
    return int(rules.renonce_penalty) * multiplier


def renonce_cost(rules: ManilleRules) -> Record:
    """M-8 as a record, for the referee: what a renonce costs under this ruleset (`renonce_cost.…`)."""
    penalty: int | Record = renonce_penalty(rules, 1)
    if rules.renonce_penalty == "max":
        most = "renonce_cost.most" if rules.renonce_multiplied else "renonce_cost.most_plain"
        penalty = record(most, None, points=rules.total - rules.baseline)
    elif rules.renonce_multiplied:
        penalty = record("renonce_cost.multiplied", None, points=penalty)
    if rules.sides == "each":
        return record("renonce_cost.each", "M-8, M-14", penalty=penalty)
    if rules.sides == "taker":
        if rules.renonce_penalty == "bid":
            return record("renonce_cost.taker", "M-8, M-13")
        return record("renonce_cost.taker_points", "M-8, M-13", penalty=penalty)
    if rules.sides == "dealer":
        return record("renonce_cost.dealer", "M-8, M-11", penalty=penalty)
    return record("renonce_cost.sides", "M-8", penalty=penalty)


# M-4, M-6: where the ruleset sets no `multipliers.max`, ten ties carried in a row (x1024) are the most a
# coup counts: an unbounded product grows past what a score can be written with after some 14,000 ties.
MOST_MULTIPLIER = 1024


def multiplier_cap(rules: ManilleRules) -> int:
    """M-6: the most a coup counts: the ruleset's `multipliers.max`, else MOST_MULTIPLIER."""
    return rules.max_multiplier or MOST_MULTIPLIER


def multiplier_product(rules: ManilleRules, sans_atout: bool, contre: bool, surcontre: bool, ties: int) -> int:
    """M-4, M-6: sans-atout, contre, surcontre and each tie carried multiply, before the cap (the ties
    counted only as far as the cap can be passed)."""
    product = 2 ** min(ties, multiplier_cap(rules).bit_length()) if rules.tie_doubles_next else 1
    return product * calls_factor(rules, sans_atout, contre, surcontre)


def calls_factor(rules: ManilleRules, sans_atout: bool, contre: bool, surcontre: bool) -> int:
    """M-6, M-7: what the coup's calls multiply it by, the ties carried aside."""
    factor = rules.sans_atout_factor if sans_atout else 1
    factor *= rules.contre_factor if contre else 1
    return factor * (rules.surcontre_factor if surcontre else 1)


def multiplier_of(rules: ManilleRules, sans_atout: bool, contre: bool, surcontre: bool, ties: int) -> int:
    """M-4, M-6: the coup's multiplier, capped by `multiplier_cap`.

    >>> from scorekeeper import games
    >>> multiplier_of(games.load("manillen").rules, False, False, False, 14_300)
    1024
    """
    return min(multiplier_product(rules, sans_atout, contre, surcontre, ties), multiplier_cap(rules))


def bid_share(bid: int, rules: ManilleRules) -> int:
    """M-13: a failed bid goes to the three others, each a third, rounded as the ruleset says."""
    return -(-bid // 3) if rules.share_rounding == "up" else bid // 3


# A replay says the same few lines again and again (a dealer deals, a retourne scores, 40 - 34 = 6 to a
# side): each is made once and shared, records being immutable. Only records of hashable values.
# 10,000 coups recomputed in 0.21 s with it, 0.25 to 0.29 s without (bench/bench.py, interleaved; issue 25).
said = memo(record)


def score_coup(
    rules: ManilleRules, table: Table, camps: Sequence[Sequence[str]], made: Sequence[int], coup: Coup, multiplier: int
) -> tuple[list[int], list[Record], bool, int | None]:
    """The columns' gains for a played coup, the log, whether it was a tie, and the camp that won it.

    M-4 (a side against a side), M-11 (the dealer alone: each defender scores the defenders' points less
    the baseline, the dealer twice his own), M-13 (the taker's bid), M-14 (each adds his own points).
    """
    gains = [0] * len(table.columns)
    if rules.sides == "each":
        for camp, points in zip(camps, made, strict=True):
            gains[table.column_of(camp[0])] += points
        scores = tuple(
            said("camp_points", None, side=camp, points=points) for camp, points in zip(camps, made, strict=True)
        )
        return gains, [record("each_scores", "M-14", scores=scores)], False, None
    log = [said("points_made", "M-3", camps=tuple(camps), made=tuple(made), total=rules.total)]
    if rules.sides == "taker":
        assert coup.taker is not None and coup.bid is not None
        if made[0] >= coup.bid:
            gains[table.column_of(coup.taker)] += coup.bid
            log.append(said("bid_made", "M-13", taker=coup.taker, made=made[0], bid=coup.bid))
            return gains, log, False, 0
        share = bid_share(coup.bid, rules)
        for seat in camps[1]:
            gains[table.column_of(seat)] += share
        lost = coup.bid - 3 * share
        failed = dict(taker=coup.taker, made=made[0], bid=coup.bid, share=share)
        log.append(
            said("bid_failed_rounded", "M-13", **failed, lost=lost)
            if lost > 0
            else said("bid_failed", "M-13", **failed)
        )
        return gains, log, False, 1
    if made[0] == made[1]:
        log.append(said("coup_tied", "M-4", points=made[0]))
        return gains, log, True, None
    if rules.sides == "dealer":
        defenders = (made[1] - rules.baseline) * multiplier
        for seat in camps[1]:
            gains[table.column_of(seat)] += defenders
        gains[table.column_of(camps[0][0])] += -2 * defenders
        shares = dict(defence=made[1], dealer=camps[0][0], dealer_points=made[0], baseline=rules.baseline)
        if multiplier > 1:
            line = said(
                "dealer_alone_times", "M-11", **shares, multiplier=multiplier, each=defenders, twice=-2 * defenders
            )
        else:
            line = said("dealer_alone", "M-11", **shares, each=defenders, twice=-2 * defenders)
        log.append(line)
        return gains, log, False, 0 if defenders < 0 else 1
    winner = 0 if made[0] > made[1] else 1
    gain = coup_score(made[winner], rules, multiplier)
    gains[table.column_of(camps[winner][0])] += gain
    won = dict(made=made[winner], baseline=rules.baseline, points=gain, side=tuple(camps[winner]))
    log.append(
        said("coup_won_times", "M-4", **won, multiplier=multiplier)
        if multiplier > 1
        else said("coup_won", "M-4", **won)
    )
    return gains, log, False, winner


class Price(NamedTuple):
    """What a renonce costs in this coup (M-8, P-10): the seats it goes to (the side offended; each for
    himself, the renonçant, against whom it counts), the points each of them scores, and the arithmetic:
    the ruleset's penalty and the multiplier where `renonce_multiplied` lets it apply (1 elsewhere)."""

    side: tuple[str, ...]
    points: int
    penalty: int
    multiplier: int
    to: str = "side"  # how it is said (`renonce_price.…`): to a side, to each of them, or against the renonçant

    @property
    def arithmetic(self) -> str:
        """`30 x 2 = 60`, or `34` where nothing multiplies it: figures, the same in every language."""
        return f"{self.penalty} x {self.multiplier} = {self.points}" if self.multiplier > 1 else str(self.points)

    @property
    def told(self) -> Record:
        """The price in words (`renonce_price.…`), M-8."""
        return record(f"renonce_price.{self.to}", "M-8", arithmetic=self.arithmetic, side=self.side)


def score_renonce(
    rules: ManilleRules, table: Table, camps: Sequence[Sequence[str]], offender: str, coup: Coup, multiplier: int
) -> tuple[list[int], Record, int | None, Price]:
    """M-8: the coup is cancelled and the offended side scores the penalty; and the renonce's price.

    Each for himself (M-14, where points are bad) the renonçant takes the penalty; against the taker
    (M-13) the coup counts as the bid failed or made; against the dealer (M-11) the penalty goes to the
    side offended, doubled for the dealer, so that the sum stays zero.
    """
    gains = [0] * len(table.columns)
    penalty = renonce_penalty(rules, multiplier)
    own = next(i for i, camp in enumerate(camps) if offender in camp)
    if rules.sides == "each":
        gains[table.column_of(offender)] += penalty
        price = Price((offender,), penalty, renonce_penalty(rules, 1), multiplier, "against")
        return gains, said("renonce_each", "M-8, M-14", player=offender, penalty=penalty), None, price
    if rules.sides == "taker":
        assert coup.taker is not None and coup.bid is not None
        if rules.renonce_penalty != "bid":  # the ruleset's own penalty (M-8): to each other player, or the taker
            plain = renonce_penalty(rules, 1)
            if own == 0:
                for seat in camps[1]:
                    gains[table.column_of(seat)] += penalty
                line = said("renonce_by_taker_points", "M-8, M-13", player=offender, penalty=penalty)
                return gains, line, 1, Price(tuple(camps[1]), penalty, plain, multiplier, "each")
            gains[table.column_of(coup.taker)] += penalty
            line = said("renonce_against_taker_points", "M-8, M-13", player=offender, penalty=penalty, taker=coup.taker)
            return gains, line, 0, Price((coup.taker,), penalty, plain, multiplier)
        if own == 0:  # M-13: the bid fails, each third rounded as the ruleset says, the rest lost and said
            share = bid_share(coup.bid, rules)
            for seat in camps[1]:
                gains[table.column_of(seat)] += share
            lost = coup.bid - 3 * share
            line = (
                said("renonce_by_taker_rounded", "M-8, M-13", player=offender, share=share, bid=coup.bid, lost=lost)
                if lost > 0
                else said("renonce_by_taker", "M-8, M-13", player=offender, share=share)
            )
            return gains, line, 1, Price(tuple(camps[1]), share, share, 1, "each")
        gains[table.column_of(coup.taker)] += coup.bid
        line = said("renonce_against_taker", "M-8, M-13", player=offender, bid=coup.bid, taker=coup.taker)
        return gains, line, 0, Price((coup.taker,), coup.bid, coup.bid, 1)
    offended = 1 - own
    price = Price(tuple(camps[offended]), penalty, renonce_penalty(rules, 1), multiplier)
    if rules.sides == "dealer":
        price = price._replace(to="each" if own == 0 else "dealer")
        sign = -1 if own == 0 else 1
        for seat in camps[1]:
            gains[table.column_of(seat)] += -sign * penalty
        gains[table.column_of(camps[0][0])] += 2 * sign * penalty
        line = said("renonce_dealer", "M-8, M-11", player=offender, each=-sign * penalty, twice=2 * sign * penalty)
        return gains, line, offended, price
    gains[table.column_of(camps[offended][0])] += penalty
    line = said("renonce_sides", "M-8", player=offender, penalty=penalty, side=tuple(camps[offended]))
    return gains, line, offended, price


class Outcome(NamedTuple):
    """A played coup scored: each column's gains, the multiplier it counted (M-6; 1 for a renonce the
    ruleset does not multiply, M-8) and what is told of it where the calls are (`multiplied`) and after
    the play (`lines`), whether it tied (M-4), the camp that won it, and the renonce's price."""

    gains: list[int]
    multiplier: int
    multiplied: tuple[Record, ...]
    lines: tuple[Record, ...]
    tie: bool
    winner: int | None
    price: Price | None


def score_outcome(
    rules: ManilleRules,
    table: Table,
    camps: Sequence[Sequence[str]],
    coup: Coup,
    renonce: str | None,
    made: Sequence[int] | None,
    product: int,
) -> Outcome:
    """A played coup scored from a renonce (M-8) or the points each camp made (M-4, M-11, M-13, M-14), with
    `product`, the coup's multiplier before the cap (`multiplier_product`): one scoring for the coup
    entered and the audit of a trick log, so that both say the same figure."""
    multiplier = min(product, multiplier_cap(rules))
    told: list[Record] = []
    if renonce is not None:
        if multiplier > 1 and not rules.renonce_multiplied:
            told.append(said("renonce_not_multiplied", "M-8", multiplier=multiplier))
            multiplier = 1
        gains, line, winner, price = score_renonce(rules, table, camps, renonce, coup, multiplier)
        lines, tie = [line], False
    else:
        assert made is not None
        gains, lines, tie, winner = score_coup(rules, table, camps, made, coup, multiplier)
        price = None
        if tie and rules.tie_doubles_next:
            lines.append(said("next_coup_doubled", "M-4"))
    told += multiplied(rules, product, multiplier, coup.contre is not None, coup)
    return Outcome(gains, multiplier, tuple(told), tuple(lines), tie, winner, price)


def multiplied(
    rules: ManilleRules, product: int, multiplier: int, called: bool = False, coup: Coup | None = None
) -> tuple[Record, ...]:
    """M-6: what is told of the coup's multiplier: what it counts, and where the cap stopped the ties
    carried (the ruleset's `max`, else MOST_MULTIPLIER; a call past a ruleset's `max` is refused at entry). A coup
    `called` (contre'd) in a system whose calls have their own rule cites it: the coinchée's coinche, M-7."""
    if multiplier <= 1:
        return ()
    rule = CALL_RULES[rules.call_words] if called else "M-6"
    told = (said("coup_multiplied", rule, multiplier=multiplier), *_carried(rules, product, coup))
    if product > multiplier:  # the ties carried went past the cap: the ruleset's `max` or MOST_MULTIPLIER
        return (*told, said("multiplier_capped", "M-6", cap=multiplier))
    return told


def _carried(rules: ManilleRules, product: int, coup: Coup | None) -> tuple[Record, ...]:
    """M-4: what the ties carried into `coup` give its multiplier, with the tied score (30-30 in the Belgian
    family), so that an x8 says where its x4 came from (issue 43); nothing where no tie is carried."""
    if coup is None or not rules.tie_doubles_next:
        return ()
    factor = product // calls_factor(rules, coup.sans_atout, coup.contre is not None, coup.surcontre is not None)
    if factor < 2:
        return ()
    tie = f"{rules.baseline}-{rules.baseline}"
    return (said("ties_carried", "M-4", ties=factor.bit_length() - 1, tie=tie, factor=factor),)


def not_charged(first: Renonce) -> Record:
    """M-8: a renonce after the first of the coup is not charged: the coup was cancelled at the first."""
    return record("renonce_not_charged", "M-8", trick=first.trick, player=first.player)
