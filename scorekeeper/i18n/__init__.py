"""Words for what the engines say: records and errors rendered from the message catalogs.

One gettext catalog a language (sources in `i18n/LANG/*.po` and each built-in game's
`games/GAME/i18n/LANG/*.po`, compiled into one by `i18n.compile`), and after it the catalogs a game
from outside the package brings (`bring`).
The languages are the folders (`scorekeeper.language`); the edge chooses one, once a command
(`cli.language`: `--lang`, `SCOREKEEPER_LANG`, the game's own, the locale) and says it here (`speak`).
A message is found by its key (a record's event, `error.KEY`, `help.…`) and filled with the
record's values. In a message, `{name}` shows a value as itself (a card as `10♥`, a record as its
own words), and a format spec after a colon says more:

- `{n:#jetons}`: a number with its unit, in the plural form the catalog gives (`unit.jetons`); of a list
  of names, the form for as many (`{players:#have}`: a verb that agrees with its subject); `{n:+#jetons}`
  with its sign (`+2 jetons`, « -0,5 jeton »);
- `{side:&}`: names that score together (`César & Escartefigue`; three as `A, B & C`);
- `{cards:and}`, `{cards:or}`: an enumeration (`7♥, 8♥ and 9♥`);
- `{contract:@contract}`: a word of the catalog, `contract.VALUE`;
- `{player:de}`: "de" before a name as the language says it, elided or contracted (`d'Ana`, `de Bea`,
  `du mort de César`: `Language.of`); after another spec, before what it says (`{players:and:de}`:
  `d'Ana, Bea et Cid`);
- `{card:the}`, `{card:of_the}`: a card after its article, as the language's `[articles]` agree it with
  the card's rank (« l'A♠ », « la D♥ », « le 10♥ »; « de l'A♠ », « de la D♥ », « du 10♥ »);
- `{trump:letter}`: a suit as a cell shows it, its letter under `ascii`; inside a message a suit is
  otherwise a word under `ascii` (`suit.H`: "a hearts lead", never "a H lead"), its symbol without;
- any other spec is Python's (`{points:+}`).

A string written right to left (an Arabic or Hebrew name, a note) is isolated from the words and
figures around it (`isolated`, C-4): « علي 68-41 » never reads « 41-68 ».

A record's rule id is shown after its words, `… (M-5)`, unless the message places `{rule}` itself.

>>> text("error.player_count", count=4, given=1)
'this ruleset is for 4 players, 1 given: name each with --player'

Click's own words (usage, "No such option") come from the same catalog, through `message` and
`ngettext`, which the command line puts in the place of gettext's in click once the language is chosen.
"""

from __future__ import annotations

import enum
import os
import re
import string
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from scorekeeper.errors import Field
from scorekeeper.language import DEFAULT, Language, codes

if TYPE_CHECKING:
    from fractions import Fraction
    from gettext import NullTranslations

Fields = Callable[[Field], str]  # how an edge says a field of a coup: its flag, its word at the table

_LOCALE = Path(__file__).resolve().parent / "locale"

_in_effect: list[Language] = []  # the language the edge said (`speak`), once a command
_catalogs: dict[str, NullTranslations] = {}
_brought: list[Path] = []  # the catalog folders of games from outside the package (`bring`)


def language_code(wanted: str) -> str | None:
    """The language `wanted` names (`fr`, `FR`, `fr_BE.UTF-8`, `fr-BE`), or None if it names none spoken here.

    >>> language_code("FR"), language_code("fr_BE.UTF-8"), language_code("de"), language_code("C")
    ('fr', 'fr', None, None)
    """
    code = wanted.strip().lower().replace("-", "_").partition(".")[0].partition("@")[0].partition("_")[0]
    return code if code in codes() else None


