"""A French or Dutch table writes a half with the decimal comma (`12,5`): `adjust --pay` reads it so, and a
figure a comma leaves alone is refused in one line, never guessed a half or a payment (M-18, H-12)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import Exit

ROOT = Path(__file__).resolve().parents[2]


def scorekeeper(*args: str) -> subprocess.CompletedProcess[str]:
    every = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, env=every, timeout=60)


def _balances() -> list[object]:
    return [player["balance"] for player in json.loads(scorekeeper("sheet", "--json").stdout)["players"]]


@pytest.fixture
def hombre(home: Path) -> None:
    assert scorekeeper("new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid").returncode == 0


@pytest.mark.parametrize("lang", ["fr", "nl"])
def test_m18_a_half_written_with_the_decimal_comma_is_a_half_where_the_language_writes_it(hombre, lang: str) -> None:
    ran = scorekeeper("--lang", lang, "adjust", "--pay", "Ana:Cid=12,5,Bea:Cid=3", "--reason", "x")
    assert ran.returncode == Exit.DONE, ran.stderr
    assert _balances() == [-12.5, -3, 15.5]
    ran = scorekeeper("--lang", lang, "adjust", "--pay", "Ana:Cid=1.5", "--reason", "the dot is no separator")
    assert ran.returncode == Exit.DONE, ran.stderr
    assert _balances() == [-14, -3, 17]


@pytest.mark.parametrize(
    ("lang", "pay", "said"),
    [
        ("fr", "Ana:Cid=12, 5", "'Ana:Cid=12, 5' n'est pas un paiement : un demi s'écrit 12,5, sans espace"),
        ("fr", "Ana:Cid=12,5,5", "'Ana:Cid=12,5,5' n'est pas un paiement"),
        ("nl", "Ana:Cid=12, 5", "'Ana:Cid=12, 5' is geen betaling: een halve schrijf je 12,5"),
        ("en", "Ana:Cid=12,5", "'Ana:Cid=12,5' is no payment: a half is written 12.5"),
        ("en", "Ana:Cid=12,5,Bea:Cid=3", "'Ana:Cid=12,5' is no payment"),
    ],
)
def test_m18_a_figure_a_comma_leaves_alone_is_refused_in_one_line_and_nothing_written(
    hombre, lang: str, pay: str, said: str
) -> None:
    ran = scorekeeper("--lang", lang, "adjust", "--pay", pay, "--reason", "x")
    assert ran.returncode == Exit.MISTAKE and ran.stderr.count("\n") == 1 and said in ran.stderr, ran.stderr
    assert _balances() == [0, 0, 0]
