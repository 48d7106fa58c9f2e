"""`scorekeeper new`: start a game."""

from __future__ import annotations

import typer

from scorekeeper import i18n, rulesets, service
from scorekeeper.cli import complete
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import examples_of
from scorekeeper.cli.render import status
from scorekeeper.cli.terminal import out
from scorekeeper.errors import UserError
from scorekeeper.i18n import text
from scorekeeper.i18n.rulebook import described

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.new"), epilog=examples_of("new"))
def new(
    ruleset: str = typer.Argument(None, help=text("help.new.ruleset"), autocompletion=complete.ruleset_names),
    player: list[str] = typer.Option([], "--player", "-p", help=text("help.new.player")),
    game_name: str = typer.Option(None, "--game", "-g", help=text("help.new.game")),
    dealer: str = typer.Option(None, "--dealer", help=text("help.new.dealer")),
    option: list[str] = typer.Option([], "--option", "-o", help=text("help.new.option")),
    again: bool = typer.Option(False, "--again", help=text("help.new.again")),
) -> None:
    if again:
        if ruleset is not None or player or dealer is not None or option:
            raise UserError("again_alone")
        created = service.again(pick(None), game_name)  # on `new`, --game names the new game
    else:
        if ruleset is None or not player:
            raise UserError("new_needs", what="RULESET" if ruleset is None else "--player")
        options = dict(rulesets.parse_option(text) for text in option)
        created = service.new(ruleset, player, dealer=dealer, options=options, name=game_name, lang=i18n.spoken().code)
    fiche = service.fiche(created)
    title = described(service.ruleset_of(created))[0]
    out.show(text("cli.new_game", name=created.name, title=title, players=created.players), markup=False)
    out.show(status(fiche), markup=False)