def language_of(given: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: `given` (--lang), else SCOREKEEPER_LANG, else the locale, else English.

    A language asked for by name (`given`, SCOREKEEPER_LANG) and not spoken here is English here; the
    command line refuses it before (`language_code`). A locale not spoken here is passed over.

    >>> language_of("FR"), language_of(None, {"LANG": "fr_BE.UTF-8"}), language_of(None, {"LANG": "C"})
    ('fr', 'fr', 'en')
    """
    environ = os.environ if environ is None else environ
    asked = given or environ.get("SCOREKEEPER_LANG")
    if asked:
        return language_code(asked) or DEFAULT
    for locale in (environ.get("LC_ALL"), environ.get("LC_MESSAGES"), environ.get("LANG")):
        if locale:
            return language_code(locale) or DEFAULT
    return DEFAULT


def speak(language: Language) -> None:
    """Render messages in `language` from now on: the edge's choice (`cli.language`)."""
    _in_effect[:] = [language]


def spoken() -> Language:
    """The language the edge chose; before it chose, the environment's (a library call, a test)."""
    if not _in_effect:
        _in_effect.append(Language.named(language_of()))
    return _in_effect[0]


def dates() -> Mapping[str, Any]:
    """How the language in effect writes a date and a time (its words' `[dates]`, Babel's patterns
    compiled with them), for `clock.shown`."""
    found: Mapping[str, Any] = spoken().words.get("dates", {})
    return found


_KEPT: dict[str, Any] = {}  # a language's marks kept with their word, as one compiled pattern


def typeset(words: str) -> str:
    """`words` as a page prints them in the language in effect: the space its `[typography]` keeps
    with a mark made non-breaking (French: before « : ; ! ? » and inside « », so that no printed
    line starts with a lone « ; »); words of a language without such marks come back as they were.

    >>> speak(Language.named("fr")); typeset("César : 40 ; « 10♥ » ?"); speak(Language.named("en"))
    'César\xa0: 40\xa0; «\xa010♥\xa0»\xa0?'
    """
    code = spoken().code
    if code not in _KEPT:
        import re

        marks = spoken().words.get("typography", {})
        before, after = re.escape(marks.get("before", "")), re.escape(marks.get("after", ""))
        parts = [f" (?=[{before}])"] * bool(before) + [f"(?<=[{after}]) "] * bool(after)
        _KEPT[code] = re.compile("|".join(parts)) if parts else None
    pattern = _KEPT[code]
    return words if pattern is None else pattern.sub("\u00a0", words)


def bring(folder: Path) -> None:
    """Look messages up in the catalogs of `folder` too (`LANG/*.po` compiled under `locale/`), after the
    main catalog: a game from outside the package brings its own words so."""
    if folder not in _brought:
        _brought.append(folder)
        _catalogs.clear()


def _catalog() -> NullTranslations:
    lang = spoken().code
    found = _catalogs.get(lang)
    if found is None:
        from gettext import GNUTranslations

        found = None
        # The language's catalogs, then English's: a message a language lacks (one being translated, or a
        # game from outside with fewer languages) is said in English, never as its key (issue 42); English's
        # are read only when a message is missing (`_English`). A game from outside brings its catalogs,
        # looked up after the main one.
        for path in _catalog_paths(lang):
            with path.open("rb") as handle:
                catalog = GNUTranslations(handle)
            if found is None:
                found = catalog
            else:
                found.add_fallback(catalog)
        if found is None:  # a language not translated yet: English's alone
            from gettext import NullTranslations

            found = NullTranslations()
        if lang != DEFAULT:
            found.add_fallback(_English())
        assert found is not None
        _catalogs[lang] = found
    return found


def _catalog_paths(lang: str) -> list[Path]:
    """Language `lang`'s compiled catalogs: the main one, then each game's from outside."""
    main = _LOCALE / lang / "LC_MESSAGES" / "scorekeeper.mo"
    return [
        path
        for path in (main, *(_game_catalog(folder, lang) for folder in _brought))
        if path is not None and path.is_file()
    ]


class _English:
    """English's catalogs behind a language's, read at the first message the language lacks."""

    def __init__(self) -> None:
        self.read: Any = None

    def _catalog(self) -> Any:
        if self.read is None:
            from gettext import GNUTranslations, NullTranslations

            self.read = NullTranslations()
            for path in reversed(_catalog_paths(DEFAULT)):
                with path.open("rb") as handle:
                    catalog = GNUTranslations(handle)
                catalog.add_fallback(self.read)
                self.read = catalog
        return self.read

    def gettext(self, message: str) -> str:
        return str(self._catalog().gettext(message))

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return str(self._catalog().ngettext(singular, plural, count))

    def pgettext(self, context: str, message: str) -> str:
        return str(self._catalog().pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, count: int) -> str:
        return str(self._catalog().npgettext(context, singular, plural, count))

    def add_fallback(self, fallback: Any) -> None:
        self._catalog().add_fallback(fallback)


def _game_catalog(folder: Path, lang: str) -> Path | None:
    path = folder / "locale" / lang / "LC_MESSAGES" / "scorekeeper.mo"
    return path if path.is_file() else None


def message(key: str) -> str:
    """The catalog's words for `key`, placeholders unfilled; `key` itself where the catalog has none
    (as `gettext.gettext`, whose place it takes in click)."""
    return _catalog().gettext(key)


def plural(key: str, number: int) -> str:
    """The catalog's plural form of `key` for `number`, placeholders unfilled."""
    return ngettext(key, key, number)


def ngettext(singular: str, plural_form: str, count: int) -> str:
    """`gettext.ngettext` over the catalog in effect (click's texts)."""
    return _catalog().ngettext(singular, plural_form, count)


def text(key: str, /, ascii: bool = False, **values: Any) -> str:
    """The message `key` filled with `values`."""
    return _fill(message(key), ascii, values)


def _fill(words: str, ascii: bool, values: Mapping[str, Any], fields: Fields | None = None) -> str:
    """`words` filled with `values`. Plain names filled with plain strings and whole numbers need none of
    `_Words`' care, and `str.format` fills them several times faster: a 500-coup sheet fills some 1,200
    cells and lines, which took a fifth of the command through `string.Formatter` (measured with bench/)."""
    signed = _plain(words)
    if (
        signed is not None
        and all(
            (type(value) is str and not _RIGHT_TO_LEFT.search(value)) or type(value) is int for value in values.values()
        )
        and all(type(values.get(name)) is int for name in signed)
    ):
        return words.format_map(values)
    parts = _parsed(words)
    if parts is None:
        return _Words(ascii, fields).format(words, **values)
    filler = _Words(ascii, fields)
    said = []
    for literal, name, spec, conversion in parts:
        said.append(literal)
        if name is not None:
            value = values[name] if conversion is None else filler.convert_field(values[name], conversion)
            said.append(filler.format_field(value, spec))
    return "".join(said)


_PARSED: dict[str, list[tuple[str, str | None, str, str | None]] | None] = {}


def _parsed(words: str) -> list[tuple[str, str | None, str, str | None]] | None:
    """`words` cut once into its literal text and its placeholders (name, spec, conversion), for `_fill` to
    fill as `string.Formatter` would, without parsing them again at every call (docs/performance.md: the statements
    of an export fill some 18,000 lines); None where a placeholder is more than a name (`{0}`, `{a.b}`,
    a spec of its own placeholders), which `string.Formatter` fills.

    >>> _parsed("{side:&} wins {n:#points}"), _parsed("{a.b}")
    ([('', 'side', '&', None), (' wins ', 'n', '#points', None)], None)
    """
    if words in _PARSED:
        return _PARSED[words]
    parts = [(literal, name, spec or "", conv) for literal, name, spec, conv in string.Formatter().parse(words)]
    plain = all(name is None or (name.isidentifier() and "{" not in spec) for _, name, spec, _ in parts)
    found = _PARSED[words] = parts if plain else None
    return found


_PLAIN: dict[str, frozenset[str] | None] = {}


def _plain(words: str) -> frozenset[str] | None:
    """The names of `words` shown with a sign (`{scored:+}`, which `str.format` writes as `_Words` does
    for a whole number), when every other placeholder is a bare name: no format spec, no conversion;
    None when one is not."""
    if words in _PLAIN:
        return _PLAIN[words]
    fields = [(name, spec, conversion) for _, name, spec, conversion in string.Formatter().parse(words) if name]
    plain = all((not spec or spec == "+") and not conversion for _, spec, conversion in fields)
    found = _PLAIN[words] = frozenset(name for name, spec, _ in fields if spec == "+") if plain else None
    return found


# The letters written right to left (Unicode's bidirectional classes R and AL): Hebrew, Arabic, Syriac,
# Thaana, N'Ko, Samaritan, Mandaic, their presentation forms, and the historic scripts of the planes above.
_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\U00010800-\U00010fff\U0001e800-\U0001efff]")

