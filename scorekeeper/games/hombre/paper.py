"""The hombre fiche on paper: each entry with its enjeu and outcome, each player's net and balance;
the settlement and a player's own statement (`settle --statement`, H-12 to H-19)."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.hombre.fiche import CoupResult, HombreFiche, jetons_json
from scorekeeper.games.hombre.money import Jetons
from scorekeeper.games.hombre.settle import Settlement, Statement, StatementLine
from scorekeeper.games.hombre.settle import statements as statements_of
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
        figures = [value for pair in zip(_nets(result, players), _balances(result), strict=True) for value in pair]
        rows.append((result.dealer, shown, tricks, jetons_json(result.enjeu), outcome, *figures))
    return Paper(tuple(columns), tuple(rows), tuple(after(fiche, False)), chart(data, fiche))


def _nets(result: CoupResult, players: tuple[str, ...]) -> list[int | float]:
    """What the coup won or lost for each player (`CoupResult.net`), its payments read once for all."""
    nets: dict[str, Jetons] = {}
    for payment in result.payments:
        nets[payment.payee] = nets.get(payment.payee, 0) + payment.jetons
        nets[payment.payer] = nets.get(payment.payer, 0) - payment.jetons
    return [jetons_json(nets.get(player, 0)) for player in players]


def _balances(result: CoupResult) -> list[int | float]:
    """Each player's balance after the coup as JSON gives it (`jetons_json` of `CoupResult.balances`),
    from its half jetons without making a Fraction of each (fast.py: with `_nets`, the paper of 2,000 coups
    from 28 to 14 ms of CPU)."""
    return [halves // 2 if halves % 2 == 0 else halves / 2 for halves in result.halves]


def chart(data: dict[str, Any], fiche: HombreFiche) -> Chart:
    """Each player's balance entry by entry, a mark where a poule was taken (H-19)."""
    balances = [_balances(result) for result in fiche.coups]
    lines = tuple((player, (0, *(row[place] for row in balances))) for place, player in enumerate(fiche.players))
    marks, taken = [], 0
    for at, result in enumerate(fiche.coups, 1):
        if result.poules_tirees > taken:
            taken = result.poules_tirees
            marks.append((at, said("paper.mark.poule", poules=taken)))
    return Chart(said("paper.chart.hombre"), lines, tuple(marks))


def statement(fiche: HombreFiche, mine: Statement, settled: Settlement | None) -> list[Cell]:
    """One player's statement (H-12 to H-19): his coups as hombre, then its lines, whose amounts sum to
    his result (`settle.statement`): every jeton he paid and received and why, each bête he made and
    each recave he took, the split of the bêtes left and any rounding at the settlement; his caves, and
    his result and whom he pays, or mid-partie (`settled` None) where he stands so far. Amounts stay
    exact, for the words to write a half as the language does (`13,5` in French), as the sheet does."""
    player = mine.player
    lines: list[Cell] = [said("paper.statement.title", player=player)]
    for result in fiche.coups:
        if result.coup.hombre == player and result.coup.contract is not None:
            lines.append(
                said(
                    "paper.statement.as_hombre",
                    number=result.number,
                    contract=result.coup.contract.value,
                    outcome=result.outcome.value,
                    net=result.net(player),
                )
            )
    lines += [_line(line) for line in mine.lines]
    lines.append(said("paper.statement.caves", caves=mine.caves, holdings=mine.holdings))
    if settled is None:
        return [*lines, said("paper.statement.so_far", result=mine.result)]
    lines.append(said("paper.statement.result", result=mine.result))
    for transfer in settled.transfers:
        if player in (transfer.payer, transfer.payee):
            paid = transfer.payer == player
            lines.append(
                said(
                    "paper.statement.pays" if paid else "paper.statement.is_paid",
                    other=transfer.payee if paid else transfer.payer,
                    jetons=transfer.jetons,
                    fiches=transfer.fiches,
                    rest=transfer.rest,
                )
            )
    return lines


def _line(line: StatementLine) -> Cell:
    """A statement's line in words: a payment made or received with its reason, at its coup or at the
    settlement (the split of a bête left); what moved none of his jetons (a bête made, a recave) with
    its 0; the rounding of `settle --whole`."""
    if line.other is None:
        if line.coup is None:
            return said("paper.statement.rounding", jetons=line.amount, why=line.record)
        return said("paper.statement.noted", number=line.coup, why=line.record)
    paid = line.amount < 0
    key = "paper.statement.paid" if paid else "paper.statement.received"
    if line.coup is None:
        key += "_at_settlement"
    return said(key, number=line.coup, other=line.other, jetons=-line.amount if paid else line.amount, why=line.record)


def sections(fiche: HombreFiche, settled: Settlement) -> list[tuple[Cell, list[Cell]]]:
    """After the chart: the settlement (H-19: early, if the partie is not over) and each player's statement."""
    lines: list[Cell] = list(settled.log) or [said("hombre.nobody_owes")]
    statements = [statement(fiche, mine, settled) for mine in statements_of(fiche, settled)]
    return [(said("paper.settlement"), lines), *((lines[0], lines[1:]) for lines in statements)]
