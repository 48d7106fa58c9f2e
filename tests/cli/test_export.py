"""The fiche on paper (issue 20): `export` as CSV, Markdown and one printable HTML page, `settle
--statement`, and `demo` kept as the game `demo`. Every figure is the one `sheet --json` gives.

The HTML page is printed by a real browser (Debian's `chromium`, headless) and read back with
poppler (`pdfinfo`, `pdftotext`); those tests skip, saying why, only where no browser can be had
(`.ci/run` installs both). With SCOREKEEPER_SCREENSHOTS=docs they also write the README's pictures.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper.cli.app import app
from scorekeeper.clock import spreadsheet

ROOT = Path(__file__).resolve().parents[2]
BROWSER = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None)
POPPLER = shutil.which("pdfinfo") and shutil.which("pdftotext") and shutil.which("pdftoppm")
needs_browser = pytest.mark.skipif(
    not (BROWSER and POPPLER), reason="no headless chromium and poppler-utils here: .ci/run installs them"
)

# Twenty coups of manille muette, none ending the partie: (retourne, who made how many points).
TWENTY = [("7s", "César=38"), ("8h", "Panisse=40"), ("9c", "Brun=36"), ("7d", "Escartefigue=44")] * 5


def manille_twenty(run) -> None:
    run("new", "manille-muette", "-p", "César", "-p", "Panisse", "-p", "Escartefigue", "-p", "Brun", "--game", "twenty")
    for retourne, points in TWENTY:
        assert run("coup", "--game", "twenty", "-r", retourne, "--points", points).code == 0


def hombre_three(run) -> None:
    run("new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid", "--game", "ombre")
    for coup in (
        ["--pass"],
        ["--hombre", "Bea", "--contract", "demande", "--tricks", "Ana=4,Bea=3,Cid=2"],
        ["--hombre", "Cid", "--contract", "sans-prendre", "--tricks", "Ana=2,Bea=2,Cid=5", "--matadors", "3"],
    ):
        assert run("coup", "--game", "ombre", *coup).code == 0


def sheet(run, game: str) -> dict:
    return json.loads(run("sheet", "--game", game, "--json").out)


def rows_of(text: str, delimiter: str = ",") -> list[dict[str, str]]:
    """The CSV's rows as a spreadsheet reads them: the BOM that tells it UTF-8 is no cell's."""
    return list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"), newline=""), delimiter=delimiter))


# --- CSV ------------------------------------------------------------------------------------------


def test_m9_csv_parses_to_the_sheets_figures_coup_by_coup(run):
    manille_twenty(run)
    data = sheet(run, "twenty")
    rows = rows_of(run("export", "--game", "twenty", "--format", "csv").out)
    assert len(rows) == len(data["coups"]) == 20
    sides = [" & ".join(side["players"]) for side in data["sides"]]
    for row, coup in zip(rows, data["coups"], strict=True):
        assert int(row["coup"]) == coup["number"]
        assert row["dealer"] == coup["dealer"]
        for place, side in enumerate(sides):
            assert int(row[f"{side}: coup"]) == coup["scored"][place]
            assert int(row[f"{side}: score"]) == coup["scores"][place]
        assert row["manche"] == (f"manche {coup['manche']}" if coup["manche_won_by"] is not None else "")
    assert set(rows[0]) >= {"time", "note"}  # every entry's time and note have their columns


def test_h12_csv_at_lhombre_has_the_enjeu_outcome_net_and_balance_of_the_sheet(run):
    hombre_three(run)
    data = sheet(run, "ombre")
    rows = rows_of(run("export", "--game", "ombre", "--format", "csv").out)
    for row, coup in zip(rows, data["coups"], strict=True):
        assert float(row["enjeu"]) == coup["enjeu"]
        assert row["outcome"] == {"passed": "passed", "codille": "codille", "won": "won"}[coup["outcome"]]
        for player in ("Ana", "Bea", "Cid"):
            assert float(row[f"{player}: coup"]) == coup["net"][player]
            assert float(row[f"{player}: balance"]) == coup["balances"][player]


def test_c2_csv_headers_speak_the_games_language_and_numbers_keep_a_dot_in_rfc4180(run):
    hombre_three(run)
    rows = rows_of(run("--lang", "fr", "export", "--game", "ombre", "--format", "csv", "--dialect", "rfc4180").out)
    assert list(rows[0])[:7] == ["coup", "heure", "donneur", "annoncé", "levées", "enjeu", "issue"]
    assert rows[1]["issue"] == "codille" and rows[0]["annoncé"] == "trois passes"
    assert all(re.fullmatch(r"-?\d+(\.\d+)?", rows[2][f"{p} : solde"]) for p in ("Ana", "Bea", "Cid"))


def test_an_entrys_time_and_note_are_exported_when_the_json_has_them():
    """Issues 15 and 18 add times, notes and entries other than coups: whatever `sheet --json` gives."""
    from scorekeeper import games, i18n
    from scorekeeper.language import Language
    from scorekeeper.present import paper
    from scorekeeper.present.paper import formats

    i18n.speak(Language.named("en"))  # in process: as the command line would, whatever an earlier test chose
    demo = games.demo()
    fiche = games.replay(games.load(demo.RULESET), demo.PLAYERS, demo.PLAYERS[0], demo.COUPS)
    data = paper.heading("demo", fiche, {"entries": [], "notes": [], "stopped": None})
    data["coups"][6] |= {"time": "2026-11-22T21:40:00", "note": "Escartefigue | distrait"}
    table = paper.table(data, paper.engine_of(data).paper(data, fiche))
    row = rows_of(formats.csv(table))[6]
    assert (row["time"], row["note"]) == ("2026-11-22T21:40:00", "Escartefigue | distrait")
    assert "Escartefigue \\| distrait" in formats.markdown("demo", table, [])


def test_m17_m18_misdeals_adjustments_times_and_notes_are_entries_of_the_export(run):
    """What `sheet --json` gives for each entry (issues 15 and 18), the export gives, row for row."""
    run("demo")
    run("new", "manille-muette", "-p", "César", "-p", "Panisse", "-p", "Escartefigue", "-p", "Brun", "--game", "m")
    assert run("coup", "--game", "m", "-r", "10h", "--points", "César=40").code == 0
    assert run("coup", "--game", "m", "--misdeal").code == 0
    assert run("adjust", "--game", "m", "--score", "César=+5", "--reason", "Brun a parlé").code == 0
    assert run("note", "--game", "m", "1", "belle retourne").code == 0
    assert run("note", "--game", "m", "la soirée").code == 0
    data = sheet(run, "m")
    rows = rows_of(run("export", "--game", "m", "--format", "csv").out)
    assert [row["coup"] for row in rows] == ["1", "2", "3"]
    for row, entry in zip(rows, data["coups"], strict=True):
        assert (row["time"], row["note"]) == (spreadsheet(entry.get("time", "")), entry.get("note", ""))
        assert int(row["César & Escartefigue: score"]) == entry["scores"][0]
    assert rows[0]["note"] == "belle retourne" and rows[2]["César & Escartefigue: coup"] == "5"
    page = run("export", "--game", "m", "--format", "md").out
    assert "| belle retourne |" in page and "la soirée" in page
    assert re.search(r"^\| 1 \| \d\d:\d\d \| César \|", page, re.M)  # on the page, a time is its hour


# --- Markdown -------------------------------------------------------------------------------------


def test_md_is_the_fiche_as_one_markdown_table_with_where_the_partie_stands(run):
    run("demo")
    out = run("export", "--game", "demo", "--format", "md").out
    lines = out.splitlines()
    assert lines[0] == "# demo · Manille muette"
    table = [line for line in lines if line.startswith("|")]
    assert len(table) == 2 + 10 and table[1].startswith("| ---: |")
    assert "| 7 | Escartefigue | 8♦ | renonce Escartefigue | 0 | 0 | 34 | 53 | manche 2 |" in table
    assert "- César & Escartefigue: 45, 2 manches" in lines
    assert "- Panisse & Brun: 2, 1 manche" in lines  # one manche, in the singular
    assert "| time |" not in out  # no entry has a time: no empty column for the eye


# --- HTML -----------------------------------------------------------------------------------------


def test_html_is_one_self_contained_page_with_its_svg_chart(run):
    run("demo")
    page = run("export", "--game", "demo", "--format", "html").out
    assert page.startswith("<!DOCTYPE html>") and "@page { size: A4" in page
    assert page.count("<svg") == 1 and page.count("<polyline") == 2  # a line a side
    assert not re.search(r"<script|<link|<img|@import|url\(|src=", page)  # nothing loaded
    assert re.findall(r"https?://[^\"]+", page) == ["http://www.w3.org/2000/svg"]  # the namespace, never fetched
    points = re.findall(r'<polyline points="([^"]+)"', page)
    assert [len(line.split()) for line in points] == [11, 11]  # the start and ten coups


def test_html_escapes_what_was_typed(run):
    run(
        "new",
        "manille-muette",
        "-p",
        "<b>César</b>",
        "-p",
        "Panisse",
        "-p",
        "Escartefigue",
        "-p",
        "Brun",
        "--game",
        "x",
    )
    page = run("export", "--game", "x", "--format", "html").out
    assert "<b>César" not in page and "&lt;b&gt;César&lt;/b&gt;" in page


def test_h19_html_at_lhombre_has_the_settlement_in_fiches_and_each_players_statement(run):
    hombre_three(run)
    page = run("export", "--game", "ombre", "--format", "html").out
    assert "<h2>Settlement</h2>" in page
    assert "Bea pays Cid 66 jetons (3 fiches and 6 jetons) (H-19)" in page
    assert [name for name in ("Ana", "Bea", "Cid") if f"<h2>Statement of {name}</h2>" in page] == ["Ana", "Bea", "Cid"]


def test_output_writes_the_file_and_says_so_the_extension_chooses_the_format(run, tmp_path):
    run("demo")
    ran = run("export", "--game", "demo", "--output", str(tmp_path / "fiche.csv"))
    assert ran.code == 0 and ran.out == f"{tmp_path / 'fiche.csv'} written (csv)\n"
    assert rows_of((tmp_path / "fiche.csv").read_text(encoding="utf-8"))[0]["said"] == "César 40"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--format", "xls"], "scorekeeper: no export format 'xls': give csv, md or html\n"),
        (["--output", "/nonexistent/folder/fiche.html"], "scorekeeper: cannot write /nonexistent/folder/fiche.html: "),
    ],
)
def test_an_export_mistake_is_one_line_exit_2(run, args, error):
    run("demo")
    ran = run("export", "--game", "demo", *args)
    assert ran.code == 2 and ran.err.startswith(error) and ran.err.count("\n") == 1 and ran.out == ""


def print_to_pdf(html: Path, pdf: Path) -> None:
    profile = html.parent / "profile"
    subprocess.run(
        [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
        + ["--disable-component-update", "--disable-sync", f"--user-data-dir={profile}", "--no-pdf-header-footer"]
        + [f"--print-to-pdf={pdf}", html.as_uri()],
        check=True,
        capture_output=True,
        timeout=120,
    )


def pictures() -> Path | None:
    """Where the README's pictures go: docs/ when asked (SCOREKEEPER_SCREENSHOTS=docs), else nowhere."""
    return ROOT / "docs" if os.environ.get("SCOREKEEPER_SCREENSHOTS") == "docs" else None


