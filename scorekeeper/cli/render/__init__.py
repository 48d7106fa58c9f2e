"""Drawing any game's sheet: the one renderer of what a game says as data (`scorekeeper.games.sheet`).

A game gives its sheet, its status and its explanations as catalog keys, values and records; `say`
puts a cell in words, the names as the layout wants them (whole, or shortened to fit); `layout`
fits the sheet to the screen. The functions below are what the commands call: `status`,
`short_status`, `print_coup`, `fiche_lines` (the whole sheet), `row_lines` and `table_lines` (the
guided table's), `detail_lines` (`sheet --detail N`) and `print_settlement`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.cards import Card
from scorekeeper.explain import Record
from scorekeeper.games.sheet import Joined, Row, Sheet, Struck, Who
from scorekeeper.i18n import message, number, render, text

if TYPE_CHECKING:
    from scorekeeper.cli.render.layout import Drawn


def whole(value: Any) -> str:
    """A player, a mort's seat or a side in full."""
    return value if type(value) is str else render(value)


class Words:
    """Cells put in words, in the language in effect: a record from the catalog (with its rule id after it
    if it has one), a player as `name` says him, cells joined, a figure as the table reads it, a card in
    the letters of the language (C-2, ASCII letters with `ascii`).

    One is made for a sheet: the catalog's words of a key, and a card in words, are looked up once a
    sheet, not once a cell (bench/'s 500-coup sheet says some 3,500 cells: put in words in 6.1 ms without
    these and `shown` leaving a cell said already as it is, 2.9 ms with them; the sheet as drawn before
    its data was the game's took 4.6 ms to build).
    """

    __slots__ = ("ascii", "name", "found", "shown", "said")

    def __init__(self, ascii: bool = False, name: Callable[[Any], Any] = whole) -> None:
        self.ascii = ascii
        self.name = name
        self.found: dict[str, str] = {}  # a catalog key's words
        self.shown: dict[Any, str] = {}  # a card, a suit or a figure in words
        self.said: dict[Any, str] = {}  # a cell of words (a record, cells joined) by its hashable values

    def message(self, key: str) -> str:
        found = self.found.get(key)
        if found is None:
            found = self.found[key] = message(key)
        return found

    def __call__(self, cell: Any) -> str:
        kind = type(cell)
        if kind is str:
            return cell  # type: ignore[no-any-return]
        if kind is Record:
            if cell.rule is not None:  # a line of a log: its values are the engine's own
                return render(cell, self.ascii)
            values = cell.values
            if not values:
                return self.message(cell.event)
            return self._said(cell.event, values.values(), cell, self._record)
        if kind is Who:
            return str(self.name(cell.value))
        if kind is Joined:
            return self._said(cell.by, cell.items, cell, self._joined)
        if kind is Struck:
            return _struck(self(cell.cell))
        shown = self.shown.get(cell)
        if shown is None:
            shown = self.shown[cell] = render(cell, self.ascii)
        return shown

    def _said(self, words: str, values: Iterable[Any], cell: Any, say: Callable[[Any], str]) -> str:
        """`cell` (its catalog key `words` and its `values`) said by `say` once a sheet: a long partie says
        the same cells again and again (`renonce Panisse`, `38-30`). Only values of plain kinds make the key,
        each with its type (1 and 1.0, an enum's member and its value, are equal keys of other words); a cell
        holding anything else is said every time. On 2,000 coups `shown` went from 10.3 to 6.0 ms (manille),
        from 36.6 to 15.5 ms (l'hombre) (issue 28)."""
        key: list[Any] = [type(cell), words]  # a record's event and cells joined by the same words: two keys
        for value in values:
            kind = type(value)
            if not (kind is str or kind is int or kind is Who or kind is Card or isinstance(value, Enum)):
                return say(cell)
            key += (kind, value)
        found = self.said.get(keyed := tuple(key))
        if found is None:
            found = self.said[keyed] = say(cell)
        return found

    def _record(self, cell: Record) -> str:
        return text(cell.event, ascii=self.ascii, **{key: self.value(value) for key, value in cell.values.items()})

    def _joined(self, cell: Joined) -> str:
        return self.message(cell.by).join([said for said in map(self, cell.items) if said])

    def value(self, value: Any) -> Any:
        """A record's value as the catalog fills it: what only the edge can say put in words first."""
        kind = type(value)
        if kind is str or kind is int:
            return value
        if kind is Record or kind is Who or kind is Joined or kind is Struck:
            return self(value)
        if kind is list or kind is tuple:
            return [self.value(item) for item in value]
        return value


def say(cell: Any, ascii: bool = False, name: Callable[[Any], Any] = whole) -> str:
    """One cell in words (`Words`)."""
    return Words(ascii, name)(cell)


def _struck(words: str) -> str:
    """Struck through at a terminal that shows it (a bête settled); plain text elsewhere."""
    from scorekeeper.cli.terminal import styled

    return f"\033[9m{words}\033[0m" if styled() else words


def _engine(fiche: Any) -> Any:
    from scorekeeper.games import get

    return get(fiche.game)


def status(fiche: Any) -> str:
    """Where the partie stands, in one line."""
    return say(_engine(fiche).status(fiche))


def short_status(fiche: Any) -> str:
    """The state of a game for the list of games."""
    return say(_engine(fiche).short_status(fiche))


def print_coup(result: Any, fiche: Any, ascii: bool) -> None:
    """What `coup`, `edit` print: the coup's log as its game tells it, and the status line; at a terminal,
    broken at its width between words (never inside a word: `Pani / sse`)."""
    import sys

    lines = [*(render(line, ascii) for line in _engine(fiche).echo(result)), status(fiche)]
    if sys.stdout.isatty():
        from scorekeeper.cli.render import layout

        lines = layout.prose(lines, layout.width_of())
    print("\n".join(lines))


def print_settlement(settlement: Any, fiche: Any) -> None:
    """The end of a partie with money, as its game tells it: who pays whom."""
    print("\n".join(say(line) for line in _engine(fiche).settlement(settlement)))


def shown(sheet: Sheet, ascii: bool, name: Callable[[Any], Any]) -> Sheet:
    """`sheet` in words, each player named by `name`: a cell a string, each side's figures as the table
    writes them (`+16 = 30` for a coup that scored, the running score alone)."""
    words = Words(ascii, name)
    figured: dict[tuple[Any, Any], tuple[str, str]] = {}  # a long partie meets the same figures again
    rows = []
    for row in sheet.rows:
        figures = []
        for pair in row.figures:
            found = figured.get(pair)
            if found is None:
                found = figured[pair] = _figures(*pair)
            figures.append(found)
        label = None if row.label is None else tuple(map(words, row.label))
        cells = tuple([cell if type(cell) is str else words(cell) for cell in row.cells])  # most are said already
        rows.append(Row(cells, tuple(figures), row.mark if type(row.mark) is str else words(row.mark), label))
    headers = tuple(map(words.message, sheet.headers))
    return Sheet(sheet.keys, headers, sheet.figures, tuple(map(words, sheet.sides)), tuple(rows))


def _figures(coup: Any, running: Any) -> tuple[str, str]:
    """A side's figures for an entry: what it scored and its running score (`+16 = 30`: notation, the same
    in every language, as a figure's sign is), then the running one alone."""
    score = str(running) if type(running) is int else number(running)
    if not coup:
        return score, score
    signed = str(coup) if type(coup) is int else number(coup)
    return f"{'+' if coup > 0 else ''}{signed} = {score}", score


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
    print("\n".join(fiche_lines(fiche, title, ascii, explain, width, narrow)))


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
