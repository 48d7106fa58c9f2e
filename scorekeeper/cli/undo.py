"""`scorekeeper undo`: take back the last coup or edit."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import GAME, examples_of
from scorekeeper.cli.render import status
from scorekeeper.cli.terminal import out
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.undo"), epilog=examples_of("undo"))
def undo(game_name: str = GAME) -> None:
    what, fiche = service.undo(pick(game_name))
    out.words(text("cli.undone", what=what, status=status(fiche)))
