"""In het Nederlands (issue 31): the Dutch catalogs hold every English key, each value given in Dutch with
the English placeholders and Dutch's plural rule, one file per English file; the command line speaks
them, click's own words included."""

from __future__ import annotations

import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import i18n
from scorekeeper.i18n import compile as po
from scorekeeper.language import Language


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.speak(Language.named("en"))


def _fields(words: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(words) if name is not None}


def _dutch_folders() -> list[Path]:
    """The folders of catalogs that speak Dutch: the core's always, a game's once its Dutch is written
    (another part of issue 31); each then answers for every key of its English."""
    return [folder for folder in po.catalog_folders() if folder == po.HERE or (folder / "nl").is_dir()]


# Words an English value may keep in Dutch: the program's name, the game's words the Flemish table
# says as the English interface does (manche, jetons), and words Dutch writes as English does; in either
# case, as a column's header capitalizes them ("Jetons" on the concours board).
KEPT = {
    "scorekeeper",
    "manche",
    "manches",
    "jetons",
    "contract",
    "shell",
}  # a shell is a shell in Dutch too (bash, zsh, fish)


def _untranslated(english: str) -> bool:
    """Whether an English value, given unchanged in Dutch, says English words: not a placeholder, a
    command line example, an option or a word kept."""
    if all(line.startswith("scorekeeper ") for line in english.split("\n")):
        return False
    words = re.findall(r"--[a-z-]+|[A-Za-z]+", re.sub(r"\{[^}]*\}", "", english))
    return any(not word.startswith("--") and word.lower() not in KEPT for word in words)


@pytest.mark.parametrize("folder", _dutch_folders(), ids=lambda folder: folder.parent.name)
def test_every_dutch_value_is_given_in_dutch_with_the_english_placeholders(folder):
    """Every value given in Dutch (the keys and placeholders of every language: tests/i18n/test_parity.py): none of the core's left
    in English (a game's catalog keeps its game's own words, French ones the Flemish table says too)."""
    english, dutch = po.catalog("en", folder), po.catalog("nl", folder)
    for key, words in english.items():
        if not key:
            continue
        assert all(form for form in dutch[key].split("\0")), key
        for en_form, nl_form in zip(words.split("\0"), dutch[key].split("\0"), strict=True):
            assert _fields(nl_form) == _fields(en_form), key
        assert folder != po.HERE or dutch[key] != words or not _untranslated(words), key


def test_dutch_says_one_for_one_and_the_plural_for_every_other_number():
    """Dutch's plural rule (n != 1): "0 slagen", "1 slag", "2 slagen", where French says "0 pli"."""
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in po.catalog("nl")[""]
    i18n.speak(Language.named("nl"))
    assert [i18n.plural("unit.tricks", n).format(n=n) for n in (0, 1, 2)] == ["0 slagen", "1 slag", "2 slagen"]
    assert i18n.text("audit.side", side=["César", "Escartefigue"], points=1, tricks=2) == (
        "César en Escartefigue: 1 punt, 2 slagen"
    )
    assert i18n.text("error.nothing_to_undo", name="café") == "niets ongedaan te maken in partij café"


def _scorekeeper(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environ = {key: value for key, value in os.environ.items() if key not in ("SCOREKEEPER_LANG", "LANG", "LC_ALL")}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        capture_output=True,
        text=True,
        env={**environ, "SCOREKEEPER_HOME": str(home), "COLUMNS": "100"},
    )


def test_the_command_line_speaks_dutch_in_its_help_its_errors_and_clicks_words(tmp_path):
    helped = _scorekeeper(tmp_path, "--lang", "nl", "new", "--help")
    assert helped.returncode == 0
    assert helped.stdout.startswith("Gebruik: scorekeeper new [OPTIES] [VARIANT]")
    assert "Een partij beginnen; ze wordt de lopende partij." in helped.stdout
    assert "Opties:" in helped.stdout and "Deze hulp tonen en stoppen." in helped.stdout
    lost = _scorekeeper(tmp_path, "--lang", "nl", "sheet")
    assert (lost.returncode, lost.stdout) == (2, "")
    assert lost.stderr == (
        "scorekeeper: geen lopende partij: begin er een met `scorekeeper new VARIANT --player ...`,"
        " of noem er een met --game\n"
    )
    clicked = _scorekeeper(tmp_path, "--lang", "nl", "sheet", "--nothing")
    assert clicked.returncode == 2 and "Geen optie --nothing" in clicked.stderr and "No such" not in clicked.stderr
