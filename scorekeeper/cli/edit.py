"""`scorekeeper edit N`: replace what was said for a coup."""

from __future__ import annotations

from typing import Any

import typer

from scorekeeper import service
from scorekeeper.cli import declare as d
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import ASCII, GAME, console, examples
from scorekeeper.cli.render import print_coup
from scorekeeper.errors import UserError

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(epilog=examples("scorekeeper edit 2 --points Panisse=50"))
@d.with_coup_options
def edit(
    number: int = typer.Argument(..., help="The coup to replace, from 1 (see `scorekeeper sheet`)."),
    game_name: str = GAME,
    ascii: bool = ASCII,
    *,
    said: dict[str, Any],
) -> None:
    """Replace what was said for coup N (what you do not give stays); every later figure is recomputed."""
    changes = d.declaration(said)
    if not changes:
        raise UserError("nothing to change: give what was said differently, like --points or --trump")
    name = pick(game_name)
    fiche = service.edit(name, number, changes)
    console().print(f"coup {number} replaced", markup=False)
    print_coup(fiche.coups[number - 1], fiche, ascii)
