"""The fiche fitted to a screen (issue 16): 80 columns in either language, a phone's 40.

Each game says its sheet once as a `Sheet` (`scorekeeper.games.sheet`), the columns and, per entry,
a `Row`; the renderer puts it in words, and this module chooses how much of it a width can show. On a
wide screen every column, with whole names; when that does not fit, the first of `SHAPES` that does:
the calls in the "said" column, names shortened to a prefix no other player's name begins with (and a
legend under the grid), no dealer column, each side's running score alone. Below `NARROW_BELOW`
columns (or with `--narrow`), the running scores first: the coup's number, each side's score, a short
mark (a manche won, a renonce, an entry that is no coup), and the rest on demand (`sheet --detail N`,
`detail`).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from typing import NamedTuple

from scorekeeper.cli.grid import Grid, prose, wrap
from scorekeeper.cli.render import whole
from scorekeeper.games.sheet import Sheet
from scorekeeper.i18n import message, text
from scorekeeper.present.labels import Name, labels, shortener  # noqa: F401 (the layout's names, as before)

NARROW_BELOW = 60  # columns: a phone, or a terminal split in two
# The values below are NamedTuples, not slotted dataclasses: a dataclass costs 0.3 to 0.7 ms more a class
# to create (3 to 16 fields; bench/classes.py), at the start-up of `sheet`, which has about 5 ms of margin
# on a 500-coup game.


def width_of(width: int | None = None) -> int:
    """The width to draw at: `width`, else the terminal's (COLUMNS first, as `shutil` reads it)."""
    return width or shutil.get_terminal_size((100, 24)).columns


def narrow_at(width: int, narrow: bool | None = None) -> bool:
    """Whether the sheet is the running scores alone: as asked (`--narrow`), else below `NARROW_BELOW`."""
    return width < NARROW_BELOW if narrow is None else narrow


class Shape(NamedTuple):
    """What a width can show: names shortened (everywhere, or in the sides' headers alone), the calls in
    the said column, the running scores alone, the dealer's column; on a phone, the space between columns."""

    short: bool = False
    merged: bool = False
    short_sides: bool = False  # the sides' headers and the dealer's column alone shortened
    tight: bool = False  # bare columns one space apart
    running: bool = False
    dealer: bool = True


SHAPES = (
    Shape(),
    Shape(merged=True),
    Shape(merged=True, short_sides=True),
    Shape(merged=True, short=True),
    Shape(merged=True, short=True, dealer=False),
    Shape(merged=True, short=True, running=True),
    Shape(merged=True, short=True, running=True, dealer=False),
)
NARROW_SHAPES = (Shape(), Shape(short_sides=True), Shape(short=True), Shape(short=True, tight=True))


class Drawn(NamedTuple):
    """A sheet laid out: its grid, the grid's rows of each entry, the legend of the short names, and the
    shape it was laid out in."""

    title: str
    grid: Grid
    spans: list[tuple[int, ...]]  # grows with the guided table's rows (`extend`)
    legend: tuple[str, ...]
    shape: Shape


def draw(
    build: Callable[[Name], Sheet],
    players: Sequence[str],
    title: str,
    width: int,
    narrow: bool,
) -> Drawn:
    """The sheet `build` says (given how to name a player) laid out for `width`: the first shape that fits."""
    built: dict[bool, Sheet] = {}
    short = labels(players)
    drawn = None
    for shape in NARROW_SHAPES if narrow else SHAPES:
        grid, spans, abbreviated = _laid_out(build, short, shape, narrow, built)
        drawn = Drawn(title, grid, spans, _legend(short, width) if abbreviated else (), shape)
        if grid.minimum() <= width:
            break
    assert drawn is not None
    return drawn


def extend(drawn: Drawn, build: Callable[[Name], Sheet], players: Sequence[str], width: int, narrow: bool) -> bool:
    """`drawn` with the entries that `build` says after its own (the guided table's new coup) laid out in its
    shape and measured with its rows (`Grid.extend`): whether that shape is still the one `draw` would
    choose. In a grid that has rows, a row only widens the floors and shows more columns: the shapes before
    it, which did not fit, fit no better, so only its own fit is asked."""
    shapes = NARROW_SHAPES if narrow else SHAPES
    grid, spans, _ = _laid_out(build, labels(players), drawn.shape, narrow, {})
    start = len(drawn.grid.rows)
    drawn.grid.extend(grid)
    drawn.spans.extend(tuple(start + row for row in span) for span in spans)
    return drawn.shape == shapes[-1] or drawn.grid.minimum() <= width


