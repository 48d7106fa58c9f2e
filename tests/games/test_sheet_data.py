"""A game's sheet is data (issue 25): a game with no file under `cli/` is drawn by the one renderer, at
any width, and written on paper by the one writer, from what it says in `scorekeeper.games.sheet`.

The toy game here lives in this file: two rows, three players with long names, a record that names
a player (shortened at 40 columns as the layout wants), figures with a half. Its own catalog keys are
absent from the catalogs, so each shows as itself (gettext's fallback): what matters is the path.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from scorekeeper import games, i18n
from scorekeeper.cli.render import fiche_lines, say, status
from scorekeeper.explain import record
from scorekeeper.games.paper import Chart, Paper
from scorekeeper.games.sheet import Explained, Joined, Row, Sheet, Struck, Who, said
from scorekeeper.language import Language
from scorekeeper.present import paper
from scorekeeper.present.paper import formats

PLAYERS = ("Marguerite", "Bartholomé", "Cunégonde")


@dataclass(frozen=True, slots=True)
class ToyFiche:
    players: tuple[str, ...]
    coups: tuple[int, ...]  # what each coup gave the first player
    over: bool = False
    game: str = "toy"


class Toy:
    """A game of its own: the first player scores what each coup says, the others lose half of it."""

    name = "toy"
    has_money = False

    def sheet(self, fiche: ToyFiche) -> Sheet:
        rows = []
        running = [Fraction(0)] * 3
        for number, points in enumerate(fiche.coups, 1):
            scored = (Fraction(points), Fraction(-points, 2), Fraction(-points, 2))
            running = [total + score for total, score in zip(running, scored, strict=True)]
            cells = (str(number), Who(fiche.players[number % 3]), said("cell.lie", player=Who(fiche.players[0])))
            figures = tuple(zip(scored, running, strict=True))
            rows.append(Row(cells, figures, Joined((said("toy.mark"), str(points)), "sheet_width.mark.join")))
        sides = tuple(Who(player) for player in fiche.players)
        return Sheet(
            ("coup", "dealer", "said"), ("toy.coup", "toy.dealer", "toy.said"), frozenset({"coup"}), sides, tuple(rows)
        )

    def status(self, fiche: ToyFiche) -> Any:
        return said("toy.status", coups=len(fiche.coups))

    def after(self, fiche: ToyFiche, narrow: bool) -> list[Any]:
        return [Struck(said("toy.struck")), self.status(fiche)]

    def explained(self, fiche: ToyFiche) -> list[Explained]:
        return [(said("toy.coup"), (record("toy.scored", "T-1", points=points),)) for points in fiche.coups]

    def paper(self, data: dict[str, Any], fiche: ToyFiche) -> Paper:
        rows = tuple(
            (Who(fiche.players[0]), points, said("cell.lie", player=Who(fiche.players[1]))) for points in fiche.coups
        )
        chart = Chart(said("toy.chart"), ((Who(fiche.players[0]), (0, 3, 7)),), ((2, said("toy.mark")),))
        return Paper((said("toy.who"), said("toy.points"), said("toy.said")), rows, (self.status(fiche),), chart)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> ToyFiche:
    real = games.get
    monkeypatch.setattr(games, "get", lambda name: Toy() if name == "toy" else real(name))
    i18n.speak(Language.named("en"))
    return ToyFiche(PLAYERS, (3, 4))


def test_a_game_with_no_file_under_cli_is_drawn_whole_at_80_columns(toy: ToyFiche) -> None:
    assert fiche_lines(toy, "toy · 2 coups", ascii=False, explain=True, width=80) == [
        "toy · 2 coups",
        "┌──────────┬────────────┬─────────────┬────────────┬─────────────┬─────────────┐",
        "│ toy.coup │ toy.dealer │ toy.said    │ Marguerite │ Bartholomé  │ Cunégonde   │",
        "├──────────┼────────────┼─────────────┼────────────┼─────────────┼─────────────┤",
        "│        1 │ Bartholomé │ lie         │     +3 = 3 │ -1.5 = -1.5 │ -1.5 = -1.5 │",
        "│          │            │ Marguerite  │            │             │             │",
        "│        2 │ Cunégonde  │ lie         │     +4 = 7 │   -2 = -3.5 │   -2 = -3.5 │",
        "│          │            │ Marguerite  │            │             │             │",
        "└──────────┴────────────┴─────────────┴────────────┴─────────────┴─────────────┘",
        "toy.struck",
        "toy.status",
        "toy.coup",
        "  toy.scored (T-1)",
        "toy.coup",
        "  toy.scored (T-1)",
    ]


def test_a_name_in_a_record_is_shortened_where_the_sheet_must_narrow(toy: ToyFiche) -> None:
    assert fiche_lines(toy, "", ascii=False, explain=False, width=60)[:7] == [
        "┌──────────┬──────────┬────────┬─────────────┬─────────────┐",
        "│ toy.coup │ toy.said │ Mar    │ Bar         │ Cun         │",
        "├──────────┼──────────┼────────┼─────────────┼─────────────┤",
        "│        1 │ lie Mar  │ +3 = 3 │ -1.5 = -1.5 │ -1.5 = -1.5 │",
        "│        2 │ lie Mar  │ +4 = 7 │   -2 = -3.5 │   -2 = -3.5 │",
        "└──────────┴──────────┴────────┴─────────────┴─────────────┘",
        "names: Mar = Marguerite, Bar = Bartholomé, Cun = Cunégonde",
    ]


def test_a_game_with_no_file_under_cli_is_drawn_narrow_at_40_columns(toy: ToyFiche) -> None:
    assert fiche_lines(toy, "", ascii=False, explain=False, width=40) == [
        "toy.coup  Mar   Bar   Cun",
        "─────────────────────────────────────",
        "       1    3  -1.5  -1.5  toy.mark 3",
        "       2    7  -3.5  -3.5  toy.mark 4",
        "names: Mar = Marguerite,",
        "  Bar = Bartholomé, Cun = Cunégonde",
        "toy.struck",
        "toy.status",
        "A coup in full: sheet --detail N",
    ]


def test_a_record_names_a_player_as_the_layout_wants_him(toy: ToyFiche) -> None:
    cell = said("cell.lie", player=Who("Marguerite"))
    assert say(cell) == "lie Marguerite"
    assert say(cell, name=lambda player: player[:4]) == "lie Marg"
    assert say(Joined((cell, "", said("cell.forced")))) == "lie Marguerite, forced"
    assert say(Struck(cell)) == "lie Marguerite"  # struck through only at a terminal
    assert status(toy) == "toy.status"


def test_a_game_with_no_file_under_cli_is_written_as_csv_markdown_and_html(toy: ToyFiche) -> None:
    data = {"game": "toy", "over": False, "coups": [{"number": 1, "time": "2026-11-22T21:40:00"}, {"number": 2}]}
    drawn = Toy().paper(data, toy)
    table = paper.table(data, drawn)
    rows = list(csv.reader(io.StringIO(formats.csv(table))))
    assert rows == [
        ["coup", "time", "toy.who", "toy.points", "toy.said", "note"],
        ["1", "2026-11-22T21:40:00", "Marguerite", "3", "lie Bartholomé", ""],
        ["2", "", "Marguerite", "4", "lie Bartholomé", ""],
    ]
    page = formats.markdown("toy", table, paper.lines(data, drawn))
    assert page.splitlines()[3:6] == [
        "| ---: | --- | --- | ---: | --- |",
        "| 1 | 21:40 | Marguerite | 3 | lie Bartholomé |",
        "| 2 |  | Marguerite | 4 | lie Bartholomé |",
    ]
    assert page.endswith("\n- toy.status\n")
    series = paper.series(data, drawn.chart)
    assert (series.title, series.lines, [(mark.at, mark.label) for mark in series.marks]) == (
        "toy.chart",
        [("Marguerite", [0, 3, 7])],
        [(2, "toy.mark")],
    )
    assert paper.sections(data, toy) == []  # no money: nothing to settle after the chart
    html = formats.html("toy", table, paper.lines(data, drawn), "<svg/>", [], "en")
    assert (
        '<tr><td class="n">1</td><td class="t" title="2026-11-22T21:40:00">21:40</td><td class="w">Marguerite</td>'
        in html
    )
    assert "<li>toy.status</li>" in html and "<section>" not in html
