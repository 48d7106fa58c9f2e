"""A plain grid for the fiche: aligned columns in box lines, wrapped to the terminal, fast on 500 rows.

rich's Table lays out every cell through its renderables, which costs a second on a long partie;
the fiche needs none of that, only columns. Bold (headers, manche rows) only on a colour terminal
(a tty, NO_COLOR unset).
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from dataclasses import dataclass, field

BOLD, RESET = "\033[1m", "\033[0m"


@dataclass
class Grid:
    title: str
    headers: list[str]
    right: set[int] = field(default_factory=set)  # columns aligned right
    rows: list[tuple[list[str], bool]] = field(default_factory=list)  # cells, bold
    rules_after: set[int] = field(default_factory=set)  # a line under these rows

    def add_row(self, *cells: str, bold: bool = False) -> None:
        self.rows.append((list(cells), bold))

    def add_rule(self) -> None:
        self.rules_after.add(len(self.rows) - 1)

    def render(self, width: int | None = None) -> str:
        width = width or shutil.get_terminal_size((100, 24)).columns
        self._drop_empty_columns()
        widths = self._widths(width)
        colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
        out = [self.title] if self.title else []
        out.append("┌" + "┬".join("─" * (w + 2) for w in widths) + "┐")
        out += self._lines(self.headers, widths, bold=colour, header=True)
        out.append("├" + "┼".join("─" * (w + 2) for w in widths) + "┤")
        for index, (cells, bold) in enumerate(self.rows):
            out += self._lines(cells, widths, bold=bold and colour)
            if index in self.rules_after and index != len(self.rows) - 1:
                out.append("├" + "┼".join("─" * (w + 2) for w in widths) + "┤")
        out.append("└" + "┴".join("─" * (w + 2) for w in widths) + "┘")
        return "\n".join(out)

    def _drop_empty_columns(self) -> None:
        """A column nobody wrote in (calls, in a system without calls) is left out of the grid."""
        keep = [i for i in range(len(self.headers)) if any(cells[i] for cells, _ in self.rows) or not self.rows]
        self.right = {keep.index(i) for i in self.right if i in keep}
        self.headers = [self.headers[i] for i in keep]
        self.rows = [([cells[i] for i in keep], bold) for cells, bold in self.rows]

    def _widths(self, width: int) -> list[int]:
        """Natural widths, then the column with most room to spare narrowed, never below its longest word,
        until the grid fits the terminal (past that, the terminal wraps)."""
        columns = [[header] + [cells[i] for cells, _ in self.rows] for i, header in enumerate(self.headers)]
        widths = [max(len(cell) for cell in column) for column in columns]
        floors = [max(len(word) for cell in column for word in cell.split() or [""]) for column in columns]
        room = width - (3 * len(widths) + 1)
        while sum(widths) > room:
            spare = max(range(len(widths)), key=lambda i: widths[i] - floors[i])
            if widths[spare] <= floors[spare]:
                break
            widths[spare] -= 1
        return widths

    def _lines(self, cells: list[str], widths: list[int], bold: bool, header: bool = False) -> list[str]:
        if not bold and not header and all(len(cell) <= w for cell, w in zip(cells, widths, strict=True)):
            # The common row: one line, nothing to wrap.
            parts = [
                cell.rjust(w) if i in self.right else cell.ljust(w)
                for i, (cell, w) in enumerate(zip(cells, widths, strict=True))
            ]
            return ["│ " + " │ ".join(parts) + " │"]
        wrapped = [
            textwrap.wrap(cell, w, break_long_words=False) or [""] if len(cell) > w else [cell]
            for cell, w in zip(cells, widths, strict=True)
        ]
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
