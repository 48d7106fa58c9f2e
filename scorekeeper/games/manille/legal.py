"""Manille: who wins a trick and which cards a player may play (RULES P-1 to P-10).

Pure: no I/O. The obligations are four filters applied in the rule book's order: P-3 follow suit,
P-4 go over, P-5 trump, P-6 under-trump. Each narrows the cards the previous ones left, so the
first filter that drops a card is the rule that card breaks (P-10). P-7 (partner master), P-8
(sans-atout) and P-9 (trump led) are the conditions under which the filters stand aside.

The audit asks of every play only whether its card was legal: `illegal_plays` answers that for a
whole log without building the legal cards or their reasons; `judge` explains the plays it finds.

>>> from scorekeeper.games import load
>>> rules = load("manille-muette").rules
>>> hand = [Card.parse(c) for c in "9h 8c 7s".split()]
>>> legal_cards(hand, [(Relation.OPPONENT, Card.parse("Kh"))], Suit.SPADES, rules)
(Card(rank=<Rank.NINE: '9'>, suit=<Suit.HEARTS: 'H'>),)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from scorekeeper.cards import Card, Rank, Suit
from scorekeeper.explain import Record, record
from scorekeeper.fast import memo
from scorekeeper.games.manille.deck import MANILLE
from scorekeeper.games.manille.rules import ManilleRules
from scorekeeper.referee import LEADS, Cards, Duty, Relation, Verdict, check_position, narrow, verdict


# Asked for every trick and every play audited: 0.22 µs a call memoised, 1.1 to 1.5 µs made again (timeit; issue 25).
@memo
def _strength(order: tuple[Rank, ...]) -> dict[Rank, int]:
    """P-1: a rank's strength inside its suit, the higher the stronger (the answer is shared: not to be changed)."""
    return {rank: len(order) - place for place, rank in enumerate(order)}


def _beats(card: Card, master: Card, trump: Suit | None, strength: dict[Rank, int]) -> bool:
    """P-2: does `card`, played after `master`, take the trick from it? (The master card is always of
    the suit led or a trump, so a card of a third suit never does.) P-1 orders a suit: `strength`."""
    if card.suit is master.suit:
        return strength[card.rank] > strength[master.rank]
    return card.suit is trump


def trick_winner(cards: Sequence[Card], trump: Suit | None, rules: ManilleRules) -> int:
    """P-2: the index (in play order) of the highest trump, else of the highest card of the suit led.

    With `trump` None (sans-atout, P-8) no card trumps. The order inside a suit is `rules.order` (P-1).
    """
    return trick_winners([cards], trump, rules)[0] if cards else 0


def trick_winners(tricks: Sequence[Sequence[Card]], trump: Suit | None, rules: ManilleRules) -> list[int]:
    """P-2 for every trick of a log (none empty), as `trick_winner` answers for one: the audit asks it of
    every log."""
    strength = _strength(rules.order)
    winners = []
    for cards in tricks:
        master = cards[0]
        suit, floor = master.suit, strength[master.rank]
        for card in cards:  # `_beats`, written out: it is asked of every card of every log
            if card.suit is suit:
                if strength[card.rank] > floor:  # the card led does not beat itself
                    master, floor = card, strength[card.rank]
            elif card.suit is trump:
                master, suit, floor = card, trump, strength[card.rank]
        winners.append(cards.index(master))
    return winners


# A NamedTuple, not a frozen dataclass: one is built at every play audited, in 0.8 µs against 2.1 µs. With
# this and the audit's `TrickResult` as dataclasses, 3,000 trick logs are audited in 0.22 s, not 0.17 s
# (bench/bench.py's audit, medians of runs interleaved; issue 25).
class _Table(NamedTuple):
    """The trick in progress as the player about to play sees it."""

    led: Suit
    trump: Suit | None
    master: Card
    partner_master: bool
    trumped: bool  # a plain suit was led and a trump is master, so it is the highest trump there
    rules: ManilleRules

    def beats_master(self, card: Card) -> bool:
        return _beats(card, self.master, self.trump, _strength(self.rules.order))


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
    return Duty("P-3", following, lambda: record("duty.follow", None, suit=table.led, cards=Cards(following)))


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
    return Duty("P-4", higher, lambda: record("duty.go_over", None, master=table.master, cards=Cards(higher)))


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

    def reason() -> Record:
        if table.trumped:
            return record("duty.over_trump", None, master=table.master, cards=Cards(winning))
        return record("duty.trump", None, suit=table.led, master=table.master, cards=Cards(winning))

    return Duty("P-5", winning, reason)


def _undertrump_barred(rules: ManilleRules) -> bool:
    """P-6: the ruleset's `undertrump`, read here and nowhere else. `"free"`: a player who cannot
    become master plays any card; `"only-if-no-other"` bars an under-trump while another card may go."""
    return rules.undertrump != "free"


def undertrump(cards: tuple[Card, ...], table: _Table) -> Duty | None:
    """P-6: under `"only-if-no-other"` (`_undertrump_barred`), when a plain suit was led and a trump is
    in the trick, a void player may play a trump lower than the highest one there only when he holds
    nothing else he may play; so also under a partner's trump (P-7). A trump lead is left to P-3 and P-4.
    """
    if not _undertrump_barred(table.rules) or not table.trumped:
        return None
    if any(card.suit is table.led for card in cards):
        return None
    others = tuple(card for card in cards if card.suit is not table.trump or table.beats_master(card))
    if not others or len(others) == len(cards):
        return None
    # Under a partner's trump a player reads P-7 as freedom: the reason says the trump is the partner's and
    # that this ruleset bars the under-trump even so, which P-7 leaves standing ("subject to P-6").
    event = "duty.no_undertrump_partner" if table.partner_master else "duty.no_undertrump"
    return Duty("P-6", others, lambda: record(event, None, master=table.master, cards=Cards(others)))


