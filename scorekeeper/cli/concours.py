"""`scorekeeper concours VERB`: the organiser's day (RULES T): new, register, withdraw, draw, result,
standing, status, export, import, list, use, delete. Each verb has its words in every language (`[concours]` of
the words files: `inscrire`, `tirage`, `classement`...), found as names are (C-4). No rule is computed here: the
service (`service.concours`) decides, this module says it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import typer
from typer.core import TyperGroup

from scorekeeper import i18n
from scorekeeper.cli.options import JSON, examples_of, value_shown
from scorekeeper.cli.terminal import out
from scorekeeper.i18n import text


class Verbs(TyperGroup):
    """The concours's verbs, and their words in every language (`concours tirage` is `concours draw`)."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is not None:
            return found
        verb = verb_of(cmd_name)
        return None if verb is None else super().get_command(ctx, verb)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        if args and isinstance(args[0], str) and super().get_command(ctx, args[0]) is None:
            verb = verb_of(args[0])
            if verb is not None:
                args = [verb, *args[1:]]
        return super().resolve_command(ctx, args)


def verb_of(word: str) -> str | None:
    """The verb a word of any language's `[concours]` names (`tirage`, `Résultat`, `etat`), None if none."""
    from scorekeeper.language import Language, codes
    from scorekeeper.players import fold_name

    folded = fold_name(word)
    for code in codes():
        for verb, words in Language.named(code).words.get("concours", {}).items():
            if any(fold_name(said) == folded for said in words):
                return str(verb)
    return None


app = typer.Typer(
    cls=Verbs,
    name="concours",
    help=text("help.concours"),
    epilog=examples_of("concours"),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)

CONCOURS = typer.Option(None, "--concours", "-c", help=text("help.concours.concours"))


def _service() -> Any:
    from scorekeeper.service import concours

    return concours


def _speak(name: str | None) -> None:
    """Speak the concours's own language (the one it was made in), unless the command was told one (C-2)."""
    from scorekeeper.cli.language import speak_the_game
    from scorekeeper.errors import UserError

    def own() -> str | None:
        try:
            service = _service()
            return service.read(service.chosen(name)).lang  # type: ignore[no-any-return]
        except UserError:  # no such concours: the command says so in the language it speaks
            return None

    speak_the_game(own)


def _say(line: str) -> None:
    out.show(line, markup=False)


@app.callback()
def concours() -> None:
    pass


@app.command("new", help=text("help.concours.new"))
def new(
    name: str = typer.Argument(..., help=text("help.concours.new.name")),
    ruleset: str = typer.Option(..., "--ruleset", help=text("help.concours.new.ruleset")),
    format: str = typer.Option("doublettes", "--format", help=text("help.concours.new.format")),
    rounds: int = typer.Option(4, "--rounds", help=text("help.concours.new.rounds")),
    option: list[str] = typer.Option([], "--option", "-o", help=text("help.new.option")),
    pairing: str = typer.Option("standing", "--pairing", help=text("help.concours.new.pairing")),
    bye: str = typer.Option("average", "--bye", help=text("help.concours.new.bye")),
    ranking: str = typer.Option("won,points,difference", "--ranking", help=text("help.concours.new.ranking")),
    coups: int = typer.Option(None, "--coups", help=text("help.concours.new.coups")),
    prizes: int = typer.Option(0, "--prizes", help=text("help.concours.new.prizes")),
    prize: list[str] = typer.Option([], "--prize", help=text("help.concours.new.prize")),
) -> None:
    from scorekeeper import rulesets
    from scorekeeper.cli.options import value_said
    from scorekeeper.concours.model import FORMATS, MEASURES, PAIRINGS
    from scorekeeper.errors import UserError

    options = dict(rulesets.parse_option(said) for said in option)
    format, pairing = value_said(format, FORMATS) or format, value_said(pairing, PAIRINGS) or pairing
    bye, ranking = value_said(bye, ("average",)) or bye, value_said(ranking, MEASURES) or ranking
    for flag, given, accepted in (("--format", format, FORMATS), ("--pairing", pairing, PAIRINGS)):
        if given not in accepted:  # named in the table's words: « individueel », « willekeurig »
            raise UserError("concours_bad_choice", option=flag, given=given, accepted=list(map(value_shown, accepted)))
    made = _service().new(
        name,
        ruleset,
        format,
        rounds,
        options,
        pairing,
        bye,
        ranking,
        coups,
        prizes,
        lang=i18n.spoken().code,
        awards=prize,
    )
    _say(
        text(
            _alone(made, "concours.made"),
            name=made.name,
            ruleset=made.ruleset_name,
            format=value_shown(made.settings.format),
            rounds=made.settings.rounds,
        )
    )