_ISOLATED = re.compile("\u2068[^\u2068\u2069]*\u2069")  # words isolated already: a sentence saying a name


def isolated(words: str) -> str:
    """`words` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE where a letter of it is written right
    to left, so that it never reorders the figures beside it (Unicode's bidirectional algorithm, rule X5c):
    a name like علي before « 68-41 » would otherwise turn it into « 41-68 » (C-4). Left-to-right words
    are as they were: the isolates are invisible and take no column, but are written only where needed.

    >>> isolated("César"), isolated("علي"), isolated(isolated("علي") + " 68-41")
    ('César', '\u2068علي\u2069', '\u2068علي\u2069 68-41')
    """
    return f"\u2068{words}\u2069" if _RIGHT_TO_LEFT.search(_ISOLATED.sub("", words)) else words


def render(item: Any, ascii: bool = False, fields: Fields | None = None) -> str:
    """A record (or a user's error) in words, in the language in effect; cards in letters with `ascii`;
    a field of a coup (`errors.Field`) as the edge says it (`fields`: `--trump` on the command line, the
    table's word at the table), else by its name."""
    return _Words(ascii, fields).show(item)


def number(value: Any) -> str:
    """A figure as the table reads it: `27`, `13.5` (halves of jetons are exact; `13,5` in French); a
    figure a user typed and the engine refused, read as a float, in the same figures (`0,3`, `5,0`).

    >>> number(27), number(0.3), number(5.0), number(float("inf"))
    ('27', '0.3', '5.0', 'inf')
    """
    if _fraction(value):
        if value.denominator == 1:
            return str(value.numerator)
        if 100 % value.denominator == 0:  # halves of jetons, money in hundredths (D-8): 13,5 and 2,25
            return str(float(value)).replace(".", message("number.decimal"))
        return str(value)
    if isinstance(value, float) and value == value and abs(value) != float("inf"):
        return str(value).replace(".", message("number.decimal"))  # `5.0` refused as no whole number: `5,0`
    return str(value)


