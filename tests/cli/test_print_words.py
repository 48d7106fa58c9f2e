"""`print_words` prints plain words as `console().print(words, markup=False)` did, byte for byte, without
loading rich (issue 28: `undo` paid rich's import): the same width chosen (COLUMNS, none, 0, a dumb
terminal told it is one), the same breaks between words, control characters escaped alike."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BOTH = r"""
import sys
from scorekeeper.cli import terminal
from scorekeeper.cli.terminal import console, print_words
words = sys.argv[2]
with terminal.escaping():
    if sys.argv[1] == "rich":
        console().print(words, markup=False)
    else:
        print_words(words)
        plain = not any(ord(c) < 32 and c != "\n" or 0x7f <= ord(c) <= 0x9f for c in words)
        assert ("rich" in sys.modules) != plain, "print_words loads rich for words with control characters alone"
"""

WORDS = (
    "défait : dernier coup (2 001). le premier à 1000000000 : César & Escartefigue 110, Panisse & Brun 118. "
    "Escartefigue donne, Brun entame.",
    "a\nb  c\x1b[31m red \x07 bell\tTab, Marie-Thérèse-de-Saint-Amand-des-Eaux-et-de-la-Forêt-Noire 14 ; fin",
    "",
    "   spaces first and last   ",
    "ein Name\u00a0mit NBSP, 漢字の名前 14, e\u0301 combining, \u200b zero width " * 3,
    "a name \x85 with a C1 control",
)
ENVIRONMENTS = (
    {},
    {"COLUMNS": "37"},
    {"COLUMNS": "0"},
    {"COLUMNS": "x"},
    {"COLUMNS": "200", "LINES": "3"},
    {"TERM": "dumb", "FORCE_COLOR": "1", "COLUMNS": "120"},
    {"TERM": "unknown", "TTY_COMPATIBLE": "1"},
    {"TERM": "dumb"},
)


def _printed(how: str, words: str, extra: dict[str, str]) -> bytes:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "TERM", "FORCE_COLOR", "NO_COLOR")}
    env.update({"PYTHONPATH": str(ROOT), **extra})
    ran = subprocess.run([sys.executable, "-c", BOTH, how, words], capture_output=True, env=env, timeout=60)
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


@pytest.mark.parametrize("extra", ENVIRONMENTS)
def test_print_words_prints_what_rich_printed(extra: dict[str, str]) -> None:
    for words in WORDS:
        assert _printed("words", words, extra) == _printed("rich", words, extra), (words, extra)


def test_undo_loads_no_rich(home: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    scorekeeper = [sys.executable, "-X", "importtime", "-m", "scorekeeper"]
    made = subprocess.run([*scorekeeper, "new", "manille-muette", "-p", "A", "-p", "B", "-p", "C", "-p", "D"], env=env)
    assert made.returncode == 0
    assert (
        subprocess.run([*scorekeeper, "coup", "-r", "10h", "--points", "A=40"], env=env, capture_output=True).returncode
        == 0
    )
    ran = subprocess.run([*scorekeeper, "undo"], env=env, capture_output=True, text=True)
    assert ran.returncode == 0 and ran.stdout.startswith("undone: last coup (1)."), ran
    assert " rich" not in ran.stderr  # -X importtime names every module imported