@app.command("register", help=text("help.concours.register"))
def register(
    player: list[str] = typer.Option([], "--player", "-p", help=text("help.concours.register.player")),
    team: str = typer.Option(None, "--team", help=text("help.concours.register.team")),
    replace: str = typer.Option(None, "--replace", help=text("help.concours.register.replace")),
    name: str = CONCOURS,
) -> None:
    _speak(name)
    made, entrant = _service().register(name, player, team, replace)
    late = entrant.joined > 1
    _say(
        text(
            _alone(made, "concours.registered"),
            number=entrant.number,
            team=entrant.name,
            players=list(entrant.players),
            count=len(made.entrants),
        )
    )
    if late:
        _say(text("concours.late", team=entrant.name, round=entrant.joined))


@app.command("withdraw", help=text("help.concours.withdraw"))
def withdraw(
    team: str = typer.Argument(..., help=text("help.concours.team")),
    undo: bool = typer.Option(False, "--undo", help=text("help.concours.withdraw.undo")),
    name: str = CONCOURS,
) -> None:
    _speak(name)
    made, leaving, table = _service().withdraw(name, team, undo)
    said = {"number": leaving.number, "team": leaving.name, "players": list(leaving.players)}
    if undo:
        _say(text(_alone(made, "concours.withdraw_undone"), **said))
        return
    _say(text(_alone(made, "concours.withdrawn"), **said))
    if table is not None:  # a hold forfeits each of its tables (quadrettes)
        for left in made.current.tables:
            if left.forfeit == (leaving.number,):
                _say(text("concours.forfeit", team=leaving.name, table=left.number))


@app.command("draw", help=text("help.concours.draw"))
def draw(
    undo: bool = typer.Option(False, "--undo", help=text("help.concours.draw.undo")),
    new_seed: bool = typer.Option(False, "--new-seed", help=text("help.concours.draw.new_seed")),
    json: bool = JSON,
    name: str = CONCOURS,
) -> None:
    _speak(name)
    service = _service()
    made, drawn = service.draw(name, undo=undo, new_seed=new_seed)
    if undo:
        _say(text("concours.undone", round=drawn.number))
        return
    if json:
        out.json(
            {
                "round": drawn.number,
                "seed": drawn.seed,
                "tables": [
                    {
                        "table": t.number,
                        "teams": [service.side_name(made, side) for side in t.sides],
                        "seats": list(t.seats),
                        "game": t.game,
                    }
                    for t in drawn.tables
                ],
                "bye": [made.entrant(number).name for number in drawn.byes],
            }
        )
        return
    _say(text("concours.drawn", round=drawn.number, seed=drawn.seed, tables=len(drawn.tables)))
    for t in drawn.tables:
        teams = [service.side_name(made, side) for side in t.sides]
        _say(text("concours.table", table=t.number, teams=teams, seats=list(t.seats), game=t.game))
    for number in drawn.byes:
        _say(text("concours.bye", team=made.entrant(number).name))
    _say("")
    _say(text(_by_player(made)))
    for one, at in _by_team(made, drawn):
        if at is None:
            _say(text("concours.wall_bye", team=one))
        else:
            _say(text("concours.wall_line", team=one, table=at.number, game=at.game))


def _by_team(made: Any, drawn: Any) -> list[tuple[str, Any]]:
    """Every team of round `drawn` in alphabetical order (C-4, as names are compared), with its table, or
    None where it sits out: the wall's list, as `draw` prints it and `export --what wall` prints it again.
    In quadrettes a hold sits at four tables: each of its players is listed with the table of that player."""
    from scorekeeper.players import fold_name

    if made.settings.format == "quadrettes":
        seated = [
            (text("concours.wall_member", player=player, team=made.entrant(side[0]).name), t)
            for t in drawn.tables
            for side, player in zip(t.sides, t.seats, strict=True)
        ]
        return sorted(seated, key=lambda pair: fold_name(pair[0]))
    where = {entrant: t for t in drawn.tables for entrant in t.entrants}
    return [
        (one.name, where.get(one.number))
        for one in sorted(made.entrants, key=lambda e: fold_name(e.name))
        if one.number in where or one.number in drawn.byes
    ]


