"""`scorekeeper use NAME`: make a game the current one."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli import complete
from scorekeeper.cli.options import console, examples_of
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.use"), epilog=examples_of("use"))
def use(name: str = typer.Argument(..., help=text("help.use.name"), autocompletion=complete.game_names)) -> None:
    game = service.use(name)
    console().print(text("games.current", name=game.name), markup=False)
