"""`scorekeeper audit`: a whole coup's trick log, every renonce with its proof."""

from __future__ import annotations

from typing import Any

import typer

from scorekeeper import games, tomlfile
from scorekeeper.cards import parse_trump, played_by, split_named
from scorekeeper.cli import complete
from scorekeeper.cli.declare import layout_of
from scorekeeper.cli.options import ASCII, JSON, examples_of
from scorekeeper.cli.terminal import out
from scorekeeper.errors import Exit, UserError
from scorekeeper.games.contract import TrickLog
from scorekeeper.i18n import render, spoken, text
from scorekeeper.language import Language
from scorekeeper.players import trick_names
from scorekeeper.referee.audit import check_named

app = typer.Typer(add_completion=False, rich_markup_mode=None)
_CALLS = ("contre", "surcontre", "bid", "carried")  # what prices a coup besides its log (P-10, M-4, M-6, M-13)


def _read_coup_file(path: str) -> dict[str, Any]:
    try:
        data = tomlfile.load(path)
    except FileNotFoundError:
        raise UserError("coup_file_missing", path=path) from None
    except (tomlfile.NotToml, OSError) as error:
        raise UserError("coup_file_unreadable", path=path, reason=tomlfile.reason(error)) from None
    known = {"players", "trump", "leader", "tricks", "taker", "layout", *_CALLS}
    unknown = sorted(set(data) - known)
    if unknown:
        raise UserError("coup_file_unknown_key", path=path, key=unknown[0], keys=sorted(known))
    return data


@app.command(help=text("help.audit"), epilog=examples_of("audit"))
def audit(
    ruleset: str = typer.Argument(..., help=text("help.audit.ruleset"), autocompletion=complete.ruleset_names),
    players: str = typer.Option(None, "--players", help=text("help.audit.players")),
    trump: str = typer.Option(None, "--trump", "-t", help=text("help.audit.trump")),
    leader: str = typer.Option(None, "--leader", help=text("help.audit.leader")),
    trick: list[str] = typer.Option([], "--trick", help=text("help.audit.trick")),
    taker: str = typer.Option(None, "--taker", help=text("help.audit.taker")),
    contre: str = typer.Option(None, "--contre", "--frapper", "--coinche", "--klop", help=text("help.audit.contre")),
    surcontre: str = typer.Option(
        None, "--surcontre", "--contre-frapper", "--tegenklop", help=text("help.audit.surcontre")
    ),
    bid: int = typer.Option(None, "--bid", help=text("help.audit.bid")),
    carried: int = typer.Option(None, "--carried", help=text("help.audit.carried")),
    file: str = typer.Option(None, "--file", help=text("help.audit.file")),
    layout: list[str] = typer.Option([], "--layout", help=text("help.audit.layout")),
    json: bool = JSON,
    ascii: bool = ASCII,
) -> int:
    loaded = games.load(ruleset)
    lang = spoken().playing(loaded.game)  # the cards as the table says them (C-2: "manille de carreau")
    # the coup's calls as `coup` declares them, for the game to price it (P-10)
    given = {"contre": contre, "surcontre": surcontre, "bid": bid, "carried": carried}
    calls = {key: value for key, value in given.items() if value is not None}
    if file is not None:
        if players or trump or leader or trick:
            raise UserError("audit_file_and_options")
        data = _read_coup_file(file)
        seats, trump_text, first, tricks = _coup_fields(data, file)
        taker = data.get("taker") if isinstance(data.get("taker"), str) else None
        calls = {**{key: data[key] for key in _CALLS if key in data}, **calls}  # the command line's come last
        pairs = _layout(data.get("layout"), loaded, spoken(), file)
    else:
        if not (players and trump and leader and trick):
            raise UserError("audit_missing_options")
        seats, trump_text, first, tricks = players.split(), trump, leader, [split_named(t, lang) for t in trick]
        pairs = None
    if layout:  # P-11: face up over face down, as typed; it comes before a file's
        pairs = _layout(layout_of(layout, lang), loaded, None, file or "--layout")
    named = [trick_names(number, played) for number, played in enumerate(tricks, 1)]  # M-3: all or none
    log = [[loaded.deck.parse(card, lang) for _, card in played] for played in tricks]  # as typed (C-2)
    trumped = parse_trump(trump_text, spoken())
    result = games.engine(loaded).audit_log(loaded, TrickLog(seats, first, trumped, log, taker, pairs, calls))
    check_named(seats, result.audit.tricks, named)  # C-3: the names typed are the seats the replay found
    if json:
        out.json(result.as_dict())
    else:
        _print_audit(result, ascii)
    return Exit.RENONCE if result.audit.renonces else Exit.DONE