@app.command("result", help=text("help.concours.result"))
def result(
    round: int = typer.Argument(..., help=text("help.concours.result.round")),
    table: int = typer.Argument(..., help=text("help.concours.result.table")),
    winner: str = typer.Option(None, "--winner", help=text("help.concours.result.winner")),
    points: str = typer.Option(None, "--points", help=text("help.concours.result.points")),
    manches: str = typer.Option(None, "--manches", help=text("help.concours.result.manches")),
    forfeit: str = typer.Option(None, "--forfeit", help=text("help.concours.result.forfeit")),
    replace: bool = typer.Option(False, "--replace", help=text("help.concours.result.replace")),
    draw: bool = typer.Option(False, "--draw", help=text("help.concours.result.draw")),
    name: str = CONCOURS,
) -> None:
    _speak(name)
    service = _service()
    made, entered = service.result(name, round, table, winner, points, manches, forfeit, replace, draw)
    if entered.forfeit:
        _say(text("concours.forfeit", team=made.entrant(entered.forfeit[0]).name, table=entered.number))
        return
    assert entered.result is not None
    teams = [service.side_name(made, side) for side in entered.sides]
    _say(
        text(
            "concours.result",
            round=round,
            table=table,
            teams=teams,
            points=("-" if len(entered.sides) == 2 else ", ").join(f"{p:g}" for p in entered.result.points),
        )
    )
    if round < len(made.rounds):  # corrected after the next draw: the standing it changed, shown (T-9)
        _say(text("concours.corrected", round=round, drawn=len(made.rounds)))
        standing(False, name)


@app.command("standing", help=text("help.concours.standing"))
def standing(json: bool = JSON, name: str = CONCOURS) -> None:
    _speak(name)
    service = _service()
    ranked = service.standing(name)
    made = ranked.concours
    three = made.settings.figure == "jetons"
    rows = []
    for row in ranked.rows:
        one = made.entrant(row.entrant)
        data: dict[str, Any] = {"place": row.place, "team": one.name, "players": list(one.players), "won": row.won}
        data["jetons" if three else "points"] = row.points
        data["difference"] = row.difference
        data.update(
            {
                "played": row.played,
                "byes": row.byes,
                "manches": row.manches,
                "against": row.against,
                "opponents": row.opponents,
                "withdrawn": one.withdrawn is not None,
            }
        )
        rows.append(data)
    if json:
        out.json({"round": ranked.round, "teams": rows})
        return
    lines = [text("concours.standing", name=made.name, round=ranked.round)]
    for data in rows:
        line = text(
            "concours.standing_line.alone" if made.settings.alone else "concours.standing_line",
            place=data["place"],
            team=data["team"],
            won=_said(data["won"]),
            points=_said(data.get("points", data.get("jetons"))),
            difference=_signed(data["difference"]),
            figure=text(f"concours.figure.{made.settings.figure}"),
            made=data["manches"],
        )
        if data["withdrawn"]:  # marked, never dropped (T-5, T-9)
            line += text("concours.standing.withdrawn")
        lines.append(line)
    _say("\n".join(lines))  # one print: rich laid out each of 105 lines apart in 48 ms of 104 doublettes' standing


