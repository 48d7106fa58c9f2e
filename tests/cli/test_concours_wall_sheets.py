"""The day's paperwork (issue 40, RULES T-10): `concours export --what wall` prints the round's tables
again at any time, with each team's table; `--what sheets` a score sheet per table (its teams and seats,
a line a coup with each side's points and total, its page's QR code with `--url`), six to an A4 page."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from tests.cli.test_export import needs_browser, print_to_pdf


def _manillen_day(run, teams: int) -> dict:
    assert run("concours", "new", "Printemps", "--ruleset", "manillen").code == 0
    for at in range(1, teams + 1):
        assert (
            run("concours", "register", "--player", f"A{at}", "--player", f"B{at}", "--team", f"Les As {at}").code == 0
        )
    drawn = run("concours", "draw", "--json")
    assert drawn.code == 0, drawn.err
    return json.loads(drawn.out)


def test_t3_the_wall_prints_the_round_s_tables_and_each_team_s_table_at_any_time(run) -> None:
    drawn = _manillen_day(run, 5)
    page = run("concours", "export", "--what", "wall").out
    for table in drawn["tables"]:
        assert table["game"] in page and all(team in page for team in table["teams"])
    index = page.split("By team:")[1]
    rows = re.findall(r"<tr><td>(Les As \d)</td><td[^>]*>([^<]+)</td></tr>", index)
    assert [team for team, _ in rows] == [f"Les As {at}" for at in range(1, 6)]  # alphabetical, every team
    assert dict(rows)[drawn["bye"][0]] == "sits out"
    assert "Per ploeg:" in run("--lang", "nl", "concours", "export", "--what", "muur").out


def test_t10_a_score_sheet_a_table_with_a_line_a_deal_and_its_qr(run) -> None:
    drawn = _manillen_day(run, 4)
    page = run("concours", "export", "--what", "sheets", "--url", "http://192.168.1.20:8733").out
    assert page.count('<section class="sheet"') == len(drawn["tables"]) == 2
    first = page.split('<section class="sheet"')[1]
    assert first.count('<td class="n">') == 20  # manillen: 20 deals (M-9), a line each
    assert "<svg" in first and all(team in first for team in drawn["tables"][0]["teams"])
    refused = run("concours", "export", "--what", "sheets", "--format", "csv")
    assert refused.code == 2


@needs_browser
def test_t10_six_sheets_to_an_a4_page(run, tmp_path: Path) -> None:
    _manillen_day(run, 24)  # 12 tables: two pages
    html = tmp_path / "sheets.html"
    assert run("concours", "export", "--what", "sheets", "--output", str(html)).code == 0
    pdf = tmp_path / "sheets.pdf"
    print_to_pdf(html, pdf)
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    assert re.search(r"Pages:\s+2\b", info) and "(A4)" in info, info
