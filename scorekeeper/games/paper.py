"""A game's fiche on paper as data: the columns and rows of its export, the lines under them, its
chart; `cli/paper` puts them in words and writes CSV, Markdown, HTML and the chart from them."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.games.sheet import Cell


@dataclass(frozen=True, slots=True)
class Chart:
    """The chart of a partie: a line a side or player, its value after each entry (the start, 0,
    first), and the marks across it: (the entry's index from 1, its label)."""

    title: Cell
    lines: tuple[tuple[Cell, tuple[float, ...]], ...]
    marks: tuple[tuple[int, Cell], ...] = ()


@dataclass(frozen=True, slots=True)
class Paper:
    """A fiche on paper: the columns between an entry's number and time and its note, one row an entry
    (figures as numbers, words as cells), the lines under the table, the chart, and the entries (their
    index from 1) after which a rule crosses the printed table: where a manche ends."""

    columns: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]
    summary: tuple[Cell, ...]
    chart: Chart
    breaks: tuple[int, ...] = ()
