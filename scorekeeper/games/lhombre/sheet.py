"""The Danish fiche as data (D-2 to D-8): who dealt and who sat out, what was played and how it ended, a
column a player with his points for the deal and his running points."""

from __future__ import annotations

from scorekeeper.explain import Record
from scorekeeper.games.sheet import Cell, Explained, Joined, Row, Sheet, Who, joined, said

from . import DealResult, Fiche
from .play import Deal
from .settle import Regnskab

COLUMNS = ("coup", "dealer", "oversidder", "said")


def said_cell(result: DealResult) -> Cell:
    """What the deal was: « Ole solo spar 6-2-1 vundet », « pas », « strafpoint Bent »."""
    deal = result.coup
    if deal.passed:
        return said("lhombre.cell.passed")
    if deal.strafpoint is not None:
        return said("lhombre.cell.strafpoint", player=Who(deal.strafpoint))
    first = _contract(deal, result.outcome)
    if deal.also is None:
        return first
    return said("lhombre.cell.also", first=first, second=_contract(deal.also, result.also))  # D-8


def _contract(deal: Deal, ended: str | None) -> Cell:
    parts: list[Cell] = [said("lhombre.cell.contract", player=Who(deal.declarer or ""), contract=deal.contract)]
    if deal.tricks:
        parts.append("-".join(str(count) for _, count in deal.tricks))
    if deal.smide:
        parts.append(said("lhombre.cell.smide"))
    if deal.tout:
        parts.append(said("lhombre.cell.tout"))
    if ended is not None:
        parts.append(said(f"lhombre.outcome.{ended}"))
    return joined(parts)


def sheet(fiche: Fiche) -> Sheet:
    keys = COLUMNS if len(fiche.players) == 4 else tuple(key for key in COLUMNS if key != "oversidder")
    rows = tuple(
        Row(
            tuple(
                cell
                for key, cell in zip(
                    COLUMNS,
                    (str(result.number), Who(result.dealer), Who(result.oversidder or ""), said_cell(result)),
                    strict=True,
                )
                if key in keys
            ),
            tuple(zip(result.scored, result.scores, strict=True)),
            "" if result.coup.deal else said("lhombre.mark.no_deal"),
        )
        for result in fiche.coups
    )
    headers = tuple(f"lhombre.header.{key}" for key in keys)
    return Sheet(keys, headers, frozenset({"coup"}), tuple(map(Who, fiche.players)), rows)


def standing(fiche: Fiche) -> Record:
    points = Joined(
        tuple(
            said("lhombre.points", player=name, points=points)
            for name, points in zip(fiche.players, fiche.scores, strict=True)
        )
    )
    return said("lhombre.standing", points=points)


def status(fiche: Fiche) -> Record:
    """The evening's points, who deals next and who sits out (D-2); a tournament's round over (T-2)."""
    if fiche.over:
        return said("lhombre.round_over", standing=standing(fiche), deals=fiche.rules.deals)
    if fiche.oversidder is None:
        return said("lhombre.goes_on", standing=standing(fiche), dealer=fiche.next_dealer)
    return said("lhombre.goes_on_out", standing=standing(fiche), dealer=fiche.next_dealer, out=fiche.oversidder)


def short_status(fiche: Fiche) -> Record:
    return status(fiche)


def echo(result: DealResult) -> tuple[Record, ...]:
    return result.log


def announced(result: DealResult) -> tuple[Record, ...]:
    return ()


def after(fiche: Fiche, narrow: bool) -> list[Cell]:
    return [status(fiche)]


def detail(result: DealResult) -> list[Cell]:
    return list(result.log)


def explained(fiche: Fiche) -> list[Explained]:
    return [(said("lhombre.explain.coup", number=result.number), result.log) for result in fiche.coups]


def settlement(settled: Regnskab) -> list[Cell]:
    """The regnskab (D-8): each player's points, at a rate his money, then who pays whom."""
    lines: list[Cell] = []
    for name, points, money in zip(settled.players, settled.points, settled.money, strict=True):
        if settled.rate is None:
            lines.append(said("lhombre.regnskab.points", player=name, points=points))
        else:
            lines.append(said("lhombre.regnskab.money", player=name, points=points, money=money))
    for team in settled.teams:
        if settled.rate is None:
            lines.append(said("lhombre.regnskab.team_points", players=team.players, points=team.points))
        else:
            lines.append(
                said("lhombre.regnskab.team_money", players=team.players, points=team.points, money=team.money)
            )
    if settled.rate is not None:
        lines.append(said("lhombre.regnskab.rate", rate=settled.rate))
        lines += [
            said("lhombre.regnskab.pays", payer=paid.payer, payee=paid.payee, amount=paid.amount)
            for paid in settled.transfers
        ]
        if not settled.transfers:
            lines.append(said("lhombre.regnskab.square"))
    return lines
