"""The end of a partie of l'hombre (RULES H-19): the bêtes still owed, each player's result, who pays whom.

>>> from scorekeeper.games.hombre.fiche import replay
>>> won = {"hombre": "A", "contract": "demande", "tricks": {"A": 5, "B": 2, "C": 2}}
>>> fiche = replay(HombreRules(poules=1, end="split"), ["A", "B", "C"], "A", [won])
>>> [str(transfer) for transfer in settle(fiche).transfers]
['B pays A 9 jetons (9 jetons)', 'C pays A 9 jetons (9 jetons)']
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scorekeeper.errors import UserError
from scorekeeper.games.hombre.fiche import HombreFiche, jetons_json
from scorekeeper.games.hombre.money import Payment, show
from scorekeeper.games.hombre.rules import HombreRules


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """H-19: a player's jetons at the end, minus a cave for every cave he took."""

    name: str
    caves: int
    holdings: Fraction
    result: Fraction


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment of the settlement, in jetons and in fiches and jetons (H-12, H-19)."""

    payer: str
    payee: str
    jetons: Fraction
    fiches: int
    rest: Fraction  # jetons beyond the whole fiches

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {show(self.jetons)} jetons ({_in_words(self.fiches, self.rest)})"


@dataclass(frozen=True, slots=True)
class Settlement:
    """The settlement: the bêtes split, each player's result, and the fewest payments that settle them."""

    rules: HombreRules
    early: bool
    split: tuple[Payment, ...]
    results: tuple[PlayerResult, ...]
    transfers: tuple[Transfer, ...]
    log: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        """JSON form. `transfers`: `jetons` is the whole amount; `fiches` and `rest` say it in fiches and jetons."""
        return {
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


def _in_words(fiches: int, rest: Fraction) -> str:
    parts = []
    if fiches:
        parts.append(f"{fiches} fiche{'s' if fiches > 1 else ''}")
    if rest or not fiches:
        parts.append(f"{show(rest)} jeton{'s' if rest != 1 else ''}")
    return " and ".join(parts)


def check_settlement(fiche: HombreFiche, early: bool) -> None:
    """H-19: a partie is settled once over; with bêtes still owed under `play-on`, play goes on.

    `early` settles a partie stopped by the table before its end: the bêtes still owed are then split
    as at the end under `split`, and the marks of the poule, never paid, are simply taken back.
    """
    if fiche.over or early:
        return
    if fiche.poules_tirees >= fiche.rules.poules:
        owed = ", ".join(str(bete) for bete in fiche.betes_owed)
        raise UserError(
            f"play on: the {fiche.rules.poules} poules are taken, but bêtes are still owed ({owed}) and this "
            "ruleset plays on until none is left (H-19); to stop now anyway: settle --early"
        )
    raise UserError(
        f"the partie is not over: {fiche.poules_tirees} of {fiche.rules.poules} poules taken by the hombre (H-19); "
        "to stop now anyway: settle --early"
    )


def split_betes(fiche: HombreFiche) -> list[Payment]:
    """H-19: each bête still owed is put in the middle and split evenly among the three: its owner pays a
    third to each of the two others (a bête is a multiple of 9, so the thirds are whole).
    """
    payments = []
    for bete in fiche.betes_owed:
        third = Fraction(bete.amount, len(fiche.players))
        for player in fiche.players:
            if player != bete.owner:
                why = f"a third of {bete}, split among the three at the end (H-19)"
                payments.append(Payment(bete.owner, player, third, why))
    return payments


def fewest_payments(results: dict[str, Fraction]) -> list[tuple[str, str, Fraction]]:
    """H-19: who pays whom, in as few payments as possible.

    A player at zero pays nothing; a debtor whose debt is exactly a creditor's due pays him alone; the
    rest goes from the largest debtor to the largest creditor. With three players this is the fewest
    (two at most, one when a player is at zero).
    """
    debts = {name: -value for name, value in results.items() if value < 0}
    dues = {name: value for name, value in results.items() if value > 0}
    payments: list[tuple[str, str, Fraction]] = []
    for debtor in list(debts):
        match = next((creditor for creditor, due in dues.items() if due == debts[debtor]), None)
        if match is not None:
            payments.append((debtor, match, debts.pop(debtor)))
            del dues[match]
    while debts:
        debtor = max(debts, key=lambda name: debts[name])
        creditor = max(dues, key=lambda name: dues[name])
        amount = min(debts[debtor], dues[creditor])
        payments.append((debtor, creditor, amount))
        for book, name in ((debts, debtor), (dues, creditor)):
            book[name] -= amount
            if not book[name]:
                del book[name]
    return payments


def settle(fiche: HombreFiche, *, early: bool = False) -> Settlement:
    """H-19: split the bêtes still owed, give each player's result (his jetons minus a cave for each cave
    taken), and who pays whom in as few payments as possible, in fiches and jetons.

    The settlement is paid in money, not in jetons on the table: nobody recaves for it (H-12 is for
    the play), and a result may be a half jeton.
    """
    check_settlement(fiche, early)
    rules = fiche.rules
    log: list[str] = []
    if early and not fiche.over:
        log.append(f"the partie stops after {len(fiche.coups)} coups: the marks of the poule are taken back (H-19)")
    split = split_betes(fiche)
    balances = dict(zip(fiche.players, fiche.balances, strict=True))
    for payment in split:
        balances[payment.payer] -= payment.jetons
        balances[payment.payee] += payment.jetons
        log.append(f"{payment.payer} pays {payment.payee} {show(payment.jetons)}: {payment.why}")
    results = []
    for place, player in enumerate(fiche.players):
        caves = fiche.caves[place]
        holdings = rules.cave * caves + balances[player]
        results.append(PlayerResult(player, caves, holdings, balances[player]))
        log.append(
            f"{player}: {show(holdings)} jetons - {caves} cave(s) of {rules.cave} = {_signed(balances[player])} (H-19)"
        )
    transfers = []
    for payer, payee, amount in fewest_payments(balances):
        fiches = int(amount // rules.fiche)
        transfer = Transfer(payer, payee, amount, fiches, amount - fiches * rules.fiche)
        transfers.append(transfer)
        log.append(f"{transfer} (H-19)")
    return Settlement(rules, early and not fiche.over, tuple(split), tuple(results), tuple(transfers), tuple(log))


def _signed(value: Fraction) -> str:
    return ("+" if value > 0 else "") + show(value)
