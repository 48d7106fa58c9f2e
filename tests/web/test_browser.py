"""`scorekeeper serve` in a real browser (issue 33): Debian's chromium, headless, driven by Debian's
chromium-driver through Selenium, talking to 127.0.0.1 only. Screenshots at a phone's width (360 px) and a
TV's (1920 px) are kept in SHOTS for a person to look at."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from tests.web.conftest import Served, scorekeeper, seats, serve, stop, table_links

DRIVER = shutil.which("chromedriver")
BROWSER = shutil.which("chromium")
pytestmark = pytest.mark.skipif(
    DRIVER is None or BROWSER is None,
    reason="needs Debian's chromium and chromium-driver (.ci/run installs them with apt-get)",
)
SHOTS = Path(os.environ.get("SCOREKEEPER_SHOTS", Path(__file__).resolve().parents[2] / "build" / "shots"))


@pytest.fixture
def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = BROWSER
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"):
        options.add_argument(flag)
    options.add_argument("--lang=en")
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    driver.set_page_load_timeout(20)
    yield driver
    driver.quit()


def rows(browser) -> list[str]:
    """The fiche's entries as shown, read in one script (the page redraws them on each event); not the
    lines a phone folds under them."""
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('#fiche tbody tr:not(.under)'), tr => tr.innerText)"
    )


def wait_for(what, seconds: float) -> float:
    """How long `what()` took to hold, failing past `seconds`."""
    start = time.monotonic()
    while not what():
        if time.monotonic() - start > seconds:
            pytest.fail(f"not seen within {seconds} s")
        time.sleep(0.05)
    return time.monotonic() - start


def live(browser) -> bool:
    from selenium.webdriver.common.by import By

    return "on" in browser.find_element(By.ID, "live").get_attribute("class")


def shoot(browser, width: int, height: int, name: str) -> Path:
    browser.set_window_size(width, height)
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / name
    browser.save_screenshot(str(path))
    return path


def test_a_coup_stored_by_another_process_shows_within_two_seconds(served: Served, browser):
    browser.set_window_size(1280, 800)  # a laptop's: every column (a tablet's folds what was said under its coup)
    browser.get(served.view)
    wait_for(lambda: live(browser), 5)
    assert rows(browser) == []
    scorekeeper("coup", "--game", "marius", "--retourne", "10h", "--points", "César=40")
    took = wait_for(lambda: len(rows(browser)) == 1, 2)
    assert "César 40" in rows(browser)[0] and took < 2


def test_the_page_at_a_phones_width_and_a_tvs(served: Served, browser):
    for line in (
        "--retourne 10h --points César=40",
        "--retourne 7s --points Panisse=48",
        "--retourne Kd --points Brun=34",
    ):
        scorekeeper("coup", "--game", "marius", *line.split())
    scorekeeper("note", "--game", "marius", "3", "Brun saw a card")
    browser.get(served.view + "&lang=fr")
    wait_for(lambda: live(browser), 5)
    phone = shoot(browser, 360, 740, "serve-phone-360.png")
    fits = phone_fits(browser)
    assert fits["page"] <= 360 and fits["box"] <= 0, fits  # nothing scrolls sideways: the narrow sheet
    tv = shoot(browser, 1920, 1080, "serve-tv-1920.png")
    assert phone.stat().st_size > 1000 and tv.stat().st_size > 1000
    assert "donneur" in browser.page_source and "Brun saw a card" in browser.page_source


# Each kind of table at its phone page: two sides, three players, four each for himself; the coups as
# `coup` takes them, a note on the first; the totals' short headers as the phone shows them.
PHONE_GAMES = {
    "manille": (
        ("manille-muette", "César", "Panisse", "Escartefigue", "Brun"),
        ("--retourne 10h --points César=40", "--retourne 7s --points Panisse=48", "--retourne Kd --points Brun=34"),
        ["César & Esc", "Pan & Brun"],
    ),
    "hombre": (
        ("hombre", "Ana", "Bartolomé", "Cristina"),
        (
            "--hombre Ana --contract demande --tricks Ana=5,Bartolomé=2,Cristina=2",
            "--hombre Cristina --contract vole --tricks Ana=0,Bartolomé=0,Cristina=9",
        ),
        ["Ana", "Bar", "Cri"],
    ),
    "encheres": (
        ("manille-encheres", "César", "Panisse", "Escartefigue", "Brun"),
        ("--taker Panisse --bid 60 --trump h --points Panisse=62", "--taker Brun --bid 50 --trump s --points Brun=40"),
        ["César", "Pan", "Esc", "Brun"],
    ),
}


def phone_fits(browser) -> dict:
    """What a phone shows of the fiche: how wide the page and the fiche's box scroll, and each shown
    header's words with whether it lies whole inside the screen, and the lines shown folded under entries."""
    return browser.execute_script("""
        const box = document.querySelector('.scroll');
        const shown = Array.from(document.querySelectorAll('#fiche th'))
            .filter(th => th.getBoundingClientRect().width > 0)
            .map(th => [th.innerText.trim(), th.getBoundingClientRect().right <= window.innerWidth]);
        return {page: document.scrollingElement.scrollWidth, box: box.scrollWidth - box.clientWidth,
                headers: shown, under: Array.from(document.querySelectorAll('#fiche tr.under'))
                    .filter(tr => tr.getBoundingClientRect().height > 0).map(tr => tr.innerText)};
    """)


