"""Manille: who wins a trick and which cards a player may play (RULES P-1 to P-10).

Pure: no I/O. The obligations are four filters applied in the rule book's order: P-3 follow suit,
P-4 go over, P-5 trump, P-6 under-trump. Each narrows the cards the previous ones left, so the
first filter that drops a card is the rule that card breaks (P-10). P-7 (partner master), P-8
(sans-atout) and P-9 (trump led) are the conditions under which the filters stand aside.

>>> from scorekeeper.rulesets import load
>>> rules = load("manille-muette").rules
>>> hand = [Card.parse(c) for c in "9h 8c 7s".split()]
>>> legal_cards(hand, [(Relation.OPPONENT, Card.parse("Kh"))], Suit.SPADES, rules)
(Card(rank=<Rank.NINE: '9'>, suit=<Suit.HEARTS: 'H'>),)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from scorekeeper.cards import MANILLE, Card, Rank, Suit, format_cards
from scorekeeper.errors import UserError
from scorekeeper.referee import Duty, Relation, Verdict, check_position, narrow, verdict
from scorekeeper.rulesets import ManilleRules


@cache
def _strength(order: tuple[Rank, ...]) -> dict[Rank, int]:
    """P-1: a rank's strength inside its suit, the higher the stronger."""
    return {rank: len(order) - place for place, rank in enumerate(order)}


def _beats(card: Card, master: Card, trump: Suit | None, order: tuple[Rank, ...]) -> bool:
    """P-2: does `card`, played after `master`, take the trick from it? (The master card is always of
    the suit led or a trump, so a card of a third suit never does.) P-1 orders a suit."""
    if card.suit is master.suit:
        strength = _strength(order)
        return strength[card.rank] > strength[master.rank]
    return card.suit is trump


def trick_winner(cards: Sequence[Card], trump: Suit | None, rules: ManilleRules) -> int:
    """P-2: the index (in play order) of the highest trump, else of the highest card of the suit led.

    With `trump` None (sans-atout, P-8) no card trumps. The order inside a suit is `rules.order` (P-1).
    """
    best = 0
    for place in range(1, len(cards)):
        if _beats(cards[place], cards[best], trump, rules.order):
            best = place
    return best


# The referee runs for every play of every audited log: the per-play values are named tuples, which
# build several times faster than frozen dataclasses.
class _Table(NamedTuple):
    """The trick in progress as the player about to play sees it."""

    led: Suit
    trump: Suit | None
    master: Card
    partner_master: bool
    trumped: bool  # a plain suit was led and a trump is master, so it is the highest trump there
    rules: ManilleRules

    def beats_master(self, card: Card) -> bool:
        return _beats(card, self.master, self.trump, self.rules.order)


def _table(trick: Sequence[tuple[Relation, Card]], trump: Suit | None, rules: ManilleRules) -> _Table:
    best = trick_winner([card for _, card in trick], trump, rules)
    relation, master = trick[best]
    led = trick[0][1].suit
    trumped = master.suit is trump and led is not trump
    return _Table(led, trump, master, relation is Relation.PARTNER, trumped, rules)


def follow_suit(cards: tuple[Card, ...], table: _Table) -> Duty | None:
    """P-3: a player who holds the led suit must play it; this comes before every other rule.

    P-9: on a trump lead, the trumps are the suit to follow.
    """
    following = tuple(card for card in cards if card.suit is table.led)
    if not following or len(following) == len(cards):
        return None
    return Duty("P-3", following, lambda: f"must follow {table.led.symbol}: holds {format_cards(following)}")


def go_over(cards: tuple[Card, ...], table: _Table) -> Duty | None:
    """P-4: following suit while an opponent is master with a card of the led suit, go over it when he can.

    P-7: a partner master asks for nothing more; an opponent's trump on a plain lead asks only for the
    suit. P-9: on a trump lead the master card is of the led suit, so the player must go over it.
    """
    if table.partner_master or table.master.suit is not table.led:
        return None
    higher = tuple(card for card in cards if card.suit is table.led and table.beats_master(card))
    if not higher or len(higher) == len(cards):
        return None
    return Duty("P-4", higher, lambda: f"must go over the opponent's {table.master}: holds {format_cards(higher)}")


