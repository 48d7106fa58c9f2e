"""The end of a partie of l'hombre (RULES H-19): the bêtes still owed, each player's result, who pays whom.

>>> from scorekeeper.games.hombre.replay import replay
>>> won = {"hombre": "A", "contract": "demande", "tricks": {"A": 5, "B": 2, "C": 2}}
>>> fiche = replay(HombreRules(poules=1, end="split"), ["A", "B", "C"], "A", [won])
>>> from scorekeeper.i18n import render
>>> [render(transfer.record) for transfer in settle(fiche).transfers]
['B pays A 9 jetons (9 jetons) (H-19)', 'C pays A 9 jetons (9 jetons) (H-19)']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import partial
from itertools import repeat
from typing import Any, NamedTuple, TypeVar

from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record
from scorekeeper.games.hombre.fiche import HombreFiche, jetons_json
from scorekeeper.games.hombre.money import Jetons, Payment
from scorekeeper.games.hombre.rules import HombreRules
from scorekeeper.games.spadille.payments import fewest_payments


class PlayerResult(NamedTuple):
    """H-19: a player's jetons at the end, minus a cave for every cave he took."""

    name: str
    caves: int
    holdings: Jetons
    result: Jetons
    rounding: Jetons = 0  # `settle --whole` (H-12): what closing the pair of half-jetons added to the exact result


class Transfer(NamedTuple):
    """One payment of the settlement, in jetons and in fiches and jetons (H-12, H-19)."""

    payer: str
    payee: str
    jetons: Jetons
    fiches: int
    rest: Jetons  # jetons beyond the whole fiches

    @property
    def record(self) -> Record:
        """The payment as the settlement tells it: `A pays C 72 jetons (3 fiches and 12 jetons) (H-19)`."""
        said = {"payer": self.payer, "payee": self.payee, "jetons": self.jetons}
        if not self.fiches:
            return record("transfer_in_jetons", "H-19", **said, rest=self.rest)
        if not self.rest:
            return record("transfer_in_fiches", "H-19", **said, fiches=self.fiches)
        return record("transfer", "H-19", **said, fiches=self.fiches, rest=self.rest)


class Settlement(NamedTuple):
    """The settlement: the bêtes split, each player's result, and the fewest payments that settle them."""

    rules: HombreRules
    early: bool
    split: tuple[Payment, ...]
    results: tuple[PlayerResult, ...]
    transfers: tuple[Transfer, ...]
    log: tuple[Record, ...]
    whole: bool = False  # `settle --whole` (H-12): settled in whole jetons, the rounding shown

    def as_dict(self) -> dict[str, Any]:
        """JSON form. `transfers`: `jetons` is the whole amount; `fiches` and `rest` say it in fiches and jetons.
        Under `--whole`, `whole` is true and each result also gives `exact` (before the rounding) and `rounding`."""
        whole = {"whole": True} if self.whole else {}
        return {
            **whole,
            "early": self.early,
            "split": [
                {"from": p.payer, "to": p.payee, "jetons": jetons_json(p.jetons), "why": p.why} for p in self.split
            ],
            "results": [
                {
                    "name": r.name,
                    "caves": r.caves,
                    "holdings": jetons_json(r.holdings),
                    "result": jetons_json(r.result),
                    **(
                        {"exact": jetons_json(r.result - r.rounding), "rounding": jetons_json(r.rounding)}
                        if self.whole
                        else {}
                    ),
                }
                for r in self.results
            ],
            "transfers": [
                {
                    "from": t.payer,
                    "to": t.payee,
                    "jetons": jetons_json(t.jetons),
                    "fiches": t.fiches,
                    "rest": jetons_json(t.rest),
                }
                for t in self.transfers
            ],
            "log": list(self.log),
        }


def check_settlement(fiche: HombreFiche, early: bool) -> None:
    """H-19: a partie is settled once over; with bêtes still owed under `play-on`, play goes on.

    `early` settles a partie stopped by the table before its end: the bêtes still owed are then split
    as at the end under `split`, and the marks of the poule, never paid, are simply taken back.
    """
    if fiche.over or early:
        return
    if fiche.poules_tirees >= fiche.rules.poules:
        raise UserError(
            "betes_still_owed", "H-19", poules=fiche.poules_tirees, length=fiche.rules.poules, betes=fiche.betes_owed
        )
    raise UserError("partie_not_over", "H-19", taken=fiche.poules_tirees, poules=fiche.rules.poules)


def split_betes(fiche: HombreFiche) -> list[Payment]:
    """H-19: each bête still owed is put in the middle and split evenly among the three: its owner pays a
    third to each of the two others (a bête is a multiple of 9, so the thirds are whole).
    """
    payments = []
    for bete in fiche.betes_owed:
        third = Fraction(bete.amount, len(fiche.players))
        why = record("bete_split", "H-19", bete=bete)
        payments += [Payment(bete.owner, player, third, why) for player in fiche.players if player != bete.owner]
    return payments


