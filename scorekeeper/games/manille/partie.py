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
        other.__dict__.update(
            self.__dict__
        )  # every value immutable but the two lists (docs/performance.md: its figure)
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


def most_in_a_coup(rules: ManilleRules) -> int:
    """The most one side can score in one deal (M-4 to M-8): the coup's excess over the baseline or the
    renonce's price, whichever is more, times the most a coup counts, and the retourne's points scored
    before it (M-5), which no multiplier touches."""
    from scorekeeper.games.manille.scoring import multiplier_cap, multiplier_product, renonce_penalty

    calls = (rules.sans_atout, rules.contre, rules.contre and rules.surcontre)
    cap = multiplier_cap(rules)
    counts = cap if rules.tie_doubles_next else min(multiplier_product(rules, *calls, 0), cap)  # ties carried: the cap
    retourne = max(rules.points.values()) if rules.retourne_bonus else 0
    return max((rules.total - rules.baseline) * counts, renonce_penalty(rules, counts)) + retourne


def paper_result(rules: ManilleRules, won: Sequence[float], manches: Sequence[int], points: Sequence[int]) -> None:
    """A table's result from paper held to this partie (T-8), refused with the reason where the partie
    cannot end so. `won` is each side's partie (1, 0; a draw 0.5 each), `manches` and `points` each side's.

    The winner is whom the partie names: manches first where it plays manches (M-9: a side may win on
    manches with fewer points), else points, a level partie being a draw; each side's points are ones
    its manches allow: at least the target of each manche it won, at most the target less one of each
    manche it lost, and that plus the most one coup scores (`most_in_a_coup`) of each it won."""
    drawn = all(share == 0.5 for share in won)
    winner = None if drawn else won.index(1.0)
    if rules.partie not in ("liee", "seche"):  # a race over a number of deals: points decide (M-9)
        if any(manches):
            raise UserError("paper_no_manches", "T-8, M-9", manches="-".join(map(str, manches)))
        most = rules.deals * most_in_a_coup(rules)
        if max(points) > most:
            raise UserError("paper_points_past", "T-8, M-9", points=max(points), most=most, deals=rules.deals)
        if drawn != (points[0] == points[1]):
            raise UserError("paper_draw_is_level" if drawn else "paper_level_is_draw", "T-8, M-9",
                            points="-".join(map(str, points)))  # fmt: skip
        if winner is not None and points[winner] < points[1 - winner]:
            raise UserError("paper_winner_behind", "T-8, M-9", points="-".join(map(str, points)))
        return
    if drawn:
        raise UserError("paper_no_draw", "T-8, M-9")
    needed = 2 if rules.partie == "liee" else 1
    assert winner is not None
    if manches[winner] != needed or manches[1 - winner] >= needed:
        raise UserError("paper_manches", "T-8, M-9", manches="-".join(map(str, manches)), needed=needed,
                        partie=rules.partie)  # fmt: skip
    regular, belle = rules.manche, rules.belle
    if manches[1 - winner]:  # 2-1: each won a manche of the two, the winner the belle too (M-9)
        won_by = {winner: [regular, belle], 1 - winner: [regular]}
        lost_by = {winner: [regular], 1 - winner: [regular, belle]}
    else:
        won_by, lost_by = {winner: [regular] * needed, 1 - winner: []}, {winner: [], 1 - winner: [regular] * needed}
    most = most_in_a_coup(rules)
    for side in (0, 1):
        low = 0 if rules.two_in_a_row else sum(won_by[side])  # two coups in a row end it short of the target
        high = sum(target - 1 + most for target in won_by[side]) + sum(target - 1 for target in lost_by[side])
        if not low <= points[side] <= high:
            raise UserError("paper_points", "T-8, M-9", points=points[side], manches=manches[side], low=low, high=high)