def _count(value: Any) -> int:
    """The number a plural form is chosen by: a whole one as it is, its sign aside (« -3 jetons »); a
    half as its language counts it, by its whole part in French (« 0,5 jeton »: below 2 is one, its
    words' `[numbers] whole_part_counts`), else as many ("0.5 jetons"): the catalog's forms count integers.

    >>> _count(3), _count(-1), _count(0.5)
    (3, 1, 2)
    """
    value = abs(value)
    if value == int(value) or spoken().words.get("numbers", {}).get("whole_part_counts", False):
        return int(value)
    return 2


class _Words(string.Formatter):
    """Fills a message: each value shown as its type and format spec say (see the module's docstring)."""

    def __init__(self, ascii: bool, fields: Fields | None = None) -> None:
        self.ascii = ascii
        self.fields = fields

    def show(self, value: Any) -> str:
        from scorekeeper.explain import Record

        if isinstance(value, Record):
            words = message(value.event)
            said = _fill(words, self.ascii, {"rule": value.rule, **value.values}, self.fields)
            return said if value.rule is None or "{rule}" in words else f"{said} ({value.rule})"
        if hasattr(value, "record"):  # a UserError
            return self.show(value.record)
        if isinstance(value, Field):
            return value.name if self.fields is None else self.fields(value)
        if isinstance(value, str) and hasattr(value, "words"):  # a name whose string is an identity
            return self.show(value.words)  # and whose words are a record: "César's mort" (`seat.mort`)
        if _shows_itself(value):
            return str(value.format(self.ascii, spoken()))  # a card in the letters of the language (C-2)
        if (isinstance(value, int | float) or _fraction(value)) and not isinstance(value, bool):
            return number(value)
        if isinstance(value, (list, tuple)):
            return message("join.list").join(self.show(item) for item in value)
        return "" if value is None else isolated(str(value))

    def enumeration(self, value: Any, last: str) -> str:
        """Items one after the other as the language lists them: `join.list` between all but the last two,
        `last` before the last (« César, Panisse et Escartefigue », "César, Panisse & Escartefigue")."""
        items = [self.show(item) for item in value]
        if len(items) < 2:
            return "".join(items)
        return message("join.list").join(items[:-1]) + message(last) + items[-1]

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        """`{value!r}` quotes what the user typed; a number is said as a figure of the language (« pas 0,3 »),
        never as Python writes it (`0.3`, `0.0`)."""
        if conversion == "r" and isinstance(value, int | float) and not isinstance(value, bool):
            return value
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec:
            word = getattr(value, "word", None) if self.ascii else None
            return self.show(value) if word is None else message(word)  # a suit in a sentence
        if format_spec == "letter":
            return self.show(value)
        if format_spec.startswith("#"):
            if isinstance(value, (list, tuple)):  # a word that agrees with the players named: `{players:#have}`
                value = len(value)
            return plural(f"unit.{format_spec[1:]}", _count(value)).format(n=number(value))
        if format_spec.startswith("+#"):  # an amount with its sign and its unit: « -0,5 jeton », "+2 jetons"
            signed = ("-" if value < 0 else "+") + number(abs(value))
            return plural(f"unit.{format_spec[2:]}", _count(value)).format(n=signed)
        if format_spec == "&":
            return self.enumeration(value, "join.side")
        if format_spec in ("and", "or"):
            return self.enumeration(value, f"join.{format_spec}")
        if format_spec == "+" and _fraction(value):  # a half with its sign, in the language's figures: +13,5
            return ("-" if value < 0 else "+") + number(abs(value))
        if format_spec.startswith("@"):
            return message(f"{format_spec[1:]}.{value}")
        if format_spec in ("the", "of_the"):  # « l'A♠ », « de la D♥ », « du 10♥ »
            articles = spoken().words.get("articles", {}).get(format_spec, {})
            rank = getattr(getattr(value, "rank", None), "value", None)
            return str(articles.get(rank, articles.get("other", ""))) + self.show(value)
        if format_spec == "de":
            return spoken().of(self.show(value))
        if format_spec.endswith(":de"):  # `{players:and:de}`: "d'Ana et de Bea", the whole said after "de"
            return spoken().of(self.format_field(value, format_spec[:-3]))
        return format(value, format_spec)


