"""The short line (issue 16): a coup in the words the table says, in any order, read into the same
declaration the command's options make; and an entry written back as such a line.

What each game's words mean is its own (`games/manille/line.py`, `games/hombre/line.py`); this module
holds what both read alike: the words split and folded, a player's name (C-4: any case, no accents,
several words), a count `NAME=N`, a card or a trump in the language spoken (C-2), a line written
as the declaration itself (`{...}`, a TOML inline table: what no word says, like a trick log), the
refusal of a word that could be two things, with both readings, and a game's keywords as its words
files say them (`keywords`).

>>> words = Words(["10h", "césar", "40"], ("César", "Panisse"))
>>> words.name(1), words.number(2)
(('César', 2), 40)
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Card, CardError, Deck, Suit, SuitError, parse_trump
from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record
from scorekeeper.language import Language, codes
from scorekeeper.players import SHORTEST_START, fold_name

if TYPE_CHECKING:
    from scorekeeper.games.spoken import Numbers

_WORDS_IN_A_NAME = 6  # a name of several words ("Café du Port") is matched on at most this many
_WORDS_IN_A_CARD = 4  # "dame de cœur", "7 of clubs"
_WORDS_IN_A_TRUMP = 2  # "zonder troef", "sans atout"
_SHORTEST_PREFIX = SHORTEST_START  # « bea », « rik »: shorter, « de » or « et » would name a player
_WORDS_IN_A_PHRASE = 5  # « tout le monde passe », « a fait une renonce »: a keyword of several words
_KINDS = {"named": "player", "counted": "number", "flags": "flag", "contracts": "contract"}
# The little words of a line (`Keywords.little`).
_LITTLE = ("of", "joined", "makes", "unit", "trump", "trump_after", "before_verb", "all", "for", "both")


@dataclass(frozen=True, slots=True)
class Ask:
    """What a coup lacks, to be asked at the table: the field a bare answer fills (given back as the
    `asked` of `read_line`: it may say more, `points:César`), the question (a record, `ask.…`), and the
    words that answer it (for completion)."""

    field: str
    words: Record
    choices: tuple[str, ...]


def reading(kind: str, **values: Any) -> Record:
    """One reading of a word, for a refusal that names both (`line.reading.KIND`)."""
    return record(f"line.reading.{kind}", **values)


class Words:
    """The words of a line, split on spaces, with what a word can be at a table of `names`."""

    def __init__(
        self,
        words: Sequence[str],
        names: Sequence[str],
        aliases: Mapping[str, str] | None = None,
        numbers: Numbers | None = None,
    ) -> None:
        self.names = tuple(names)
        self._folded = {fold_name(name): name for name in names}
        for alias, name in (aliases or {}).items():  # other ways to say a seat: `mort de César`
            self._folded.setdefault(fold_name(alias), name)
        held = set((aliases or {}).values())  # a mort's seat is named in full: « mar » is Marius, not his mort
        self._starts = tuple((fold_name(name), name) for name in dict.fromkeys(names) if name not in held)
        self._numbers = numbers
        named = {part for name in self._folded for part in name.split()}
        said = _numbers_joined(" ".join(words).split(), self._numbers)
        self.items = [kept for word in said if (kept := _unpunctuated(word, named))]

    def __len__(self) -> int:
        return len(self.items)

    def folded(self, at: int) -> str:
        return fold_name(self.items[at])

    def phrase(self, at: int, said: Container[str]) -> int:
        """How many words from `at` make one of the keywords or little words `said` (folded, words joined by
        a space), the longest (« tout le monde passe », « a fait une renonce »): 0 where none does."""
        for size in range(min(_WORDS_IN_A_PHRASE, len(self.items) - at), 0, -1):
            if " ".join(self.folded(at + i).replace("\u2019", "'") for i in range(size)) in said:
                return size
        return 0

    def name(self, at: int, skip: int = 0) -> tuple[str, int] | None:
        """The player named from word `at` (the longest name that matches), and the word after it; a
        colon after the name is read past ("César: 40"). `skip`: characters of word `at` before the name
        (the elided "d'" of "d'Escartefigue"). A name said in full, else by its start (`prefixed`)."""
        for size in range(min(_WORDS_IN_A_NAME, len(self.items) - at), 0, -1):
            said = fold_name(" ".join(self.items[at : at + size])[skip:])
            found = self._folded.get(said)
            if found is None and said.endswith(":"):
                found = self._folded.get(said[:-1].rstrip())
            if found is not None:
                return found, at + size
        return self.prefixed(at, skip)

    def prefixed(self, at: int, skip: int = 0) -> tuple[str, int] | None:
        """The player whose name starts with the word at `at` (C-4, folded: « rik » for Rik Vandamme, « bea »
        for Béatrice, « esc » for Escartefigue; issue 39), and the word after it; `skip` as for `name`.

        The precedence, so that a start of a name never steals a word of the line:
        - a name said in full always wins, of any player (`name` asks it first: « Bea » is Bea beside
          Béatrice, « Esc » a player named Esc beside Escartefigue);
        - a start has `_SHORTEST_PREFIX` letters or more (« de », « et », « ce » start no name);
        - it is never a number (« 40 », « quarante »), a card or a trump in the language of the line
          (« dix », « 10c », « pique »), nor any word some words file says (`spoken.known_words`: the keywords
          and little words of every game's line in every language, « pas », « pour », « atout », the card and
          number words, the table's words): Dixie is never « dix », Pascal never « pas »; « dixi », « pasc »
          are theirs;
        - a mort's seat is named in full (« mort de Marius »): « mar » is Marius, never his mort.
        A start that fits two players is refused, naming both (« « ber » : Bernard ou Bertrand ? »), never a
        guess. What the words files hold is gathered only when a word does start a name."""
        said = self.folded(at)[skip:]
        said = said[:-1].rstrip() if said.endswith(":") else said  # « esc: 40 »
        if len(said) < _SHORTEST_PREFIX or not any(folded.startswith(said) for folded, _ in self._starts):
            return None
        if self.number(at) is not None or self._read_otherwise(self.items[at][skip:], said):
            return None
        found = tuple(name for folded, name in self._starts if folded.startswith(said))
        if len(found) > 1:
            raise UserError("line_name_prefix_ambiguous", word=self.items[at][skip:].rstrip(":"), players=found)
        return found[0], at + 1

    def _read_otherwise(self, word: str, said: str) -> bool:
        """Whether `word` (folded: `said`) is read as something other than a name: a word of some words file,
        a card or a trump in the line's language (`prefixed`)."""
        from scorekeeper.games.spoken import known_words

        if said in known_words():
            return True
        language = None if self._numbers is None else self._numbers.language
        if language is None:
            return False
        try:
            Card.parse(word, language)
            return True
        except CardError:
            pass
        try:
            parse_trump(word, language)
            return True
        except SuitError:
            return False

    def player(self, text: str) -> str | None:
        """The player `text` names (a count's `César=40`): in full, else by the start of his name (`prefixed`)."""
        found = self._folded.get(fold_name(text))
        if found is None and text.strip() and len(text.split()) == 1:
            alone = Words([text], self.names, numbers=self._numbers)
            alone._starts = self._starts
            found = (alone.prefixed(0) or (None, 0))[0]
        return found

    def name_after(self, at: int, of: frozenset[str] = frozenset()) -> tuple[str, int] | None:
        """The player named from word `at` (in full or by its start, `name`), said alone or after a word of
        `of` ("de Brun"), which may be elided onto the name ("d'Escartefigue", "d’Escartefigue", « d'esc »)."""
        if at >= len(self.items):
            return None
        found = self.name(at)
        folded = self.folded(at).replace("\u2019", "'")
        if found is None and at + 1 < len(self.items) and folded in of:
            found = self.name(at + 1)
        for elided in (word for word in of if word.endswith("'")) if found is None else ():
            if folded.startswith(elided) and len(folded) > len(elided):
                found = self.name(at, skip=len(elided))
                if found is not None:
                    break
        return found

    def number(self, at: int) -> int | None:
        """The number word `at` says, in figures or in the words of the language (`spoken_numbers`)."""
        word = self.items[at]
        if word.isascii() and word.isdigit() and len(word) <= 9:
            return int(word)
        return self._numbers.read(word) if self._numbers is not None else None

    def card(self, at: int, deck: Deck, language: Language) -> tuple[Card, int] | None:
        """The card written from word `at` (the most words that read as one card: "dame de cœur")."""
        for size in range(min(_WORDS_IN_A_CARD, len(self.items) - at), 0, -1):
            try:
                card = Card.parse(" ".join(self.items[at : at + size]), language)
            except CardError:
                continue
            if size > 1 and self.items[at].isdigit() and card.rank.value != self.items[at]:
                continue  # "10 h" is the card; "4 3" is no card
            return (card, at + size) if card in deck else None
        return None

    def trump(self, at: int, language: Language) -> tuple[Suit | None, int] | None:
        """The trump said from word `at` (a suit, or sans-atout: None) and the word after it, else None.
        Sans-atout may be said in words ("zonder troef", "sans atout"): the most words that read as a trump."""
        for size in range(min(_WORDS_IN_A_TRUMP, len(self.items) - at), 0, -1):
            try:
                return parse_trump(" ".join(self.items[at : at + size]), language), at + size
            except SuitError:
                continue
        return None

    def beside_a_name(self, at: int, language: Language, deck: Deck | None, sans_atout: bool) -> list[Record]:
        """What else the word at `at`, which names a player, could be: a card of `deck`, a trump (sans-atout
        too where `sans_atout`), a number. A name that reads two ways is refused (C-4)."""
        found = []
        card = None if deck is None else self.card(at, deck, language)
        if card is not None:
            found.append(reading("card", card=card[0]))
        trump = self.trump(at, language)
        if trump is not None and (trump[0] is not None or sans_atout):
            found.append(reading("trump", suit=trump[0]) if trump[0] else reading("sans_atout"))
        if self.number(at) is not None:
            found.append(reading("number", number=self.number(at)))
        return found

    def said_after(self, at: int, takes: str, of: frozenset[str] = frozenset()) -> tuple[Any, int]:
        """What the keyword at `at` takes after it (`renonce NAME`, or `renonce de NAME` with "de" in
        `of`: `takes` is "player"; `matadors 3`: "number"; else a flag, True), and the word after that."""
        word, last = self.items[at], at + 1 >= len(self.items)
        if takes == "player":
            after = self.name_after(at + 1, of)
            if after is None:
                raise UserError("line_name_missing", word=word, players=self.names)
            return after
        if takes == "number":
            number = None if last else self.number(at + 1)
            if number is None:
                raise UserError("line_count_missing", word=word)
            return number, at + 2
        return True, at + 1

    def word_at(self, at: int, contracts: Mapping[str, str]) -> tuple[str, str, int]:
        """Word `at` as typed and folded, and the place of its last word: two words where they make a contract
        of `contracts` (« sans prendre », « solo spar »), else the one."""
        word, folded = self.items[at], self.folded(at)
        if at + 1 < len(self.items):
            both = f"{folded} {self.folded(at + 1)}"
            if keyword(contracts, both):
                return f"{word} {self.items[at + 1]}", both, at + 1
        return word, folded, at

    def add_counts(self, at: int, tricks: dict[str, int], word: str) -> bool:
        """`NAME=N` at word `at` added to `tricks`, each player once (a second is the user's mistake); whether
        the word was one."""
        counts = self.counts(at)
        if counts is None:
            return False
        for player, number in counts:
            if player in tricks:
                raise given_twice("tricks", word)
            tricks[player] = number
        return True

    def counts(self, at: int) -> list[tuple[str, int]] | None:
        """`César=40` (or several, `A=20,B=30`) at word `at`: the names as found, None if it is no count."""
        word = self.items[at]
        if "=" not in word:
            return None
        found = []
        for part in (part for part in word.split(",") if part):
            who, _, value = part.rpartition("=")
            player = self.player(who)
            if player is None:
                raise UserError("unknown_player", name=who, players=self.names)
            if not (value.isascii() and value.isdigit() and len(value) <= 9):
                raise UserError("line_bad_count", text=part, player=self.names[0])
            found.append((player, int(value)))
        return found


def spoken_numbers(language: Language) -> Numbers:
    """The numbers `language` says in words (issue 39), read by the rule of `games/spoken.py` from its words
    file's `[numbers.said]`: « quarante-deux », « quarante deux », « vingt et un », « soixante-dix »,
    « quatre-vingt-dix-neuf », « cent un », « tweeënveertig », « honderd en een », "forty-two".

    >>> from scorekeeper.language import Language
    >>> said = spoken_numbers(Language.named("fr"))
    >>> [said.read(words) for words in ("quarante-deux", "quarante deux", "vingt et un", "soixante-huit", "seize")]
    [42, 42, 21, 68, 16]
    >>> said = spoken_numbers(Language.named("nl"))
    >>> [said.read(words) for words in ("tweeënveertig", "vijfendertig", "achtenzestig", "veertig", "honderdeen")]
    [42, 35, 68, 40, 101]
    """
    from scorekeeper.games.spoken import Numbers

    return Numbers.of(language)


_WORDS_IN_A_NUMBER = 5  # « quatre vingt dix sept », "one hundred and forty two"


def _numbers_joined(words: list[str], numbers: Numbers | None) -> list[str]:
    """`words` with a number said in several words made one (« quarante deux », « vingt et un »): the most
    words that read as one number, none of them but the last ending with punctuation. Where the last of
    them starts a card with the words after it (« César quarante sept de pique »: 47, or 40 and the 7♠?),
    the line is refused, naming both readings (issue 16)."""
    if numbers is None:
        return words
    joined: list[str] = []
    at = 0
    while at < len(words):
        size = 1
        for longer in range(min(_WORDS_IN_A_NUMBER, len(words) - at), 1, -1):
            said = words[at : at + longer]
            if not any(word.endswith(tuple(_PUNCTUATION)) for word in said[:-1]):
                figure = numbers.read(" ".join(said).rstrip(_PUNCTUATION))
                if figure is not None:
                    _no_card_after(words, at, at + longer - 1, figure, numbers)
                    size = longer
                    break
        joined.append(" ".join(words[at : at + size]))
        at += size
    return joined


def _no_card_after(words: list[str], first: int, last: int, figure: int, numbers: Numbers) -> None:
    """Refuses a number said in several words whose last word starts a card (« quarante sept de pique »)."""
    if numbers.language is None or words[last].endswith(tuple(_PUNCTUATION)):
        return
    for size in range(min(_WORDS_IN_A_CARD, len(words) - last), 1, -1):
        try:
            card = Card.parse(" ".join(words[last : last + size]).rstrip(_PUNCTUATION), numbers.language)
        except CardError:
            continue
        said = " ".join(words[first : last + 1])
        raise ambiguous(said, reading("number", number=figure), reading("card", card=card))


# What a table types stuck to the end of a word and means nothing to the line: « dix de cœur, César 42 ».
_PUNCTUATION = ",;.!?"


def _unpunctuated(word: str, named: set[str]) -> str:
    """`word` without the commas, semicolons, full stops, « ! » and « ? » stuck to its end (issue 39: a
    line of four in three failed on them alone), unless a player's name holds it so (C-4: any printable
    name, `Café.`); "" for punctuation alone. A colon is read where it is said ("César: 40").

    >>> [_unpunctuated(word, {"cafe."}) for word in ("cœur,", "40.", "?", "Café.", "Café.,", "A=20,B=30,")]
    ['cœur', '40', '', 'Café.', 'Café.', 'A=20,B=30']
    """
    kept = word
    while kept.endswith(tuple(_PUNCTUATION)) and fold_name(kept) not in named:
        kept = kept[:-1]  # « Jr., » is the « Jr. » of Bob Jr.
    return kept


def ambiguous(word: str, *readings: Record) -> UserError:
    """A word that could be two things is refused, naming both (issue 16)."""
    return UserError("line_ambiguous", word=word, first=readings[0], second=readings[1])


def given_twice(field: str, word: str) -> UserError:
    return UserError("line_said_twice", field=field, word=word)


def inline(words: Sequence[str]) -> dict[str, Any] | None:
    """A line written as the declaration itself, a TOML inline table (`{retourne = "10H", ...}`), or None."""
    text = " ".join(words).strip()
    if not text.startswith("{"):
        return None
    import tomllib

    try:
        table = tomllib.loads(f"entry = {text}")["entry"]
    except tomllib.TOMLDecodeError as error:
        raise UserError("line_bad_table", reason=str(error)) from None
    except RecursionError:  # tomllib reads nested tables and arrays by recursion: `[[[[…]]]]`
        raise UserError("line_too_deep", most=DEEPEST) from None
    if not isinstance(table, dict):
        raise UserError("line_bad_table", reason=text)
    if _deeper(table, DEEPEST):
        raise UserError("line_too_deep", most=DEEPEST)
    return table


# The deepest a line written as a table nests (`{a.a.a = 1}` is 3): a declaration's deepest value, a
# trick log's card, is 3 down; a line 1,000 deep would be written back, and replayed, by recursion.
DEEPEST = 8


def _deeper(value: Any, most: int) -> bool:
    """Whether `value` nests tables or arrays more than `most` deep, found without recursion.

    >>> _deeper({"a": {"a": [1]}}, 3), _deeper({"a": {"a": [1]}}, 2)
    (False, True)
    """
    below = [(value, 0)]
    while below:
        item, depth = below.pop()
        if isinstance(item, (dict, list)):
            if depth >= most:
                return True
            below.extend((inner, depth + 1) for inner in (item.values() if isinstance(item, dict) else item))
    return False


def write_inline(value: Any) -> str:
    """The declaration as a TOML inline table on one line, which `inline` reads back.

    >>> write_inline({"retourne": "10H", "points": {"César": 40}, "force": True})
    '{retourne = "10H", points = {"César" = 40}, force = true}'
    """
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        pairs = (f"{_key(key)} = {write_inline(item)}" for key, item in value.items())
        return "{" + ", ".join(pairs) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(write_inline(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)  # a string (TOML's basic strings escape as JSON) or a number


def _key(key: str) -> str:
    return key if key.isascii() and key.replace("_", "").replace("-", "").isalnum() else write_inline(str(key))


def comment_mark(text: str, at: int) -> bool:
    """Whether the `#` at `at` in `text` starts a comment (a script's, a note of `fix`): it begins a word and
    is followed by a space or ends the text. `#1` is a word, the name of a player `#1` (C-4).

    >>> [comment_mark(text, 0) for text in ("# Marius", "#", "#1 40 7s", "#\tnote")]
    [True, True, False, True]
    """
    return (
        text[at : at + 1] == "#"
        and (at == 0 or text[at - 1].isspace())
        and (at + 1 == len(text) or text[at + 1].isspace())
    )


def read_back(words: Sequence[str], declared: Mapping[str, Any], read: Callable[[Sequence[str]], Any]) -> str:
    """The line of `words` when `read` reads it back to `declared`, else the entry itself (`write_inline`):
    an old game's player named like a word of the line (`Pique`) is said the one way that cannot mislead;
    so is a line holding a comment's mark (a player `# x`), which a script or `fix` would cut there."""
    line = " ".join(words)
    try:
        commented = "#" in line and any(comment_mark(line, at) for at in range(len(line)))
        if not commented and read(line.split()) == dict(declared):
            return line
    except UserError:
        pass
    return write_inline(declared)


def keyword(table: Mapping[str, str], word: str) -> str | None:
    """The field a keyword of the line stands for (`table`: folded word -> field)."""
    return table.get(fold_name(word).replace("_", "-"))


@dataclass(frozen=True, slots=True)
class Keywords:
    """A game's short-line keywords in one language, as its words files say them (`words/LANG.toml`,
    `[line]`), with those of the languages it reads too, its own first: the folded word -> the field
    it says (`fields`; a contract's word -> the contract, `contracts`), what a field takes after it
    (`takes`: "player", "number"), the word each field is written with (`say`, this language's own),
    whether a player is said before his keyword (`player_before`), the fields a line writes after the
    player they name (`after_player`: Dutch "Jan verzaakt", a verb, where "klop Piet" is not), the
    templates of a mort's other names with the language that says each (`mort`), and the little words
    read where they are said (`little`, folded, by their part: `of` before a name, `joined` between the
    players of a side, `makes` between a name and its points, `unit` after points, `trump` before the trump
    or the card turned: « à carreau », « atout pique », « troef harten »; `trump_after` after it: « harten is
    troef »; `before_verb` before a keyword: « Jan heeft verzaakt »; `all` after a name, every point of the
    coup: « César capot »; `for` between points and a name: « 40 pour César »; `both` after points, both
    sides': « 34 partout »; issue 39). A keyword or little word may be several words (« a renoncé »)."""

    fields: dict[str, str]
    contracts: dict[str, str]
    takes: dict[str, str]
    say: dict[str, str]
    player_before: bool
    after_player: frozenset[str]
    mort: tuple[tuple[str, Language], ...]
    little: Mapping[str, frozenset[str]]

    @staticmethod
    def of(game: str, language: Language, folder: Path | None = None) -> Keywords:
        """The keywords of game `game`, whose package is `folder` (a built-in game's by default)."""
        found = language.built.get(f"keywords:{game}")
        if found is None:
            found = language.built[f"keywords:{game}"] = Keywords._build(game, language, folder)
        return found

    @staticmethod
    def _build(game: str, language: Language, folder: Path | None) -> Keywords:
        own = language.game(game, folder).get("line", {})
        spoken = [language, *(Language.named(code) for code in own.get("also", ()) if code != language.code)]
        fields: dict[str, str] = {}
        contracts: dict[str, str] = {}
        takes: dict[str, str] = {}
        mort: list[tuple[str, Language]] = []
        little: dict[str, set[str]] = {part: set() for part in _LITTLE}
        for each in spoken:
            line = each.game(game, folder).get("line", {})
            for part in _LITTLE:
                little[part] |= {_folded(word).replace("\u2019", "'") for word in line.get(part, ())}
            for kind, takes_what in _KINDS.items():
                for field, words in line.get(kind, {}).items():
                    for word in words:
                        (contracts if kind == "contracts" else fields).setdefault(_folded(word), field)
                    if takes_what in ("player", "number"):
                        takes[field] = takes_what
            mort += [(template, each) for template in line.get("mort", ())]
        say = {field: words[0] for kind in _KINDS for field, words in own.get(kind, {}).items()}
        found = {part: frozenset(words) for part, words in little.items()}
        before = own.get("player") == "before"
        named = own.get("named", {}) if before else own.get("after_player", ())
        after = frozenset(field for field in named if field in say)
        return Keywords(fields, contracts, takes, say, before, after, tuple(mort), found)

    def named(self, field: str, player: str) -> list[str]:
        """A keyword and the player it names, in the order this language writes them: `renonce Brun`,
        `Jan verzaakt` (`after_player`)."""
        return [player, self.say[field]] if field in self.after_player else [self.say[field], player]

    def morts(self, seats: Iterable[tuple[str, str]]) -> dict[str, str]:
        """Other names of the seats a mort holds (`seats`: seat and owner): `mort de César` (M-15, M-16)."""
        aliases: dict[str, str] = {}
        for seat, player in seats:
            for template, language in self.mort:
                aliases[template.replace("{player:of}", language.of(player)).replace("{player}", player)] = seat
        return aliases


def _folded(word: str) -> str:
    return fold_name(word).replace("_", "-")


def line_words(game: str, folder: Path | None = None) -> frozenset[str]:
    """Every keyword of a game's line in every language spoken here, folded, and each word of a contract
    said in several ("sans prendre"): what no player may be named (C-4). A call of several words (« tout
    le monde passe », « gaat mee ») is read whole before any name, so its words stay names. `folder`: the
    game's package."""
    words: set[str] = set()
    for code in codes():
        said = Keywords.of(game, Language.named(code), folder)
        words |= {*said.fields, *said.contracts}
        for word in said.contracts:  # « sans prendre »: each word of a contract, which a line reads alone
            words |= set(word.split())
    return frozenset(words)
