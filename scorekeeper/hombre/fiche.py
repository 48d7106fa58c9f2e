"""The hombre fiche: every declared coup replayed into the money (RULES H-7, H-9 to H-19).

Pure: no I/O. `replay` is the only way a figure is made; each coup keeps its payments, each with its
explanation and rule id, and a log that tells the coup line by line. Replay is linear in the number of
coups (the waiting bêtes are a heap).
"""

from __future__ import annotations

import gc
import heapq
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from scorekeeper.errors import UserError
from scorekeeper.hombre.bidding import Contract
from scorekeeper.hombre.coup import Coup
from scorekeeper.hombre.money import (
    Bete,
    Jetons,
    Payment,
    caves_needed,
    counts_toward_end,
    doubled,
    enjeu,
    half,
    marks_before_next,
    normalising_exception,
    occasional_payments,
    pay_bete,
    poule_jetons,
    take_poule,
    vole_without_waiting_bete,
)
from scorekeeper.hombre.outcome import Decision, Outcome, decide
from scorekeeper.hombre.rules import HombreRules
from scorekeeper.players import check_players as check_seating
from scorekeeper.players import find_player

PLAYERS = 3


def check_players(players: Sequence[str]) -> None:
    """L'hombre is played by three (H-7, C-3), names told apart without case or accents."""
    check_seating(players, PLAYERS)


def jetons_json(jetons: Jetons) -> int | float:
    """Jetons as a JSON number: an int when whole, a float for a half (13.5)."""
    if type(jetons) is int:
        return jetons
    value = Fraction(jetons)
    return value.numerator if value.denominator == 1 else float(value)


@dataclass(frozen=True, slots=True)
class BeteFate:
    """A bête on the sheet: waiting, in play, or struck (paid, shared by the tiers, or cancelled)."""

    bete: Bete
    status: str  # "waiting", "in play", "paid" (to the taker), "shared" (by the tiers), "cancelled" (his own)
    settled_at: int | None = None  # the coup that settled it


@dataclass(frozen=True, slots=True)
class CoupResult:
    """One line of the fiche: the coup as declared, its stakes, its outcome, its payments and their log."""

    number: int
    dealer: str
    premier: str
    coup: Coup
    marks: int  # in front of each player for this coup
    poule: int
    bete: Bete | None  # the bête in play
    enjeu: int
    outcome: Outcome
    takers: tuple[str, ...]  # who took the poule: nobody, the hombre, one or both tiers
    payments: tuple[Payment, ...]
    bete_made: Bete | None
    halves: tuple[int, ...]  # each player's balance after the coup, in half jetons (see `balances`)
    caves: tuple[int, ...]  # after the coup
    poules_tirees: int  # after the coup
    log: tuple[str, ...]

    @property
    def balances(self) -> tuple[Jetons, ...]:
        """Jetons won (+) or lost (-) by each player after this coup, in seating order, exact."""
        return tuple(half(amount) for amount in self.halves)

    def net(self, player: str) -> Jetons:
        """What the coup won (or lost) for one player."""
        won = sum(p.jetons for p in self.payments if p.payee == player)
        return won - sum(p.jetons for p in self.payments if p.payer == player)


