"""`scorekeeper redo`: put back what `undo` took."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import GAME, examples_of
from scorekeeper.cli.render import status
from scorekeeper.cli.terminal import out
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.redo"), epilog=examples_of("redo"))
def redo(game_name: str = GAME) -> None:
    what, fiche = service.redo(pick(game_name))
    out.words(text("cli.redone", what=what, status=status(fiche)))
