"""A French or Dutch table writes a half with the decimal comma (`12,5`): `adjust --pay` reads it so, and a
figure a comma leaves alone is refused in one line, never guessed a half or a payment (M-18, H-12)."""

from __future__ import annotations

import json
import os
import re
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
        ("fr", ",,,", "pas ',,,'"),  # commas alone: no payment, said as typed
    ],
)
def test_m18_a_figure_a_comma_leaves_alone_is_refused_in_one_line_and_nothing_written(
    hombre, lang: str, pay: str, said: str
) -> None:
    ran = scorekeeper("--lang", lang, "adjust", "--pay", pay, "--reason", "x")
    assert ran.returncode == Exit.MISTAKE and ran.stderr.count("\n") == 1 and said in ran.stderr, ran.stderr
    assert _balances() == [0, 0, 0]


def _evening() -> None:
    """Four coups that leave a bête in play and one waiting, then halves agreed: Bea ends at -81.5."""
    for hombre, a, b, c in (("Bea", 4, 3, 2), ("Cid", 3, 3, 3), ("Cid", 3, 3, 3), ("Ana", 5, 2, 2)):
        ran = scorekeeper("coup", "--hombre", hombre, "--contract", "demande", "--tricks", f"Ana={a},Bea={b},Cid={c}")
        assert ran.returncode == Exit.DONE, ran.stderr
    for pay in ("Ana:Cid=0.5", "Bea:Ana=36.5"):
        assert scorekeeper("adjust", "--pay", pay, "--reason", "x").returncode == Exit.DONE


def _axis(svg: str) -> list[str]:
    return re.findall(r'text-anchor="end">([^<]*)<', svg)


def test_the_chart_s_values_have_the_language_s_decimal_sign_on_the_page_and_in_the_svg(hombre, tmp_path: Path) -> None:
    _evening()
    page, image = tmp_path / "soiree.html", tmp_path / "soiree.svg"
    assert scorekeeper("--lang", "fr", "export", "--format", "html", "--output", str(page)).returncode == Exit.DONE
    assert scorekeeper("--lang", "fr", "chart", "--svg", str(image)).returncode == Exit.DONE
    assert _axis(page.read_text(encoding="utf-8")) == _axis(image.read_text(encoding="utf-8")) == ["99", "0", "-81,5"]
    assert "\n-81,5 │" in scorekeeper("--lang", "nl", "chart").stdout
    assert scorekeeper("--lang", "en", "chart", "--svg", str(image)).returncode == Exit.DONE
    assert _axis(image.read_text(encoding="utf-8")) == ["99", "0", "-81.5"]


def test_french_writes_its_space_before_the_semicolon_between_the_bete_in_play_and_the_waiting_ones(hombre) -> None:
    _evening()
    said = " ".join(scorekeeper("--lang", "fr", "sheet").stdout.split())
    assert "bête en jeu (Cid 45) ; en attente : Cid 36 ;" in said
    assert "bête in play (Cid 45); waiting: Cid 36;" in " ".join(scorekeeper("sheet").stdout.split())


def test_half_a_jeton_is_one_in_french_and_many_in_english_and_dutch(hombre) -> None:
    assert scorekeeper("adjust", "--pay", "Ana:Cid=0.5", "--reason", "x").returncode == Exit.DONE
    french = scorekeeper("--lang", "fr", "settle", "--statement", "Ana").stdout
    assert "a payé 0,5 jeton à Cid" in french and "à ce point : -0,5 jeton\n" in french
    assert "paid Cid 0.5 jetons" in scorekeeper("settle", "--statement", "Ana").stdout
    assert "betaalde Cid 0,5 jetons" in scorekeeper("--lang", "nl", "settle", "--statement", "Ana").stdout
    assert scorekeeper("adjust", "--pay", "Ana:Cid=1.5", "--reason", "x").returncode == Exit.DONE
    french = scorekeeper("--lang", "fr", "settle", "--statement", "Ana").stdout
    assert "a payé 1,5 jeton à Cid" in french and "à ce point : -2 jetons\n" in french
    assert "so far: -2 jetons" in scorekeeper("settle", "--statement", "Ana").stdout