def _laid_out(
    build: Callable[[Name], Sheet], short: dict[str, str], shape: Shape, narrow: bool, built: dict[bool, Sheet]
) -> tuple[Grid, list[tuple[int, ...]], bool]:
    """The grid of the sheet `build` says in `shape`, its rows of each entry, and whether its names are short
    (`built`: the sheets said so far, whole and shortened)."""
    shortened = any(label != player for player, label in short.items())
    abbreviated = (shape.short or shape.short_sides) and shortened
    for kind in {False, abbreviated}:
        if kind not in built:
            built[kind] = build(shortener(short) if kind else whole)
    sheet = built[shape.short and shortened]
    if shape.short_sides and shortened:
        sheet = _short_sides(sheet, built[True])
    grid, spans = (_narrow if narrow else _wide)(sheet, shape)
    return grid, spans, abbreviated


def _short_sides(sheet: Sheet, short: Sheet) -> Sheet:
    """`sheet` with the sides' headers of `short`, and its dealer column too: a player is named the same
    way in both (`Esc` over the scores, `Esc` dealing), the other columns' words left whole."""
    if "dealer" not in sheet.keys:
        return sheet._replace(sides=short.sides)
    at = sheet.keys.index("dealer")
    rows = tuple(
        row._replace(cells=(*row.cells[:at], brief.cells[at], *row.cells[at + 1 :]))
        for row, brief in zip(sheet.rows, short.rows, strict=True)
    )
    return sheet._replace(sides=short.sides, rows=rows)


def _wide(sheet: Sheet, shape: Shape) -> tuple[Grid, list[tuple[int, ...]]]:
    keys, headers = list(sheet.keys), list(sheet.headers)
    merge = shape.merged and "calls" in keys and "said" in keys
    # A column nobody wrote in is left out (`Grid`): before the first coup, no call was said either.
    dropped = {"calls"} if merge or not sheet.rows else set()
    if not shape.dealer:
        dropped.add("dealer")
    kept = [i for i, key in enumerate(keys) if key not in dropped]
    said, calls = (keys.index("said"), keys.index("calls")) if merge else (-1, -1)
    right = {place for place, i in enumerate(kept) if keys[i] in sheet.figures}
    right |= set(range(len(kept), len(kept) + len(sheet.sides)))
    grid = Grid("", [headers[i] for i in kept] + list(sheet.sides), right=right)
    spans = []
    joined = message("join.list")
    for row in sheet.rows:
        cells = list(row.cells)
        if merge:
            cells[said] = joined.join(filter(None, (cells[calls], cells[said])))
        start = len(grid.rows)
        grid.add_row(*(cells[i] for i in kept), *(pair[1] if shape.running else pair[0] for pair in row.figures))
        if row.label is not None:
            grid.add_row(*([""] * len(kept)), *row.label, bold=True)
            grid.add_rule()
        spans.append(tuple(range(start, len(grid.rows))))
    return grid, spans


def _narrow(sheet: Sheet, shape: Shape) -> tuple[Grid, list[tuple[int, ...]]]:
    """The running scores first: the coup's number, each side's score, the mark; a line under a manche."""
    count = len(sheet.sides)
    headers = [sheet.headers[0], *sheet.sides, ""]
    grid = Grid("", headers, right=set(range(count + 1)), frame=False, gap=1 if shape.tight else 2)
    spans = []
    for row in sheet.rows:
        grid.add_row(row.cells[0], *(pair[1] for pair in row.figures), row.mark)
        if row.label is not None:
            grid.add_rule()
        spans.append((len(grid.rows) - 1,))
    return grid, spans


def _legend(short: dict[str, str], width: int) -> tuple[str, ...]:
    # Each `Esc = Escartefigue` kept on one line: its spaces do not break while the legend is wrapped.
    names = [
        text("sheet_width.label", short=label, name=player).replace(" ", "\u00a0")
        for player, label in short.items()
        if label != player
    ]
    return tuple(line.replace("\u00a0", " ") for line in wrap(text("sheet_width.legend", names=names), width, "  "))


def fiche_lines(drawn: Drawn, width: int) -> list[str]:
    """The title, the grid and the legend of its short names."""
    return [*prose([drawn.title] if drawn.title else [], width), *drawn.grid.lines(width), *drawn.legend]


def row_lines(drawn: Drawn, index: int, width: int) -> list[str]:
    """The lines of the entry at `index` (from 0, or -1 for the last) as in the whole grid at `width`."""
    return drawn.grid.lines(width, only=set(drawn.spans[index]))


def detail(title: str, pairs: Sequence[tuple[str, str]], log: Sequence[str], width: int) -> list[str]:
    """One entry in full, for `sheet --detail N`: each column's header and cell, then its explanation."""
    lines = [title]
    lines += [text("sheet_width.detail.cell", header=header, cell=cell) for header, cell in pairs if cell]
    lines += ["  " + line for line in log]
    return prose(lines, width)
