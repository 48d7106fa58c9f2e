"""The Danish fiche on paper (D-2 to D-8): the dealer, the oversidder, the deal, each player's points and
running points; after the chart, the regnskab and each player's statement."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.paper import Chart, Paper
from scorekeeper.games.sheet import Cell, Who, said

from . import Fiche
from .settle import Regnskab, Statement
from .sheet import said_cell, settlement, status


def paper(data: dict[str, Any], fiche: Fiche) -> Paper:
    four = len(fiche.players) == 4
    columns: list[Cell] = [said("lhombre.header.dealer"), *([said("lhombre.header.oversidder")] if four else [])]
    columns.append(said("lhombre.header.said"))
    columns += [said(f"lhombre.paper.{key}", player=name) for name in fiche.players for key in ("scored", "points")]
    rows = tuple(
        (
            Who(result.dealer),
            *((Who(result.oversidder or ""),) if four else ()),
            said_cell(result),
            *(value for pair in zip(result.scored, result.scores, strict=True) for value in pair),
        )
        for result in fiche.coups
    )
    lines = tuple(
        (Who(name), (0, *(result.scores[place] for result in fiche.coups))) for place, name in enumerate(fiche.players)
    )
    return Paper(tuple(columns), rows, (status(fiche),), Chart(said("lhombre.chart.title"), lines, ()))


def statement(fiche: Fiche, mine: Statement, settled: Regnskab | None) -> list[Cell]:
    """One player's evening (D-8): each deal he scored or paid in, summing to his points, and his money."""
    lines: list[Cell] = [said("lhombre.statement.title", player=mine.player)]
    for line in mine.lines:
        if line.contract is None:
            lines.append(said("lhombre.statement.strafpoint", number=line.number, points=line.points))
        else:
            lines.append(
                said(
                    "lhombre.statement.deal",
                    number=line.number,
                    declarer=Who(line.declarer or ""),
                    contract=line.contract,
                    outcome=line.outcome,
                    points=line.points,
                )
            )
    lines.append(said("lhombre.statement.points", points=mine.points))
    if mine.money is not None:
        lines.append(said("lhombre.statement.money", money=mine.money))
    return lines


def sections(fiche: Fiche, settled: Regnskab) -> list[tuple[Cell, list[Cell]]]:
    """After the chart: the regnskab, then each player's statement."""
    from .settle import statement as statement_of

    own = [statement(fiche, statement_of(fiche, settled, name), settled) for name in fiche.players]
    return [(said("lhombre.regnskab.title"), settlement(settled)), *((lines[0], lines[1:]) for lines in own)]