def close_halves(results: Mapping[str, Jetons]) -> dict[str, Jetons]:
    """H-12: what `settle --whole` adds to each result so that all are whole jetons.

    The results sum to zero and each is a multiple of a half, so the half-jetons come in pairs (with
    three players, none or one pair). A pair closes by rounding the higher balance down and the lower
    up: the half goes to the player who is behind; on equal balances, to the later seat.

    >>> close_halves({"A": Fraction(55, 2), "B": Fraction(-45, 2), "C": -5})
    {'A': Fraction(-1, 2), 'B': Fraction(1, 2), 'C': 0}
    >>> close_halves({"A": Fraction(27, 2), "B": Fraction(27, 2), "C": -27})
    {'A': Fraction(-1, 2), 'B': Fraction(1, 2), 'C': 0}
    """
    rounding: dict[str, Jetons] = dict.fromkeys(results, 0)
    halves = [name for name, value in results.items() if Fraction(value).denominator != 1]
    seat = {name: place for place, name in enumerate(results)}
    # behind first: the lower balance, and on equal balances the later seat
    halves.sort(key=lambda name: (results[name], -seat[name]))
    for behind, ahead in zip(halves[0::2], halves[1::2], strict=True):
        rounding[behind], rounding[ahead] = Fraction(1, 2), Fraction(-1, 2)
    return rounding


