"""`scorekeeper serve` in a real browser (issue 33): Debian's chromium, headless, driven by Debian's
chromium-driver through Selenium, talking to 127.0.0.1 only. Screenshots at a phone's width (360 px) and a
TV's (1920 px) are kept in SHOTS for a person to look at."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from tests.web.conftest import Served, scorekeeper, serve

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
    from selenium.webdriver.common.by import By

    return [row.text for row in browser.find_elements(By.CSS_SELECTOR, "#fiche tbody tr")]


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
    browser.get(served.view)
    wait_for(lambda: live(browser), 5)
    assert rows(browser) == []
    scorekeeper("coup", "--game", "marius", "--retourne", "10h", "--points", "César=40")
    took = wait_for(lambda: len(rows(browser)) == 1, 2)
    assert "César 40" in rows(browser)[0] and took < 2


def test_the_page_at_a_phones_width_and_a_tvs(served: Served, browser):
    for line in ("--retourne 10h --points César=40", "--retourne 7s --points Panisse=48", "--retourne Kd --points Brun=34"):
        scorekeeper("coup", "--game", "marius", *line.split())
    scorekeeper("note", "--game", "marius", "3", "Brun saw a card")
    browser.get(served.view + "&lang=fr")
    wait_for(lambda: live(browser), 5)
    phone = shoot(browser, 360, 740, "serve-phone-360.png")
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= 360  # no page wider than the phone: only the fiche scrolls sideways, inside its box
    tv = shoot(browser, 1920, 1080, "serve-tv-1920.png")
    assert phone.stat().st_size > 1000 and tv.stat().st_size > 1000
    assert "donneur" in browser.page_source and "Brun saw a card" in browser.page_source


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

    subprocess.run([sys.executable, "-m", "scorekeeper", "table", "--game", "table"], input="panisse 48 7s\n", text=True, check=True, capture_output=True)
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
            for words in (*HOSTILE[:2], "<b>bold</b>", "</td><script>alert(3)</script>", '<iframe src="javascript:alert(4)">'):
                assert words in text  # shown as typed: text, never markup
            assert browser.execute_script("return document.querySelectorAll('img, iframe, b, script:not([src])').length") == 0
        scorekeeper("coup", "--game", "<b>bold</b>", "--retourne", "7s", "--points", "Brun=48")
        wait_for(lambda: len(rows(browser)) == 2, 2)  # drawn by the page's script this time
        assert browser.execute_script("return document.querySelectorAll('img, iframe, b, script:not([src])').length") == 0
        shoot(browser, 1920, 1080, "serve-hostile-1920.png")
    finally:
        running.process.terminate()
        running.process.wait(10)
