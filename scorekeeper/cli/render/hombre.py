"""Drawing the hombre fiche: the paper sheet done right. Everything here only formats what the core computed."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from scorekeeper.cli.grid import Grid
from scorekeeper.cli.options import cards
from scorekeeper.games.hombre.money import Jetons, show

if TYPE_CHECKING:
    from scorekeeper.games.hombre import CoupResult, HombreFiche, Settlement


def in_fiches(fiche: HombreFiche, amount: Jetons) -> str:
    fiches, rest = fiche.in_fiches(amount)
    return f"{fiches} fiches {show(rest)} jetons"


def betes_line(fiche: HombreFiche) -> str:
    """H-17: the bête in play (circled) and the waiting ones in the order they will come into play."""
    parts = []
    if fiche.bete_in_play is not None:
        parts.append(f"bête in play ({fiche.bete_in_play.owner} {fiche.bete_in_play.amount})")
    if fiche.betes_waiting:
        parts.append("waiting: " + ", ".join(f"{b.owner} {b.amount}" for b in fiche.betes_waiting))
    return "; ".join(parts) if parts else "no bête owed"


def status(fiche: HombreFiche) -> str:
    if fiche.over:
        taken = f"{fiche.poules_tirees} poules taken by the hombre (H-19)"
        return f"partie over: {taken}; `scorekeeper settle` says who pays whom"
    premier = fiche.players[(fiche.players.index(fiche.next_dealer) + 1) % len(fiche.players)]
    return (
        f"next coup: poule {fiche.marks} marks each = {fiche.poule} jetons, enjeu {fiche.enjeu}; {betes_line(fiche)}; "
        f"poules taken {fiche.poules_tirees} of {fiche.rules.poules}. {fiche.next_dealer} deals, {premier} is premier."
    )


def short_status(fiche: HombreFiche) -> str:
    if fiche.over:
        return "partie over: settle it"
    balances = ", ".join(f"{p} {show(b)}" for p, b in zip(fiche.players, fiche.balances, strict=True))
    return f"{balances}; poules {fiche.poules_tirees} of {fiche.rules.poules}"


def said(result: CoupResult, players: tuple[str, ...]) -> tuple[str, str]:
    """The contract as the table says it (`B sans prendre`), and the tricks in seating order (`4-3-2`)."""
    coup = result.coup
    if coup.passed:
        return "three passes", ""
    made = dict(coup.tricks)
    contract = f"{coup.hombre} {coup.contract.label if coup.contract else ''}"
    return contract + (", vole engagée" if coup.vole_engagee else ""), "-".join(str(made.get(p, 0)) for p in players)


def print_coup(result: CoupResult, fiche: HombreFiche, ascii: bool) -> None:
    print(cards("\n".join([*result.log, status(fiche)]), ascii))


def print_fiche(fiche: HombreFiche, title: str, ascii: bool, explain: bool) -> None:
    headers = ["coup", "dealer", "contract", "tricks", "outcome", "enjeu", *fiche.players]
    grid = Grid(title, headers, right={0, 5, *range(6, len(headers))})
    for result in fiche.coups:
        contract, tricks = said(result, fiche.players)
        cells = []
        for place, player in enumerate(fiche.players):
            net = result.net(player)
            balance = show(result.balances[place])
            cells.append(f"{'+' if net > 0 else ''}{show(net)} = {balance}" if net else balance)
        outcome = result.outcome.value + (f", bête {result.bete_made.amount}" if result.bete_made else "")
        grid.add_row(str(result.number), result.dealer, contract, tricks, outcome, str(result.enjeu), *cells)
    lines = [grid.render()]
    if fiche.betes:
        lines.append(betes_made(fiche))
    for place, player in enumerate(fiche.players):
        caves = fiche.caves[place]
        holding = in_fiches(fiche, fiche.holdings(player))
        lines.append(f"{player}: {holding} ({caves} cave{'s' if caves > 1 else ''}), {show(fiche.balances[place])}")
    lines.append(status(fiche))
    if explain:
        for result in fiche.coups:
            lines.append(f"coup {result.number} (enjeu {result.enjeu}):")
            lines += ["  " + line for line in result.log]
        lines += ["  " + line for line in fiche.prepared]
    print(cards("\n".join(lines), ascii))


def betes_made(fiche: HombreFiche) -> str:
    """Every bête made: the one in play in brackets, the waiting ones in order, the settled ones struck."""
    strike = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    parts = []
    for fate in fiche.betes:
        label = f"{fate.bete.owner} {fate.bete.amount}"
        if fate.status == "in play":
            parts.append(f"({label}) in play")
        elif fate.status == "waiting":
            parts.append(f"{label} waiting")
        else:
            struck = f"\033[9m{label}\033[0m" if strike else label
            parts.append(f"{struck} {fate.status} at coup {fate.settled_at}")
    return "bêtes: " + ", ".join(parts)


def print_settlement(settlement: Settlement, fiche: HombreFiche) -> None:
    """The settlement's own log says it all: the bêtes split, each result, each payment (H-19)."""
    print("\n".join(settlement.log or ["nobody owes anybody"]))
    if settlement.log and not settlement.transfers:
        print("nobody owes anybody")
