"""Any game's sheet, status and records in words: the one renderer of what a game says as data
(`scorekeeper.games.sheet`), for every screen (issue 42: the terminal's `cli.render`, the pages of `serve`).

`say` puts a cell in words, the names as the caller wants them (whole, or shortened to fit); `shown` a
whole sheet; `status` and `short_status` where a partie stands. Nothing here writes anywhere, nor asks
what the screen is: a settled bête is struck through by the `strike` the screen gives (the terminal's
escape where it shows it), else left as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum
from typing import Any

from scorekeeper.cards import Card
from scorekeeper.explain import Record
from scorekeeper.games.sheet import Joined, Row, Sheet, Struck, Who
from scorekeeper.i18n import message, number, render, text


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

    __slots__ = ("ascii", "name", "strike", "found", "shown", "said")

    def __init__(
        self, ascii: bool = False, name: Callable[[Any], Any] = whole, strike: Callable[[str], str] = str
    ) -> None:
        self.ascii = ascii
        self.name = name
        self.strike = (
            strike  # a settled bête's words struck through: the terminal's way (`cli.render`), else as they are
        )
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
            return self.strike(self(cell.cell))
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


def say(cell: Any, ascii: bool = False, name: Callable[[Any], Any] = whole, strike: Callable[[str], str] = str) -> str:
    """One cell in words (`Words`)."""
    return Words(ascii, name, strike)(cell)


def _engine(fiche: Any) -> Any:
    from scorekeeper.games import get

    return get(fiche.game)


def status(fiche: Any, strike: Callable[[str], str] = str) -> str:
    """Where the partie stands, in one line."""
    return say(_engine(fiche).status(fiche), strike=strike)


def short_status(fiche: Any, strike: Callable[[str], str] = str) -> str:
    """The state of a game for the list of games."""
    return say(_engine(fiche).short_status(fiche), strike=strike)


def shown(sheet: Sheet, ascii: bool, name: Callable[[Any], Any], strike: Callable[[str], str] = str) -> Sheet:
    """`sheet` in words, each player named by `name`: a cell a string, each side's figures as the table
    writes them (`+16 = 30` for a coup that scored, the running score alone)."""
    words = Words(ascii, name, strike)
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