@pytest.mark.parametrize("kind", sorted(PHONE_GAMES))
def test_the_fiche_at_a_phones_width_shows_every_sides_total_without_scrolling_sideways(home, browser, kind: str):
    (ruleset, *players), coups, totals = PHONE_GAMES[kind]
    scorekeeper("new", ruleset, *(arg for name in players for arg in ("--player", name)), "--game", kind)
    for line in coups:
        scorekeeper("coup", "--game", kind, *line.split())
    scorekeeper("note", "--game", kind, "1", "a card seen")
    running = serve("--game", kind, "--entry")
    try:
        for page, url in (("view", running.view), ("entry", running.entry)):
            browser.set_window_size(360, 740)
            browser.get(url)
            wait_for(lambda: live(browser), 5)
            fits = phone_fits(browser)
            shoot(browser, 360, 740, f"phone-{kind}-{page}-360.png")
            assert fits["page"] <= 360 and fits["box"] <= 0, fits  # nothing scrolls sideways
            assert [words for words, _ in fits["headers"]][-len(totals) - (kind != "hombre") :][: len(totals)] == totals
            assert all(inside for _, inside in fits["headers"]), fits  # every side's total on the screen
            assert len(fits["under"]) == len(coups) and "a card seen" in fits["under"][0], fits  # said, folded under
            scorekeeper("coup", "--game", kind, *coups[0].split())  # drawn again by the page's script: the same
            wait_for(lambda: len(rows(browser)) == len(coups) + 1, 5)
            again = phone_fits(browser)
            assert again["headers"] == fits["headers"] and len(again["under"]) == len(coups) + 1, again
            scorekeeper("undo", "--game", kind)
            wait_for(lambda: len(rows(browser)) == len(coups), 5)
        browser.set_window_size(1920, 1080)
        tv = phone_fits(browser)
        assert tv["under"] == [] and any(":" in words for words, _ in tv["headers"])  # a TV: every column, whole
        assert tv["page"] <= 1920 and tv["box"] <= 0, tv  # and nothing to scroll, four players' columns too
        assert all(inside for _, inside in tv["headers"]), tv
        shoot(browser, 1920, 1080, f"phone-{kind}-tv-1920.png")
    finally:
        stop(running)


LONG = ("Marie-Thérèse-de-Saint-Amand-des-Eaux1", "Marie-Thérèse-de-Saint-Amand-des-Eaux2", "Bartholomew-Xavier", "Zo")


