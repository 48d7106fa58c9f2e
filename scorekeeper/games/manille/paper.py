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
    the status; the chart of each side's running score, a mark where a manche was won. Read from the
    fiche, `data` being the heading `cli/paper` writes beside it."""
    sides = [said("paper.side", side=list(side.players)) for side in fiche.sides]
    columns: list[Cell] = [said(f"paper.col.{key}") for key in ("dealer", "trump", "said")]
    columns += [said(f"paper.col.{key}", side=side) for side in sides for key in ("scored", "score")]
    columns.append(said("paper.col.manche"))
    words = CALL_WORDS[fiche.rules.call_words]
    rows = []
    for result in fiche.coups:
        shown = Joined((calls_cell(result, words), said_cell(result)))
        figures = [value for pair in zip(result.scored, result.scores, strict=True) for value in pair]
        won = result.manche_won_by is not None
        manche = manche_cell(fiche, result.manche) if won else ""
        rows.append((result.dealer, trump_cell(result), shown, *figures, manche))
    summary = [
        said("paper.summary.side", side=list(side.players), score=score, manches=manches)
        if fiche.rules.in_manches
        else said("paper.summary.side_alone", side=list(side.players), score=score)
        for side, score, manches in zip(fiche.sides, fiche.scores, fiche.manches, strict=True)
    ]
    breaks = tuple(at for at, result in enumerate(fiche.coups, 1) if result.manche_won_by is not None)
    return Paper(tuple(columns), tuple(rows), (*summary, status(fiche)), chart(data, fiche), breaks)


def manche_cell(fiche: Fiche, manche: int) -> Cell:
    """The manche a coup won, by its number, or the belle."""
    return said("paper.belle") if belle(fiche, manche) else said("manille.cell.manche", manche=manche)


def belle(fiche: Fiche, manche: int) -> bool:
    """Whether `manche` is the belle, the third of a partie liée, played at one manche each (M-9): the
    table calls it so."""
    return fiche.rules.partie == "liee" and manche == 3


def chart(data: dict[str, Any], fiche: Fiche) -> Chart:
    """Each side's running score entry by entry, a mark where a manche was won (M-9)."""
    sides = [said("paper.side", side=list(side.players)) for side in fiche.sides]
    lines = tuple((side, (0, *(result.scores[place] for result in fiche.coups))) for place, side in enumerate(sides))
    marks = tuple(
        (at, said("paper.belle") if belle(fiche, result.manche) else said("paper.mark.manche", manche=result.manche))
        for at, result in enumerate(fiche.coups, 1)
        if result.manche_won_by is not None
    )
    return Chart(said("paper.chart.manille"), lines, marks)
