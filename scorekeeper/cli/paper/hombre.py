"""The hombre fiche on paper: each entry with its enjeu and outcome, each player's net and balance;
and a player's own statement (`settle --statement`)."""

from __future__ import annotations

from typing import Any

from scorekeeper.cli.paper import Mark, Moment, Series, Table, ended
from scorekeeper.cli.render import hombre as render
from scorekeeper.i18n import message, number, text


def table(data: dict[str, Any], fiche: Any) -> Table:
    """One row an entry: number, time, dealer, contract, tricks, enjeu, outcome, each player's net and
    balance, the note; every figure as `sheet --json` gives it."""
    players = [player["name"] for player in data["players"]]
    headers = [message(f"paper.col.{key}") for key in ("number", "time", "dealer", "said", "tricks", "enjeu")]
    headers.append(message("paper.col.outcome"))
    headers += [text(f"paper.col.{key}", side=player) for player in players for key in ("net", "balance")]
    headers.append(message("paper.col.note"))
    rows = []
    for index, entry in enumerate(data["coups"]):
        result = fiche.coups[index]
        try:
            said, tricks = render.said(result, fiche.players)
            outcome = text("hombre.outcome", outcome=result.outcome)
        except AttributeError:  # an entry that is not a coup: as the JSON declares it
            declared = entry.get("declared", {})
            said, tricks, outcome = message("join.list").join(f"{k} {v}" for k, v in declared.items()), "", ""
        net, balances = entry.get("net", {}), entry.get("balances", {})
        figures = [value for player in players for value in (net.get(player), balances.get(player))]
        rows.append(
            [entry["number"], Moment(entry.get("time", "")), entry.get("dealer", ""), said, tricks, entry.get("enjeu")]
            + [outcome, *figures, entry.get("note", "")]
        )
    return Table(headers, rows)


def summary(data: dict[str, Any], fiche: Any) -> list[str]:
    """The bêtes made, each player's holdings in fiches and jetons, where the partie stands."""
    lines = [render.betes_made(fiche)] if fiche.betes else []
    for place, player in enumerate(fiche.players):
        holdings = render.in_fiches(fiche, fiche.holdings(player))
        balance = number(fiche.balances[place])
        lines.append(
            text("hombre.holdings", player=player, holdings=holdings, caves=fiche.caves[place], balance=balance)
        )
    return [*lines, render.status(fiche)]


def series(data: dict[str, Any]) -> Series:
    """Each player's balance, entry by entry; a mark where a poule was taken and where the partie ended."""
    lines = [
        (player["name"], [0, *(entry.get("balances", {}).get(player["name"], 0) for entry in data["coups"])])
        for player in data["players"]
    ]
    marks, taken = [], 0
    for at, entry in enumerate(data["coups"], 1):
        if entry.get("poules_tirees", taken) > taken:
            taken = entry["poules_tirees"]
            marks.append(Mark(at, text("paper.mark.poule", poules=taken)))
    return Series(text("paper.chart.hombre"), lines, ended(marks, data))


def statement(data: dict[str, Any], settlement: dict[str, Any], player: str) -> list[str]:
    """One player's statement (H-12 to H-19): his coups as hombre, every jeton he paid and received and
    why, his caves, and his result at the settlement."""
    lines = [text("paper.statement.title", player=player)]
    for entry in data["coups"]:
        if entry.get("hombre") == player:
            lines.append(
                text(
                    "paper.statement.as_hombre",
                    number=entry["number"],
                    contract=entry["contract"],
                    outcome=entry["outcome"],
                    net=entry["net"][player],
                )
            )
    for entry in data["coups"]:
        for payment in entry.get("payments", ()):
            if player in (payment["from"], payment["to"]):
                paid = payment["from"] == player
                lines.append(
                    text(
                        "paper.statement.paid" if paid else "paper.statement.received",
                        number=entry["number"],
                        other=payment["to"] if paid else payment["from"],
                        jetons=payment["jetons"],
                        why=payment["why"]["text"],
                    )
                )
    mine = next(result for result in settlement["results"] if result["name"] == player)
    lines.append(text("paper.statement.caves", caves=mine["caves"], holdings=mine["holdings"]))
    lines.append(text("paper.statement.result", result=mine["result"]))
    for transfer in settlement["transfers"]:
        if player in (transfer["from"], transfer["to"]):
            paid = transfer["from"] == player
            lines.append(
                text(
                    "paper.statement.pays" if paid else "paper.statement.is_paid",
                    other=transfer["to"] if paid else transfer["from"],
                    jetons=transfer["jetons"],
                    fiches=transfer["fiches"],
                    rest=transfer["rest"],
                )
            )
    return lines


def sections(name: str, data: dict[str, Any], fiche: Any) -> list[tuple[str, list[str]]]:
    """The settlement (H-19: early, if the partie is not over) and each player's statement."""
    from scorekeeper import service
    from scorekeeper.cli.paper import as_data
    from scorekeeper.errors import UserError
    from scorekeeper.i18n import render as words

    try:
        settlement, _ = service.settle(name, early=not data["over"])
    except UserError as error:  # nothing to settle yet: the page says why
        return [(message("paper.settlement"), [words(error)])]
    lines = [words(line) for line in settlement.log] or [text("hombre.nobody_owes")]
    settled = as_data(name, settlement)
    statements = [statement(data, settled, player) for player in fiche.players]
    return [(message("paper.settlement"), lines), *((lines[0], lines[1:]) for lines in statements)]
