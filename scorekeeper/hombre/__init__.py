"""L'hombre: bidding, outcome, poule, bêtes, payments and settlement (RULES H-6 to H-20). Pure: no I/O.

- `rules`: `HombreRules`, the TOML keys `HOMBRE_KEYS`, `hombre_rules(values)`;
- `bidding`: `Contract`, `bid(...)` validates a whole bidding (H-6 to H-8);
- `coup`: `Coup`, a coup as declared (`from_dict` / `to_dict`);
- `outcome`: `decide(...)`, won / remise / codille / vole (H-9 to H-11);
- `money`: one function per rule of the money (H-12 to H-19);
- `fiche`: `replay`, `add_coup`, `HombreFiche` and its `as_dict()`;
- `settle`: `settle(fiche)`, the end of the partie (H-19).

Card legality (H-1 to H-5) is the referee's: `scorekeeper.referee.hombre`.
"""

from scorekeeper.hombre.bidding import Bidding, Call, Contract, bid
from scorekeeper.hombre.coup import Coup
from scorekeeper.hombre.fiche import BeteFate, CoupResult, HombreFiche, add_coup, replay
from scorekeeper.hombre.money import Bete, Payment
from scorekeeper.hombre.outcome import Decision, Outcome, decide
from scorekeeper.hombre.rules import HOMBRE_KEYS, HombreRules, hombre_rules
from scorekeeper.hombre.settle import Settlement, Transfer, settle

__all__ = [
    "HOMBRE_KEYS",
    "Bete",
    "BeteFate",
    "Bidding",
    "Call",
    "Contract",
    "Coup",
    "CoupResult",
    "Decision",
    "HombreFiche",
    "HombreRules",
    "Outcome",
    "Payment",
    "Settlement",
    "Transfer",
    "add_coup",
    "bid",
    "decide",
    "hombre_rules",
    "replay",
    "settle",
]
