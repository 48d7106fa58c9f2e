"""Random days of a concours (issue 40): teams registering late, withdrawing, forfeiting a round, draws
undone and drawn again; whatever happens, no two teams meet twice while the draw can avoid it, whoever
sits out has sat out least, and the standing is an independent sum over the results (T-2 to T-5)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from scorekeeper.concours import files


def _said(run, *words: str):
    ran = run("concours", *words)
    assert ran.code == 0, (words, ran.err)
    return ran


def _independent(made) -> dict[str, tuple[float, int]]:
    """Each team's parties won and points, summed from the file's results alone: a bye scores the rounded-down
    average of the round's winners' points and a win (T-4); a forfeit loses with nothing, its opponents as a
    bye (T-5)."""
    won: Counter[int] = Counter()
    points: Counter[int] = Counter()
    for drawn in made.rounds:
        results = [t for t in drawn.tables if t.result is not None]
        if len(results) + sum(bool(t.forfeit) for t in drawn.tables) < len(drawn.tables):
            continue  # a round not complete counts nothing yet
        winners = [t.result.points[side] for t in results for side in (0, 1) if t.result.won[side] == 1.0]
        average = int(sum(winners) // len(winners)) if winners else 0
        for table in drawn.tables:
            if table.forfeit:
                for number in table.entrants:
                    if number not in table.forfeit:
                        won[number] += 1
                        points[number] += average
                continue
            for side, entrants in enumerate(table.sides):
                for number in entrants:
                    won[number] += table.result.won[side]
                    points[number] += table.result.points[side]
        for number in drawn.byes:
            won[number] += 1
            points[number] += average
    return {made.entrant(number).name: (won[number], points[number]) for number in {e.number for e in made.entrants}}


@pytest.mark.parametrize("seed", range(10))
def test_a_random_day_never_repeats_a_meeting_rotates_the_byes_and_sums_its_standing(run, seed) -> None:
    rng = random.Random(seed)
    teams = rng.randrange(8, 12)
    _said(run, "new", "Village", "--ruleset", "manille-muette", "--coups", "2", "--rounds", "4")
    for at in range(1, teams + 1):
        _said(run, "register", "--player", f"A{at}", "--player", f"B{at}", "--team", f"T{at}")
    met: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    withdrawn = False
    for number in range(1, 5):
        if number > 1 and rng.random() < 0.3:  # a late team, entering this round
            late = teams + number
            _said(run, "register", "--player", f"A{late}", "--player", f"B{late}", "--team", f"T{late}")
        if number > 1 and not withdrawn and rng.random() < 0.3:  # a team leaves for the day
            _said(run, "withdraw", f"T{rng.randrange(1, teams + 1)}")
            withdrawn = True
        _said(run, "draw")
        if rng.random() < 0.3:  # undone, drawn again: the same tables (T-3)
            first = files.read("Village").rounds[-1]
            _said(run, "draw", "--undo")
            _said(run, "draw")
            assert [t.sides for t in files.read("Village").rounds[-1].tables] == [t.sides for t in first.tables]
        made = files.read("Village")
        drawn = made.rounds[-1]
        playing = [t for table in drawn.tables for t in table.entrants] + list(drawn.byes)
        for sitting in drawn.byes:  # T-4: whoever sits out has sat out least
            assert byes[sitting] == min(byes[e] for e in playing), (number, sitting, dict(byes))
        byes.update(drawn.byes)
        pairs = {frozenset(table.entrants) for table in drawn.tables}
        assert not pairs & met, (number, pairs & met)  # never a repeat: 8 teams and more over 4 rounds allow it
        met |= pairs
        forfeited = False
        for table in drawn.tables:
            one, two = (made.entrant(side[0]).name for side in table.sides)
            if not forfeited and rng.random() < 0.15:
                _said(run, "result", str(number), str(table.number), "--forfeit", rng.choice((one, two)))
                forfeited = True
                continue
            a, b = rng.randrange(0, 40), rng.randrange(0, 40)
            if a == b:
                _said(run, "result", str(number), str(table.number), "--draw", "--points", f"{a}-{b}")
            else:
                winner = one if a > b else two
                _said(run, "result", str(number), str(table.number), "--winner", winner, "--points", f"{a}-{b}")
    standing = json.loads(run("concours", "standing", "--json").out)
    assert standing["round"] == 4
    shown = {row["team"]: (row["won"], row["points"]) for row in standing["teams"]}
    assert shown == _independent(files.read("Village"))
    assert len(shown) == len(files.read("Village").entrants)  # every team, the withdrawn included (T-9)
