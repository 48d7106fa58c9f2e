"""L'hombre as Denmark plays it (RULES D-1 to D-8): the Danish union's contracts, vundet, bet and kruk, four
at a table with an oversidder, and the evening's regnskab. Pure: no I/O.

- `rules`: the contracts' values as data (D-3), payment, tout, strafpoint; the TOML keys `KEYS`;
- `play`: a deal as said (`Deal`), its outcome from the trick counts (D-4) and what each player scores (D-5
  to D-7);
- `settle`: the evening's regnskab in money at a rate a point, partners summed (D-8);
- `sheet`, `paper`, `line`, `options`: what is drawn, the short line, a deal's options.

The cards, their order, the matadors and the legal play are the hombre family's (`games.spadille`, D-1).
`ENGINE` is Danish l'hombre as the registry (`scorekeeper.games.get("lhombre")`) sees it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Deck
from scorekeeper.errors import CoupRefused, UserError
from scorekeeper.explain import Record
from scorekeeper.games.contract import Dealt, Engine, Play, Settling, TrickLog, refuse_partial
from scorekeeper.games.lhombre.play import Deal, read_deal, score
from scorekeeper.games.lhombre.rules import KEYS, LhombreRules, rules_from
from scorekeeper.games.spadille.deck import HOMBRE
from scorekeeper.rulesets import Key, Ruleset

if TYPE_CHECKING:
    from scorekeeper.games.lhombre.settle import Regnskab, Statement
    from scorekeeper.games.sheet import Cell
    from scorekeeper.referee import Verdict
    from scorekeeper.referee.audit import LogAudit
    from scorekeeper.standing import Figures


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal of the fiche: who dealt and sat out, the deal as said, what each player scored, the running
    points after it, the log that explains it."""

    number: int
    dealer: str
    oversidder: str | None  # D-2: at four, the player opposite the dealer
    coup: Deal
    outcome: str | None  # vundet, bet or kruk (D-4); None for a pass or a strafpoint
    scored: tuple[int, ...]
    scores: tuple[int, ...]
    log: tuple[Record, ...]
    also: str | None = None  # D-8: how a second nolo in the deal ended
    parts: tuple[tuple[int, ...], ...] = ()  # what each contract of the deal scored, two at a double nolo (D-8)

    @property
    def declarers(self) -> tuple[tuple[str, str], ...]:
        """Each declarer of the deal with how the contract ended (two at a double nolo, D-8)."""
        deals = (self.coup, self.coup.also)
        outcomes = (self.outcome, self.also)
        return tuple(
            (deal.declarer, ended)
            for deal, ended in zip(deals, outcomes, strict=True)
            if deal is not None and deal.declarer is not None and ended is not None
        )


@dataclass(frozen=True, slots=True)
class Fiche:
    """The evening's account (regnskab) so far: each player's running points (D-8)."""

    ruleset: Ruleset
    players: tuple[str, ...]
    coups: tuple[DealResult, ...]
    scores: tuple[int, ...]
    next_dealer: str
    over: bool = False  # an evening ends when the table says (`stop`); a tournament's round after its deals (T-2)

    @property
    def game(self) -> str:
        return self.ruleset.game

    @property
    def rules(self) -> LhombreRules:
        rules: LhombreRules = self.ruleset.rules
        return rules

    @property
    def oversidder(self) -> str | None:
        """Who sits out the next deal (D-2)."""
        return sitting_out(self.players, self.players.index(self.next_dealer))

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (`sheet --json`)."""
        return {
            "game": "lhombre",
            "ruleset": self.ruleset.name,
            "players": [
                {"name": name, "points": points} for name, points in zip(self.players, self.scores, strict=True)
            ],
            "over": self.over,
            "next_dealer": self.next_dealer,
            "oversidder": self.oversidder,
            "coups": [
                {
                    "number": result.number,
                    "dealer": result.dealer,
                    "oversidder": result.oversidder,
                    "declared": result.coup.to_dict(),
                    "outcome": result.outcome,
                    "outcomes": [ended for _, ended in result.declarers],  # two at a double nolo (D-8)
                    "scored": list(result.scored),
                    "points": list(result.scores),
                    "log": list(result.log),
                }
                for result in self.coups
            ],
        }


def sitting_out(players: Sequence[str], dealer: int) -> str | None:
    """D-2: at four, the player opposite the dealer sits out; at three, nobody."""
    return players[(dealer + 2) % 4] if len(players) == 4 else None


def playing(players: Sequence[str], dealer: int) -> tuple[str, ...]:
    """D-2: the three who play a deal, in play order: forhånd (next after the dealer), mellemhånd, the dealer."""
    out = sitting_out(players, dealer)
    order = [players[(dealer + step) % len(players)] for step in range(1, len(players) + 1)]
    return tuple(name for name in order if name != out)


def seated(players: Sequence[str], dealer: int, declarer: Any, makkerspil: bool) -> tuple[str, ...]:
    """The three who play a deal declared by `declarer`, in play order (D-2). In makkerspil (D-8: two pairs,
    partners opposite) the oversidder, the dealer's partner, takes up the cards of the declarer's partner
    where that partner was dealt in, and plays them from that seat: the declarer plays against the other pair.

    >>> seated(["N", "E", "S", "W"], 2, "E", True)  # S deals, N sits out; W, E's partner, hands N the cards
    ('N', 'E', 'S')
    """
    order = playing(players, dealer)
    if not makkerspil or len(players) != 4 or declarer not in order:
        return order
    partner, out = players[(players.index(declarer) + 2) % 4], players[(dealer + 2) % 4]
    return tuple(out if name == partner else name for name in order)


class State:
    """The evening between two deals; `advance` takes it over."""

    __slots__ = ("ruleset", "players", "results", "turn")

    def __init__(self, ruleset: Ruleset, players: Sequence[str], dealer: str) -> None:
        self.ruleset = ruleset
        self.players = tuple(players)
        self.results: list[DealResult] = []
        self.turn = self.players.index(dealer)

    @property
    def rules(self) -> LhombreRules:
        rules: LhombreRules = self.ruleset.rules
        return rules

    @property
    def scores(self) -> tuple[int, ...]:
        return self.results[-1].scores if self.results else (0,) * len(self.players)

    @property
    def playing(self) -> tuple[str, ...]:
        return playing(self.players, self.turn)

    @property
    def dealt(self) -> int:
        """The deals played (a pass is one, a strafpoint none): a tournament's mapper are numbered so (T-2)."""
        return sum(result.coup.deal for result in self.results)

    @property
    def over(self) -> bool:
        """A round of a tournament is over after its deals (`partie.deals`, T-2); an evening never is."""
        return 0 < self.rules.deals <= self.dealt


