"""The manille fiche on paper: each entry with what was said, each side's score for it and running,
the manches won (M-9); every figure as `sheet --json` gives it."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.manille.fiche import Fiche
from scorekeeper.games.manille.rules import CALL_WORDS
from scorekeeper.games.manille.sheet import calls_cell, said_cell, status, trump_cell
from scorekeeper.games.paper import Chart, Paper
from scorekeeper.games.sheet import Cell, Joined, said


def paper(data: dict[str, Any], fiche: Fiche) -> Paper:
    """Between an entry's number and time and its note: dealer, atout, what was said, per side the
    coup's score and the running one, the manche it won; under it each side's score and manches and
    the status; the chart of each side's running score, a mark where a manche was won."""
    sides = [said("paper.side", side=side["players"]) for side in data["sides"]]
    columns: list[Cell] = [said(f"paper.col.{key}") for key in ("dealer", "trump", "said")]
    columns += [said(f"paper.col.{key}", side=side) for side in sides for key in ("scored", "score")]
    columns.append(said("paper.col.manche"))
    words = CALL_WORDS[fiche.rules.call_words]
    rows = []
    for result, entry in zip(fiche.coups, data["coups"], strict=True):
        shown = Joined((calls_cell(result, words), said_cell(result)))
        figures = [value for pair in zip(entry["scored"], entry["scores"], strict=True) for value in pair]
        won = entry.get("manche_won_by")
        manche = said("manille.cell.manche", manche=entry["manche"]) if won is not None else ""
        rows.append((entry.get("dealer", ""), trump_cell(result), shown, *figures, manche))
    summary = [
        said("paper.summary.side", side=side["players"], score=side["score"], manches=side["manches"])
        if fiche.rules.in_manches
        else said("paper.summary.side_alone", side=side["players"], score=side["score"])
        for side in data["sides"]
    ]
    lines = tuple((side, (0, *(entry["scores"][place] for entry in data["coups"]))) for place, side in enumerate(sides))
    marks = tuple(
        (at, said("paper.mark.manche", manche=entry["manche"]))
        for at, entry in enumerate(data["coups"], 1)
        if entry.get("manche_won_by") is not None
    )
    chart = Chart(said("paper.chart.manille"), lines, marks)
    return Paper(tuple(columns), tuple(rows), (*summary, status(fiche)), chart)
