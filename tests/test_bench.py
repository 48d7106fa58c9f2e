"""bench/bench.py measures what a player meets (issue 28): the club's games it writes are stored as a
command stores them, and the lines it sends to `table` are coups the table takes."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).parent.parent / "bench" / "bench.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_under_test", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_club_is_written_as_commands_write_a_game_so_a_first_stats_replays_none(bench, home, monkeypatch):
    bench.write_club(10)
    from scorekeeper import games
    from scorekeeper.service import history

    def replayed(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game replayed: its summary was not kept by the write")

    monkeypatch.setattr(games, "replay", replayed)
    found, skipped = history.summaries()
    assert len(found) == 10 and not skipped
    assert (home / "archive").is_dir()  # the tenth archived: its summary found too


def test_the_lines_sent_to_the_table_of_lhombre_are_each_a_coup(bench, home):
    from scorekeeper import service

    service.new("hombre", ["A", "B", "C"], options={"poules": 10**9}, name="u")
    ran = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "table", "--game", "u"],
        input=bench._hombre_lines(12, 0),
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0 and not ran.stderr, ran.stderr
    assert ran.stdout.count("coup ") >= 12
