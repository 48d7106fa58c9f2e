"""Prizes as money or lots per place (issue 40, RULES T-10): teams sharing a place share the prizes of
the places they cover, money summed and divided equally to the cent, the cent left over to the first in
the draw's order, lots given in that order; the board, the printed list and the CSV show the same."""

from __future__ import annotations

import csv
import io
import json

import pytest

from scorekeeper.web.views import board_view


@pytest.fixture
def shared(run) -> dict:
    """Four doublettes, one round of 2 deals of muette: both tables won 40-10, so the two winners share the
    first place (won 1, 40 points, +30) and the two losers the third."""
    made = run("concours", "new", "Printemps", "--ruleset", "manille-muette", "--coups", "2", "--rounds", "1",
               "--prize", "1=200€", "--prize", "2=100,01 €", "--prize", "3=jambon", "--prize", "4=une bouteille")  # fmt: skip
    assert made.code == 0, made.err
    for at in range(1, 5):
        assert run("concours", "register", "--player", f"A{at}", "--player", f"B{at}", "--team", f"T{at}").code == 0
    drawn = json.loads(run("concours", "draw", "--json").out)
    for table in drawn["tables"]:
        assert (
            run("concours", "result", "1", str(table["table"]), "--winner", table["teams"][0], "--points", "40-10").code
            == 0
        )
    return drawn


def _prizes(run, lang: str) -> dict[str, str]:
    out = run("--lang", lang, "concours", "export", "--what", "prizes", "--format", "csv", "--dialect", "rfc4180").out
    rows = list(csv.reader(io.StringIO(out.removeprefix("\ufeff"))))
    return {row[1]: row[-1] for row in rows[1:]}


def test_t10_a_shared_place_shares_its_money_to_the_cent_and_its_lots_in_the_draw_s_order(run, shared) -> None:
    prizes = _prizes(run, "fr")
    winners = [table["teams"][0] for table in shared["tables"]]
    losers = [table["teams"][1] for table in shared["tables"]]
    assert sorted(prizes[team] for team in winners) == ["150 €", "150,01 €"]  # 300,01 € for two: the cent to the first
    assert sorted(prizes[team] for team in losers) == ["jambon", "une bouteille"]
    assert _prizes(run, "en")[winners[0]] in ("€150.01", "€150")


@pytest.mark.parametrize("lang", ["fr", "en", "nl"])
def test_t7_t10_the_board_and_the_printed_list_give_each_team_the_same_prize(run, shared, lang) -> None:
    printed = _prizes(run, lang)
    board = board_view("Printemps", lang)
    shown = {row[1]: row[-1] for row in board["rows"]}
    assert shown == printed and len(shown) == 4
    page = run("--lang", lang, "concours", "export", "--what", "prizes").out
    assert all(prize in page for prize in printed.values())


@pytest.mark.parametrize(
    ("said", "why"),
    [
        (["--prize", "1=200€", "--prize", "3=jambon"], "place 2 has no prize"),
        (["--prize", "1=200€", "--prize", "1=jambon"], "place 1 is given twice"),
        (["--prize", "premier=200€"], "a place and its prize"),
        (["--prize", "1=200€", "--prizes", "3"], "give one or the other"),
    ],
)
def test_t10_prizes_said_wrong_are_refused_in_one_line(run, home, said, why) -> None:
    ran = run("concours", "new", "Printemps", "--ruleset", "manille-muette", *said)
    assert ran.code == 2 and why in ran.err and len(ran.err.splitlines()) == 1
    assert not (home / "concours" / "Printemps.toml").exists()


def test_stats_of_a_concours_counts_its_results_from_paper(run, shared) -> None:
    """`stats --concours` (issue 40): a table entered from paper is a partie its players played."""
    day = json.loads(run("stats", "--concours", "Printemps", "--json").out)
    players = {row["name"]: row for row in day["players"]}
    assert len(players) == 8 and all(row["games"] == 1 for row in players.values())
    winners = [player for table in shared["tables"] for player in table["seats"][0::2]]
    assert all(players[name]["won"] == 1 and players[name]["points"] == 40 for name in winners)
    assert sum(row["lost"] for row in players.values()) == 4
    assert json.loads(run("stats", "--json").out)["players"] == []  # the club's evenings: no concours table
