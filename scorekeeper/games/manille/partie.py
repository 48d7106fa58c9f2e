"""Manches, the end of the partie and the trump choices owed (M-9, M-10, M-14)."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.errors import CoupRefused, UserError
from scorekeeper.explain import Record, record
from scorekeeper.games.manille.declaration import Coup, coup_field
from scorekeeper.games.manille.fiche import CoupResult, Quota
from scorekeeper.games.manille.rules import ManilleRules
from scorekeeper.games.manille.table import Side, Table


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
        other.__dict__.update(self.__dict__)  # every value immutable but the two lists (fast.py: its figure)
        other.scores, other.manches = list(self.scores), list(self.manches)
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

    def close_manche(self, log: list[Record], sides: Sequence[Side]) -> int | None:
        """M-9: a column that reached the target wins the manche (kind = loser: loses the partie, M-14)."""
        target = self.target
        if target is None or max(self.scores) < target:
            return None
        reached = [i for i, score in enumerate(self.scores) if score >= target]
        side = max(reached, key=lambda i: self.scores[i])
        name, seats, score = sides[side].name, len(sides[side].seats), self.scores[side]
        if self.rules.partie == "loser":
            self.loser, self.over = side, True
            lowest = min(self.scores)
            lows = [i for i, score in enumerate(self.scores) if score == lowest]
            self.winner = lows[0] if len(lows) == 1 else None
            log.append(record("partie_lost", "M-14", side=name, seats=seats, score=score, target=target))
            return side
        log.append(record("manche_won", "M-9", side=name, seats=seats, score=score, target=target, manche=self.manche))
        self.manches[side] += 1
        needed = 2 if self.rules.partie == "liee" else 1
        if self.manches[side] >= needed:
            self.winner, self.over = side, True
            if self.rules.partie == "liee":
                against = max(won for i, won in enumerate(self.manches) if i != side)
                log.append(record("partie_won_in_manches", "M-9", side=name, won=self.manches[side], against=against))
            else:  # one manche is the partie: no count of manches to tell
                log.append(record("partie_won", "M-9", side=name))
        elif self.rules.partie == "liee" and self.manche == 2:
            log.append(record("belle_next", "M-9", belle=self.rules.belle))
        return side

    def next_manche(self) -> None:
        """M-9: scores restart at zero for the next manche."""
        self.manche += 1
        self.scores = [0] * len(self.scores)

    def after_coup(self, deals: int, coup_winner: int | None, log: list[Record], sides: Sequence[Side]) -> None:
        """M-9: the end by a number of deals (highest total wins) and by two coups won in a row (seed 002)."""
        if self.over:
            return
        if self.rules.two_in_a_row:
            side, count = self.streak
            self.streak = (coup_winner, count + 1 if coup_winner is not None and coup_winner == side else 1)
            if coup_winner is not None and self.streak[1] >= 2:
                self.winner, self.over = coup_winner, True
                won = sides[coup_winner]
                log.append(record("two_in_a_row", "M-9", side=won.name, seats=len(won.seats)))
                return
        if self.rules.partie == "deals" and deals >= self.rules.deals:
            self.over = True
            best = max(self.scores)
            tops = [i for i, score in enumerate(self.scores) if score == best]
            self.winner = tops[0] if len(tops) == 1 else None
            if len(tops) == 1:
                log.append(record("deals_played", "M-9", deals=deals, side=sides[tops[0]].name, points=best))
            else:
                names = tuple(sides[i].name for i in tops)
                log.append(record("deals_played_tie", "M-9", deals=deals, sides=names, points=best))


def quotas(
    rules: ManilleRules, table: Table, players: Sequence[str], first: int, played: int, made: Sequence[int]
) -> list[Quota]:
    """M-10: the choices each team (or player) has left and the sans-atout it still owes, after `played`
    coups in which each column chose `made` sans-atout (kept as the coups are played: `sans_atout_chooser`).

    A team chooses in the deals its players deal (the dealer chooses, or passes to his partner).
    """
    if not rules.min_sans_atout:
        return []
    result = []
    count = len(players)
    for column, side in enumerate(table.columns):
        # The deals from `played` to rules.deals that each of the side's players deals, counted without a loop.
        starts = (played + (players.index(p) - first - played) % count for p in side.players)
        left = sum(max(0, -(-(rules.deals - start) // count)) for start in starts)
        result.append(Quota(column, left, max(0, rules.min_sans_atout - made[column])))
    return result


def sans_atout_chooser(result: CoupResult, table: Table) -> int | None:
    """M-10: the column whose player chose this coup's sans-atout, or None: each coup is looked at once,
    when it is played, so that the quota is kept in a count rather than found again from every coup."""
    if not result.coup.sans_atout or result.chooser is None:
        return None
    return next((column for column, side in enumerate(table.columns) if result.chooser in side.players), None)


def check_quota(
    coup: Coup,
    rules: ManilleRules,
    table: Table,
    players: Sequence[str],
    first: int,
    played: int,
    made: Sequence[int],
    chooser: str | None,
) -> list[Record]:
    """M-10: refuse a choice that leaves the choosing team unable to make its sans-atout, unless the
    table says it was played so (`force`): then the coup is scored as played, marked as forced."""
    if not rules.min_sans_atout:
        if coup.force:
            raise UserError("force_without_quota", "M-10")
        return []
    if coup.sans_atout or chooser is None:
        if coup.force:
            raise CoupRefused("force_not_needed", "M-10", field=coup_field("force"))
        return []
    quota = quotas(rules, table, players, first, played, made)[table.column_of(chooser)]
    side = table.columns[quota.column]
    values = {"side": side.name, "seats": len(side.seats), "needed": quota.sans_atout_needed}
    if quota.sans_atout_needed <= quota.choices_left - 1:
        if coup.force:
            raise CoupRefused("force_not_needed", "M-10", field=coup_field("force"))
        return []
    if coup.force:
        return [record("choice_forced", "M-10", **values, left=quota.choices_left)]
    raise UserError("sans_atout_owed", "M-10", **values, left=quota.choices_left)
