"""The hombre fiche as data: the paper sheet done right (H-12 to H-19). Only catalog keys and values:
the edge puts them in words and fits them to the screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from scorekeeper.explain import Record
from scorekeeper.games.hombre.fiche import CoupResult, HombreFiche
from scorekeeper.games.hombre.money import Bete, Jetons
from scorekeeper.games.hombre.settle import Settlement
from scorekeeper.games.sheet import Cell, Explained, Joined, Row, Sheet, Struck, Who, said

HEADERS = ("coup", "dealer", "contract", "tricks", "outcome", "enjeu")
_HEADERS = tuple(f"hombre.header.{column}" for column in HEADERS)


def in_fiches(fiche: HombreFiche, amount: Jetons) -> Record:
    """H-12: an amount in fiches and jetons."""
    fiches, rest = fiche.in_fiches(amount)
    return said("hombre.in_fiches", fiches=fiches, jetons=rest)


def _label(bete: Bete) -> Record:
    return said("hombre.bete_label", owner=bete.owner, amount=bete.amount)


def betes_line(fiche: HombreFiche) -> Cell:
    """H-17: the bête in play (circled) and the waiting ones in the order they will come into play."""
    parts: list[Cell] = []
    if fiche.bete_in_play is not None:
        parts.append(said("hombre.bete_in_play", bete=_label(fiche.bete_in_play)))
    if fiche.betes_waiting:
        parts.append(said("hombre.betes_waiting", betes=[_label(bete) for bete in fiche.betes_waiting]))
    return Joined(tuple(parts), "hombre.join.betes") if parts else said("hombre.no_bete_owed")


def status(fiche: HombreFiche) -> Record:
    """Where the partie stands: the marks, the poule and the enjeu (H-14, H-16), the bêtes (H-17), the
    poules taken (H-19), who deals and who is premier next (H-7)."""
    if fiche.over:
        return said("hombre.status_over", poules=fiche.poules_tirees)
    premier = fiche.players[(fiche.players.index(fiche.next_dealer) + 1) % len(fiche.players)]
    past = fiche.poules_tirees >= fiche.rules.poules  # play goes on for the bêtes left (H-19)
    return said(
        "hombre.status_play_on" if past else "hombre.status",
        marks=fiche.marks,
        poule=fiche.poule,
        enjeu=fiche.enjeu,
        betes=betes_line(fiche),
        taken=fiche.poules_tirees,
        poules=fiche.rules.poules,
        dealer=fiche.next_dealer,
        premier=premier,
    )


def short_status(fiche: HombreFiche) -> Record:
    """The state of a game for the list of games: each player's balance, the poules taken."""
    if fiche.over:
        return said("hombre.short_status_over")
    balances = [
        said("hombre.balance", player=player, balance=balance)
        for player, balance in zip(fiche.players, fiche.balances, strict=True)
    ]
    past = fiche.poules_tirees >= fiche.rules.poules  # play goes on for the bêtes left (H-19)
    key = "hombre.short_status_play_on" if past else "hombre.short_status"
    return said(key, balances=balances, taken=fiche.poules_tirees, poules=fiche.rules.poules)


def contract(
    result: CoupResult, players: Sequence[str], who: Callable[[str], Cell] = Who, kept: dict[Any, Any] | None = None
) -> tuple[Cell, str]:
    """The contract as the table says it (`B sans prendre`), and the tricks in seating order (`4-3-2`). With
    `kept`, one record for all the coups that say the same contract, kept there by what it says (the
    export's page says each once by its identity: docs/performance.md)."""
    coup = result.coup
    if coup.pay is not None:  # M-18: an agreement, no coup played
        return said("cell.adjust", reason=coup.reason), ""
    if coup.passed:
        return said("hombre.three_passes"), ""
    assert coup.hombre is not None
    key = "hombre.contract_vole_engagee" if coup.vole_engagee else "hombre.contract"
    if coup.espadille_forcee:  # H-8: the holder made to play demande, said on the row (issue 29)
        key = "hombre.contract_forcee"
    if kept is None:
        return said(key, hombre=who(coup.hombre), contract=coup.contract), _tricks(coup.tricks, players)
    said_ = kept.get((key, coup.hombre, coup.contract))
    if said_ is None:  # the same coup's words, its values said the same
        said_ = kept[key, coup.hombre, coup.contract] = said(key, hombre=who(coup.hombre), contract=coup.contract)
    tricks = kept.get(coup.tricks)  # a tuple of pairs: no key of a record's
    if tricks is None:
        tricks = kept[coup.tricks] = _tricks(coup.tricks, players)
    return said_, tricks