class Lhombre(Engine):
    """Danish l'hombre behind the interface every game has (`scorekeeper.games.contract.Game`): points a
    player, an evening's regnskab to settle at a rate (`Settling`)."""

    name = "lhombre"
    keys: tuple[Key, ...] = KEYS
    decks: Mapping[str, Deck] = {HOMBRE.name: HOMBRE}
    has_money = True  # the regnskab: points into money at a rate (D-8)
    numbered_deals = True  # a tournament's mapper: the same deal at every table (T-2)
    counts: tuple[str, ...] = ("won", "lost", "taken", "points")  # won: a positive regnskab once stopped (D-8)

    def rules_from(self, values: Mapping[str, Any], origin: str | Record) -> LhombreRules:
        return rules_from(values, origin)

    def start(self, ruleset: Ruleset, players: Sequence[str], dealer: str) -> State:
        return State(ruleset, players, dealer)

    def advance(self, state: State, declared: Mapping[str, Any]) -> State:
        number = len(state.results) + 1
        dealer = state.players[state.turn]
        at_table = seated(state.players, state.turn, declared.get("declarer"), state.rules.makkerspil)
        try:
            deal = read_deal(declared, state.players, at_table, state.rules)
        except UserError as error:
            raise CoupRefused.of(error, number) from None
        scored, log, ended = score(deal, at_table, state.players, state.rules)
        scores = tuple(a + b for a, b in zip(state.scores, scored, strict=True))
        # who sat the deal out: opposite the dealer (D-2), or in makkerspil the declarer's partner (D-8)
        out = next((name for name in state.players if name not in at_table), None) if deal.deal else None
        dealt = dealer if deal.deal else ""  # a strafpoint is said between deals: nobody dealt it (D-7)
        first, second = (*(outcome for outcome, _ in ended), None, None)[:2]
        parts = tuple(part for _, part in ended)
        state.results.append(DealResult(number, dealt, out, deal, first, scored, scores, log, second, parts))
        if deal.deal:  # D-2: the next dealer is the player to the dealer's right, next in the seating
            state.turn = (state.turn + 1) % len(state.players)
        return state

    def check_open(self, state: State) -> None:
        """An evening goes on until the table stops it; a tournament's round ends after its deals (T-2)."""
        if state.over:
            raise UserError("lhombre_round_over", "T-2", deals=state.rules.deals)

    def fiche(self, state: State) -> Fiche:
        return Fiche(
            state.ruleset, state.players, tuple(state.results), state.scores, state.players[state.turn], state.over
        )

    def merge(self, declared: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
        """An edit: a pass, a strafpoint or a deal played replaces the whole line; else what is given replaces
        what was said, the tricks replacing the outcome word and the other way round."""
        if {"pass", "strafpoint", "smide"} & set(changes) or {"pass", "strafpoint"} & set(declared):
            return dict(changes)
        merged = dict(declared)
        if {"declarer", "contract"} & set(changes) and "also" not in changes:
            merged.pop("also", None)  # another contract said: the second nolo goes with the first (D-8)
        if {"tricks", "outcome"} & set(changes):
            merged.pop("tricks", None)
            merged.pop("outcome", None)
        return {**merged, **changes}

    def judge_play(self, ruleset: Ruleset, play: Play) -> Verdict:
        """One disputed play, as at the French l'hombre (H-3, H-4); without trump, a nolo's (D-1)."""
        from scorekeeper.games.spadille import referee

        return referee.judge_play(*play, nolo=True)

    def renonce_cost(self, rules: LhombreRules) -> Record:
        from scorekeeper.explain import record

        return record("lhombre.renonce_cost", None)  # section D sets no price: the table rules it

    def audit_log(self, ruleset: Ruleset, log: TrickLog) -> LogAudit:
        """A deal's trick log audited by the three who played it; without trump, a nolo's (D-1)."""
        from scorekeeper.games.spadille import referee

        if log.layout:  # every hand is dealt whole, nothing lies on the table (P-11)
            raise UserError("layout_no_face_down", "P-11", player=next(iter(log.layout)))
        return referee.audit_log(log.players, log.leader, log.trump, log.tricks, log.calls or {}, nolo=True)

    def figures(self, fiche: Fiche) -> dict[str, Figures]:
        """Each player's deals as declarer and those made (vundet), and his points (D-4, D-8)."""
        from scorekeeper.standing import Figures

        taken = dict.fromkeys(fiche.players, 0)
        made = dict.fromkeys(fiche.players, 0)
        outcomes: dict[str, dict[str, int]] = {name: {} for name in fiche.players}
        for result in fiche.coups:
            for declarer, ended in result.declarers:
                taken[declarer] += 1
                made[declarer] += ended == "vundet"
                outcomes[declarer][ended] = outcomes[declarer].get(ended, 0) + 1
        return {
            name: Figures(points=points, taken=taken[name], taken_made=made[name], outcomes=outcomes[name])
            for name, points in zip(fiche.players, fiche.scores, strict=True)
        }

    def paper_result(
        self, rules: LhombreRules, won: Sequence[float], manches: Sequence[int], points: Sequence[int]
    ) -> None:
        """A tournament table's points from paper (T-8): what one player gains the others pay (D-5), less the
        strafpoints, paid to no one (D-7); under `payment = "declarer"` each figure stands alone."""
        if rules.payment != "each":
            return
        missing = -sum(points)
        fined = missing >= 0 and (missing % rules.strafpoint == 0 if rules.strafpoint else missing == 0)
        if not fined:
            said = ", ".join(map(str, points))
            raise UserError("lhombre_paper_sum", "T-8, D-5, D-7", points=said, total=-missing, cost=rules.strafpoint)

    def deals(self, fiche: Fiche) -> tuple[Dealt, ...]:
        """Each deal (a pass is one, a strafpoint none), numbered as the union numbers its mapper (T-2): the
        same number at every table of a round is the same cards, dealt by the same seat; the declarer's hand
        counted from forhånd among the three who played (D-2)."""
        from scorekeeper.games.lhombre.sheet import said_cell
        from scorekeeper.games.sheet import said

        found: list[Dealt] = []
        for result in fiche.coups:
            if not result.coup.deal:
                continue
            declarer = result.coup.declarer
            order = playing(fiche.players, fiche.players.index(result.dealer))
            hand = order.index(declarer) if declarer in order else None
            named = "" if hand is None else said(f"lhombre.hand.{hand}")
            found.append(Dealt(len(found) + 1, said_cell(result), declarer, hand, named, result.scored))
        return tuple(found)

    def stopped(self, fiche: Fiche) -> Any:
        """An evening stopped: its regnskab as it stands (D-8)."""
        return self.settle(fiche, early=True)

    # the regnskab (D-8): `settle`, a player's statement, and both in words
    def settle(
        self, fiche: Fiche, early: bool, whole: bool = False, rate: Any = None, teams: Sequence[str] = ()
    ) -> Regnskab:
        from scorekeeper.games.lhombre.settle import regnskab

        refuse_partial(fiche)
        return regnskab(fiche, rate, teams)

    def statement(self, fiche: Fiche, settled: Regnskab | None, player: str) -> Statement:
        from scorekeeper.games.lhombre.settle import statement

        refuse_partial(fiche)
        return statement(fiche, settled, player)

    def settlement(self, settled: Regnskab) -> list[Cell]:
        return self._module("sheet").settlement(settled)  # type: ignore[no-any-return]

    def paper_sections(self, fiche: Fiche, settled: Regnskab) -> list[tuple[Cell, list[Cell]]]:
        return self._module("paper").sections(fiche, settled)  # type: ignore[no-any-return]

    def statement_said(self, fiche: Fiche, mine: Statement, settled: Regnskab | None) -> list[Cell]:
        return self._module("paper").statement(fiche, mine, settled)  # type: ignore[no-any-return]


ENGINE: Settling = Lhombre()  # typed: the checker holds the class to the contract
