"""The manille fiche on paper: each entry with what was said, each side's score for it and running."""

from __future__ import annotations

from typing import Any

from scorekeeper.cli.paper import Mark, Moment, Series, Table, ended
from scorekeeper.cli.render import manille as render
from scorekeeper.games.manille.rules import CALL_WORDS
from scorekeeper.i18n import message, text


def table(data: dict[str, Any], fiche: Any) -> Table:
    """One row an entry: number, time, dealer, atout, what was said, per side the coup's score and the
    running one, the manche it won, the note; every figure as `sheet --json` gives it."""
    sides = [text("paper.side", side=side["players"]) for side in data["sides"]]
    headers = [message(f"paper.col.{key}") for key in ("number", "time", "dealer", "trump", "said")]
    headers += [text(f"paper.col.{key}", side=side) for side in sides for key in ("scored", "score")]
    headers += [message("paper.col.manche"), message("paper.col.note")]
    rows = []
    for index, entry in enumerate(data["coups"]):
        trump, said = _said(fiche.coups[index], entry, fiche)
        figures = [
            value for pair in zip(entry.get("scored", ()), entry.get("scores", ()), strict=True) for value in pair
        ]
        won = entry.get("manche_won_by")
        manche = text("manille.cell.manche", manche=entry["manche"]) if won is not None else ""
        rows.append(
            [entry["number"], Moment(entry.get("time", "")), entry.get("dealer", ""), trump, said, *figures, manche]
            + [entry.get("note", "")]
        )
    return Table(headers, rows)


def _said(result: Any, entry: dict[str, Any], fiche: Any) -> tuple[str, str]:
    """The atout and what was said, in the fiche's own words; an entry that is not a coup, as the JSON
    declares it."""
    try:
        calls = render.calls_cell(result, CALL_WORDS[fiche.rules.call_words])
        return render.trump_cell(result), message("join.list").join(filter(None, (calls, render.said(result))))
    except AttributeError:
        declared = entry.get("declared", {})
        return "", message("join.list").join(f"{key} {value}" for key, value in declared.items())


def summary(data: dict[str, Any], fiche: Any) -> list[str]:
    """Each side's score and manches, then where the partie stands."""
    lines = [
        text("paper.summary.side", side=side["players"], score=side["score"], manches=side["manches"])
        for side in data["sides"]
    ]
    return [*lines, render.status(fiche)]


def series(data: dict[str, Any]) -> Series:
    """Each side's running score, entry by entry; a mark where a manche was won and where the partie ended."""
    lines = [
        (text("paper.side", side=side["players"]), [0, *(entry["scores"][place] for entry in data["coups"])])
        for place, side in enumerate(data["sides"])
    ]
    marks = [
        Mark(at, text("paper.mark.manche", manche=entry["manche"]))
        for at, entry in enumerate(data["coups"], 1)
        if entry.get("manche_won_by") is not None
    ]
    return Series(text("paper.chart.manille"), lines, ended(marks, data))


def sections(name: str, data: dict[str, Any], fiche: Any) -> list[tuple[str, list[str]]]:
    """Nothing after the chart: the manches are on the fiche and in the summary."""
    return []
