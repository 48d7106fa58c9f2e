"""Cards and decks: parse and format every accepted notation, in one place (RULES C-1, C-2).

>>> Card.parse("10h")
Card(rank=<Rank.TEN: '10'>, suit=<Suit.HEARTS: 'H'>)
>>> str(Card.parse("Dco")), Card.parse("R pique").ascii
('Q♥', 'KS')

The words a card is typed in are the language's (`scorekeeper.language`, passed down by the edge):
its letters and words, the orders and connectors it writes a card with; `c` is cœur in French, clubs
in English (C-2). What the ledger stores and `--ascii` writes is always English (`7C` is the 7 of
clubs): a card read with no language is read so.

>>> from scorekeeper.language import Language
>>> french = Language.named("fr")
>>> str(Card.parse("Dc")), str(Card.parse("Dc", french)), str(Card.parse("dame de cœur"))
('Q♣', 'Q♥', 'Q♥')
>>> [str(Card.parse(word, french)) for word in split_cards("7 trèfle, as de pique valet carreau Qh", french)]
['7♣', 'A♠', 'J♦', 'Q♥']
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.errors import UserError
from scorekeeper.explain import record

if TYPE_CHECKING:
    from scorekeeper.language import Language


class Suit(enum.Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons compared by identity: identity hashing is exact, and the referee's hot
    # dicts (by suit, by rank) skip Enum's Python-level __hash__: 3,000 trick logs audited in 0.11 to
    # 0.15 s with it (and Rank's), 0.18 to 0.22 s without (bench/bench.py's audit, interleaved; issue 25).
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def format(self, ascii: bool = False, language: Language | None = None) -> str:
        return self.value if ascii else self.symbol

    @property
    def word(self) -> str:
        """The catalog key of the suit's name (`suit.H`: hearts): in a sentence whose cards are in letters
        (--ascii, JSON), a suit alone is a word, not a letter ("a hearts lead", not "a H lead")."""
        return f"suit.{self.value}"

    @classmethod
    def parse(cls, text: str, language: Language | None = None) -> Suit:
        """A suit alone, in any form of C-2 (`h`, `♥`, `coeur`, `co`, …), typed in `language`."""
        suit = _words(language).suits.get(_fold(text))
        if suit is None:
            raise SuitError("unknown_suit", text=text, suits=SUIT_FORMS)
        return suit


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

# The suits' symbols are every language's.
_SYMBOLS_READ = {"♠": Suit.SPADES, "♤": Suit.SPADES, "♥": Suit.HEARTS, "♡": Suit.HEARTS}
_SYMBOLS_READ |= {"♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "♣": Suit.CLUBS, "♧": Suit.CLUBS}


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


_WORDS_IN_A_CARD = 4  # "as de pique", "queen of hearts": the most words one card is written in


def _letters_only(cards: dict[str, Any], whole: bool) -> dict[str, Any]:
    """A language's `[cards]` words, or where not `whole` its letters alone: each rank's and suit's first."""
    if whole:
        return cards
    return {
        **cards,
        "ranks": {value: list(words[:1]) for value, words in cards.get("ranks", {}).items()},
        "suits": {value: list(words[:1]) for value, words in cards.get("suits", {}).items()},
    }


