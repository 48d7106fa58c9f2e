"""`scorekeeper settle`: the end of a partie of l'hombre, who pays whom."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import GAME, JSON, examples_of, print_json
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.settle"), epilog=examples_of("settle"))
def settle(
    game_name: str = GAME,
    early: bool = typer.Option(False, "--early", help=text("help.settle.early")),
    json: bool = JSON,
) -> None:
    name = pick(game_name)
    settlement, fiche = service.settle(name, early)
    if json:
        print_json({"name": name, **settlement.as_dict()})
        return
    from scorekeeper.cli import render

    render.of(fiche).print_settlement(settlement, fiche)
