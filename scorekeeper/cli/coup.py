"""`scorekeeper coup`: enter the next coup."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli import declare as d
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import ASCII, GAME
from scorekeeper.cli.render import print_coup

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(epilog=d.COUP_EXAMPLE)
def coup(
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
    """Enter the next coup: how trump was set and the calls, then the points, a renonce, or the trick log."""
    said = {key: value for key, value in locals().items() if key not in ("game_name", "ascii")}
    name = pick(game_name)
    fiche = service.add(name, d.declaration(said))
    print_coup(fiche.coups[-1], fiche, ascii)
