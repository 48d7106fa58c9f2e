"""A plain grid for the fiche: aligned columns in box lines (or, for a phone, bare columns), fitted to a
width, fast on 500 rows.

rich's Table lays out every cell through its renderables, which costs a second on a long partie;
the fiche needs none of that, only columns. Bold (headers, manche rows) only on a colour terminal
(a tty, NO_COLOR unset, TERM not dumb).

A figure is never broken across lines: the columns aligned right hold figures and are never wrapped
(`+16 = 30` stays whole), and in a column of words a figure stays with the word before it
(`Escartefigue 40`, `manche 2`).
"""

from __future__ import annotations

import operator
import os
import re
import shutil
import sys
from collections.abc import Sequence
from typing import NamedTuple

BOLD, RESET = "\033[1m", "\033[0m"
# A space before a figure (`40`, `+16`, `-3`) or a French stop (` :`, ` ;`, ` »`) does not break: it goes
# with the word before it; nor one after « , which goes with the word after it.
_BREAK = re.compile(r"(?<!«) +(?![-+−]?\d|[:;!?»])")


def styled() -> bool:
    """Whether bold and strike-through may be written: a terminal (a tty) that shows them (`TERM=dumb` does
    not), with NO_COLOR unset."""
    out = sys.stdout  # None: closed at start (`>&-`), where nothing is shown
    return out is not None and out.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


class Measure(NamedTuple):
    """What a grid's columns are sized from, per column as built (none left out yet): its natural width
    (its longest cell or header), its floor (`Grid._floors`), whether a row wrote in it; and whether the
    grid has rows. Two grids of the same columns measure as one grid of both's rows (`|`): the guided
    table measures the row it adds, not the rows it drew before (`Grid.extend`)."""

    natural: tuple[int, ...]
    floor: tuple[int, ...]
    filled: tuple[bool, ...]
    rows: bool

    def __or__(self, other: object) -> Measure:
        if not isinstance(other, Measure):
            return NotImplemented
        return Measure(
            tuple(map(max, self.natural, other.natural)),
            tuple(map(max, self.floor, other.floor)),
            tuple(map(operator.or_, self.filled, other.filled)),
            self.rows or other.rows,
        )


