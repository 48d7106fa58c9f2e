"""Pairing by standing in score groups (issue 40, RULES T-3): teams with the same record meet while the
draw allows it, as Swiss and Monrad pairings do; the day's trial paired unbeaten teams with one-win teams
in round 3 when a draw with a single mixed table existed. Each round here is held to the least number
of tables across records any draw without a repeat could make, found by trying every draw (8 teams: 105)."""

from __future__ import annotations

import json
import random

import pytest

from scorekeeper.concours import files


def _matchings(teams: list[int]):
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for at, other in enumerate(rest):
        for more in _matchings(rest[:at] + rest[at + 1 :]):
            yield [(first, other), *more]


def _fewest_mixed(records: dict[int, float], met: set[frozenset[int]]) -> int:
    """The fewest tables across records any draw of these teams without a repeat makes."""
    return min(
        sum(records[a] != records[b] for a, b in matching)
        for matching in _matchings(sorted(records))
        if not any(frozenset(pair) in met for pair in matching)
    )


@pytest.mark.parametrize("seed", range(12))
def test_t3_each_round_pairs_the_same_records_whenever_a_draw_without_repeat_allows(run, seed) -> None:
    rng = random.Random(seed)
    name = "Swiss"
    assert run("concours", "new", name, "--ruleset", "manille-muette", "--coups", "2", "--rounds", "4").code == 0
    for at in range(1, 9):
        assert (
            run(
                "concours",
                "register",
                "--player",
                f"A{at}",
                "--player",
                f"B{at}",
                "--team",
                f"T{at}",
                "--concours",
                name,
            ).code
            == 0
        )
    met: set[frozenset[int]] = set()
    for number in range(1, 5):
        drawn = json.loads(run("concours", "draw", "--json", "--concours", name).out)
        made = files.read(name)
        tables = made.rounds[number - 1].tables
        pairs = [frozenset(number for side in table.sides for number in side) for table in tables]
        assert not any(pair in met for pair in pairs)  # never a repeat while a draw avoids it
        if number > 1:
            rows = json.loads(run("concours", "standing", "--json", "--concours", name).out)["teams"]
            won = {made.entrants[[e.name for e in made.entrants].index(row["team"])].number: row["won"] for row in rows}
            mixed = sum(len({won[n] for n in pair}) > 1 for pair in pairs)
            assert mixed == _fewest_mixed(won, met), (number, won, [sorted(p) for p in pairs])
        met.update(pairs)
        for table in drawn["tables"]:
            winner = table["teams"][rng.randrange(2)]
            said = run("concours", "result", str(number), str(table["table"]), "--winner", winner,
                       "--points", "40-10" if winner == table["teams"][0] else "10-40", "--concours", name)  # fmt: skip
            assert said.code == 0, said.err
