"""`scorekeeper settle`: the end of a partie of l'hombre, who pays whom."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import GAME, JSON, examples, print_json

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(epilog=examples("scorekeeper settle", "scorekeeper settle --early --json"))
def settle(
    game_name: str = GAME,
    early: bool = typer.Option(False, "--early", help="Settle before the end: the table stops here (H-19)."),
    json: bool = JSON,
) -> None:
    """L'hombre: the end of the partie (H-19): the bêtes left split, each result, who pays whom in fiches."""
    name = pick(game_name)
    settlement, fiche = service.settle(name, early)
    if json:
        print_json({"name": name, **settlement.as_dict()})
        return
    from scorekeeper.cli import render

    render.of(fiche).print_settlement(settlement, fiche)
