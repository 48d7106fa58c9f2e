"""Cards and decks: parse and format every accepted notation, in one place (RULES C-1, C-2).

>>> Card.parse("10h")
Card(rank=<Rank.TEN: '10'>, suit=<Suit.HEARTS: 'H'>)
>>> str(Card.parse("Dco")), Card.parse("R pique").ascii
('Q♥', 'KS')

Only `c` depends on the language the cards are typed in: cœur in French, clubs in English (C-2);
what the ledger stores and `--ascii` writes is always English (`7C` is the 7 of clubs).

>>> str(Card.parse("Dc")), str(Card.parse("Dc", "fr")), str(Card.parse("dame de cœur", "en"))
('Q♣', 'Q♥', 'Q♥')
>>> [str(Card.parse(word, "fr")) for word in split_cards("7 trèfle, as de pique valet carreau Qh", "fr")]
['7♣', 'A♠', 'J♦', 'Q♥']
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

    def format(self, ascii: bool = False, lang: str = "en") -> str:
        return self.value if ascii else self.symbol

    @classmethod
    def parse(cls, text: str, lang: str = "en") -> Suit:
        """A suit alone, in any form of C-2 (`h`, `♥`, `coeur`, `co`, …), typed in `lang`."""
        suit = _suit_word(_fold(text), lang)
        if suit is None:
            raise SuitError("unknown_suit", text=text, suits=SUIT_FORMS)
        return suit


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

# Every form of C-2 but `c`, as folded: letters of one language are read the same in both, and
# the words may come with "de"/"of" before them ("dame de cœur", "queen of hearts").
_SUIT_WORDS: dict[str, Suit] = {}
for _suit, _words in {
    Suit.SPADES: ("♠", "♤", "s", "p", "pique", "piques", "pi", "spade", "spades"),
    Suit.HEARTS: ("♥", "♡", "h", "coeur", "coeurs", "co", "heart", "hearts"),
    Suit.DIAMONDS: ("♦", "♢", "d", "k", "carreau", "carreaux", "ca", "diamond", "diamonds"),
    Suit.CLUBS: ("♣", "♧", "t", "trefle", "trefles", "tr", "club", "clubs"),
}.items():
    for _word in _words:
        _SUIT_WORDS[_word] = _suit
        for _of in ("de", "d'", "of"):
            _SUIT_WORDS.setdefault(_of + _word, _suit)
# `c` alone: cœur at a French table, clubs at an English one (C-2).
_C = {"fr": Suit.HEARTS, "en": Suit.CLUBS}


def _suit_word(folded: str, lang: str) -> Suit | None:
    if folded in ("c", "dec", "ofc"):
        return _C.get(lang, Suit.CLUBS)
    return _SUIT_WORDS.get(folded)


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
_RANK_WORDS.update(
    {
        "as": Rank.ACE,
        "ace": Rank.ACE,
        "roi": Rank.KING,
        "king": Rank.KING,
        "dame": Rank.QUEEN,
        "queen": Rank.QUEEN,
        "valet": Rank.JACK,
        "jack": Rank.JACK,
    }
)
_FRENCH_LETTERS = {Rank.KING: "R", Rank.QUEEN: "D", Rank.JACK: "V"}
_RANK_PREFIXES = sorted(_RANK_WORDS, key=len, reverse=True)  # "as de pique" is the ace, not "a" of "sdepique"
_WORDS_IN_A_CARD = 4  # "as de pique", "queen of hearts": the most words one card is written in

# The forms a mistyped card or suit is answered with: words of the catalogs.
SUIT_FORMS = record("forms.suit")
CARD_FORMS = record("forms.card", None, suits=SUIT_FORMS)


_INTERNED: dict[tuple[Rank, Suit], Card] = {}
# What the table typed, read once a language: a replay reads the same cards again and again.
_PARSED: dict[str, dict[str, Card]] = {"en": {}, "fr": {}}


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
    _text: str
    _ascii: str

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
    def parse(cls, text: str, lang: str = "en") -> Card:
        """Read one card in any notation of C-2, case-insensitive, typed in `lang` (`c`: C-2)."""
        parsed = _PARSED["fr" if lang == "fr" else "en"]
        card = parsed.get(text)
        if card is None:
            card = cls._parse(text, lang)
            if len(parsed) < 4096:  # bounded: endless new spellings must not grow it without end
                parsed[text] = card
        return card

    @classmethod
    def _parse(cls, text: str, lang: str) -> Card:
        folded = _fold(text)
        if not folded:
            raise CardError("empty_card", forms=CARD_FORMS)
        # The rank is a word or a letter ("dame", "10", "D"); everything after it names the suit.
        for word in _RANK_PREFIXES:
            if folded.startswith(word):
                suit = _suit_word(folded[len(word) :], lang)
                if suit is not None:
                    return cls(_RANK_WORDS[word], suit)
        raise CardError("bad_card", text=text.strip(), forms=CARD_FORMS)

    def format(self, ascii: bool = False, lang: str = "en") -> str:
        """`10♥`; in French the figures are R D V (`D♥`); with `ascii` always English letters (`QH`, C-2)."""
        if ascii:
            return self._ascii
        if lang == "fr" and self.rank in _FRENCH_LETTERS:
            return _FRENCH_LETTERS[self.rank] + self.suit.symbol
        return self._text

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

    def parse(self, text: str, lang: str = "en") -> Card:
        """Read one card and check that this deck holds it (C-2)."""
        card = Card.parse(text, lang)
        if card not in self:
            ranks = " ".join(rank.value for rank in self.ranks)  # as they are written: notation, not words
            raise CardError("not_in_deck", card=card, deck=self.name, count=len(self), ranks=ranks)
        return card

    def parse_many(self, text: str, lang: str = "en") -> list[Card]:
        """Cards separated by spaces or commas, like `10♥ A♥ 10♣ K♣` or `7 trèfle, dame de cœur`."""
        return [self.parse(word, lang) for word in split_cards(text, lang)]


def split_cards(text: str, lang: str = "en") -> list[str]:
    """The cards of `text`, one string each: split on commas and spaces, but a card written in words
    keeps them ("7 trèfle", "as de pique"): the most words that still read as one card are one card.

    >>> split_cards("7 trèfle, Dc as de pique 10 h")
    ['7 trèfle', 'Dc', 'as de pique', '10 h']
    """
    words = text.replace(",", " , ").split()
    cards: list[str] = []
    start = 0
    while start < len(words):
        if words[start] == ",":
            start += 1
            continue
        end = start + 1
        for size in range(_WORDS_IN_A_CARD, 1, -1):
            group = words[start : start + size]
            if len(group) == size and "," not in group and _reads_as_card(" ".join(group), lang):
                end = start + size
                break
        cards.append(" ".join(words[start:end]))
        start = end
    return cards


def _reads_as_card(text: str, lang: str) -> bool:
    try:
        Card.parse(text, lang)
    except CardError:
        return False
    return True


ASCII_SUITS = str.maketrans({suit.symbol: suit.value for suit in Suit})  # `text.translate(ASCII_SUITS)`: 10♥ -> 10H
_SANS_ATOUT_WORDS = frozenset({"sa", "sans-atout", "sansatout", "nt"})  # as folded: "sans atout" loses its space


def parse_trump(text: str, lang: str = "en") -> Suit | None:
    """The trump named at the table: a suit in any form of C-2, or sans-atout (P-8), which is None.

    >>> parse_trump("coeur"), parse_trump("SA"), parse_trump("nt")
    (<Suit.HEARTS: 'H'>, None, None)
    """
    if _fold(text) in _SANS_ATOUT_WORDS:
        return None
    try:
        return Suit.parse(text, lang)
    except SuitError:
        raise SuitError("bad_trump", text=text) from None


def typed(text: str, lang: str) -> str:
    """Cards typed at a `lang` table, in the English letters the ledger keeps (`Dc` -> `QH` in French);
    `text` as it was where a word is no card, for the engine to refuse in its own words.

    >>> typed("Dc, 7 trèfle", "fr"), typed("Dc 11x", "fr")
    ('QH 7C', 'Dc 11x')
    """
    try:
        return format_cards((Card.parse(word, lang) for word in split_cards(text, lang)), ascii=True)
    except CardError:
        return text


def typed_suit(text: str, lang: str) -> str:
    """A trump typed at a `lang` table, in English letters (`c` -> `H` in French; `sa` stays)."""
    try:
        suit = parse_trump(text, lang)
    except SuitError:
        return text
    return text if suit is None else suit.value


def format_cards(cards: Iterable[Card], ascii: bool = False, lang: str = "en") -> str:
    return " ".join(card.format(ascii, lang) for card in cards)
