"""The rule book that ships: every rule id (C-, P-, M-, H-) with its rule in a few lines and, where
the sources differ, the choice made. One TOML file a language, `i18n/LANG/rulebook.toml`, beside
its catalog; a language without one reads the English book. Beside it, `i18n/LANG/rulesets.toml`
gives the shipped rulesets' titles and descriptions in that language (`described`).

>>> entry("m-5")["title"], entry("P-3")["id"]
('The retourne', 'P-3')
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from scorekeeper import i18n
from scorekeeper.errors import UserError

HERE = Path(__file__).resolve().parent
# A rule id in any game's letters (C, P, M, H, T, a new game's own). Compiled by `re` on first use:
# `sheet` imports this module, and pays nothing.
_ID = r"([A-Z]+)-?(\d+)"


@cache
def book(lang: str) -> dict[str, dict[str, str]]:
    """Every entry of the rule book in `lang` (English where `lang` has none), in the book's order."""
    import tomllib  # only `rules explain` and the tests read the book

    path = HERE / lang / "rulebook.toml"
    if not path.is_file():
        path = HERE / i18n.DEFAULT / "rulebook.toml"
    with path.open("rb") as handle:
        return {rule: {"id": rule, **words} for rule, words in tomllib.load(handle).items()}


def entries() -> list[dict[str, str]]:
    """The rule book in the language in effect: each entry's id, title, rule and (where made) choice."""
    return list(book(i18n.spoken().code).values())


def entry(rule: str) -> dict[str, str]:
    """The entry of `rule` (`M-5`, `m5`), in the language in effect; an id not in the book is a UserError."""
    found = re.fullmatch(_ID, rule.strip(), re.IGNORECASE)
    wanted = f"{found.group(1).upper()}-{int(found.group(2))}" if found else rule
    words = book(i18n.spoken().code).get(wanted)
    if words is None:
        raise UserError("unknown_rule", wanted=rule, first=entries()[0]["id"], last=entries()[-1]["id"])
    return words


@cache
def _rulesets(lang: str) -> dict[str, dict[str, str]]:
    import tomllib

    path = HERE / lang / "rulesets.toml"
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        return tomllib.load(handle)


def described(ruleset: Any) -> tuple[str, str]:
    """A ruleset's title and description in the language in effect: a shipped one's from
    `LANG/rulesets.toml`; as its file writes them where the language has none, and for a file of the
    user's own (another name, or words of its own).

    >>> from types import SimpleNamespace
    >>> described(SimpleNamespace(name="our-house", title="Our house", description="as we play"))
    ('Our house', 'as we play')
    """
    said = (ruleset.title, description_of(ruleset))
    words = _shipped_words(ruleset, {"title": ruleset.title, "description": said[1]})
    return words.get("title", said[0]), words.get("description", said[1])


def source_of(ruleset: Any) -> str:
    """Where a ruleset comes from and the rules it follows, in the language in effect (« règles M-1 à
    M-5 »): a shipped one's from `LANG/rulesets.toml`, as its file writes it otherwise."""
    said = str(ruleset.source or "")
    return str(_shipped_words(ruleset, {"source": said}).get("source", said))


def _shipped_words(ruleset: Any, said: dict[str, str]) -> dict[str, str]:
    """The words `LANG/rulesets.toml` gives a shipped ruleset in the language in effect, when what its
    file says (`said`) is what the shipped file says; none for a file of the user's own."""
    words = _rulesets(i18n.spoken().code).get(ruleset.name)
    if not words:
        return {}
    from scorekeeper import rulesets  # the core's loader: only for a language with words for rulesets

    if ruleset.name not in rulesets.builtin_names():
        return {}
    shipped, _ = rulesets.resolve(ruleset.name)
    if any(shipped.get(field) != value for field, value in said.items()):
        return {}
    return words


def description_of(ruleset: Any) -> str:
    """A ruleset's description as its file writes it; a house ruleset that writes none is described by
    what it extends and its file, in the language in effect."""
    description = ruleset.description
    return description if isinstance(description, str) else i18n.render(description)
