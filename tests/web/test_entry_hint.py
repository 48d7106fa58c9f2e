"""The entry page's example line is the game's own (`engine.examples`), with the table's players: an
hombre table is shown an hombre coup, never manille's `10h cesar 40`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.conftest import Served, scorekeeper, serve, stop
from tests.web.test_serve import fetch


@pytest.fixture
def hombre_served(home: Path) -> Iterator[Served]:
    scorekeeper("new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid", "--game", "soir")
    running = serve("--game", "soir", "--entry")
    yield running
    stop(running)


def _hint(page: str) -> str:
    found = re.search(r'<input id="line"[^>]*placeholder="([^"]*)"', page)
    assert found is not None, page
    return found[1]


@pytest.mark.parametrize(("lang", "hint"), [("en", "Bea demande 4 3 2"), ("fr", "Bea demande 4 3 2")])
def test_an_hombre_table_s_entry_page_shows_an_hombre_line(hombre_served: Served, lang: str, hint: str) -> None:
    status, page, _ = fetch(f"{hombre_served.entry}&lang={lang}")
    assert status == 200 and _hint(page) == hint


def test_a_manille_table_s_entry_page_shows_a_manille_line_with_its_players(served: Served) -> None:
    assert _hint(fetch(served.entry)[1]) == "10h César 40"
    assert _hint(fetch(f"{served.entry}&lang=fr")[1]) == "10c César 40"
    assert _hint(fetch(f"{served.entry}&lang=nl")[1]) == "10h César 40"
