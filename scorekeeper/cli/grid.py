"""A plain grid for the fiche: aligned columns in box lines, wrapped to the terminal, fast on 500 rows.

rich's Table lays out every cell through its renderables, which costs a second on a long partie;
the fiche needs none of that, only columns. Bold (headers, manche rows) only on a colour terminal
(a tty, NO_COLOR unset).
"""

from __future__ import annotations

import os
import shutil
import sys

BOLD, RESET = "\033[1m", "\033[0m"


class Grid:
    def __init__(self, title: str, headers: list[str], right: set[int] | None = None) -> None:
        self.title = title
        self.headers = headers
        self.right = right or set()  # columns aligned right
        self.rows: list[tuple[list[str], bool]] = []  # cells, bold
        self.rules_after: set[int] = set()  # a line under these rows

    def add_row(self, *cells: str, bold: bool = False) -> None:
        self.rows.append((list(cells), bold))

    def add_rule(self) -> None:
        self.rules_after.add(len(self.rows) - 1)

    def render(self, width: int | None = None) -> str:
        width = width or shutil.get_terminal_size((100, 24)).columns
        self._drop_empty_columns()
        widths, narrowed = self._widths(width)
        colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
        out = [self.title] if self.title else []
        out.append("┌" + "┬".join("─" * (w + 2) for w in widths) + "┐")
        out += self._lines(self.headers, widths, bold=colour, header=True)
        rule = "├" + "┼".join("─" * (w + 2) for w in widths) + "┤"
        out.append(rule)
        # The common row fits its columns on one line: one format call lays it out.
        line = "│ " + " │ ".join(f"{{:{'>' if i in self.right else '<'}{w}}}" for i, w in enumerate(widths)) + " │"
        last = len(self.rows) - 1
        for index, (cells, bold) in enumerate(self.rows):
            if not (bold and colour) and (not narrowed or all(map(int.__le__, map(len, cells), widths))):
                out.append(line.format(*cells))
            else:
                out += self._lines(cells, widths, bold=bold and colour)
            if index in self.rules_after and index != last:
                out.append(rule)
        out.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
        return "\n".join(out)

    def _drop_empty_columns(self) -> None:
        """A column nobody wrote in (calls, in a system without calls) is left out of the grid."""
        columns = list(zip(*(cells for cells, _ in self.rows), strict=True)) if self.rows else []
        keep = [i for i in range(len(self.headers)) if not self.rows or any(columns[i])]
        if len(keep) == len(self.headers):
            return
        self.right = {keep.index(i) for i in self.right if i in keep}
        self.headers = [self.headers[i] for i in keep]
        self.rows = [([cells[i] for i in keep], bold) for cells, bold in self.rows]

    def _widths(self, width: int) -> tuple[list[int], bool]:
        """Natural widths, then the column with most room to spare narrowed, never below its longest word,
        until the grid fits the terminal (past that, the terminal wraps). Also: was a column narrowed?"""
        columns = list(zip(self.headers, *(cells for cells, _ in self.rows), strict=True))
        widths = [max(map(len, column)) for column in columns]
        room = width - (3 * len(widths) + 1)
        if sum(widths) <= room:
            return widths, False
        floors = [max(len(word) for cell in column for word in cell.split() or [""]) for column in columns]
        while sum(widths) > room:
            spare = max(range(len(widths)), key=lambda i: widths[i] - floors[i])
            if widths[spare] <= floors[spare]:
                break
            widths[spare] -= 1
        return widths, True

    def _lines(self, cells: list[str], widths: list[int], bold: bool, header: bool = False) -> list[str]:
        wrapped = [_wrap(cell, w) if len(cell) > w else [cell] for cell, w in zip(cells, widths, strict=True)]
        height = max(len(lines) for lines in wrapped)
        lines = []
        for row in range(height):
            parts = []
            for i, (cell_lines, w) in enumerate(zip(wrapped, widths, strict=True)):
                text = cell_lines[row] if row < len(cell_lines) else ""
                text = text.rjust(w) if i in self.right and not header else text.ljust(w)
                parts.append(f"{BOLD}{text}{RESET}" if bold and text.strip() else text)
            lines.append("│ " + " │ ".join(parts) + " │")
        return lines


def _wrap(cell: str, width: int) -> list[str]:
    import textwrap  # only a cell too wide for its column needs it

    return textwrap.wrap(cell, width, break_long_words=False) or [""]