class Grid:
    def __init__(
        self, title: str, headers: list[str], right: set[int] | None = None, frame: bool = True, gap: int = 2
    ) -> None:
        self.title = title
        self.headers = headers
        self.right = right or set()  # columns aligned right: figures, never wrapped
        self.frame = frame  # box lines; without them, columns `gap` spaces apart under a line
        self.gap = gap
        self.rows: list[tuple[list[str], bool]] = []  # cells, bold
        self.rules_after: set[int] = set()  # a line under these rows
        self.measured: Measure | None = None  # its columns' measure, once asked (`measure`, `extend`)

    def add_row(self, *cells: str, bold: bool = False) -> None:
        self.rows.append((list(cells), bold))
        self.measured = None

    def add_rule(self) -> None:
        self.rules_after.add(len(self.rows) - 1)

    def extend(self, other: Grid) -> None:
        """`other`'s rows (a grid of the same columns) after this grid's, its columns measured with both's
        rows without measuring these again."""
        measure = self.measure() | other.measure()
        start = len(self.rows)
        self.rows += other.rows
        self.rules_after |= {start + index for index in other.rules_after}
        self.measured = measure

    def measure(self) -> Measure:
        """Its columns' measure (`Measure`), of every row it has."""
        if self.measured is None:
            columns = list(zip(self.headers, *(cells for cells, _ in self.rows), strict=True))
            natural = tuple([max(map(len, column)) for column in columns])
            filled = tuple([any(column[1:]) for column in columns])
            self.measured = Measure(natural, tuple(self._floors(columns)), filled, bool(self.rows))
        return self.measured

    def kept(self) -> list[int]:
        """The columns it shows: a column nobody wrote in (calls, in a system without calls) is left out."""
        measure = self.measure()
        return [i for i, filled in enumerate(measure.filled) if filled or not measure.rows]

    def minimum(self) -> int:
        """The narrowest this grid can be drawn with no figure and no word broken."""
        kept, floor = self.kept(), self.measure().floor
        return sum(floor[i] for i in kept) + self._spacing(len(kept))

    def column_widths(self, width: int) -> tuple[int, ...]:
        """The widths of the columns as `lines(width)` draws them."""
        return tuple(self._widths(width, self.kept())[0])

    def render(self, width: int | None = None) -> str:
        return "\n".join(self.lines(width))

    def lines(self, width: int | None = None, only: set[int] | None = None) -> list[str]:
        """The grid's lines at `width`; with `only`, the lines of those rows alone (and the rule under them),
        laid out as in the whole grid."""
        width = width or shutil.get_terminal_size((100, 24)).columns
        kept = self.kept()
        widths, narrowed = self._widths(width, kept)
        every = len(kept) == len(self.headers)
        right = self.right if every else {place for place, i in enumerate(kept) if i in self.right}
        colour = styled()
        if self.frame:
            left, sep, end = "│ ", " │ ", " │"
            top = "┌" + "┬".join("─" * (w + 2) for w in widths) + "┐"
            rule = "├" + "┼".join("─" * (w + 2) for w in widths) + "┤"
            bottom = "└" + "┴".join("─" * (w + 2) for w in widths) + "┘"
        else:
            left, sep, end = "", " " * self.gap, ""
            top = bottom = ""
            rule = "─" * (sum(widths) + self.gap * (len(widths) - 1))
        out = []
        if only is None:
            out = [self.title] if self.title else []
            out += [top] if top else []
            headers = self.headers if every else [self.headers[i] for i in kept]
            out += self._lines(headers, widths, right, colour, (left, sep, end), header=True)
            out.append(rule)
        # The common row fits its columns on one line: one format call lays it out.
        cells_format = sep.join(f"{{:{'>' if i in right else '<'}{w}}}" for i, w in enumerate(widths))
        line = left + cells_format + end
        last = len(self.rows) - 1
        rows = self.rows
        chosen = enumerate(rows) if only is None else ((index, rows[index]) for index in sorted(only))
        for index, (cells, bold) in chosen:  # a row alone: no walk through them all
            if not every:
                cells = [cells[i] for i in kept]
            if not (bold and colour) and (not narrowed or all(map(int.__le__, map(len, cells), widths))):
                out.append(line.format(*cells).rstrip() if not self.frame else line.format(*cells))
            else:
                out += self._lines(cells, widths, right, bold and colour, (left, sep, end))
            if index in self.rules_after and index != last:
                out.append(rule)
        if only is None and bottom:
            out.append(bottom)
        return out

    def _spacing(self, count: int) -> int:
        return 3 * count + 1 if self.frame else self.gap * (count - 1)

    def _floors(self, columns: list[tuple[str, ...]]) -> list[int]:
        """Each column's narrowest: a figure column its longest cell (its header may wrap), a column of
        words its longest word, a figure kept with the word before it."""
        floors = []
        for i, column in enumerate(columns):
            header, cells = column[0], column[1:]
            floor = max((len(word) for word in _BREAK.split(header)), default=0)
            if i in self.right:
                floor = max(floor, *map(len, cells)) if cells else floor
            else:
                floor = max([floor, *(len(word) for cell in cells for word in _BREAK.split(cell))])
            floors.append(floor)
        return floors

    def _widths(self, width: int, kept: list[int]) -> tuple[list[int], bool]:
        """Natural widths of the `kept` columns, then the column with most room to spare narrowed, never below
        its floor (`_floors`), until the grid fits `width` (past that, the terminal wraps). Also: was a
        column narrowed?"""
        measure = self.measure()
        widths = [measure.natural[i] for i in kept]
        room = width - self._spacing(len(widths))
        if sum(widths) <= room:
            return widths, False
        floors = [measure.floor[i] for i in kept]
        while sum(widths) > room:
            spare = max(range(len(widths)), key=lambda i: widths[i] - floors[i])
            if widths[spare] <= floors[spare]:
                break
            widths[spare] -= 1
        return widths, True

    def _lines(
        self,
        cells: list[str],
        widths: list[int],
        right: set[int],
        bold: bool,
        box: tuple[str, str, str],
        header: bool = False,
    ) -> list[str]:
        wrapped = [wrap(cell, w) if len(cell) > w else [cell] for cell, w in zip(cells, widths, strict=True)]
        height = max(len(lines) for lines in wrapped)
        left, sep, end = box
        lines = []
        for row in range(height):
            parts = []
            for i, (cell_lines, w) in enumerate(zip(wrapped, widths, strict=True)):
                text = cell_lines[row] if row < len(cell_lines) else ""
                # Bare columns of figures have their headers over them, on the right; boxed ones, on the left.
                text = text.rjust(w) if i in right and not (header and self.frame) else text.ljust(w)
                parts.append(f"{BOLD}{text}{RESET}" if bold and text.strip() else text)
            line = left + sep.join(parts) + end
            lines.append(line if self.frame else line.rstrip())
        return lines


def prose(lines: Sequence[str], width: int) -> list[str]:
    """Lines of words (the status, the notes, an explanation) broken at `width`, never inside a figure;
    a line's continuation indented under it."""
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")))
        out += [indent + part for part in wrap(line, width - len(indent), "  ")]
    return out


def wrap(words: str, width: int, indent: str = "") -> list[str]:
    """`words` in lines of at most `width` characters, broken only where a space is and never before a
    figure; a word longer than the line stays whole. Lines after the first start with `indent`.

    >>> wrap("renonce Escartefigue, x2", 12)
    ['renonce', 'Escartefigue,', 'x2']
    >>> wrap("César & Escartefigue 40", 16, "  ")
    ['César &', '  Escartefigue 40']
    """
    lines: list[str] = []
    line = ""
    for word in _BREAK.split(words.strip()):
        if not line:
            line = (indent if lines else "") + word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = indent + word
    return [*lines, line] if line or not lines else lines
