"""Cards and decks: parse and format every accepted notation, in one place (RULES C-1, C-2).

>>> Card.parse("10h")
Card(rank=<Rank.TEN: '10'>, suit=<Suit.HEARTS: 'H'>)
>>> str(Card.parse("Dco")), Card.parse("R pique").ascii
('Q♥', 'KS')
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from scorekeeper.errors import UserError
from scorekeeper.explain import record


class Suit(enum.Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons compared by identity: identity hashing is exact, and the referee's hot
    # dicts (by suit, by rank) skip Enum's Python-level __hash__.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def format(self, ascii: bool = False) -> str:
        return self.value if ascii else self.symbol

    @classmethod
    def parse(cls, text: str) -> Suit:
        """A suit alone, in any form of C-2 (`h`, `♥`, `coeur`, `co`, …)."""
        suit = _SUIT_WORDS.get(_fold(text))
        if suit is None:
            raise SuitError("unknown_suit", text=text, suits=SUIT_FORMS)
        return suit


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

_SUIT_WORDS: dict[str, Suit] = {}
for _suit, _words in {
    Suit.SPADES: ("♠", "♤", "s", "pique", "pi"),
    Suit.HEARTS: ("♥", "♡", "h", "coeur", "co"),
    Suit.DIAMONDS: ("♦", "♢", "d", "carreau", "ca"),
    Suit.CLUBS: ("♣", "♧", "c", "trefle", "tr"),
}.items():
    for _word in _words:
        _SUIT_WORDS[_word] = _suit


class Rank(enum.Enum):
    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"

    __hash__ = object.__hash__  # as for Suit


_RANK_WORDS: dict[str, Rank] = {rank.value.lower(): rank for rank in Rank}
_RANK_WORDS.update({"r": Rank.KING, "d": Rank.QUEEN, "v": Rank.JACK})

# The forms a mistyped card or suit is answered with: words of the catalogs.
SUIT_FORMS = record("forms.suit")
CARD_FORMS = record("forms.card", None, suits=SUIT_FORMS)


_INTERNED: dict[tuple[Rank, Suit], Card] = {}
_PARSED: dict[str, Card] = {}  # what the table typed, read once: a replay reads the same cards again and again


class CardError(UserError, ValueError):
    """A card or suit that cannot be read; its message lists the accepted forms."""


class SuitError(CardError):
    pass


@lru_cache(maxsize=512)  # a game says the same few cards and suits again and again
def _fold(text: str) -> str:
    """Lower case, accents and emoji variation selectors removed, inner spaces dropped."""
    text = unicodedata.normalize("NFKD", text.strip().lower().replace("œ", "oe"))
    return "".join(c for c in text if not unicodedata.combining(c) and c not in "\ufe0f\ufe0e ")


class Card:
    """A card, written rank then suit (C-2). `str()` gives `10♥`; `.ascii` gives `10H`.

    Cards are interned: `Card(rank, suit)` always returns the one object for that card, so equality
    and hashing are identity, which the referee's hot loops lean on. A card cannot be changed.
    """

    __slots__ = ("rank", "suit", "_text", "_ascii")
    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        card = _INTERNED.get((rank, suit))
        if card is None:
            if not isinstance(rank, Rank) or not isinstance(suit, Suit):
                raise TypeError(f"Card takes a Rank and a Suit, not {rank!r} and {suit!r}")
            card = _INTERNED[rank, suit] = super().__new__(cls)
            for name, value in (
                ("rank", rank),
                ("suit", suit),
                ("_text", rank.value + suit.symbol),
                ("_ascii", rank.value + suit.value),
            ):
                object.__setattr__(card, name, value)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a card cannot be changed ({name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a card cannot be changed ({name})")

    def __repr__(self) -> str:
        return f"Card(rank={self.rank!r}, suit={self.suit!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in any notation of C-2, case-insensitive."""
        card = _PARSED.get(text)
        if card is None:
            card = cls._parse(text)
            if len(_PARSED) < 4096:  # bounded: endless new spellings must not grow it without end
                _PARSED[text] = card
        return card

    @classmethod
    def _parse(cls, text: str) -> Card:
        folded = _fold(text)
        if not folded:
            raise CardError("empty_card", forms=CARD_FORMS)
        # The rank is "10" or one character; everything after it names the suit.
        cut = 2 if folded.startswith("10") else 1
        rank = _RANK_WORDS.get(folded[:cut])
        suit = _SUIT_WORDS.get(folded[cut:])
        if rank is None or suit is None:
            raise CardError("bad_card", text=text.strip(), forms=CARD_FORMS)
        return cls(rank, suit)

    def format(self, ascii: bool = False) -> str:
        return self._ascii if ascii else self._text

    @property
    def ascii(self) -> str:
        return self._ascii

    def __str__(self) -> str:
        return self._text


class Deck:
    """A named deck (C-1): the ranks it holds, in every suit."""

    __slots__ = ("name", "ranks", "cards", "_members")

    def __init__(self, name: str, ranks: tuple[Rank, ...]) -> None:
        self.name = name
        self.ranks = ranks
        self.cards = tuple(Card(rank, suit) for suit in Suit for rank in ranks)
        self._members = frozenset(self.cards)

    def __repr__(self) -> str:
        return f"Deck(name={self.name!r}, ranks={self.ranks!r})"

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self._members

    def parse(self, text: str) -> Card:
        """Read one card and check that this deck holds it (C-2)."""
        card = Card.parse(text)
        if card not in self:
            ranks = " ".join(rank.value for rank in self.ranks)  # as they are written: notation, not words
            raise CardError("not_in_deck", card=card, deck=self.name, count=len(self), ranks=ranks)
        return card

    def parse_many(self, text: str) -> list[Card]:
        """Cards separated by spaces or commas, like `10♥ A♥ 10♣ K♣`."""
        return [self.parse(word) for word in text.replace(",", " ").split()]


MANILLE = Deck("manille", (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))
HOMBRE = Deck(
    "hombre",
    (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO),
)
DECKS = {deck.name: deck for deck in (MANILLE, HOMBRE)}


ASCII_SUITS = str.maketrans({suit.symbol: suit.value for suit in Suit})  # `text.translate(ASCII_SUITS)`: 10♥ -> 10H
_SANS_ATOUT_WORDS = frozenset({"sa", "sans-atout", "sansatout", "nt"})  # as folded: "sans atout" loses its space


def parse_trump(text: str) -> Suit | None:
    """The trump named at the table: a suit in any form of C-2, or sans-atout (P-8), which is None.

    >>> parse_trump("coeur"), parse_trump("SA"), parse_trump("nt")
    (<Suit.HEARTS: 'H'>, None, None)
    """
    if _fold(text) in _SANS_ATOUT_WORDS:
        return None
    try:
        return Suit.parse(text)
    except SuitError:
        raise SuitError("bad_trump", text=text) from None


def format_cards(cards: Iterable[Card], ascii: bool = False) -> str:
    return " ".join(card.format(ascii) for card in cards)
