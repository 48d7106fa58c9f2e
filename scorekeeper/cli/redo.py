"""`scorekeeper redo`: put back what `undo` took."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import GAME, console, examples
from scorekeeper.cli.render import status

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(epilog=examples("scorekeeper redo"))
def redo(game_name: str = GAME) -> None:
    """Put back what `undo` took."""
    what, fiche = service.redo(pick(game_name))
    console().print(f"redone: {what}. {status(fiche)}", markup=False)