def _layout(given: Any, loaded: Any, language: Language | None, path: str) -> dict[str, list[tuple[Any, Any]]] | None:
    """P-11: `{NAME = [["QS", "7S"], ...]}`, each pair face up over face down, its cards read (C-2)."""
    if given is None:
        return None
    if not isinstance(given, dict) or not all(
        isinstance(pairs, list)
        and all(isinstance(pair, list) and len(pair) == 2 and all(isinstance(c, str) for c in pair) for pair in pairs)
        for pairs in given.values()
    ):
        raise UserError("coup_file_layout", "P-11", path=path)
    return {
        str(name): [(loaded.deck.parse(up, language), loaded.deck.parse(down, language)) for up, down in pairs]
        for name, pairs in given.items()
    }


def _coup_fields(data: dict[str, Any], path: str) -> tuple[list[str], str, str, list[list[tuple[str | None, str]]]]:
    players, trump, leader, tricks = (data.get(key) for key in ("players", "trump", "leader", "tricks"))
    if not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        raise UserError("coup_file_players", path=path)
    if not isinstance(trump, str) or not isinstance(leader, str):
        raise UserError("coup_file_trump_leader", path=path)
    if not (isinstance(tricks, list) and all(isinstance(t, list | str) for t in tricks)):
        raise UserError("coup_file_tricks", path=path)
    if not tricks:  # as the command line refuses an audit without --trick
        raise UserError("coup_file_no_tricks", path=path)
    played = [split_named(t, spoken()) if isinstance(t, str) else [played_by(str(c)) for c in t] for t in tricks]
    return players, trump, leader, played


def _print_audit(result: Any, ascii: bool) -> None:
    from rich.table import Table
    from rich.text import Text

    table = Table()
    points = result.points_counted  # no points column where no card scores (l'hombre)
    for column in ("trick", "leader", "cards", "winner", *(("points",) if points else ())):
        table.add_column(text(f"audit.column.{column}"))
    for played in result.audit.tricks:
        shown = "  ".join(f"{who} {render(card, ascii)}" for who, card in played.cards)
        row = (str(played.number), played.leader, shown, played.winner, *((str(played.points),) if points else ()))
        table.add_row(*map(Text, row))  # the players' names are text as typed, never markup
    out.show(table)
    for line in result.summary:
        out.show(render(line, ascii), markup=False)
    for place, renonce in enumerate(result.audit.renonces):
        out.show(text("referee.renonce_line", ascii, rule=renonce.rule, what=renonce.proof), markup=False)
        if place < len(result.charges):  # its price, or why it is not charged (M-8)
            out.show(text("audit.charge", ascii, told=result.charges[place].told), markup=False)
    for line in (
        *(unproven.note for unproven in result.audit.unknown),
        *(cleared.note for cleared in result.audit.cleared),
        *result.audit.notes,
    ):
        out.show(render(line, ascii), markup=False)
    if not result.audit.renonces:
        out.show(text("audit.no_renonce"), markup=False)
    if result.figure is not None:  # the coup as `coup` scores it; the points above are the tricks' (P-10)
        out.show(text("audit.figure"), markup=False)
        for line in (*result.figure.log, result.figure.told):
            out.show(text("audit.figure_line", ascii, line=line), markup=False)
    for line in result.priced:
        out.show(render(line, ascii), markup=False)