@app.command("deals", help=text("help.concours.deals"))
def deals(
    round: int = typer.Option(None, "--round", help=text("help.concours.deals.round")),
    json: bool = JSON,
    name: str = CONCOURS,
) -> None:
    """Each deal of a round beside the same deal at the other tables (T-2: the Danish union's mapper)."""
    from scorekeeper.present.words import say

    _speak(name)
    mapper = _service().deals(name, round)
    listed = []
    for number in mapper.numbers:
        tables = []
        for table, dealt in mapper.tables:
            mine = next((one for one in dealt if one.number == number), None)
            if mine is None:
                continue
            tables.append(
                {
                    "table": table.number,
                    "game": table.game,
                    "said": say(mine.said, ascii=True),
                    "declarer": mine.declarer,
                    "hand": mine.hand,
                    "hand_said": say(mine.hand_said, ascii=True),
                    "scored": dict(zip(table.seats, mine.scored, strict=True)),
                }
            )
        listed.append({"deal": number, "tables": tables})
    if json:
        out.json({"concours": mapper.concours.name, "round": mapper.round, "deals": listed})
        return
    lines = [text("concours.deals", name=mapper.concours.name, round=mapper.round)]
    if not listed:
        lines.append(text("concours.deals.none"))
    for deal in listed:
        lines.append(text("concours.deal", number=deal["deal"]))
        for one in deal["tables"]:
            if one["declarer"] is None:
                lines.append(text("concours.deal_table.passed", table=one["table"], said=one["said"]))
                continue
            lines.append(
                text(
                    "concours.deal_table",
                    table=one["table"],
                    said=one["said"],
                    hand=one["hand_said"],
                    points=_signed(one["scored"][one["declarer"]]),
                )
            )
    _say("\n".join(lines))


@app.command("status", help=text("help.concours.status"))
def status(json: bool = JSON, name: str = CONCOURS) -> None:
    _speak(name)
    now = _service().status(name)
    data = {
        "concours": now.concours.name,
        "round": now.round,
        "rounds": now.concours.settings.rounds,
        "finished": now.finished,
        "waiting": now.waiting,
        "bye": now.byes,
        "teams": now.teams,
        "withdrawn": now.withdrawn,
    }
    if json:
        out.json(data)
        return
    key = "concours.status" if now.round else "concours.status.none"  # never « round 0 of 3 »
    _say(
        text(
            _alone(now.concours, key),
            name=now.concours.name,
            round=now.round,
            rounds=now.concours.settings.rounds,
            teams=now.teams,
        )
    )
    if now.round:
        none = [text("concours.tables_none")]  # a list with nothing in it is said, never left blank
        _say(text("concours.status_tables", finished=now.finished or none, waiting=now.waiting or none))
    for team in now.byes:
        _say(text("concours.bye", team=team))


def _alone(made: Any, key: str) -> str:
    """`key`, or its words for players alone in an individuel (T-1: a player, never a « team »)."""
    return f"{key}.individuel" if made.settings.format == "individuel" else key


def _by_player(made: Any) -> str:
    """The wall's heading: by player where players are listed (individuel, a hold's players), else by team."""
    return "concours.wall" if made.settings.format == "doublettes" else "concours.wall.individuel"


@app.command("list", help=text("help.concours.list"))
def list_(json: bool = JSON) -> None:
    service = _service()
    current = service.current_name()
    found = service.names()
    if json:
        out.json([{"name": one, "current": one == current} for one in found])
        return
    if not found:
        _say(text("concours.none"))
    for one in found:
        _say(f"{'*' if one == current else ' '} {one}")


@app.command("use", help=text("help.concours.use"))
def use(name: str = typer.Argument(..., help=text("help.concours.name"))) -> None:
    made = _service().use(name)
    _say(text("concours.used", name=made.name))


@app.command("delete", help=text("help.concours.delete"))
def delete(name: str = typer.Argument(..., help=text("help.concours.name"))) -> None:
    gone = _service().delete(name)
    _say(text("concours.deleted", name=gone.name))


WHATS = ("cards", "standing", "prizes", "wall", "sheets")
PRINTED = ("cards", "wall", "sheets")  # pages of the round drawn, HTML alone


