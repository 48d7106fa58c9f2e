"""`scorekeeper chart`: the partie entry by entry in the terminal, in 80 columns at most."""

from __future__ import annotations

import shutil
from pathlib import Path

import typer

from scorekeeper import service
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import ASCII, GAME, JSON, examples_of
from scorekeeper.cli.terminal import out
from scorekeeper.errors import UserError
from scorekeeper.i18n import message, text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.chart"), epilog=examples_of("chart"))
def chart(
    game_name: str = GAME,
    ascii: bool = ASCII,
    json: bool = JSON,
    svg: Path = typer.Option(None, "--svg", metavar=text("metavar.file"), help=text("help.chart.svg")),
) -> None:
    from scorekeeper.present import paper
    from scorekeeper.present.paper.chart import terminal

    if svg is not None and json:
        raise UserError("chart_svg_json")
    name = pick(game_name)
    the_game = service.read(name)
    fiche = service.fiche(the_game)
    data = paper.heading(the_game.name, fiche, service.aside(the_game))
    series = paper.series(data, paper.engine_of(data).chart(data, fiche))
    if svg is not None:  # the page's own chart, for a message to the table's group
        from scorekeeper.cli.terminal import printable
        from scorekeeper.present.paper.chart import svg as drawn

        drawing = drawn(series, decimal=message("number.decimal"))
        image = '<?xml version="1.0" encoding="utf-8"?>\n' + printable(drawing) + "\n"
        service.write_export(svg, image.encode("utf-8"))
        out.line(text("paper.written", path=str(svg), format="svg"))
        return
    if json:  # the chart's data: each line's values entry by entry, and the marks across it
        lines = [{"label": label, "values": values} for label, values in series.lines]
        marks = [{"at": mark.at, "label": mark.label} for mark in series.marks]
        out.json({"name": the_game.name, "title": series.title, "lines": lines, "marks": marks})
        return
    width = min(80, shutil.get_terminal_size((80, 24)).columns)
    out.line(terminal(series, width=width, ascii=ascii, decimal=message("number.decimal")))
