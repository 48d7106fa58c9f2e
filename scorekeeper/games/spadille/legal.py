"""L'hombre: the order of the cards, who wins a trick and which cards a player may play (RULES H-1 to H-5,
D-1).

Pure: no I/O. The rules are fixed by the rule book (no ruleset flag). The 40-card deck has no 10, 9,
8; the black aces are always trumps, whatever the trump suit; each plays for himself. At a Danish nolo
(`trump` None, D-1) no suit is trump: the black aces are plain cards, the lowest of their suits, and a
player follows the suit led when he can.

>>> spades = [Card.parse(c) for c in "As 2s Ks".split()]  # a nolo: the ace of spades is the lowest spade
>>> spades[trick_winner(spades, None)], spades[trick_winner(spades[:2], None)]
(Card(rank=<Rank.KING: 'K'>, suit=<Suit.SPADES: 'S'>), Card(rank=<Rank.TWO: '2'>, suit=<Suit.SPADES: 'S'>))

>>> hand = [Card.parse(c) for c in "Ac 5d Kc".split()]  # the manille led forces the lone baste (H-4)
>>> [str(card) for card in legal_cards(hand, [Card.parse("7h")], Suit.HEARTS)]
['A♣']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.cards import Card, Rank, Suit
from scorekeeper.explain import Record, record
from scorekeeper.games.spadille.deck import HOMBRE
from scorekeeper.referee import LEADS, Cards, Duty, Verdict, check_position, narrow, verdict

ESPADILLE = Card(Rank.ACE, Suit.SPADES)
BASTE = Card(Rank.ACE, Suit.CLUBS)
PLAYERS = 3
TRICKS = 9  # nine cards each

_RED_PLAIN = tuple(Rank(rank) for rank in "K Q J A 2 3 4 5 6 7".split())
_BLACK_PLAIN = tuple(Rank(rank) for rank in "K Q J 7 6 5 4 3 2".split())
_BLACK_NOLO = (*_BLACK_PLAIN, Rank.ACE)  # D-1: no trump, the black ace is the lowest of its suit
# Below the three matadors; the red ace (ponte) comes fourth, the black aces are the matadors.
_RED_TRUMPS = tuple(Rank(rank) for rank in "A K Q J 2 3 4 5 6".split())
_BLACK_TRUMPS = tuple(Rank(rank) for rank in "K Q J 7 6 5 4 3".split())


def _manille_rank(trump: Suit) -> Rank:
    """H-2: the manille is the lowest card of the trump suit in its plain order: 7 in red, 2 in black."""
    return Rank.SEVEN if trump.is_red else Rank.TWO


def manille_of(trump: Suit) -> Card:
    """H-2: the second matador."""
    return Card(_manille_rank(trump), trump)


def matadors(trump: Suit) -> tuple[Card, Card, Card]:
    """H-2: espadille, manille, baste, high to low."""
    return (ESPADILLE, manille_of(trump), BASTE)


def matador_name(card: Card, trump: Suit) -> str | None:
    """`espadille`, `manille` or `baste` (the matadors, H-2), or None for any other card."""
    names = dict(zip(matadors(trump), ("espadille", "manille", "baste"), strict=True))
    return names.get(card)


def plain_order(suit: Suit) -> tuple[Card, ...]:
    """H-1: a suit that is not trump, high to low; the black suits have no ace (always a trump)."""
    return tuple(Card(rank, suit) for rank in (_RED_PLAIN if suit.is_red else _BLACK_PLAIN))


def trump_order(trump: Suit) -> tuple[Card, ...]:
    """H-2: the trumps high to low: 12 in a red suit (with the ponte), 11 in a black one."""
    rest = _RED_TRUMPS if trump.is_red else _BLACK_TRUMPS
    return (*matadors(trump), *(Card(rank, trump) for rank in rest))


def _powers(trump: Suit) -> Mapping[Card, int]:
    """Strength of every card with `trump` set: any trump above any plain card; H-1 inside a plain suit."""
    power: dict[Card, int] = {}
    for suit in Suit:
        if suit is not trump:
            order = plain_order(suit)
            power.update((card, len(order) - place) for place, card in enumerate(order))
    order = trump_order(trump)
    power.update((card, 100 + len(order) - place) for place, card in enumerate(order))
    return power


def _nolo_powers() -> Mapping[Card, int]:
    """D-1: the strength of every card at a nolo, inside its own suit alone."""
    power: dict[Card, int] = {}
    for suit in Suit:
        order = [Card(rank, suit) for rank in (_RED_PLAIN if suit.is_red else _BLACK_NOLO)]
        power.update((card, len(order) - place) for place, card in enumerate(order))
    return power


_POWER: dict[Suit | None, Mapping[Card, int]] = {trump: _powers(trump) for trump in Suit}
_POWER[None] = _nolo_powers()


# The predicates below run for every card of every audited play: they compare the enum members by
# identity rather than build and compare cards.
def _black_ace(card: Card) -> bool:
    return card.rank is Rank.ACE and (card.suit is Suit.SPADES or card.suit is Suit.CLUBS)


def suit_of(card: Card, trump: Suit | None) -> Suit:
    """H-1: the suit a card follows; the black aces belong to the trump suit, whatever it is (at a nolo,
    to their own, D-1)."""
    return trump if trump is not None and _black_ace(card) else card.suit


def is_trump(card: Card, trump: Suit | None) -> bool:
    """H-2: a card of the trump suit, or a black ace; none at a nolo (D-1)."""
    return trump is not None and (card.suit is trump or _black_ace(card))


def is_matador(card: Card, trump: Suit | None) -> bool:
    """H-2: espadille, manille or baste; none at a nolo (D-1)."""
    return trump is not None and (_black_ace(card) or (card.suit is trump and card.rank is _manille_rank(trump)))


def _ordinary_trump(card: Card, trump: Suit | None) -> bool:
    return is_trump(card, trump) and not is_matador(card, trump)


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """H-5: the index (in play order) of the highest trump, else of the highest card of the suit led."""
    power = _POWER[trump]
    led = suit_of(cards[0], trump)
    best, best_key = 0, power[cards[0]]
    for place in range(1, len(cards)):
        card = cards[place]
        if suit_of(card, trump) is led or is_trump(card, trump):
            key = power[card]
            if key > best_key:
                best, best_key = place, key
    return best


def follow_suit(cards: tuple[Card, ...], lead: Card, trump: Suit | None) -> Duty | None:
    """H-3: a player holding the suit led plays it, trumps being one suit with the two black aces.

    No obligation to trump, nor to go over, in any suit. On a trump lead only an ordinary trump
    obliges (then any trump will do): a hand whose trumps are all matadors is H-4's to judge.
    """
    led = suit_of(lead, trump)
    if trump is not None and led is trump:
        if not any(_ordinary_trump(card, trump) for card in cards):
            return None
        following = tuple(card for card in cards if is_trump(card, trump))
    else:
        following = tuple(card for card in cards if suit_of(card, trump) is led)
    if not following or len(following) == len(cards):
        return None

    def reason() -> Record:
        if led is trump:
            return record("duty.play_a_trump", None, cards=Cards(following))
        return record("duty.follow", None, suit=led, cards=Cards(following))

    return Duty("H-3", following, reason)


def matador_privilege(cards: tuple[Card, ...], lead: Card, trump: Suit | None) -> Duty | None:
    """H-4: a matador is never forced out by an ordinary trump lead; a matador led forces a lower one
    only from a holder with no ordinary trump, who must then play one of his matadors (any).

    Only the card led forces: a matador played second forces nothing; the baste, lowest, forces nothing.
    """
    if trump is None or not is_matador(lead, trump) or any(_ordinary_trump(card, trump) for card in cards):
        return None
    power = _POWER[trump]
    held = tuple(card for card in cards if is_matador(card, trump))
    if not any(power[card] < power[lead] for card in held) or len(held) == len(cards):
        return None

    def reason() -> Record:
        # A lower matador is forced out; a higher one, never forced, may be played instead: say so.
        higher = any(power[card] > power[lead] for card in held)
        key = "duty.matador_forced_or_higher" if higher else "duty.matador_forced"
        return record(key, None, matador=matador_name(lead, trump), lead=lead, cards=Cards(held))

    return Duty("H-4", held, reason)


_RULES = (follow_suit, matador_privilege)


_ANY_TRUMP = record("latitude.any_trump", "H-3")
_VOID_IN_TRUMPS = record("latitude.void_in_trumps", "H-3")


def _latitude(cards: tuple[Card, ...], lead: Card | None, trump: Suit | None) -> Record:
    """Why the player may choose among `cards`, the cards no rule narrowed further (H-3, H-4)."""
    if lead is None:
        return LEADS
    led = suit_of(lead, trump)
    if trump is None or led is not trump:
        if all(suit_of(card, trump) is led for card in cards):
            return record("latitude.any_of_suit", "H-3", suit=led)
        if trump is None:  # D-1: no trump at a nolo, any card will do
            return record("latitude.void_nolo", "D-1", suit=led)
        return record("latitude.void_no_trump", "H-3", suit=led)
    trumps = tuple(card for card in cards if is_trump(card, trump))
    if len(trumps) == len(cards):
        return _ANY_TRUMP
    if not trumps:
        return _VOID_IN_TRUMPS
    name = matador_name(lead, trump)
    if name is None:
        return record("latitude.ordinary_trump_led", "H-4", lead=lead, cards=Cards(trumps))
    return record("latitude.matador_not_forcing", "H-4", matador=name, lead=lead, cards=Cards(trumps))


def legal_cards(hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None) -> tuple[Card, ...]:
    """The cards of `hand` a player may play (H-3, H-4), in the hand's order.

    `trick` holds the cards already played, in play order. The input is trusted: `check_position`
    refuses an impossible one.
    """
    if not trick:
        return tuple(hand)
    duties = narrow(hand, _RULES, trick[0], trump)
    return duties[-1].cards if duties else tuple(hand)


def judge(hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, card: Card | None = None) -> Verdict:
    """Legal or the rule broken (H-3, then H-4), with the legal cards. A card not in the hand is the user's mistake."""
    check_position(hand, trick, HOMBRE, PLAYERS, card)
    lead = trick[0] if trick else None
    duties = narrow(hand, _RULES, lead, trump) if lead is not None else []
    return verdict(card, hand, duties, lambda legal: _latitude(legal, lead, trump), "H-3")
