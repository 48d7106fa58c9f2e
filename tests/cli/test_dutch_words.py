"""Dutch screens in a Flemish table's words (issue 39, "Said as the table says it"): a deal is a « spel », the
dealer's partner his « maat », naming trump « maakt troef » (M-7, M-10); no « deling », no « partner », no French
or English word left (chien, doublettes, individuel, issue, seed)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = [*ROOT.glob("scorekeeper/i18n/nl/*.po"), *ROOT.glob("scorekeeper/games/*/i18n/nl/*.po")]


def scorekeeper(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "scorekeeper", "--lang", "nl", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=60, check=False)


def test_m7_m10_a_dutch_manillen_status_counts_spellen_and_names_the_maat(tmp_path: Path) -> None:
    new = scorekeeper(tmp_path, "new", "manillen", "-p", "Jan", "-p", "Rik", "-p", "Mieke", "-p", "Bea")
    assert new.returncode == 0, new.stderr
    coup = scorekeeper(tmp_path, "coup", "--trump", "h", "--points", "Jan=38")
    assert coup.returncode == 0, coup.stderr
    out = " ".join(coup.stdout.split())
    assert "Jan maakt troef ♥" in out
    assert "38 - 30 = 8 voor Jan en Mieke (M-4)" in out  # the figures stay as they were
    assert "1 van 20 spellen gespeeld: Jan en Mieke 8, Rik en Bea 0" in out
    assert "Rik deelt en maakt troef (of geeft door aan zijn maat)" in out
    assert "deling" not in out and "partner" not in out and "kiest troef" not in out


def msgstrs(path: Path) -> str:
    """Every Dutch msgstr of one catalog, its placeholders ({chien:#cards}) and option values left out."""
    text = "\n".join(re.findall(r'^(?:msgstr(?:\[\d\])? )?"(.*)"$', path.read_text(encoding="utf-8"), re.MULTILINE))
    return re.sub(r"\{[^}]*\}|'[^']*'|[a-z]+-or-[a-z]+", "", text)


def test_no_french_or_english_word_left_in_the_dutch_catalogs() -> None:
    for path in CATALOGS:
        words = set(re.findall(r"[a-zé]+", msgstrs(path).lower()))
        assert not words & {"chien", "doublettes", "individuel", "issue", "seed", "deling", "delingen", "partner"}, path
