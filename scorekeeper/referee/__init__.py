"""The referee: which cards may be played, who wins a trick, and the audit of a whole coup.

Pure rules, no I/O: the tricks and duties every trick game shares decide legality with each game's own rules;
`audit` rebuilds hands from a trick log and proves or clears every play. What the referee says is
records (`scorekeeper.explain`): the catalog's `referee.po` words them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from scorekeeper.cards import Card, Deck, format_cards
from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record

if TYPE_CHECKING:
    from scorekeeper.language import Language


class Relation(enum.Enum):
    """How the player who put a card in the trick stands to the player about to play (P-7)."""

    PARTNER = "P"
    OPPONENT = "O"


class Cards(tuple[Card, ...]):
    """Cards as the table writes a hand, `9♥ A♥`: a value of a record, shown so by the catalog and as
    `9H AH` in JSON (a hand is typed so at `check --hand`).

    >>> from scorekeeper.i18n import as_json, text
    >>> hand = Cards(Card.parse(word) for word in ("9h", "Ah"))
    >>> text("check.legal_cards", cards=hand), as_json(hand)
    ('legal cards: 9♥ A♥', '9H AH')
    """

    __slots__ = ()

    def format(self, ascii: bool = False, language: Language | None = None) -> str:
        return format_cards(self, ascii, language)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The referee's answer for one play: legal or the rule it breaks, and the cards that were legal."""

    card: Card | None  # the card judged; None when only the legal cards were asked for
    legal: bool | None  # None when no card was judged
    rule: str | None  # the rule id broken (P-3 … P-6, H-3, H-4), None when legal
    legal_cards: tuple[Card, ...]
    explanation: Record  # a renonce carries the rule it breaks; the reasons nested carry theirs


LEADS = record("latitude.leads", None)  # the leader of a trick plays any card, in both games


# --- shared by both games' referees: each rule narrows the hand, in the rule book's order --------


def check_position(
    hand: Sequence[Card], trick: Sequence[Card], deck: Deck, trick_size: int, card: Card | None = None
) -> None:
    """Refuse a position that cannot happen at the table: a card outside the deck, a card twice, a full
    trick, a card played (`card`) that is not in the hand.

    Both games' `judge` call it; the referee functions themselves trust their input.
    """
    where_of: dict[Card, bool] = {}  # each card seen: True in the hand, False on the table
    for in_hand, cards in ((True, hand), (False, trick)):
        for held in cards:
            if held not in deck:
                key = "hand_card_not_in_deck" if in_hand else "table_card_not_in_deck"
                raise UserError(key, card=held, deck=deck.name)
            if held in where_of:
                if where_of[held] != in_hand:
                    raise UserError("card_in_hand_and_on_table", card=held)
                raise UserError("card_twice_in_hand" if in_hand else "card_twice_on_table", card=held)
            where_of[held] = in_hand
    if len(trick) >= trick_size:
        raise UserError("trick_full", held=len(trick), size=trick_size)
    if card is not None and card not in hand:
        raise UserError("card_not_in_hand", card=card, hand=Cards(hand))


# A NamedTuple for the start-up of `sheet`, which creates this class at every start (figure at `rulesets.Key`).
class Duty(NamedTuple):
    """What one rule leaves a player free to play, and why (told only when asked: a record, words
    without the rule id, which the duty carries)."""

    rule: str
    cards: tuple[Card, ...]
    reason: Callable[[], Record]

    def because(self) -> Record:
        """The reason with its rule id, as a line of a verdict: `must follow ♥: holds 9♥ (P-3)`."""
        reason = self.reason()
        return Record(self.rule, reason.event, reason.values)


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
    latitude: Callable[[tuple[Card, ...]], Record],
    follow_suit_rule: str,
) -> Verdict:
    """The referee's answer (P-10): the first rule that dropped `card` is the one it breaks.

    `latitude` says why the player may choose among the cards no rule narrowed further.
    """
    legal = duties[-1].cards if duties else tuple(hand)
    # Once only the suit is set, the freedom left within it needs saying too.
    if not duties:
        why = latitude(legal)
    elif duties[-1].rule == follow_suit_rule:
        why = record("verdict.reasons", None, first=duties[-1].because(), then=latitude(legal))
    else:
        why = duties[-1].because()
    if card is None:
        return Verdict(None, None, None, legal, why)
    broken = next((duty for duty in duties if card not in duty.cards), None)
    if broken is None:
        return Verdict(card, True, None, legal, record("verdict.legal", None, card=card, why=why))
    explanation = record("verdict.renonce", broken.rule, card=card, reason=broken.reason())
    return Verdict(card, False, broken.rule, legal, explanation)
