"""`stats` and `games` at 80 and 40 columns (issue 29): no figure is ever cut, no name or header ends in `…`, two
games or players are never shown alike, and a narrow screen drops columns rather than cut them."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import MARIUS

PLAYERS = [arg for name in MARIUS for arg in ("--player", name)]


def _scorekeeper(width: int, *args: str) -> str:
    env = {**os.environ, "COLUMNS": str(width), "SCOREKEEPER_LANG": "fr"}
    done = subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def two_games(run):
    for _ in range(2):
        assert run("new", "manille-muette", *PLAYERS).code == 0
    for points in ("César=68", "Panisse=60", "César=50", "Brun=44", "César=40", "César=41", "Panisse=52"):
        assert run("coup", "--game", "manille-muette-1", "--retourne", "7s", "--points", points).code == 0


@pytest.mark.parametrize("width", [80, 40])
def test_stats_cuts_no_figure_nor_name(two_games, width):
    out = _scorekeeper(width, "stats")
    assert "…" not in out
    assert all(len(line) <= width for line in out.splitlines())
    assert "Escartefigue" in out and "Panisse" in out  # whole, not « Escar… », « Panis… »
    figures = [line.split("│")[-2].strip() for line in out.splitlines() if line.startswith("│ César")]
    assert figures and figures[0].isdigit() and int(figures[0]) > 0  # César's points whole


@pytest.mark.parametrize("width", [80, 40])
def test_games_never_shows_two_games_alike(two_games, width):
    out = _scorekeeper(width, "games")
    assert "…" not in out
    assert all(len(line) <= width for line in out.splitlines())
    column = [line.split("│")[2].strip() for line in out.splitlines() if line.startswith("│")]
    names = "".join(column)
    assert "manille-muette-1" in names.replace(" ", "") and "manille-muette-2" in names.replace(" ", "")
    if width == 80:  # at 40, which game and where it stands: its state before its coups (issue 39)
        assert " 7 │" in out  # the coups of the first game, whole
