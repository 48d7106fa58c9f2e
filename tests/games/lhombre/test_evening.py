"""Issue 44's fixture evening: 40 deals at a table of four, said in Danish lines piped into `table` (every
contract, vundet, bet and kruk, tout made and failed, passes, a contract thrown in, strafpoints), each
declarer's points worked out by hand from RULES D-3 to D-7, and the regnskab summing to zero (D-8)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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


def scorekeeper(home: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """A command in Danish, in a process of its own (a command's help is said in the language it is first
    imported in: the other tests' processes stay English)."""
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": "da"}
    command = [sys.executable, "-m", "scorekeeper", *args]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, env=env, timeout=120)


def test_d3_to_d8_forty_danish_lines_piped_into_table_agree_with_the_hand_worked_evening(home):
    made = scorekeeper(
        home, "new", "lhombre-dlu", "-p", "Ole", "-p", "Bent", "-p", "Kaj", "-p", "Mette", "--game", "aften"
    )
    assert made.returncode == 0, made.stderr
    done = scorekeeper(home, "table", "--game", "aften", stdin=EVENING.read_text(encoding="utf-8"))
    assert done.returncode == 0, done.stderr
    data = json.loads(scorekeeper(home, "sheet", "--json", "--game", "aften").stdout)
    assert len(data["coups"]) == 40
    players = [player["name"] for player in data["players"]]
    for coup, (declarer, scored) in zip(data["coups"], BY_HAND, strict=True):
        who = coup["declared"].get("declarer") or coup["declared"].get("strafpoint")
        assert who == declarer, coup["number"]
        if who is not None:
            assert coup["scored"][players.index(who)] == scored, coup["number"]
    assert sum(player["points"] for player in data["players"]) == -2  # two strafpoints, paid to no one
    settled = json.loads(scorekeeper(home, "settle", "--rate", "0,25", "--json", "--game", "aften").stdout)
    assert sum(round(result["money"] * 100) for result in settled["results"]) == 0