def as_json(value: Any) -> Any:
    """A value as the JSON carries it: a record as `{rule, event, values, text}` (text in the language in
    effect, cards in ASCII), cards as `10H`, suits as `H`, halves as numbers."""
    from scorekeeper.explain import Record

    if isinstance(value, Record):
        return {
            "rule": value.rule,
            "event": value.event,
            "values": {key: as_json(item) for key, item in value.values.items()},
            "text": render(value, ascii=True),
        }
    if hasattr(value, "record"):
        return as_json(value.record)
    if isinstance(value, Field):
        return value.name
    if _shows_itself(value):
        return value.format(True)
    if _fraction(value):
        return value.numerator if value.denominator == 1 else float(value)
    if isinstance(value, (list, tuple)):
        return [as_json(item) for item in value]
    if isinstance(value, Mapping):
        return {key: as_json(item) for key, item in value.items()}
    if isinstance(value, enum.Enum):
        return value.value
    return value


def _fraction(value: Any) -> TypeGuard[Fraction]:
    """Whether `value` is a Fraction (halves of jetons), without importing `fractions` and `decimal` (3.4 ms
    of every start-up, docs/performance.md): where no module has imported it, no value is one."""
    fractions = sys.modules.get("fractions")
    return fractions is not None and isinstance(value, fractions.Fraction)


def _shows_itself(value: Any) -> bool:
    """A card or a suit: it has its own `format(ascii)` (the catalog does not know the cards module)."""
    return not isinstance(value, str) and callable(getattr(value, "format", None))
