"""`scorekeeper audit`: a whole coup's trick log, every renonce with its proof."""

from __future__ import annotations

from typing import Any

import typer

from scorekeeper import games, tomlfile
from scorekeeper.cards import parse_trump
from scorekeeper.cli.options import ASCII, JSON, cards, console, examples, print_json
from scorekeeper.errors import Exit, UserError

app = typer.Typer(add_completion=False, rich_markup_mode=None)


def _read_coup_file(path: str) -> dict[str, Any]:
    try:
        data = tomlfile.load(path)
    except FileNotFoundError:
        raise UserError(f"no coup file at {path}") from None
    except (tomlfile.NotToml, OSError) as error:
        raise UserError(f"{path}: not a readable TOML coup file ({error})") from None
    known = {"players", "trump", "leader", "tricks", "taker"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise UserError(f"{path}: unknown key {unknown[0]!r}; a coup file has {', '.join(sorted(known))}")
    return data


@app.command(
    epilog=examples(
        'scorekeeper audit manille-muette --players "A B C D" --trump h --leader A --trick "7h 8h 9h 10h" --trick ...',
        "scorekeeper audit manille-muette --file coup.toml --json",
    )
)
def audit(
    ruleset: str = typer.Argument(..., help="A ruleset name or TOML path (its play rules apply)."),
    players: str = typer.Option(None, "--players", help='The hands in play order, morts included: "A B C D".'),
    trump: str = typer.Option(None, "--trump", "-t", help="The trump suit, or sa for sans-atout."),
    leader: str = typer.Option(None, "--leader", help="Who led the first trick."),
    trick: list[str] = typer.Option([], "--trick", help="One trick's cards in play order from its leader; repeat."),
    taker: str = typer.Option(None, "--taker", help="Who plays alone: the taker (enchères), the dealer (manillen-3)."),
    file: str = typer.Option(None, "--file", help="A TOML file with players, trump, leader, tricks (and taker)."),
    json: bool = JSON,
    ascii: bool = ASCII,
) -> int:
    """Audit a whole coup from its trick log: winners, points, and every renonce with its proof (exit 1)."""
    loaded = games.load(ruleset)
    if file is not None:
        if players or trump or leader or trick:
            raise UserError("give --file or --players/--trump/--leader/--trick, not both")
        data = _read_coup_file(file)
        seats, trump_text, first, tricks = _coup_fields(data, file)
        taker = data.get("taker") if isinstance(data.get("taker"), str) else None
    else:
        if not (players and trump and leader and trick):
            raise UserError("give --players, --trump, --leader and at least one --trick (or --file)")
        seats, trump_text, first, tricks = players.split(), trump, leader, [t.split() for t in trick]
    log = [[loaded.deck.parse(card) for card in cards] for cards in tricks]
    result = loaded.engine.audit_log(loaded, seats, first, parse_trump(trump_text), log, taker)
    if json:
        print_json(result.as_dict())
    else:
        _print_audit(result, ascii)
    return Exit.RENONCE if result.audit.renonces else Exit.DONE


def _coup_fields(data: dict[str, Any], path: str) -> tuple[list[str], str, str, list[list[str]]]:
    players, trump, leader, tricks = (data.get(key) for key in ("players", "trump", "leader", "tricks"))
    if not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        raise UserError(f"{path}: 'players' must list the players' names in seating order")
    if not isinstance(trump, str) or not isinstance(leader, str):
        raise UserError(f"{path}: 'trump' and 'leader' must be given as strings")
    if not (isinstance(tricks, list) and all(isinstance(t, list | str) for t in tricks)):
        raise UserError(f"{path}: 'tricks' must be a list of tricks, each a list of cards")
    return players, trump, leader, [t.split() if isinstance(t, str) else [str(c) for c in t] for t in tricks]


def _print_audit(result: Any, ascii: bool) -> None:
    from rich.table import Table
    from rich.text import Text

    out = console()
    table = Table()
    for column in ("trick", "leader", "cards", "winner", "points"):
        table.add_column(column)
    for played in result.audit.tricks:
        shown = "  ".join(f"{who} {cards(str(card), ascii)}" for who, card in played.cards)
        row = (str(played.number), played.leader, shown, played.winner, str(played.points))
        table.add_row(*map(Text, row))  # the players' names are text as typed, never markup
    out.print(table)
    for line in result.summary:
        out.print(cards(line, ascii), markup=False)
    for renonce in result.audit.renonces:
        out.print(f"renonce ({renonce.rule}): {cards(renonce.proof, ascii)}", markup=False)
    for unproven in result.audit.unknown:
        out.print(cards(unproven.note, ascii), markup=False)
    for note in result.audit.notes:
        out.print(note, markup=False)
    if not result.audit.renonces:
        out.print("no renonce proven", markup=False)
