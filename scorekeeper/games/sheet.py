"""A game's sheet as data: what its fiche, its status and its paper say, in catalog keys and values.

A game never builds a sentence: it gives its sheet as columns named by catalog keys and rows of
cells, each cell a value (a figure, a card, a plain string) or a `Record` (rule None for the words of
a cell, event = the catalog key, values); the edge (`cli/render`, `cli/paper`) puts them in words,
fits them to the screen and writes them to paper. Three values say what only the edge can do:

- `Who`: a player, a seat or a side as the sheet names him, whole or shortened to fit (`Esc`);
- `Joined`: cells said one after the other, joined by a catalog's words (`join.list`: `, `);
- `Struck`: a cell struck through where the terminal shows it (a bête settled).

>>> from scorekeeper.explain import Record
>>> row = Row((1, Who("César"), Joined((said("cell.lie", player=Who("Brun")),))), ((16, 16), (0, 0)))
>>> row.cells[2].items[0].values["player"]
Who(value='Brun')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from scorekeeper.explain import Record

# The values below are NamedTuples, not slotted dataclasses: their classes are created at the start-up of
# `sheet` and `coup`, a dataclass costs 0.3 to 0.7 ms more a class to create (3 to 16 fields;
# bench/classes.py), where `sheet` on a 500-coup game has about 5 ms of margin.

Cell = Any  # a plain string, a figure, a card, a Record, a Who, a Joined, a Struck; None or "" for nothing


class Who(NamedTuple):
    """A player, a seat (a mort: a name with `words`) or a side, as the layout names him."""

    value: str


class Joined(NamedTuple):
    """Cells said one after another, joined by the catalog's words `by`; the empty ones left out."""

    items: tuple[Cell, ...]
    by: str = "join.list"


class Struck(NamedTuple):
    """A cell struck through where the terminal shows it: a bête settled (H-17)."""

    cell: Cell


def joined(items: Sequence[Cell], by: str = "join.list") -> Cell:
    """`items` joined by the catalog's words `by`: nothing for none, the cell itself for one.

    >>> joined(()), joined(("34",)), joined(("34", "34"), "manille.join.figures")
    ('', '34', Joined(items=('34', '34'), by='manille.join.figures'))
    """
    if len(items) > 1:
        return Joined(tuple(items), by)
    return items[0] if items else ""


def said(key: str, /, **values: Any) -> Record:
    """The words of the catalog's `key` filled with `values`: a cell, a line, a header, no rule of its own."""
    return Record(None, key, values)


class Row(NamedTuple):
    """One entry of the fiche: its cells, each side's figures, its mark on a phone, the line under it."""

    cells: tuple[Cell, ...]  # one per column of its Sheet, the coup's number first
    figures: tuple[tuple[Cell, Cell], ...]  # per side: its score for the entry and its running score
    mark: Cell = ""  # beside the running scores alone: a manche won, a renonce, an entry that is no coup
    label: tuple[Cell, ...] | None = None  # a bold line under the entry, a cell per side: the manche won


class Sheet(NamedTuple):
    """A game's fiche as columns: `keys` name the columns before the sides (`coup` first; `dealer`,
    `calls` and `said` are the ones a narrower shape leaves out or merges), `headers` their catalog
    keys, `figures` those of them that hold figures; `sides` head the score columns."""

    keys: tuple[str, ...]
    headers: tuple[Cell, ...]
    figures: frozenset[str]
    sides: tuple[Cell, ...]
    rows: tuple[Row, ...]


def noted(sheet: Sheet, numbers: frozenset[int]) -> Sheet:
    """`sheet` with a mark on the number of each entry (from 1) that has a note: the note is said under
    the grid, its row shows that it has one.

    >>> rows = (Row(("1",), ()), Row(("2",), ()))
    >>> [row.cells[0] for row in noted(Sheet(("coup",), ("h",), frozenset(), (), rows), frozenset({2})).rows]
    ['1', Record(rule=None, event='sheet.mark.noted', values={'number': '2'})]
    """
    if not numbers:
        return sheet
    rows = tuple(
        row._replace(cells=(said("sheet.mark.noted", number=row.cells[0]), *row.cells[1:])) if at in numbers else row
        for at, row in enumerate(sheet.rows, 1)
    )
    return sheet._replace(rows=rows)


# `--explain`, block by block: a heading (None: none) and the log lines under it, each with its rule.
Explained = tuple[Cell, Sequence[Record]]
