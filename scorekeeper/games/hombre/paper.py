"""The hombre fiche on paper: each entry with its enjeu and outcome, each player's net and balance;
the settlement and a player's own statement (`settle --statement`, H-12 to H-19)."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.hombre.fiche import HombreFiche
from scorekeeper.games.hombre.sheet import after, contract
from scorekeeper.games.paper import Chart, Paper
from scorekeeper.games.sheet import Cell, said


def paper(data: dict[str, Any], fiche: HombreFiche) -> Paper:
    """Between an entry's number and time and its note: dealer, contract, tricks, enjeu, outcome, each
    player's net and balance; under it the bêtes, the holdings and the status; the chart of each
    player's balance, a mark where a poule was taken (H-19)."""
    players = [player["name"] for player in data["players"]]
    columns: list[Cell] = [said(f"paper.col.{key}") for key in ("dealer", "said", "tricks", "enjeu", "outcome")]
    columns += [said(f"paper.col.{key}", side=player) for player in players for key in ("net", "balance")]
    rows = []
    for result, entry in zip(fiche.coups, data["coups"], strict=True):
        shown, tricks = contract(result, fiche.players)
        outcome = said("hombre.outcome", outcome=result.outcome)
        net, balances = entry["net"], entry["balances"]
        figures = [value for player in players for value in (net.get(player), balances.get(player))]
        rows.append((entry.get("dealer", ""), shown, tricks, entry.get("enjeu"), outcome, *figures))
    lines = tuple((player, (0, *(entry["balances"].get(player, 0) for entry in data["coups"]))) for player in players)
    marks, taken = [], 0
    for at, entry in enumerate(data["coups"], 1):
        if entry["poules_tirees"] > taken:
            taken = entry["poules_tirees"]
            marks.append((at, said("paper.mark.poule", poules=taken)))
    chart = Chart(said("paper.chart.hombre"), lines, tuple(marks))
    return Paper(tuple(columns), tuple(rows), tuple(after(fiche, False)), chart)


def statement(data: dict[str, Any], settlement: dict[str, Any], player: str) -> list[Cell]:
    """One player's statement (H-12 to H-19): his coups as hombre, every jeton he paid and received and
    why, his caves, and his result at the settlement."""
    lines: list[Cell] = [said("paper.statement.title", player=player)]
    for entry in data["coups"]:
        if entry.get("hombre") == player:
            lines.append(
                said(
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
                    said(
                        "paper.statement.paid" if paid else "paper.statement.received",
                        number=entry["number"],
                        other=payment["to"] if paid else payment["from"],
                        jetons=payment["jetons"],
                        why=payment["why"]["text"],
                    )
                )
    mine = next(result for result in settlement["results"] if result["name"] == player)
    lines.append(said("paper.statement.caves", caves=mine["caves"], holdings=mine["holdings"]))
    lines.append(said("paper.statement.result", result=mine["result"]))
    for transfer in settlement["transfers"]:
        if player in (transfer["from"], transfer["to"]):
            paid = transfer["from"] == player
            lines.append(
                said(
                    "paper.statement.pays" if paid else "paper.statement.is_paid",
                    other=transfer["to"] if paid else transfer["from"],
                    jetons=transfer["jetons"],
                    fiches=transfer["fiches"],
                    rest=transfer["rest"],
                )
            )
    return lines


def sections(
    data: dict[str, Any], fiche: HombreFiche, settled: Any, settled_data: dict[str, Any]
) -> list[tuple[Cell, list[Cell]]]:
    """After the chart: the settlement (H-19: early, if the partie is not over) and each player's statement."""
    lines: list[Cell] = list(settled.log) or [said("hombre.nobody_owes")]
    statements = [statement(data, settled_data, player) for player in fiche.players]
    return [(said("paper.settlement"), lines), *((lines[0], lines[1:]) for lines in statements)]