def must_trump(cards: tuple[Card, ...], table: _Table) -> Duty | None:
    """P-5: void in the led suit while an opponent is master, trump, and over-trump an opponent's trump,
    whenever a trump he holds would make him master.

    P-7: not when the partner is master; P-8: not in sans-atout; P-9: on a trump lead, a player void
    in it holds no trump.
    """
    if table.trump is None or table.led is table.trump or table.partner_master:
        return None
    if any(card.suit is table.led for card in cards):
        return None
    winning = tuple(card for card in cards if card.suit is table.trump and table.beats_master(card))
    if not winning or len(winning) == len(cards):
        return None

    def reason() -> str:
        if table.trumped:
            return f"must over-trump the opponent's {table.master}: holds {format_cards(winning)}"
        return (
            f"void in {table.led.symbol} under the opponent's {table.master}: must trump, holds {format_cards(winning)}"
        )

    return Duty("P-5", winning, reason)


def undertrump(cards: tuple[Card, ...], table: _Table) -> Duty | None:
    """P-6: the ruleset's `undertrump`, read here and nowhere else.

    `"free"`: a player who cannot become master plays any card. `"only-if-no-other"`: when a plain
    suit was led and a trump is in the trick, a void player may play a trump lower than the highest
    one there only when he holds nothing else he may play; so also under a partner's trump (P-7).
    A trump lead is left to P-3 and P-4.
    """
    if table.rules.undertrump == "free" or not table.trumped:
        return None
    if any(card.suit is table.led for card in cards):
        return None
    others = tuple(card for card in cards if card.suit is not table.trump or table.beats_master(card))
    if not others or len(others) == len(cards):
        return None
    return Duty("P-6", others, lambda: f"may not under-trump {table.master} while holding {format_cards(others)}")


_RULES = (follow_suit, go_over, must_trump, undertrump)


def _latitude(cards: tuple[Card, ...], table: _Table | None) -> str:
    """Why the player may choose among `cards`, the cards no rule narrowed further (P-6 to P-9)."""
    if table is None:
        return "leads the trick: any card"
    led = table.led.symbol
    if all(card.suit is table.led for card in cards):
        if table.partner_master:
            return f"partner master: any {led} (P-7)"
        if table.trumped:
            return f"an opponent has trumped: any {led} will do (P-4)"
        return f"no {led} above the opponent's {table.master}: any {led} (P-4)"
    if table.trump is None:
        return f"sans-atout, void in {led}: discards freely (P-8)"
    if table.led is table.trump:
        return f"void in trumps ({led}): any card (P-9)"
    if table.partner_master:
        return f"partner master, void in {led}: trumps or discards freely (P-7)"
    return f"void in {led}, cannot beat the opponent's {table.master}: any card (P-6)"


def legal_cards(
    hand: Sequence[Card], trick: Sequence[tuple[Relation, Card]], trump: Suit | None, rules: ManilleRules
) -> tuple[Card, ...]:
    """The cards of `hand` a player may play (P-3 to P-9), in the hand's order.

    `trick` holds the cards already played, in play order, each with the relation of its player to
    the one about to play. The input is trusted: `check_position` refuses an impossible one.
    """
    if not trick:
        return tuple(hand)
    duties = narrow(hand, _RULES, _table(trick, trump, rules))
    return duties[-1].cards if duties else tuple(hand)


def judge(
    hand: Sequence[Card],
    trick: Sequence[tuple[Relation, Card]],
    trump: Suit | None,
    rules: ManilleRules,
    card: Card | None = None,
) -> Verdict:
    """Legal or the rule broken (the first of P-3 to P-6 that `card` breaks, P-10), with the legal cards.

    Without `card`, only the legal cards and why. A card not in the hand is the user's mistake.
    """
    check_position(hand, [played for _, played in trick], MANILLE, rules.seats)
    if card is not None and card not in hand:
        raise UserError(f"{card} is not in the hand ({format_cards(hand)}): the card played must come from it")
    table = _table(trick, trump, rules) if trick else None
    duties = narrow(hand, _RULES, table) if table is not None else []
    return verdict(card, hand, duties, lambda legal: _latitude(legal, table), "P-3")