@dataclass(frozen=True)
class HombreFiche:
    """The whole sheet as replayed, standing before the coup to be played next."""

    rules: HombreRules
    players: tuple[str, ...]
    first_dealer: str
    coups: tuple[CoupResult, ...]
    balances: tuple[Jetons, ...]  # jetons won (+) or lost (-) so far, in seating order
    caves: tuple[int, ...]  # caves taken, the first one included (H-12)
    marks: int  # in front of each player for the next coup; 0 once the partie is over
    bete_in_play: Bete | None  # for the next coup (H-17)
    betes_waiting: tuple[Bete, ...]  # in the order they will come into play
    betes: tuple[BeteFate, ...]  # every bête made, in the order made
    poules_tirees: int
    over: bool
    next_dealer: str
    prepared: tuple[str, ...] = ()  # how the next coup's poule and bête in play came to be (H-16, H-17)

    @property
    def poule(self) -> int:
        return poule_jetons(self.marks)

    @property
    def enjeu(self) -> int:
        return enjeu(self.marks, self.bete_in_play)

    @property
    def betes_owed(self) -> tuple[Bete, ...]:
        """Every bête not yet settled: the one in play, then the waiting ones."""
        return ((self.bete_in_play,) if self.bete_in_play else ()) + self.betes_waiting

    def holdings(self, player: str) -> Jetons:
        """H-12: the jetons in front of a player: his caves plus what he won."""
        place = self.players.index(player)
        return self.rules.cave * self.caves[place] + self.balances[place]

    def in_fiches(self, jetons: Jetons) -> tuple[int, Jetons]:
        """H-12: an amount in as many whole fiches as it holds, and the jetons left over (a half included)."""
        fiches = int(jetons // self.rules.fiche)
        return fiches, jetons - fiches * self.rules.fiche

    def as_dict(self) -> dict[str, Any]:
        """The stable JSON form (`sheet --json`). Jetons are numbers: int when whole, float for a half.

        `caves` counts every cave a player took, the first one included, so that a result is
        `holdings - cave x caves` (H-19). `poule` and `bete_in_play` stand for the coup to be played
        next; once the partie is over there is none (0 marks, no bête in play).
        """
        players = []
        for place, player in enumerate(self.players):
            holdings = self.holdings(player)
            fiches, jetons = self.in_fiches(holdings)
            players.append(
                {
                    "name": player,
                    "balance": jetons_json(self.balances[place]),
                    "caves": self.caves[place],
                    "holdings": jetons_json(holdings),
                    "fiches": fiches,
                    "jetons": jetons_json(jetons),
                }
            )
        return {
            "game": "hombre",
            "rules": {
                "system": self.rules.system,
                "payments": self.rules.payments,
                "retourne_contract": self.rules.retourne_contract,
                "espadille_forcee": self.rules.espadille_forcee,
                "poules": self.rules.poules,
                "end": self.rules.end,
                "cave": self.rules.cave,
                "fiche": self.rules.fiche,
            },
            "players": players,
            "poule": {"marks": self.marks, "jetons": self.poule, "log": list(self.prepared)},
            "bete_in_play": _bete_dict(self.bete_in_play),
            "betes_waiting": [_bete_dict(bete) for bete in self.betes_waiting],
            "betes": [
                {**_bete_dict(fate.bete), "status": fate.status, "settled_at": fate.settled_at} for fate in self.betes
            ],
            "enjeu": self.enjeu,
            "poules_tirees": self.poules_tirees,
            "poules": self.rules.poules,
            "over": self.over,
            "next_dealer": None if self.over else self.next_dealer,
            "next_premier": None if self.over else _after(self.players, self.next_dealer),
            "coups": [_coup_dict(result, self.players) for result in self.coups],
        }


def _bete_dict(bete: Bete | None) -> dict[str, Any] | None:
    if bete is None:
        return None
    return {"number": bete.number, "owner": bete.owner, "amount": bete.amount, "made_at": bete.made_at}


def _coup_dict(result: CoupResult, players: Sequence[str]) -> dict[str, Any]:
    coup = result.coup
    return {
        "number": result.number,
        "dealer": result.dealer,
        "premier": result.premier,
        "declared": coup.to_dict(),
        "hombre": coup.hombre,
        "contract": None if coup.contract is None else coup.contract.value,
        "tricks": None if coup.passed else dict(coup.tricks),
        "matadors": None if coup.passed else coup.matador_count,
        "marks": result.marks,
        "poule": result.poule,
        "bete": _bete_dict(result.bete),
        "enjeu": result.enjeu,
        "outcome": result.outcome.value,
        "takers": list(result.takers),
        "bete_made": _bete_dict(result.bete_made),
        "payments": [
            {"from": p.payer, "to": p.payee, "jetons": jetons_json(p.jetons), "why": p.why} for p in result.payments
        ],
        "net": {player: jetons_json(result.net(player)) for player in players},
        "balances": {player: jetons_json(b) for player, b in zip(players, result.balances, strict=True)},
        "caves": dict(zip(players, result.caves, strict=True)),
        "poules_tirees": result.poules_tirees,
        "log": list(result.log),
    }


def _after(players: Sequence[str], player: str) -> str:
    return players[(players.index(player) + 1) % len(players)]


class _Table:
    """The state between two coups: balances, caves, the poule, the bêtes. Played one coup at a time."""

    def __init__(self, rules: HombreRules, players: tuple[str, ...], dealer: str) -> None:
        self.rules = rules
        self.players = players
        self.first = players.index(dealer)
        self.tiers = {hombre: tuple(p for p in players if p != hombre) for hombre in players}
        # The deal line has three forms: made once, not once a coup.
        self.deal_lines = {p: f"{p} deals, {_after(players, p)} is premier en cartes (H-7)" for p in players}
        self.halves = {player: 0 for player in players}  # won or lost so far, in half jetons
        self.caves = {player: 1 for player in players}  # H-12: each starts with a cave
        # What each coup's line of the fiche shows, rebuilt only when a payment or a recave changes it.
        self.halves_now = (0,) * len(players)
        self.caves_now = tuple(self.caves.values())
        self.marks = rules.marks_first
        self.in_play: Bete | None = None
        self.waiting: list[tuple[int, int, Bete]] = []  # heap: largest first, then the oldest
        # Every bête made, by number: (bête, status, settling coup); made into BeteFates for the fiche.
        self.fates: dict[int, tuple[Bete, str, int | None]] = {}
        self.made = 0
        self.poules_tirees = 0
        self.over = False
        self.results: list[CoupResult] = []
        self.prepared = [f"start of the partie: each puts {self.marks} marks, poule {poule_jetons(self.marks)} (H-16)"]

    def dealer(self, index: int) -> str:
        """C-3, H-7: the deal passes to the next player after every coup, three passes included."""
        return self.players[(self.first + index) % len(self.players)]

    def play(self, data: Mapping[str, Any]) -> CoupResult:
        played = len(self.results)
        number = played + 1
        if self.over:
            raise UserError(
                f"coup {number}: the partie is over ({self.poules_tirees} poules taken by the hombre, H-19): "
                "settle it with `scorekeeper settle`"
            )
        dealer = self.dealer(played)
        try:
            coup = Coup.from_dict(data, self.rules, self.players, dealer)
        except UserError as error:
            raise UserError(f"coup {number}: {error}") from None
        marks, bete = self.marks, self.in_play
        stake = enjeu(marks, bete)
        log = [self.deal_lines[dealer], *self.prepared, _enjeu_line(marks, bete)]
        payments: list[Payment] = []
        bete_made = None
        if coup.passed:
            decision = _PASSED
            log.append(decision.why)
        else:
            decision = self._settle_coup(coup, number, marks, bete, stake, payments, log)
            if decision.outcome.makes_bete:
                bete_made = self._make_bete(coup.hombre, stake, number, log)
        self._pay(payments, log)
        if decision.poule_taken:
            self.in_play = None
        if counts_toward_end(decision):
            self.poules_tirees += 1
            log.append(f"poules taken by the hombre: {self.poules_tirees} of {self.rules.poules} (H-19)")
        self._prepare_next(marks, bete, decision, log)
        result = CoupResult(
            number=number,
            dealer=dealer,
            premier=_after(self.players, dealer),
            coup=coup,
            marks=marks,
            poule=poule_jetons(marks),
            bete=bete,
            enjeu=stake,
            outcome=decision.outcome,
            takers=decision.takers,
            payments=tuple(payments),
            bete_made=bete_made,
            halves=self.halves_now,
            caves=self.caves_now,
            poules_tirees=self.poules_tirees,
            log=tuple(log),
        )
        self.results.append(result)
        return result

    def _settle_coup(
        self,
        coup: Coup,
        number: int,
        marks: int,
        bete: Bete | None,
        stake: int,
        payments: list[Payment],
        log: list[str],
    ) -> Decision:
        """H-9 to H-13: the outcome, then every cell of its row of the H-13 table, each payment logged."""
        assert coup.hombre is not None and coup.contract is not None
        hombre = coup.hombre
        tiers = self.tiers[hombre]
        decision = _decided(hombre, coup.contract, coup.tricks, coup.vole_engagee)
        log.append(decision.why)
        if decision.poule_taken:
            log.extend(_poule_taken_lines(decision, marks))
            _record(payments, take_poule(marks, decision, hombre, self.players), log)
            if bete is not None:
                shared = len(decision.takers) == 2
                how = "in play, shared by the tiers" if shared else f"in play, taken by {decision.takers[0]}"
                _record(payments, pay_bete(bete, decision.takers, how, log), log)
                self._settled(bete, decision, number)
        else:
            log.append("the poule stays" + (f", {bete} stays in play" if bete else "") + " (H-13)")
        if decision.outcome.sweeps_waiting:
            if self.waiting:
                self._sweep_waiting(decision, number, payments, log)
            elif decision.outcome is Outcome.VOLE_WON:
                log.append(f"no bête waiting: each tiers also pays half the enjeu of {stake} (H-13)")
                _record(payments, vole_without_waiting_bete(stake, hombre, tiers), log)
        occasional = occasional_payments(self.rules, coup.contract, coup.matador_count, decision.outcome, hombre, tiers)
        _record(payments, occasional, log)
        return decision

    def _sweep_waiting(self, decision: Decision, number: int, payments: list[Payment], log: list[str]) -> None:
        """H-13: a vole settles every waiting bête: to the hombre when won, shared by the tiers otherwise."""
        shared = len(decision.takers) == 2
        how = "waiting, shared by the tiers after the vole" if shared else "waiting, taken by the vole"
        log.append(f"the vole settles the {len(self.waiting)} waiting bête(s) too (H-13)")
        for _, _, waiting in sorted(self.waiting):
            _record(payments, pay_bete(waiting, decision.takers, how, log), log)
            self._settled(waiting, decision, number)
        self.waiting = []

    def _settled(self, bete: Bete, decision: Decision, number: int) -> None:
        if len(decision.takers) == 2:
            status = "shared"
        else:
            status = "cancelled" if decision.takers[0] == bete.owner else "paid"
        self.fates[bete.number] = (bete, status, number)

    def _make_bete(self, hombre: str | None, stake: int, number: int, log: list[str]) -> Bete:
        """H-13, H-14: the hombre who loses (remise, codille, vole annoncée lost) makes a bête of the enjeu."""
        assert hombre is not None
        self.made += 1
        bete = Bete(self.made, hombre, stake, number)
        heapq.heappush(self.waiting, (-bete.amount, bete.number, bete))
        self.fates[bete.number] = (bete, "waiting", None)
        log.append(f"{hombre} makes a bête of {stake}, the enjeu (H-14)")
        return bete

    def _pay(self, payments: list[Payment], log: list[str]) -> None:
        """Apply the payments, then the recaves of whoever cannot pay (H-12), judged on the coup's net."""
        if not payments:
            return
        halves = self.halves
        for payment in payments:
            amount = doubled(payment.jetons)
            halves[payment.payer] -= amount
            halves[payment.payee] += amount
        self.halves_now = tuple(halves.values())
        cave = 2 * self.rules.cave  # in half jetons, like the balances
        for player in self.players:
            more = caves_needed(cave * self.caves[player] + halves[player], cave)
            if more:
                self.caves[player] += more
                self.caves_now = tuple(self.caves.values())
                log.append(
                    f"{player} cannot pay: he takes {more} more cave(s) of {self.rules.cave}, "
                    f"{self.caves[player]} in all (H-12)"
                )

    def _prepare_next(self, marks: int, bete: Bete | None, decision: Decision, log: list[str]) -> None:
        """The end of the partie (H-19), else the poule (H-16) and the bête in play (H-17) for the next coup.

        Under `play-on` the partie ends after the coup that leaves no bête at all, in play or waiting,
        once the poules are taken: a bête made while playing on must be cleared too.
        """
        self.prepared = []
        if self.poules_tirees >= self.rules.poules:
            if self.rules.end == "split" or (self.in_play is None and not self.waiting):
                self.over = True
                self.marks = 0
                left = f"; {len(self.waiting)} bête(s) still owed are split at the settlement" if self.waiting else ""
                log.append(f"the partie is over: {self.poules_tirees} poules taken by the hombre{left} (H-19)")
                return
            log.append("the poules are played; play on until no bête is left (H-19)")
        exists = self.in_play is not None or bool(self.waiting)
        exception = normalising_exception(self.rules, marks, bete, decision.outcome)
        self.marks, why = marks_before_next(self.rules, self.marks, decision.poule_taken, exists, exception)
        self.prepared.append(why)
        self.prepared.append(self._bete_into_play())

    def _bete_into_play(self) -> str:
        """H-17: before a coup with no bête in play, the largest waiting bête goes into play (the oldest of
        two equal ones); it stays in play until the poule is taken.
        """
        if self.in_play is not None:
            return f"{self.in_play} stays in play (H-17)"
        if not self.waiting:
            return "no bête to put in play (H-17)"
        _, _, bete = heapq.heappop(self.waiting)
        self.in_play = bete
        self.fates[bete.number] = (bete, "in play", None)
        return f"{bete} goes into play, the largest waiting (H-17)"

    def fiche(self) -> HombreFiche:
        return HombreFiche(
            rules=self.rules,
            players=self.players,
            first_dealer=self.players[self.first],
            coups=tuple(self.results),
            balances=tuple(half(amount) for amount in self.halves_now),
            caves=self.caves_now,
            marks=self.marks,
            bete_in_play=self.in_play,
            betes_waiting=tuple(bete for _, _, bete in sorted(self.waiting)),
            betes=tuple(BeteFate(*self.fates[number]) for number in sorted(self.fates)),
            poules_tirees=self.poules_tirees,
            over=self.over,
            next_dealer=self.dealer(len(self.results)),
            prepared=tuple(self.prepared),
        )


def _record(payments: list[Payment], new: Sequence[Payment], log: list[str]) -> None:
    """Keep the payments in the order the table makes them, each with its line in the log."""
    payments += new
    log.extend(payment.line for payment in new)


_PASSED = Decision(Outcome.PASSED, (), "all three passed: the coup counts as played, the poule stays (H-7)")


@lru_cache(maxsize=4096)
def _enjeu_line(marks: int, bete: Bete | None) -> str:
    """H-14, as the log says it (memoised like the payments: a long partie repeats its stakes)."""
    if bete is None:
        return f"enjeu: poule {poule_jetons(marks)} (H-14)"
    return f"enjeu: poule {poule_jetons(marks)} + {bete} = {enjeu(marks, bete)} (H-14)"


@lru_cache(maxsize=4096)
def _decided(hombre: str, contract: Contract, tricks: tuple[tuple[str, int], ...], vole_engagee: bool) -> Decision:
    """`decide`, memoised: a partie has few distinct trick counts, and a long replay meets them again."""
    return decide(hombre, contract, dict(tricks), vole_engagee)


@lru_cache(maxsize=4096)
def _poule_taken_lines(decision: Decision, marks: int) -> tuple[str, ...]:
    """H-13: who takes the poule, as the log says it (`codille: B takes the poule of 27 (H-13)`)."""
    who = " and ".join(decision.takers)
    verb = "take" if len(decision.takers) == 2 else "takes"
    lines = [f"{decision.outcome.value}: {who} {verb} the poule of {poule_jetons(marks)} (H-13)"]
    if len(decision.takers) == 2:
        lines.append("the tiers' own shares, half to each other, cross and cancel (H-13)")
    return tuple(lines)


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause the cyclic garbage collector while a ledger replays.

    A replay allocates some twenty objects a coup and frees none of them before the end, and none of
    them form cycles: the collector would only rescan them again and again (up to a quarter of the
    time of a 10,000-coup replay). Reference counting still frees everything; the collector is restored after.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _start(rules: HombreRules, players: Sequence[str], dealer: str) -> _Table:
    players = tuple(players)
    check_players(players)
    return _Table(rules, players, find_player(players, dealer))


def replay(rules: HombreRules, players: Sequence[str], dealer: str, coups: Sequence[Mapping[str, Any]]) -> HombreFiche:
    """Replay every declared coup from the first deal (`dealer` deals it; players in seating order, C-3)."""
    table = _start(rules, players, dealer)
    with _no_cycle_collection():
        for data in coups:
            table.play(data)
    return table.fiche()


def add_coup(
    rules: HombreRules,
    players: Sequence[str],
    dealer: str,
    coups: Sequence[Mapping[str, Any]],
    coup: Mapping[str, Any],
) -> HombreFiche:
    """The fiche with one more coup; refused once the partie is over (H-19)."""
    table = _start(rules, players, dealer)
    with _no_cycle_collection():
        for data in coups:
            table.play(data)
    if table.over:
        raise UserError(
            f"the partie is over: {table.poules_tirees} poules taken by the hombre (H-19); "
            "settle it with `scorekeeper settle`, or start another with `scorekeeper new`"
        )
    table.play(coup)
    return table.fiche()
