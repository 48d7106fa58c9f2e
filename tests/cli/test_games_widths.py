"""`games` and `stats` at 80 and 40 columns in every language (issue 39): one line a game where it fits,
fewer columns on a phone, never a name or a word cut inside, when a game was last played to the minute
(« 5 déc. 21 h 40 »: its year only when it is not this year, never its seconds)."""

from __future__ import annotations

import re

import pytest

NAMES = ("César", "Panisse", "Escartefigue", "Brun", "Jef", "Mieke", "Staf", "Fien")
# When: the day, the month as the language abbreviates it, the time to the minute; no year, no seconds.
WHEN = {"fr": r"\d{1,2} \w+\.? \d\d h \d\d", "nl": r"\d{1,2} \w+\.?, \d\d:\d\d", "en": r"\d{1,2} \w+, \d\d:\d\d"}


@pytest.fixture
def two_games(run):
    assert run("--lang", "fr", "demo").code == 0
    made = run("--lang", "nl", "new", "manillen-101", *(f"-p{name}" for name in NAMES[4:]))
    assert made.code == 0 and run("coup", "harten", "jef", "40").code == 0
    return run


def words_of(screen: str) -> set[str]:
    return set(re.findall(r"[\w.-]+", screen))


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
@pytest.mark.parametrize("width", [80, 40])
def test_the_list_of_games_fits_the_screen_and_cuts_no_word(two_games, monkeypatch, lang, width) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    shown = two_games("--lang", lang, "games").out
    lines = shown.splitlines()
    assert lines and all(len(line) <= width for line in lines), shown
    assert {"demo", "manillen-101-1"} <= words_of(shown)
    if width == 80:  # who plays, how far, when, where it stands (the ruleset where there is room, and in --json)
        assert set(NAMES) <= words_of(shown)
        assert len(re.findall(WHEN[lang], shown)) == 2, shown
        assert not re.search(r"\d\d:\d\d:\d\d|\d\d h \d\d min|\b20\d\d\b", shown)
        assert len([line for line in lines if "manillen-101-1" in line]) == 1
    else:  # a phone: which game and where it stands
        assert "Jef" in words_of(shown) and "Escartefigue" in words_of(shown)  # in the state, whole


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
@pytest.mark.parametrize("width", [80, 40])
def test_the_club_s_history_fits_the_screen_and_cuts_no_name(two_games, monkeypatch, lang, width) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    shown = two_games("--lang", lang, "stats").out
    assert all(len(line) <= width for line in shown.splitlines()), shown
    assert set(NAMES) | {"manille-muette", "manillen-101"} <= words_of(shown)
    rows = [line for line in shown.splitlines() if line.strip().startswith(("┃", "│"))]
    assert all(line.rstrip().endswith(("┃", "│")) for line in rows), shown  # each table drawn whole, its edge in
