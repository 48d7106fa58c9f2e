"""Drawing the hombre fiche: the paper sheet done right. Everything here only formats what the core computed,
in the words of the catalog (`hombre.*` messages; the records through `i18n.render`)."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from scorekeeper.cli.render.layout import Name, Row, Sheet, as_said
from scorekeeper.i18n import message, number, render, text

if TYPE_CHECKING:
    from scorekeeper.games.hombre import Bete, CoupResult, HombreFiche, Settlement
    from scorekeeper.games.hombre.money import Jetons

HEADERS = ("coup", "dealer", "contract", "tricks", "outcome", "enjeu")


def in_fiches(fiche: HombreFiche, amount: Jetons) -> str:
    fiches, rest = fiche.in_fiches(amount)
    return text("hombre.in_fiches", fiches=fiches, jetons=rest)


def _label(bete: Bete) -> str:
    return text("hombre.bete_label", owner=bete.owner, amount=bete.amount)


def betes_line(fiche: HombreFiche) -> str:
    """H-17: the bête in play (circled) and the waiting ones in the order they will come into play."""
    parts = []
    if fiche.bete_in_play is not None:
        parts.append(text("hombre.bete_in_play", bete=_label(fiche.bete_in_play)))
    if fiche.betes_waiting:
        parts.append(text("hombre.betes_waiting", betes=[_label(bete) for bete in fiche.betes_waiting]))
    return "; ".join(parts) if parts else text("hombre.no_bete_owed")


def status(fiche: HombreFiche) -> str:
    if fiche.over:
        return text("hombre.status_over", poules=fiche.poules_tirees)
    premier = fiche.players[(fiche.players.index(fiche.next_dealer) + 1) % len(fiche.players)]
    return text(
        "hombre.status",
        marks=fiche.marks,
        poule=fiche.poule,
        enjeu=fiche.enjeu,
        betes=betes_line(fiche),
        taken=fiche.poules_tirees,
        poules=fiche.rules.poules,
        dealer=fiche.next_dealer,
        premier=premier,
    )


def short_status(fiche: HombreFiche) -> str:
    if fiche.over:
        return text("hombre.short_status_over")
    balances = [
        text("hombre.balance", player=player, balance=balance)
        for player, balance in zip(fiche.players, fiche.balances, strict=True)
    ]
    return text("hombre.short_status", balances=balances, taken=fiche.poules_tirees, poules=fiche.rules.poules)


def said(result: CoupResult, players: tuple[str, ...], name: Name = as_said) -> tuple[str, str]:
    """The contract as the table says it (`B sans prendre`), and the tricks in seating order (`4-3-2`)."""
    coup = result.coup
    if coup.pay is not None:  # M-18: an agreement, no coup played
        return text("cell.adjust", reason=coup.reason), ""
    if coup.passed:
        return text("hombre.three_passes"), ""
    made = dict(coup.tricks)
    key = "hombre.contract_vole_engagee" if coup.vole_engagee else "hombre.contract"
    return text(key, hombre=name(coup.hombre), contract=coup.contract), "-".join(str(made.get(p, 0)) for p in players)


def print_coup(result: CoupResult, fiche: HombreFiche, ascii: bool) -> None:
    print("\n".join([*(render(line, ascii) for line in result.log), status(fiche)]))


def sheet(fiche: HombreFiche, ascii: bool, name: Name) -> Sheet:
    """The fiche's columns and rows (`layout` fits them to the screen), each player named by `name`."""
    rows = []
    for result in fiche.coups:
        contract, tricks = said(result, fiche.players, name)
        figures = []
        for place, player in enumerate(fiche.players):
            net = result.net(player)
            balance = number(result.balances[place])
            figures.append((f"{'+' if net > 0 else ''}{number(net)} = {balance}" if net else balance, balance))
        if result.bete_made:
            outcome = text("hombre.outcome_bete", outcome=result.outcome, amount=result.bete_made.amount)
        else:
            outcome = text("hombre.outcome", outcome=result.outcome)
        if result.coup.gano_remise:  # H-9: a codille given up
            outcome = message("join.list").join([outcome, message("cell.gano_remise")])
        dealer, enjeu = ("", "") if result.coup.pay is not None else (name(result.dealer), str(result.enjeu))
        cells = (str(result.number), dealer, contract, tricks, outcome, enjeu)
        rows.append(Row(cells, tuple(figures), text("hombre.outcome", outcome=result.outcome)))
    headers = tuple(text(f"hombre.header.{column}") for column in HEADERS)
    players = tuple(name(player) for player in fiche.players)
    return Sheet(HEADERS, headers, frozenset({"coup", "enjeu"}), players, tuple(rows))


def after(fiche: HombreFiche, narrow: bool) -> list[str]:
    """The lines under the grid: the bêtes, each player's holdings, the status."""
    lines = [betes_made(fiche)] if fiche.betes else []
    for place, player in enumerate(fiche.players):
        holdings = in_fiches(fiche, fiche.holdings(player))
        balance = number(fiche.balances[place])
        lines.append(
            text("hombre.holdings", player=player, holdings=holdings, caves=fiche.caves[place], balance=balance)
        )
    return [*lines, status(fiche)]


def explained(fiche: HombreFiche, ascii: bool) -> list[str]:
    """Every coup's calculation (`--explain`), then the money prepared for the settlement."""
    lines = []
    for result in fiche.coups:
        lines.append(text("hombre.explain_coup", number=result.number, enjeu=result.enjeu))
        lines += ["  " + render(line, ascii) for line in result.log]
    return [*lines, *("  " + render(line, ascii) for line in fiche.prepared)]


def detail(result: CoupResult, ascii: bool) -> list[str]:
    """Under a coup's cells in `sheet --detail N`: its calculation."""
    return [render(line, ascii) for line in result.log]


def betes_made(fiche: HombreFiche) -> str:
    """Every bête made: the one in play in brackets, the waiting ones in order, the settled ones struck."""
    strike = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    parts = []
    for fate in fiche.betes:
        label = _label(fate.bete)
        if fate.status not in ("in_play", "waiting") and strike:
            label = f"\033[9m{label}\033[0m"
        parts.append(text(f"hombre.bete.{fate.status}", bete=label, coup=fate.settled_at))
    return text("hombre.betes_made", betes=parts)


def print_settlement(settlement: Settlement, fiche: HombreFiche) -> None:
    """The settlement's own log says it all: the bêtes split, each result, each payment (H-19)."""
    lines = [render(line) for line in settlement.log]
    if not settlement.transfers:
        lines.append(text("hombre.nobody_owes"))
    print("\n".join(lines))
