"""L'hombre: bidding, outcome, poule, bêtes, payments and settlement (RULES H-6 to H-20). Pure: no I/O.

- `rules`: `HombreRules`, the TOML keys `HOMBRE_KEYS`, `hombre_rules(values)`;
- `bidding`: `Contract`, `bid(...)` validates a whole bidding (H-6 to H-8);
- `coup`: `Coup`, a coup as declared (`from_dict` / `to_dict`);
- `options`: what a coup is said with, as data: the command line's flags, the table's words (`games.options`);
- `outcome`: `decide(...)`, won / remise / codille / vole (H-9 to H-11);
- `money`: one function per rule of the money (H-12 to H-19);
- `fiche`: `HombreFiche`, `CoupResult`, the bêtes' fates and the stable JSON form;
- `replay`: `start_with`, `advance` (one more coup), `replay` (a fold of `advance`);
- `settle`: `settle(fiche)`, the end of the partie (H-19);
- `legal`: which cards may be played and who wins a trick (H-1 to H-5);
- `referee`: one disputed play and a coup's trick log, through the shared audit.

`ENGINE` is l'hombre as the registry (`scorekeeper.games.get("hombre")`) sees it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Deck
from scorekeeper.errors import UserError
from scorekeeper.explain import Record
from scorekeeper.games.contract import Engine, Play, Settling, TrickLog, refuse_partial
from scorekeeper.games.hombre.bidding import Bidding, Call, Contract, bid
from scorekeeper.games.hombre.coup import Coup
from scorekeeper.games.hombre.fiche import BeteFate, CoupResult, HombreFiche, jetons_json
from scorekeeper.games.hombre.money import Bete, Payment
from scorekeeper.games.hombre.outcome import Decision, Outcome, decide
from scorekeeper.games.hombre.replay import State, advance, check_open, replay, restore, snapshot, start_with
from scorekeeper.games.hombre.rules import HOMBRE_KEYS, HombreRules, hombre_rules, rules_from
from scorekeeper.games.hombre.settle import Settlement, Statement, Transfer, settle
from scorekeeper.games.spadille.deck import HOMBRE
from scorekeeper.rulesets import Key, Ruleset

if TYPE_CHECKING:  # the referee is imported by the commands that judge plays: the others start without it
    from scorekeeper.games.sheet import Cell
    from scorekeeper.referee import Verdict
    from scorekeeper.referee.audit import LogAudit
    from scorekeeper.standing import Figures

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
    "bid",
    "decide",
    "hombre_rules",
    "replay",
    "settle",
]


_MADE = frozenset(("won", "vole_won", "vole_engagee_lost"))  # the hombre made his contract (H-9 to H-11)


class Hombre(Engine):
    """L'hombre behind the interface every game has (`scorekeeper.games.contract.Game`)."""

    name = "hombre"
    keys: tuple[Key, ...] = HOMBRE_KEYS
    decks: Mapping[str, Deck] = {HOMBRE.name: HOMBRE}
    has_money = True  # `settle` pays the end of the partie (H-19)
    counts: tuple[str, ...] = (
        "won",
        "lost",
        "taken",
        "jetons",
    )  # `figures`: coups as hombre (H-9 to H-11), jetons (H-19)

    def rules_from(self, values: Mapping[str, Any], origin: str | Record) -> HombreRules:
        return rules_from(values, origin)

    def start(self, ruleset: Ruleset, players: Sequence[str], dealer: str) -> State:
        return start_with(ruleset.rules, players, dealer)

    def advance(self, state: State, declared: Mapping[str, Any]) -> State:
        return advance(state, declared)

    def check_open(self, state: State) -> None:
        check_open(state)

    def fiche(self, state: State) -> HombreFiche:
        return state.fiche()

    def snapshot(self, state: State) -> Any:
        return snapshot(state)

    def restore(self, ruleset: Ruleset, players: Sequence[str], dealer: str, data: Any) -> State:
        return restore(ruleset.rules, players, dealer, data)

    def merge(self, declared: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
        """An edit: what is given replaces what was said; three passes replace the whole coup, and a coup
        played replaces three passes or an agreement."""
        whole = changes.get("pass") or "pay" in declared  # an agreement (M-18) is replaced whole too
        merged = {} if whole else {k: v for k, v in declared.items() if k != "pass"}
        return {**merged, **changes}

    def judge_play(self, ruleset: Ruleset, play: Play) -> Verdict:
        from scorekeeper.games.spadille import referee

        return referee.judge_play(*play)

    def renonce_cost(self, rules: HombreRules) -> Record:
        from scorekeeper.games.spadille import referee

        return referee.RENONCE_COST

    def audit_log(self, ruleset: Ruleset, log: TrickLog) -> LogAudit:
        from scorekeeper.games.spadille import referee

        if log.layout:  # P-11: every hombre hand is dealt whole, nothing lies on the table
            raise UserError("layout_no_face_down", "P-11", player=next(iter(log.layout)))
        return referee.audit_log(log.players, log.leader, log.trump, log.tricks, log.calls or {})

    def settle(
        self, fiche: HombreFiche, early: bool, whole: bool = False, rate: Any = None, teams: Sequence[str] = ()
    ) -> Settlement:
        if rate is not None:  # jetons and fiches are the money (H-12): no rate turns them into any other
            raise UserError("no_rate", "H-12", game=self.name)
        if teams:  # each plays for himself (H-7): no partner shares a result
            raise UserError("no_teams", "H-7", game=self.name)
        refuse_partial(fiche)  # the settlement reads every coup's payments
        return settle(fiche, early=early, whole=whole)

    # the sheet as data (task A): `Drawn` gives the rest from `games/hombre/sheet.py` and `paper.py`
    def paper_sections(self, fiche: HombreFiche, settled: Settlement) -> list[tuple[Cell, list[Cell]]]:
        from scorekeeper.games.hombre.paper import sections

        return sections(fiche, settled)

    def statement(self, fiche: HombreFiche, settled: Settlement | None, player: str) -> Statement:
        from scorekeeper.games.hombre.settle import statement

        refuse_partial(fiche)
        return statement(fiche, settled, player)

    def statement_said(self, fiche: HombreFiche, mine: Statement, settled: Settlement | None) -> list[Cell]:
        from scorekeeper.games.hombre.paper import statement

        return statement(fiche, mine, settled)

    def settlement(self, settled: Settlement) -> list[Cell]:
        return self._module("sheet").settlement(settled)  # type: ignore[no-any-return]

    def figures(self, fiche: HombreFiche) -> dict[str, Figures]:
        """Each player's figures for the club's history: his coups as hombre and how each ended (H-9 to
        H-11), and his jetons: the settlement's result once the partie is over, a positive one won and a
        negative one lost (H-19), else his balance so far."""
        from scorekeeper.standing import Figures  # the history's alone: other commands start without it

        counted: dict[str, dict[str, Any]] = {
            name: {"won": 0, "lost": 0, "jetons": 0, "taken": 0, "taken_made": 0, "outcomes": {}}
            for name in fiche.players
        }
        for coup in fiche.as_dict()["coups"]:
            mine = counted.get(coup["hombre"])
            if mine is not None:
                mine["taken"] += 1
                mine["taken_made"] += coup["outcome"] in _MADE
                mine["outcomes"][coup["outcome"]] = mine["outcomes"].get(coup["outcome"], 0) + 1
        if fiche.over:
            for result in settle(fiche, early=False).as_dict()["results"]:
                mine = counted[result["name"]]
                mine["jetons"] = result["result"]
                mine["won"] += result["result"] > 0
                mine["lost"] += result["result"] < 0
        else:
            for name, balance in zip(fiche.players, fiche.balances, strict=True):
                counted[name]["jetons"] = jetons_json(balance)
        return {name: Figures(**mine) for name, mine in counted.items()}

    def paper_result(self, rules: Any, won: Sequence[float], manches: Sequence[int], points: Sequence[int]) -> None:
        """A concours table's result from paper (T-8): each player's jetons as the table settled them
        (H-19), a loss negative; what one pays the others receive, so they sum to zero."""
        if sum(points) != 0:
            raise UserError("paper_jetons_sum", "T-8, H-19", jetons=", ".join(map(str, points)), total=sum(points))

    def stopped(self, fiche: HombreFiche) -> Settlement:
        """A partie stopped by agreement: the settlement `settle --early` makes (H-19)."""
        refuse_partial(fiche)
        return settle(fiche, early=True)


ENGINE: Settling = Hombre()  # typed: the checker holds the class to the contract
