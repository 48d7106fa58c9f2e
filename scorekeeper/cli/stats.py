"""`scorekeeper stats`: the club's history, per player and per ruleset, over every stored game."""

from __future__ import annotations

from datetime import date

import typer

from scorekeeper import history
from scorekeeper.cli import terminal
from scorekeeper.cli.options import JSON, console, examples_of, print_json
from scorekeeper.cli.said import said
from scorekeeper.errors import UserError
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)

PLAYER = typer.Option([], "--player", "-p", help=text("help.stats.player"))
SINCE = typer.Option(None, "--since", metavar="DATE", help=text("help.stats.since"))
RULESET = typer.Option([], "--ruleset", help=text("help.stats.ruleset"))


@app.command(help=text("help.stats"), epilog=examples_of("stats"))
def stats(
    player: list[str] = PLAYER,
    since: str | None = SINCE,
    ruleset: list[str] = RULESET,
    json: bool = JSON,
) -> None:
    if since is not None:
        try:
            since = date.fromisoformat(since).isoformat()
        except ValueError:
            raise UserError("stats_bad_date", date=since) from None
    figures = history.stats(player, since, ruleset)
    skipped = figures.pop("skipped")
    if json:
        print_json({**figures, "skipped": [{"path": path, "reason": said(error)} for path, error in skipped]})
        return
    for path, error in skipped:  # a game not counted is never left out without a word; its file named once
        named = error.values.get("path") == path
        terminal.say(text("stats.skipped" if named else "stats.skipped_file", path=path, reason=said(error)))
    if not figures["players"]:
        print(text("stats.none_counted" if skipped else "stats.none"))
        return
    from rich.table import Table

    table = Table(title=text("stats.title"))
    for key in ("player", "games", "won", "lost", "manches", "taken", "renonces", "points", "jetons"):
        table.add_column(text(f"stats.column.{key}"), justify="left" if key == "player" else "right")
    for mine in figures["players"]:
        taken = f"{mine['taken_made']}/{mine['taken']}" if mine["taken"] else ""
        row = (mine["name"], mine["games"], mine["won"], mine["lost"], mine["manches"], taken, mine["renonces"])
        table.add_row(*map(str, row), str(mine["points"]), str(mine["jetons"]))
    rulesets = Table(title=text("stats.rulesets"))
    for key in ("ruleset", "games", "finished"):
        rulesets.add_column(text(f"stats.column.{key}"), justify="left" if key == "ruleset" else "right")
    for total in figures["rulesets"]:
        rulesets.add_row(total["name"], str(total["games"]), str(total["finished"]))
    console().print(table)
    console().print(rulesets)
