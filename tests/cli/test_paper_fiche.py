"""The fiche on paper as a table pins it on the wall (issue 30): the printed page says its date in the
language's words, its ruleset, its players and `--title`; a rule where a manche ends, the belle by its
name, ♥ ♦ in red, a note under its coup; A4 portrait at any length, the header row on each page; a
four-player enchères fiche within a 1,000-px window. The CSV in the dialect of the language's
spreadsheet (`--dialect`), the chart as an SVG file (`chart --svg`).

Printed by headless Chromium, its A4 pages turned into PNG by poppler's `pdftoppm`, kept in the test's
tmp_path (their paths printed: `pytest -s` shows them, to be looked at); the CSV opened by LibreOffice.
Each skips, saying why, where its tool is missing (`.ci/run` installs chromium, poppler-utils and
libreoffice-calc-nogui).
"""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest

from tests.cli.libreoffice import NEEDED, convert

BROWSER = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None)
POPPLER = shutil.which("pdfinfo") and shutil.which("pdftotext") and shutil.which("pdftoppm")
needs_browser = pytest.mark.skipif(
    not (BROWSER and POPPLER), reason="no headless chromium and poppler-utils here: .ci/run installs them"
)
MARIUS = ("César", "Panisse", "Escartefigue", "Brun")
NOTE = "Escartefigue a vu une carte de Brun en se penchant pour ramasser son pastis ; on a discuté dix minutes"
# A partie liée that goes to the belle: manche 1 to César & Escartefigue, manche 2 to Panisse & Brun.
LIEE = [("10h", "César=40"), ("7s", "Panisse=48"), ("Kd", "Brun=30"), ("9c", "César=50"), ("Ah", "César=44")]
LIEE += [("8d", "Panisse=60"), ("Js", "Brun=50"), ("Qh", "Escartefigue=20"), ("10d", "César=50"), ("7c", "Panisse=40")]
LIEE += [("9h", "César=60")]


