"""`scorekeeper new`: start a game."""

from __future__ import annotations

import typer

from scorekeeper import rulesets, service
from scorekeeper.cli.options import console, examples
from scorekeeper.cli.render import status

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(
    epilog=examples(
        "scorekeeper new manille-muette --player César --player Panisse --player Escartefigue --player Brun",
        "scorekeeper new manille-muette -p A -p B -p C -p D --game cafe --dealer B --option partie=seche",
    )
)
def new(
    ruleset: str = typer.Argument(..., help="A shipped ruleset (`scorekeeper rules list`) or a path to a TOML file."),
    player: list[str] = typer.Option(..., "--player", "-p", help="A player, in seating order; repeat for each."),
    game_name: str = typer.Option(None, "--game", "-g", help="Name of the new game. Default: RULESET-N."),
    dealer: str = typer.Option(None, "--dealer", help="Who deals first. Default: the first player listed."),
    option: list[str] = typer.Option(
        [], "--option", "-o", help="KEY=VALUE: a house rule for this game, like partie=seche."
    ),
) -> None:
    """Start a game; it becomes the current one."""
    options = dict(rulesets.parse_option(text) for text in option)
    created = service.new(ruleset, player, dealer=dealer, options=options, name=game_name)
    fiche = service.fiche(created)
    out = console()
    out.print(
        f"new game {created.name}: {service.ruleset_of(created).title}, {', '.join(created.players)}", markup=False
    )
    out.print(status(fiche), markup=False)
