"""The draw of a round (T-3, T-4): who sits out, then the tables, from the round's seed alone.

The pairing is a maximum-weight matching (networkx's, imported here alone, so no other command pays its
import): entrants near in the standing are edges (a sparse graph, see `_match`), weighted so that a repeat costs
more than any distance of standing, and the matching takes the lightest whole set of tables. In `individuel` a first
matching forms the duos (no partner twice while another draw avoids it), a second seats duos against each
other (opponents repeated as little as possible). Tables where each plays alone (l'hombre's three, the
Danish four) use a documented heuristic, see `_alone`; a Danish hold's four players sit at four tables of the
round, see `_quadrettes`. Everything random comes from `random.Random(seed)`, and the graph is built in one order,
so the same concours and seed draw the same tables (T-3).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import combinations
from typing import TypeVar

from scorekeeper.concours.model import Concours, Round, Table, game_name
from scorekeeper.concours.standing import Score
from scorekeeper.errors import UserError

# The costs of a pairing, each outweighing every sum of the next over a whole draw (T-3): a repeat; a
# table across score groups (Swiss, Monrad: the teams of one record meet while the draw allows it, the
# fewest tables across groups first); the squared difference of parties won, counted in halves; the
# distance of places (a few hundred at most).
REPEAT = 10**18
MIXED = 10**14
GROUP = 10**6
T = TypeVar("T")


class History:
    """Who met whom and who partnered whom, and who sat out how often, over the rounds before."""

    def __init__(self, rounds: Sequence[Mapping[int, Score]]) -> None:
        self.met: Counter[tuple[int, int]] = Counter()
        self.partnered: Counter[tuple[int, int]] = Counter()
        self.byes: Counter[int] = Counter()
        for scores in rounds:
            for number, score in scores.items():
                self.byes[number] += score.bye
                for other in score.opponents:
                    self.met[_pair(number, other)] += 1
                for other in score.partners:
                    self.partnered[_pair(number, other)] += 1
        # each meeting was counted from both sides
        self.met = Counter({pair: count // 2 for pair, count in self.met.items()})
        self.partnered = Counter({pair: count // 2 for pair, count in self.partnered.items()})


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def draw(
    concours: Concours,
    number: int,
    seed: int,
    playing: Sequence[int],
    places: Mapping[int, int],
    history: History,
    records: Mapping[int, float] | None = None,
) -> Round:
    """Round `number` drawn from `seed` among the entrants `playing` (T-3, T-4): byes first (those who sat
    out least, then the lowest standing, then the seed's order; round 1 by the seed alone), then the tables,
    numbered from the top of the standing. `places`: each entrant's place (all 1 before any result);
    `records`: each one's parties won, its score group (T-3: the same record meets while the draw allows)."""
    settings = concours.settings
    rng = random.Random(seed)
    order = sorted(playing)
    rng.shuffle(order)
    rank = {entrant: at for at, entrant in enumerate(order)}
    by_standing = settings.pairing == "standing" and number > 1
    if settings.format == "quadrettes":
        return _quadrettes(concours, number, seed, order, places if by_standing else {}, history)
    place = {entrant: places.get(entrant, 1) if by_standing else 1 for entrant in order}
    halves = {entrant: round(2 * (records or {}).get(entrant, 0)) if by_standing else 0 for entrant in order}
    left = len(order) % settings.per_table
    sitting = sorted(order, key=lambda e: (history.byes[e], -place[e] if number > 1 else 0, rank[e]))[:left]
    seated = [entrant for entrant in order if entrant not in sitting]
    noise = {pair: rng.randrange(1000) for pair in combinations(sorted(seated), 2)} if not by_standing else {}

    def distance(a: int, b: int) -> int:
        if not by_standing:
            return noise[_pair(a, b)]
        apart = halves[a] - halves[b]
        return (apart != 0) * MIXED + apart**2 * GROUP + abs(place[a] - place[b])

    def standing_order(entrant: int) -> tuple[int, int]:
        return (place[entrant], rank[entrant])

    groups: list[tuple[tuple[int, ...], ...]]
    if settings.alone:
        alone = _alone(seated, settings.seats, place, rank, history)
        groups = [tuple((entrant,) for entrant in group) for group in alone]
    elif settings.per_side == 2:
        partnered = history.partnered
        duos = _match(seated, lambda a, b: partnered[_pair(a, b)] * REPEAT + distance(a, b), rank, standing_order)
        duo_rank = {duo: min(rank[e] for e in duo) for duo in duos}

        def duo_cost(x: tuple[int, ...], y: tuple[int, ...]) -> int:
            return sum(history.met[_pair(a, b)] * REPEAT // 10 + distance(a, b) for a in x for b in y)

        near = {duo: (sum(place[e] for e in duo), duo_rank[duo]) for duo in duos}
        groups = [(x, y) for x, y in _match(duos, duo_cost, duo_rank, near.__getitem__)]
    else:
        met = _match(seated, lambda a, b: history.met[_pair(a, b)] * REPEAT + distance(a, b), rank, standing_order)
        groups = [((a,), (b,)) for a, b in met]

    def side_key(side: tuple[int, ...]) -> tuple[int, int]:
        return (min(place[e] for e in side), min(rank[e] for e in side))

    ordered = sorted((tuple(sorted(group, key=side_key)) for group in groups), key=lambda g: side_key(g[0]))
    tables = []
    for at, sides in enumerate(ordered, start=1):
        seats = _seats([[player for entrant in side for player in concours.entrant(entrant).players] for side in sides])
        tables.append(Table(at, sides, seats, game_name(concours.name, number, at)))
    return Round(number, seed, tuple(tables), tuple(sorted(sitting)))


def _seats(sides: list[list[str]]) -> tuple[str, ...]:
    """The players in seating order (C-3): the sides alternate, A1 B1 A2 B2; three sides, one each."""
    return tuple(side[at] for at in range(max(map(len, sides))) for side in sides if at < len(side))


NEAR = 16  # each entrant's edges: the next NEAR in standing order (a sparse graph, see `_match`)


def _match(
    items: Sequence[T],
    cost: Callable[[T, T], int],
    rank: Mapping[T, int],
    near: Callable[[T], tuple[int, ...]] | None = None,
) -> list[tuple[T, T]]:
    """The pairs of `items` of least total `cost(a, b)`, every item paired (a maximum-weight matching of
    maximum cardinality: networkx).

    The graph is sparse: the items in the order `near` gives (the standing, the seed's order among equals;
    by default the seed's order alone), each joined to the next `NEAR` only. Teams far apart in the standing
    never meet under `pairing = standing` while nearer ones can, so the edges left out are ones the matching
    would not take; and the blossom algorithm's time grows with the edges: 260 players drawn in individuel
    took 5.5 s over the complete graph (33,670 edges), a fraction of that over some 4,000. Neighbours in the
    order are joined, so a whole matching always exists. Should the sparse graph's best still repeat a
    pairing (a cost of `REPEAT` or more), the complete graph is matched instead: a repeat is made only when
    no draw avoids it (T-3), never because an edge was left out."""
    ordered = sorted(items, key=near or (lambda item: (rank[item],)))
    count = len(ordered)
    if count < 2:
        return []
    pairs = _matched(ordered, cost, [(i, j) for i in range(count) for j in range(i + 1, min(count, i + 1 + NEAR))])
    if count > NEAR + 1 and any(cost(a, b) >= REPEAT for a, b in pairs):
        pairs = _matched(ordered, cost, list(combinations(range(count), 2)))
    return sorted(pairs, key=lambda pair: rank[pair[0]])


def _matched(ordered: Sequence[T], cost: Callable[[T, T], int], edges: Sequence[tuple[int, int]]) -> list[tuple[T, T]]:
    import networkx as nx  # type: ignore[import-untyped]  # the draw's alone: 30 ms of import no other command pays

    costs = {(i, j): cost(ordered[i], ordered[j]) for i, j in edges}
    top = max(costs.values()) + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(len(ordered)))
    graph.add_weighted_edges_from((i, j, top - value) for (i, j), value in costs.items())
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    return [(ordered[min(i, j)], ordered[max(i, j)]) for i, j in matched]


def _alone(
    seated: Sequence[int], size: int, place: Mapping[int, int], rank: Mapping[int, int], history: History
) -> list[tuple[int, ...]]:
    """Tables of `size` where each plays alone (l'hombre's three, the Danish four, T-1): a heuristic, since a
    matching pairs and does not make threes or fours. The players in standing order (the seed's order among
    equals); the first not yet seated sits with the `size - 1` of the next eight who, together, have met him
    and each other least often, the nearest in standing among equals. Repeats are avoided while a near choice
    allows it, not at any cost."""
    waiting = sorted(seated, key=lambda e: (place[e], rank[e]))
    groups = []
    while waiting:
        first, rest = waiting[0], waiting[1:9]
        best = min(
            combinations(rest, size - 1),
            key=lambda others: (
                sum(history.met[_pair(a, b)] for a, b in combinations((first, *others), 2)),
                sum(place[other] for other in others),
                sum(rank[other] for other in others),
            ),
        )
        groups.append((first, *best))
        waiting = [e for e in waiting if e != first and e not in best]
    return groups


HOLD = 4  # a Danish hold: four players, each at another table of the round


def _quadrettes(
    concours: Concours, number: int, seed: int, order: Sequence[int], places: Mapping[int, int], history: History
) -> Round:
    """A round of quadrettes (Danish holds, T-1): each hold's four players at four different tables, each
    table seating four holds, so that a hold's score is its players' spillepoint at four tables of the same
    deals (the union's mapper). The holds in standing order (the seed's order among equals; round 1 and the
    `random` pairing by the seed alone) stand in a circle; table j seats the holds at j, j+s, j+2s and j+3s
    round it, the step s chosen so that holds meet those they met before least often (the smallest step
    among equals, so neighbours in the standing meet). A hold's player at seat k of its table is its player
    (k + round - 1) mod 4: each changes seat and company from round to round. No hold sits out."""
    count = len(order)
    if count < HOLD:
        raise UserError("concours_too_few", "T-1", count=count, needed=HOLD)  # `draw` says it first
    circle = sorted(order, key=lambda e: places.get(e, 1))  # stable: the seed's order among equals

    def tables(step: int) -> list[tuple[int, ...]]:
        return [tuple(circle[(at + k * step) % count] for k in range(HOLD)) for at in range(count)]

    steps = [step for step in range(1, count) if len({k * step % count for k in range(HOLD)}) == HOLD]
    step = min(
        steps,
        key=lambda step: (
            sum(history.met[_pair(a, b)] for group in tables(step) for a, b in combinations(group, 2)),
            step,
        ),
    )
    made = []
    for at, group in enumerate(tables(step), start=1):
        seats = tuple(concours.entrant(hold).players[(k + number - 1) % HOLD] for k, hold in enumerate(group))
        made.append(Table(at, tuple((hold,) for hold in group), seats, game_name(concours.name, number, at)))
    return Round(number, seed, tuple(made), ())