def test_long_names_and_a_long_note_break_on_a_phone_rather_than_scroll_it_sideways(home, browser):
    scorekeeper("new", "manille-encheres", *(arg for name in LONG for arg in ("--player", name)), "--game", "long")
    scorekeeper(
        "coup", "--game", "long", "--taker", LONG[0], "--bid", "60", "--trump", "h", "--points", f"{LONG[0]}=62"
    )
    scorekeeper("note", "--game", "long", "1", "x" * 300)
    running = serve("--game", "long")
    try:
        browser.set_window_size(360, 740)
        browser.get(running.view)
        wait_for(lambda: live(browser), 5)
        fits = phone_fits(browser)
        shoot(browser, 360, 740, "phone-long-names-360.png")
        assert fits["page"] <= 360 and fits["box"] <= 0 and all(inside for _, inside in fits["headers"]), fits
    finally:
        stop(running)


def test_a_coup_entered_on_the_entry_page_after_its_question_is_stored_as_table_stores_it(served: Served, browser):
    from selenium.webdriver.common.by import By

    browser.get(served.entry)
    browser.find_element(By.ID, "line").send_keys("panisse 48\n")
    try:
        wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "label[for=answer]"), 5)
    except BaseException:
        print(browser.current_url, browser.find_element(By.TAG_NAME, "body").text)
        raise
    question = browser.find_element(By.CSS_SELECTOR, "label[for=answer]").text
    assert "Retourne" in question and stored() == []
    browser.find_element(By.ID, "answer").send_keys("7s\n")
    wait_for(lambda: len(rows(browser)) == 1, 5)
    shoot(browser, 360, 740, "serve-entry-360.png")
    players = [arg for name in ("César", "Panisse", "Escartefigue", "Brun") for arg in ("--player", name)]
    scorekeeper("new", "manille-muette", *players, "--game", "table")
    import subprocess
    import sys

    subprocess.run(
        [sys.executable, "-m", "scorekeeper", "table", "--game", "table"],
        input="panisse 48 7s\n",
        text=True,
        check=True,
        capture_output=True,
    )
    assert [coup["declared"] for coup in stored()] == [coup["declared"] for coup in stored("table")]


def stored(name: str = "marius") -> list:
    import json

    return json.loads(scorekeeper("sheet", "--json", "--game", name).stdout)["coups"]


@pytest.mark.parametrize("token", ["", "wrong", "view"])
def test_the_entry_page_refuses_a_missing_wrong_or_view_token(served: Served, browser, token: str):
    from selenium.webdriver.common.by import By

    given = served.token() if token == "view" else token
    browser.get(f"{served.base}/entry?token={given}")
    assert "forbidden" in browser.find_element(By.TAG_NAME, "body").text
    assert stored() == []


HOSTILE = ("<script>alert(1)</script>", '"><img src onerror alert(2)>', "&amp;lt;b&gt;")  # a name has no '='


def test_names_notes_and_game_names_with_markup_show_as_text(home, browser):
    players = [arg for name in (*HOSTILE, "Brun") for arg in ("--player", name)]
    scorekeeper("new", "manille-muette", *players, "--game", "<b>bold</b>")
    scorekeeper("coup", "--game", "<b>bold</b>", "--retourne", "10h", "--points", f"{HOSTILE[0]}=40")
    scorekeeper("note", "--game", "<b>bold</b>", "1", "</td><script>alert(3)</script>")
    scorekeeper("note", "--game", "<b>bold</b>", '<iframe src="javascript:alert(4)">')
    running = serve("--game", "<b>bold</b>", "--entry")
    try:
        for url in (running.view, running.entry):
            browser.get(url)
            wait_for(lambda: live(browser), 5)
            text = browser.find_element("tag name", "body").text
            for words in (
                *HOSTILE[:2],
                "<b>bold</b>",
                "</td><script>alert(3)</script>",
                '<iframe src="javascript:alert(4)">',
            ):
                assert words in text  # shown as typed: text, never markup
            assert (
                browser.execute_script("return document.querySelectorAll('img, iframe, b, script:not([src])').length")
                == 0
            )
        scorekeeper("coup", "--game", "<b>bold</b>", "--retourne", "7s", "--points", "Brun=48")
        wait_for(
            lambda: len(rows(browser)) == 2, 5
        )  # drawn by the page's script this time (the 2 s promise has its own test)
        assert (
            browser.execute_script("return document.querySelectorAll('img, iframe, b, script:not([src])').length") == 0
        )
        shoot(browser, 1920, 1080, "serve-hostile-1920.png")
    finally:
        running.process.terminate()
        running.process.wait(10)