def _tricks(tricks: tuple[tuple[str, int], ...], players: Sequence[str]) -> str:
    """Each player's tricks in seating order: `4-3-2`."""
    made = dict(tricks)
    return "-".join(str(made.get(p, 0)) for p in players)


def echo(result: CoupResult) -> tuple[Record, ...]:
    """What `coup` says of a coup before the status: its whole log."""
    return result.log


def announced(result: CoupResult) -> tuple[Record, ...]:
    """What the table announces under a coup's line: nothing, the poules and the end are the status
    line's (H-16, H-19)."""
    return ()


def sheet(fiche: HombreFiche, start: int = 0) -> Sheet:
    """The fiche's columns and the rows of its entries from `start` (from 0; the guided table's new row
    alone: a row says its own entry only), each player a `Who` (`layout` fits them to the screen)."""
    rows = []
    for result in fiche.coups[start:]:
        said_, tricks = contract(result, fiche.players)
        figures = tuple(
            (result.net(player), balance) for player, balance in zip(fiche.players, result.balances, strict=True)
        )
        if result.bete_made:
            outcome = said("hombre.outcome_bete", outcome=result.outcome, amount=result.bete_made.amount)
        else:
            outcome = said("hombre.outcome", outcome=result.outcome)
        shown: Cell = outcome
        if result.coup.gano_remise:  # H-9: a codille given up
            shown = Joined((outcome, said("cell.gano_remise")))
        dealer, enjeu = ("", "") if result.coup.pay is not None else (Who(result.dealer), str(result.enjeu))
        cells = (str(result.number), dealer, said_, tricks, shown, enjeu)
        mark: Cell = said("hombre.outcome", outcome=result.outcome)
        if result.coup.espadille_forcee:  # the narrow shape drops the contract: the mark says it (H-8)
            mark = Joined((mark, said("cell.forcee")))
        rows.append(Row(cells, figures, mark))
    players = tuple(Who(player) for player in fiche.players)
    return Sheet(HEADERS, _HEADERS, frozenset({"coup", "enjeu"}), players, tuple(rows))


def holdings(fiche: HombreFiche) -> list[Record]:
    """H-12: each player's holdings in fiches and jetons, his caves and his balance."""
    return [
        said(
            "hombre.holdings",
            player=player,
            holdings=in_fiches(fiche, fiche.holdings(player)),
            caves=fiche.caves[place],
            balance=fiche.balances[place],
        )
        for place, player in enumerate(fiche.players)
    ]


def after(fiche: HombreFiche, narrow: bool) -> list[Cell]:
    """The lines under the grid: the bêtes, each player's holdings, the status."""
    return [*([betes_made(fiche)] if fiche.betes else []), *holdings(fiche), status(fiche)]


def explained(fiche: HombreFiche) -> list[Explained]:
    """Every coup's calculation (`--explain`), then the money prepared for the next coup (H-16, H-17)."""
    blocks = [
        (said("hombre.explain_coup", number=result.number, enjeu=result.enjeu), result.log) for result in fiche.coups
    ]
    return [*blocks, (None, fiche.prepared)]


def detail(result: CoupResult) -> list[Cell]:
    """Under a coup's cells in `sheet --detail N`: its calculation."""
    return list(result.log)


def betes_made(fiche: HombreFiche) -> Record:
    """Every bête made (H-14, H-17): the one in play in brackets, the waiting ones in order, the settled
    ones struck."""
    parts = []
    for fate in fiche.betes:
        label: Cell = _label(fate.bete)
        if fate.status not in ("in_play", "waiting"):
            label = Struck(label)
        parts.append(said(f"hombre.bete.{fate.status}", bete=label, coup=fate.settled_at))
    return said("hombre.betes_made", betes=parts)


def settlement(settled: Settlement) -> list[Cell]:
    """The settlement's own log says it all: the bêtes split, each result, each payment (H-19)."""
    return [*settled.log, *([] if settled.transfers else [said("hombre.nobody_owes")])]
