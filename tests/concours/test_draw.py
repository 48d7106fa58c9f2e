"""The draw and the standing as pure functions of the concours (RULES T-3, T-4, T-7)."""

from __future__ import annotations

from itertools import combinations

from scorekeeper.concours.draw import History, draw
from scorekeeper.concours.model import Concours, Entrant, Result, Settings
from scorekeeper.concours.standing import every_score, standing


def _concours(count: int, settings: Settings) -> Concours:
    size = 2 if settings.format == "doublettes" else 1
    entrants = [Entrant(n, f"E{n}", tuple(f"P{n}{x}" for x in "ab"[:size])) for n in range(1, count + 1)]
    return Concours("C", "manille-muette", {}, {}, settings, entrants)


def _play(concours: Concours, rounds: int) -> None:
    """Each round drawn, its first side winning 68-41."""
    for number in range(1, rounds + 1):
        before = every_score(concours, {})
        places = {row.entrant: row.place for row in standing(concours, {})}
        playing = [e.number for e in concours.entrants]
        drawn = draw(concours, number, 1000 + number, playing, places, History(before))
        won = tuple(1.0 if at == 0 else 0.0 for at in range(concours.settings.sides))
        points = (68, 41) if concours.settings.sides == 2 else (10, -5, -5)
        tables = tuple(
            t.__class__(
                t.number,
                t.sides,
                t.seats,
                t.game,
                result=Result(won, points, (1, 0)[: len(won)] if len(won) == 2 else (0, 0, 0)),
            )
            for t in drawn.tables
        )
        concours.rounds.append(drawn.__class__(drawn.number, drawn.seed, tables, drawn.byes))


def test_t3_the_same_seed_and_concours_draw_the_same_tables() -> None:
    concours = _concours(12, Settings())
    one = draw(concours, 1, 42, list(range(1, 13)), {}, History([]))
    two = draw(concours, 1, 42, list(range(1, 13)), {}, History([]))
    assert one == two
    assert draw(concours, 1, 43, list(range(1, 13)), {}, History([])) != one


def test_t3_no_two_teams_meet_twice_while_another_draw_avoids_it() -> None:
    concours = _concours(8, Settings(rounds=5))
    _play(concours, 5)
    met = [frozenset(side[0] for side in t.sides) for r in concours.rounds for t in r.tables]
    assert len(met) == len(set(met))


def test_t3_individuel_no_player_partners_the_same_player_twice() -> None:
    concours = _concours(12, Settings(format="individuel", rounds=5))
    _play(concours, 5)
    duos = [frozenset(side) for r in concours.rounds for t in r.tables for side in t.sides]
    assert all(len(duo) == 2 for duo in duos) and len(duos) == len(set(duos))


def test_t4_tables_of_three_seat_the_rest_out_and_avoid_repeats() -> None:
    concours = _concours(10, Settings(format="individuel", seats=3, rounds=3))
    _play(concours, 3)
    for drawn in concours.rounds:
        assert [len(t.sides) for t in drawn.tables] == [3, 3, 3] and len(drawn.byes) == 1
    assert len({b for r in concours.rounds for b in r.byes}) == 3  # who sat out least sits out next


def test_t7_the_standing_is_a_pure_function_of_the_concours_and_the_outcomes() -> None:
    concours = _concours(6, Settings())
    _play(concours, 2)
    assert standing(concours, {}) == standing(concours, {})
    rows = standing(concours, {})
    assert rows[0].won == 2 and [row.place for row in rows] == sorted(row.place for row in rows)
    assert all(a.measures >= b.measures for a, b in combinations(rows, 2))


def test_t3_an_individual_concours_of_260_players_over_5_rounds_never_repeats_a_partner() -> None:
    concours = _concours(260, Settings(format="individuel", rounds=5))
    _play(concours, 5)
    duos = [frozenset(side) for r in concours.rounds for t in r.tables for side in t.sides]
    assert len(duos) == 5 * 130 and len(duos) == len(set(duos))
    assert all(len(r.tables) == 65 for r in concours.rounds)


def test_t3_the_sparse_graph_gives_way_to_the_complete_one_rather_than_repeat_a_meeting(monkeypatch) -> None:
    from scorekeeper.concours import draw as module

    monkeypatch.setattr(module, "NEAR", 1)  # only neighbours in the standing: a repeat unless all are tried
    concours = _concours(8, Settings(rounds=4))
    _play(concours, 4)
    met = [frozenset(side[0] for side in t.sides) for r in concours.rounds for t in r.tables]
    assert len(met) == len(set(met))