class _Words(NamedTuple):
    """What a language reads a card with, built once from its words and those of every language spoken
    here (its own first, then those it names in `also`: `Language.card_languages`): folded word -> rank
    or suit, the suit words also after a connector ("de cœur", "of hearts"), the orders of the two
    parts, the ranks it writes its own way (R D V). A NamedTuple: `sheet` imports this module, and a
    dataclass costs about 1 ms more to create."""

    ranks: dict[str, Rank]
    suits: dict[str, Suit]
    ranks_after: dict[str, Rank]  # a rank as the second part ("harten van vrouw"), after a connector too
    rank_prefixes: tuple[str, ...]  # longest first: "as de pique" is the ace, not "a" of "sdepique"
    suit_prefixes: tuple[str, ...]
    suit_first: bool  # the language writes the suit before the rank too ("harten vrouw")
    rank_first: bool
    written: dict[Rank, str]
    letters: dict[Suit, str]  # a suit's letter as the language writes it
    sans_atout: frozenset[str]
    articles: tuple[str, ...]  # said before a card and read past: "la dame de cœur", "the queen of hearts"
    before_a_suit: frozenset[str]  # words that, said before a suit, name no card: « à carreau » is no A♦

    @staticmethod
    def of(language: Language) -> _Words:
        # Its own words and those of the languages it names in `also`, whole; of every other language spoken
        # here its words too, unless that language says only its letters are read elsewhere (`[cards]
        # elsewhere = "letters"`: C-2, Danish `E` and `Kn` are read in all, but its word "es" would make
        # « esc », a French table's Escartefigue, an ace).
        read_whole = {language.code, *(each.code for each in language.others("cards"))}
        parts = [
            _letters_only(cards, each.code in read_whole or cards.get("elsewhere", "words") != "letters")
            for each in language.card_languages()
            for cards in (each.words.get("cards", {}),)
        ]
        connectors = list(dict.fromkeys(_fold(word) for part in parts for word in part.get("connectors", ())))
        ranks: dict[str, Rank] = {}
        suits: dict[str, Suit] = {}
        for part in parts:
            for value, words in part.get("ranks", {}).items():
                for word in words:
                    ranks.setdefault(_fold(word), Rank(value))
            for value, words in part.get("suits", {}).items():
                for word in words:
                    suits.setdefault(_fold(word), Suit(value))
        for rank in Rank:  # the ledger's notation, 10 to 2 and A K Q J, is read in every language
            ranks.setdefault(rank.value.lower(), rank)
        for symbol, suit in _SYMBOLS_READ.items():
            suits.setdefault(symbol, suit)
        bare_suits, bare_ranks = dict(suits), dict(ranks)
        ranks_after = dict(ranks)
        for connector in connectors:
            for word, suit in bare_suits.items():
                suits.setdefault(connector + word, suit)
            for word, rank in bare_ranks.items():
                ranks_after.setdefault(connector + word, rank)
        orders = [tuple(order) for order in parts[0].get("orders", [["rank", "suit"]])]
        written = {Rank(value): words[0] for value, words in parts[0].get("ranks", {}).items() if words[0] != value}
        return _Words(
            ranks=ranks,
            suits=suits,
            ranks_after=ranks_after,
            rank_prefixes=tuple(sorted(ranks, key=len, reverse=True)),
            # A suit said first is a word, never a letter, a two-letter form or a symbol: only words may
            # come suit first (C-2), so `hV` and `♥10` are refused where "harten vrouw" is read.
            suit_prefixes=tuple(sorted((word for word in bare_suits if len(word) > 2), key=len, reverse=True)),
            suit_first=("suit", "rank") in orders,
            rank_first=("rank", "suit") in orders,
            written=written,
            letters={Suit(value): words[0] for value, words in parts[0].get("suits", {}).items()},
            sans_atout=frozenset(_fold(word) for part in parts for word in part.get("sans_atout", ())),
            articles=tuple(dict.fromkeys(_fold(word) for part in parts for word in part.get("articles", ()))),
            before_a_suit=frozenset(word.lower() for word in parts[0].get("before_a_suit", ())),
        )

    def card(self, folded: str) -> tuple[Rank, Suit] | None:
        """The rank and suit `folded` names, in an order the language writes, after an article or not."""
        found = self._card(folded)
        for article in self.articles if found is None else ():
            if folded.startswith(article) and len(folded) > len(article):
                found = self._card(folded[len(article) :])
                if found is not None:
                    break
        return found

    def _card(self, folded: str) -> tuple[Rank, Suit] | None:
        if self.rank_first:
            for word in self.rank_prefixes:  # the rank is a word or a letter; everything after it, the suit
                if folded.startswith(word):
                    suit = self.suits.get(folded[len(word) :])
                    if suit is not None:
                        return self.ranks[word], suit
        if self.suit_first:
            for word in self.suit_prefixes:
                if folded.startswith(word):
                    rank = self.ranks_after.get(folded[len(word) :])
                    if rank is not None:
                        return rank, self.suits[word]
        return None


def _words(language: Language | None) -> _Words:
    """The card words of `language`; with None, the ledger's (English), which a replay asks for at every
    coup: kept at hand (manillen's 10,000-coup replay, bench/bench.py: 0.26 s, against 0.34 s when
    looked up through the language each time)."""
    if language is None:
        if _LEDGER_WORDS:
            return _LEDGER_WORDS[0]
        from scorekeeper.language import DEFAULT, Language

        _LEDGER_WORDS.append(_words(Language.named(DEFAULT)))
        return _LEDGER_WORDS[0]
    found = language.built.get("cards")
    if found is None:
        found = language.built["cards"] = _Words.of(language)
    return found


_LEDGER_WORDS: list[_Words] = []


# The forms a mistyped card or suit is answered with: words of the catalogs.
SUIT_FORMS = record("forms.suit")
CARD_FORMS = record("forms.card", None, suits=SUIT_FORMS)


_INTERNED: dict[tuple[Rank, Suit], Card] = {}
# What the ledger holds, read once: a replay reads the same cards again and again. A language keeps
# what its table typed (`Language.built`).
_PARSED: dict[str, Card] = {}


class CardError(UserError, ValueError):
    """A card or suit that cannot be read; its message lists the accepted forms."""


class SuitError(CardError):
    pass


