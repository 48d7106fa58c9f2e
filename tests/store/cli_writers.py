"""`scorekeeper coup` run as real processes, for the crash and two-writers tests (issue 6)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
MARIUS = ("César", "Panisse", "Escartefigue", "Brun")
CARDS = [f"{rank}{suit}" for rank in ("7", "8", "9", "J", "Q", "K", "10", "A") for suit in "SHDC"]


def environment(home: Path) -> dict[str, str]:
    python_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONPATH": python_path, "NO_COLOR": "1"}


def declared(number: int) -> dict[str, object]:
    """Coup `number`, told apart from every other by its retourne and César's points."""
    return {"retourne": CARDS[number % 32], "points": {"César": (number // 32) % 69}}


def writer(name: str, number: int, env: dict[str, str], stderr: Any = subprocess.DEVNULL) -> subprocess.Popen[Any]:
    """`scorekeeper coup --game NAME` saying coup `number`, started and left running."""
    coup = declared(number)
    points = f"César={coup['points']['César']}"  # type: ignore[index]
    command = [
        sys.executable,
        "-m",
        "scorekeeper",
        "coup",
        "--game",
        name,
        "-r",
        str(coup["retourne"]),
        "--points",
        points,
    ]
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=stderr, text=True)