@needs_browser
def test_done_when_a_20_coup_partie_prints_on_one_a4_page_with_its_text_and_chart(run, tmp_path):
    manille_twenty(run)
    html = tmp_path / "fiche.html"
    assert run("export", "--game", "twenty", "--format", "html", "--output", str(html)).code == 0
    pdf = tmp_path / "fiche.pdf"
    print_to_pdf(html, pdf)
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    assert re.search(r"^Pages:\s+1$", info, re.M)
    assert "(A4)" in info
    words = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    assert re.search(r"^Manille muette\n\d{1,2} \w{3} \d{4} · César, Panisse, Escartefigue and Brun$", words, re.M), (
        words
    )
    data = sheet(run, "twenty")
    (us, them), last = data["sides"], data["coups"][-1]
    assert f"César & Escartefigue: {us['score']}, 1 manche" in words
    assert f"César & Escartefigue {us['score']}, Panisse & Brun {them['score']} (manches 1-0)" in words
    figures = r"\s+".join(str(n) for pair in zip(last["scored"], last["scores"], strict=True) for n in pair)
    assert re.search(
        rf"^\s*20\s+(\d\d:\d\d\s+)?{last['dealer']}\s+7♦\s+Escartefigue 44\s+{figures}\s*$", words, re.M
    )  # the last row
    assert re.search(r"^\s*1\s+2\s+3\s+4\s+5\s+6\s+7\s+8\s+9\s+10\s+11\s", words, re.M)  # the chart's axis
    if folder := pictures():
        subprocess.run(["pdftoppm", "-r", "80", "-png", "-singlefile", str(pdf), str(folder / "fiche")], check=True)