BOARD_SHOTS = Path(os.environ.get("SCOREKEEPER_BOARD_SHOTS", SHOTS))


def big_concours(teams: int) -> str:
    """A concours of `teams` doublettes, its first round drawn, registered in this process (fast)."""
    from scorekeeper.service import concours

    concours.new("Hiver", "manille-muette", rounds=3, prizes=3)
    for number in range(teams):
        concours.register("Hiver", [f"Joueur{number}a", f"Joueuse{number}b"], team=f"Les As de {number}")
    concours.draw("Hiver")
    return "Hiver"


def test_the_board_at_a_tvs_width_pages_through_its_tables_and_at_a_phones_shows_them_all(home, browser):
    from selenium.webdriver.common.by import By

    name = big_concours(31)  # 15 tables and a bye: more than a TV shows at once
    scorekeeper(
        "concours",
        "result",
        "1",
        "1",
        "--winner",
        "Les As de " + seats_team(name, 1),
        "--points",
        "68-41",
        "--manches",
        "2-0",
    )
    running = serve("--concours", name)
    try:
        browser.set_window_size(1920, 1080)
        browser.get(running.view)
        wait_for(lambda: live(browser), 5)
        pages = int(browser.find_element(By.TAG_NAME, "body").get_attribute("data-pages"))
        shown = cards_shown(browser)
        assert pages > 1 and 0 < sum(shown) < 15 and shown[0]
        assert browser.execute_script("return document.documentElement.scrollHeight") <= 1080  # one screen
        tv = shoot(browser, 1920, 1080, "board-tv-1920.png")
        wait_for(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-page") == "2", 12)  # it turns
        assert not cards_shown(browser)[0]
        assert browser.find_element(By.TAG_NAME, "body").get_attribute("data-pages") == str(
            pages
        )  # as many pages as before
        shoot(browser, 1920, 1080, "board-tv-1920-page2.png")
        browser.get(running.view + "&lang=fr")
        browser.set_window_size(360, 740)
        wait_for(lambda: live(browser), 5)
        assert all(cards_shown(browser)) and len(cards_shown(browser)) == 15
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 360
        assert "Tour 1 sur 3" in browser.find_element(By.TAG_NAME, "body").text
        phone = shoot(browser, 360, 740, "board-phone-360.png")
        assert tv.stat().st_size > 1000 and phone.stat().st_size > 1000
    finally:
        running.process.terminate()
        running.process.wait(10)


def cards_shown(browser) -> list[bool]:
    """Whether each table's card is shown now (read in one script: the page redraws them on each event)."""
    return browser.execute_script("return Array.from(document.querySelectorAll('#tables article'), c => !c.hidden)")


def card_text(browser, at: int) -> str:
    return browser.execute_script(
        "const c = document.querySelectorAll('#tables article')[arguments[0]]; "
        "return c ? c.className + ' ' + c.textContent : ''",
        at,
    )


def seats_team(name: str, table: int) -> str:
    """The number in the name of the first team at table `table`."""
    from scorekeeper.service import concours

    return next(t.teams[0] for t in concours.tables(name) if t.table == table).removeprefix("Les As de ")


def test_a_result_entered_by_concours_result_shows_on_the_board_within_two_seconds(concours_served: Served, browser):

    browser.get(concours_served.view)
    wait_for(lambda: live(browser), 5)
    assert "done" not in card_text(browser, 0).split()[:2]
    team = browser.execute_script("return document.querySelector('#tables article .sides li .name').textContent")
    scorekeeper("concours", "result", "1", "1", "--winner", team, "--points", "68-41", "--manches", "2-0")
    took = wait_for(lambda: card_text(browser, 0).startswith("table done"), 2)
    assert "68" in card_text(browser, 0) and "41" in card_text(browser, 0) and took < 2
    scorekeeper("coup", "--game", "Printemps-r1-t2", "--retourne", "10h", "--points", f"{seats('Printemps', 2)[0]}=40")
    wait_for(lambda: "manche 1" in card_text(browser, 1) and "waiting" not in card_text(browser, 1), 2)  # a coup too


def test_a_tables_entry_page_enters_a_coup_for_that_table_only(concours_served: Served, browser):
    from selenium.webdriver.common.by import By

    cards = table_links("Printemps", concours_served.base, entry=True)
    browser.get(cards[2][1])
    first = seats("Printemps", 2)[0]
    browser.find_element(By.ID, "line").send_keys(f"10h {first} 40\n")
    wait_for(lambda: len(rows(browser)) == 1, 5)
    shoot(browser, 360, 740, "board-table-entry-360.png")
    fits = phone_fits(browser)  # a table's page on a phone: the narrow fiche too
    assert fits["page"] <= 360 and fits["box"] <= 0 and all(inside for _, inside in fits["headers"]), fits
    assert sum(" & " in words for words, _ in fits["headers"]) == 2 and len(fits["under"]) == 1, fits
    assert stored("Printemps-r1-t2")[0]["declared"]["retourne"] == "10H"
    assert scorekeeper("sheet", "--json", "--game", "Printemps-r1-t1").stdout.count('"declared"') == 0
    browser.get(cards[2][1].replace("/table/1-2", "/table/1-1"))  # the same card on another table
    assert "forbidden" in browser.find_element(By.TAG_NAME, "body").text


def test_an_entry_page_follows_another_phone_s_coup_and_then_enters_its_own(served: Served, browser):
    """issue 41: the entry's forms are for the fiche as it stands; a coup stored elsewhere moves them on
    (the live stream), so this phone's next coup is stored, and a stale or doubled post never is."""
    from selenium.webdriver.common.by import By

    browser.get(served.entry)
    wait_for(lambda: live(browser), 5)
    scorekeeper("coup", "--game", "marius", "--retourne", "10h", "--points", "César=40")
    at = browser.find_element(By.CSS_SELECTOR, "form.coup input[name=at]")
    wait_for(lambda: at.get_attribute("value") == "1", 3)
    browser.find_element(By.ID, "line").send_keys("7s panisse 48\n")
    wait_for(lambda: len(stored()) == 2, 5)
    assert [coup["declared"].get("retourne") for coup in stored()] == ["10H", "7S"]


def test_the_entry_page_s_address_keeps_no_token(served: Served, browser):
    """issue 41: the browser's address bar, and so its history, never holds the entry token."""
    from selenium.webdriver.common.by import By

    browser.get(served.entry)
    wait_for(lambda: live(browser), 5)
    assert "token=" not in browser.current_url and browser.current_url.endswith("/entry")
    browser.find_element(By.ID, "line").send_keys("10h cesar 40\n")
    wait_for(lambda: len(stored()) == 1, 5)
    assert "token=" not in browser.current_url


def test_a_tv_in_a_dark_cafe_reads_the_fiche_light_on_dark(served: Served, browser):
    """issue 41: `?theme=dark` (or the viewer's own dark choice): light figures on a dark page; the status
    is a live region a screen reader announces when a coup arrives."""
    from selenium.webdriver.common.by import By

    scorekeeper("coup", "--game", "marius", "--retourne", "10h", "--points", "César=40")
    browser.get(served.view + "&theme=dark")
    wait_for(lambda: live(browser), 5)
    background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
    ink = browser.execute_script("return getComputedStyle(document.body).color")
    assert background == "rgb(17, 17, 17)" and ink == "rgb(236, 235, 230)"
    assert browser.find_element(By.ID, "status").get_attribute("aria-live") == "polite"
    shoot(browser, 1280, 720, "serve-tv-dark-1280.png")
    browser.get(served.view + "&theme=light")
    assert browser.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (1920, 1080)])
