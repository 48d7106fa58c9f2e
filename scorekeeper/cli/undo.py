"""`scorekeeper undo`: take back the last coup or edit."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import GAME, console, examples
from scorekeeper.cli.render import status

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(epilog=examples("scorekeeper undo   (then `scorekeeper redo` puts it back)"))
def undo(game_name: str = GAME) -> None:
    """Take back the last coup or edit. `redo` puts it back."""
    what, fiche = service.undo(pick(game_name))
    console().print(f"undone: {what}. {status(fiche)}", markup=False)
