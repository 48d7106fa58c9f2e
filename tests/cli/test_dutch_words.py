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
    assert "Rik deelt en maakt troef (of geeft de keuze aan de maat)" in out
    assert "deling" not in out and "partner" not in out and "kiest troef" not in out


def msgstrs(path: Path) -> str:
    """Every Dutch msgstr of one catalog, its placeholders ({chien:#cards}) and option values left out."""
    text = "\n".join(re.findall(r'^(?:msgstr(?:\[\d\])? )?"(.*)"$', path.read_text(encoding="utf-8"), re.MULTILINE))
    return re.sub(r"\{[^}]*\}|'[^']*'|[a-z]+-or-[a-z]+", "", text)


def test_no_french_or_english_word_left_in_the_dutch_catalogs() -> None:
    for path in CATALOGS:
        words = set(re.findall(r"[a-zé]+", msgstrs(path).lower()))
        assert not words & {"chien", "doublettes", "individuel", "issue", "seed", "deling", "delingen", "partner"}, path


def test_m6_kloppen_and_tegenkloppen_are_options_of_coup_in_dutch(tmp_path: Path) -> None:
    assert (
        scorekeeper(tmp_path, "nieuw", "manillen", "-p", "Jan", "-p", "Rik", "-p", "Mieke", "-p", "Bea").returncode == 0
    )
    coup = scorekeeper(tmp_path, "spel", "--trump", "h", "--klop", "Rik", "--tegenklop", "Jan", "--points", "Jan=38")
    assert coup.returncode == 0, coup.stderr
    assert "(38 - 30) x4 = 32 voor Jan en Mieke (M-4)" in " ".join(coup.stdout.split())  # M-6: x2, x2 more
    assert "--klop" in scorekeeper(tmp_path, "spel", "--help").stdout


def test_a_choice_is_said_in_dutch_and_shown_in_dutch(tmp_path: Path) -> None:
    """`concours nieuw --format individueel --pairing willekeurig` (T-3): the values in the table's words,
    shown back in them, and a value no language says refused naming the Dutch ones."""
    made = scorekeeper(
        tmp_path,
        "concours",
        "nieuw",
        "Lente",
        "--ruleset",
        "manillen",
        "--format",
        "individueel",
        "--pairing",
        "willekeurig",
        "--ranking",
        "gewonnen,punten,verschil",
        "--bye",
        "gemiddelde",
    )
    assert made.returncode == 0, made.stderr
    assert "Kaarting Lente gemaakt: manillen, individueel, 4 rondes" in " ".join(made.stdout.split())
    refused = scorekeeper(tmp_path, "concours", "nieuw", "Zomer", "--ruleset", "manillen", "--format", "solo")
    assert (refused.returncode, refused.stderr) == (
        2,
        "scorekeeper: --format 'solo': aanvaard zijn dubbels, individueel of viertallen\n",
    )
    what = scorekeeper(tmp_path, "concours", "export", "--what", "x")
    assert what.stderr == "scorekeeper: --what 'x': aanvaard zijn kaarten, klassement, prijzen, muur of scorebladen\n"
    shown = scorekeeper(tmp_path, "concours", "export", "--help").stdout
    assert "--what kaarten|klassement|prijzen|muur|scorebladen" in shown and "--url ADRES" in shown
    assert "--since DATUM" in scorekeeper(tmp_path, "stats", "--help").stdout
    assert "--lang TAAL" in scorekeeper(tmp_path, "--help").stdout
