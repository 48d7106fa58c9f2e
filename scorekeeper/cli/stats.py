"""`scorekeeper stats`: the club's history, per player and per ruleset, over every stored game."""

from __future__ import annotations

from datetime import date

import typer

from scorekeeper.cli.options import JSON, add_column, examples_of
from scorekeeper.cli.terminal import out
from scorekeeper.errors import UserError
from scorekeeper.i18n import text
from scorekeeper.present.said import said
from scorekeeper.service import history

app = typer.Typer(add_completion=False, rich_markup_mode=None)

PLAYER = typer.Option([], "--player", "-p", help=text("help.stats.player"))
SINCE = typer.Option(None, "--since", metavar=text("metavar.date"), help=text("help.stats.since"))
RULESET = typer.Option([], "--ruleset", help=text("help.stats.ruleset"))
CONCOURS = typer.Option(None, "--concours", help=text("help.stats.concours"))


# The columns of the players' table in the order a narrow screen keeps them: who, what each won.
_KEPT_FIRST = ("player", "won", "points", "jetons", "games", "manches", "renonces", "lost", "taken")
# The figures' columns, in the order the table shows those the games counted.
_ORDER = ("won", "lost", "manches", "taken", "renonces", "points", "jetons")


@app.command(help=text("help.stats"), epilog=examples_of("stats"))
def stats(
    player: list[str] = PLAYER,
    since: str | None = SINCE,
    ruleset: list[str] = RULESET,
    concours: str | None = CONCOURS,
    json: bool = JSON,
) -> None:
    if since is not None:
        try:
            since = date.fromisoformat(since).isoformat()
        except ValueError:
            raise UserError("stats_bad_date", date=since) from None
    figures = history.stats(player, since, ruleset, concours)
    skipped = figures.pop("skipped")
    if json:
        out.json({**figures, "skipped": [{"path": path, "reason": said(error)} for path, error in skipped]})
        return
    for path, error in skipped:  # a game not counted is never left out without a word; its file named once
        named = error.values.get("path") == path
        out.say(text("stats.skipped" if named else "stats.skipped_file", path=path, reason=said(error)))
    if not figures["players"]:
        out.line(text("stats.none_counted" if skipped else "stats.none"))
        return
    from rich.table import Table
    from rich.text import Text

    from scorekeeper.cli.render.layout import width_of

    # The columns of the figures the games counted say (their `counts`: no manches for l'hombre, no jetons
    # for manille), in one order whatever the games; coups taken as made/taken.
    keys = ("player", "games", *(key for key in _ORDER if key in figures["columns"]))
    rows = []
    for mine in figures["players"]:
        shown = {
            **mine,
            "player": mine["name"],
            "taken": f"{mine['taken_made']}/{mine['taken']}" if mine["taken"] else "",
        }
        rows.append(tuple(str(shown[key]) for key in keys))
    needed = [max(len(text(f"stats.column.{key}")), *(len(row[i]) for row in rows)) + 3 for i, key in enumerate(keys)]
    # On a narrow screen the columns last in _KEPT_FIRST are left out, until the table fits whole (issue 39):
    # the rest in --json.
    kept = list(range(len(keys)))
    for key in reversed(_KEPT_FIRST):
        if sum(needed[i] for i in kept) + 1 <= width_of():
            break
        kept = [i for i in kept if keys[i] != key]
    table = Table(title=text("stats.title"))
    for i in kept:
        add_column(table, text(f"stats.column.{keys[i]}"), [row[i] for row in rows], figures=keys[i] != "player")
    for row in rows:
        table.add_row(*(Text(row[i]) for i in kept))  # names from game files are text, not markup
    rulesets = Table(title=text("stats.rulesets"))
    totals = [(total["name"], str(total["games"]), str(total["finished"])) for total in figures["rulesets"]]
    for i, key in enumerate(("ruleset", "games", "finished")):
        add_column(rulesets, text(f"stats.column.{key}"), [total[i] for total in totals], figures=key != "ruleset")
    for total in totals:
        rulesets.add_row(*map(Text, total))
    out.show(table)
    out.show(rulesets)
