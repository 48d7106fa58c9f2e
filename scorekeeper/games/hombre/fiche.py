"""The hombre fiche as values: each coup's line, the bêtes' fates, the sheet and its stable JSON form
(RULES H-12 to H-19). Pure: no I/O; `replay` makes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple, overload

from scorekeeper.explain import Record
from scorekeeper.games.contract import Partial, refuse_partial
from scorekeeper.games.hombre.coup import Coup
from scorekeeper.games.hombre.money import Bete, Jetons, Payment, enjeu, half, poule_jetons
from scorekeeper.games.hombre.outcome import Outcome
from scorekeeper.games.hombre.rules import HombreRules


def jetons_json(jetons: Jetons) -> int | float:
    """Jetons as a JSON number: an int when whole, a float for a half (13.5)."""
    if type(jetons) is int:
        return jetons
    value = Fraction(jetons)
    return value.numerator if value.denominator == 1 else float(value)


class BeteFate(NamedTuple):
    """A bête on the sheet: waiting, in play, or struck (paid, shared by the tiers, or cancelled)."""

    bete: Bete
    status: str  # "waiting", "in_play", "paid" (to the taker), "shared" (by the tiers), "cancelled" (the owner's own)
    settled_at: int | None = None  # the coup that settled it


class CoupResult(NamedTuple):
    """One line of the fiche: the coup as declared, its stakes, its outcome, its payments and their log.

    A NamedTuple, like manille's: for the start-up of `sheet` (see `money.Bete`).
    """

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
    log: tuple[Record, ...]

    @property
    def balances(self) -> tuple[Jetons, ...]:
        """Jetons won (+) or lost (-) by each player after this coup, in seating order, exact."""
        return tuple(half(amount) for amount in self.halves)

    def net(self, player: str) -> Jetons:
        """What the coup won (or lost) for one player."""
        won = sum(p.jetons for p in self.payments if p.payee == player)
        return won - sum(p.jetons for p in self.payments if p.payer == player)


@dataclass(frozen=True, slots=True)
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
    prepared: tuple[Record, ...] = ()  # how the next coup's poule and bête in play came to be (H-16, H-17)
    game: ClassVar[str] = "hombre"

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
        refuse_partial(self)
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
            "next_premier": None if self.over else after(self.players, self.next_dealer),
            "coups": [_coup_dict(result, self.players) for result in self.coups],
        }


@overload
def _bete_dict(bete: Bete) -> dict[str, Any]: ...
@overload
def _bete_dict(bete: None) -> None: ...
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
        "tricks": None if coup.passed or coup.pay else dict(coup.tricks),
        "matadors": None if coup.passed or coup.pay else coup.matador_count,
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


def after(players: Sequence[str], player: str) -> str:
    return players[(players.index(player) + 1) % len(players)]


class PartialHombreFiche(HombreFiche, Partial):
    """The fiche of a state restored from a kept one (`replay.restore`): the coups after it alone, numbered as
    in the partie, and the whole partie's balances, caves, marks and poules, the bête in play and those
    waiting; of `betes`, those still owed when the state was kept and those made after it. A whole-fiche
    reader refuses it (`games.contract.Partial`)."""

    __slots__ = ()
