"""Numbers said in words (issue 39), and the words no player's name may be read from by its start.

A number is read by a small composition rule, the same in every language; the words are the words
file's (`i18n/LANG/words.toml`, `[numbers.said]`): `units` (0 to 19), `tens` (20 to 90, « quatre-vingt »
too), `hundreds` (100), and how they join: a hyphen, a space or nothing at all between any two of them
(« quarante-deux », « quarante deux », "tweeënveertig"); `joints`, a word between a ten and its unit
(« vingt et un »); `units_first`, a word between a unit and its ten, said first (« twee-ën-veertig »);
`after_hundreds`, a word between the hundreds and the rest (« honderd en een », "hundred and one");
`teens_after`, the tens a number from 10 to 19 is added to (« soixante-dix », « quatre-vingt-onze »).

    number := [unit] hundred [after_hundreds] [rest]  |  rest
    rest   := unit  |  ten  |  ten [joint] unit(1-9)  |  ten of teens_after [joint] unit(10-19)
              |  unit(1-9) units_first ten

>>> from scorekeeper.language import Language
>>> french = Numbers.of(Language.named("fr"))
>>> [french.read(said) for said in ("quarante-deux", "soixante et onze", "quatre-vingt-dix-neuf", "cent un")]
[42, 71, 99, 101]
>>> dutch = Numbers.of(Language.named("nl"))
>>> [dutch.read(said) for said in ("tweeënveertig", "vijfendertig", "honderdeen", "honderd en een")]
[42, 35, 101, 101]
>>> french.read("vingt dix"), french.read("deux trois"), dutch.read("achtien")
(None, None, None)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.language import GAMES, Language, codes
from scorekeeper.players import fold_name

_UNIT, _TEN, _HUNDRED, _JOINT, _FIRST, _AFTER = "unit", "ten", "hundred", "joint", "first", "after"
_LONGEST = 40  # characters: no number up to 999 is said longer (« quatre-vingt-dix-neuf » is 21)


def _squeezed(text: str) -> str:
    """A number's words folded (C-4: no case, no accents) with no hyphen nor space: glued, spaced and
    hyphened say one number."""
    return "".join(fold_name(text).replace("-", " ").replace("\u2011", " ").split())


@dataclass(frozen=True, slots=True)
class Numbers:
    """The numbers a language says in words, read on demand (`read`), those read kept (`_read`)."""

    pieces: Mapping[str, tuple[tuple[str, int], ...]]  # a squeezed word -> what it can be: (kind, value)
    teens_after: frozenset[int]
    language: Language | None = None  # whose cards a number said in several words must not run into
    _read: dict[str, int | None] = field(default_factory=dict)

    @staticmethod
    def of(language: Language) -> Numbers:
        """The numbers `language` says (its words file's `[numbers.said]`), built once."""
        found = language.built.get("numbers")
        if not isinstance(found, Numbers):
            said = language.words.get("numbers", {}).get("said", {})
            found = language.built["numbers"] = Numbers._build(said, language)
        return found

    @staticmethod
    def _build(said: Mapping[str, Any], language: Language | None = None) -> Numbers:
        pieces: dict[str, list[tuple[str, int]]] = {}
        for kind, part in ((_UNIT, "units"), (_TEN, "tens"), (_HUNDRED, "hundreds")):
            for word, value in said.get(part, {}).items():
                pieces.setdefault(_squeezed(word), []).append((kind, int(value)))
        for kind, part in ((_JOINT, "joints"), (_FIRST, "units_first"), (_AFTER, "after_hundreds")):
            for word in said.get(part, ()):
                if _squeezed(word):  # a hyphen or a space joins anything: it is no word
                    pieces.setdefault(_squeezed(word), []).append((kind, 0))
        teens = frozenset(value for word in said.get("teens_after", ()) for _, value in pieces.get(_squeezed(word), ()))
        return Numbers({word: tuple(kinds) for word, kinds in pieces.items()}, teens, language)

    def read(self, text: str) -> int | None:
        """The number `text` says in words, or None: one word or several, glued or not."""
        said = _squeezed(text)
        if said in self._read:
            return self._read[said]
        found = None
        if 0 < len(said) <= _LONGEST and said.isalpha():
            found = next((value for pieces in self._split(said) if (value := self._composed(pieces)) is not None), None)
        if len(self._read) < 4096:
            self._read[said] = found
        return found

    def _split(self, said: str) -> Iterator[list[tuple[str, int]]]:
        """Every way `said` is made of pieces, the longest pieces first (« dix-sept » before « dix » « sept »)."""
        if not said:
            yield []
            return
        for end in range(len(said), 0, -1):
            for kind in self.pieces.get(said[:end], ()):
                for rest in self._split(said[end:]):
                    yield [kind, *rest]

    def _composed(self, pieces: list[tuple[str, int]]) -> int | None:
        """The number `pieces` compose by the rule of the module's docstring, or None where they compose none."""
        total, at = 0, 0
        if len(pieces) > 1 and pieces[0][0] == _UNIT and 0 < pieces[0][1] < 10 and pieces[1][0] == _HUNDRED:
            total, at = pieces[0][1] * pieces[1][1], 2  # « deux cents », "one hundred"
        elif pieces and pieces[0][0] == _HUNDRED:
            total, at = pieces[0][1], 1
        if at == len(pieces):
            return total or None
        if at and pieces[at][0] == _AFTER:
            at += 1  # « honderd en een », "hundred and one"
        rest = self._rest(pieces[at:])
        if rest is None or (at and rest == 0):
            return None  # « cent et », « cent zéro »
        return total + rest

    def _rest(self, pieces: list[tuple[str, int]]) -> int | None:
        """A number below the hundreds (0 to 99), as `pieces` say it, or None."""
        kinds = [kind for kind, _ in pieces]
        values = [value for _, value in pieces]
        if kinds in ([_UNIT], [_TEN]):
            return values[0]
        if kinds[:1] == [_TEN] and kinds[1:] in ([_UNIT], [_JOINT, _UNIT]):
            unit = values[-1]
            if 0 < unit < 10 or (10 <= unit < 20 and values[0] in self.teens_after):
                return values[0] + unit
        if kinds == [_UNIT, _FIRST, _TEN] and 0 < values[0] < 10:
            return values[2] + values[0]  # « tweeënveertig »
        return None


def known_words() -> frozenset[str]:
    """Every word the program reads in some language, folded, by which no player may be found from the
    start of his name (C-4, issue 39): the card words, numbers and table words of each language's words
    file, and everything each game's words files say (its line's keywords and little words, its cards).
    « dix » is a card, « pas » a flag of the Dutch line: never Dixie, never Pascal, unless said in full."""
    found = _KNOWN.get("")
    if found is None:
        words: set[str] = set()
        played = sorted(folder.name for folder in GAMES.iterdir() if (folder / "words").is_dir())  # the built-in games
        for code in codes():
            language = Language.named(code)
            for part in ("cards", "numbers", "names", "table"):
                _gather(language.words.get(part, {}), words)
            for game in played:
                _gather(language.game(game), words)
        found = _KNOWN[""] = frozenset(words)
    return found


_KNOWN: dict[str, frozenset[str]] = {}


def _gather(value: Any, words: set[str]) -> None:
    """The words of a words file's `value` (its strings, and its tables' keys), folded, each alone too."""
    if isinstance(value, str):
        folded = fold_name(value).replace("\u2019", "'")
        words.update((folded, *folded.split(), *folded.replace("-", " ").split()))
    elif isinstance(value, Mapping):
        for key, inner in value.items():
            _gather(str(key), words)
            _gather(inner, words)
    elif isinstance(value, (list, tuple)):
        for inner in value:
            _gather(inner, words)
