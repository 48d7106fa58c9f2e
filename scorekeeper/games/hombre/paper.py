"""The hombre fiche on paper: each entry with its enjeu and outcome, each player's net and balance;
the settlement and a player's own statement (`settle --statement`, H-12 to H-19)."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.hombre.fiche import HombreFiche, jetons_json
from scorekeeper.games.hombre.sheet import after, contract
from scorekeeper.games.paper import Chart, Paper
from scorekeeper.games.sheet import Cell, said


def paper(data: dict[str, Any], fiche: HombreFiche) -> Paper:
    """Between an entry's number and time and its note: dealer, contract, tricks, enjeu, outcome, each
    player's net and balance; under it the bêtes, the holdings and the status; the chart of each
    player's balance, a mark where a poule was taken (H-19). Read from the fiche, figures as
    `sheet --json` gives them, `data` being the heading `cli/paper` writes beside it."""
    players = fiche.players
    columns: list[Cell] = [said(f"paper.col.{key}") for key in ("dealer", "said", "tricks", "enjeu", "outcome")]
    columns += [said(f"paper.col.{key}", side=player) for player in players for key in ("net", "balance")]
    rows = []
    for result in fiche.coups:
        shown, tricks = contract(result, players)
        outcome = said("hombre.outcome", outcome=result.outcome)
        nets = (jetons_json(result.net(player)) for player in players)
        figures = [value for pair in zip(nets, map(jetons_json, result.balances), strict=True) for value in pair]
        rows.append((result.dealer, shown, tricks, jetons_json(result.enjeu), outcome, *figures))
    return Paper(tuple(columns), tuple(rows), tuple(after(fiche, False)), chart(data, fiche))


def chart(data: dict[str, Any], fiche: HombreFiche) -> Chart:
    """Each player's balance entry by entry, a mark where a poule was taken (H-19)."""
    balances = [tuple(map(jetons_json, result.balances)) for result in fiche.coups]
    lines = tuple((player, (0, *(row[place] for row in balances))) for place, player in enumerate(fiche.players))
    marks, taken = [], 0
    for at, result in enumerate(fiche.coups, 1):
        if result.poules_tirees > taken:
            taken = result.poules_tirees
            marks.append((at, said("paper.mark.poule", poules=taken)))
    return Chart(said("paper.chart.hombre"), lines, tuple(marks))


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
