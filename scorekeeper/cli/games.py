"""`scorekeeper games [list] | rename OLD NEW | delete NAME | restore NAME | archive NAME`."""

from __future__ import annotations

import typer

from scorekeeper import clock, service
from scorekeeper.cli import complete
from scorekeeper.cli.options import JSON, examples_of
from scorekeeper.cli.render import short_status
from scorekeeper.cli.terminal import out
from scorekeeper.errors import UserError
from scorekeeper.i18n import dates, text

app = typer.Typer(
    name="games",
    help=text("help.games"),
    epilog=examples_of("games"),
    invoke_without_command=True,
    add_completion=False,
    rich_markup_mode=None,
)


TRASH = typer.Option(False, "--trash", help=text("help.games.list.trash"))
ARCHIVE = typer.Option(False, "--archive", help=text("help.games.list.archive"))


CONCOURS = typer.Option(None, "--concours", help=text("help.games.list.concours"))


@app.callback(invoke_without_command=True)
def games(
    ctx: typer.Context, json: bool = JSON, trash: bool = TRASH, archive: bool = ARCHIVE, concours: str = CONCOURS
) -> None:
    if ctx.invoked_subcommand is None:
        list_(json, trash, archive, concours)


@app.command("list", help=text("help.games.list"), epilog=examples_of("games.list"))
def list_(json: bool = JSON, trash: bool = TRASH, archive: bool = ARCHIVE, concours: str = CONCOURS) -> None:
    if trash and archive:
        raise UserError("games_one_folder")
    rows = [_row(listed) for listed in service.listed(trash, archive, concours)]
    if not (trash or archive or concours):  # a concours's tables: one line for them all (issue 32)
        rows.extend(_concours_row(made) for made in service.concours_listed())
    if json:
        out.json(rows)
        return
    if not rows:
        out.words(text("cli.games.none"))
        return
    from rich.table import Table
    from rich.text import Text

    from scorekeeper.cli.render.layout import width_of

    lines = []
    for row in rows:
        coups = "" if row["coups"] is None else str(row["coups"])
        named = row["name"] if row.get("id") is None else row["id"]  # games of one name put away: each by its id
        cells = ("*" if row["current"] else "", named, row["ruleset"] or "", ", ".join(row["players"]))
        played = clock.brief(row["last_played"] or "", dates())  # to the minute, this year's without its year
        lines.append((*cells, coups, played, row["state"]))
    table = Table()
    columns = (
        "",  # the current game's mark
        "cli.games.column.game",
        "cli.games.column.ruleset",
        "cli.games.column.players",
        "cli.games.column.coups",
        "games.column.last_played",
        "cli.games.column.state",
    )
    headers = [text(column) if column else "" for column in columns]
    kept = _fitting(headers, lines, width_of())
    widths = dict(zip(kept, _widths(headers, lines, kept, width_of()), strict=True))
    for i in kept:  # a word, a name, a figure, a time is never cut (issue 39)
        justify = "right" if columns[i] == "cli.games.column.coups" else "left"
        table.add_column(headers[i], justify=justify, width=widths[i], overflow="fold")
    from scorekeeper.cli.grid import wrap

    for line in lines:  # broken where the table's words break: never before a figure or a French stop
        table.add_row(*(Text("\n".join(wrap(line[i], widths[i]))) for i in kept))  # text, not markup
    out.show(table)


# The columns of the list of games in the order a narrow screen keeps them (issue 39): which game and
# whether it is the current one, where it stands, its coups, when it was last played, who plays, its
# ruleset. The rest is in --json.
_KEPT_FIRST = (0, 1, 6, 4, 5, 3, 2)


def _floor(header: str, cells: list[str]) -> int:
    """The narrowest a column may be: its longest word, of its header or its cells."""
    return max((len(word) for cell in (header, *cells) for word in cell.split()), default=0)