@needs_browser
def test_done_when_after_demo_the_exported_page_prints_on_one_a4_page_with_the_chart(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run("demo")
    assert run("export", "--format", "html", "--output", "fiche.html").code == 0  # demo is the current game
    print_to_pdf(tmp_path / "fiche.html", tmp_path / "fiche.pdf")
    info = subprocess.run(["pdfinfo", "fiche.pdf"], check=True, capture_output=True, text=True).stdout
    assert re.search(r"^Pages:\s+1$", info, re.M)
    words = subprocess.run(["pdftotext", "fiche.pdf", "-"], check=True, capture_output=True, text=True).stdout
    assert "partie won by César & Escartefigue (2-1 in manches)" in words
    assert "manche 2" in words.split("(2-1 in manches)")[1]  # the chart's own mark, below the fiche


@needs_browser
def test_the_readme_shows_the_tests_own_pictures():
    paper = (ROOT / "docs" / "paper.md").read_text(encoding="utf-8")
    for picture in ("fiche.png", "chart.png"):
        assert f"]({picture})" in paper
        assert (ROOT / "docs" / picture).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# --- demo kept as a game --------------------------------------------------------------------------


def test_demo_is_stored_as_the_game_demo_current_when_there_is_none(run):
    ran = run("demo")
    assert ran.out.endswith("stored as the game demo: try sheet --explain, export and chart on it\n")
    data = sheet(run, "demo")
    assert data["winner"] == ["César", "Escartefigue"] and len(data["coups"]) == 10
    assert json.loads(run("sheet", "--json").out)["name"] == "demo"  # current: no game was


def test_demo_leaves_the_current_game_current(marius, run):
    assert run("demo").code == 0
    assert json.loads(run("sheet", "--json").out)["name"] == "marius"


def test_an_existing_demo_is_replaced_only_after_asking_or_with_yes(run, home, monkeypatch):
    from scorekeeper.cli import terminal

    monkeypatch.setattr(terminal, "at_a_terminal", lambda: True)  # asked at a terminal (without: test_scripts.py)
    run("demo")
    assert run("coup", "--game", "demo", "-r", "7h", "--points", "César=40").code == 2  # the partie is over
    path = next((home / "games").glob("demo*.toml"))
    path.write_bytes(path.read_bytes().replace(b'"KD"', b'"QD"'))  # someone's own demo, changed
    before = path.read_bytes()
    runner = CliRunner()
    said_no = runner.invoke(app, ["demo"], input="n\n")
    assert said_no.exit_code != 0 and "replace it with Marius's partie? [y/N]" in said_no.stderr
    assert path.read_bytes() == before
    assert CliRunner().invoke(app, ["demo"], input="y\n").exit_code == 0
    assert b'"QD"' not in path.read_bytes() and b'"KD"' in path.read_bytes()
    path.write_bytes(before)
    assert run("demo", "--yes").code == 0 and b'"KD"' in path.read_bytes()


# --- settle --statement ---------------------------------------------------------------------------


def test_h19_statement_says_his_coups_as_hombre_what_he_paid_and_why_his_caves_and_result(run):
    hombre_three(run)
    ran = run("settle", "--game", "ombre", "--early", "--statement", "bea")
    assert ran.code == 0
    assert ran.out.splitlines() == [
        "Statement of Bea",
        "coup 2: hombre in demande, codille, -12 jetons",
        "coup 2: paid Ana 12 jetons: share of the poule of 36 (4 marks x 3), codille (H-13)",
        "coup 2: 0 jetons: Bea makes a bête of 36, the enjeu (H-14)",
        "coup 3: paid Cid 3 jetons: share of the poule of 9 (1 mark x 3), won (H-13)",
        "coup 3: paid Cid 36 jetons: Bea's bête of 36, in play, taken by Cid (H-13)",
        "coup 3: paid Cid 12 jetons: the sans prendre (H-15)",
        "coup 3: paid Cid 6 jetons: 3 matadors x 2 (H-15)",
        "caves taken: 1; holds 131 jetons",
        "result: -69 jetons",
        "pays Cid 66 jetons (3 fiches and 6 jetons)",
        "pays Ana 3 jetons (0 fiches and 3 jetons)",
    ]


def test_h12_a_statement_adds_up_to_the_players_balance(run):
    hombre_three(run)
    data = sheet(run, "ombre")
    for player in data["players"]:
        out = run("settle", "--game", "ombre", "--early", "--statement", player["name"]).out
        received = sum(int(n) for n in re.findall(r"received (\d+) jetons", out))
        paid = sum(int(n) for n in re.findall(r"paid \w+ (\d+) jetons", out))
        assert received - paid == player["balance"]


def test_c2_a_statement_speaks_the_players_language(run):
    hombre_three(run)
    lines = run("--lang", "fr", "settle", "--game", "ombre", "--early", "--statement", "ana").out.splitlines()
    assert lines[0] == "Relevé d'Ana"
    assert "coup 2 : a reçu 12 jetons de Bea : part de la poule de 36 (4 marques x 3), codille (H-13)" in lines
    assert lines[-3:] == [
        "caves prises : 1 ; détient 203 jetons",
        "résultat : +3 jetons",
        "reçoit 3 jetons de Bea (0 fiche et 3 jetons)",
    ]


def test_a_statement_for_nobody_at_the_table_is_one_line_exit_2(run):
    hombre_three(run)
    ran = run("settle", "--game", "ombre", "--early", "--statement", "Zoé")
    assert ran.code == 2 and ran.err == "scorekeeper: unknown player 'Zoé': the players are Ana, Bea, Cid\n"
