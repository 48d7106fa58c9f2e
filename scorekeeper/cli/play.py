"""The commands of the table: `new`, `coup`, `edit`, `undo`, `redo`, `games`, `demo`."""

from __future__ import annotations

from typing import Any

import typer

from scorekeeper import game, ledger, manille, rulesets
from scorekeeper.cli.output import ASCII, EXPLAIN, GAME, JSON, console, examples, print_json
from scorekeeper.cli.render import print_coup, print_fiche, short_status, status
from scorekeeper.errors import UserError

NEW_EXAMPLE = examples(
    "scorekeeper new manille-muette --player César --player Panisse --player Escartefigue --player Brun",
    "scorekeeper new manille-muette -p A -p B -p C -p D --game cafe --dealer B --option partie=seche",
)
COUP_EXAMPLE = examples(
    "scorekeeper coup --retourne 10h --points César=40",
    "scorekeeper coup --retourne Ac --renonce Brun",
    "scorekeeper coup --game cafe -r Dco --points Panisse=34",
    'scorekeeper coup -r 10h --trick "7s 8s 9s 10s" --trick "Ks 7h Qs Js" ...   (all 8 tricks)',
)

RETOURNE = typer.Option(None, "--retourne", "-r", help="The dealer's last card, turned: it sets trump (10h, A♠, Dco).")
POINTS = typer.Option(
    None,
    "--points",
    help="PLAYER=N: the card points (tricks included) PLAYER's side made; the other side has the rest.",
)
RENONCE = typer.Option(None, "--renonce", help="PLAYER who renounced: the coup is cancelled, the other side scores.")
TRICK = typer.Option([], "--trick", help="One trick's cards in play order from its leader; repeat for each trick.")
TRICKS_FILE = typer.Option(None, "--tricks-file", help="A TOML file with tricks = [[...], ...] instead of --trick.")
LET_PASS = typer.Option(False, "--let-renonce-pass", help="The table lets a renonce found in the log pass.")


def register(app: typer.Typer) -> None:
    app.command(epilog=NEW_EXAMPLE)(new)
    app.command(epilog=COUP_EXAMPLE)(coup)
    app.command(epilog=examples("scorekeeper edit 2 --points Panisse=50"))(edit)
    app.command(epilog=examples("scorekeeper undo   (then `scorekeeper redo` puts it back)"))(undo)
    app.command(epilog=examples("scorekeeper redo"))(redo)
    app.command(epilog=examples("scorekeeper games --json"))(games)
    app.command(epilog=examples("scorekeeper demo --explain"))(demo)


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
    created = game.new(ruleset, player, dealer=dealer, options=options, name=game_name)
    fiche = game.fiche(created)
    out = console()
    out.print(
        f"new game {created.name}: {fiche.ruleset.title}, " + " against ".join(s.name for s in fiche.sides),
        markup=False,
    )
    out.print(status(fiche), markup=False)


def _points(text: str | None) -> dict[str, int] | None:
    """`César=40` as typed at the table."""
    if text is None:
        return None
    who, sep, value = text.rpartition("=")
    try:
        points = int(value)
    except ValueError:
        points = None
    if not sep or not who.strip() or points is None:
        raise UserError(f"bad --points {text!r}: write PLAYER=N, like César=40")
    return {who.strip(): points}


def _tricks(trick: list[str], tricks_file: str | None) -> list[list[str]] | None:
    """The trick log, from --trick (one per trick) or from a TOML file with `tricks = [[...], ...]`."""
    if tricks_file is None:
        return [text.replace(",", " ").split() for text in trick] or None
    if trick:
        raise UserError("give --trick or --tricks-file, not both")
    import tomllib

    try:
        with open(tricks_file, "rb") as handle:
            data = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise UserError(f"{tricks_file}: not a readable TOML file with `tricks = [...]` ({error})") from None
    if set(data) != {"tricks"}:
        raise UserError(f'{tricks_file}: a tricks file holds one key, tricks = [["7h", "8h", "9h", "10h"], ...]')
    return data["tricks"]