def _fitting(headers: list[str], lines: list[tuple[str, ...]], width: int) -> list[int]:
    """The columns that fit in `width`, each at least as wide as its longest word (and a figure whole),
    kept in `_KEPT_FIRST` order and shown in their own: at 80 columns all of them, on a phone fewer."""
    used, kept = 1, []  # the table's left border; each column adds its padding and its right border
    for i in _KEPT_FIRST:
        cells = [line[i] for line in lines]
        needed = max(len(cell) for cell in cells) if i in (4, 5) else _floor(headers[i], cells)  # figures, times whole
        if used + needed + 3 <= width:
            kept.append(i)
            used += needed + 3
    return sorted(kept)


def _widths(headers: list[str], lines: list[tuple[str, ...]], kept: list[int], width: int) -> list[int]:
    """Each kept column's width: as wide as its longest cell where the screen has room, else the widest
    narrowed first, never below its longest word (`_fitting` kept only what fits so)."""
    room = width - 1 - 3 * len(kept)
    natural = [max(len(cell) for cell in (headers[i], *(line[i] for line in lines))) for i in kept]
    cells = [[line[i] for line in lines] for i in kept]
    floors = [natural[at] if i in (4, 5) else _floor(headers[i], cells[at]) for at, i in enumerate(kept)]
    widths = list(natural)
    while sum(widths) > room:
        at = max(range(len(widths)), key=lambda k: widths[k] - floors[k])
        if widths[at] <= floors[at]:
            break
        widths[at] -= 1
    return widths


def _row(listed: service.Listed) -> dict:
    """One game of the list: name, ruleset, players, coups, last played, state (over, stopped or playing)."""
    the_game, fiche = listed.game, listed.fiche
    if the_game is None:
        state = text("cli.games.unreadable", error=listed.error)
        row = {"name": listed.name, "ruleset": None, "players": [], "coups": None, "last_played": None, "over": None}
        row["stopped"] = None
    else:
        state = short_status(fiche)
        if the_game.stopped is not None:
            state = text("games.state.stopped", reason=the_game.stopped["reason"])
        row = {
            "name": the_game.name,
            "ruleset": the_game.ruleset_name,
            "players": the_game.players,
            "coups": len(the_game.coups),
            "last_played": the_game.last_played(),
            "over": bool(fiche.over) or the_game.stopped is not None,
            "stopped": the_game.stopped is not None,
        }
    put_away = {} if listed.id is None else {"id": listed.id}
    return {**row, **put_away, "current": listed.current, "state": state}


def _concours_row(made: service.ConcoursListed) -> dict:
    """A concours as one line of the list, in the games' columns: its tables' games are `games --concours NAME`."""
    return {
        "name": made.name,
        "ruleset": made.ruleset,
        "players": [],
        "coups": None,
        "last_played": None,
        "over": made.round == made.rounds,
        "stopped": False,
        "current": False,
        "state": text("games.state.concours", games=made.games, round=made.round, rounds=made.rounds, teams=made.teams),
        "concours": True,
    }


@app.command(help=text("help.games.rename"), epilog=examples_of("games.rename"))
def rename(
    old: str = typer.Argument(..., help=text("help.games.rename.old"), autocompletion=complete.game_names),
    new: str = typer.Argument(..., help=text("help.games.rename.new")),
) -> None:
    before, game = service.rename(old, new)
    out.words(text("games.renamed", old=before, name=game.name))


@app.command(help=text("help.games.delete"), epilog=examples_of("games.delete"))
def delete(name: str = typer.Argument(..., help=text("help.games.name"), autocompletion=complete.game_names)) -> None:
    game = service.delete(name)
    out.words(text("games.deleted", name=game.name))


@app.command(help=text("help.games.restore"), epilog=examples_of("games.restore"))
def restore(
    name: str = typer.Argument(..., help=text("help.games.name"), autocompletion=complete.trashed_names),
) -> None:
    game, others = service.restore(name)
    out.words(text("games.restored", name=game.name))
    if others:  # the older games of that name, which `games restore ID` brings back instead
        out.words(text("games.restored_others", name=game.name, ids=tuple(others)))


@app.command(help=text("help.games.archive"), epilog=examples_of("games.archive"))
def archive(name: str = typer.Argument(..., help=text("help.games.name"), autocompletion=complete.game_names)) -> None:
    game = service.archive(name)
    out.words(text("games.archived", name=game.name))
