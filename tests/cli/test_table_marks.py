"""What happened shows on the fiche's rows (issue 29): a note's mark on its row, from the command line
and at the table, and after `corrige` or `ajuste` the fiche drawn again and the status line broken at
the terminal's width, never inside a name; at 80 and 40 columns, in English and French, in a real
pseudo-terminal."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal: pip install '.[test]'")

ROOT = Path(__file__).resolve().parents[2]
MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r")


def _env(home: Path, lang: str, columns: int | None = None) -> dict[str, str]:
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": lang, "PYTHONPATH": str(ROOT)}
    env.update(TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1")
    env.pop("COLUMNS", None)  # conftest's; a pseudo-terminal says its own width
    if columns is not None:
        env["COLUMNS"] = str(columns)
    env.pop("NO_COLOR", None)
    return env


def _run(home: Path, lang: str, *args: str, columns: int = 80, stdin: str = "") -> str:
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        env=_env(home, lang, columns),
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def _partie(home: Path, lang: str) -> None:
    _run(home, lang, "new", "manille-muette", *(a for p in MARIUS for a in ("-p", p)), "--game", "m")
    _run(home, lang, "table", "--game", "m", stdin="10h cesar 40\n7s panisse 48\n7c cesar 40\n")


def _row(lines: list[str], number: str) -> str:
    """The grid's line of entry `number` as printed (a framed line or a narrow one)."""
    found = [line for line in lines if re.match(rf"^[│ ]*\s*{re.escape(number)}\s*[│ ]", line)]
    assert found, lines
    return found[0]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("columns", [80, 40])
def test_a_noted_entry_is_marked_on_its_row_of_the_sheet(home: Path, lang: str, columns: int) -> None:
    _partie(home, lang)
    _run(home, lang, "note", "2", "Panisse a vu les cartes", "--game", "m")
    lines = _run(home, lang, "sheet", "--game", "m", columns=columns).splitlines()
    assert "2*" in _row(lines, "2*")
    assert "*" not in _row(lines, "1") and "*" not in _row(lines, "3")
    assert all(len(line) <= columns for line in lines)
    assert any(line.startswith("2. ") for line in lines) and "Panisse a vu" in "\n".join(lines)  # said under it


def _table(home: Path, lang: str, columns: int):
    args = ["-m", "scorekeeper", "table", "--game", "m"]
    try:
        child = pexpect.spawn(
            sys.executable, args, env=_env(home, lang), encoding="utf-8", dimensions=(60, columns), timeout=10
        )
    except (OSError, pexpect.ExceptionPexpect) as error:  # no pseudo-terminal on this machine
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")
    return child


def _lines(said: str) -> list[str]:
    return [line for line in ANSI.sub("", said).split("\n")]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("columns", [80, 40])
def test_at_the_table_a_note_marks_its_row_and_corrige_draws_the_fiche_again(
    home: Path, lang: str, columns: int
) -> None:
    _partie(home, lang)
    child = _table(home, lang, columns)
    try:
        child.expect_exact("coup 4>")
        child.send("note 2 Panisse a vu les cartes\r")
        child.expect(["note added", "note ajoutée"])
        child.expect_exact("coup 4>")
        drawn = _lines(child.before)
        assert "2*" in _row(drawn, "2*"), drawn  # the fiche drawn again, its row marked
        child.send(("corrige" if lang == "fr" else "edit") + " 1 --points César=60\r")
        child.expect(["coup 1 replaced", "coup 1 remplacé"])
        child.expect_exact("coup 4>")
        drawn = _lines(child.before)
        assert re.search(r"\b31\b", _row(drawn, "1")), drawn  # M-4, M-5: 60 - 34 and the retourne's 5
        assert "2*" in _row(drawn, "2*"), drawn  # the fiche again, the note's mark kept
        # Every line of it fits the terminal: the status line broken between words, not by the terminal.
        assert all(len(line) <= columns for line in drawn), drawn
        child.send("quit\r" if lang == "en" else "quitte\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
