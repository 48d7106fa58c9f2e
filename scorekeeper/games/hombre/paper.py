"""The hombre fiche on paper: each entry with its enjeu and outcome, each player's net and balance;
the settlement and a player's own statement (`settle --statement`, H-12 to H-19)."""

from __future__ import annotations

import operator
from functools import partial
from typing import Any

from scorekeeper.explain import Numbered, Record, numbered
from scorekeeper.games.hombre.fiche import HombreFiche, jetons_json
from scorekeeper.games.hombre.money import Jetons
from scorekeeper.games.hombre.settle import Settlement, Statement, coup_lines
from scorekeeper.games.hombre.settle import statements as statements_of
from scorekeeper.games.hombre.sheet import after, contract
from scorekeeper.games.paper import Chart, Paper
from scorekeeper.games.sheet import Cell, said


def paper(data: dict[str, Any], fiche: HombreFiche) -> Paper:
    """Between an entry's number and time and its note: dealer, contract, tricks, enjeu, outcome, each
    player's net and balance; under it the bêtes, the holdings and the status; the chart of each
    player's balance, a mark where a poule was taken (H-19). Read from the fiche, figures as
    `sheet --json` gives them, `data` being the heading `cli/paper` writes beside it."""
    players = fiche.players
    columns: list[Cell] = [said(f"paper.col.{key}") for key in ("dealer", "said", "tricks", "enjeu", "outcome")]
    columns += [said(f"paper.col.{key}", side=player) for player in players for key in ("net", "balance")]
    rows = []
    # One record for the same contract or outcome of many coups, which the page says once (docs/performance.md).
    kept: dict[Any, Any] = {}
    outcomes: dict[Any, Record] = {}
    halved = _Halved()
    balances = _balances(fiche, halved)
    before = (0,) * len(players)
    for result, after_it in zip(fiche.coups, balances, strict=True):
        shown, tricks = contract(result, players, kept=kept)
        if (outcome := outcomes.get(result.outcome)) is None:
            outcome = outcomes[result.outcome] = said("hombre.outcome", outcome=result.outcome)
        figures = [*after_it, *after_it]  # each player's net, then his balance
        figures[::2] = map(halved.__getitem__, map(operator.sub, result.halves, before))
        figures[1::2] = after_it
        rows.append((result.dealer, shown, tricks, jetons_json(result.enjeu), outcome, *figures))
        before = result.halves
    return Paper(tuple(columns), tuple(rows), tuple(after(fiche, False)), chart(data, fiche, balances))


class _Halved(dict[int, int | float]):
    """Amounts in half jetons as JSON gives them (`jetons_json`): an int when whole, a float for a half;
    each worked out once (a long partie's balances are the same few hundred), looked up by the interpreter's
    own loops (`map`). Each player's balance after a coup is `CoupResult.halves` so, without a Fraction
    made of each; what a coup won or lost him (`CoupResult.net`) is the change of his balance (H-12: a
    balance is what his payments sum to), taken so (docs/performance.md: the paper of 2,000 coups from 28 to 14 ms of
    CPU with each coup's payments read once for all, the whole paper 13 to 6 ms so and by kept records)."""

    def __missing__(self, halves: int) -> int | float:
        value = self[halves] = halves // 2 if halves % 2 == 0 else halves / 2
        return value


def _balances(fiche: HombreFiche, halved: _Halved) -> list[list[int | float]]:
    """Each player's balance after each coup as JSON gives it (`_Halved`)."""
    return [list(map(halved.__getitem__, result.halves)) for result in fiche.coups]


def chart(data: dict[str, Any], fiche: HombreFiche, balances: list[list[int | float]] | None = None) -> Chart:
    """Each player's balance entry by entry, a mark where a poule was taken (H-19); `balances`, each coup's
    (`_balances`), where the caller has them."""
    if balances is None:
        balances = _balances(fiche, _Halved())
    lines = tuple((player, (0, *(row[place] for row in balances))) for place, player in enumerate(fiche.players))
    marks, taken = [], 0
    for at, result in enumerate(fiche.coups, 1):
        if result.poules_tirees > taken:
            taken = result.poules_tirees
            marks.append((at, said("paper.mark.poule", poules=taken)))
    return Chart(said("paper.chart.hombre"), lines, tuple(marks))


def statement(fiche: HombreFiche, mine: Statement, settled: Settlement | None) -> list[Cell]:
    """One player's statement (H-12 to H-19): his coups as hombre, then its lines, whose amounts sum to
    his result (`settle.statement`): every jeton he paid and received and why, each bête he made and
    each recave he took, the split of the bêtes left and any rounding at the settlement; his caves, and
    his result and whom he pays, or mid-partie (`settled` None) where he stands so far. Amounts stay
    exact, for the words to write a half as the language does (`13,5` in French), as the sheet does."""
    kept: dict[Any, Record] = {}
    lines = [*_as_hombre(fiche, (mine.player,), kept)[mine.player], *(_said(kept, *line) for line in mine.lines)]
    return [line.whole() if type(line) is Numbered else line for line in _statement(mine, settled, lines)]


