"""`scorekeeper games`: the games, with the current one marked."""

from __future__ import annotations

import typer

from scorekeeper import service, store
from scorekeeper.cli.options import JSON, console, examples_of, print_json
from scorekeeper.cli.render import short_status
from scorekeeper.errors import UserError
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.games"), epilog=examples_of("games"))
def games(json: bool = JSON) -> None:
    current = store.current_name()
    rows = []
    for name in store.all_names():
        try:
            the_game = store.read(name)
            fiche = service.fiche(the_game)
            state = short_status(fiche)
            row = {
                "name": name,
                "ruleset": the_game.ruleset_name,
                "players": the_game.players,
                "coups": len(the_game.coups),
            }
        except UserError as error:
            state = text("cli.games.unreadable", error=error)
            row = {"name": name, "ruleset": None, "players": [], "coups": None}
        rows.append({**row, "current": name == current, "state": state})
    if json:
        print_json(rows)
        return
    if not rows:
        console().print(text("cli.games.none"), markup=False)
        return
    from rich.table import Table
    from rich.text import Text

    table = Table()
    table.add_column("")  # the current game's mark
    for column in (
        "cli.games.column.game",
        "cli.games.column.ruleset",
        "cli.games.column.players",
        "cli.games.column.coups",
        "cli.games.column.state",
    ):
        table.add_column(text(column))
    for row in rows:
        coups = "" if row["coups"] is None else str(row["coups"])
        cells = ("*" if row["current"] else "", row["name"], row["ruleset"] or "", ", ".join(row["players"]))
        table.add_row(*map(Text, (*cells, coups, row["state"])))  # names from game files are text, not markup
    console().print(table)
