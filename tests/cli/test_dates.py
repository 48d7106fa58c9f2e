"""Dates as each language writes them (issue 29): « 22 nov. 2026, 21 h 40 », "22 Nov 2026, 21:40", from
Babel's patterns compiled into the words, never Babel at run time. Through real processes, each with its
own TZ and language, on a game whose times are written by hand."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("-p", "A", "-p", "B", "-p", "C", "-p", "D")


def scorekeeper(lang: str, *args: str, tz: str = "Europe/Paris", python: tuple[str, ...] = ()) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TZ": tz, "SCOREKEEPER_LANG": lang}
    ran = subprocess.run([sys.executable, *python, "-m", "scorekeeper", *args], capture_output=True, text=True, env=env)
    assert ran.returncode == 0, ran.stderr
    return ran.stdout + (ran.stderr if python else "")


@pytest.fixture
def evening(home: Path) -> Path:
    """A game of two coups said in Paris at 21:40 and 22:00 (UTC+1 in November), the first with a note,
    and a note on the game at 22:05."""
    scorekeeper("en", "new", "manille-muette", *PLAYERS, "--game", "soir")
    scorekeeper("en", "coup", "-r", "10h", "--points", "A=40")
    scorekeeper("en", "coup", "-r", "7s", "--points", "B=48")
    scorekeeper("en", "note", "1", "A distrait")
    scorekeeper("en", "note", "au Bar de la Marine")
    # In the file's order: the game's notes, the coups, then coup 1 as the journal keeps it to undo the note.
    said = ("2026-11-22T21:05:00+00:00", "2026-11-22T20:40:00+00:00", "2026-11-22T21:00:00+00:00")
    return _said_at(home, *said, said[1])


def _said_at(home: Path, *times: str) -> Path:
    path = home / "games" / "soir.toml"
    stored, found = re.subn(r'time = "[^"]*"', 'time = "@"', path.read_text())
    assert found == len(times), stored
    for when in times:  # one at a time: two may have been said in the same second
        stored = stored.replace('time = "@"', f'time = "{when}"', 1)
    path.write_text(stored)
    return path


def test_the_sheet_says_when_in_french_as_french_writes_it(evening: Path) -> None:
    out = scorekeeper("fr", "sheet").splitlines()
    assert "1. 22 nov. 2026, 21 h 40 A distrait" in out
    assert "note, 22 nov. 2026, 22 h 05 : au Bar de la Marine" in out
    assert "coups notés de 22 nov. 2026, 21 h 40 à 22 h 00" in out  # one evening: the end by its hour


def test_the_sheet_says_when_in_english_day_month_year_and_24_hours(evening: Path) -> None:
    out = scorekeeper("en", "sheet").splitlines()
    assert "1. 22 Nov 2026, 21:40 A distrait" in out
    assert "note, 22 Nov 2026, 22:05: au Bar de la Marine" in out
    assert "said from 22 Nov 2026, 21:40 to 22:00" in out


def test_entries_over_midnight_are_said_with_both_days(home: Path, evening: Path) -> None:
    evening.write_text(evening.read_text().replace("2026-11-22T21:00:00", "2026-11-23T00:10:00"))
    assert "coups notés de 22 nov. 2026, 21 h 40 à 23 nov. 2026, 01 h 10" in scorekeeper("fr", "sheet").splitlines()
    assert "said from 22 Nov 2026, 20:40 to 23 Nov 2026, 00:10" in scorekeeper("en", "sheet", tz="UTC").splitlines()


def test_games_lists_the_last_coup_as_the_language_writes_it(evening: Path) -> None:
    # To the minute, the year said only when it is not this year (issue 39).
    assert re.search(r"22 nov\. (2026, )?22 h 00 ", scorekeeper("fr", "games")) and "min" not in scorekeeper(
        "fr", "games"
    )
    assert re.search(r"22 Nov(,| 2026,) 22:00 ", scorekeeper("en", "games")) and "22:00:00" not in scorekeeper(
        "en", "games"
    )
    (listed,) = json.loads(scorekeeper("fr", "games", "--json"))
    assert listed["last_played"] == "2026-11-22T21:00:00+00:00"  # the JSON keeps ISO


def test_the_exported_page_says_each_entry_s_time_as_the_language_does_and_the_csv_as_a_spreadsheet_reads_it(
    evening: Path,
) -> None:
    page = scorekeeper("fr", "export", "--format", "md")
    assert "| 1 | 21 h 40 |" in page and "note, 22 nov. 2026, 22 h 05 : au Bar de la Marine" in page
    assert "| 1 | 21:40 |" in scorekeeper("en", "export", "--format", "md")
    html = scorekeeper("fr", "export", "--format", "html")
    assert '<td class="t" title="2026-11-22T21:40:00+01:00">21 h 40</td>' in html
    assert '<p class="about">22 nov. 2026 · ' in html  # the evening's day under the title, in French words
    csv = scorekeeper("fr", "export", "--format", "csv").splitlines()
    assert csv[1].split(";")[1] == "2026-11-22 21:40"  # French Excel's `;`, a date-time it reads as one


def test_a_time_a_hand_edited_file_spells_wrong_is_shown_as_written(home: Path, evening: Path) -> None:
    evening.write_text(evening.read_text().replace("2026-11-22T20:40:00+00:00", "hier soir", 1))
    assert "1. hier soir A distrait" in scorekeeper("fr", "sheet").splitlines()


def test_no_command_that_writes_a_date_imports_babel(evening: Path) -> None:
    for command in (("sheet",), ("games",), ("coup", "--help")):
        imported = scorekeeper("fr", *command, python=("-X", "importtime"))
        assert "babel" not in imported, command
