"""Who pays whom at the end of an evening of the hombre family: the French l'hombre's settlement in jetons
(H-19) and the Danish regnskab in money (D-8) alike.

>>> fewest_payments({"A": -5, "B": 2, "C": 3})
[('A', 'C', 3), ('A', 'B', 2)]
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction
from typing import TypeVar

K = TypeVar("K", bound=Hashable)  # who pays and is paid: a name, or a team's names
Amount = int | Fraction  # exact: whole amounts stay int (jetons), parts are Fractions (halves, hundredths)


def fewest_payments(results: Mapping[K, Amount]) -> list[tuple[K, K, Amount]]:
    """H-19, D-8: who pays whom, in as few payments as possible: a player or a party of them (Danish partners,
    `settle --team`), each with an exact amount (jetons, money in hundredths).

    A player at zero pays nothing; a debtor whose debt is exactly a creditor's due pays him alone; the
    rest goes from the largest debtor to the largest creditor. With three players this is the fewest
    (two at most, one when a player is at zero).
    """
    debts = {name: -value for name, value in results.items() if value < 0}
    dues = {name: value for name, value in results.items() if value > 0}
    payments: list[tuple[K, K, Amount]] = []
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
