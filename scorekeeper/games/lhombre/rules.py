"""The settings of a Danish l'hombre table, typed, and the dotted TOML keys that declare them (RULES D-2 to
D-8). The contracts' values are data (D-3: the union's table in `rulesets/lhombre-dlu.toml`); a club's house
file changes one, or sets it to 0 where its tables do not play it.

>>> rules = LhombreRules()
>>> rules.value("solo_spar"), rules.nolo("ren_nolo"), rules.nolo("tourne"), rules.payment
(4, True, False, 'each')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.errors import UserError
from scorekeeper.explain import Record
from scorekeeper.games.lhombre.options import CONTRACTS
from scorekeeper.rulesets import Key

# D-3: the union's values of the contracts (`options.CONTRACTS`, in rank).
UNION = {
    "alm": 1,
    "bedre": 1,
    "tourne": 2,
    "kobe_nolo": 2,
    "tourne_respekt": 3,
    "solo": 3,
    "solo_spar": 4,
    "ren_nolo": 4,
    "nolo_ouvert": 6,
}
NOLOS = frozenset(("kobe_nolo", "ren_nolo", "nolo_ouvert"))  # D-1: no suit is trump
PAYMENTS = ("each", "declarer")  # D-5

KEYS = (
    Key("table.players", int, "key.lhombre.table.players", choices=(3, 4), default=4),
    Key("table.makkerspil", bool, "key.lhombre.table.makkerspil", default=False),
    Key("cards.deck", str, "key.lhombre.cards.deck", choices=("hombre",), default="hombre"),
    *(
        Key(f"contracts.{name}", int, f"key.lhombre.contracts.{name}", default=UNION[name], minimum=0)
        for name in CONTRACTS
    ),
    Key("scoring.payment", str, "key.lhombre.scoring.payment", choices=PAYMENTS, default="each"),
    Key("scoring.tout", int, "key.lhombre.scoring.tout", default=1, minimum=0),
    Key("scoring.strafpoint", int, "key.lhombre.scoring.strafpoint", default=1, minimum=0),
    Key("scoring.nolo_bet_tricks", int, "key.lhombre.scoring.nolo_bet_tricks", default=1, minimum=1),
    Key("scoring.double_nolo", bool, "key.lhombre.scoring.double_nolo", default=False),
    Key("partie.deals", int, "key.lhombre.partie.deals", default=0, minimum=0),
)


@dataclass(frozen=True, slots=True)
class LhombreRules:
    """Every setting of a Danish table: the union's defaults (D-3 to D-7)."""

    values: Mapping[str, int] = field(default_factory=lambda: dict(UNION))  # D-3: 0 is a contract not played
    payment: str = "each"  # D-5: "each" (from and to each opponent) or "declarer" (the declarer alone scores)
    tout: int = 1  # D-6: what a tout made adds, and a tout failed takes off
    strafpoint: int = 1  # D-7: what a strafpoint costs its offender
    nolo_bet_tricks: int = 1  # D-4: a nolo with up to this many tricks is bet, with more kruk
    double_nolo: bool = False  # D-8: a private table's second nolo in the same deal
    makkerspil: bool = False  # D-8: two pairs, partners opposite; the oversidder plays for the declarer's partner
    deals: int = 0  # T-2: a tournament's round of so many deals; 0, an evening the table stops (`stop`)

    def value(self, contract: str) -> int:
        """D-3: what the contract is worth at this table."""
        return self.values[contract]

    @staticmethod
    def nolo(contract: str) -> bool:
        """D-1: a nolo, where no suit is trump."""
        return contract in NOLOS


def rules_from(values: Mapping[str, Any], origin: str | Record) -> LhombreRules:
    if values["table.makkerspil"] and values["table.players"] != 4:
        raise UserError("lhombre_makkerspil_four", "D-8", origin=origin)
    if values["table.makkerspil"] and values["scoring.double_nolo"]:  # a second nolo would bill a partner
        raise UserError("lhombre_makkerspil_double_nolo", "D-8", origin=origin)
    return LhombreRules(
        values={name: values[f"contracts.{name}"] for name in CONTRACTS},
        payment=values["scoring.payment"],
        tout=values["scoring.tout"],
        strafpoint=values["scoring.strafpoint"],
        nolo_bet_tricks=values["scoring.nolo_bet_tricks"],
        double_nolo=values["scoring.double_nolo"],
        makkerspil=values["table.makkerspil"],
        deals=values["partie.deals"],
    )


def derived(settings: Mapping[str, Any], rules: LhombreRules) -> dict[str, Record]:
    """Nothing derives from another key at a Danish table."""
    return {}