def test_a_tv_shows_each_side_s_total_big_and_the_newest_coup(served: Served, browser, width, height):
    """issue 41: read across the room: each side's total at least three times the grid's text, and the
    newest of many coups on screen, at 1280x720 as at 1920x1080."""

    for at in range(24):
        scorekeeper("coup", "--game", "marius", "--retourne", "7h" if at % 2 else "7s", "--points", "César=35")
    browser.set_window_size(width, height)
    browser.get(served.view)
    wait_for(lambda: live(browser) and len(rows(browser)) >= 24, 5)
    sizes = browser.execute_script(
        "return [parseFloat(getComputedStyle(document.querySelector('#lines li')).fontSize),"
        " parseFloat(getComputedStyle(document.querySelector('#fiche td')).fontSize)]"
    )
    assert sizes[0] >= 3 * sizes[1], sizes
    last = browser.execute_script("const all = document.querySelectorAll('#fiche tbody tr:not(.under)');"
                                  " const r = all[all.length - 1].getBoundingClientRect();"
                                  " return [r.top, r.bottom, window.innerHeight, all[all.length - 1].textContent]")  # fmt: skip
    assert 0 < last[0] and last[1] <= last[2] + 1 and last[3].startswith("24"), last
    totals = browser.execute_script("return document.querySelector('#lines li').getBoundingClientRect().top")
    assert 0 <= totals < last[0]  # the totals on screen too, above the newest coup
    shoot(browser, width, height, f"serve-tv-{width}.png")


