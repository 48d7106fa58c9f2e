"""`scorekeeper use NAME`: make a game the current one."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli import complete
from scorekeeper.cli.options import examples_of
from scorekeeper.cli.terminal import out
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.use"), epilog=examples_of("use"))
def use(name: str = typer.Argument(..., help=text("help.use.name"), autocompletion=complete.game_names)) -> None:
    game = service.use(name)
    out.words(text("games.current", name=game.name))
