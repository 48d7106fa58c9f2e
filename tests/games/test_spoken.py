"""The short line as a table speaks it (issue 29): a corpus of lines as French, English and Flemish
players say them (`tests/fixtures/lines_fr.txt`, `lines_en.txt`, `lines_nl.txt`: issue 39), whose
headers give their format, read to the coups they mean, or refused for the reason given; cards as said (C-2), a renonce, both sides' points (M-3)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from scorekeeper import games
from scorekeeper.cards import Card
from scorekeeper.errors import UserError
from scorekeeper.language import Language

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
# The corpus's own words, in its language: the rules, the players, a refusal.
SAYS = {
    "fr": ("regles", "joueurs", "refusée"),
    "en": ("rules", "players", "refused"),
    "nl": ("regels", "spelers", "geweigerd"),
}


def corpus(code: str) -> list[tuple[str, str, tuple[str, ...], str, object]]:
    """Each line of `lines_CODE.txt`: its number, ruleset, players, what is said, what is read (a dict,
    or the key of the refusal as a string)."""
    rules_word, players_word, refused = SAYS[code]
    ruleset, players, found = "", (), []
    for number, text in enumerate((FIXTURES / f"lines_{code}.txt").read_text(encoding="utf-8").splitlines(), 1):
        if not text.strip() or text.startswith("#"):
            continue
        if text.startswith("@"):
            what, _, value = text[1:].strip().partition(" ")
            if what.endswith(":"):  # issue 39's `@ RULESET: PLAYERS`, both at once
                ruleset, players = what[:-1], tuple(name.strip() for name in value.split(","))
                continue
            assert what in (rules_word, players_word), f"line {number}: {what}"
            if what == rules_word:
                ruleset = value.strip()
            else:
                players = tuple(name.strip() for name in value.split(","))
            continue
        said, arrow, expected = text.partition(" => ")
        assert arrow, f"line {number} has no ' => '"
        if expected.startswith("command "):  # table talk, the table's (tests/cli/test_table_talk.py)
            continue
        said = said.strip()
        if expected.startswith(refused + " "):
            read: object = expected[len(refused) + 1 :].strip()
        else:
            read = tomllib.loads(f"entry = {expected}")["entry"]
        found.append((f"{code}:{number}", ruleset, players, said, read))
    return found


LINES = [*corpus("fr"), *corpus("en"), *corpus("nl")]


def test_the_corpus_holds_sixty_lines_in_its_three_languages() -> None:
    assert len(LINES) >= 60
    assert {where.split(":")[0] for where, *_ in LINES} == {"fr", "en", "nl"}


@pytest.mark.parametrize(("where", "ruleset", "players", "said", "read"), LINES, ids=[line[0] for line in LINES])
def test_a_line_as_said_at_the_table_reads_to_its_coup(where, ruleset, players, said, read) -> None:
    loaded = games.load(ruleset)
    state = games.state_after(loaded, list(players), players[0], [])
    language = Language.named(where.split(":")[0])
    if isinstance(read, str):
        with pytest.raises(UserError) as refused:
            loaded.engine.read_line(state, said.split(), language, None)
        assert refused.value.key == read
    else:
        assert loaded.engine.read_line(state, said.split(), language, None) == read


def test_c2_cards_said_with_an_article_or_a_figure_in_words() -> None:
    french, english = Language.named("fr"), Language.named("en")
    assert [Card.parse(said, french).ascii for said in ("dix de carreau", "la dame de cœur", "l’as de pique")] == [
        "10D",
        "QH",
        "AS",
    ]
    assert [Card.parse(said, english).ascii for said in ("the queen of hearts", "ten of diamonds")] == ["QH", "10D"]


def test_c2_a_flemish_table_says_koeken_klavers_and_koning() -> None:
    """Issue 39: koeken is ruiten, klavers klaveren, koning the heer, in either order (C-2)."""
    dutch = Language.named("nl")
    said = ("koning van schoppen", "koeken aas", "klavers koning", "koek 10", "heer van klaveren")
    assert [Card.parse(words, dutch).ascii for words in said] == ["KS", "AD", "KC", "10D", "KC"]


def test_c2_manille_and_manillon_are_cards_at_manille_only() -> None:
    french = Language.named("fr")
    assert Card.parse("manille de carreau", french.playing("manille")).ascii == "10D"
    assert Card.parse("manillon de pique", french.playing("manille")).ascii == "AS"
    with pytest.raises(UserError):
        Card.parse("manille de carreau", french.playing("hombre"))  # at l'hombre, the manille is a matador
    with pytest.raises(UserError):
        Card.parse("manille de carreau", french)


def test_m3_both_sides_points_that_do_not_make_the_total_are_refused_with_their_sum() -> None:
    loaded = games.load("manille-muette")
    state = games.state_after(loaded, ["César", "Panisse", "Escartefigue", "Brun"], "César", [])
    with pytest.raises(UserError) as refused:
        loaded.engine.read_line(state, "At césar 40 panisse 20".split(), Language.named("fr"), None)
    assert refused.value.values["points"] == 60 and refused.value.values["total"] == 68
