"""`scorekeeper sheet`: the fiche of a game."""

from __future__ import annotations

import typer

from scorekeeper import service, store
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import ASCII, EXPLAIN, GAME, JSON, examples_of, print_json
from scorekeeper.cli.render import print_fiche
from scorekeeper.i18n import text
from scorekeeper.i18n.rulebook import described

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.sheet"), epilog=examples_of("sheet"))
def sheet(
    game_name: str = GAME,
    json: bool = JSON,
    explain: bool = EXPLAIN,
    ascii: bool = ASCII,
) -> None:
    name = pick(game_name)
    the_game = store.read(name)
    fiche = service.fiche(the_game)
    if json:
        print_json({"name": name, **fiche.as_dict()})
        return
    print_fiche(fiche, f"{name} · {described(service.ruleset_of(the_game))[0]}", ascii, explain)
