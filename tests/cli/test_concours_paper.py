"""The concours on paper and from other devices (issue 32, RULES T-2, T-6, T-7): `concours export` (table
cards, standing, prize list; printed by headless Chromium where there is one) and `concours import`."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from scorekeeper.concours import files
from tests.cli.test_concours import _day, _drawn
from tests.cli.test_export import needs_browser, print_to_pdf

EVIL = "<script>alert(1)</script>"
FORMULA = '=HYPERLINK("http://x","y")'


def _results(run, drawn: dict, points: str = "60-41", *more: str) -> None:
    for table in drawn["tables"]:
        ran = run(
            "concours",
            "result",
            str(drawn["round"]),
            str(table["table"]),
            "--winner",
            table["teams"][0],
            "--points",
            points,
            *more,
        )
        assert ran.code == 0, ran.err


def _csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))  # Excel's BOM (`--dialect excel`)


# --- export ---------------------------------------------------------------------------------------------


def test_t7_the_standing_exports_as_csv_with_the_standing_s_figures(run) -> None:
    _day(run, 4)
    _results(run, _drawn(run))
    rows = _csv(run("concours", "export", "--what", "standing", "--format", "csv").out)
    standing = json.loads(run("concours", "standing", "--json").out)["teams"]
    assert [(int(r["place"]), r["team"], int(r["won"]), int(r["points"]), int(r["difference"])) for r in rows] == [
        (s["place"], s["team"], s["won"], s["points"], s["difference"]) for s in standing
    ]


def test_t7_the_prize_list_gives_shared_places_prizes_in_the_order_of_the_seed_and_lists_the_last(run) -> None:
    _day(run, 6, "--prizes", "4")
    drawn = _drawn(run)
    _results(run, drawn)
    rows = _csv(run("concours", "export", "--what", "prizes", "--format", "csv").out)
    assert len(rows) == 6 and [r["prize"] for r in rows] == ["1", "2", "3", "4", "", ""]
    assert [r["place"] for r in rows] == ["1", "1", "1", "4", "4", "4"]
    again = _csv(run("concours", "export", "--what", "prizes", "--format", "csv").out)
    assert again == rows  # the seed's order, not chance at each export
    winners = {table["teams"][0] for table in drawn["tables"]}
    assert {r["team"] for r in rows[:3]} == winners and all(r["won"] == "1" for r in rows[:3])


def test_the_export_of_a_round_not_complete_or_not_drawn_is_one_line_exit_2(run, tmp_path: Path) -> None:
    _day(run, 4)
    ran = run("concours", "export", "--what", "cards")
    assert ran.code == 2 and "no round is drawn" in ran.err
    _drawn(run)
    for args, said in (
        (("--what", "standing", "--round", "1"), "round 1 is not complete"),
        (("--what", "cards", "--round", "3"), "no round 3"),
        (("--what", "cards", "--format", "csv"), "accepted html"),
        (("--what", "medals"), "--what 'medals'"),
        (("--what", "standing", "--output", str(tmp_path / "x.pdf")), "--format 'pdf'"),
    ):
        ran = run("concours", "export", *args)
        assert ran.code == 2 and said in ran.err and len(ran.err.strip().splitlines()) == 1, (args, ran.err)
    assert not (tmp_path / "x.pdf").exists()


def test_hostile_names_are_shown_never_run_in_the_html_and_never_formulas_in_the_csv(run, tmp_path: Path) -> None:
    _day(run, 3)
    assert run("concours", "register", "--player", EVIL, "--player", "Zoé", "--team", FORMULA).code == 0
    drawn = _drawn(run)
    cards = run("concours", "export", "--what", "cards").out
    assert "<script>" not in cards and "&lt;script&gt;alert(1)&lt;/script&gt;" in cards
    _results(run, drawn)
    page = run("concours", "export", "--what", "prizes").out
    assert "<script>" not in page and "&lt;script&gt;" in page
    rows = _csv(run("concours", "export", "--what", "prizes", "--format", "csv").out)
    assert "'" + FORMULA in [r["team"] for r in rows]  # a spreadsheet shows it as text
    assert not any(cell.startswith("=") for r in rows for cell in r.values())


def test_cards_carry_their_table_s_page_and_entry_as_addresses_and_qr_codes_from_its_secret(run) -> None:
    """`--url BASE --entry`: each card has its table's page and entry page, each an address and an inline
    QR code, opened by a token made from the table's stored secret (never the secret itself); without
    `--url` no address; `--url` on another page, `--entry` alone, or a bad BASE is one line, exit 2."""
    from scorekeeper.concours.links import table_url
    from scorekeeper.service import concours as service

    _day(run, 4)
    _drawn(run)
    views = service.tables(None)
    assert "<svg" not in run("concours", "export", "--what", "cards").out  # no server: no address
    page = run("concours", "export", "--what", "cards", "--url", "http://192.168.1.5:8000/", "--entry").out
    assert page.count("<svg") == 4  # two tables, a page and an entry page each
    for view in views:
        for entry in (False, True):
            assert table_url("http://192.168.1.5:8000", view.round, view.table, view.secret, entry) in page.replace(
                "&amp;", "&"
            )
        assert view.secret not in page
    assert page.count("<svg") == 4 and "/table/1-1/entry?token=" in page
    for wrong in (
        ["--what", "standing", "--url", "http://h:1"],
        ["--what", "cards", "--entry"],
        ["--what", "cards", "--url", "javascript:alert(1)"],
    ):
        refused = run("concours", "export", *wrong)
        assert refused.code == 2 and refused.err.count("\n") == 1, wrong


def _two_a4_pages(html: Path, tmp_path: Path) -> list[str]:
    """The page printed by Chromium: two A4 pages, each's text."""
    pdf = tmp_path / "cards.pdf"
    print_to_pdf(html, pdf)
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    assert re.search(r"^Pages:\s+2$", info, re.M) and "(A4)" in info
    return [
        subprocess.run(
            ["pdftotext", "-f", str(n), "-l", str(n), "-layout", str(pdf), "-"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        for n in (1, 2)
    ]


@needs_browser
def test_the_table_cards_print_eight_to_an_a4_page_none_cut_across_two(run, tmp_path: Path) -> None:
    _day(run, 18)  # nine tables: eight on the first page, one on the second
    _drawn(run)
    html = tmp_path / "cards.html"
    assert run("concours", "export", "--what", "cards", "--output", str(html)).code == 0
    pages = _two_a4_pages(html, tmp_path)
    for n in range(1, 10):
        page = pages[0] if n <= 8 else pages[1]
        assert f"Table {n}" in page and f"Printemps-r1-t{n}" in page  # each card whole on its page
    assert "Seats, in order of play" in pages[1] and "Game to enter" in pages[1]


@needs_browser
def test_cards_with_their_qr_codes_print_six_to_an_a4_page_each_whole(run, tmp_path: Path) -> None:
    """A card with its two QR codes is taller: six to a sheet, and its seats still on it (not cut at its foot)."""
    _day(run, 14)  # seven tables: six on the first page, one on the second
    _drawn(run)
    html = tmp_path / "cards.html"
    made = run(
        "concours", "export", "--what", "cards", "--url", "http://192.168.1.20:8733", "--entry", "--output", str(html)
    )
    assert made.code == 0
    pages = _two_a4_pages(html, tmp_path)
    assert [pages[0].count("Seats, in order of play"), pages[1].count("Seats, in order of play")] == [6, 1]
    assert pages[0].count("Enter the coups") == 6


@needs_browser
def test_the_prize_list_of_104_doublettes_prints_on_a4_with_its_header_on_every_page(run, tmp_path: Path) -> None:
    from scorekeeper.concours.model import Entrant

    _day(run, 2, "--prizes", "10")
    with files.changing("Printemps") as made:  # registering 104 teams through the command takes a while
        made.entrants = [Entrant(n, f"Équipe {n}", (f"A{n}", f"B{n}")) for n in range(1, 105)]
    html = tmp_path / "prizes.html"
    assert run("--lang", "fr", "concours", "export", "--what", "prizes", "--output", str(html)).code == 0
    pdf = tmp_path / "prizes.pdf"
    print_to_pdf(html, pdf)
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)$", info, re.M)[1])
    assert 2 <= pages <= 4 and "(A4)" in info
    words = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    assert words.count("différence") == pages and "Palmarès de Printemps" in words and "Équipe 104" in words


# --- import ---------------------------------------------------------------------------------------------


def _elsewhere(
    run,
    monkeypatch,
    tmp_path: Path,
    table: dict,
    winner_points: int = 50,
    name: str | None = None,
    seats: list[str] | None = None,
) -> Path:
    """The table's game as another device keeps it: its own data folder, the same ruleset and seats."""
    home = tmp_path / "other"
    here = Path(os.environ["SCOREKEEPER_HOME"])
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    game = name or table["game"]
    players = [arg for player in (seats or table["seats"]) for arg in ("-p", player)]
    assert (
        run("new", "manille-muette", *players, "--game", game, "-o", "partie.kind=deals", "-o", "partie.deals=1").code
        == 0
    )
    assert (
        run("coup", "--game", game, "-r", "7h", "--points", f"{(seats or table['seats'])[0]}={winner_points}").code == 0
    )
    monkeypatch.setenv("SCOREKEEPER_HOME", str(here))
    return home / "games" / f"{game}.toml"


def test_t2_a_table_s_game_kept_on_another_device_is_imported_and_gives_the_table_s_result(
    run, monkeypatch, tmp_path
) -> None:
    _day(run, 4, coups="1")  # the game kept elsewhere: one deal
    drawn = _drawn(run)
    first = drawn["tables"][0]
    gamefile = _elsewhere(run, monkeypatch, tmp_path, first)
    ran = run("concours", "import", str(gamefile))
    assert ran.code == 0 and "round 1, table 1" in ran.out and "16-0" in ran.out, ran.err
    assert run("concours", "import", str(gamefile)).out.endswith("nothing to do.\n")  # once is enough
    status = json.loads(run("concours", "status", "--json").out)
    assert status["finished"] == [1]
    assert json.loads(run("sheet", "--game", first["game"], "--json").out)["over"]


def test_t6_an_imported_game_that_is_no_table_or_seats_others_is_refused_in_one_line(
    run, monkeypatch, tmp_path, home
) -> None:
    _day(run, 4, coups="1")  # the game kept elsewhere: one deal
    drawn = _drawn(run)
    first, second = drawn["tables"]
    before = files.path_of("Printemps").read_bytes()
    cases = [
        (
            _elsewhere(run, monkeypatch, tmp_path / "a", first, name="Printemps-r1-t7"),
            "is no table of concours Printemps",
        ),
        (_elsewhere(run, monkeypatch, tmp_path / "b", first, name="Automne-r1-t1"), "is no table"),
        (_elsewhere(run, monkeypatch, tmp_path / "c", first, seats=second["seats"]), "the table seats"),
    ]
    played = _elsewhere(run, monkeypatch, tmp_path / "d", first)
    tampered = tmp_path / "tampered.toml"  # the game's own copy of its rules, changed: it would score otherwise
    tampered.write_text(played.read_text().replace("[ruleset]", "[ruleset]\nextra = 1", 1))
    broken = tmp_path / "broken.toml"  # a coup no table can have said: refused by the replay, nothing kept
    broken.write_text(played.read_text().replace('"7H"', '"ZZ"'))
    cases += [(tampered, "the concours plays manille-muette"), (broken, "bad card 'ZZ'")]
    for gamefile, said in cases:
        ran = run("concours", "import", str(gamefile))
        assert ran.code == 2 and said in ran.err and len(ran.err.strip().splitlines()) == 1, ran.err
    for path, said in (
        (tmp_path / "none.toml", "cannot be read"),
        (Path("/dev/zero"), "not a regular file"),
        (files.path_of("Printemps"), "damaged"),
    ):
        ran = run("concours", "import", str(path))
        assert ran.code == 2 and said in ran.err and len(ran.err.strip().splitlines()) == 1, ran.err
    assert files.path_of("Printemps").read_bytes() == before
    assert not (home / "games" / f"{first['game']}.toml").exists()


def test_t6_an_imported_game_contradicting_the_paper_result_is_refused_until_replaced(
    run, monkeypatch, tmp_path
) -> None:
    _day(run, 4, coups="1")  # the game kept elsewhere: one deal
    drawn = _drawn(run)
    first = drawn["tables"][0]
    assert run("concours", "result", "1", "1", "--winner", first["teams"][1], "--points", "0-30").code == 0
    gamefile = _elsewhere(run, monkeypatch, tmp_path, first)
    ran = run("concours", "import", str(gamefile))
    assert ran.code == 2 and "T-6" in ran.err and "0-30" in ran.err and "16-0" in ran.err
    assert run("concours", "import", str(gamefile), "--replace").code == 0
    assert files.read("Printemps").rounds[0].tables[0].result is None  # the game says it now
    assert json.loads(run("concours", "status", "--json").out)["finished"] == [1]


def test_t7_a_game_imported_after_a_draw_used_the_table_s_result_is_refused_unless_replaced(
    run, monkeypatch, tmp_path
) -> None:
    _day(run, 4, coups="1")  # the game kept elsewhere: one deal
    drawn = _drawn(run)
    _results(run, drawn, "16-0", "--manches", "0-0")  # one deal: no manche won
    assert run("concours", "draw").code == 0
    first = drawn["tables"][0]
    same = _elsewhere(run, monkeypatch, tmp_path / "same", first)
    assert run("concours", "import", str(same)).code == 0  # the same result as frozen: taken
    other = _elsewhere(run, monkeypatch, tmp_path / "other", drawn["tables"][1], winner_points=10)
    ran = run("concours", "import", str(other))
    assert ran.code == 2 and "T-" in ran.err, ran.err
    assert run("concours", "import", str(other), "--replace").code == 0
    kept = files.read("Printemps").rounds[0].tables[1].result
    assert (
        kept is not None and kept.frozen and kept.source == "game" and kept.points == (0, 24)
    )  # 58 of 68: 24 to the other side


def test_the_export_and_import_verbs_in_french(run, monkeypatch, tmp_path) -> None:
    _day(run, 4, coups="1")  # the game kept elsewhere: one deal
    drawn = _drawn(run)
    assert "Fiche" not in run("--lang", "fr", "concours", "exporter", "--what", "cards").out
    assert "Partie à saisir" in run("--lang", "fr", "concours", "exporter", "--what", "cards").out
    gamefile = _elsewhere(run, monkeypatch, tmp_path, drawn["tables"][0])
    ran = run("--lang", "fr", "concours", "importer", str(gamefile))
    assert ran.code == 0 and "pris comme tour 1, table 1" in ran.out


def test_the_standing_in_csv_is_written_for_the_language_s_spreadsheet(run) -> None:
    """As `export` writes a fiche (issue 30): French and Dutch get Excel's `;` with a BOM, `--dialect`
    says another; `--dialect` on an HTML page is one line, exit 2."""
    _day(run, 4)
    _drawn(run)
    listed = run("--lang", "nl", "concours", "export", "--what", "prizes", "--format", "csv")
    assert listed.code == 0 and listed.out.startswith("\ufeff") and listed.out.splitlines()[0].count(";") >= 7
    plain = run("--lang", "fr", "concours", "export", "--what", "prizes", "--format", "csv", "--dialect", "rfc4180")
    assert plain.code == 0 and not plain.out.startswith("\ufeff") and plain.out.splitlines()[0].count(",") >= 7
    refused = run("concours", "export", "--what", "prizes", "--dialect", "excel")
    assert refused.code == 2 and refused.err.count("\n") == 1


@pytest.mark.parametrize("killed", ["game", "concours"])
def test_t6_an_import_replace_killed_leaves_the_table_as_it_was_or_replaced_never_in_the_trash(
    run, monkeypatch, tmp_path, home, killed
) -> None:
    """issue 40: `import --replace` writes the table's game in one atomic write, never putting it away first;
    killed as its game is written it is as it was, killed as the concours is written it is replaced."""
    from scorekeeper import store

    _day(run, 4, coups="1")
    drawn = _drawn(run)
    first = drawn["tables"][0]
    assert run("coup", "--game", first["game"], "-r", "8h", "--points", f"{first['seats'][1]}=40").code == 0
    other = _elsewhere(run, monkeypatch, tmp_path / "other", first, winner_points=10)
    before = store.read(first["game"]).coups

    def killed_here(*args, **kwargs):
        raise RuntimeError("killed")

    with monkeypatch.context() as patched:
        if killed == "game":
            patched.setattr("scorekeeper.store.files._write_at", killed_here)
            with pytest.raises(RuntimeError):
                run("concours", "import", str(other), "--replace")
        else:  # the game written, the concours not: told so, never to be said again
            patched.setattr("scorekeeper.concours.files.write", killed_here)
            ran = run("concours", "import", str(other), "--replace")
            assert f"game {first['game']} stored; only what came after failed" in ran.err
    kept = store.read(first["game"]).coups
    assert len(kept) == 1 and (kept == before) == (killed == "game")  # as it was, or replaced
    assert json.loads(run("games", "--trash", "--json").out) == []  # never put away