def test_after_a_refusal_the_cursor_is_at_the_end_of_the_kept_line(served: Served, browser):
    """issue 41: a refused line comes back whole, the cursor at its end, to mend it."""
    from selenium.webdriver.common.by import By

    browser.get(served.entry)
    browser.find_element(By.ID, "line").send_keys("10h nobody 40\n")
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, ".refused"), 5)
    line = browser.find_element(By.ID, "line")
    assert line.get_attribute("value") == "10h nobody 40"
    at = browser.execute_script(
        "const l = document.getElementById('line'); return [l.selectionStart, l.selectionEnd, document.activeElement.id]"
    )
    assert at == [13, 13, "line"]


def test_the_board_on_a_tv_turns_through_every_team_of_the_standing_and_says_where_each_plays(home, browser):
    """issue 41: 40 teams do not fit a TV's standing: it turns through them all, never only the first 22;
    each team's table of the round is beside it."""
    from selenium.webdriver.common.by import By

    name = big_concours(40)
    from scorekeeper.service import concours

    for table in concours.read(name).rounds[0].tables:  # round 1 complete: a standing; round 2 drawn
        winner = concours.read(name).entrant(table.sides[0][0]).name
        concours.result(name, 1, table.number, winner, "68-41", "2-0")
    concours.draw(name)
    running = serve("--concours", name)
    try:
        browser.set_window_size(1920, 1080)
        browser.get(running.view)
        wait_for(lambda: live(browser), 5)
        shown_rows = (  # read in one script: the board redraws its rows on each event
            "return Array.from(document.querySelectorAll('#standing tbody tr')).filter(tr => !tr.hidden)"
            ".map(tr => [tr.cells[1].textContent, tr.cells[tr.cells.length - 1].textContent])"
        )
        seen: set[str] = set()
        for _ in range(10):
            seen |= {team for team, _ in browser.execute_script(shown_rows)}
            browser.execute_script("window.scorekeeperTurn()")
        assert seen == {f"Les As de {number}" for number in range(40)}
        shown = browser.execute_script(shown_rows)
        assert 0 < len(shown) < 40 and "of 40" in browser.find_element(By.ID, "standing-page").text
        assert browser.find_element(By.CSS_SELECTOR, "#standing thead th:last-child").text == "Table"
        assert all(table.isdigit() for _, table in shown)  # where each plays
        shoot(browser, 1920, 1080, "board-tv-standing-1920.png")
    finally:
        running.process.terminate()
        running.process.wait(10)


