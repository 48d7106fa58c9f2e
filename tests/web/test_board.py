"""`scorekeeper serve --concours NAME` over HTTP (issue 33): the board behind the server's view token, each
table's pages behind the tokens its card carries (made from its stored secret), and a table's token
opening only its table."""

from __future__ import annotations

from urllib.parse import urlencode

from tests.web.conftest import Served, scorekeeper, seats, serve, table_links
from tests.web.test_serve import fetch


def coups(game: str) -> list:
    import json

    ran = scorekeeper("sheet", "--json", "--game", game, check=False)
    return json.loads(ran.stdout)["coups"] if ran.returncode == 0 else []


def key_of(page: str) -> str:
    return page.split('name="key" value="')[1].split('"')[0]


def test_the_first_line_is_the_boards_address_and_the_board_shows_the_rounds_tables(concours_served: Served):
    assert "/concours?token=" in concours_served.view and "--entry" in concours_served.lines[1]
    status, page, headers = fetch(concours_served.view)
    assert status == 200 and "Round 1 of 2" in page and "Table 2" in page and "Sits out" in page
    assert "default-src 'none'" in headers["content-security-policy"]
    for path in ("/concours", "/concours/events"):
        assert fetch(f"{concours_served.base}{path}")[0] == 403
        assert fetch(f"{concours_served.base}{path}?token=wrong")[0] == 403


def test_a_cards_addresses_open_its_table_and_no_other(concours_served: Served, home):
    cards = table_links("Printemps", concours_served.base, entry=True)
    (view1, entry1), (view2, _) = cards[1], cards[2]
    assert fetch(view1)[0] == 200 and fetch(entry1)[0] == 200 and fetch(view2)[0] == 200
    token1 = entry1.split("token=")[1]
    for path in ("/table/1-2", "/table/1-2/entry", "/table/1-2/events", "/table/1-2/sheet.json", "/concours"):
        assert fetch(f"{concours_served.base}{path}?token={token1}")[0] == 403, path
    assert fetch(view1.replace("/table/1-1", "/table/1-1/entry"))[0] == 403  # a table's page token cannot enter
    assert fetch(f"{concours_served.base}/table/1-1/entry?token={concours_served.token()}")[0] == 403  # nor the board's


def test_a_table_token_on_another_table_writes_nothing(concours_served: Served):
    cards = table_links("Printemps", concours_served.base, entry=True)
    status, page, _ = fetch(cards[1][1])
    key, token1 = key_of(page), cards[1][1].split("token=")[1]
    game2 = "Printemps-r1-t2"
    line = f"10h {seats('Printemps', 2)[0]} 40"
    for action in ("coup", "undo", "note"):
        url = f"{concours_served.base}/table/1-2/entry/{action}?token={token1}"
        assert fetch(url, urlencode({"key": key, "line": line, "text": "x"}).encode())[0] == 403
    assert not (home_games() / f"{game2}.toml").exists()  # not even made: `sheet` would make it


def home_games():
    import os
    from pathlib import Path

    return Path(os.environ["SCOREKEEPER_HOME"]) / "games"


def test_a_tables_entry_page_enters_a_coup_for_its_table_alone(concours_served: Served):
    cards = table_links("Printemps", concours_served.base, entry=True)
    status, page, _ = fetch(cards[1][1])
    first = seats("Printemps", 1)[0]
    url = f"{concours_served.base}/table/1-1/entry/coup?token={cards[1][1].split('token=')[1]}"
    status, page, _ = fetch(url, urlencode({"key": key_of(page), "line": f"10h {first} 40"}).encode())
    assert status == 200 and first in page
    assert [coup["declared"]["retourne"] for coup in coups("Printemps-r1-t1")] == ["10H"]
    assert coups("Printemps-r1-t2") == []


def test_without_entry_no_card_enters(printemps: str):
    running = serve("--concours", printemps)
    try:
        cards = table_links("Printemps", running.base, entry=True)
        assert fetch(cards[1][0])[0] == 200 and fetch(cards[1][1])[0] == 403
    finally:
        running.process.terminate()
        running.process.wait(10)


def test_a_game_and_a_concours_at_once_is_one_line_and_exit_2(printemps: str):
    ran = scorekeeper("serve", "--concours", printemps, "--game", "x", "--port", "0", check=False)
    assert ran.returncode == 2 and len(ran.stderr.strip().splitlines()) == 1 and "--concours" in ran.stderr
    ran = scorekeeper("serve", "--concours", "Nowhere", "--port", "0", check=False)
    assert ran.returncode == 2 and "Nowhere" in ran.stderr and "Traceback" not in ran.stderr


def test_serve_concours_prints_each_table_s_addresses(concours_served: Served):
    """issue 41: the organiser reads the tables' pages and entry pages off the terminal too, as the cards
    carry them, and each opens its table."""
    listed = [line for line in concours_served.lines if line.startswith("table ")]
    assert [line.split(":")[0] for line in listed] == ["table 1", "table 2"]
    view, entry = listed[0].split(": ", 1)[1].split()
    assert "/table/1-1?token=" in view and "/table/1-1/entry?token=" in entry
    assert fetch(view)[0] == 200 and fetch(entry)[0] == 200


def test_a_damaged_table_game_or_concours_file_is_said_and_the_board_shows_the_other_tables(
    concours_served: Served, home
):
    """issue 41: a table's game damaged by hand shows its reason on its table, the other table as it stands;
    the concours's own file damaged gives the board its reason (404), never a 500 nor a traceback."""
    from tests.web.conftest import stop

    cards = table_links("Printemps", concours_served.base, entry=True)
    assert fetch(cards[1][0])[0] == 200 and fetch(cards[2][0])[0] == 200  # both tables' games made
    (home / "games" / "Printemps-r1-t1.toml").write_text("damaged [[[", encoding="utf-8")
    status, page, _ = fetch(concours_served.view)
    assert status == 200 and "Table 2" in page and "Printemps-r1-t1.toml is damaged" in page, page
    assert fetch(cards[1][0])[0] == 404
    (home / "concours" / "Printemps.toml").write_text("damaged [[[", encoding="utf-8")
    status, page, _ = fetch(concours_served.view)
    assert status == 404 and "Printemps.toml" in page
    stop(concours_served)
    assert "Traceback" not in concours_served.process.stderr.read()
