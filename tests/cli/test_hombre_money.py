"""Issue 30, "the hombre money, closed at the table", each point through the real command: the statement
reconciles with the result (text, JSON, HTML, mid-partie), `settle --whole` (H-12), an hombre who lays
down after five tricks (H-11), a stopped vole's real reason (H-10), espadille forcée as played (H-8),
halves agreed (M-18), the settled bêtes struck out in `sheet` at a real terminal, `audit hombre`
without points, and the poules past the partie's length."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import Exit

ROOT = Path(__file__).resolve().parents[2]
THREE = ("-p", "Ana", "-p", "Bea", "-p", "Cid")


def scorekeeper(*args: str) -> subprocess.CompletedProcess[str]:
    every = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, env=every, timeout=60
    )


def played(*coups: tuple[str, ...], options: tuple[str, ...] = ()) -> None:
    assert scorekeeper("new", "hombre", *THREE, *options).returncode == 0
    for coup in coups:
        ran = scorekeeper("coup", *coup)
        assert ran.returncode == 0, ran.stderr


def tricks(hombre: str, a: int, b: int, c: int) -> tuple[str, ...]:
    return ("--hombre", hombre, "--contract", "demande", "--tricks", f"Ana={a},Bea={b},Cid={c}")


SPLIT = (tricks("Bea", 4, 3, 2), tricks("Cid", 3, 3, 3), tricks("Cid", 5, 2, 2), tricks("Ana", 5, 2, 2))


def test_h19_the_statement_sums_to_the_result_with_the_split_of_each_bete_left(home: Path) -> None:
    played(*SPLIT, options=("--option", "end=split", "--option", "poules=1"))
    ran = scorekeeper("settle", "--statement", "Cid", "--json")
    assert ran.returncode == Exit.DONE, ran.stderr
    mine = json.loads(ran.stdout)
    assert (mine["player"], mine["result"]) == ("Cid", -87)
    assert sum(line["amount"] for line in mine["lines"]) == -87
    assert set(mine["lines"][0]) == {"coup", "amount", "with", "record"}
    split = [line for line in mine["lines"] if line["coup"] is None]
    assert [(line["amount"], line["with"], line["record"]["event"]) for line in split] == [
        (-12, "Ana", "bete_split"),
        (-12, "Bea", "bete_split"),
    ]
    made = [(line["coup"], line["amount"]) for line in mine["lines"] if line["record"]["event"] == "bete_made"]
    assert made == [(2, 0), (3, 0)]
    text = scorekeeper("settle", "--statement", "Cid").stdout
    assert "at the settlement: paid Ana 12 jetons: a third of Cid's bête of 36" in text
    assert "coup 2: 0 jetons: Cid makes a bête of 36, the enjeu (H-14)" in text


def test_h19_the_html_statements_hold_the_split_too(home: Path) -> None:
    played(*SPLIT, options=("--option", "end=split", "--option", "poules=1"))
    page = scorekeeper("export", "--format", "html").stdout
    assert "at the settlement: paid Ana 12 jetons" in page and "0 jetons: Cid makes a bête of 36" in page


def test_h19_a_statement_mid_partie_settles_nothing_and_says_no_early(home: Path) -> None:
    played(tricks("Bea", 4, 3, 2))
    ran = scorekeeper("settle", "--statement", "Bea")
    assert ran.returncode == Exit.DONE, ran.stderr
    assert "so far: -9 jetons" in ran.stdout and "early" not in ran.stdout and "stops" not in ran.stdout
    assert "pays" not in ran.stdout  # nothing is settled mid-partie
    mine = json.loads(scorekeeper("settle", "--statement", "Bea", "--json").stdout)
    assert mine["result"] == -9 == sum(line["amount"] for line in mine["lines"])
    assert scorekeeper("settle").returncode == Exit.MISTAKE  # the settlement itself still waits for the end


def test_h19_settle_after_stop_gives_the_statement_of_the_settlement(home: Path) -> None:
    played(tricks("Bea", 4, 3, 2))
    assert scorekeeper("stop", "--reason", "closing time").returncode == 0
    assert scorekeeper("settle").returncode == Exit.DONE
    mine = json.loads(scorekeeper("settle", "--statement", "Bea", "--json").stdout)
    assert mine["result"] == -27 == sum(line["amount"] for line in mine["lines"])


def test_h12_settle_whole_closes_the_pair_of_halves_and_keeps_the_exact_figures(home: Path) -> None:
    played(tricks("Bea", 4, 3, 2))
    assert scorekeeper("adjust", "--pay", "Ana:Cid=12.5", "--reason", "a bête shared by hand").returncode == 0
    exact = json.loads(scorekeeper("settle", "--early", "--json").stdout)
    whole = json.loads(scorekeeper("settle", "--early", "--whole", "--json").stdout)
    halves = [r for r in exact["results"] if r["result"] != int(r["result"])]
    assert len(halves) == 2, exact["results"]
    assert whole["whole"] is True and all(r["result"] == int(r["result"]) for r in whole["results"])
    assert [r["exact"] for r in whole["results"]] == [r["result"] for r in exact["results"]]
    behind, ahead = sorted(halves, key=lambda r: r["result"])
    rounded = {r["name"]: r["rounding"] for r in whole["results"]}
    assert (rounded[behind["name"]], rounded[ahead["name"]]) == (0.5, -0.5)  # the half to the player behind
    text = scorekeeper("settle", "--early", "--whole").stdout
    assert "in whole jetons is" in text
    mine = json.loads(scorekeeper("settle", "--early", "--whole", "--statement", behind["name"], "--json").stdout)
    assert sum(line["amount"] for line in mine["lines"]) == mine["result"] == behind["result"] + 0.5
    assert mine["lines"][-1]["record"]["event"] == "whole_rounding"


def test_h11_an_hombre_who_lays_down_after_five_tricks_won_his_contract_without_vole(home: Path) -> None:
    played()
    ran = scorekeeper("coup", "--hombre", "Ana", "--contract", "demande", "--tricks", "Ana=5,Bea=0,Cid=0")
    assert ran.returncode == Exit.DONE, ran.stderr
    assert "laid the hand down: a contract won, without vole (H-11)" in ran.stdout
    coup = json.loads(scorekeeper("sheet", "--json").stdout)["coups"][0]
    assert coup["outcome"] == "won" and coup["net"]["Ana"] == 18


def test_h11_laying_down_is_refused_with_vole_engagee(home: Path) -> None:
    played()
    ran = scorekeeper("coup", *tricks("Ana", 5, 0, 0), "--vole-engagee")
    assert ran.returncode == Exit.MISTAKE and "lays the hand down after five tricks (H-11)" in ran.stderr
    assert "must make nine" not in ran.stderr


def test_h10_a_stopped_vole_with_impossible_counts_gets_the_real_reason(home: Path) -> None:
    played()
    ran = scorekeeper("coup", "--hombre", "Ana", "--contract", "vole", "--tricks", "Ana=5,Bea=2,Cid=0")
    assert ran.returncode == Exit.MISTAKE
    assert "play stops at the first trick a tiers takes (H-10)" in ran.stderr and "nine in all" not in ran.stderr
    assert ran.stderr.count("\n") == 1


def test_h8_espadille_forcee_as_played_three_passes_and_the_holder_named(home: Path) -> None:
    played(options=("--option", "espadille=true"))
    coup = ("--bids", "pass, pass, pass", "--espadille-forcee", "--hombre", "Cid", "--tricks", "Ana=2,Bea=2,Cid=5")
    ran = scorekeeper("coup", *coup)
    assert ran.returncode == Exit.DONE, ran.stderr
    declared = json.loads(scorekeeper("sheet", "--json").stdout)["coups"][0]
    assert (declared["hombre"], declared["contract"], declared["outcome"]) == ("Cid", "demande", "won")


def test_h8_espadille_forcee_with_a_hand_lacking_the_espadille_is_refused(home: Path) -> None:
    played(options=("--option", "espadille=true"))
    hand = ("--trump", "h", "--hand", "Ac 7h Ah Kh Qh Jh 2h 3h 4h")
    ran = scorekeeper("coup", "--bids", "pass, pass, pass", "--espadille-forcee", "--hombre", "Cid", *hand, "--tricks", "Cid=5,Ana=2,Bea=2")  # fmt: skip
    assert ran.returncode == Exit.MISTAKE and "has no A♠" in ran.stderr and "--hand" in ran.stderr
    assert json.loads(scorekeeper("sheet", "--json").stdout)["coups"] == []


def test_h8_the_bids_help_and_the_readme_give_the_name_demande_form() -> None:
    assert "Bea: demande" in " ".join(scorekeeper("coup", "--help").stdout.split())
    assert "pass, pass, pass, Bea: demande" in (ROOT / "docs" / "systems.md").read_text(encoding="utf-8")


def test_m18_adjust_pay_takes_halves_and_only_halves(home: Path) -> None:
    played()
    ran = scorekeeper("adjust", "--pay", "Ana:Bea=12.5", "--reason", "a share split")
    assert ran.returncode == Exit.DONE, ran.stderr
    assert json.loads(scorekeeper("sheet", "--json").stdout)["players"][1]["balance"] == 12.5
    for amount in ("12.3", "12.25", "1e3", "nan", "0.0", "99999999999.5"):
        ran = scorekeeper("adjust", "--pay", f"Ana:Bea={amount}", "--reason", "x")
        assert ran.returncode == Exit.MISTAKE and ran.stderr.count("\n") == 1, (amount, ran.stderr)
    assert len(json.loads(scorekeeper("sheet", "--json").stdout)["coups"]) == 1  # nothing written


@pytest.mark.parametrize(
    ("lang", "amount", "said"),
    [("fr", "0,3", "pas 0,3 (M-18)"), ("fr", "0,0", "pas 0,0 (M-18)"), ("nl", "0,3", "niet 0,3 (M-18)")],
)
def test_m18_a_refused_amount_is_said_in_the_language_s_figures(home: Path, lang: str, amount: str, said: str) -> None:
    played()
    ran = scorekeeper("--lang", lang, "adjust", "--pay", f"Ana:Bea={amount}", "--reason", "x")
    assert ran.returncode == Exit.MISTAKE and ran.stderr.rstrip().endswith(said), ran.stderr
    assert "0.0" not in ran.stderr


def test_h13_a_settled_bete_is_struck_out_in_sheet_at_a_real_terminal(home: Path) -> None:
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal: pip install '.[test]'")
    played(tricks("Bea", 4, 3, 2), tricks("Ana", 5, 2, 2))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm"}
    env.pop("NO_COLOR", None)
    try:
        child = pexpect.spawn(sys.executable, ["-m", "scorekeeper", "sheet"], env=env, encoding="utf-8", dimensions=(40, 150), timeout=15)  # fmt: skip
    except (OSError, pexpect.ExceptionPexpect) as error:
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")
    try:
        child.expect(pexpect.EOF)
        shown = child.before
    finally:
        child.close(force=True)
    assert "\x1b[9mBea 27\x1b[0m paid at coup 2" in shown and "\\x1b[9m" not in shown


def test_audit_hombre_has_no_points_column_nor_points_lines(home: Path) -> None:
    ran = scorekeeper("audit", "hombre", "--players", "A B C", "--trump", "h", "--leader", "A", "--trick", "Kc Qc 2c")
    assert ran.returncode == Exit.DONE, ran.stderr
    assert "points" not in ran.stdout and "A: 1 trick" in ran.stdout
    assert "tricks count only the 1 trick shown" in ran.stdout


def test_h19_poules_past_the_partie_length_under_play_on_read_as_no_error(home: Path) -> None:
    remises = (tricks("Bea", 3, 3, 3), tricks("Cid", 3, 3, 3), tricks("Ana", 3, 3, 3))  # three bêtes made
    played(*remises, tricks("Cid", 2, 2, 5), options=("--option", "poules=1"))  # the partie's one poule
    ran = scorekeeper("coup", *tricks("Cid", 2, 2, 5))  # a second poule, a bête still left: play goes on
    assert ran.returncode == Exit.DONE, ran.stderr
    shown = " ".join((ran.stdout + scorekeeper("sheet").stdout + scorekeeper("games").stdout).split())
    assert "2 of 1" not in shown
    assert "poules taken by the hombre: 2, the length of the partie (1) reached; play goes on" in shown
    assert "poules taken 2, the length of the partie (1) reached: play goes on until no bête is left" in shown
