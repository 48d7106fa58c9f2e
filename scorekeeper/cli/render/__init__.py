"""Drawing a game's sheet: each game has its renderer here, found by the name of the game it draws.

Every renderer only formats what the engines computed, and offers the same functions: `status`,
`short_status`, `print_coup`, `sheet` (the fiche as columns and rows), `after` (the lines under the
grid), `explained` (`--explain`) and `detail` (one coup's calculation). `layout` fits the sheet to
the screen; the functions below are what the commands call.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any


def of(fiche: Any) -> Any:
    """The renderer of `fiche`'s game (`scorekeeper.cli.render.<game>`), imported on first use."""
    return import_module(f"{__name__}.{fiche.game}")


def status(fiche: Any) -> str:
    """Where the partie stands, in one line."""
    return str(of(fiche).status(fiche))


def short_status(fiche: Any) -> str:
    """The state of a game for the list of games."""
    return str(of(fiche).short_status(fiche))


def print_coup(result: Any, fiche: Any, ascii: bool) -> None:
    """What `coup`, `edit` print: the coup's log and the status line."""
    of(fiche).print_coup(result, fiche, ascii)


def _drawn(fiche: Any, title: str, ascii: bool, width: int | None, narrow: bool | None) -> tuple[Any, Any, int, bool]:
    """The game's renderer, the sheet laid out for `width` (the terminal's when None), the width and
    whether it is narrow (`narrow` None: below 60 columns)."""
    from scorekeeper.cli.render import layout

    game, width = of(fiche), layout.width_of(width)
    narrow = layout.narrow_at(width, narrow)
    return (
        game,
        layout.draw(lambda name: game.sheet(fiche, ascii, name), fiche.players, title, width, narrow),
        width,
        narrow,
    )


def fiche_lines(
    fiche: Any, title: str, ascii: bool, explain: bool, width: int | None = None, narrow: bool | None = None
) -> list[str]:
    """The whole sheet in lines of at most `width` characters (the terminal's when None): the grid, then
    the status, and every coup's calculation with `explain`. `narrow` (None: below 60 columns) shows the
    running scores first and says how to see the rest (`sheet --detail N`)."""
    from scorekeeper.cli.render import layout
    from scorekeeper.i18n import message

    game, drawn, width, narrow = _drawn(fiche, title, ascii, width, narrow)
    lines = layout.fiche_lines(drawn, width)
    more = game.after(fiche, narrow)
    if narrow and fiche.coups:
        more.append(message("sheet_width.on_demand"))
    if explain:
        more += game.explained(fiche, ascii)
    return lines + layout.prose(more, width)


def print_fiche(
    fiche: Any, title: str, ascii: bool, explain: bool, width: int | None = None, narrow: bool | None = None
) -> None:
    """The whole sheet (`fiche_lines`)."""
    print("\n".join(fiche_lines(fiche, title, ascii, explain, width, narrow)))


def row_lines(fiche: Any, index: int, ascii: bool, width: int | None = None, narrow: bool | None = None) -> list[str]:
    """The lines of the fiche's entry at `index` (from 0; -1 for the last), laid out as in the whole
    sheet at `width` (`fiche_lines`): a manche's line and the rule under it come with the coup that won it."""
    from scorekeeper.cli.render import layout

    _, drawn, width, _ = _drawn(fiche, "", ascii, width, narrow)
    return layout.row_lines(drawn, index, width)


def table_lines(
    fiche: Any, ascii: bool, before: tuple[int, ...] | None, width: int | None = None, narrow: bool | None = None
) -> tuple[list[str], tuple[int, ...]]:
    """What the guided table shows after a coup: the new line of the fiche (`row_lines`), or the whole grid
    again when its columns' widths are no longer `before` (those of what it showed last: a longer name,
    a wider score), so that what is on the screen stays aligned; and the widths now."""
    from scorekeeper.cli.render import layout

    _, drawn, width, _ = _drawn(fiche, "", ascii, width, narrow)
    widths = drawn.grid.column_widths(width)
    if widths == before and fiche.coups:
        return layout.row_lines(drawn, -1, width), widths
    return layout.fiche_lines(drawn, width), widths


def detail_lines(fiche: Any, number: int, ascii: bool, width: int | None = None) -> list[str]:
    """Coup `number` (from 1) in full, whatever the width: each column's header and cell with whole names,
    each side's score, then how it was computed (`sheet --detail N`)."""
    from scorekeeper.cli.render import layout
    from scorekeeper.i18n import message, text

    game, width = of(fiche), layout.width_of(width)
    sheet = game.sheet(fiche, ascii, layout.whole)
    row = sheet.rows[number - 1]
    pairs = [*zip(sheet.headers[1:], row.cells[1:], strict=True)]
    joined = message("join.list")
    pairs += [(side, joined.join(filter(None, (pair[0], label)))) for side, pair, label in _sides(sheet, row)]
    title = text("sheet_width.detail.title", number=number)
    return layout.detail(title, pairs, game.detail(fiche.coups[number - 1], ascii), width)


def _sides(sheet: Any, row: Any) -> list[tuple[str, tuple[str, str], str]]:
    labels = row.label or ("",) * len(sheet.sides)
    return list(zip(sheet.sides, row.figures, labels, strict=True))
