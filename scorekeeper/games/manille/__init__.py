"""Manille, every system of the rule texts (RULES M-1 to M-16, P-1 to P-10). Pure: no I/O.

- `rules`: `ManilleRules`, the TOML keys `MANILLE_KEYS`, `rules_from(values, origin)`;
- `table`: who sits where, the fiche's columns, the camps of a coup (C-3, P-7);
- `declaration`: `Coup`, a coup as said at the table (M-3);
- `options`: what a coup is said with, as data: the command line's flags, the table's words (`games.options`);
- `calls`: trump and the calls checked against the system (M-5 to M-7, M-10, M-13);
- `scoring`: one function per rule of the score (M-4 to M-8, M-11, M-13, M-14);
- `partie`: manches, the end of the partie, the choices owed (M-9, M-10);
- `replay`: `start`, `advance` (one more coup), `fiche`, `replay` (a fold of `advance`);
- `fiche`: `Fiche`, `CoupResult` and the stable JSON form;
- `legal`: which cards may be played and who wins a trick (P-1 to P-10);
- `referee`: one disputed play and a coup's trick log, through the shared audit.

`ENGINE` is manille as the registry (`scorekeeper.games.get("manille")`) sees it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Deck
from scorekeeper.explain import Record
from scorekeeper.games.contract import Engine, Game, Play, TrickLog, refuse_partial
from scorekeeper.games.manille.deck import MANILLE
from scorekeeper.games.manille.declaration import Coup
from scorekeeper.games.manille.fiche import CoupResult, Fiche, Quota
from scorekeeper.games.manille.replay import State, advance, check_open, fiche, replay, restore, snapshot, start
from scorekeeper.games.manille.rules import MANILLE_KEYS, ManilleRules, rules_from
from scorekeeper.games.manille.scoring import renonce_cost
from scorekeeper.games.manille.table import Side, Table, mort_of, seating
from scorekeeper.rulesets import Key, Ruleset

if TYPE_CHECKING:  # the referee is imported by the commands that judge plays: the others start without it
    from scorekeeper.referee import Verdict
    from scorekeeper.referee.audit import LogAudit
    from scorekeeper.standing import Figures

__all__ = [
    "ENGINE",
    "MANILLE_KEYS",
    "Coup",
    "CoupResult",
    "Fiche",
    "ManilleRules",
    "Quota",
    "Side",
    "State",
    "Table",
    "advance",
    "check_open",
    "fiche",
    "mort_of",
    "replay",
    "rules_from",
    "seating",
    "start",
]

# The ways a coup ended, and what only a trick log has: its proviso and its face-down layout (P-11).
_OUTCOMES = ("points", "renonce", "tricks", "let_renonce_pass", "layout")
_ENTRIES = ("misdeal", "pass", "adjust", "reason")  # the lines that are no deal played (M-17, M-18)


# The log's events of a renonce scored (M-8), whatever the system.
_RENONCES = frozenset(
    (
        "renonce_each",
        "renonce_by_taker",
        "renonce_by_taker_rounded",
        "renonce_by_taker_points",
        "renonce_against_taker",
        "renonce_against_taker_points",
        "renonce_dealer",
        "renonce_sides",
    )
)


class Manille(Engine):
    """Manille behind the interface every game has (`scorekeeper.games.contract.Game`): its scores, no jetons
    (nothing for `settle`); `Engine` reads its `options`, its `rules.derived` and what it draws and says."""

    name = "manille"
    keys: tuple[Key, ...] = MANILLE_KEYS
    decks: Mapping[str, Deck] = {MANILLE.name: MANILLE}
    counts: tuple[str, ...] = ("won", "lost", "manches", "taken", "renonces", "points")  # `figures` (M-8, M-9, M-13)

    def rules_from(self, values: Mapping[str, Any], origin: str | Record) -> ManilleRules:
        return rules_from(values, origin)

    def start(self, ruleset: Ruleset, players: Sequence[str], dealer: str) -> State:
        return start(ruleset, players, dealer)

    def advance(self, state: State, declared: Mapping[str, Any]) -> State:
        return advance(state, declared)

    def check_open(self, state: State) -> None:
        check_open(state)

    def fiche(self, state: State) -> Fiche:
        return fiche(state)

    def snapshot(self, state: State) -> Any:
        return snapshot(state)

    def restore(self, ruleset: Ruleset, players: Sequence[str], dealer: str, data: Any) -> State:
        return restore(ruleset, players, dealer, data)

    def merge(self, declared: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
        """An edit: what is given replaces what was said; a new way the coup ended replaces the old one whole."""
        merged = dict(declared)
        if set(_OUTCOMES[:3]) & set(changes):
            merged = {k: v for k, v in merged.items() if k not in _OUTCOMES}
        # M-17, M-18: a coup said over an entry, or an entry over anything, replaces the whole line.
        if set(_ENTRIES) & (set(changes) | set(merged)):
            merged = {}
        return {**merged, **changes}

    def judge_play(self, ruleset: Ruleset, play: Play) -> Verdict:
        from scorekeeper.games.manille import referee

        return referee.judge_play(ruleset.rules, ruleset.name, *play)

    def renonce_cost(self, rules: ManilleRules) -> Record:
        return renonce_cost(rules)

    def audit_log(self, ruleset: Ruleset, log: TrickLog) -> LogAudit:
        from scorekeeper.games.manille import referee

        return referee.audit_log(ruleset.rules, *log)

    # the sheet as data (task A): `Drawn` gives the rest from `games/manille/sheet.py` and `paper.py`
    def figures(self, fiche: Fiche) -> dict[str, Figures]:
        """Each player's figures for the club's history: won or lost the partie (M-9; where the rules
        name a loser, M-14, he lost and every other player won), manches won and points scored with
        his side, renonces committed (M-8; a lie is priced as one and is none; a mort's by the player who
        plays it, M-15, M-16), coups taken and made (M-13)."""
        refuse_partial(fiche)
        from scorekeeper.standing import Figures  # the history's alone: other commands start without it

        data = fiche.as_dict()
        sides = [side["players"] for side in data["sides"]]
        counted: dict[str, dict[str, Any]] = {
            name: {"won": 0, "lost": 0, "manches": 0, "points": 0, "renonces": 0, "taken": 0, "taken_made": 0}
            for name in fiche.players
        }
        for side, kept in zip(sides, data["sides"], strict=True):
            for name in side:
                counted[name]["manches"] += kept["manches"]
        for coup in data["coups"]:
            for side, scored in zip(sides, coup["scored"], strict=True):
                for name in side:
                    counted[name]["points"] += scored
            if "menteur" not in coup["declared"]:
                for line in coup["log"]:
                    if line.event in _RENONCES:  # a mort's renonce is its player's (M-15, M-16; issue 39)
                        counted[fiche.table.owner[line.values["player"]]]["renonces"] += 1
            taker = coup["declared"].get("taker")
            if taker in counted:
                counted[taker]["taken"] += 1
                column = next(i for i, side in enumerate(sides) if taker in side)
                counted[taker]["taken_made"] += coup["scored"][column] > 0
        if data["over"] and (data["loser"] or data["winner"]):
            named, lost = (data["loser"], True) if data["loser"] else (data["winner"], False)
            for name, mine in counted.items():
                mine["lost" if (name in named) == lost else "won"] += 1
        return {name: Figures(**mine) for name, mine in counted.items()}

    def paper_result(
        self, rules: ManilleRules, won: Sequence[float], manches: Sequence[int], points: Sequence[int]
    ) -> None:
        """A concours table's result from paper, held to the partie (T-8): `partie.paper_result`."""
        from scorekeeper.games.manille.partie import paper_result

        paper_result(rules, won, manches, points)

    def stopped(self, fiche: Fiche) -> list[str] | None:
        """A partie stopped by agreement: the side ahead wins, nobody on a tie at the top (its players, or None)."""
        top = max(fiche.scores)
        ahead = [side for side, score in zip(fiche.sides, fiche.scores, strict=True) if score == top]
        return list(ahead[0].players) if len(ahead) == 1 else None


ENGINE: Game = Manille()  # typed: the checker holds the class to the contract