def _declaration(
    retourne: str | None,
    points: str | None,
    renonce: str | None,
    tricks: list[list[str]] | None = None,
    let_renonce_pass: bool = False,
) -> dict[str, Any]:
    declared: dict[str, Any] = {
        "retourne": retourne,
        "points": _points(points),
        "renonce": renonce,
        "tricks": tricks,
        "let_renonce_pass": let_renonce_pass or None,
    }
    return {key: value for key, value in declared.items() if value is not None}


def coup(
    game_name: str = GAME,
    retourne: str = RETOURNE,
    points: str = POINTS,
    renonce: str = RENONCE,
    trick: list[str] = TRICK,
    tricks_file: str = TRICKS_FILE,
    let_renonce_pass: bool = LET_PASS,
    ascii: bool = ASCII,
) -> None:
    """Enter the next coup: the retourne, then one side's points, a renonce, or the whole trick log."""
    name = ledger.pick(game_name)
    declared = _declaration(retourne, points, renonce, _tricks(trick, tricks_file), let_renonce_pass)
    fiche = game.add(name, declared)
    print_coup(fiche.coups[-1], fiche, ascii)


def edit(
    number: int = typer.Argument(..., help="The coup to replace, from 1 (see `scorekeeper sheet`)."),
    game_name: str = GAME,
    retourne: str = RETOURNE,
    points: str = POINTS,
    renonce: str = RENONCE,
    trick: list[str] = TRICK,
    tricks_file: str = TRICKS_FILE,
    let_renonce_pass: bool = LET_PASS,
    ascii: bool = ASCII,
) -> None:
    """Replace what was said for coup N (what you do not give stays); every later figure is recomputed."""
    changes = _declaration(retourne, points, renonce, _tricks(trick, tricks_file), let_renonce_pass)
    if not changes:
        raise UserError("nothing to change: give --retourne, --points, --renonce or --trick")
    name = ledger.pick(game_name)
    fiche = game.edit(name, number, changes)
    console().print(f"coup {number} replaced", markup=False)
    print_coup(fiche.coups[number - 1], fiche, ascii)


def undo(game_name: str = GAME) -> None:
    """Take back the last coup or edit. `redo` puts it back."""
    what, fiche = game.undo(ledger.pick(game_name))
    console().print(f"undone: {what}. {status(fiche)}", markup=False)


def redo(game_name: str = GAME) -> None:
    """Put back what `undo` took."""
    what, fiche = game.redo(ledger.pick(game_name))
    console().print(f"redone: {what}. {status(fiche)}", markup=False)


def games(json: bool = JSON) -> None:
    """List the games, with the current one marked."""
    current = ledger.current_name()
    rows = []
    for name in ledger.all_names():
        try:
            the_game = ledger.read(name)
            fiche = game.fiche(the_game)
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

    table = Table()
    for column in ("", "game", "ruleset", "players", "coups", "state"):
        table.add_column(column)
    for row in rows:
        coups = "" if row["coups"] is None else str(row["coups"])
        table.add_row(
            "*" if row["current"] else "",
            row["name"],
            row["ruleset"] or "",
            ", ".join(row["players"]),
            coups,
            row["state"],
        )
    console().print(table)


def demo(
    json: bool = JSON,
    explain: bool = EXPLAIN,
    ascii: bool = ASCII,
) -> None:
    """Play Marius's partie (César & Escartefigue against Panisse & Brun) and print its fiche. Writes nothing."""
    from scorekeeper import demo as script

    fiche = manille.replay(rulesets.load(script.RULESET), script.PLAYERS, script.PLAYERS[0], script.COUPS)
    if json:
        print_json({"name": "demo", **fiche.as_dict()})
        return
    print_fiche(fiche, f"demo · {fiche.ruleset.title} at the Bar de la Marine", ascii, explain)
