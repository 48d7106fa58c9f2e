"""`scorekeeper edit N`: replace what was said for a coup."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli import declare as d
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import ASCII, GAME, console, examples
from scorekeeper.cli.render import print_coup
from scorekeeper.errors import UserError

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(epilog=examples("scorekeeper edit 2 --points Panisse=50"))
def edit(
    number: int = typer.Argument(..., help="The coup to replace, from 1 (see `scorekeeper sheet`)."),
    game_name: str = GAME,
    retourne: str = d.RETOURNE,
    trump: str = d.TRUMP,
    chooser: str = d.CHOOSER,
    contre: str = d.CONTRE,
    surcontre: str = d.SURCONTRE,
    taker: str = d.TAKER,
    bid: int = d.BID,
    exchange: int = d.EXCHANGE,
    points: list[str] = d.POINTS,
    renonce: str = d.RENONCE,
    trick: list[str] = d.TRICK,
    tricks_file: str = d.TRICKS_FILE,
    let_renonce_pass: bool = d.LET_PASS,
    passed: bool = d.PASS,
    hombre: str = d.HOMBRE,
    contract: str = d.CONTRACT,
    tricks: str = d.TRICKS,
    matadors: int = d.MATADORS,
    vole_engagee: bool = d.VOLE_ENGAGEE,
    bids: str = d.BIDS,
    hand: str = d.HAND,
    trumps: str = d.TRUMPS,
    forced: bool = d.FORCED,
    ascii: bool = ASCII,
) -> None:
    """Replace what was said for coup N (what you do not give stays); every later figure is recomputed."""
    said = {key: value for key, value in locals().items() if key not in ("number", "game_name", "ascii")}
    changes = d.declaration(said)
    if not changes:
        raise UserError("nothing to change: give what was said differently, like --points or --trump")
    name = pick(game_name)
    fiche = service.edit(name, number, changes)
    console().print(f"coup {number} replaced", markup=False)
    print_coup(fiche.coups[number - 1], fiche, ascii)
