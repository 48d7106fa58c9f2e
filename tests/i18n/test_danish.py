"""Danish, the fourth language (issue 44), added as data alone: its folders are catalogs and words, no
Python file of the package names it, and it speaks as a Danish club writes: cards (C-2: E K D Kn; spar,
hjerter, ruder, klør), dates (« 5. dec. 2026 ») and numbers (« 0,5 »)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper import i18n, language
from scorekeeper.cards import Card, CardError
from scorekeeper.language import Language

PACKAGE = Path(language.__file__).resolve().parent
DA = Language.named("da")
DATA = {".po", ".toml", ".mo", ".marshal"}


def danish_files() -> list[Path]:
    """What the language touches: every `da` folder's files and every game's `words/da.toml`."""
    found = [path for path in PACKAGE.rglob("*") if path.is_file() and ("da" in path.parts or path.name == "da.toml")]
    return sorted(path for path in found if "__pycache__" not in path.parts)


def test_danish_is_a_folder_of_data_and_no_python_file_names_it():
    touched = danish_files()
    folders = {path.relative_to(PACKAGE).parts[:-1] for path in touched}
    assert ("i18n", "da") in folders and ("games", "lhombre", "i18n", "da") in folders
    assert {path.suffix for path in touched} <= DATA, [path for path in touched if path.suffix not in DATA]
    naming = [
        path.relative_to(PACKAGE)
        for path in PACKAGE.rglob("*.py")
        if re.search(r"""["']da["']|da_DK""", path.read_text(encoding="utf-8"))
    ]
    assert naming == []
    assert "da" in language.codes()


@pytest.mark.parametrize("locale", ["da_DK.UTF-8", "da_DK", "da"])
def test_c2_a_danish_locale_speaks_danish(locale):
    assert i18n.language_of(None, {"LANG": locale}) == "da"


@pytest.mark.parametrize(
    ("said", "card"),
    [
        ("Kns", "J♠"),
        ("Eh", "A♥"),
        ("Dr", "Q♦"),
        ("Kk", "K♣"),
        ("spar es", "A♠"),
        ("hjerter dame", "Q♥"),
        ("10r", "10♦"),
    ],
)
def test_c2_danish_cards_are_read_as_a_danish_table_writes_them(said, card):
    assert str(Card.parse(said, DA)) == card


def test_c2_a_danish_letter_is_read_at_every_table_its_words_only_at_a_danish_one():
    french = Language.named("fr")
    assert str(Card.parse("Kns", french)) == "J♠"  # a letter of Danish alone: read in all (C-2)
    with pytest.raises(CardError):
        Card.parse("esc", french)  # the Danish word "es" is no ace at a French table: Escartefigue stays
    assert str(Card.parse("esc", DA)) == "A♣"


def test_c2_danish_dates_and_numbers_are_written_as_a_dane_writes_them():
    i18n.speak(DA)
    try:
        assert i18n.number(__import__("fractions").Fraction(1, 2)) == "0,5"
        assert DA.words["dates"]["months"][11] == "dec."
    finally:
        i18n.speak(Language.named("en"))


def test_d3_to_d7_the_danish_demo_is_a_club_evening_of_l_hombre_its_points_worked_by_hand(home):
    """The language's words choose its demo (`[demo] partie`): twelve deals at Ole, Bent, Kaj and Mette's
    table; by hand (D-3 to D-7): Ole -1, Bent 5, Kaj 13, Mette -18, the strafpoint paid to no one. In a
    process of its own: a command's help is said in the language it is first imported in."""
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": "da", "COLUMNS": "100"}

    def scorekeeper(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=env, capture_output=True, text=True)

    shown = scorekeeper("demo")
    assert shown.returncode == 0 and "L'hombre (DLU)" in shown.stdout and "oversidder" in shown.stdout
    data = json.loads(scorekeeper("sheet", "--json", "--game", "demo").stdout)
    assert [(p["name"], p["points"]) for p in data["players"]] == [
        ("Ole", -1),
        ("Bent", 5),
        ("Kaj", 13),
        ("Mette", -18),
    ]
