"""H-8 said the wrong way: `--pass` with espadille forcée is refused in one line that shows the way it is
said (`--bids "pass, pass, pass" --espadille-forcee --hombre Bea`), which then is accepted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import Exit

ROOT = Path(__file__).resolve().parents[2]


def scorekeeper(*args: str) -> subprocess.CompletedProcess[str]:
    every = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, env=every, timeout=60
    )


@pytest.fixture
def forced(home: Path) -> Path:
    made = scorekeeper("new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid", "--option", "espadille=true", "-g", "h")
    assert made.returncode == 0, made.stderr
    return home / "games" / "h.toml"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", '(H-8): say it with the bids, --bids "pass, pass, pass" --espadille-forcee --hombre Bea'),
        ("fr", '(H-8) : dites-le avec les enchères, --bids "pass, pass, pass" --espadille-forcee --hombre Bea'),
        ("nl", '(H-8): zeg het met de biedingen, --bids "pass, pass, pass" --espadille-forcee --hombre Bea'),
    ],
)
def test_h8_pass_with_espadille_forcee_points_to_the_bids_that_say_it(forced: Path, lang: str, said: str) -> None:
    before = forced.read_bytes()
    ran = scorekeeper("--lang", lang, "coup", "--pass", "--espadille-forcee", "--hombre", "bea")
    assert ran.returncode == Exit.MISTAKE and ran.stderr.count("\n") == 1 and said in ran.stderr, ran.stderr
    assert "--tricks" not in ran.stderr and forced.read_bytes() == before
    pointed = ("--bids", "pass, pass, pass", "--espadille-forcee", "--hombre", "Bea")  # the line shown, as typed
    ran = scorekeeper("coup", *pointed, "--tricks", "Ana=2,Bea=5,Cid=2")
    assert ran.returncode == Exit.DONE, ran.stderr


def test_h8_bids_passed_with_espadille_forcee_and_no_holder_ask_for_him(forced: Path) -> None:
    ran = scorekeeper("coup", "--bids", "pass, pass, pass", "--espadille-forcee")
    assert ran.returncode == Exit.MISTAKE and ran.stderr.rstrip().endswith("--espadille-forcee --hombre NAME"), (
        ran.stderr
    )
