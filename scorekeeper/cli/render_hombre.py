"""Drawing the hombre fiche: the paper sheet done right. Everything here only formats what the core computed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.cli.output import console
from scorekeeper.hombre.money import Jetons, show

if TYPE_CHECKING:
    from scorekeeper.hombre import CoupResult, HombreFiche, Settlement


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


def print_coup(result: CoupResult, fiche: HombreFiche) -> None:
    out = console()
    for line in result.log:
        out.print(line, markup=False)
    out.print(status(fiche), markup=False)


def print_fiche(fiche: HombreFiche, title: str, explain: bool) -> None:
    from rich.table import Table

    out = console()
    table = Table(title=title, title_justify="left")
    for column in ("coup", "dealer", "contract", "tricks", "outcome", "enjeu"):
        table.add_column(column, justify="right" if column in ("coup", "enjeu") else "left")
    for player in fiche.players:
        table.add_column(player, justify="right")
    for result in fiche.coups:
        contract, tricks = said(result, fiche.players)
        cells = []
        for place, player in enumerate(fiche.players):
            net = result.net(player)
            balance = show(result.balances[place])
            cells.append(f"{'+' if net > 0 else ''}{show(net)} = {balance}" if net else balance)
        outcome = result.outcome.value + (f", bête {result.bete_made.amount}" if result.bete_made else "")
        row = [str(result.number), result.dealer, contract, tricks, outcome, str(result.enjeu)]
        table.add_row(*row, *cells)
    out.print(table)
    _print_betes(fiche)
    for place, player in enumerate(fiche.players):
        caves = fiche.caves[place]
        holding = in_fiches(fiche, fiche.holdings(player))
        out.print(
            f"{player}: {holding} ({caves} cave{'s' if caves > 1 else ''}), {show(fiche.balances[place])}", markup=False
        )
    out.print(status(fiche), markup=False)
    if explain:
        for result in fiche.coups:
            out.print(f"coup {result.number} (enjeu {result.enjeu}):", markup=False)
            for line in result.log:
                out.print("  " + line, markup=False)
        for line in fiche.prepared:
            out.print("  " + line, markup=False)


def _print_betes(fiche: HombreFiche) -> None:
    """Every bête made: the one in play circled, the waiting ones in order, the settled ones struck."""
    from rich.text import Text

    if not fiche.betes:
        return
    text = Text("bêtes: ")
    for index, fate in enumerate(fiche.betes):
        if index:
            text.append(", ")
        label = f"{fate.bete.owner} {fate.bete.amount}"
        if fate.status == "in play":
            text.append(f"({label}) in play", style="bold")
        elif fate.status == "waiting":
            text.append(f"{label} waiting")
        else:
            text.append(label, style="strike")
            text.append(f" {fate.status} at coup {fate.settled_at}")
    console().print(text)


def print_settlement(settlement: Settlement, fiche: HombreFiche) -> None:
    """The settlement's own log says it all: the bêtes split, each result, each payment (H-19)."""
    out = console()
    for line in settlement.log:
        out.print(line, markup=False)
    if not settlement.transfers:
        out.print("nobody owes anybody", markup=False)