@app.command("export", help=text("help.concours.export"))
def export(
    what: str = typer.Option(
        "standing",
        "--what",
        metavar="|".join(map(value_shown, WHATS)),
        show_default=value_shown("standing"),
        help=text("help.concours.export.what"),
    ),
    format: str = typer.Option(None, "--format", "-f", metavar="html|csv", help=text("help.concours.export.format")),
    round: int = typer.Option(None, "--round", help=text("help.concours.export.round")),
    output: Path = typer.Option(
        None, "--output", metavar=text("metavar.file"), help=text("help.concours.export.output")
    ),
    dialect: str = typer.Option(None, "--dialect", metavar="excel-fr|excel|rfc4180", help=text("help.export.dialect")),
    url: str = typer.Option(None, "--url", metavar=text("metavar.base"), help=text("help.concours.export.url")),
    entry: bool = typer.Option(False, "--entry", help=text("help.concours.export.entry")),
    name: str = CONCOURS,
) -> None:
    _speak(name)

    from scorekeeper.cli.options import value_said
    from scorekeeper.cli.terminal import printable
    from scorekeeper.errors import UserError

    what = value_said(what, WHATS) or what
    if what not in WHATS:
        raise UserError("concours_bad_choice", option="--what", given=what, accepted=list(map(value_shown, WHATS)))
    wanted = format or (output.suffix.lstrip(".").lower() if output is not None else "") or "html"
    accepted = ["html"] if what in PRINTED else ["html", "csv"]
    if wanted not in accepted:
        raise UserError("concours_bad_choice", option="--format", given=wanted, accepted=accepted)
    from scorekeeper.present.paper import formats

    if dialect is not None and dialect not in formats.DIALECTS:
        raise UserError("export_dialect", given=dialect, dialects=tuple(formats.DIALECTS))
    if dialect is not None and wanted != "csv":
        raise UserError("export_dialect_not_csv", format=wanted)
    if (url is not None or entry) and what not in ("cards", "sheets"):
        raise UserError("concours_url_not_cards")
    if entry and url is None:
        raise UserError("concours_entry_without_url")
    base = None
    if url is not None:
        from scorekeeper.present.paper.qr import base_url

        base = base_url(url)
    spreadsheet = formats.DIALECTS[dialect or formats.dialect_of(i18n.spoken())]  # the language's, as `export`
    if what in PRINTED:
        page = _cards(name, round, base, entry, what)
    else:
        page = _ranking(name, round, what == "prizes", wanted, spreadsheet)
    page = printable(page)  # a file as the terminal gets it: what a name holds never drives a terminal
    if output is None:
        out.write(page)
        return
    from scorekeeper import service as games

    games.write_export(output, page.encode("utf-8"), private=entry)  # entry tokens: the organiser's alone
    _say(text("paper.written", path=str(output), format=wanted))


def _cards(name: str | None, round_number: int | None, base: str | None, entry: bool, what: str = "cards") -> str:
    from scorekeeper.present.paper import concours as paper
    from scorekeeper.present.paper.qr import links

    service = _service()
    made = service.read(service.chosen(name))
    if not made.rounds:
        from scorekeeper.errors import UserError

        raise UserError("concours_nothing_drawn")
    views = service.tables_of(made, round_number)
    cards = [
        paper.Card(
            view.round,
            view.table,
            [(service.side_name(made, side), _players(made, side, table)) for side in table.sides],
            view.seats,
            view.game,
            () if base is None else tuple(links(base, view.round, view.table, view.secret, entry)),
        )
        for view, table in zip(views, made.round(views[0].round).tables, strict=True)
    ]
    words = paper.Words(
        lambda number: text("concours.card.table", table=number),
        lambda number: text("concours.card.round", name=made.name, round=number, rounds=made.settings.rounds),
        text("concours.card.seats"),
        text("concours.card.game"),
        text("concours.card.versus"),
        {"view": text("concours.card.link.view"), "entry": text("concours.card.link.entry")},
    )
    title = text("concours.cards.title", name=made.name, round=views[0].round)
    if what == "wall":
        return _wall(made, views[0].round, title)
    if what == "sheets":
        lines = _coups_of(made)
        headers = [text("concours.sheet.points"), text("concours.sheet.total"), text("concours.sheet.end")]
        made_sheets = [paper.Sheet(card, lines) for card in cards]
        return paper.sheets(text("concours.sheets.title", name=made.name, round=views[0].round), made_sheets, words,
                            headers, i18n.spoken().code)  # fmt: skip
    return paper.cards(title, cards, words, i18n.spoken().code)


def _coups_of(made: Any) -> int:
    """The lines a score sheet has: the partie's deals where it is played over a number of them (M-9, T-2),
    else 20, what a manche's coups come to at most at a café table."""
    rules = _service().ruleset_of(made).rules
    deals = getattr(rules, "deals", 0) if getattr(rules, "partie", "deals") == "deals" else 0  # a Danish round's
    return deals or 20


