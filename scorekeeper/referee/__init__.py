"""The referee: which cards may be played, who wins a trick, and the audit of a whole coup.

Pure rules, no I/O: `manille` (RULES P-1 to P-10) and `hombre` (H-1 to H-5) decide legality;
`audit` rebuilds hands from a trick log and proves or clears every play.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from scorekeeper.cards import Card, Deck
from scorekeeper.errors import UserError


class Relation(enum.Enum):
    """How the player who put a card in the trick stands to the player about to play (P-7)."""

    PARTNER = "P"
    OPPONENT = "O"


@dataclass(frozen=True, slots=True)
class Verdict:
    """The referee's answer for one play: legal or the rule it breaks, and the cards that were legal."""

    card: Card | None  # the card judged; None when only the legal cards were asked for
    legal: bool | None  # None when no card was judged
    rule: str | None  # the rule id broken (P-3 … P-6, H-3, H-4), None when legal
    legal_cards: tuple[Card, ...]
    explanation: str


# --- shared by both games' referees: each rule narrows the hand, in the rule book's order --------


def check_position(hand: Sequence[Card], trick: Sequence[Card], deck: Deck, trick_size: int) -> None:
    """Refuse a position that cannot happen at the table: a card outside the deck, a card twice, a full trick.

    Both games' `judge` call it; the referee functions themselves trust their input.
    """
    where_of: dict[Card, str] = {}
    for where, cards in (("in the hand", hand), ("on the table", trick)):
        for card in cards:
            if card not in deck:
                raise UserError(f"{card} ({where}) is not in the {deck.name} deck")
            if card in where_of:
                twice = f"twice {where}" if where_of[card] == where else "both in the hand and on the table"
                raise UserError(f"{card} is {twice}: each card exists once")
            where_of[card] = where
    if len(trick) >= trick_size:
        raise UserError(f"the trick already holds {len(trick)} cards: a trick has {trick_size}, nobody is left to play")


class Duty(NamedTuple):
    """What one rule leaves a player free to play, and why (told only when asked)."""

    rule: str
    cards: tuple[Card, ...]
    reason: Callable[[], str]


def narrow(hand: Sequence[Card], rules: Sequence[Callable[..., Duty | None]], *trick: object) -> list[Duty]:
    """Every rule that narrows the hand, in the rule book's order, each applied to what the last left.

    A rule takes the cards still allowed and the trick (`*trick`), and returns
    the cards it asks for, or None when it asks nothing of this hand.
    """
    cards = tuple(hand)
    duties = []
    for rule in rules:
        duty = rule(cards, *trick)
        if duty is not None:
            duties.append(duty)
            cards = duty.cards
    return duties


def verdict(
    card: Card | None,
    hand: Sequence[Card],
    duties: Sequence[Duty],
    latitude: Callable[[tuple[Card, ...]], str],
    follow_suit_rule: str,
) -> Verdict:
    """The referee's answer (P-10): the first rule that dropped `card` is the one it breaks.

    `latitude` says why the player may choose among the cards no rule narrowed further.
    """
    legal = duties[-1].cards if duties else tuple(hand)
    why = f"{duties[-1].reason()} ({duties[-1].rule})" if duties else ""
    # Once only the suit is set, the freedom left within it needs saying too.
    if not duties or duties[-1].rule == follow_suit_rule:
        why = "; ".join(filter(None, (why, latitude(legal))))
    if card is None:
        return Verdict(None, None, None, legal, why)
    broken = next((duty for duty in duties if card not in duty.cards), None)
    if broken is None:
        return Verdict(card, True, None, legal, f"{card} is legal: {why}")
    return Verdict(card, False, broken.rule, legal, f"{card} is a renonce: {broken.reason()} ({broken.rule})")
