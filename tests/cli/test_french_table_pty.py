"""The French fiche at the table, in a real pseudo-terminal at 80 and 40 columns (issue 29): the muette's
points « compté », no empty « annonces » column on the first screen, and a side of two that agrees."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal: pip install '.[test]'")

ROOT = Path(__file__).resolve().parents[2]
MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][AB0-2]|\r")


def _spawn(home: Path, lang: str, columns: int):
    env = {
        **os.environ,
        "SCOREKEEPER_HOME": str(home),
        "SCOREKEEPER_LANG": lang,
        "PYTHONPATH": str(ROOT),
        "TERM": "xterm",
        "PROMPT_TOOLKIT_NO_CPR": "1",
    }
    args = ["-m", "scorekeeper", "table", "manille-muette", *(a for p in MARIUS for a in ("-p", p))]
    try:
        return pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", dimensions=(40, columns), timeout=10)
    except (OSError, pexpect.ExceptionPexpect) as error:  # no pseudo-terminal on this machine
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")


@pytest.mark.parametrize("columns", [80, 40])
def test_the_first_french_screen_counts_and_shows_no_empty_calls(home: Path, columns: int) -> None:
    child = _spawn(home, "fr", columns)
    try:
        child.expect_exact("coup 1>")
        first = ESCAPES.sub("", child.before)
        assert "annonces" not in first and "annoncé" not in first
        if columns == 80:  # at 40 the running scores alone (the fiche's narrow shape)
            assert "compté" in first
        child.send("10h cesar 40\r")
        child.expect_exact("coup 2>")
        child.send("quitte\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


def test_the_first_english_screen_shows_no_empty_calls(home: Path) -> None:
    child = _spawn(home, "en", 80)
    try:
        child.expect_exact("coup 1>")
        first = ESCAPES.sub("", child.before)
        assert "calls" not in first and "said" in first
        child.send("quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
