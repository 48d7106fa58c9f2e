"""Issue 28 (task E): l'hombre's export of a long partie says each distinct line of a statement once, its
coup's number, the other player and the payment's reason put in; the page is the one it was, byte for byte."""

from __future__ import annotations

import html
import os
import random
import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest

from scorekeeper import service, store
from scorekeeper.explain import Record
from scorekeeper.present import paper
from tests.cli.paper.test_flat_paper import _hombre


def test_a_statements_lines_are_made_once_for_the_coups_that_share_their_payments() -> None:
    from scorekeeper.games.hombre.settle import StatementLine, coup_lines, statements

    fiche = service.fiche(store.read(_hombre(300)))
    made: list[tuple[Any, ...]] = []

    def line(*said: Any) -> tuple[Any, ...]:
        made.append(said)
        return said

    lines = coup_lines(fiche, fiche.players, line, lambda said: StatementLine(said[1], *said[0]))
    shared = {id(result.payments) for result in fiche.coups}
    assert len(shared) < len(fiche.coups) / 3  # the replay keeps one tuple for the same payments
    assert len(made) < sum(map(len, lines.values())) / 2  # 447 of 1,300 lines at 300 coups
    # The lines are those of each player's statement, in order.
    for mine in statements(fiche, None):
        assert lines[mine.player] == list(mine.lines)


NAMES = ["Bea", "B\x01a", "B\x00a", "{number}", "Bea {why}", "B\x1b[8ma"]


@pytest.mark.parametrize(
    "words",
    [
        "coup {number}: paid {other} {jetons:#jetons}: {why}",
        "coup {number}: {other}, {other}: {why}",
        "coup {number}: {other!r}: {why}",  # a conversion: the name is not written as it is
        "coup {number}: {other:>6}: {why}",  # a spec
        "{{other}} {other} {number}: {why}",  # a brace written
        "no number: {other} {why}",
        "coup {number} {number}: {why} {why}",
    ],
)
@pytest.mark.parametrize("other", NAMES)
def test_a_numbered_line_is_said_as_its_whole_record(words: str, other: str) -> None:
    """A key the catalog lacks is its own words: any placement of the number, the name and the reason,
    names holding the marks the page puts in their place; said once or many times, as `say` says it."""
    from scorekeeper.explain import Numbered

    why = Record("H-13", "half_enjeu", {"enjeu": 63})
    once = paper.Once()
    for jetons in (6, Fraction(27, 2), 6, 0):
        template = Record(None, words, {"other": other, "jetons": jetons, "why": why})
        for number in (1, 12, 1, 2000):
            line = Numbered(template, number)
            assert once(line) == paper.say(line.whole())
            assert once.lines([line, line]) == [paper.say(line.whole())] * 2


def test_a_name_that_is_a_seat_is_said_as_its_seat() -> None:
    """A `str` of another type stands for a seat with words of its own (a mort): never put in as typed."""
    from scorekeeper.explain import Numbered

    class Seat(str):
        words = Record(None, "seat {name}", {"name": "Bea"})

    template = Record(None, "coup {number}: {other}", {"other": Seat("Bea")})
    assert paper.Once()(Numbered(template, 3)) == paper.say(Numbered(template, 3).whole()) == "coup 3: seat Bea"


@pytest.mark.parametrize("words", ["", "plain", "<a href='x'>\"&amp;\"</a>", "&&<<>>''\"\"", "é ♥ \x00 \u202e"])
def test_the_page_escapes_as_html_escape(words: str) -> None:
    assert paper.escape(words) == html.escape(words)


def test_the_export_imports_no_html_module_a_page_does_not_use() -> None:
    """`html` is loaded for its table of 2,231 entities, which no page uses: 1.1 ms of every export."""
    name = _hombre(3)
    env = {**os.environ, "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "scorekeeper", "export", "--format", "html", "--game", name],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert "<!DOCTYPE html>" in done.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if "|" in line}
    assert "scorekeeper.present.paper.formats" in imported
    assert not {"html", "html.entities"} & imported


def _varied(count: int) -> str:
    """An l'hombre game of `count` coups as the bench plays them: passes, every contract, voles."""
    rng = random.Random(28)
    coups: list[dict[str, Any]] = []
    for _ in range(count):
        hombre = rng.choice(["A", "B", "C"])
        first = rng.choice([3, 4, 5, 5, 6, 9])
        others = [p for p in "ABC" if p != hombre]
        second = rng.randint(0, 9 - first)
        tricks = {hombre: first, others[0]: second, others[1]: 9 - first - second}
        contract = rng.choice(["demande", "sans-prendre", "retourne"])
        coups.append(
            {"pass": True} if rng.random() < 0.15 else {"hombre": hombre, "contract": contract, "tricks": tricks}
        )
    made = service.new("hombre", ["A", "B", "C"], options={"poules": 10**9}, name="varied")
    with store.changing(made.name) as game:
        game.coups = coups
    return made.name


def test_each_coups_nets_on_paper_are_its_payments() -> None:
    """The nets are read from the change of each balance (H-12: a balance is what the payments sum to)."""
    from scorekeeper.games.hombre.fiche import jetons_json

    game = store.read(_varied(300))
    fiche = service.fiche(game)
    data = paper.heading(game.name, fiche, service.aside(game))
    drawn = paper.engine_of(data).paper(data, fiche)
    halves = 0
    for result, row in zip(fiche.coups, drawn.rows, strict=True):
        nets = row[5::2]
        assert list(nets) == [jetons_json(result.net(player)) for player in fiche.players]
        assert [type(net) for net in nets] == [type(jetons_json(result.net(player))) for player in fiche.players]
        halves += any(type(net) is float for net in nets)
    assert halves  # some coup paid a half jeton


def _reference_rows(rows: list[list[Any]], cell: Any) -> list[str]:
    return ["".join(map(cell, row)) for row in rows]


@pytest.mark.parametrize(
    "rows",
    [
        [[1, "a", 1.0], [2, "a", 1], [3, "b", True]],
        [[1, -0.0], [2, 0.0], [3, 0]],
        [["a", None], ["a", ""], ["b", None]],
        [[1, "a"], [2]],  # rows unlike: each its own
        [[], []],
        [],
        [[1, "Bea"], [1, str.__new__(type("Seat", (str,), {}), "Bea")]],
    ],
)
def test_a_page_writes_each_row_as_its_cells_say(rows: list[list[Any]]) -> None:
    from scorekeeper.present.paper import formats

    def cell(value: Any) -> str:
        return formats._cell(value, ",")

    assert list(formats._rows(rows, cell)) == _reference_rows(rows, cell)


def test_the_chart_draws_a_value_where_its_figure_stands_whatever_its_type() -> None:
    from scorekeeper.present.paper import Series, chart

    values = [0, 1, 1.0, True, -0.0, 0.0, 13.5, -27, 27]
    alike = [0, 1, 1, 1, 0, 0, 13.5, -27, 27]
    assert chart.svg(Series("t", [("A", values)])) == chart.svg(Series("t", [("A", alike)]))


def test_a_page_with_a_control_character_has_it_escaped_and_one_without_is_kept() -> None:
    from scorekeeper.cli.export import escaped

    plain = "a\nb\u00a0c\u202fd ♥"
    assert escaped(plain) is plain
    assert escaped("a\nb\x1b[8mc") == "a\nb\\x1b[8mc"
    assert escaped("a\u2028b") == "a\u2028b"  # not a control character `printable` escapes
