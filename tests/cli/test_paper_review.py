"""Issue 30 walked end to end as its tables would (review30): what did not hold then, each through the
real command. A four-player enchères fiche whose players have names of two words fits a 1,000-px window
and the A4 page; a French page and statement write a half as the French sheet does (`13,5`); the French
CSV of an hombre partie with a shared bête of an odd amount holds its halves as `19,5`, and its tricks
(`4-3-2`) stay tricks where a spreadsheet reads dates; a partie playing on after its poules says how
many were taken.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from tests.cli.libreoffice import NEEDED, convert
from tests.cli.test_paper_fiche import BROWSER, POPPLER, browse, players

needs_browser = pytest.mark.skipif(
    not (BROWSER and POPPLER), reason="no headless chromium and poppler-utils here: .ci/run installs them"
)
# Names of two words, as a café calls its regulars, and a winner's score of three figures.
REGULARS = ("Marie-Thérèse", "Escartefigue", "Honorine Cabanis", "Monsieur Brun")


def encheres_of_regulars(run) -> None:
    assert run("new", "manille-encheres", *players(*REGULARS), "--game", "ench").code == 0
    for taker, bid, trump, points in [(0, 45, "h", 50), (2, 50, "d", 55), (3, 42, "c", 45), (0, 60, "h", 61)]:
        said = [
            "--taker",
            REGULARS[taker],
            "--bid",
            str(bid),
            "--trump",
            trump,
            "--points",
            f"{REGULARS[taker]}={points}",
        ]
        assert run("coup", "--game", "ench", *said).code == 0


def width(run, tmp_path: Path, window: int, *lang: str) -> int:
    """The page's own width in a `window`-px browser window: past `window`, a column is cut."""
    html = tmp_path / "ench.html"
    assert run(*lang, "export", "--game", "ench", "--format", "html", "--output", str(html)).code == 0
    measured = tmp_path / "measured.html"
    measure = "<script>document.body.dataset.width = document.documentElement.scrollWidth;</script>"
    measured.write_text(html.read_text(encoding="utf-8").replace("</body>", measure + "</body>"), encoding="utf-8")
    dom = browse(measured, f"--window-size={window},800", "--dump-dom")
    return int(re.search(r'data-width="(\d+)"', dom)[1])


@needs_browser
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_encheres_fiche_of_two_word_names_fits_a_1000_px_window_and_the_a4_page(run, tmp_path, lang):
    encheres_of_regulars(run)
    assert width(run, tmp_path, 1000, "--lang", lang) <= 1000
    # A4 portrait less its 12 mm margins is 186 mm, 703 CSS px: the printed table fits it too.
    assert width(run, tmp_path, 703, "--lang", lang) <= 703


def shared_bete(*options: str) -> list[tuple[str, ...]]:
    """An hombre partie whose fourth coup makes Ana a bête of 27, which the fifth, a codille the two
    tiers share, puts in play: Ana pays Cid the half of it, 13.5 (H-13)."""
    demande = ("--contract", "demande", "--tricks")
    return [
        ("--pass",),
        ("--hombre", "Bea", *demande, "Ana=4,Bea=3,Cid=2"),
        ("--hombre", "Cid", "--contract", "sans-prendre", "--tricks", "Ana=2,Bea=2,Cid=5", "--matadors", "3"),
        ("--hombre", "Ana", *demande, "Ana=3,Bea=3,Cid=3"),
        ("--hombre", "Bea", *demande, "Ana=4,Bea=1,Cid=4"),
    ]


def hombre_with_a_shared_bete(run) -> None:
    assert run("new", "hombre", *players("Ana", "Bea", "Cid"), "--game", "ombre").code == 0
    for coup in shared_bete():
        assert run("coup", "--game", "ombre", *coup).code == 0


def test_a_french_csv_holds_the_half_of_a_shared_bete_with_the_decimal_comma(run):
    hombre_with_a_shared_bete(run)
    page = run("--lang", "fr", "export", "--game", "ombre", "--format", "csv").out
    rows = list(csv.reader(io.StringIO(page.removeprefix("\ufeff"), newline=""), delimiter=";"))
    assert rows[0][7:13] == ["Ana : coup", "Ana : solde", "Bea : coup", "Bea : solde", "Cid : coup", "Cid : solde"]
    # Coup 5: Ana receives 6 of the hombre's share and pays Cid 13.5, half her bête of 27.
    assert rows[5][7:13] == ["-7,5", "-4,5", "-12", "-81", "19,5", "85,5"]
    assert (
        run("--lang", "en", "export", "--game", "ombre", "--format", "csv")
        .out.splitlines()[5]
        .endswith(",-7.5,-4.5,-12,-81,19.5,85.5,")
    )


