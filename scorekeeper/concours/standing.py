"""The standing (T-7): a pure function of the concours and its tables' outcomes, nothing else.

`scores` turns every round into each entrant's score of it (T-2 a partie played, T-4 a bye, T-5 a
forfeit); `standing` adds them up and ranks by the concours's `ranking`. The outcome of a table is its
result entered or frozen in the concours, else what its game came to (`outcomes`, by game name, which the
service reads from the store): the bench and the exports call these two with the same inputs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from scorekeeper.concours.model import Concours, Result, Round, Table


@dataclass(frozen=True, slots=True)
class Score:
    """What one entrant scored in one round: won (1, 0.5, 0), lost, manches, points for and against, and
    whether it sat out (`bye`) or forfeited; `opponents`, the entrants it met."""

    won: float = 0.0
    lost: float = 0.0
    manches: int = 0
    points: int | float = 0
    against: int | float = 0
    bye: bool = False
    forfeit: bool = False
    opponents: tuple[int, ...] = ()
    partners: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Row:
    """One entrant's line of the standing: its place (shared on equal measures), its number, and its totals."""

    place: int
    entrant: int
    played: int
    won: float
    lost: float
    manches: int
    points: int | float
    against: int | float
    byes: int
    opponents: float = 0.0
    measures: tuple[float, ...] = field(default=())

    @property
    def difference(self) -> int | float:
        return self.points - self.against


def outcome(table: Table, outcomes: Mapping[str, Result]) -> Result | None:
    """The table's result: entered or frozen in the concours, else its game's (T-2), else None (waiting)."""
    return table.result if table.result is not None else outcomes.get(table.game)


def waiting(drawn: Round, outcomes: Mapping[str, Result]) -> list[int]:
    """The numbers of the round's tables with neither a result nor a forfeit (T-6)."""
    return [table.number for table in drawn.tables if not table.forfeit and outcome(table, outcomes) is None]


def complete(drawn: Round, outcomes: Mapping[str, Result]) -> bool:
    """Whether every table of the round has a result or a forfeit (T-6: only then is the next drawn)."""
    return not waiting(drawn, outcomes)


