"""`scorekeeper settle`: the end of a partie with money, who pays whom; `--statement NAME`, one player's own."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli import complete
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import GAME, JSON, examples_of
from scorekeeper.cli.terminal import out
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.settle"), epilog=examples_of("settle"))
def settle(
    game_name: str = GAME,
    early: bool = typer.Option(False, "--early", help=text("help.settle.early")),
    whole: bool = typer.Option(False, "--whole", help=text("help.settle.whole")),
    rate: str = typer.Option(None, "--rate", metavar=text("metavar.rate"), help=text("help.settle.rate")),
    team: list[str] = typer.Option([], "--team", metavar=text("metavar.team"), help=text("help.settle.team")),
    statement: str = typer.Option(
        None,
        "--statement",
        metavar=text("metavar.name"),
        help=text("help.settle.statement"),
        autocompletion=complete.player_names,
    ),
    json: bool = JSON,
) -> None:
    name = pick(game_name)
    if statement is not None:
        mine, fiche, settled = service.statement(name, statement, early, whole, rate)
        if json:
            out.json({"name": name, **mine.as_dict()})
            return
        from scorekeeper.games import get
        from scorekeeper.present import paper

        said = get(fiche.game).statement_said(fiche, mine, settled)
        out.lines(map(paper.say, said))
        return
    settlement, fiche = service.settle(name, early, whole, rate, team)
    if json:
        out.json({"name": name, **settlement.as_dict()})
        return
    from scorekeeper.cli.render import print_settlement

    print_settlement(settlement, fiche)