@pytest.fixture(autouse=True)
def french(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table speaks French, as these fiches were tried (an English command says `--lang en`)."""
    monkeypatch.setenv("SCOREKEEPER_LANG", "fr")


def players(*names: str) -> list[str]:
    return [arg for name in names for arg in ("-p", name)]


def french_manille(run) -> None:
    assert run("new", "manille-muette", "--option", "partie=liee", *players(*MARIUS), "--game", "soir").code == 0
    for retourne, points in LIEE:
        assert run("coup", "--game", "soir", "-r", retourne, "--points", points).code == 0
    assert run("note", "--game", "soir", "3", NOTE).code == 0


def encheres(run) -> None:
    """Four players, each for himself, with long names: twelve columns of figures."""
    names = ("Anastasie", "Bertrand", "Carlotta", "Dieudonné")
    assert run("new", "manille-encheres", *players(*names), "--game", "ench").code == 0
    for taker, bid, trump, points in [
        (0, 45, "h", 50),
        (1, 40, "s", 30),
        (2, 50, "d", 60),
        (3, 35, "c", 40),
        (1, 40, "h", 44),
        (0, 45, "d", 30),
    ]:
        said = ["--taker", names[taker], "--bid", str(bid), "--trump", trump, "--points", f"{names[taker]}={points}"]
        assert run("coup", "--game", "ench", *said).code == 0
    assert (
        run("note", "--game", "ench", "2", "Bertrand annonce sans regarder son jeu, on le lui fait remarquer").code == 0
    )


def hombre(run) -> None:
    assert run("new", "hombre", *players("Ana", "Bea", "Cid"), "--game", "ombre").code == 0
    for coup in (
        ["--pass"],
        ["--hombre", "Bea", "--contract", "demande", "--tricks", "Ana=4,Bea=3,Cid=2"],
        ["--hombre", "Cid", "--contract", "sans-prendre", "--tricks", "Ana=2,Bea=2,Cid=5", "--matadors", "3"],
        ["--hombre", "Ana", "--contract", "demande", "--tricks", "Ana=5,Bea=2,Cid=2"],
    ):
        assert run("coup", "--game", "ombre", *coup).code == 0


# --- CSV ------------------------------------------------------------------------------------------


def test_c2_a_french_csv_is_french_excels_semicolons_a_bom_and_the_decimal_comma(run):
    french_manille(run)
    page = run("export", "--game", "soir", "--format", "csv").out
    assert page.startswith("\ufeffcoup;heure;donneur;atout;annoncé;César et Escartefigue : coup;")
    rows = list(csv.reader(io.StringIO(page.removeprefix("\ufeff"), newline=""), delimiter=";"))
    assert len(rows) == 1 + len(LIEE) and {len(row) for row in rows} == {len(rows[0])}  # one row a coup
    assert rows[3][-1] == NOTE  # its `;` inside the quoted cell
    assert rows[1][5:9] == ["11", "11", "0", "0"]  # figures as numbers
    assert rows[-1][-2] == "belle"


def test_a_half_is_written_with_the_dialects_decimal_mark():
    from scorekeeper.present.paper import Table
    from scorekeeper.present.paper.formats import DIALECTS
    from scorekeeper.present.paper.formats import csv as write

    table = Table(["jetons", "note"], [[13.5, "César, 13.5"], [-0.5, "x"]])
    assert write(table, DIALECTS["excel-fr"]) == "\ufeffjetons;note\n13,5;César, 13.5\n-0,5;x\n"
    assert write(table, DIALECTS["excel"]) == '\ufeffjetons,note\n13.5,"César, 13.5"\n-0.5,x\n'
    assert write(table, DIALECTS["rfc4180"]) == 'jetons,note\n13.5,"César, 13.5"\n-0.5,x\n'


def test_an_english_csv_is_excels_and_dialect_says_another(run):
    french_manille(run)
    english = run("--lang", "en", "export", "--game", "soir", "--format", "csv").out
    assert english.startswith("\ufeffcoup,time,dealer,atout,said,César & Escartefigue: coup,")
    plain = run("export", "--game", "soir", "--format", "csv", "--dialect", "rfc4180").out
    assert plain.startswith("coup,heure,donneur,")  # the game's French words, no BOM, commas
    assert run("export", "--game", "soir", "-f", "csv", "--dialect", "excel").out.startswith("\ufeffcoup,heure,")


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["-f", "csv", "--dialect", "excel-de"], "no CSV dialect 'excel-de': give excel-fr, excel or rfc4180\n"),
        (
            ["-f", "html", "--dialect", "excel"],
            "--dialect is for csv only, not html: leave it out or give --format csv\n",
        ),
        (["-f", "csv", "--title", "Marius"], "--title is for md and html: a CSV has no title\n"),
    ],
)
def test_a_dialect_or_title_mistake_is_one_line_exit_2_nothing_written(run, tmp_path, args, error):
    french_manille(run)
    ran = run("--lang", "en", "export", "--game", "soir", *args, "--output", str(tmp_path / "f.csv"))
    assert (ran.code, ran.err, ran.out) == (2, "scorekeeper: " + error, "")
    assert not (tmp_path / "f.csv").exists()


@NEEDED
def test_libreoffice_opens_the_french_csv_as_columns_with_cesar_intact(run, tmp_path):
    """As a French spreadsheet opens it: split on `;`, the charset left for it to find (the BOM says UTF-8)."""
    french_manille(run)
    source = tmp_path / "fiche.csv"
    assert run("export", "--game", "soir", "--output", str(source)).code == 0
    back = convert(source, "CSV:59,34,,1", "csv:Text - txt - csv (StarCalc):44,34,76", tmp_path)
    rows = list(csv.reader(io.StringIO(back.read_bytes().decode(), newline="")))
    print(f"LibreOffice read back: {back}")
    assert rows[0][:6] == ["coup", "heure", "donneur", "atout", "annoncé", "César et Escartefigue : coup"]
    assert len(rows) == 1 + len(LIEE) and {len(row) for row in rows} == {11}  # columns, not one
    assert [row[2] for row in rows[1:5]] == ["César", "Panisse", "Escartefigue", "Brun"]
    assert rows[3][-1] == NOTE


# --- the chart as an image ------------------------------------------------------------------------


def test_chart_svg_writes_the_chart_the_printed_page_holds(run, tmp_path):
    french_manille(run)
    image = tmp_path / "courbe.svg"
    ran = run("chart", "--game", "soir", "--svg", str(image))
    assert (ran.code, ran.out) == (0, f"{image} écrit (svg)\n")
    drawn = image.read_text(encoding="utf-8")
    root = ElementTree.fromstring(drawn.encode())  # a file an image viewer reads: well-formed, sized
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("width") and root.get("height")
    page = run("export", "--game", "soir", "--format", "html").out
    svg = drawn[drawn.index("<svg") :].rstrip("\n")
    assert svg in page  # the same chart, its style its own
    assert "belle" not in svg or ">fin<" in svg  # the last mark is the end


def test_chart_svg_and_json_together_is_one_line_exit_2(run, tmp_path):
    french_manille(run)
    ran = run("--lang", "en", "chart", "--game", "soir", "--svg", str(tmp_path / "c.svg"), "--json")
    assert ran.code == 2 and ran.err.count("\n") == 1 and "--svg" in ran.err and not (tmp_path / "c.svg").exists()


# --- the printed page -----------------------------------------------------------------------------


def test_the_page_is_titled_by_title_else_the_ruleset_with_the_date_in_words_and_the_players(run):
    french_manille(run)
    page = run("export", "--game", "soir", "--format", "html").out
    assert "<h1>Manille muette</h1>" in page and "soir" not in page.split("<table>")[0]
    about = re.search(r'<p class="about">(.*)</p>', page)[1]
    assert re.fullmatch(r"\d{1,2} \w+\.? \d{4} · César, Panisse, Escartefigue et Brun", about), about
    titled = run("export", "--game", "soir", "--format", "html", "--title", "Bar de la <Marine>").out
    assert "<h1>Bar de la &lt;Marine&gt;</h1>" in titled and "· Manille muette ·" in titled
    assert run("export", "--game", "soir", "--format", "md", "--title", "Marine").out.startswith("# Marine\n")
    assert run("export", "--game", "soir", "--format", "md").out.startswith("# soir · Manille muette\n")  # as it was


def test_m9_a_rule_ends_each_manche_the_belle_is_named_red_suits_are_red_a_note_goes_under(run):
    french_manille(run)
    page = run("export", "--game", "soir", "--format", "html").out
    bodies = re.findall(r"<tbody[^>]*>.*?</tbody>", page, re.S)
    assert len(bodies) == len(LIEE)
    assert [at for at, body in enumerate(bodies, 1) if body.startswith('<tbody class="end">')] == [4, 7, 11]
    assert '<td class="w">belle</td>' in bodies[-1] and "manche 1" in bodies[3]
    assert '10<span class="red">♥</span>' in bodies[0] and ".red { color:" in page
    printed = NOTE.replace(" ;", "\xa0;")  # French: the space before « ; » kept with its word (i18n.typeset)
    assert f'<tr class="note"><td></td><td colspan="9">{printed}</td></tr>' in bodies[2]
    assert "<th>note</th>" not in page


def browse(page: Path, *asked: str) -> str:
    """What headless Chromium does with `page` as `asked` (print it, shoot it, dump its DOM): its output."""
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
    flags += ["--disable-component-update", "--disable-sync", f"--user-data-dir={page.parent / 'profile'}"]
    ran = subprocess.run([str(BROWSER), *flags, *asked, page.as_uri()], check=True, capture_output=True, timeout=120)
    return ran.stdout.decode()


def printed(run, game: str, folder: Path) -> tuple[str, list[str], list[Path]]:
    """`game`'s page printed on A4 by Chromium: the PDF's info, each page's text, each page as a PNG (its
    path printed, to be looked at)."""
    html, pdf = folder / f"{game}.html", folder / f"{game}.pdf"
    assert run("export", "--game", game, "--format", "html", "--output", str(html)).code == 0
    browse(html, "--no-pdf-header-footer", f"--print-to-pdf={pdf}")
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)$", info, re.M)[1])
    texts = [
        subprocess.run(
            ["pdftotext", "-layout", "-f", str(n), "-l", str(n), str(pdf), "-"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        for n in range(1, pages + 1)
    ]
    subprocess.run(["pdftoppm", "-r", "80", "-png", str(pdf), str(folder / game)], check=True)
    pngs = sorted(folder.glob(f"{game}-*.png"))
    assert len(pngs) == pages
    for png in pngs:
        print(f"printed page: {png}")
    return info, texts, pngs


@needs_browser
def test_done_when_a_french_manille_fiche_prints_on_a4_portrait_and_is_looked_at(run, tmp_path):
    french_manille(run)
    info, texts, pngs = printed(run, "soir", tmp_path)
    assert "(A4)" in info and re.search(r"^Page size:\s+59\d\.\d+ x 84\d\.\d+ pts", info, re.M)  # portrait
    words = "\n".join(texts)
    assert re.search(r"^Manille muette\n\d{1,2} \w+\.? \d{4} · César, Panisse, Escartefigue et Brun$", words, re.M)
    assert re.search(r"^\s*11\s.*César 60\s+26\s+47\s+0\s+22\s+belle$", words, re.M)
    assert "ramasser son pastis" in words and pngs[0].read_bytes()[:4] == b"\x89PNG"


@needs_browser
def test_done_when_a_long_partie_prints_on_a4_pages_each_with_the_header_row(run, tmp_path):
    assert (
        run(
            "new",
            "manille-muette",
            "--option",
            "partie=seche",
            "--option",
            "manche=5000",
            *players(*MARIUS),
            "--game",
            "long",
        ).code
        == 0
    )
    for retourne, points in [
        ("7s", "César=38"),
        ("8h", "Panisse=40"),
        ("9c", "Brun=36"),
        ("7d", "Escartefigue=44"),
    ] * 30:
        assert run("coup", "--game", "long", "-r", retourne, "--points", points).code == 0
    info, texts, _ = printed(run, "long", tmp_path)
    assert len(texts) >= 3 and "(A4)" in info
    for text in texts[: len(texts) - 1]:  # every page of the table: the header row again
        assert re.search(r"^\s*coup\s+heure\s+donneur\s+atout\s+annoncé", text, re.M), text[:300]
    assert re.search(r"^\s*120\s", "\n".join(texts), re.M)


@needs_browser
def test_done_when_a_four_player_encheres_fiche_fits_a_1000_px_window_and_prints(run, tmp_path):
    encheres(run)
    html = tmp_path / "ench.html"
    assert run("export", "--game", "ench", "--format", "html", "--output", str(html)).code == 0
    # The page's own width, measured by the browser at 1,000 px: nothing runs past the window's edge.
    measured = tmp_path / "measured.html"
    measure = "<script>document.body.dataset.width = document.documentElement.scrollWidth;</script>"
    measured.write_text(html.read_text(encoding="utf-8").replace("</body>", measure + "</body>"), encoding="utf-8")
    dom = browse(measured, "--window-size=1000,800", "--dump-dom")
    assert int(re.search(r'data-width="(\d+)"', dom)[1]) <= 1000
    shot = tmp_path / "window-1000px.png"
    browse(html, "--window-size=1000,900", f"--screenshot={shot}")
    print(f"the page in a 1,000-px window: {shot}")
    info, texts, _ = printed(run, "ench", tmp_path)
    words = "\n".join(texts)
    assert re.search(r"Dieudonné :\s", words)
    assert "sans regarder son jeu" in words


@needs_browser
def test_done_when_an_hombre_partie_prints_with_its_settlement_and_statements(run, tmp_path):
    hombre(run)
    _, texts, _ = printed(run, "ombre", tmp_path)
    words = "\n".join(texts)
    assert (
        words.index("Règlement")
        < words.index("Relevé d'Ana")
        < words.index("Relevé de Bea")
        < words.index("Relevé de Cid")
    )
    for heading in ("Relevé d'Ana", "Relevé de Bea", "Relevé de Cid"):  # a statement whole on one page
        page = next(text for text in texts if heading in text)
        assert "résultat :" in page.split(heading)[1], heading
