"""`scorekeeper games`: the games, with the current one marked."""

from __future__ import annotations

import typer

from scorekeeper import service, store
from scorekeeper.cli.options import JSON, console, examples, print_json
from scorekeeper.cli.render import short_status
from scorekeeper.errors import UserError

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(epilog=examples("scorekeeper games --json"))
def games(json: bool = JSON) -> None:
    """List the games, with the current one marked."""
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
            state, row = f"unreadable: {error}", {"name": name, "ruleset": None, "players": [], "coups": None}
        rows.append({**row, "current": name == current, "state": state})
    if json:
        print_json(rows)
        return
    if not rows:
        console().print("no games yet: start one with `scorekeeper new RULESET --player ...`", markup=False)
        return
    from rich.table import Table
    from rich.text import Text

    table = Table()
    for column in ("", "game", "ruleset", "players", "coups", "state"):
        table.add_column(column)
    for row in rows:
        coups = "" if row["coups"] is None else str(row["coups"])
        cells = ("*" if row["current"] else "", row["name"], row["ruleset"] or "", ", ".join(row["players"]))
        table.add_row(*map(Text, (*cells, coups, row["state"])))  # names from game files are text, not markup
    console().print(table)
