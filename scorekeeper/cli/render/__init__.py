"""Drawing any game's sheet: the one renderer of what a game says as data (`scorekeeper.games.sheet`).

A game gives its sheet, its status and its explanations as catalog keys, values and records;
`present.words` puts them in words for every screen, and these its terminal's (`say`, a settled bête
struck through where the terminal shows it); `layout` fits the sheet to the screen. The functions below
are what the commands call: `status`,
`short_status`, `print_coup`, `fiche_lines` (the whole sheet), `row_lines` and `table_lines` (the
guided table's), `detail_lines` (`sheet --detail N`) and `print_settlement`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.cli.terminal import out
from scorekeeper.games.sheet import Sheet
from scorekeeper.i18n import message, render, text
from scorekeeper.present import words as _words
from scorekeeper.present.words import Words, _engine, whole

if TYPE_CHECKING:
    from scorekeeper.cli.render.layout import Drawn

__all__ = ["Words", "whole", "say", "status", "short_status", "shown", "struck"]


def struck(words: str) -> str:
    """Struck through at a terminal that shows it (a bête settled); plain text elsewhere."""
    from scorekeeper.cli.grid import styled

    return f"\033[9m{words}\033[0m" if styled() else words


def say(cell: Any, ascii: bool = False, name: Callable[[Any], Any] = whole) -> str:
    """One cell in words at the terminal (`present.words.say`, a settled bête struck where it shows)."""
    return _words.say(cell, ascii, name, struck)


def status(fiche: Any) -> str:
    """Where the partie stands, in one line, at the terminal."""
    return _words.status(fiche, struck)


def short_status(fiche: Any) -> str:
    """The state of a game for the list of games, at the terminal."""
    return _words.short_status(fiche, struck)


def shown(sheet: Sheet, ascii: bool, name: Callable[[Any], Any]) -> Sheet:
    """`sheet` in words at the terminal (`present.words.shown`)."""
    return _words.shown(sheet, ascii, name, struck)


def print_coup(result: Any, fiche: Any, ascii: bool) -> None:
    """What `coup`, `edit` print: the coup's log as its game tells it, and the status line; at a terminal,
    broken at its width between words (never inside a word: `Pani / sse`)."""
    import sys

    lines = [*(render(line, ascii) for line in _engine(fiche).echo(result)), status(fiche)]
    if sys.stdout.isatty():
        from scorekeeper.cli.render import layout

        lines = layout.prose(lines, layout.width_of())
    out.lines(lines)


def print_settlement(settlement: Any, fiche: Any) -> None:
    """The end of a partie with money, as its game tells it: who pays whom."""
    out.lines(say(line) for line in _engine(fiche).settlement(settlement))


def _drawn(
    fiche: Any, title: str, ascii: bool, width: int | None, narrow: bool | None, noted: frozenset[int] = frozenset()
) -> tuple[Any, Any, int, bool]:
    """The game's engine, the sheet laid out for `width` (the terminal's when None), the width and
    whether it is narrow (`narrow` None: below 60 columns); the entries numbered in `noted` marked as
    having a note."""
    from scorekeeper.cli.render import layout
    from scorekeeper.games.sheet import noted as marked

    game, width = _engine(fiche), layout.width_of(width)
    narrow = layout.narrow_at(width, narrow)
    data = marked(game.sheet(fiche), noted)
    drawn = layout.draw(lambda name: shown(data, ascii, name), fiche.players, title, width, narrow)
    return game, drawn, width, narrow


# The catalog key of the line that says how to see a coup in full on a narrow sheet: the command line's
# `sheet --detail N`; the table, which runs `sheet` itself, says its own word (`explique N`) instead.
ON_DEMAND = ["sheet_width.on_demand"]


def fiche_lines(
    fiche: Any,
    title: str,
    ascii: bool,
    explain: bool,
    width: int | None = None,
    narrow: bool | None = None,
    noted: frozenset[int] = frozenset(),
) -> list[str]:
    """The whole sheet in lines of at most `width` characters (the terminal's when None): the grid, then
    the status, and every coup's calculation with `explain`. `narrow` (None: below 60 columns) shows the
    running scores first and says how to see the rest (`sheet --detail N`). The entries numbered in
    `noted` (from 1) wear a mark: they have a note."""
    from scorekeeper.cli.render import layout

    game, drawn, width, narrow = _drawn(fiche, title, ascii, width, narrow, noted)
    lines = layout.fiche_lines(drawn, width)
    more = [say(line) for line in game.after(fiche, narrow)]
    if narrow and fiche.coups:
        more.append(message(ON_DEMAND[0]))
    if explain:
        for heading, said in game.explained(fiche):
            more += [] if heading is None else [say(heading)]
            more += ["  " + render(line, ascii) for line in said]
    return lines + layout.prose(more, width)


def print_fiche(
    fiche: Any, title: str, ascii: bool, explain: bool, width: int | None = None, narrow: bool | None = None
) -> None:
    """The whole sheet (`fiche_lines`)."""
    out.lines(fiche_lines(fiche, title, ascii, explain, width, narrow))


def row_lines(fiche: Any, index: int, ascii: bool, width: int | None = None, narrow: bool | None = None) -> list[str]:
    """The lines of the fiche's entry at `index` (from 0; -1 for the last), laid out as in the whole
    sheet at `width` (`fiche_lines`): a manche's line and the rule under it come with the coup that won it."""
    from scorekeeper.cli.render import layout

    _, drawn, width, _ = _drawn(fiche, "", ascii, width, narrow)
    return layout.row_lines(drawn, index, width)


class Drawing(NamedTuple):
    """What the guided table has on the screen: the fiche laid out (`layout.Drawn`), the widths of its
    columns, how it was drawn (`ascii`, the width, narrow or not), and the entries drawn."""

    drawn: Drawn
    widths: tuple[int, ...]
    ascii: bool
    width: int
    narrow: bool
    coups: tuple[Any, ...]


def table_lines(
    fiche: Any,
    ascii: bool,
    before: Drawing | None,
    width: int | None = None,
    narrow: bool | None = None,
    noted: frozenset[int] = frozenset(),
) -> tuple[list[str], Drawing]:
    """What the guided table shows after a coup: the new line of the fiche (`row_lines`), or the whole grid
    again when its columns' widths are no longer those `before` shows (a longer name, a wider score), so
    that what is on the screen stays aligned; and what the screen now shows.

    Where the fiche is the one drawn `before` and one coup more, that coup alone is laid out, in the shape
    of `before` and measured with its rows (`layout.extend`): its cost is a row's, however long the game,
    and a grid drawn again is its rows as laid out already (issue 28, `scorekeeper.fast`). The fiche is
    laid out whole at the first coup, after another command changed the game (its entries are others),
    when the width changed, when the shape no longer fits, and when the new coup has a note (the entries
    numbered in `noted`, from 1, wear its mark, as in `fiche_lines`).
    """
    from scorekeeper.cli.render import layout

    width = layout.width_of(width)
    narrow = layout.narrow_at(width, narrow)
    coups = fiche.coups
    if before is not None and _goes_on(before, coups, ascii, width, narrow) and len(coups) not in noted:
        data = _engine(fiche).sheet(fiche, len(coups) - 1)
        drawn = before.drawn
        if layout.extend(drawn, lambda name: shown(data, ascii, name), fiche.players, width, narrow):
            widths = drawn.grid.column_widths(width)
            now = before._replace(widths=widths, coups=coups)
            if widths == before.widths:
                return layout.row_lines(drawn, -1, width), now
            return layout.fiche_lines(drawn, width), now  # its rows laid out already: drawn again, not said again
    _, drawn, width, narrow = _drawn(fiche, "", ascii, width, narrow, noted)
    widths = drawn.grid.column_widths(width)
    now = Drawing(drawn, widths, ascii, width, narrow, coups)
    if before is not None and widths == before.widths and coups:
        return layout.row_lines(drawn, -1, width), now
    return layout.fiche_lines(drawn, width), now


def _goes_on(before: Drawing, coups: tuple[Any, ...], ascii: bool, width: int, narrow: bool) -> bool:
    """Whether `coups` are those drawn `before` (the same entries, not read again) and one more, drawn alike.
    An empty grid shows every column, the first row only those written in (`Grid.kept`): the first coup
    is laid out with the whole fiche."""
    drawn = before.coups
    return (
        len(coups) == len(drawn) + 1
        and bool(drawn)
        and coups[len(drawn) - 1] is drawn[-1]
        and (before.ascii, before.width, before.narrow) == (ascii, width, narrow)
    )


def detail_lines(fiche: Any, number: int, ascii: bool, width: int | None = None) -> list[str]:
    """Coup `number` (from 1) in full, whatever the width: each column's header and cell with whole names,
    each side's score, then how it was computed (`sheet --detail N`)."""
    from scorekeeper.cli.render import layout

    game, width = _engine(fiche), layout.width_of(width)
    sheet = shown(game.sheet(fiche), ascii, whole)
    row = sheet.rows[number - 1]
    pairs = [*zip(sheet.headers[1:], row.cells[1:], strict=True)]
    joined = message("join.list")
    labels = row.label or ("",) * len(sheet.sides)
    pairs += [
        (side, joined.join(filter(None, (pair[0], label))))
        for side, pair, label in zip(sheet.sides, row.figures, labels, strict=True)
    ]
    title = text("sheet_width.detail.title", number=number)
    log = [say(line, ascii) for line in game.detail(fiche.coups[number - 1])]
    return layout.detail(title, pairs, log, width)