def bye_score(concours: Concours, drawn: Round, outcomes: Mapping[str, Result]) -> Score:
    """What sitting out scores in round `drawn` (T-4): the concours's fixed bye, else a partie won with the
    fewest manches its winners won it with and the rounded-down average of their points, nothing against;
    where each plays alone (l'hombre), nothing (neither won nor lost)."""
    if concours.settings.alone:
        return Score(bye=True)
    if concours.settings.bye is not None:
        manches, points = concours.settings.bye
        return Score(won=1.0, manches=manches, points=points, bye=True)
    winners = [
        (result.manches[side], result.points[side])
        for table in drawn.tables
        if not table.forfeit and (result := outcome(table, outcomes)) is not None
        for side, won in enumerate(result.won)
        if won == 1
    ]
    if not winners:
        return Score(won=1.0, manches=1, bye=True)
    return Score(
        won=1.0, manches=min(m for m, _ in winners), points=int(sum(p for _, p in winners) // len(winners)), bye=True
    )


def scores(concours: Concours, drawn: Round, outcomes: Mapping[str, Result]) -> dict[int, Score]:
    """Each entrant's score in round `drawn`: its side's result, a bye, or a forfeit (T-5: lost with no
    points, and the others at its table score as for a bye). A table still waiting scores nothing yet. A
    Danish hold plays at four tables of a round: its score is their sum (`quadrettes`)."""
    found: dict[int, Score] = {}
    for number, score in _scored(concours, drawn, outcomes):
        found[number] = _plus(found[number], score) if number in found else score
    return found


def _plus(mine: Score, more: Score) -> Score:
    """Two tables' scores of one hold in one round, summed."""
    return Score(
        mine.won + more.won,
        mine.lost + more.lost,
        mine.manches + more.manches,
        mine.points + more.points,
        mine.against + more.against,
        mine.bye and more.bye,
        mine.forfeit or more.forfeit,
        mine.opponents + more.opponents,
        mine.partners + more.partners,
    )


def _scored(concours: Concours, drawn: Round, outcomes: Mapping[str, Result]) -> list[tuple[int, Score]]:
    """Each entrant's score at each table of round `drawn`, and its bye's."""
    alone = concours.settings.alone
    bye = bye_score(concours, drawn, outcomes)
    found: list[tuple[int, Score]] = [(number, bye) for number in drawn.byes]
    for table in drawn.tables:
        met = table.entrants
        for side in table.sides:
            others = tuple(number for number in met if number not in side)
            for number in side:
                partners = tuple(mate for mate in side if mate != number)
                if table.forfeit:
                    lost = number in table.forfeit
                    score = Score(lost=1.0, forfeit=True) if lost else bye
                    found.append((number, _met(score, others, partners)))
        if table.forfeit:
            continue
        result = outcome(table, outcomes)
        if result is None:
            continue
        for index, side in enumerate(table.sides):
            against = sum(points for at, points in enumerate(result.points) if at != index)
            others = tuple(number for number in met if number not in side)
            for number in side:
                partners = tuple(mate for mate in side if mate != number)
                won = result.won[index]
                score = Score(
                    won=won,
                    lost=0.0 if alone else 1.0 - won,
                    manches=result.manches[index],
                    points=result.points[index],
                    against=0 if alone else against,
                    opponents=others,
                    partners=partners,
                )
                found.append((number, score))
    return found


def _met(score: Score, opponents: tuple[int, ...], partners: tuple[int, ...]) -> Score:
    return Score(
        score.won, score.lost, score.manches, score.points, score.against, score.bye, score.forfeit, opponents, partners
    )


def every_score(
    concours: Concours, outcomes: Mapping[str, Result], rounds: int | None = None
) -> list[dict[int, Score]]:
    """Each round's scores, the first `rounds` rounds (all when None)."""
    drawn = concours.rounds if rounds is None else concours.rounds[:rounds]
    return [scores(concours, each, outcomes) for each in drawn]


def standing(concours: Concours, outcomes: Mapping[str, Result], rounds: int | None = None) -> list[Row]:
    """The standing after the first `rounds` rounds (T-7): every entrant, by the concours's `ranking`
    (parties won, points, difference; `opponents`: the parties won by the teams met; at tables of three,
    jetons then poules taken), equal measures sharing a place; then by number, which changes no place."""
    rounds_scores = every_score(concours, outcomes, rounds)
    totals: dict[int, dict[str, float]] = {}
    met: dict[int, list[int]] = {}
    for entrant in concours.entrants:
        totals[entrant.number] = {
            "played": 0,
            "won": 0.0,
            "lost": 0.0,
            "manches": 0,
            "points": 0,
            "against": 0,
            "byes": 0,
        }
        met[entrant.number] = []
    for round_scores in rounds_scores:
        for number, score in round_scores.items():
            if number not in totals:
                continue
            mine = totals[number]
            mine["played"] += not score.bye
            mine["byes"] += score.bye
            mine["won"] += score.won
            mine["lost"] += score.lost
            mine["manches"] += score.manches
            mine["points"] += score.points
            mine["against"] += score.against
            met[number].extend(score.opponents)
    rows = []
    for number, mine in totals.items():
        opponents = sum(totals[other]["won"] for other in met[number] if other in totals)
        values = {
            "won": mine["won"],
            "points": mine["points"],
            "difference": mine["points"] - mine["against"],
            "opponents": opponents,
            "jetons": mine["points"],
            "taken": mine["manches"],
        }
        measures = tuple(values[name] for name in ranking_of(concours))
        rows.append(
            Row(
                0,
                number,
                int(mine["played"]),
                mine["won"],
                mine["lost"],
                int(mine["manches"]),
                _number(mine["points"]),
                _number(mine["against"]),
                int(mine["byes"]),
                opponents,
                measures,
            )
        )
    rows.sort(key=lambda row: ([-m for m in row.measures], row.entrant))
    placed: list[Row] = []
    for index, row in enumerate(rows):
        place = placed[-1].place if placed and placed[-1].measures == row.measures else index + 1
        placed.append(replace(row, place=place))
    return placed


def ranking_of(concours: Concours) -> tuple[str, ...]:
    """The measures the standing orders by (T-7): where each plays alone, jetons (or the Danish spillepoint)
    then poules taken (or contracts made)."""
    return ("jetons", "taken") if concours.settings.alone else concours.settings.ranking


def _number(value: float) -> int | float:
    """A whole figure as an int (points are whole; jetons may be halves, H-12)."""
    return int(value) if float(value).is_integer() else value


def places(rows: Sequence[Row]) -> dict[int, int]:
    """Each entrant's place, by number."""
    return {row.entrant: row.place for row in rows}


def prized(concours: Concours, rows: Sequence[Row]) -> list[tuple[Row, int | None]]:
    """The final ranking with its prizes (T-7): every entrant in standing order, the last included, each
    with the prize it takes (1 the first prize) or None. The concours lists `prizes` prizes, one a place
    from the first; entrants sharing a place share its prizes and the ones after it, given in the order
    the last round's seed draws among them (by number, shuffled by `random.Random(seed)`), so anyone with
    the file gives the same prizes. Within a shared place the rows come in that order too.

    >>> from scorekeeper.concours.model import Entrant, Settings
    >>> c = Concours("C", "r", {}, {}, Settings(prizes=2), [Entrant(n, f"E{n}", ("a",)) for n in (1, 2, 3)])
    >>> [(row.entrant, prize) for row, prize in prized(c, standing(c, {}))]  # nothing played: all share 1st
    [(2, 1), (3, 2), (1, None)]
    """
    import random

    seed = concours.rounds[-1].seed if concours.rounds else 0
    ordered: list[Row] = []
    at = 0
    while at < len(rows):
        end = at
        while end < len(rows) and rows[end].place == rows[at].place:
            end += 1
        shared = sorted(rows[at:end], key=lambda row: row.entrant)
        if len(shared) > 1:
            random.Random(seed * 1000 + rows[at].place).shuffle(shared)  # each place its own draw from the seed
        ordered.extend(shared)
        at = end
    count = concours.settings.prizes
    return [(row, at if at <= count else None) for at, row in enumerate(ordered, start=1)]


# A prize of money as the organiser says it (T-10): a sum, with or without cents, a euro sign before or
# after (`200€`, `€ 150,50`, `75 euros`); anything else is a lot (`jambon`, `2 bouteilles`).
_MONEY = re.compile(r"\s*(?:€\s*)?([0-9]{1,7})(?:[.,]([0-9]{1,2}))?\s*(?:€|eur|euro|euros)?\s*", re.IGNORECASE)


def cents(said: str) -> int | None:
    """The money a prize is, in cents, None for a lot.

    >>> cents("200€"), cents("€ 150,5"), cents("75 euros"), cents("jambon"), cents("2 bouteilles")
    (20000, 15050, 7500, None, None)
    """
    found = _MONEY.fullmatch(said)
    if found is None:
        return None
    return int(found[1]) * 100 + int((found[2] or "0").ljust(2, "0"))


@dataclass(frozen=True, slots=True)
class Award:
    """What one entrant takes home (T-10): its prize's number where the prizes are counted (`--prizes N`),
    else its money in cents (a share where places are shared) and its lots."""

    number: int | None = None
    money: int = 0
    lots: tuple[str, ...] = ()


def awarded(concours: Concours, rows: Sequence[Row]) -> list[tuple[Row, Award | None]]:
    """The final ranking with what each entrant takes (T-7, T-10), the one list the board, the printed
    list and every export show: `prized`'s order; entrants sharing a place share the prizes of the places
    they cover, money summed and divided equally, rounded down to the cent, the cents left over to the
    first in the draw's order; lots given one each in that order.

    >>> from scorekeeper.concours.model import Entrant, Settings
    >>> c = Concours("C", "r", {}, {}, Settings(prizes=3, awards=("200€", "100€", "jambon")),
    ...              [Entrant(n, f"E{n}", ("a",)) for n in (1, 2, 3)])
    >>> [(row.entrant, award.money, award.lots) for row, award in awarded(c, standing(c, {}))]  # all share 1st
    [(2, 10000, ('jambon',)), (3, 10000, ()), (1, 10000, ())]
    """
    listed = prized(concours, rows)
    awards = concours.settings.awards
    if not awards:
        return [(row, None if number is None else Award(number)) for row, number in listed]
    given: list[tuple[Row, Award | None]] = []
    at = 0
    while at < len(listed):
        end = at
        while end < len(listed) and listed[end][0].place == listed[at][0].place:
            end += 1
        covered = awards[at:end]  # the prizes of the places this group covers
        money = sum(cents(award) or 0 for award in covered)
        lots = [award for award in covered if cents(award) is None]
        share, left = divmod(money, end - at)
        for order, (row, _) in enumerate(listed[at:end]):
            mine = Award(None, share + (left if order == 0 else 0), tuple(lots[order : order + 1]))
            given.append((row, mine if mine.money or mine.lots else None))
        at = end
    return given
