"""The referee: which cards may be played, who wins a trick, and the audit of a whole coup.

Pure rules, no I/O: `manille` (RULES P-1 to P-10) and `hombre` (H-1 to H-5) decide legality;
`audit` rebuilds hands from a trick log and proves or clears every play.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from scorekeeper.cards import Card


class Relation(enum.Enum):
    """How the player who put a card in the trick stands to the player about to play (P-7)."""

    PARTNER = "P"
    OPPONENT = "O"


@dataclass(frozen=True)
class Verdict:
    """The referee's answer for one play: legal or the rule it breaks, and the cards that were legal."""

    card: Card | None  # the card judged; None when only the legal cards were asked for
    legal: bool | None  # None when no card was judged
    rule: str | None  # the rule id broken (P-3 … P-6, H-3, H-4), None when legal
    legal_cards: tuple[Card, ...]
    explanation: str
