"""The toy's fiche on paper: the dealer, what was said, each player's points and running score."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.paper import Chart, Paper
from scorekeeper.games.sheet import Cell, Who, said

from . import Fiche
from .sheet import said_cell, status


def paper(data: dict[str, Any], fiche: Fiche) -> Paper:
    columns: list[Cell] = [said("toy.header.dealer"), said("toy.header.said")]
    columns += [said(f"toy.paper.{key}", player=name) for name in fiche.players for key in ("scored", "score")]
    rows = tuple(
        (
            Who(result.dealer),
            said_cell(result),
            *(value for pair in zip(result.scored, result.scores, strict=False) for value in pair),
        )
        for result in fiche.coups
    )
    lines = tuple(
        (Who(name), (0, *(result.scores[place] for result in fiche.coups))) for place, name in enumerate(fiche.players)
    )
    marks = tuple((at, said("toy.mark.bonus")) for at, result in enumerate(fiche.coups, 1) if result.coup.bonus)
    return Paper(tuple(columns), rows, (status(fiche),), Chart(said("toy.chart.title"), lines, marks))
