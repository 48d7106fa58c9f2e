"""`scorekeeper concours VERB`: the organiser's day (RULES T): new, register, withdraw, draw, result,
standing, status, list, use, delete. Each verb has its words in every language (`[concours]` of the words
files: `inscrire`, `tirage`, `classement`...), found as names are (C-4). No rule is computed here: the
service (`service.concours`) decides, this module says it.
"""

from __future__ import annotations

from typing import Any

import click
import typer
from typer.core import TyperGroup

from scorekeeper import i18n
from scorekeeper.cli.options import JSON, console, examples_of, print_json
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


def _say(line: str) -> None:
    console().print(line, markup=False)


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
) -> None:
    from scorekeeper import rulesets

    options = dict(rulesets.parse_option(said) for said in option)
    made = _service().new(
        name, ruleset, format, rounds, options, pairing, bye, ranking, coups, prizes, lang=i18n.spoken().code
    )
    _say(text("concours.made", name=made.name, ruleset=made.ruleset_name, format=made.settings.format,
              rounds=made.settings.rounds))


@app.command("register", help=text("help.concours.register"))
def register(
    player: list[str] = typer.Option([], "--player", "-p", help=text("help.concours.register.player")),
    team: str = typer.Option(None, "--team", help=text("help.concours.register.team")),
    replace: str = typer.Option(None, "--replace", help=text("help.concours.register.replace")),
    name: str = CONCOURS,
) -> None:
    made, entrant = _service().register(name, player, team, replace)
    late = entrant.joined > 1
    _say(text("concours.registered", number=entrant.number, team=entrant.name, players=list(entrant.players),
              count=len(made.entrants)))
    if late:
        _say(text("concours.late", team=entrant.name, round=entrant.joined))


@app.command("withdraw", help=text("help.concours.withdraw"))
def withdraw(team: str = typer.Argument(..., help=text("help.concours.team")), name: str = CONCOURS) -> None:
    _, leaving, table = _service().withdraw(name, team)
    _say(text("concours.withdrawn", team=leaving.name))
    if table is not None:
        _say(text("concours.forfeit", team=leaving.name, table=table.number))


@app.command("draw", help=text("help.concours.draw"))
def draw(
    undo: bool = typer.Option(False, "--undo", help=text("help.concours.draw.undo")),
    new_seed: bool = typer.Option(False, "--new-seed", help=text("help.concours.draw.new_seed")),
    json: bool = JSON,
    name: str = CONCOURS,
) -> None:
    service = _service()
    made, drawn = service.draw(name, undo=undo, new_seed=new_seed)
    if undo:
        _say(text("concours.undone", round=drawn.number))
        return
    if json:
        print_json({
            "round": drawn.number,
            "seed": drawn.seed,
            "tables": [
                {"table": t.number, "teams": [service.side_name(made, side) for side in t.sides], "seats": list(t.seats),
                 "game": t.game}
                for t in drawn.tables
            ],
            "bye": [made.entrant(number).name for number in drawn.byes],
        })
        return
    _say(text("concours.drawn", round=drawn.number, seed=drawn.seed, tables=len(drawn.tables)))
    for t in drawn.tables:
        teams = [service.side_name(made, side) for side in t.sides]
        _say(text("concours.table", table=t.number, teams=teams, seats=list(t.seats), game=t.game))
    for number in drawn.byes:
        _say(text("concours.bye", team=made.entrant(number).name))
    _say("")
    _say(text("concours.wall"))
    where = {entrant: t for t in drawn.tables for entrant in t.entrants}
    for one in sorted(made.entrants, key=lambda e: i18n_fold(e.name)):
        if one.number in where:
            _say(text("concours.wall_line", team=one.name, table=where[one.number].number, game=where[one.number].game))
        elif one.number in drawn.byes:
            _say(text("concours.wall_bye", team=one.name))


def i18n_fold(name: str) -> str:
    from scorekeeper.players import fold_name

    return fold_name(name)


@app.command("result", help=text("help.concours.result"))
def result(
    round: int = typer.Argument(..., help=text("help.concours.result.round")),
    table: int = typer.Argument(..., help=text("help.concours.result.table")),
    winner: str = typer.Option(None, "--winner", help=text("help.concours.result.winner")),
    points: str = typer.Option(None, "--points", help=text("help.concours.result.points")),
    manches: str = typer.Option(None, "--manches", help=text("help.concours.result.manches")),
    forfeit: str = typer.Option(None, "--forfeit", help=text("help.concours.result.forfeit")),
    replace: bool = typer.Option(False, "--replace", help=text("help.concours.result.replace")),
    name: str = CONCOURS,
) -> None:
    service = _service()
    made, entered = service.result(name, round, table, winner, points, manches, forfeit, replace)
    if entered.forfeit:
        _say(text("concours.forfeit", team=made.entrant(entered.forfeit[0]).name, table=entered.number))
        return
    assert entered.result is not None
    teams = [service.side_name(made, side) for side in entered.sides]
    _say(text("concours.result", round=round, table=table, teams=teams,
              points="-".join(f"{p:g}" for p in entered.result.points)))


@app.command("standing", help=text("help.concours.standing"))
def standing(json: bool = JSON, name: str = CONCOURS) -> None:
    service = _service()
    ranked = service.standing(name)
    made = ranked.concours
    three = made.settings.sides == 3
    rows = []
    for row in ranked.rows:
        one = made.entrant(row.entrant)
        data: dict[str, Any] = {"place": row.place, "team": one.name, "players": list(one.players), "won": row.won}
        data["jetons" if three else "points"] = row.points
        data["difference"] = row.difference
        data.update({"played": row.played, "byes": row.byes, "manches": row.manches, "against": row.against,
                     "opponents": row.opponents, "withdrawn": one.withdrawn is not None})
        rows.append(data)
    if json:
        print_json({"round": ranked.round, "teams": rows})
        return
    _say(text("concours.standing", name=made.name, round=ranked.round))
    for data in rows:
        _say(text("concours.standing_line", place=data["place"], team=data["team"], won=f"{data['won']:g}",
                  points=f"{data.get('points', data.get('jetons')):g}", difference=f"{data['difference']:+g}"))


@app.command("status", help=text("help.concours.status"))
def status(json: bool = JSON, name: str = CONCOURS) -> None:
    now = _service().status(name)
    data = {"concours": now.concours.name, "round": now.round, "rounds": now.concours.settings.rounds,
            "finished": now.finished, "waiting": now.waiting, "bye": now.byes, "teams": now.teams,
            "withdrawn": now.withdrawn}
    if json:
        print_json(data)
        return
    _say(text("concours.status", name=now.concours.name, round=now.round, rounds=now.concours.settings.rounds,
              teams=now.teams))
    if now.round:
        _say(text("concours.status_tables", finished=now.finished, waiting=now.waiting))
    for team in now.byes:
        _say(text("concours.bye", team=team))


@app.command("list", help=text("help.concours.list"))
def list_(json: bool = JSON) -> None:
    service = _service()
    current = service.current_name()
    found = service.names()
    if json:
        print_json([{"name": one, "current": one == current} for one in found])
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