def _wall(made: Any, round_number: int, title: str) -> str:
    """The round's tables for the wall (T-3), as `draw` printed them, at any time."""
    from scorekeeper.present.paper import Table
    from scorekeeper.present.paper import concours as paper

    service = _service()
    drawn = made.round(round_number)
    rows: list[list[Any]] = [
        [
            t.number,
            text("concours.card.versus").join(f" {service.side_name(made, side)} " for side in t.sides).strip(),
            " · ".join(t.seats),
            t.game,
        ]
        for t in drawn.tables
    ]
    tables = Table([text(f"concours.wall.column.{key}") for key in ("table", "teams", "seats", "game")], rows)
    index: list[list[Any]] = [
        [one, text("concours.wall.sits_out") if at is None else at.number] for one, at in _by_team(made, drawn)
    ]
    by_team = Table([text("concours.wall.column.team"), text("concours.wall.column.table")], index)
    return paper.wall(title, tables, text(_by_player(made)), by_team, i18n.spoken().code)


def _players(made: Any, side: tuple[int, ...], table: Any) -> list[str]:
    """A side's players at `table`: a hold's one player there in quadrettes, else all of its team's."""
    players = [player for number in side for player in made.entrant(number).players]
    return [player for player in players if player in table.seats]


def _ranking(name: str | None, round_number: int | None, prizes: bool, format: str, dialect: Any) -> str:
    from scorekeeper.present.paper import Table
    from scorekeeper.present.paper import concours as paper
    from scorekeeper.present.paper.formats import csv

    service = _service()
    ranked = service.standing(name, round_number)
    made = ranked.concours
    alone = made.settings.alone  # l'hombre's tables: each player's jetons or points, contracts made
    measures = [made.settings.figure, "made"] if alone else ["won", "points", "difference"]
    keys = ["place", "team", "players", *measures, "played", "byes"]
    listed = service.prizes(ranked) if prizes else [(row, None) for row in ranked.rows]
    rows = []
    for row, prize in listed:
        one = made.entrant(row.entrant)
        figures = [row.points, row.manches] if alone else [_whole(row.won), row.points, row.difference]
        cells: list[Any] = [row.place, one.name, " & ".join(one.players), *figures, row.played, row.byes]
        if prizes:
            cells.append(paper.award_shown(prize))  # the same on the board (T-10)
        rows.append(cells)
    if prizes:
        keys.append("prize")
    table = Table([text(f"concours.column.{key}") for key in keys], rows)
    if format == "csv":
        return csv(table, dialect)
    title = text("concours.prizes.title" if prizes else "concours.standing", name=made.name, round=ranked.round)
    title = title.rstrip(":")
    lines = [text("concours.paper.after", round=ranked.round, rounds=made.settings.rounds)]
    if prizes:
        lines.append(text("concours.paper.prizes", prizes=made.settings.prizes))
    return paper.ranking(title, lines, table, i18n.spoken().code)


def _said(value: float) -> str:
    """A figure of the standing as the language writes it: `1`, « 0,5 » in French and Dutch."""
    from scorekeeper.i18n import number

    return number(_whole(value))


def _signed(value: float) -> str:
    return ("+" if value >= 0 else "-") + _said(abs(value))


def _whole(value: float) -> int | float:
    """Parties won as the standing's JSON gives them, a draw's half kept: 2, 1.5."""
    return int(value) if float(value).is_integer() else value


@app.command("import", help=text("help.concours.import"))
def import_(
    gamefile: str = typer.Argument(..., metavar=text("metavar.file"), help=text("help.concours.import.gamefile")),
    replace: bool = typer.Option(False, "--replace", help=text("help.concours.import.replace")),
    name: str = CONCOURS,
) -> None:
    _speak(name)
    service = _service()
    done = service.import_game(name, gamefile, replace)
    if done.same:
        _say(text("concours.imported_same", game=done.table.game))
        return
    teams = [service.side_name(done.concours, side) for side in done.table.sides]
    if done.result is None:
        _say(text("concours.imported_playing", game=done.table.game, round=done.round, table=done.table.number))
        return
    _say(
        text(
            "concours.imported",
            game=done.table.game,
            round=done.round,
            table=done.table.number,
            teams=teams,
            points="-".join(f"{p:g}" for p in done.result.points),
        )
    )