_RULES = (follow_suit, go_over, must_trump, undertrump)


def _latitude(cards: tuple[Card, ...], table: _Table | None) -> Record:
    """Why the player may choose among `cards`, the cards no rule narrowed further (P-6 to P-9)."""
    if table is None:
        return LEADS
    led = table.led
    if all(card.suit is led for card in cards):
        if table.partner_master:
            return record("latitude.partner_master", "P-7", suit=led)
        if table.trumped:
            return record("latitude.opponent_trumped", "P-4", suit=led)
        if all(table.beats_master(card) for card in cards):
            return record("latitude.all_go_over", "P-4", suit=led, master=table.master)
        return record("latitude.cannot_go_over", "P-4", suit=led, master=table.master)
    if table.trump is None:
        return record("latitude.sans_atout_void", "P-8", suit=led)
    if led is table.trump:
        return record("latitude.void_in_trumps_led", "P-9", suit=led)
    if table.partner_master:
        return record("latitude.partner_master_void", "P-7", suit=led)
    if all(card.suit is table.trump and table.beats_master(card) for card in cards):
        return record("latitude.all_trump_over", "P-5", suit=led, master=table.master)
    return record("latitude.cannot_beat", "P-6", suit=led, master=table.master)


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


def illegal_plays(
    tricks: Sequence[Sequence[tuple[str, Card]]],
    plays: Mapping[str, Sequence[Card]],
    partners: Callable[[str, str], bool],
    trump: Suit | None,
    rules: ManilleRules,
) -> list[tuple[int, int]]:
    """The plays of a log whose card was not among the legal cards of its player's hand (P-3 to P-10),
    as (index of the trick, place in it).

    Each trick holds its cards with their players, in play order. At trick `index` a player's hand is
    `plays[player][index:]`, his card first: the cards he plays from that trick on, as the audit
    rebuilds it. `partners(other, player)` tells whether `other` plays with `player` (P-7). The answer
    is `legal_cards`'s at every play, reached without building the cards or their reasons: the audit
    asks it of every log. The master card (P-2) is followed as a trick is walked, and a hand is read,
    and a partner asked for, only where a rule needs it.
    """
    strength = _strength(rules.order)
    strict = _undertrump_barred(rules)
    illegal = []
    places = range(1, len(tricks[0])) if tricks else range(0)  # a log's tricks are all of one size
    for index, trick in enumerate(tricks):
        master_player, master = trick[0]
        led = master_suit = master.suit
        floor = strength[master.rank]
        for place in places:
            player, card = trick[place]
            suit, power = card.suit, strength[card.rank]
            # P-2, as `_beats` says it: does the card take the trick from the master card?
            takes = power > floor if suit is master_suit else suit is trump
            if suit is led:
                # P-3 is met. P-4 asks more only of a card under an opponent's card of the led suit (P-7;
                # P-9 on a trump lead): a higher one, when the hand holds one.
                if not takes and master_suit is led and not partners(master_player, player):
                    for held in plays[player][index:]:
                        if held.suit is led and strength[held.rank] > floor:
                            illegal.append((index, place))
                            break
            elif trump is None or led is trump or takes:
                # P-8 (sans-atout); P-9 (void in trumps); a trump that takes the trick is what P-5 asks
                # and what P-6 leaves: only P-3 may be broken.
                for held in plays[player][index:]:
                    if held.suit is led:
                        illegal.append((index, place))
                        break
            elif not _allows_under(
                plays[player][index:],
                card,
                master_suit,
                floor,
                partners(master_player, player),
                led,
                trump,
                strength,
                strict,
            ):
                illegal.append((index, place))
            if takes:
                master_player, master_suit, floor = player, suit, power
    return illegal


def _allows_under(
    hand: Sequence[Card],
    card: Card,
    master_suit: Suit,
    floor: int,
    partner_master: bool,
    led: Suit,
    trump: Suit,
    strength: dict[Rank, int],
    strict: bool,
) -> bool:
    """Do P-3, P-5 and P-6 (with P-7) leave `card`, from `hand`, on a plain lead with a trump set, when
    the card neither follows the led suit nor takes the trick: a discard, or a trump under the master
    trump? The master card is of `master_suit`, of strength `floor`; `strict`: P-6 bars under-trumping."""
    winning = plain = False  # the hand holds a trump that would take the trick; a card that is no trump
    for held in hand:
        if held.suit is led:
            return False  # P-3
        if held.suit is not trump:
            plain = True
        elif master_suit is not trump or strength[held.rank] > floor:
            winning = True
    if winning and not partner_master:
        return False  # P-5: he must trump, or over-trump (not under a partner, P-7)
    # P-6, where it bars under-trumping, asks for any other card: a winning trump or a plain one.
    return card.suit is not trump or not (strict and (winning or plain))


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
    check_position(hand, [played for _, played in trick], MANILLE, rules.seats, card)
    table = _table(trick, trump, rules) if trick else None
    duties = narrow(hand, _RULES, table) if table is not None else []
    return verdict(card, hand, duties, lambda legal: _latitude(legal, table), "P-3")
