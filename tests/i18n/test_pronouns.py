"""No message calls a player "he" (issue 26): the compiled catalogs name the player, or say it impersonally;
nor does the English rule book that `rules explain` prints (issue 29)."""

from __future__ import annotations

import re
from gettext import GNUTranslations
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "scorekeeper" / "i18n" / "locale"

# English: a player is never he, his, him or himself ("each plays alone", "which the same hand played").
ENGLISH = re.compile(r"\b(?:he|his|him|himself)\b", re.IGNORECASE)
# French: no personal il, lui or les siens; the impersonal il stays ("il n'y a", "il ne reste", "s'il y en a").
# "son/sa/ses" is checked where it stood for a player's own: the hand, the bid, the partner, the figures.
FRENCH = re.compile(
    r"(?<![\w-])(?:(?:s'|qu')?il(?!\s+(?:y|n'y|n'en|ne\s+reste)\b)|ils|lui(?:-même)?|les\s+siens)(?![\w-])"
    r"|\b(?:son|sa|ses)\s+(?:jeu|main|enchère|partenaire|coups|chiffres|caves|résultat|matadors)\b",
    re.IGNORECASE,
)


def _rules(lang: str) -> list[tuple[str, str]]:
    """Every text of the rule book in `lang` (title, rule, choice), keyed by its rule id."""
    from scorekeeper.i18n import rulebook

    return [(rule_id, words) for rule_id, entry in rulebook.book(lang).items() for words in entry.values()]


def _messages(lang: str) -> list[tuple[str, str]]:
    with (LOCALE / lang / "LC_MESSAGES" / "scorekeeper.mo").open("rb") as handle:
        catalog: dict[object, str] = GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    return [(str(key), words) for key, words in catalog.items() if key]


@pytest.mark.parametrize(("lang", "pattern"), [("en", ENGLISH), ("fr", FRENCH)])
def test_c4_no_message_calls_a_player_he(lang: str, pattern: re.Pattern[str]) -> None:
    found = [(key, words) for key, words in _messages(lang) if pattern.search(words)]
    assert found == []


def test_c4_the_english_rule_book_calls_no_player_he() -> None:
    """`rules explain P-4` said "a player must play higher if he can": the book names the player, or says it
    without a pronoun."""
    found = [(rule_id, words) for rule_id, words in _rules("en") if ENGLISH.search(words)]
    assert found == []


@pytest.mark.parametrize(
    ("words", "caught"),
    [
        ("which he played at trick 6", True),
        ("His hand", True),
        ("the dealer {dealer} must play it", False),
        ("the other side scores", False),
    ],
)
def test_c4_the_english_check_catches_the_pronouns_and_only_them(words: str, caught: bool) -> None:
    assert bool(ENGLISH.search(words)) is caught


@pytest.mark.parametrize(
    ("words", "caught"),
    [
        ("qu'il a joué au pli 6", True),
        ("c'était une renonce s'il avait 7♥", True),
        ("+30 contre lui", True),
        ("il doit la jouer", True),
        ("{dealer} deux fois les siens", True),
        ("toute sa main", True),
        ("le preneur et son enchère", True),
        ("il n'y a pas de contre", False),
        ("seulement s'il y en a un", False),
        ("jusqu'à ce qu'il n'en reste aucune", False),
        ("il ne reste aucune bête", False),
        ("chacun pour soi", False),
        ("ce règlement fait l'atout", False),
    ],
)
def test_c4_the_french_check_catches_the_pronouns_and_spares_the_impersonal_il(words: str, caught: bool) -> None:
    assert bool(FRENCH.search(words)) is caught
