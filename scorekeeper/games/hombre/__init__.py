"""L'hombre: bidding, outcome, poule, bêtes, payments and settlement (RULES H-6 to H-20). Pure: no I/O.

- `rules`: `HombreRules`, the TOML keys `HOMBRE_KEYS`, `hombre_rules(values)`;
- `bidding`: `Contract`, `bid(...)` validates a whole bidding (H-6 to H-8);
- `coup`: `Coup`, a coup as declared (`from_dict` / `to_dict`);
- `options`: what a coup is said with, as data: the command line's flags, the table's words (`games.options`);
- `outcome`: `decide(...)`, won / remise / codille / vole (H-9 to H-11);
- `money`: one function per rule of the money (H-12 to H-19);
- `fiche`: `start_with`, `advance`, `replay`, `add_coup`, `HombreFiche` and its `as_dict()`;
- `settle`: `settle(fiche)`, the end of the partie (H-19);
- `legal`: which cards may be played and who wins a trick (H-1 to H-5);
- `referee`: one disputed play and a coup's trick log, through the shared audit.

`ENGINE` is l'hombre as the registry (`scorekeeper.games.get("hombre")`) sees it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import UserError
from scorekeeper.explain import Record
from scorekeeper.games import Spoken
from scorekeeper.games.hombre.bidding import Bidding, Call, Contract, bid
from scorekeeper.games.hombre.coup import Coup
from scorekeeper.games.hombre.fiche import (
    BeteFate,
    CoupResult,
    HombreFiche,
    State,
    add_coup,
    advance,
    check_open,
    jetons_json,
    replay,
    start_with,
)
from scorekeeper.games.hombre.money import Bete, Payment
from scorekeeper.games.hombre.outcome import Decision, Outcome, decide
from scorekeeper.games.hombre.rules import HOMBRE_KEYS, HombreRules, hombre_rules, rules_from
from scorekeeper.games.hombre.settle import Settlement, Transfer, settle

if TYPE_CHECKING:
    from scorekeeper.games.options import Options

__all__ = [
    "ENGINE",
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


_MADE = frozenset(("won", "vole_won", "vole_engagee_lost"))  # the hombre made his contract (H-9 to H-11)


class Hombre(Spoken):
    """L'hombre behind the interface every game has (`scorekeeper.games.Game`)."""

    name = "hombre"
    keys = HOMBRE_KEYS
    has_money = True  # `settle` pays the end of the partie (H-19)

    @property
    def options(self) -> Options:
        """Read on first use: `sheet` starts without the options' data (`games.options`)."""
        from scorekeeper.games.hombre.options import OPTIONS

        return OPTIONS

    def rules_from(self, values: Mapping[str, Any], origin: str) -> HombreRules:
        return rules_from(values, origin)

    def start(self, ruleset: Any, players: Sequence[str], dealer: str) -> State:
        return start_with(ruleset.rules, players, dealer)

    def advance(self, state: State, declared: Mapping[str, Any]) -> State:
        return advance(state, declared)

    def check_open(self, state: State) -> None:
        check_open(state)

    def fiche(self, state: State) -> HombreFiche:
        return state.fiche()

    def merge(self, declared: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
        """An edit: what is given replaces what was said; three passes replace the whole coup, and a coup
        played replaces three passes or an agreement."""
        whole = changes.get("pass") or "pay" in declared  # an agreement (M-18) is replaced whole too
        merged = {} if whole else {k: v for k, v in declared.items() if k != "pass"}
        return {**merged, **changes}

    def judge_play(self, ruleset: Any, trump: Any, trick: Any, hand: Any, card: Any) -> Any:
        from scorekeeper.games.hombre import referee

        return referee.judge_play(trump, trick, hand, card)

    def renonce_cost(self, rules: HombreRules) -> Record:
        from scorekeeper.games.hombre import referee

        return referee.RENONCE_COST

    def derived(self, ruleset: Any) -> dict[str, Record]:
        from scorekeeper.games.hombre.rules import derived

        return derived(ruleset.settings, ruleset.rules)

    def audit_log(
        self,
        ruleset: Any,
        players: Sequence[str],
        leader: str,
        trump: Any,
        tricks: Any,
        alone: str | None,
        layout: Mapping[str, Any] | None = None,
    ) -> Any:
        from scorekeeper.games.hombre import referee

        if layout:  # P-11: every hombre hand is dealt whole, nothing lies on the table
            raise UserError("layout_no_face_down", "P-11", player=next(iter(layout)))
        return referee.audit_log(players, leader, trump, tricks)

    def settle(self, fiche: HombreFiche, early: bool) -> Settlement:
        return settle(fiche, early=early)

    def player_figures(self, fiche: HombreFiche) -> dict[str, dict[str, Any]]:
        """Each player's figures for the club's history: his coups as hombre and how each ended (H-9 to
        H-11), and his jetons: the settlement's result once the partie is over, a positive one won and a
        negative one lost (H-19), else his balance so far."""
        figures: dict[str, dict[str, Any]] = {
            name: {"won": 0, "lost": 0, "jetons": 0, "taken": 0, "taken_made": 0, "outcomes": {}}
            for name in fiche.players
        }
        for coup in fiche.as_dict()["coups"]:
            mine = figures.get(coup["hombre"])
            if mine is not None:
                mine["taken"] += 1
                mine["taken_made"] += coup["outcome"] in _MADE
                mine["outcomes"][coup["outcome"]] = mine["outcomes"].get(coup["outcome"], 0) + 1
        if fiche.over:
            for result in settle(fiche, early=False).as_dict()["results"]:
                mine = figures[result["name"]]
                mine["jetons"] = result["result"]
                mine["won"] += result["result"] > 0
                mine["lost"] += result["result"] < 0
        else:
            for name, balance in zip(fiche.players, fiche.balances, strict=True):
                figures[name]["jetons"] = jetons_json(balance)
        return figures


ENGINE = Hombre()