def test_tricks_are_never_written_as_a_date_a_spreadsheet_would_read(run):
    """French Excel (and LibreOffice detecting special numbers) reads `4-3-2` as the 4th of March 2002."""
    hombre_with_a_shared_bete(run)
    page = run("--lang", "fr", "export", "--game", "ombre", "--format", "csv").out
    tricks = [row.split(";")[4] for row in page.splitlines()[1:]]
    assert tricks == [
        "",
        "4\u20113\u20112",
        "2\u20112\u20115",
        "3\u20113\u20113",
        "4\u20111\u20114",
    ]  # non-breaking hyphens


@NEEDED
def test_libreoffice_in_french_reads_the_halves_as_numbers_and_the_tricks_as_text(run, tmp_path):
    """As LibreOffice in French opens the file with its special numbers detected (dates, as Excel always
    does): the halves are numbers, the tricks the words written, « César » intact."""
    hombre_with_a_shared_bete(run)
    source = tmp_path / "ombre.csv"
    assert run("--lang", "fr", "export", "--game", "ombre", "--output", str(source)).code == 0
    sheet = convert(source, "CSV:59,34,76,1,,1036,false,true", "fods", tmp_path).read_text(encoding="utf-8")
    assert sheet.count('office:value-type="date"') == 5  # each coup's time alone: the tricks are never a date
    assert 'office:value-type="float" office:value="-7.5"' in sheet and 'office:value="85.5"' in sheet
    assert "<text:p>4\u20113\u20112</text:p>" in sheet


def test_a_french_statement_writes_its_halves_as_the_french_sheet_does(run):
    hombre_with_a_shared_bete(run)
    said = run("--lang", "fr", "settle", "--game", "ombre", "--statement", "Ana").out
    assert "coup 5 : a payé 13,5 jetons à Cid : moitié de la bête d'Ana de 27" in said
    assert "détient 195,5 jetons" in said and "à ce point : -4,5 jetons" in said
    assert "13.5" not in said and "4.5" not in said
    english = run("--lang", "en", "settle", "--game", "ombre", "--statement", "Ana").out
    assert "coup 5: paid Cid 13.5 jetons" in english and "so far: -4.5 jetons" in english


def test_a_french_printed_page_writes_its_halves_with_the_decimal_comma(run, tmp_path):
    hombre_with_a_shared_bete(run)
    page = tmp_path / "ombre.html"
    assert run("--lang", "fr", "export", "--game", "ombre", "--format", "html", "--output", str(page)).code == 0
    html = page.read_text(encoding="utf-8")
    assert '<td class="n">-7,5</td>' in html and '<td class="n">85,5</td>' in html
    assert "a payé 13,5 jetons à Cid" in html and "13.5" not in html
    # A French colon keeps its word: « Ana : coup » breaks before « Ana », never before the colon.
    assert "<th>Ana\u00a0: coup</th>" in html
    english = tmp_path / "ombre-en.html"
    assert run("--lang", "en", "export", "--game", "ombre", "--format", "html", "--output", str(english)).code == 0
    assert '<td class="n">-7.5</td>' in english.read_text(encoding="utf-8")


def test_h19_settle_during_play_on_says_the_poules_taken_not_the_length(run):
    assert run("new", "hombre", *players("Ana", "Bea", "Cid"), "--option", "poules=1", "--game", "court").code == 0
    for hombre in ("Bea", "Cid", "Ana"):  # three remises: three bêtes made
        assert (
            run(
                "coup", "--game", "court", "--hombre", hombre, "--contract", "demande", "--tricks", "Ana=3,Bea=3,Cid=3"
            ).code
            == 0
        )
    for _ in range(2):  # two poules taken, bêtes still owed: play goes on
        assert (
            run(
                "coup", "--game", "court", "--hombre", "Cid", "--contract", "demande", "--tricks", "Ana=2,Bea=2,Cid=5"
            ).code
            == 0
        )
    ran = run("settle", "--game", "court")
    assert ran.code == 2 and ran.err.startswith("scorekeeper: play on: 2 poules taken, the length of the partie (1)")
    french = run("--lang", "fr", "settle", "--game", "court").err
    assert french.startswith("scorekeeper : on continue : l'hombre a pris 2 poules, la longueur de la partie (1)")
    assert "ce système joue" in french
