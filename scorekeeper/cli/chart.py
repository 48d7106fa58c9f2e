"""`scorekeeper chart`: the partie entry by entry in the terminal, in 80 columns at most."""

from __future__ import annotations

import shutil

import typer

from scorekeeper import service, store
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import ASCII, GAME, examples_of
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.chart"), epilog=examples_of("chart"))
def chart(game_name: str = GAME, ascii: bool = ASCII) -> None:
    from scorekeeper.cli import paper
    from scorekeeper.cli.paper.chart import terminal

    name = pick(game_name)
    the_game = store.read(name)
    data = paper.as_data(the_game.name, service.fiche(the_game), service.aside(the_game))
    width = min(80, shutil.get_terminal_size((80, 24)).columns)
    print(terminal(paper.of(data).series(data), width=width, ascii=ascii))
