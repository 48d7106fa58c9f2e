"""`scorekeeper export`: the fiche as CSV, Markdown or one printable HTML page, to a file or stdout."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from scorekeeper import i18n, service
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import GAME, examples_of
from scorekeeper.cli.terminal import out, printable
from scorekeeper.errors import UserError
from scorekeeper.i18n import text
from scorekeeper.i18n.rulebook import described
from scorekeeper.present.paper import formats

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.export"), epilog=examples_of("export"))
def export(
    game_name: str = GAME,
    format: str = typer.Option(
        None, "--format", "-f", metavar="|".join(formats.FORMATS), help=text("help.export.format")
    ),
    output: Path = typer.Option(None, "--output", metavar=text("metavar.file"), help=text("help.export.output")),
    title: str = typer.Option(None, "--title", metavar=text("metavar.text"), help=text("help.export.title")),
    dialect: str = typer.Option(
        None, "--dialect", metavar="|".join(formats.DIALECTS), help=text("help.export.dialect")
    ),
) -> None:
    from scorekeeper.present import paper
    from scorekeeper.present.paper import chart

    wanted = format or (output.suffix.lstrip(".").lower() if output is not None else "") or "md"
    if wanted not in formats.FORMATS:
        raise UserError("export_format", given=wanted, formats=formats.FORMATS)
    if dialect is not None and dialect not in formats.DIALECTS:
        raise UserError("export_dialect", given=dialect, dialects=tuple(formats.DIALECTS))
    if dialect is not None and wanted != "csv":
        raise UserError("export_dialect_not_csv", format=wanted)
    if title is not None and wanted == "csv":
        raise UserError("export_title_csv")
    name = pick(game_name)
    the_game = service.read(name)
    fiche = service.fiche(the_game)
    data = paper.heading(the_game.name, fiche, service.aside(the_game))  # as typed, as `sheet --json` names it
    drawn = paper.engine_of(data).paper(data, fiche)
    table = paper.table(data, drawn)
    ruleset = described(service.ruleset_of(the_game))[0]
    lines = paper.lines(data, drawn)
    page = formats.WRITERS[wanted](
        formats.Page(
            title or f"{the_game.name} · {ruleset}",
            table,
            lines,
            lambda: chart.svg(paper.series(data, drawn.chart), decimal=i18n.message("number.decimal")),
            lambda: paper.sections(data, fiche),
            i18n.spoken().code,
            heading=title or ruleset,  # the page's own title: the game's name is the program's, not the table's
            about=tuple(paper.about(the_game, ruleset if title else None)),
            dialect=formats.DIALECTS[dialect or formats.dialect_of(i18n.spoken())],
            decimal=i18n.message("number.decimal"),
        )
    )
    page = escaped(page)  # a file as the terminal gets it: what a name or note holds never drives a terminal
    if output is None:
        if sys.stdout is not None:  # None: closed at start (`>&-`), where `print` too writes nothing
            getattr(sys.stdout, "typed", sys.stdout).write(page)  # escaped already: not a second time (`Escaping`)
        return
    service.write_export(output, page.encode("utf-8"))
    out.line(text("paper.written", path=str(output), format=wanted))


def escaped(page: str) -> str:
    """`page` as `printable` writes it, its control characters escaped. A page whose every character is
    printable but its line feeds and the non-breaking spaces of French marks has none: it is not searched
    character by character (docs/performance.md: 32 ms of CPU on the HTML of 2,000 coups of l'hombre, 5 ms so; those
    made spaces, not taken out, which copies the page a piece at a time: 4.3 ms to 2.9 ms)."""
    if page.replace("\n", " ").replace("\u00a0", " ").replace("\u202f", " ").isprintable():
        return page
    return printable(page)
