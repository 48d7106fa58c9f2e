"""The manille fiche as replayed: one line a coup with the log that explains it, and the partie's state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.cards import Suit
from scorekeeper.explain import Record
from scorekeeper.games.contract import Partial, refuse_partial
from scorekeeper.games.manille.declaration import Coup
from scorekeeper.games.manille.rules import ManilleRules
from scorekeeper.games.manille.table import Side, Table
from scorekeeper.rulesets import Ruleset

if TYPE_CHECKING:
    from scorekeeper.referee.audit import TrickResult


# The fiche's values are NamedTuples for the start-up of `sheet`, which creates their classes at every
# start (figure at `table.Side`).
class Quota(NamedTuple):
    """M-10: the trump choices a team (or a player) still has, and the sans-atout it still owes."""

    column: int
    choices_left: int
    sans_atout_needed: int


class CoupResult(NamedTuple):
    """One line of the fiche, with the log that explains its figures."""

    number: int
    manche: int
    dealer: str
    leader: str | None  # None when the coup was not played
    coup: Coup
    trump: Suit | None
    chooser: str | None
    played: bool
    camps: tuple[tuple[str, ...], ...]  # the seats that played together (P-7)
    made: tuple[int, ...] | None  # the points each camp made in its tricks
    scored: tuple[int, ...]  # what each column scored on this coup, retourne included
    scores: tuple[int, ...]  # each column's score after the coup (in the manche, where there are manches)
    multiplier: int
    manche_won_by: int | None
    log: tuple[Record, ...]
    tricks: tuple[TrickResult, ...] = ()  # for a coup entered as a trick log: each trick and who won it

    @property
    def entry(self) -> str | None:
        """The kind of a line that is no deal played: "misdeal", "pass" (M-17), "adjust" (M-18); None for a coup."""
        return self.coup.entry


class Fiche(NamedTuple):
    """The whole score sheet, as replayed from the declarations."""

    ruleset: Ruleset
    table: Table
    coups: tuple[CoupResult, ...]
    scores: tuple[int, ...]  # in the manche being played (the whole partie where there are no manches)
    manches: tuple[int, ...]  # manches won
    manche: int  # number of the manche being played (or the last one, once the partie is over)
    target: int | None  # points that win (or, kind = loser, lose) the manche being played
    winner: int | None  # the winning column, once the partie is over (None for a tie at the top)
    loser: int | None  # kind = loser: the column that reached the target (M-14)
    over: bool
    next_dealer: str
    next_leader: str | None  # None where the taker, not yet known, leads
    multiplier_next: int
    quotas: tuple[Quota, ...]
    deals: int = 0  # the deals played: the misdeals, deals all passed and agreements are not (M-17)

    @property
    def game(self) -> str:
        return self.ruleset.game

    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players

    @property
    def sides(self) -> tuple[Side, ...]:
        return self.table.columns

    @property
    def rules(self) -> ManilleRules:
        rules = self.ruleset.rules
        assert isinstance(rules, ManilleRules)
        return rules

    @property
    def deals_left(self) -> int | None:
        return self.rules.deals - self.deals if self.rules.partie == "deals" else None

    def side_of(self, player: str) -> int:
        return self.table.column_of(player)

    def as_dict(self) -> dict[str, Any]:
        """The stable JSON form (`sheet --json`): names, numbers, cards in ASCII, each coup's log as records."""

        refuse_partial(self)

        def names(column: int | None) -> list[str] | None:
            return None if column is None else list(self.sides[column].players)

        columns = [list(side.players) for side in self.sides]  # what each coup's `scored` and `scores` pair with
        data: dict[str, Any] = {
            "game": "manille",
            "ruleset": self.ruleset.name,
            "players": list(self.players),
            "sides": [
                {"players": list(side.players), "score": score, "manches": manches}
                for side, score, manches in zip(self.sides, self.scores, self.manches, strict=True)
            ],
            "manche": self.manche,
            "target": self.target,
            "over": self.over,
            "winner": names(self.winner),
            "loser": names(self.loser),
            "next_dealer": None if self.over else self.next_dealer,
            "next_leader": None if self.over else self.next_leader,
            "multiplier_next": self.multiplier_next,
            "deals_played": self.deals,
            "deals_left": self.deals_left,
            "choices": [
                {"players": names(q.column), "left": q.choices_left, "sans_atout_needed": q.sans_atout_needed}
                for q in self.quotas
            ],
            "coups": [_coup_dict(result, columns) for result in self.coups],
        }
        if self.rules.sides in ("each", "taker", "dealer"):
            data["players"] = [
                {"name": side.name, "score": score} for side, score in zip(self.sides, self.scores, strict=True)
            ]
        return data


class PartialFiche(Fiche, Partial):
    """The fiche of a state restored from a kept one (`replay.restore`): the coups after it alone, numbered as
    in the partie, and the whole partie's figures; a whole-fiche reader refuses it (`games.contract.Partial`)."""

    __slots__ = ()


def _coup_dict(result: CoupResult, columns: list[list[str]]) -> dict[str, Any]:
    """A coup as JSON: `made` pairs with `camps` (who played together), `scored` and `scores` with `columns`
    (the fiche's columns: a team, or each player where each scores alone, as at enchères, issue 43)."""
    line = {
        "number": result.number,
        "manche": result.manche,
        "dealer": result.dealer,
        "leader": result.leader,
        "declared": result.coup.to_dict(),
        "trump": "SA" if result.coup.sans_atout else None if result.trump is None else result.trump.value,
        "chooser": result.chooser,
        "played": result.played,
        "camps": [list(camp) for camp in result.camps],
        "made": None if result.made is None else list(result.made),
        "columns": columns,
        "scored": list(result.scored),
        "scores": list(result.scores),
        "multiplier": result.multiplier,
        "manche_won_by": result.manche_won_by,
        "log": list(result.log),
        "tricks": [trick.as_dict() for trick in result.tricks],
    }
    if result.entry is not None:  # M-17, M-18: a line that is no deal played says what it is
        line["entry"] = result.entry
    return line
