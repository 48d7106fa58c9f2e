"""French that reads as French (issue 29): a verb agrees with a side of two players through the catalog's
plural forms, names are listed as the language lists them (« César, Panisse et Escartefigue »), a figure
is said in words and with its unit, and a hand is what the player holds (« D♥ en main »)."""

from __future__ import annotations

import re

import pytest

from scorekeeper import i18n
from scorekeeper.i18n import compile as po
from scorekeeper.language import Language

FRENCH = po.built("fr")

# A placeholder that may name several players: a side, a camp, the players of a codille.
_MANY = r"\{(?:side|sides|camps?(?:\[\d\])?|players|team|winners)(?::[&a-z]+)?\}"
# A verb conjugated for one subject, written as plain words right after it: « {side} doit », « {side} a gagné ».
_SINGULAR_VERB = r"(?:a|doit|doive|est|fait|gagne|perd|prend|atteint|marque|joue|renonce|l'a|la\s+gagne)"
AGREES_WITH_ONE = re.compile(_MANY + r"\s+" + _SINGULAR_VERB + r"\b")
# Names joined by « et » one after the other, where the language's list says « A, B et C ».
CHAINED = re.compile(r"\}\s+et\s+\{[^}]*\}\s+et\s+\{")


@pytest.fixture(autouse=True)
def french():
    i18n.speak(Language.named("fr"))
    yield
    i18n.speak(Language.named("en"))


def _catalog_words() -> list[tuple[str, str]]:
    return [(key, form) for key, value in FRENCH.items() if key for form in value.split("\0")]


def test_no_french_message_conjugates_a_side_in_the_singular():
    """A side is one player or two: its verb comes from the catalog's plural forms (`{seats:#must}`), never
    written in the singular after it (« Marius et Honoré doit … »)."""
    assert [(key, words) for key, words in _catalog_words() if AGREES_WITH_ONE.search(words)] == []
    assert [(key, words) for key, words in _catalog_words() if CHAINED.search(words)] == []


@pytest.mark.parametrize(
    ("words", "caught"),
    [
        ("{side} doit encore faire sans-atout", True),
        ("la partie est finie : {side} a gagné", True),
        ("{players:and} l'a gagnée grâce à un gano", True),
        ("bien que {side:&} doive encore choisir", True),
        ("{side} {seats:#must} encore faire sans-atout", False),
        ("{side} : total", False),
        ("{winner} prend +{points}", False),  # a trick's winner is one player
    ],
)
def test_the_agreement_check_catches_a_singular_verb_after_a_side(words: str, caught: bool) -> None:
    assert bool(AGREES_WITH_ONE.search(words)) is caught


def test_a_side_of_two_must_and_have_in_the_plural():
    said = i18n.text("error.sans_atout_owed", side="Marius et Honoré", seats=2, needed=1, left=2)
    assert said.startswith("Marius et Honoré doivent encore faire sans-atout 1 fois et ont 2 choix restants")
    alone = i18n.text("error.sans_atout_owed", side="Marius", seats=1, needed=1, left=1)
    assert alone.startswith("Marius doit encore faire sans-atout 1 fois et a 1 choix restant")
    assert "Marius et Honoré doivent encore" in i18n.text(
        "choice_forced", side="Marius et Honoré", seats=2, needed=1, left=2
    )
    assert "Marius et Honoré ont gagné ;" in i18n.text("error.partie_is_over_won", side="Marius et Honoré", seats=2)
    given_up = i18n.text("codille_given_up", players=("Ana", "Bea"), codille="codille")
    assert "Ana et Bea l'ont gagnée grâce à un gano et y renoncent" in given_up


def test_three_names_are_listed_as_the_language_lists_them():
    """`{side:&}` of three: « César, Panisse et Escartefigue », not « César et Panisse et Escartefigue »;
    in English "César, Panisse & Escartefigue"; two stay « César et Escartefigue »."""
    three = ("César", "Panisse", "Escartefigue")
    assert i18n.text("side.team", players=three) == "César, Panisse et Escartefigue"
    assert i18n.text("side.team", players=three[:2]) == "César et Panisse"
    assert i18n.text("side.team", players=three[:1]) == "César"
    i18n.speak(Language.named("en"))
    assert i18n.text("side.team", players=three) == "César, Panisse & Escartefigue"


def test_a_failed_bid_is_said_in_words_and_its_lost_points_with_their_unit():
    said = i18n.text("bid_failed_rounded", taker="Brun", made=44, bid=50, share=16, lost=2)
    assert said == "Brun fait 44, moins que l'enchère de 50 : +16 à chacun des autres ; 2 points perdus"
    assert "1 point perdu" in i18n.text("bid_failed_rounded", taker="Brun", made=44, bid=50, share=16, lost=1)
    assert "<" not in i18n.text("bid_failed", taker="Brun", made=44, bid=50, share=16)
    assert "≥" not in i18n.text("bid_made", taker="Brun", made=54, bid=50)


def test_a_duty_names_the_cards_in_hand():
    """`check`'s « doit fournir à ♥ : a D♥ » read as if "a" were a card: the cards are « en main »."""
    assert i18n.text("duty.follow", suit="♥", cards="D♥") == "doit fournir à ♥ : D♥ en main"
    assert not [key for key, words in _catalog_words() if re.search(r": a \{cards\}|, a \{cards\}", words)]
