"""Counting the hombre's matadors, faux matadors included (RULES H-2, H-15).

The order of the trumps (H-2) is the referee's (`scorekeeper.games.spadille.legal`), told once there.

>>> from scorekeeper.games.spadille.deck import HOMBRE
>>> count_matadors(HOMBRE.parse_many("As 7h Ac Ah Kh 2h 5c"), Suit.HEARTS)
5
"""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.cards import Card, Suit
from scorekeeper.games.spadille.legal import TRICKS, is_trump, trump_order

__all__ = ["TRICKS", "count_matadors", "is_trump", "most_matadors"]


def most_matadors(trump: Suit | None) -> int:
    """H-2, H-15: every trump can be a matador (12 in a red suit, 11 in a black one), but a hand holds
    nine cards: at most nine matadors, whatever the trump.

    >>> most_matadors(Suit.HEARTS), most_matadors(Suit.SPADES)
    (9, 9)
    """
    return min(TRICKS, 12 if trump is None or trump.is_red else 11)


def count_matadors(cards: Iterable[Card], trump: Suit) -> int:
    """H-15: the unbroken run of trumps from the espadille, counted only when the hombre held all three
    true matadors (espadille, manille, baste); 0 otherwise. The trumps after the baste are faux matadors.
    """
    held = set(cards)
    run = 0
    for card in trump_order(trump):
        if card not in held:
            break
        run += 1
    return run if run >= 3 else 0
