"""A game's fiche as the page draws it, in one language: its title, where the partie stands, the fiche's
columns and rows in words (the same paper data `export` writes, from the data `sheet --json` gives), the
game's notes. A plain dict: the template draws it first, then the page's script from each event.

On a phone (below 600 px, the style sheet's choice) the fiche is the terminal's narrow sheet (`sheet
--narrow`) drawn from the same cells: the entry's number, each side's running total under its short name
(`present.labels`), and the game's short marks (trump, the manche won); what was said, the outcome and the
note folded into a line under the entry; the rest (time, dealer, each coup's own figures) left to a wide
screen. Each column says how it shows there (`phone`): its short header, or None where it gives way."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

from scorekeeper import i18n, service
from scorekeeper.language import Language
from scorekeeper.service.session import Session

_STYLE = re.compile(r"\x1b\[[0-9;]*m")  # a struck-through cell at a terminal: the page has no terminal


@contextlib.contextmanager
def speaking(code: str) -> Iterator[Language]:
    """The language `code` in effect for a while: the server speaks each viewer's in turn, never two at once
    (its handlers run on one event loop and render without awaiting)."""
    was = i18n.spoken()
    language = Language.named(code)
    i18n.speak(language)
    try:
        yield language
    finally:
        i18n.speak(was)


def language_of(asked: str | None, accepted: str | None) -> str:
    """The viewer's language: `?lang=`, else the first of the browser's `Accept-Language` spoken here
    (by its weight), else the default."""
    if asked and (code := i18n.language_code(asked)):
        return code
    weighted = []
    for order, part in enumerate((accepted or "").split(",")[:20]):
        tag, _, rest = part.strip().partition(";")
        weight = 1.0
        if rest.strip().startswith("q="):
            try:
                weight = float(rest.strip()[2:])
            except ValueError:
                weight = 0.0
        weighted.append((-weight, order, tag.strip()))
    for _, _, tag in sorted(weighted):
        if tag and tag != "*" and (code := i18n.language_code(tag)):
            return code
    return i18n.language_of(None, {})


def fiche_view(session: Session, code: str) -> dict[str, Any]:
    """The fiche of the game `session` holds, in language `code`."""
    from scorekeeper.i18n.rulebook import described
    from scorekeeper.present import paper
    from scorekeeper.present.paper import Moment
    from scorekeeper.present.words import status

    with speaking(code):
        fiche = session.fiche()
        data = paper.heading(session.name, fiche, service.aside(session.ledger))
        drawn = paper.engine_of(data).paper(data, fiche)
        table = paper.table(data, drawn)
        rows = [[_cell(value, Moment) for value in row] for row in table.rows]
        said = _plain(status(fiche))
        columns = [None, None, *drawn.columns, None]  # the number, the time, the game's, the note
        roles = [_NUMBER, None, *(_role(column) for column in drawn.columns), _FOLDED]
        phone = _phone_headers(roles, columns, table.headers, fiche.players)
        folded = [at for at, role in enumerate(roles) if role == _FOLDED]
        return {
            "lang": code,
            "name": session.name,
            "title": f"{session.name} · {described(session.ruleset)[0]}",
            "status": said,
            "headers": [_plain(header) for header in table.headers],
            "rows": rows,
            "phone": phone,
            "under": [" · ".join(row[at][0] for at in folded if row[at][0]) for row in rows],
            "lines": [line for line in map(_plain, paper.lines(data, drawn)) if line != said],  # said above
            "over": fiche.over,
            "count": len(fiche.coups),
            "entries": len(session.ledger.coups),  # what the entry's forms are for: a post for another is stale
        }


# How a column shows on a phone, by the catalog key of its header (`Game.paper`'s columns): a running total
# under its side's short name, a short mark kept as it is, words folded under the entry; any other column
# (the time, the dealer, each coup's own figures, a column a game adds later) gives way to the totals.
_NUMBER, _TOTAL, _MARK, _FOLDED = "number", "total", "mark", "folded"
_ROLES = {
    "paper.col.score": _TOTAL,
    "paper.col.balance": _TOTAL,
    "paper.col.trump": _MARK,
    "paper.col.manche": _MARK,
    "paper.col.said": _FOLDED,
    "paper.col.outcome": _FOLDED,
}


def _role(column: Any) -> str | None:
    return _ROLES.get(getattr(column, "event", ""))


def _phone_headers(roles: list[str | None], columns: list[Any], headers: list[str], players: Any) -> list[str | None]:
    """Each column's header on a phone: a side's total by its short name, as `sheet --narrow` heads it
    (`César & Esc`), a kept column by its own header, None for a column that gives way or folds under."""
    from scorekeeper.explain import Record
    from scorekeeper.games.sheet import said
    from scorekeeper.present.labels import labels, shortener
    from scorekeeper.present.words import say

    shorten = shortener(labels(list(players)))
    shown: list[str | None] = []
    for role, header, column in zip(roles, headers, columns, strict=True):
        if role == _TOTAL:
            side = column.values["side"]
            if isinstance(side, Record):
                side = said(side.event, **{key: shorten(value) for key, value in side.values.items()})
            shown.append(_plain(say(shorten(side))))
        elif role in (_NUMBER, _MARK):
            shown.append(_plain(header))
        else:
            shown.append(None)
    return shown


def _cell(value: Any, moment: type) -> list[Any]:
    """A cell as [its words, whether it is a figure] (a figure is aligned right)."""
    from scorekeeper.present.paper import figure

    if isinstance(value, moment):
        return [value.short(), False]  # type: ignore[attr-defined]
    if isinstance(value, float) and not value.is_integer():  # a half as the viewer's language writes it (13,5)
        return [figure(value).replace(".", i18n.message("number.decimal")), True]
    return [_plain(figure(value)), isinstance(value, int | float)]


def _plain(words: str) -> str:
    return _STYLE.sub("", words)


def board_view(name: str, code: str) -> dict[str, Any]:
    """Concours `name`'s board in language `code`: the round's tables (who plays where, and how each
    stands: its result, its partie as it goes, or waiting), who sits out, and the standing after the last
    complete round, which is the final ranking with its prizes once the last round is complete (T-7)."""
    from scorekeeper.concours.links import table_path
    from scorekeeper.concours.standing import outcome
    from scorekeeper.service import concours as organiser

    with speaking(code):
        damaged: dict[str, Any] = {}  # a table's game that cannot be read: its reason on its table, the rest shown
        ranked = organiser.standing(name, damaged=damaged)
        concours = ranked.concours
        drawn = concours.current
        found = {} if drawn is None else organiser.outcomes(concours, drawn.number, damaged)
        tables = []
        for table in drawn.tables if drawn is not None else ():
            result = None if table.forfeit else outcome(table, found)
            tables.append(
                {
                    "id": table_path(drawn.number, table.number),
                    "table": i18n.text("web.board.table", table=table.number),
                    "sides": [
                        {"name": organiser.side_name(concours, side), **_side(table, result, at)}
                        for at, side in enumerate(table.sides)
                    ],
                    "seats": " · ".join(table.seats),
                    "state": _table_state(concours, table, result, damaged.get(table.game)),
                    "done": bool(result is not None or table.forfeit),
                }
            )
        rounds = concours.settings.rounds
        final = ranked.round == rounds and ranked.round > 0
        alone = concours.settings.alone  # l'hombre's tables: each player's jetons or points, contracts made
        measures = [concours.settings.figure, "made"] if alone else ["won", "points", "difference"]
        keys = ["place", "team", *measures] + (["prize"] if final and concours.settings.prizes else [])
        # where each team plays now, or next (issue 41); a hold plays at four tables, each card names its players
        playing = drawn is not None and not final and concours.settings.format != "quadrettes"
        if playing:
            keys.append("plays")
        where = (
            {}
            if drawn is None
            else {
                number: table
                for table in drawn.tables
                if not (table.forfeit or outcome(table, found))
                for number in table.entrants
            }
        )
        rows = []
        listed = organiser.prizes(ranked) if "prize" in keys else [(row, None) for row in ranked.rows]
        for row, award in listed if ranked.round else ():  # before a round is complete, no order
            cells: list[Any] = [
                row.place,
                concours.entrant(row.entrant).name,
                *map(_figure, (row.points, row.manches) if alone else (row.won, row.points, row.difference)),
            ]
            if "prize" in keys:  # the printed list's very prize, from the one function (T-7, T-10)
                from scorekeeper.present.paper.concours import award_shown

                cells.append(award_shown(award))
            if playing:
                sitting = drawn is not None and row.entrant in drawn.byes
                at = where.get(row.entrant)
                cells.append(i18n.text("web.board.sits_out") if sitting else "" if at is None else str(at.number))
            rows.append(cells)
        if final:
            heading = i18n.text("web.board.prizes" if concours.settings.prizes else "web.board.final")
        elif ranked.round:
            heading = i18n.text("web.board.standing", round=ranked.round)
        else:
            heading = i18n.text("web.board.no_standing")
        byes = [] if drawn is None else [concours.entrant(number).name for number in drawn.byes]
        return {
            "lang": code,
            "name": concours.name,
            "title": i18n.text("web.board.title", name=concours.name),
            "round": i18n.text("web.board.round", round=drawn.number, rounds=rounds)
            if drawn is not None
            else i18n.text("web.board.no_round"),
            "tables": tables,
            "byes": i18n.text("web.board.byes", teams=byes) if byes else "",
            "heading": heading,
            "headers": [i18n.text(f"web.board.column.{key}") for key in keys],
            "rows_page": i18n.message("web.board.rows_page"),  # its figures filled by the page's script
            "rows": rows,
            "final": final,
            "page": i18n.message("web.board.page"),  # its figures filled by the page's script
        }


def _figure(value: float) -> str:
    """A figure as the standing says it: whole where it is whole, a draw's half kept (1.5)."""
    return str(int(value)) if float(value).is_integer() else str(value).replace(".", i18n.message("number.decimal"))


def _side(table: Any, result: Any, at: int) -> dict[str, Any]:
    """A side of a table on the board: its points once the table has a result, and whether it won (a
    forfeit is won by the side that stayed: T-5)."""
    if table.forfeit:
        return {"figure": "", "won": not set(table.sides[at]) & set(table.forfeit)}
    if result is None:
        return {"figure": "", "won": False}
    return {"figure": _figure(result.points[at]), "won": result.won[at] == 1.0}


def _table_state(concours: Any, table: Any, result: Any, damaged: Any = None) -> str:
    """How a table stands, in one line: forfeited, finished, its partie as it goes, or waiting; where its
    game cannot be read, why (issue 41)."""
    from scorekeeper.errors import UserError
    from scorekeeper.present.said import at_the_table
    from scorekeeper.service.board import partie

    if table.forfeit:
        return i18n.text("web.board.forfeit", team=concours.entrant(table.forfeit[0]).name)
    if result is not None:
        return i18n.text("web.board.finished")
    if damaged is not None:
        return at_the_table(damaged)
    try:
        sheet = partie(table)
    except UserError as error:
        return at_the_table(error)
    if sheet is None:
        return i18n.text("web.board.waiting")
    from scorekeeper.present.words import short_status

    return _plain(short_status(sheet))