def _fold(text: str) -> str:
    """Lower case, accents and emoji variation selectors removed, inner spaces dropped; the typographic
    apostrophe is the plain one ("l’as", "d’Ana")."""
    text = unicodedata.normalize("NFKD", text.strip().lower().replace("œ", "oe").replace("\u2019", "'"))
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
    def parse(cls, text: str, language: Language | None = None) -> Card:
        """Read one card in any notation of C-2, case-insensitive, typed in `language` (`c`: C-2); with
        None, as the ledger writes it."""
        parsed = _PARSED if language is None else language.built.setdefault("parsed", {})
        card = parsed.get(text)
        if card is None:
            card = cls._parse(text, language)
            if len(parsed) < 4096:  # bounded: endless new spellings must not grow it without end
                parsed[text] = card
        return card

    @classmethod
    def _parse(cls, text: str, language: Language | None) -> Card:
        folded = _fold(text)
        if not folded:
            raise CardError("empty_card", forms=CARD_FORMS)
        words = _words(language)
        said = text.split(maxsplit=1)
        if len(said) > 1 and said[0].lower() in words.before_a_suit:  # « à carreau »: no A♦ (issue 39)
            raise CardError("bad_card", text=text.strip(), forms=CARD_FORMS)
        found = words.card(folded)
        if found is None:
            raise CardError("bad_card", text=text.strip(), forms=CARD_FORMS)
        return cls(*found)

    def format(self, ascii: bool = False, language: Language | None = None) -> str:
        """`10♥`; the figures as the language writes them (`D♥` in French); with `ascii` always English
        letters (`QH`, C-2)."""
        if ascii:
            return self._ascii
        if language is None:
            return self._text
        letter = _words(language).written.get(self.rank)
        return self._text if letter is None else letter + self.suit.symbol

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

    def parse(self, text: str, language: Language | None = None) -> Card:
        """Read one card and check that this deck holds it (C-2)."""
        card = Card.parse(text, language)
        if card not in self:
            ranks = " ".join(rank.value for rank in self.ranks)  # as they are written: notation, not words
            raise CardError("not_in_deck", card=card, deck=self.name, count=len(self), ranks=ranks)
        return card

    def parse_many(self, text: str, language: Language | None = None) -> list[Card]:
        """Cards separated by spaces or commas, like `10♥ A♥ 10♣ K♣` or `7 trèfle, dame de cœur`."""
        return [self.parse(word, language) for word in split_cards(text, language)]


def split_cards(text: str, language: Language | None = None) -> list[str]:
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
            if len(group) == size and "," not in group and _reads_as_card(" ".join(group), language):
                end = start + size
                break
        cards.append(" ".join(words[start:end]))
        start = end
    return cards


def split_named(text: str, language: Language | None = None) -> list[tuple[str | None, str]]:
    """A trick as typed, its cards as `split_cards` reads them, each with the name typed before it, or
    None (M-3, C-3): `B:AS`, `B:as de pique`, `"Jean Paul":AS`. The name is everything before the
    last `:` of its word, since no card holds one: the longest name, which may itself hold a `:`.
    Double quotes keep a name's spaces together.

    >>> split_named('B:as de pique, "Jean Paul":10h A:B:7s 8c')
    [('B', 'as de pique'), ('Jean Paul', '10h'), ('A:B', '7s'), (None, '8c')]
    """
    runs: list[tuple[str | None, list[str]]] = [(None, [])]  # a name, and the words after it up to the next
    for word in _quoted_words(text):
        name, card = played_by(word)
        if name is not None:
            runs.append((name, [card] if card else []))
        else:
            runs[-1][1].append(word)
    return [
        (name if at == 0 else None, card)
        for name, words in runs
        for at, card in enumerate(split_cards(" ".join(words), language) or ([""] if name is not None else []))
    ]


def played_by(text: str) -> tuple[str | None, str]:
    """A card as a trick log holds it, with the name typed before its last `:` or None (M-3).

    >>> played_by("A:B:AS"), played_by("AS")
    (('A:B', 'AS'), (None, 'AS'))
    """
    name, colon, card = text.rpartition(":")
    return (name.strip(), card.strip()) if colon else (None, text)


def _quoted_words(text: str) -> list[str]:
    """The words of `text`, parted by spaces and commas (each comma a word of its own), outside double quotes."""
    words: list[str] = []
    word: list[str] = []
    quoted = started = False
    for char in text:
        if char == '"':
            quoted, started = not quoted, True
        elif not quoted and (char.isspace() or char == ","):
            if started:
                words.append("".join(word))
                word, started = [], False
            if char == ",":
                words.append(",")
        else:
            word.append(char)
            started = True
    if started:
        words.append("".join(word))
    return words


def _reads_as_card(text: str, language: Language | None) -> bool:
    try:
        Card.parse(text, language)
    except CardError:
        return False
    return True


