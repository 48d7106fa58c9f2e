"""What the lead found left of issue 27, each through the real command: a paid bête struck through at the
table (not a literal `\\x1b[9m`); `settle` after `stop` needs no `--early`; French elides "de" before a
name (« Levées d'Ana »); an hombre line's unknown word names hombre's words; a game file naming a game
no module brings is said in one wording, and `new --again` of it writes nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import Exit

ROOT = Path(__file__).resolve().parents[2]
THREE = ("-p", "Ana", "-p", "Bea", "-p", "Cid")


def scorekeeper(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    every = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    command = [sys.executable, "-m", "scorekeeper", *args]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, env=every, timeout=60)


def ombre(stopped: bool = False) -> None:
    """Bea's codille makes a bête of 36, which Cid's sans prendre takes (H-13); or a stop after coup 2."""
    assert scorekeeper("new", "hombre", *THREE, "--game", "ombre").returncode == 0
    coups = [["--pass"], ["--hombre", "Bea", "--contract", "demande", "--tricks", "Ana=4,Bea=3,Cid=2"]]
    if not stopped:
        coups.append(
            ["--hombre", "Cid", "--contract", "sans-prendre", "--tricks", "Ana=2,Bea=2,Cid=5", "--matadors", "3"]
        )
    for coup in coups:
        assert scorekeeper("coup", *coup).returncode == 0
    if stopped:
        assert scorekeeper("stop", "--reason", "closing time").returncode == 0


def test_h13_a_paid_bete_is_struck_through_at_the_table_not_a_literal_escape(home: Path) -> None:
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal: pip install '.[test]'")
    ombre()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
    env.pop("NO_COLOR", None)
    try:
        child = pexpect.spawn(
            sys.executable, ["-m", "scorekeeper", "table"], env=env, encoding="utf-8", dimensions=(40, 150), timeout=15
        )
    except (OSError, pexpect.ExceptionPexpect) as error:
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")
    try:
        child.expect_exact("coup 4>")
        shown = child.before
        child.send("quit\r")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert "\x1b[9mBea 36\x1b[0m paid at coup 3" in shown
    assert "\\x1b" not in shown


def test_h19_settle_after_stop_settles_as_the_stop_said_without_early(home: Path) -> None:
    ombre(stopped=True)
    settled, early = scorekeeper("settle"), scorekeeper("settle", "--early")
    assert (settled.returncode, settled.stderr) == (Exit.DONE, "")
    assert settled.stdout == early.stdout and "Bea pays Ana 36 jetons" in settled.stdout


def test_c2_french_elides_de_before_a_name_that_starts_with_a_vowel(home: Path) -> None:
    assert scorekeeper("new", "hombre", *THREE, "--game", "ombre").returncode == 0
    said = scorekeeper("--lang", "fr", "table", stdin="bea demande\n").stderr
    assert said == "ligne 1 : le coup n'est pas entier : Levées d'Ana, Bea et Cid, dans cet ordre ? (H-9)\n"
    assert scorekeeper("new", "hombre", "-p", "Bea", "-p", "Ana", "-p", "Cid", "--game", "o2").returncode == 0
    assert "Levées de Bea, Ana et Cid" in scorekeeper("--lang", "fr", "table", stdin="bea demande\n").stderr
    marius = ("-p", "Ana", "-p", "Bea", "-p", "Cid", "-p", "Dan")
    assert scorekeeper("new", "manille-parlee", *marius, "--game", "m").returncode == 0
    asked = scorekeeper("--lang", "fr", "table", stdin="7h 10 20 30\n").stderr
    assert "Points de " not in asked


def test_an_hombre_line_s_unknown_word_names_hombre_s_words_not_manille_s(home: Path) -> None:
    assert scorekeeper("new", "hombre", *THREE, "--game", "ombre").returncode == 0
    said = scorekeeper("table", stdin="contre\n").stderr
    assert said == (
        "line 1: 'contre' is not a player (Ana, Bea, Cid), a contract, a number, a suit or a word of the table"
        " (demande, retourne, sans-prendre, vole, deal, matadors, pass, misdeal, vole-engagee, forcee, gano)\n"
    )
    french = scorekeeper("--lang", "fr", "coup", "zz").stderr
    assert "(demande, retourne, sans-prendre, vole, donne, matadors, passe, maldonne, engagée, forcée, gano)" in french
    assert "renonce" not in french


def test_a_game_file_naming_a_game_no_module_brings_is_said_in_one_wording(home: Path) -> None:
    players = ("-p", "A", "-p", "B", "-p", "C", "-p", "D")
    assert scorekeeper("new", "manille-muette", *players, "--game", "m").returncode == 0
    path = home / "games" / "m.toml"
    path.write_text(path.read_text().replace('game = "manille"', 'game = "chess"'))
    outside = {"SCOREKEEPER_GAMES": "tests.toy"}
    said = {
        scorekeeper(*args, **outside).stderr
        for args in (["sheet"], ["coup", "-r", "10h", "--points", "A=40"], ["chart"])
    }
    assert said == {"scorekeeper: game m: key \"game\" must be one of manille, hombre, lhombre, toy, not 'chess'\n"}
    again = scorekeeper("new", "--again")
    assert again.returncode == Exit.MISTAKE and "not 'chess'" in again.stderr
    assert sorted(p.name for p in (home / "games").glob("*.toml")) == ["m.toml"]  # no revanche of it written
