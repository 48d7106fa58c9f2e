"""`scorekeeper sheet`: the fiche of a game."""

from __future__ import annotations

import sys

import typer

from scorekeeper import clock, service
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import ASCII, EXPLAIN, GAME, JSON, NARROW, examples_of
from scorekeeper.cli.render import detail_lines, fiche_lines
from scorekeeper.cli.render.layout import prose, width_of
from scorekeeper.cli.terminal import json_text, out, printable
from scorekeeper.errors import UserError
from scorekeeper.i18n import dates, text
from scorekeeper.i18n.rulebook import described
from scorekeeper.present.sheet import as_json

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.sheet"), epilog=examples_of("sheet"))
def sheet(
    game_name: str = GAME,
    json: bool = JSON,
    explain: bool = EXPLAIN,
    ascii: bool = ASCII,
    narrow: bool = NARROW,
    detail: int | None = typer.Option(None, "--detail", metavar="N", help=text("help.sheet.detail")),
) -> None:
    name = pick(game_name)
    the_game = service.read(name)
    fiche = service.fiche(the_game)
    aside = service.aside(the_game)
    if detail is not None and not 1 <= detail <= len(fiche.coups):
        raise UserError("no_coup", number=detail, name=the_game.name, count=len(fiche.coups))
    if json:
        data = as_json(the_game, fiche)
        _show(name, json_text(data["coups"][detail - 1] if detail is not None else data))
        return
    width = width_of()
    if detail is not None:
        kept = aside["entries"][detail - 1] if detail <= len(aside["entries"]) else {}
        lines = detail_lines(fiche, detail, ascii, width)
        _show(name, "\n".join(lines + prose([_note(detail, kept)] if "note" in kept else [], width)) + "\n")
        return
    title = f"{the_game.name} · {described(service.ruleset_of(the_game))[0]}"
    noted = frozenset(number for number, kept in enumerate(aside["entries"], 1) if "note" in kept)
    lines = fiche_lines(fiche, title, ascii, explain, width, narrow or None, noted)
    _show(name, "\n".join(lines + prose(_aside(aside), width)) + "\n")


def _show(name: str, text: str) -> None:
    """`text` printed, and kept as the bytes it was written as for the next `sheet` of game `name` asked the
    same way (`scorekeeper.kept`): escaped once (`printable`, as `Escaping` escapes), and encoded as the
    stream beneath writes it."""
    beneath = getattr(sys.stdout, "typed", None)  # `Escaping`'s stream, which writes what it is given
    if beneath is None:  # closed at start (`>&-`: nothing, as `print` writes), or no command's run: not kept
        out.line(text, end="")
        return
    printed = printable(text, styles=True)
    beneath.write(printed)
    sys.stdout.flush()  # printed whole, or failed here: a failed output keeps nothing
    from scorekeeper import kept  # loaded by `cli.main` already; named here, as the sheet's own notes are `kept`

    if kept.waiting(name):
        stream = beneath.stream
        try:
            body = printed.encode(stream.encoding, stream.errors)
        except (UnicodeError, LookupError, TypeError):
            return
        kept.keep(name, body)


def _when(iso: str) -> str:
    return clock.shown(iso, dates=dates())


def _note(number: int, kept: dict) -> str:
    return text("sheet.note", number=number, when=_when(kept["time"]) if "time" in kept else "", note=kept["note"])


def _aside(aside: dict) -> list[str]:
    """Under the sheet: when its entries were said, the notes on entries and on the game, each with its
    time, and a stop by agreement."""
    times = [kept["time"] for kept in aside["entries"] if "time" in kept]
    lines = []
    if times:
        first, last = clock.earliest(times) or min(times), clock.latest(times) or max(times)
        # An evening's entries: the day once, the last by its time alone.
        until = clock.shown_time(last, dates()) if clock.same_day(first, last) else _when(last)
        lines.append(text("sheet.times", first=_when(first), last=until))
    lines += [_note(number, kept) for number, kept in enumerate(aside["entries"], 1) if "note" in kept]
    lines += [text("sheet.game_note", when=_when(note["time"]), note=note["text"]) for note in aside["notes"]]
    if aside["stopped"] is not None:
        lines.append(text("sheet.stopped", when=_when(aside["stopped"]["time"]), reason=aside["stopped"]["reason"]))
    return lines