ASCII_SUITS = str.maketrans({suit.symbol: suit.value for suit in Suit})  # `text.translate(ASCII_SUITS)`: 10♥ -> 10H


def rank_said(text: str, language: Language | None = None) -> Rank | None:
    """The rank `text` names alone, a word or a letter of C-2 (« dix », `V`, "queen"), else None: the card
    turned said in two steps, its suit first (« à carreau », then « dix », issue 39).

    >>> from scorekeeper.language import Language
    >>> rank_said("dix", Language.named("fr")), rank_said("V", Language.named("fr")), rank_said("x")
    (<Rank.TEN: '10'>, <Rank.JACK: 'J'>, None)
    """
    return _words(language).ranks.get(_fold(text))


def parse_trump(text: str, language: Language | None = None) -> Suit | None:
    """The trump named at the table: a suit in any form of C-2, or sans-atout (P-8), which is None.

    >>> parse_trump("coeur"), parse_trump("SA"), parse_trump("nt")
    (<Suit.HEARTS: 'H'>, None, None)
    """
    if _fold(text) in _words(language).sans_atout:
        return None
    try:
        return Suit.parse(text, language)
    except SuitError:
        raise SuitError("bad_trump", text=text) from None


def typed(text: str, language: Language) -> str:
    """Cards typed at a table speaking `language`, in the English letters the ledger keeps (`Dc` -> `QH`
    in French); `text` as it was where a word is no card, for the engine to refuse in its own words.

    >>> from scorekeeper.language import Language
    >>> typed("Dc, 7 trèfle", Language.named("fr")), typed("Dc 11x", Language.named("fr"))
    ('QH 7C', 'Dc 11x')
    """
    try:
        return format_cards((Card.parse(word, language) for word in split_cards(text, language)), ascii=True)
    except CardError:
        return text


def typed_suit(text: str, language: Language) -> str:
    """A trump typed at a table speaking `language`, in English letters (`c` -> `H` in French; `sa` stays)."""
    try:
        suit = parse_trump(text, language)
    except SuitError:
        return text
    return text if suit is None else suit.value


def letters(card: Card, language: Language) -> str:
    """A card in the letters of `language` (C-2), which the short line reads back: `Dc` in French.

    >>> from scorekeeper.language import Language
    >>> letters(Card.parse("QH"), Language.named("fr")), letters(Card.parse("QH"), Language.named("en"))
    ('Dc', 'Qh')
    """
    return rank_letter(card.rank, language) + suit_letter(card.suit, language)


def card_words(language: Language) -> tuple[str, ...]:
    """The words `language` says its cards with, as it writes them, for completion: each rank's words
    ("as", "dix", and a game's own, "manille") and each suit's word ("trèfle"), letters aside.

    >>> from scorekeeper.language import Language
    >>> card_words(Language.named("fr"))[:4], card_words(Language.named("fr"))[-4:]
    (('as', 'roi', 'dame', 'valet'), ('pique', 'cœur', 'carreau', 'trèfle'))
    """
    cards = language.words.get("cards", {})
    ranks = [word for words in cards.get("ranks", {}).values() for word in words[1:] if word.isalpha()]
    suits = [words[1] for words in cards.get("suits", {}).values() if len(words) > 1]
    return tuple(dict.fromkeys([*ranks, *suits]))


def rank_letter(rank: Rank, language: Language) -> str:
    """A rank as `language` writes it (C-2): `R` for the king in French.

    >>> from scorekeeper.language import Language
    >>> [rank_letter(Rank(value), Language.named("fr")) for value in ("K", "Q", "J", "10")]
    ['R', 'D', 'V', '10']
    """
    return _words(language).written.get(rank, rank.value)


def suit_letter(suit: Suit, language: Language) -> str:
    """A suit's letter in `language`: `t` for clubs in French (trèfle), `c` in English."""
    return _words(language).letters[suit]


def trump_written(suit: Suit | None, language: Language) -> str:
    """A trump as `language` writes it, which `parse_trump` reads back: a suit's letter, or sans-atout (None)
    as the first of its words says it (P-8); at a game's table, as `Language.playing` gives them.

    >>> from scorekeeper.language import Language
    >>> french, dutch = Language.named("fr"), Language.named("nl")
    >>> trump_written(None, french), trump_written(None, dutch), trump_written(Suit.CLUBS, french)
    ('sa', 'zt', 't')
    """
    if suit is not None:
        return suit_letter(suit, language)
    said = language.words.get("cards", {}).get("sans_atout", ())
    return str(said[0]) if said else "SA"  # a language with no word of its own: the ledger's notation


def format_cards(cards: Iterable[Card], ascii: bool = False, language: Language | None = None) -> str:
    return " ".join(card.format(ascii, language) for card in cards)
