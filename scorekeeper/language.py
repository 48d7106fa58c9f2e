"""A language as the core reads it: its words, data from `i18n/LANG/words.toml` (card letters and
words, the orders and connectors a card is written with, "de" before a name, yes, the table's words)
and each game's own (`games/GAME/words/LANG.toml`: the short line's keywords and their grammar).

The edge chooses one language and passes this object down; `cards.py` and the games read words only
through it. The languages are the folders of `i18n/` that hold a words file. The TOML is the source;
what is read at run time is its compiled form, `i18n/locale/LANG/words.marshal` (and a game's
`games/GAME/locale/LANG/words.marshal`), written by `python -m scorekeeper.i18n.compile` with the
catalogs: `marshal` is built in, so a command pays no import and no TOML parse for its words.

>>> french = Language.named("fr")
>>> french.code, french.of("Ana"), french.of("le mort de César"), Language.named("en").of("Bea")
('fr', "d'Ana", 'du mort de César', 'of Bea')
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent
FOLDERS = HERE / "i18n"  # a language a folder: its catalogs and its words
GAMES = HERE / "games"
DEFAULT = "en"
WORDS = "words.toml"
COMPILED = "words.marshal"


def codes() -> tuple[str, ...]:
    """The languages spoken here: the folders of `i18n/` that hold a words file.

    >>> {"en", "fr", "nl"} <= set(codes()), codes() == tuple(sorted(codes()))  # a language is its folder
    (True, True)
    """
    found = _CODES.get("")
    if found is None:
        # Each folder looked at, not globbed: a glob compiles its pattern with `re`, which every command
        # that reads or writes cards (`sheet`, through `Language.card_languages`) would pay at its start.
        found = _CODES[""] = tuple(sorted(path.name for path in FOLDERS.iterdir() if (path / WORDS).is_file()))
    return found


_CODES: dict[str, tuple[str, ...]] = {}


def compiled_path(folder: Path, code: str) -> Path:
    """Where the compiled words of `code` are, for a folder of sources (`i18n/`, or a game's)."""
    return folder / "locale" / code / COMPILED


def read_toml(path: Path) -> dict[str, Any]:
    """A words file's source, as its compiled form holds it."""
    import tomllib

    with path.open("rb") as handle:
        return tomllib.load(handle)


def _load(folder: Path, code: str, source: Path) -> dict[str, Any]:
    """The compiled words of `code` where they are; a game from outside the package may bring its
    sources alone, read as they are."""
    compiled = compiled_path(folder, code)
    if compiled.is_file():
        loaded: dict[str, Any] = marshal.loads(compiled.read_bytes())
        return loaded
    return read_toml(source) if source.is_file() else {}


class Language(NamedTuple):
    """A language's words (`words`, as its words file says them), and those its games bring. `games`
    holds words given with the language itself (a language not shipped yet: a test's own Dutch),
    which come before the game's own files. What is built from the words once (the cards' tables)
    is kept in `built`.

    A NamedTuple, not a frozen dataclass: every command creates this class at start-up, and a
    dataclass took 0.9 ms more to create (`python -X importtime`), against `sheet`'s 5 ms of margin."""

    code: str
    words: Mapping[str, Any]
    games: Mapping[str, Mapping[str, Any]]
    built: dict[str, Any]

    @staticmethod
    def named(code: str) -> Language:
        """The language `code` spoken here (one of `codes()`), loaded once."""
        found = _NAMED.get(code)
        if found is None:
            found = _NAMED[code] = Language(code, _load(FOLDERS, code, FOLDERS / code / WORDS), {}, {})
        return found

    @staticmethod
    def from_files(code: str, words: Path, games: Mapping[str, Path] | None = None) -> Language:
        """A language from its sources: a words file and, by game, the game's words file."""
        given = {name: read_toml(path) for name, path in (games or {}).items()}
        return Language(code, read_toml(words), given, {})

    def game(self, name: str, folder: Path | None = None) -> Mapping[str, Any]:
        """The words game `name` (its package's folder: `folder`, a built-in game's by default) says in
        this language: its short line's keywords and their grammar."""
        found = self.games.get(name)
        if found is None:
            found = self.built.get(f"game:{name}")
        if found is None:
            where = (GAMES / name if folder is None else folder) / "words"
            found = self.built[f"game:{name}"] = _load(where, self.code, where / f"{self.code}.toml")
        return found

    def playing(self, game: str, folder: Path | None = None) -> Language:
        """This language as it is spoken at game `game`: with the card words the game's words file adds
        (`[cards.ranks]`: at manille "manille de carreau" is the 10♦, C-2), after the language's own, and
        the words its table says sans-atout with (`[cards] sans_atout`: `sa` at an English manille table,
        P-8), before the language's own: the game's first is the one written."""
        found = self.built.get(f"playing:{game}")
        if found is None:
            given = self.game(game, folder).get("cards", {})
            added, sans_atout = given.get("ranks", {}), list(given.get("sans_atout", ()))
            found = self
            if added or sans_atout:
                cards = dict(self.words.get("cards", {}))
                ranks = {value: list(words) for value, words in cards.get("ranks", {}).items()}
                for value, words in added.items():
                    ranks[value] = [*ranks.get(value, [value]), *words]  # the first stays the one written
                said = list(dict.fromkeys([*sans_atout, *cards.get("sans_atout", ())]))
                cards |= {"ranks": ranks, "sans_atout": said}
                found = Language(self.code, {**self.words, "cards": cards}, self.games, {})
            self.built[f"playing:{game}"] = found
        return found

    def others(self, key: str) -> list[Language]:
        """The languages whose words of part `key` (`cards`) this one reads too, after its own."""
        return [Language.named(code) for code in self.words.get(key, {}).get("also", ()) if code != self.code]

    def card_languages(self) -> list[Language]:
        """The languages whose card words this one reads, in the order they win where two disagree: itself,
        those its `[cards] also` names, then every other language spoken here (C-2: a letter of one
        language only, Dutch `H`, is read in all; `c`, `V`, `k` are read as the first of these says)."""
        spoken = [self, *self.others("cards")]
        said = {each.code for each in spoken}
        return spoken + [Language.named(code) for code in codes() if code not in said]

    def of(self, words: str) -> str:
        """ "de" before `words` (a name, a seat) as this language says it: `d'Ana`, `de Bea`, `du mort de
        César`, `des tiers`; `of Bea` in English."""
        rule = self.words.get("of", {})
        for article, contracted in rule.get("contracted", {}).items():
            if words.startswith(article):
                return str(contracted) + words[len(article) :]
        if rule.get("elided") and words[:1].lower() in rule.get("vowels", ""):
            return str(rule["elided"]) + words
        return str(rule.get("word", "")) + words

    def says_yes(self, folded: str) -> bool:
        """Whether an answer, folded, is a yes in this language."""
        return folded[:1] in self.words.get("answers", {}).get("yes", ())


_NAMED: dict[str, Language] = {}
