"""The toy's short line: `ann 3 bob 5 bonus ann` (a player and his tricks, X-1; the bonus card's
holder after its keyword, X-2), its keywords from `words/LANG.toml` here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.errors import UserError
from scorekeeper.explain import Record
from scorekeeper.games.line import Words, given_twice, keyword, read_back
from scorekeeper.language import Language
from scorekeeper.players import fold_name

from . import HERE, State


def _keywords(language: Language) -> dict[str, str]:
    """Folded keyword -> the field it says, in `language`."""
    named = language.game("toy", HERE).get("line", {}).get("named", {})
    return {fold_name(word): field for field, words in named.items() for word in words}


def read(state: State, words: Sequence[str], language: Language, asked: str | None = None) -> dict[str, Any]:
    said = Words(words, state.players)
    keywords = _keywords(language)
    declared: dict[str, Any] = {}
    tricks: dict[str, int] = {}
    at = 0
    while at < len(said):
        field = keyword(keywords, said.items[at])
        if field is not None:
            if field in declared:
                raise given_twice(field, said.items[at])
            declared[field], at = said.said_after(at, "player")
            continue
        named = said.name(at)
        if named is None:
            raise UserError("toy_line_word", word=said.items[at])
        player, at = named
        count = said.number(at) if at < len(said) else None
        if count is None:
            raise UserError("line_count_missing", word=player)
        if player in tricks:
            raise given_twice("tricks", player)
        tricks[player] = count
        at += 1
    return {"tricks": tricks, **declared} if tricks else declared


def write(state: State, declared: Mapping[str, Any], language: Language) -> str:
    say = {field: words[0] for field, words in language.game("toy", HERE).get("line", {}).get("named", {}).items()}
    words = [f"{name} {count}" for name, count in declared.get("tricks", {}).items()]
    if "bonus" in declared:
        words.append(f"{say['bonus']} {declared['bonus']}")
    return read_back(words, declared, lambda line: read(state, line, language))


def vocabulary(state: State, language: Language) -> dict[str, tuple[str, ...]]:
    named = language.game("toy", HERE).get("line", {}).get("named", {})
    return {"players": state.players, "calls": tuple(word for words in named.values() for word in words)}


def ask(state: State, declared: Mapping[str, Any], error: UserError, language: Language) -> None:
    """The toy asks nothing: a coup it cannot read is refused whole."""
    return None


def needs(state: State) -> tuple[Record, ...]:
    return ()
