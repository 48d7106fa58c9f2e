"""L'hombre's tricks in seating order everywhere, and an espadille forcée coup marked on its row (issue 29):
the log, the grid and the export say the tricks as `new -p` seated the players, whatever order they were
typed in; a forcée coup says so on its row of the sheet (80 and 40 columns), at the table and on paper;
in English and French, through the real command and a real pseudo-terminal."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tests.cli.test_table_marks import _env, _lines, _row, _run

pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal: pip install '.[test]'")

# Seated Ana, Bea, Cid; Cid the hombre, his tricks typed first: seating order says 3-1-5.
FORCED = ("coup", "--game", "h", "--hombre", "Cid", "--contract", "demande", "--tricks", "Cid=5,Bea=1,Ana=3")
FORCEE = {"en": "forcée", "fr": "forcée"}


def _entry(lines: list[str], number: str) -> str:
    """Entry `number`'s row with the line under it: a cell too wide for its column is folded there."""
    at = lines.index(_row(lines, number))
    return " ".join(lines[at : at + 2])


def _partie(home: Path, lang: str) -> str:
    _run(home, lang, "new", "hombre", "-o", "espadille=true", "-p", "Ana", "-p", "Bea", "-p", "Cid", "--game", "h")
    _run(home, lang, "coup", "--game", "h", "--pass")
    return _run(home, lang, *FORCED, "--espadille-forcee")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_log_says_the_tricks_in_seating_order(home: Path, lang: str) -> None:
    _run(home, lang, "new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid", "--game", "h")
    said = _run(home, lang, *FORCED)
    assert re.search(r"Cid (in|en) demande, 3-1-5", said), said
    explained = _run(home, lang, "sheet", "--game", "h", "--explain")
    assert re.search(r"Cid (in|en) demande, 3-1-5", explained) and "5-3-1" not in explained, explained


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_table_line_reads_bare_tricks_in_seating_order(home: Path, lang: str) -> None:
    _run(home, lang, "new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid", "--game", "h")
    _run(home, lang, "table", "--game", "h", stdin="cid demande 3 1 5\n")
    lines = _run(home, lang, "sheet", "--game", "h", "--explain").splitlines()
    assert "3-1-5" in _row(lines, "1"), lines
    assert any(re.search(r"Cid (in|en) demande, 3-1-5", line) for line in lines), lines
    assert "Cid demande Ana=3 Bea=1 Cid=5" in _run(home, lang, "fix", "--print", "--game", "h")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("columns", [80, 40])
def test_an_espadille_forcee_coup_is_marked_on_its_row(home: Path, lang: str, columns: int) -> None:
    _partie(home, lang)
    lines = _run(home, lang, "sheet", "--game", "h", columns=columns).splitlines()
    assert FORCEE[lang] in _entry(lines, "2"), lines
    assert FORCEE[lang] not in _row(lines, "1"), lines
    if columns == 80:
        assert "3-1-5" in _row(lines, "2"), lines
    assert all(len(line) <= columns for line in lines), lines


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_espadille_forcee_coup_is_marked_in_the_export(home: Path, lang: str) -> None:
    _partie(home, lang)
    for form in ("csv", "md"):  # the CSV in the language's dialect: `;` in French
        rows = _run(home, lang, "export", "--game", "h", "--format", form).splitlines()
        second = next(row for row in rows if re.match(r"^\|? *2 *[,;|]", row))
        first = next(row for row in rows if re.match(r"^\|? *1 *[,;|]", row))
        tricks = "3\u20111\u20115" if form == "csv" else "3-1-5"  # a spreadsheet's CSV: no date to read in it
        assert FORCEE[lang] in second and tricks in second, rows
        assert FORCEE[lang] not in first, rows


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("columns", [80, 40])
def test_at_the_table_a_forcee_coup_is_marked_on_its_row(home: Path, lang: str, columns: int) -> None:
    _run(home, lang, "new", "hombre", "-o", "espadille=true", "-p", "Ana", "-p", "Bea", "-p", "Cid", "--game", "h")
    try:
        child = pexpect.spawn(
            sys.executable,
            ["-m", "scorekeeper", "table", "--game", "h"],
            env=_env(home, lang),
            encoding="utf-8",
            dimensions=(60, columns),
            timeout=10,
        )
    except (OSError, pexpect.ExceptionPexpect) as error:  # no pseudo-terminal on this machine
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")
    try:
        child.expect_exact("coup 1>")
        child.send(("passe" if lang == "fr" else "pass") + "\r")
        child.expect_exact("coup 2>")
        child.send("cid demande forcée 3 1 5\r")
        child.expect_exact("coup 3>")
        drawn = _lines(child.before)
        assert FORCEE[lang] in _entry(drawn, "2"), drawn
        assert all(len(line) <= columns for line in drawn), drawn
        child.send("quit\r" if lang == "en" else "quitte\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