@pytest.mark.parametrize("kind", sorted(PHONE_GAMES))
@pytest.mark.parametrize(("width", "height"), [(800, 360), (768, 1024)])
def test_a_phone_on_its_side_and_a_tablet_upright_keep_every_running_total(home, browser, kind, width, height):
    """issue 41: between a phone upright and a TV, every side's (or player's) running total stays on screen:
    the wide columns (time, dealer, each coup's own figures) give way, nothing scrolls sideways."""
    (ruleset, *players), coups, _ = PHONE_GAMES[kind]
    scorekeeper("new", ruleset, *(arg for name in players for arg in ("--player", name)), "--game", kind)
    for line in coups:
        scorekeeper("coup", "--game", kind, *line.split())
    running = serve("--game", kind)
    try:
        browser.set_window_size(width, height)
        browser.get(running.view)
        wait_for(lambda: live(browser), 5)
        fits = phone_fits(browser)
        shoot(browser, width, height, f"{kind}-{width}x{height}.png")
        assert fits["page"] <= width and fits["box"] <= 0, fits
        assert all(inside for _, inside in fits["headers"]), fits
        totals = [words for words, _ in fits["headers"] if "score" in words.lower() or "balance" in words.lower()]
        assert len(totals) == (3 if kind == "hombre" else 4 if kind == "encheres" else 2), fits["headers"]
    finally:
        stop(running)


def test_a_tv_showing_a_finished_partie_goes_on_with_its_revanche(home, browser):
    """issue 41: the demo's partie over on a TV; a revanche made at the terminal (`new --again`) is on the
    same page within two seconds, without anyone touching it."""
    scorekeeper("demo")
    running = serve("--game", "demo")
    try:
        browser.set_window_size(1280, 720)
        browser.get(running.view)
        wait_for(lambda: live(browser), 5)
        assert len(rows(browser)) > 0
        scorekeeper("new", "--again", "--game", "Revanche")
        wait_for(
            lambda: (
                "Revanche" in browser.title or "Revanche" in browser.execute_script("return document.body.innerText")
            ),
            3,
        )
        wait_for(lambda: live(browser) and rows(browser) == [], 3)
    finally:
        stop(running)


SIZES = [(360, 800), (800, 360), (768, 1024), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_coup_in_six_taps_on_the_entry_page(served: Served, browser, width, height):
    """issue 41: the retourne by its suit then its rank, the player, the points on the keypad, enter: six taps,
    stored as the typed line « 10♥ César 40 » stores it; the buttons fit the screen, nothing sideways."""
    from selenium.webdriver.common.by import By

    browser.set_window_size(width, height)
    browser.get(served.entry)
    wait_for(lambda: live(browser), 5)
    pad = browser.find_element(By.ID, "pad")
    assert pad.is_displayed()
    shoot(browser, width, height, f"serve-pad-{width}x{height}.png")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    taps = [
        (By.CSS_SELECTOR, "#pad [data-suit='♥']"),
        (By.CSS_SELECTOR, "#pad [data-rank='10']"),
        (By.CSS_SELECTOR, "#pad [data-word='César']"),
        (By.CSS_SELECTOR, "#pad [data-digit='4']"),
        (By.CSS_SELECTOR, "#pad [data-digit='0']"),
        (By.CSS_SELECTOR, "form.coup button[type=submit]"),
    ]
    for at, (how, what) in enumerate(taps):
        button = browser.find_element(how, what)
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        if at == 4:
            assert browser.find_element(By.ID, "line").get_attribute("value") == "10♥ César 40"
    wait_for(lambda: len(rows(browser)) == 1, 5)
    assert [coup["declared"] for coup in stored()] == [{"retourne": "10H", "points": {"César": 40}}]


def test_the_pad_s_erase_space_and_a_suit_tapped_twice(served: Served, browser):
    """issue 41: ⌫ takes back a character, ␣ parts two numbers, a suit tapped again is let go (no rank shown)."""
    from selenium.webdriver.common.by import By

    browser.set_window_size(360, 800)
    browser.get(served.entry)
    wait_for(lambda: live(browser), 5)

    def tap(selector: str) -> None:
        button = browser.find_element(By.CSS_SELECTOR, f"#pad {selector}")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()

    ranks = browser.find_element(By.CSS_SELECTOR, "#pad .ranks")
    tap("[data-suit='♠']")
    assert ranks.is_displayed()
    tap("[data-suit='♠']")
    assert not ranks.is_displayed()
    for selector in (
        "[data-word='Panisse']",
        "[data-digit='4']",
        "[data-digit='8']",
        "[data-digit='9']",
        "[data-erase]",
        "[data-space]",
        "[data-digit='2']",
    ):
        tap(selector)
    assert browser.find_element(By.ID, "line").get_attribute("value") == "Panisse 48 2"