def _statement(mine: Statement, settled: Settlement | None, lines: list[Cell]) -> list[Cell]:
    """`mine`'s statement around its `lines` (his coups as hombre, then his own lines): its title, and
    after them his caves, his result and whom he pays."""
    player = mine.player
    said_lines: list[Cell] = [said("paper.statement.title", player=player), *lines]
    said_lines.append(said("paper.statement.caves", caves=mine.caves, holdings=mine.holdings))
    if settled is None:
        return [*said_lines, said("paper.statement.so_far", result=mine.result)]
    said_lines.append(said("paper.statement.result", result=mine.result))
    for transfer in settled.transfers:
        if player in (transfer.payer, transfer.payee):
            paid = transfer.payer == player
            said_lines.append(
                said(
                    "paper.statement.pays" if paid else "paper.statement.is_paid",
                    other=transfer.payee if paid else transfer.payer,
                    jetons=transfer.jetons,
                    fiches=transfer.fiches,
                    rest=transfer.rest,
                )
            )
    return said_lines


def _as_hombre(fiche: HombreFiche, players: tuple[str, ...], kept: dict[Any, Record]) -> dict[str, list[Cell]]:
    """Each of `players`' coups as hombre, his contract, its outcome and what it won or lost him, the fiche
    read once for all, each line `Numbered` (see `_template`); what a coup's payments give the hombre worked
    out once for all the coups that share them (`coup_lines`)."""
    lines: dict[str, list[Cell]] = {player: [] for player in players}
    nets: dict[tuple[int, str], tuple[Any, Jetons]] = {}  # by the payments' identity, them kept beside
    for result in fiche.coups:
        coup, hombre = result.coup, result.coup.hombre
        if hombre is None or coup.contract is None or (mine := lines.get(hombre)) is None:
            continue
        if (known := nets.get((id(result.payments), hombre))) is None:
            known = nets[id(result.payments), hombre] = (result.payments, result.net(hombre))
        net = known[1]
        key = (coup.contract, result.outcome, type(net), net)
        if (template := kept.get(key)) is None:
            template = kept[key] = numbered(
                "paper.statement.as_hombre", contract=coup.contract.value, outcome=result.outcome.value, net=net
            )
        mine.append(Numbered(template, result.number))
    return lines


def _said(kept: dict[Any, Record], coup: int | None, amount: Jetons, other: str | None, why: Record) -> Cell:
    """A statement's line (`StatementLine`'s fields) in words: a payment made or received with its reason,
    at its coup or at the settlement (the split of a bête left); what moved none of his jetons (a bête
    made, a recave) with its 0; the rounding of `settle --whole`. A coup's line is `Numbered` (`_template`)."""
    if coup is not None:
        return Numbered(_template(kept, amount, other, why), coup)
    if other is None:
        return said("paper.statement.rounding", jetons=amount, why=why)
    paid = amount < 0
    key = "paper.statement.paid_at_settlement" if paid else "paper.statement.received_at_settlement"
    return said(key, number=None, other=other, jetons=-amount if paid else amount, why=why)


def _template(kept: dict[Any, Record], amount: Jetons, other: str | None, why: Record) -> Record:
    """The words of a statement's line of a coup but its number: one record for all the lines that say the
    same but for their coup, kept in `kept` (by the record of the reason, which the replay holds one for all
    its payments of one reason: by its identity), which the page says once (docs/performance.md)."""
    if other is None:
        key: tuple[Any, ...] = ("noted", id(why))
        if (template := kept.get(key)) is None:
            template = kept[key] = numbered("paper.statement.noted", why=why)
        return template
    paid = amount < 0
    event = "paper.statement.paid" if paid else "paper.statement.received"
    jetons = -amount if paid else amount
    key = (event, other, type(jetons), jetons, id(why))
    if (template := kept.get(key)) is None:
        template = kept[key] = numbered(event, other=other, jetons=jetons, why=why)
    return template


def sections(fiche: HombreFiche, settled: Settlement) -> list[tuple[Cell, list[Cell]]]:
    """After the chart: the settlement (H-19: early, if the partie is not over) and each player's statement,
    its lines of the coups made as the page says them, without a `StatementLine` each (docs/performance.md)."""
    lines: list[Cell] = list(settled.log) or [said("hombre.nobody_owes")]
    kept: dict[Any, Record] = {}  # the records of the three statements' lines, many of them the same
    players = fiche.players
    as_hombre = _as_hombre(fiche, players, kept)
    # Each line made by the interpreter itself from its record and coup (`Numbered._make` less its check).
    coups = coup_lines(fiche, players, partial(_template, kept), partial(tuple.__new__, Numbered))
    statements = []
    for mine in statements_of(fiche, settled, coups=False):
        own = [*as_hombre[mine.player], *coups[mine.player], *(_said(kept, *line) for line in mine.lines)]
        statements.append(_statement(mine, settled, own))
    return [(said("paper.settlement"), lines), *((lines[0], lines[1:]) for lines in statements)]
