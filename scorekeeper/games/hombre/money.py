"""The money of l'hombre, one rule to a function (RULES H-12 to H-19): who pays whom, how much, and why.

Every amount is exact: an `int` when whole, a `Fraction` for a half jeton (a share split in two), so
that a long replay does not pay for fractions it does not need. Every `Payment` carries its
explanation with the rule id. The replay (`fiche.py`) calls these in order.

The poule is kept as the seed keeps it on the table: marks in front of each player, each worth 3
jetons, paid by each player to whoever takes the poule. Nothing moves until then, so a coup's
payments always sum to zero and a jeton is never created nor lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from scorekeeper.explain import Record, record
from scorekeeper.games.hombre.bidding import Contract
from scorekeeper.games.hombre.outcome import Outcome
from scorekeeper.games.hombre.rules import HombreRules

MARK = 3  # H-16: a mark in front of a player stands for 3 jetons
SEATS = 3

Jetons = int | Fraction  # exact: whole amounts stay int, halves are Fractions


def half(jetons: int) -> Jetons:
    """Half an amount, exact: 27 -> 27/2 (H-12: halves are kept, never rounded away)."""
    return jetons // 2 if jetons % 2 == 0 else Fraction(jetons, 2)


def doubled(jetons: Jetons) -> int:
    """An amount in half jetons, the unit the replay adds up in (every amount is a multiple of a half)."""
    return 2 * jetons if type(jetons) is int else int(2 * jetons)


class Bete(NamedTuple):
    """A bête (H-14): the debt an hombre makes when he loses, worth the enjeu of its coup.

    A NamedTuple, as hombre's other values on the way of `sheet` (the coup, the decision, the fiche's
    lines): `sheet` creates their classes at every start, a dataclass costs 0.3 to 0.7 ms more a class
    to create (3 to 16 fields; bench/classes.py), and `sheet` on a 500-coup game has about 5 ms of margin.
    """

    number: int  # in the order made, from 1
    owner: str
    amount: int
    made_at: int  # the coup that made it

    @property
    def record(self) -> Record:
        """The bête as a record's values name it (`Bea's bête of 27`): a value rendered by the catalog."""
        return record("bete", None, owner=self.owner, amount=self.amount)


class Payment(NamedTuple):
    """Jetons from one player to another, and why (a record with the rule id).

    Like `Bete`, a NamedTuple, for the start-up of `sheet` (see `Bete`). The replay makes each distinct
    payment's `line` once (fiche.py keeps the lines of the payments it has met).
    """

    payer: str
    payee: str
    jetons: Jetons
    why: Record

    @property
    def line(self) -> Record:
        """The payment as the log tells it: `A pays C 33: share of the poule ... (H-13)`; the rule is its why's."""
        return record("payment", None, payer=self.payer, payee=self.payee, jetons=self.jetons, why=self.why)


def poule_jetons(marks: int) -> int:
    """H-16: the poule is 9 x the marks in front of any one player (three players, 3 jetons a mark)."""
    return SEATS * MARK * marks


def enjeu(marks: int, bete: Bete | None) -> int:
    """H-14: enjeu = poule + the bête in play."""
    return poule_jetons(marks) + (bete.amount if bete is not None else 0)


# The payment functions below are memoised: a long partie repeats the same few payments, and the
# replay of a 10,000-coup ledger must stay well under half a second. They are pure, and Payments are
# frozen, so sharing them is safe.


def take_poule(
    marks: int, outcome: Outcome, takers: tuple[str, ...], hombre: str, players: tuple[str, ...]
) -> tuple[Payment, ...]:
    """H-13: the taker is paid by each other player his own share (his marks x 3); shared by the tiers,
    the pot is split evenly between them: the hombre pays each half his share, and the tiers' halves
    to each other cross and cancel, so they are not written.
    """
    share = MARK * marks
    said = {"poule": poule_jetons(marks), "marks": marks, "outcome": outcome}
    if len(takers) == 1:
        (taker,) = takers
        why = record("poule_share", "H-13", **said)
        return tuple(Payment(payer, taker, share, why) for payer in players if payer != taker)
    why = record("poule_half_share", "H-13", **said)
    return tuple(Payment(hombre, tiers, half(share), why) for tiers in takers)


def pay_bete(bete: Bete, takers: Sequence[str], waiting: bool, log: list[Record]) -> list[Payment]:
    """H-13: a bête is paid by its owner to the taker, or half to each tiers when shared; a bête owed to
    its own owner is simply struck out (and so is the owner's own half when one of the sharing tiers).
    `waiting`: a waiting bête swept by a vole, not the bête in play.
    """
    if len(takers) == 1:
        (taker,) = takers
        if taker == bete.owner:
            log.append(record("bete_struck_out", "H-13", bete=bete))
            return []
        if waiting:
            return [Payment(bete.owner, taker, bete.amount, record("waiting_bete_taken", "H-13", bete=bete))]
        why = record("bete_taken", "H-13", bete=bete, taker=taker)
        return [Payment(bete.owner, taker, bete.amount, why)]
    payments = []
    why = record("waiting_bete_shared" if waiting else "bete_shared", "H-13", bete=bete)
    for tiers in takers:
        if tiers == bete.owner:
            log.append(record("own_half_struck_out", "H-13", bete=bete))
        else:
            payments.append(Payment(bete.owner, tiers, half(bete.amount), why))
    return payments


def vole_without_waiting_bete(stake: int, hombre: str, tiers: tuple[str, ...]) -> tuple[Payment, ...]:
    """H-13 (seed 12.1): a vole won with no bête waiting: each tiers also pays the hombre half the enjeu."""
    why = record("half_enjeu", "H-13", enjeu=stake)
    return tuple(Payment(payer, hombre, half(stake), why) for payer in tiers)


def contract_rate(rules: HombreRules, contract: Contract) -> tuple[int, Contract]:
    """H-15: what each tiers and the hombre exchange for the contract, and the contract that is paid: the
    sans prendre (12 or 6; a vole is a sans prendre), the retourne (half of it); nothing for a demande.
    """
    if contract in (Contract.SANS_PRENDRE, Contract.VOLE):
        return rules.sans_prendre_rate, Contract.SANS_PRENDRE
    if contract is Contract.RETOURNE:
        return rules.retourne_rate, Contract.RETOURNE
    return 0, contract


def occasional_payments(
    rules: HombreRules, contract: Contract, matadors: int, outcome: Outcome, hombre: str, tiers: tuple[str, ...]
) -> tuple[Payment, ...]:
    """H-13, H-15: the sans prendre or retourne, and the matadors, paid by each tiers to the hombre when
    he won his contract (a vole engagée lost included), by him to each tiers otherwise.

    The sans prendre of a vole engagée is paid only when the contract was sans prendre (or retourne,
    its own rate): a demande pays none (H-13, seed 12.2).
    """
    rate, paid = contract_rate(rules, contract)
    for_contract = record("contract_paid", "H-15", contract=paid)
    for_matadors = record("matadors_paid", "H-15", matadors=matadors, rate=rules.matador_rate)
    payments = []
    for other in tiers:
        payer, payee = (other, hombre) if outcome.contract_won else (hombre, other)
        if rate:
            payments.append(Payment(payer, payee, rate, for_contract))
        if matadors:
            payments.append(Payment(payer, payee, matadors * rules.matador_rate, for_matadors))
    return tuple(payments)


def normalising_exception(rules: HombreRules, marks: int, bete_in_play: bool, outcome: Outcome) -> bool:
    """H-16, 3 et 2 only: after a coup whose poule had exactly 3 marks each and no bête in play, ended by
    three passes, by codille or by a vole annoncée lost, each adds 3 marks instead of 2.
    """
    return (
        rules.normalising_exceptions
        and marks == 3
        and not bete_in_play
        and outcome in (Outcome.PASSED, Outcome.CODILLE, Outcome.VOLE_LOST)
    )


def marks_before_next(
    rules: HombreRules, marks: int, taken: bool, bete_exists: bool, exception: bool
) -> tuple[int, Record]:
    """H-16: the marks in front of each player before the next coup, and why.

    The poule taken and no bête left: it restarts at I marks each. Otherwise each adds A marks to what
    is in front of each (nothing, when the poule was just taken), 3 under a 3-et-2 exception.
    """
    if taken and not bete_exists:
        fresh = rules.marks_first
        return fresh, record("poule_restarts", "H-16", marks=fresh, poule=poule_jetons(fresh))
    added = 3 if exception else rules.marks_added
    now = (0 if taken else marks) + added
    event = ("poule_taken_bete_left" if taken else "poule_grows") + ("_exception" if exception else "")
    return now, record(event, "H-16", added=added, marks=now, poule=poule_jetons(now))


def counts_toward_end(outcome: Outcome) -> bool:
    """H-19: only the poules taken by the hombre count toward the length of the partie."""
    return outcome in (Outcome.WON, Outcome.VOLE_WON)


def caves_needed(holdings: Jetons, cave: int) -> int:
    """H-12: a player who cannot pay takes another cave, as many as needed to stand at zero or more."""
    return 0 if holdings >= 0 else int(-(holdings // cave))