def settle(fiche: HombreFiche, *, early: bool = False, whole: bool = False) -> Settlement:
    """H-19: split the bêtes still owed, give each player's result (his jetons minus a cave for each cave
    taken), and who pays whom in as few payments as possible, in fiches and jetons; with `whole`, in
    whole jetons, the pairs of half-jetons closed as H-12 says and the rounding shown.

    The settlement is paid in money, not in jetons on the table: nobody recaves for it (H-12 is for
    the play), and a result may be a half jeton.
    """
    check_settlement(fiche, early)
    rules = fiche.rules
    log: list[Record] = []
    if early and not fiche.over:
        log.append(record("partie_stops", "H-19", coups=len(fiche.coups)))
    split = split_betes(fiche)
    balances = dict(zip(fiche.players, fiche.balances, strict=True))
    for payment in split:
        balances[payment.payer] -= payment.jetons
        balances[payment.payee] += payment.jetons
        log.append(payment.line)
    rounding: dict[str, Jetons] = close_halves(balances) if whole else dict.fromkeys(balances, 0)
    results = []
    for place, player in enumerate(fiche.players):
        caves = fiche.caves[place]
        holdings = rules.cave * caves + balances[player]
        results.append(PlayerResult(player, caves, holdings, balances[player] + rounding[player], rounding[player]))
        said = {"player": player, "holdings": holdings, "caves": caves, "cave": rules.cave, "result": balances[player]}
        log.append(record("player_result_won" if balances[player] > 0 else "player_result", "H-19", **said))
    for result in results:
        if result.rounding:
            exact = result.result - result.rounding
            log.append(record("whole_rounding", "H-12", player=result.name, exact=exact, result=result.result))
    closed = {result.name: _whole(result.result) for result in results}
    transfers = []
    for payer, payee, amount in fewest_payments(closed):
        fiches = int(amount // rules.fiche)
        transfer = Transfer(payer, payee, amount, fiches, amount - fiches * rules.fiche)
        transfers.append(transfer)
        log.append(transfer.record)
    stopped = early and not fiche.over
    return Settlement(rules, stopped, tuple(split), tuple(results), tuple(transfers), tuple(log), whole)


def _whole(jetons: Jetons) -> Jetons:
    """A figure whole once more as an int (a Fraction of denominator 1 after a rounding), as JSON gives it."""
    value = Fraction(jetons)
    return value.numerator if value.denominator == 1 else value


class StatementLine(NamedTuple):
    """One line of a player's statement: what it did to his jetons (0 for what moved none), with whom,
    why, and the coup it came from (None: at the settlement)."""

    coup: int | None
    amount: Jetons
    other: str | None  # `with` in JSON: the player paid or paying, if any
    record: Record


class Statement(NamedTuple):
    """A player's own statement (H-12 to H-19): every payment he made or received, each bête he made and
    each recave he took (their coup, amount 0: they move no jeton of his result), the split of the bêtes
    left and the rounding at the settlement. The amounts always sum to `result`: his result at the
    settlement, or mid-partie (`settlement` None) his balance so far."""

    player: str
    result: Jetons
    lines: tuple[StatementLine, ...]
    caves: int
    holdings: Jetons
    settled: bool

    def as_dict(self) -> dict[str, Any]:
        """`settle --statement NAME --json`: `{"player", "result", "lines": [{"coup", "amount", "with", "record"}]}`."""
        return {
            "player": self.player,
            "result": jetons_json(self.result),
            "lines": [
                {"coup": line.coup, "amount": jetons_json(line.amount), "with": line.other, "record": line.record}
                for line in self.lines
            ],
        }


_NOTED = frozenset({"bete_made", "recave"})  # what a coup's log says of a player that moves none of his jetons


def statement(fiche: HombreFiche, settlement: Settlement | None, player: str) -> Statement:
    """H-12 to H-19: one player's statement, each line with its coup, amount, other player and record;
    the amounts sum to his result (`settlement`), or mid-partie to his balance so far."""
    return statements(fiche, settlement, (player,))[0]


def statements(
    fiche: HombreFiche, settlement: Settlement | None, players: tuple[str, ...] | None = None, coups: bool = True
) -> tuple[Statement, ...]:
    """The statement of each of `players` (all, in seating order, by default), the fiche read once for
    all of them, where the export's three statements read it once each (docs/performance.md); without the lines of
    the `coups` where the page makes them its own way (`coup_lines`)."""
    players = fiche.players if players is None else players
    lines = coup_lines(fiche, players, partial(StatementLine, None), _numbered) if coups else {p: [] for p in players}
    return tuple(_statement(fiche, settlement, player, lines[player]) for player in players)


def _numbered(line_at: tuple[StatementLine, int]) -> StatementLine:
    """A line of `coup_lines` at its coup."""
    line, number = line_at
    return StatementLine(number, line.amount, line.other, line.record)


L = TypeVar("L")
T = TypeVar("T")


def coup_lines(
    fiche: HombreFiche,
    players: tuple[str, ...],
    line: Callable[[Jetons, str | None, Record], L],
    numbered: Callable[[tuple[L, int]], T],
) -> dict[str, list[T]]:
    """The lines of each of `players`' statement that his coups give, in order: every payment he made or
    received and each bête he made and recave he took (amount 0, no other). Each is made by `line` from its
    amount, other player and record, then given its coup by `numbered` (from the pair of the two:
    `StatementLine`'s fields); a coup's payments once for all the coups that make the same, which the
    replay keeps one tuple for (docs/performance.md)."""
    lines: dict[str, list[T]] = {player: [] for player in players}
    made: dict[int, tuple[tuple[Payment, ...], list[tuple[list[T], list[L]]]]] = {}  # by the payments' identity
    for result in fiche.coups:
        number = result.number
        kept = made.get(id(result.payments))
        if kept is None:
            kept = made[id(result.payments)] = (result.payments, _payment_lines(result.payments, lines, line))
        for mine, own in kept[1]:
            mine += map(numbered, zip(own, repeat(number)))
        for said in result.log:
            if said.event in _NOTED:
                for player in dict.fromkeys((said.values.get("player"), said.values.get("hombre"))):
                    if player in lines:
                        lines[player].append(numbered((line(0, None, said), number)))
    return lines


def _payment_lines(
    payments: tuple[Payment, ...], lines: dict[str, list[T]], line: Callable[[Jetons, str | None, Record], L]
) -> list[tuple[list[T], list[L]]]:
    """What `payments` say in each of `lines`' statement (the list of his lines beside them), in order."""
    said: dict[str, list[L]] = {}
    for payment in payments:
        if payment.payer in lines:
            said.setdefault(payment.payer, []).append(line(-payment.jetons, payment.payee, payment.why))
        if payment.payee != payment.payer and payment.payee in lines:
            said.setdefault(payment.payee, []).append(line(payment.jetons, payment.payer, payment.why))
    return [(lines[player], mine) for player, mine in said.items()]


def _statement(fiche: HombreFiche, settlement: Settlement | None, player: str, lines: list[StatementLine]) -> Statement:
    """`player`'s statement from his lines of the coups: what the settlement adds to them."""
    place = fiche.players.index(player)
    if settlement is None:
        return Statement(player, fiche.balances[place], tuple(lines), fiche.caves[place], fiche.holdings(player), False)
    for payment in settlement.split:
        if payment.payer == player:
            lines.append(StatementLine(None, -payment.jetons, payment.payee, payment.why))
        elif payment.payee == player:
            lines.append(StatementLine(None, payment.jetons, payment.payer, payment.why))
    mine = settlement.results[place]
    if mine.rounding:
        said = record("whole_rounding", "H-12", player=player, exact=mine.result - mine.rounding, result=mine.result)
        lines.append(StatementLine(None, mine.rounding, None, said))
    return Statement(player, mine.result, tuple(lines), mine.caves, mine.holdings, True)
