"""Issue 44's fixture evening: 40 deals at a table of four, said in Danish lines piped into `table` (every
contract, vundet, bet and kruk, tout made and failed, passes, a contract thrown in, strafpoints), each
declarer's points worked out by hand from RULES D-3 to D-7, and the regnskab summing to zero (D-8)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

EVENING = Path(__file__).parent / "fixtures" / "aften.txt"

# Each line's declarer and what he scored, by hand: value from each of two opponents (D-5); bet pays it,
# kruk pays one more (D-4); a tout made is one more, failed one less (D-6); a strafpoint costs 1 (D-7).
BY_HAND = [
    ("Bent", +2), ("Ole", +2), ("Kaj", -4), ("Ole", +4), ("Mette", -8), ("Bent", +6), ("Mette", -8),
    ("Kaj", -8), ("Ole", +12), (None, 0), ("Mette", -4), ("Kaj", +8), ("Ole", +2), ("Kaj", -2),
    ("Bent", +8), ("Kaj", -1), ("Mette", -10), ("Bent", -2), ("Ole", +2), ("Kaj", -4), ("Ole", -6),
    (None, 0), ("Ole", +6), ("Kaj", +8), ("Ole", +6), ("Mette", -12), ("Bent", -4), ("Mette", +2),
    ("Ole", -1), ("Kaj", -6), ("Ole", +8), ("Kaj", -6), ("Bent", +8), ("Mette", 0), (None, 0),
    ("Kaj", -6), ("Bent", +4), ("Mette", -2), ("Bent", +8), ("Ole", +8),
]  # fmt: skip


@pytest.fixture
def aften(run, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "da")
    made = run("new", "lhombre-dlu", "-p", "Ole", "-p", "Bent", "-p", "Kaj", "-p", "Mette", "--game", "aften")
    assert made.code == 0, made.err
    return run


def test_d3_to_d8_forty_danish_lines_piped_into_table_agree_with_the_hand_worked_evening(aften, home):
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "table", "--game", "aften"],
        input=EVENING.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": "da"},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(aften("sheet", "--json", "--game", "aften").out)
    assert len(data["coups"]) == 40
    players = [player["name"] for player in data["players"]]
    for coup, (declarer, scored) in zip(data["coups"], BY_HAND, strict=True):
        who = coup["declared"].get("declarer") or coup["declared"].get("strafpoint")
        assert who == declarer, coup["number"]
        if who is not None:
            assert coup["scored"][players.index(who)] == scored, coup["number"]
    assert sum(player["points"] for player in data["players"]) == -2  # two strafpoints, paid to no one
    settled = json.loads(aften("settle", "--rate", "0,25", "--json", "--game", "aften").out)
    assert sum(round(result["money"] * 100) for result in settled["results"]) == 0
