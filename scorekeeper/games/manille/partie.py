"""Manches, the end of the partie and the trump choices owed (M-9, M-10, M-14)."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.errors import UserError
from scorekeeper.games.manille.declaration import Coup
from scorekeeper.games.manille.fiche import CoupResult, Quota
from scorekeeper.games.manille.rules import ManilleRules
from scorekeeper.games.manille.table import Table


class Partie:
    """Manches and the end of the partie (M-9, M-14)."""

    def __init__(self, rules: ManilleRules, columns: int) -> None:
        self.rules = rules
        self.manche = 1
        self.scores = [0] * columns
        self.manches = [0] * columns
        self.winner: int | None = None
        self.loser: int | None = None
        self.over = False
        self.streak: tuple[int | None, int] = (None, 0)

    def copy(self) -> Partie:
        """The same partie, to be changed by a coup that may still be refused."""
        other = Partie.__new__(Partie)
        for name, value in vars(self).items():
            setattr(other, name, list(value) if isinstance(value, list) else value)
        return other

    @property
    def target(self) -> int | None:
        """M-9: the belle of a partie liée (one manche each) is played to `belle` points."""
        if self.rules.partie == "deals":
            return None
        if self.rules.partie == "liee" and self.manche == 3:
            return self.rules.belle
        return self.rules.manche

    def add(self, gains: Sequence[int]) -> None:
        for column, gain in enumerate(gains):
            self.scores[column] += gain

    def close_manche(self, log: list[str], names: Sequence[str]) -> int | None:
        """M-9: a column that reached the target wins the manche (kind = loser: loses the partie, M-14)."""
        target = self.target
        if target is None or max(self.scores) < target:
            return None
        reached = [i for i, score in enumerate(self.scores) if score >= target]
        side = max(reached, key=lambda i: self.scores[i])
        if self.rules.partie == "loser":
            self.loser, self.over = side, True
            lowest = min(self.scores)
            lows = [i for i, score in enumerate(self.scores) if score == lowest]
            self.winner = lows[0] if len(lows) == 1 else None
            reach, lose = ("reach", "lose") if " & " in names[side] else ("reaches", "loses")
            log.append(f"{names[side]} {reach} {self.scores[side]} ≥ {target}: {names[side]} {lose} the partie (M-14)")
            return side
        reach = "reach" if " & " in names[side] else "reaches"
        log.append(f"{names[side]} {reach} {self.scores[side]} ≥ {target}: manche {self.manche} won (M-9)")
        self.manches[side] += 1
        needed = 2 if self.rules.partie == "liee" else 1
        if self.manches[side] >= needed:
            self.winner, self.over = side, True
            won = "-".join(str(m) for m in sorted(self.manches, reverse=True))
            log.append(f"partie won by {names[side]}, {won} in manches (M-9)")
        elif self.rules.partie == "liee" and self.manche == 2:
            log.append(f"one manche each: the belle is played to {self.rules.belle} (M-9)")
        return side

    def next_manche(self) -> None:
        """M-9: scores restart at zero for the next manche."""
        self.manche += 1
        self.scores = [0] * len(self.scores)

    def after_coup(self, deals: int, coup_winner: int | None, log: list[str], names: Sequence[str]) -> None:
        """M-9: the end by a number of deals (highest total wins) and by two coups won in a row (seed 002)."""
        if self.over:
            return
        if self.rules.two_in_a_row:
            side, count = self.streak
            self.streak = (coup_winner, count + 1 if coup_winner is not None and coup_winner == side else 1)
            if coup_winner is not None and self.streak[1] >= 2:
                self.winner, self.over = coup_winner, True
                log.append(f"{names[coup_winner]} win two coups in a row: partie won (M-9)")
                return
        if self.rules.partie == "deals" and deals >= self.rules.deals:
            self.over = True
            best = max(self.scores)
            tops = [i for i, score in enumerate(self.scores) if score == best]
            self.winner = tops[0] if len(tops) == 1 else None
            who = names[tops[0]] if len(tops) == 1 else " and ".join(names[i] for i in tops) + " tie"
            log.append(f"{deals} deals played: {who} with {best} (M-9)")


def quotas(
    rules: ManilleRules, table: Table, players: Sequence[str], first: int, before: Sequence[CoupResult]
) -> list[Quota]:
    """M-10: the choices each team (or player) has left and the sans-atout it still owes.

    A team chooses in the deals its players deal (the dealer chooses, or passes to his partner).
    """
    if not rules.min_sans_atout:
        return []
    result = []
    count = len(players)
    for column, side in enumerate(table.columns):
        # The deals from len(before) to rules.deals that each of the side's players deals, counted without a loop.
        starts = (len(before) + (players.index(p) - first - len(before)) % count for p in side.players)
        left = sum(max(0, -(-(rules.deals - start) // count)) for start in starts)
        made = sum(1 for r in before if r.coup.sans_atout and r.chooser is not None and r.chooser in side.players)
        result.append(Quota(column, left, max(0, rules.min_sans_atout - made)))
    return result


def check_quota(
    coup: Coup,
    rules: ManilleRules,
    table: Table,
    players: Sequence[str],
    first: int,
    before: Sequence[CoupResult],
    chooser: str | None,
) -> None:
    """M-10: refuse a choice that leaves the choosing team unable to make its sans-atout."""
    if not rules.min_sans_atout or coup.sans_atout or chooser is None:
        return
    quota = quotas(rules, table, players, first, before)[table.column_of(chooser)]
    if quota.sans_atout_needed > quota.choices_left - 1:
        side = table.columns[quota.column].name
        raise UserError(
            f"{side} must still choose sans-atout {quota.sans_atout_needed} time(s) and have "
            f"{quota.choices_left} choice(s) left, this one included: this choice must be sans-atout (M-10)"
        )
