"""The toy's fiche as data: a column for who dealt and one for what was said, a score column a player."""

from __future__ import annotations

from scorekeeper.explain import Record
from scorekeeper.games.sheet import Cell, Explained, Joined, Row, Sheet, Who, joined, said

from . import CoupResult, Fiche

COLUMNS = ("coup", "dealer", "said")


def said_cell(result: CoupResult) -> Cell:
    """Each player's tricks, then who held the bonus card (X-1, X-2)."""
    tricks = [said("toy.cell.tricks", player=Who(name), tricks=count) for name, count in result.coup.tricks]
    bonus = [said("toy.cell.bonus", player=Who(result.coup.bonus))] if result.coup.bonus else []
    return joined([*tricks, *bonus])


def sheet(fiche: Fiche) -> Sheet:
    rows = tuple(
        Row(
            (str(result.number), Who(result.dealer), said_cell(result)),
            tuple(zip(result.scored, result.scores, strict=True)),
            said("toy.mark.bonus") if result.coup.bonus else "",
        )
        for result in fiche.coups
    )
    headers = tuple(f"toy.header.{column}" for column in COLUMNS)
    return Sheet(COLUMNS, headers, frozenset({"coup"}), tuple(map(Who, fiche.players)), rows)


def standing(fiche: Fiche) -> Record:
    scores = Joined(
        tuple(
            said("toy.score", player=name, score=score) for name, score in zip(fiche.players, fiche.scores, strict=True)
        )
    )
    return said("toy.standing", scores=scores, target=fiche.rules.target)


def status(fiche: Fiche) -> Record:
    """The scores and the target, who deals next; once over, who won (X-3)."""
    if fiche.over:
        return said("toy.won", winner=fiche.winner) if fiche.winner else said("toy.tie", standing=standing(fiche))
    return said("toy.goes_on", standing=standing(fiche), dealer=fiche.next_dealer)


def short_status(fiche: Fiche) -> Record:
    return status(fiche)


def echo(result: CoupResult) -> tuple[Record, ...]:
    return result.log


def announced(result: CoupResult) -> tuple[Record, ...]:
    return ()


def after(fiche: Fiche, narrow: bool) -> list[Cell]:
    return [status(fiche), *([said("toy.marks")] if narrow and any(r.coup.bonus for r in fiche.coups) else [])]


def detail(result: CoupResult) -> list[Cell]:
    return list(result.log)


def explained(fiche: Fiche) -> list[Explained]:
    return [(said("toy.explain.coup", number=result.number), result.log) for result in fiche.coups]
