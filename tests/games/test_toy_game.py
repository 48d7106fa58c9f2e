"""The proof of issue 25: a game of the tests' own (`tests/toy`: X-1 to X-3) is registered through
`SCOREKEEPER_GAMES` and played through the real command, in English and in French, without a file of
the package naming it: `new`, `coup` by its options and by its words, the table's short line, `sheet`
wide, at 40 columns and as JSON, `export` in every format, `chart` and `stats`."""

from __future__ import annotations

import csv
import io
import json
import marshal
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from scorekeeper import language
from scorekeeper.i18n import compile as compiler

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "toy"
PLAYERS = ("--player", "Ann", "--player", "Bob", "--player", "Cy")


class Ran:
    def __init__(self, done: subprocess.CompletedProcess[str]) -> None:
        self.code, self.out, self.err = done.returncode, done.stdout, done.stderr
        self.lines = done.stdout.splitlines()


Run = Callable[..., Ran]


@pytest.fixture
def toy(home: Path) -> Run:
    """`scorekeeper ARGS` as a new process, the toy game named by SCOREKEEPER_GAMES, in the test's home."""
    env = {**os.environ, "SCOREKEEPER_GAMES": "tests.toy", "PYTHONPATH": str(ROOT), "COLUMNS": "200"}

    def run(*args: str, lang: str = "en", columns: int = 200, stdin: str | None = None) -> Ran:
        done = subprocess.run(
            [sys.executable, "-m", "scorekeeper", *args],
            env={**env, "SCOREKEEPER_LANG": lang, "COLUMNS": str(columns)},
            cwd=ROOT,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert "Traceback" not in done.stderr, done.stderr
        return Ran(done)

    return run


@pytest.fixture
def begun(toy: Run) -> Run:
    """A toy partie of Ann, Bob and Cy (Ann deals first), one coup said by the toy's options: 3, 4, 1."""
    assert toy("new", str(TOY / "toy.toml"), *PLAYERS, "--game", "toy").lines == [
        "new game toy: Toy, Ann, Bob, Cy",
        "toy to 10: Ann 0, Bob 0, Cy 0; Ann deals",
    ]
    said = toy("coup", "--tricks", "Ann=3,Bob=4,Cy=1")
    assert (said.code, said.err) == (0, "")
    assert said.lines == [
        "Ann took 3 tricks (X-2)",
        "Bob took 4 tricks (X-2)",
        "Cy took 1 trick (X-2)",
        "toy to 10: Ann 3, Bob 4, Cy 1; Bob deals",
    ]
    return toy


@pytest.fixture
def played(begun: Run) -> Run:
    """The partie played to its end: coup 2 in the short line's English words, coup 3 at the table in
    French; Bob reaches the target with the bonus card (X-3)."""
    said = begun("coup", "ann", "2", "bob", "2", "cy", "4", "bonus", "cy")
    assert said.code == 0
    assert said.lines[-2:] == ["Cy held the bonus card: +2 (X-2)", "toy to 10: Ann 5, Bob 6, Cy 7; Cy deals"]
    table = begun("table", lang="fr", stdin="# lang: fr\nann 1 bob 5 cy 2 prime bob\n")  # the game is English (C-2)
    assert (table.code, table.err) == (0, "")
    assert "coup 3 : Ann 1 Bob 5 Cy 2 prime Bob · Bob gagne la partie de toy" in table.lines
    return begun


def test_x1_x2_the_toy_is_told_by_its_options_its_words_and_at_the_table(played: Run) -> None:
    data = json.loads(played("sheet", "--json").out)
    assert [coup["declared"] for coup in data["coups"]] == [
        {"tricks": {"Ann": 3, "Bob": 4, "Cy": 1}},
        {"tricks": {"Ann": 2, "Bob": 2, "Cy": 4}, "bonus": "Cy"},
        {"tricks": {"Ann": 1, "Bob": 5, "Cy": 2}, "bonus": "Bob"},
    ]
    assert [coup["scored"] for coup in data["coups"]] == [[3, 4, 1], [2, 2, 6], [1, 7, 2]]
    assert [coup["scores"] for coup in data["coups"]] == [[3, 4, 1], [5, 6, 7], [6, 13, 9]]
    assert [coup["dealer"] for coup in data["coups"]] == ["Ann", "Bob", "Cy"]
    assert (data["name"], data["game"], data["over"], data["winner"], data["next_dealer"]) == (
        "toy",
        "toy",
        True,
        "Bob",
        None,
    )
    assert data["players"] == [{"name": "Ann", "score": 6}, {"name": "Bob", "score": 13}, {"name": "Cy", "score": 9}]
    assert data["coups"][2]["log"][-1] == {
        "rule": "X-2",
        "event": "toy.log.bonus",
        "values": {"player": "Bob", "points": 2},
        "text": "Bob held the bonus card: +2 (X-2)",
    }


def test_x3_the_sheet_is_drawn_wide_in_english_and_french(played: Run) -> None:
    english = played("sheet").lines
    assert english[:8] == [
        "toy · Toy",
        "┌──────┬────────┬───────────────────────────────┬────────┬─────────┬────────┐",
        "│ deal │ dealer │ tricks                        │ Ann    │ Bob     │ Cy     │",
        "├──────┼────────┼───────────────────────────────┼────────┼─────────┼────────┤",
        "│    1 │ Ann    │ Ann 3, Bob 4, Cy 1            │ +3 = 3 │  +4 = 4 │ +1 = 1 │",
        "│    2 │ Bob    │ Ann 2, Bob 2, Cy 4, bonus Cy  │ +2 = 5 │  +2 = 6 │ +6 = 7 │",
        "│    3 │ Cy     │ Ann 1, Bob 5, Cy 2, bonus Bob │ +1 = 6 │ +7 = 13 │ +2 = 9 │",
        "└──────┴────────┴───────────────────────────────┴────────┴─────────┴────────┘",
    ]
    assert english[8] == "Bob wins the toy partie"
    french = played("sheet", "--explain", lang="fr").lines
    assert french[2] == "│ donne │ donneur │ plis                          │ Ann    │ Bob     │ Cy     │"
    assert french[6] == "│     3 │ Cy      │ Ann 1, Bob 5, Cy 2, prime Bob │ +1 = 6 │ +7 = 13 │ +2 = 9 │"
    assert french[8:14] == [
        "Bob gagne la partie de toy",
        "Donne 1 du toy :",
        "  Ann a fait 3 plis (X-2)",
        "  Bob a fait 4 plis (X-2)",
        "  Cy a fait 1 pli (X-2)",
        "Donne 2 du toy :",
    ]


def test_x3_the_sheet_narrows_to_40_columns(played: Run) -> None:
    for narrow in (played("sheet", columns=40), played("sheet", "--narrow")):
        assert narrow.lines[1:9] == [
            "deal  Ann  Bob  Cy",
            "─────────────────────────",
            "   1    3    4   1",
            "   2    5    6   7  bonus",
            "   3    6   13   9  bonus",
            "Bob wins the toy partie",
            "bonus: the bonus card held",
            "A coup in full: sheet --detail N",
        ]
    assert played("sheet", lang="fr", columns=40).lines[1:8] == [
        "donne  Ann  Bob  Cy",
        "──────────────────────────",
        "    1    3    4   1",
        "    2    5    6   7  prime",
        "    3    6   13   9  prime",
        "Bob gagne la partie de toy",
        "prime : la carte prime tenue",
    ]
    assert all(len(line) <= 40 for line in played("sheet", columns=40).lines)


def test_the_toy_is_exported_as_csv_markdown_and_html(played: Run) -> None:
    rows = list(csv.reader(io.StringIO(played("export", "--format", "csv", "--dialect", "rfc4180").out)))
    assert rows[0] == [
        "coup", "time", "dealer", "tricks", "Ann: points", "Ann: score", "Bob: points", "Bob: score",
        "Cy: points", "Cy: score", "note",
    ]  # fmt: skip
    assert rows[1:] == [
        ["1", rows[1][1], "Ann", "Ann 3, Bob 4, Cy 1", "3", "3", "4", "4", "1", "1", ""],
        ["2", rows[2][1], "Bob", "Ann 2, Bob 2, Cy 4, bonus Cy", "2", "5", "2", "6", "6", "7", ""],
        ["3", rows[3][1], "Cy", "Ann 1, Bob 5, Cy 2, bonus Bob", "1", "6", "7", "13", "2", "9", ""],
    ]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", row[1]) for row in rows[1:])
    page = played("export", "--format", "md", lang="fr").lines
    assert page[0] == "# toy · Toy"
    assert re.sub(r"\d\d h \d\d", "HH h MM", page[6]) == (  # the hour as French writes it
        "| 3 | HH h MM | Cy | Ann 1, Bob 5, Cy 2, prime Bob | 1 | 6 | 7 | 13 | 2 | 9 |"
    )
    assert page[-1] == "- Bob gagne la partie de toy"
    html = played("export", "--format", "html").out
    assert "<th>Bob: score</th>" in html
    assert '<td>Ann 1, Bob 5, Cy 2, bonus Bob</td><td class="n">1</td><td class="n">6</td>' in html
    assert "<li>Bob wins the toy partie</li>" in html and "<svg" in html and "Toy scores" in html


def test_the_toy_is_charted_and_counted_in_the_stats(played: Run) -> None:
    chart = played("chart").lines
    assert chart[0] == "Toy scores"
    assert chart[1].startswith("13 │")
    assert chart[-3:] == ["● Ann", "○ Bob", "◆ Cy"]
    assert "bonus" in chart[-4]
    assert played("chart", lang="fr").lines[0] == "Scores du toy"
    stats = played("stats").lines
    counted = {
        line.split("│")[1].strip(): [cell.strip() for cell in line.split("│")[2:-1]]
        for line in stats
        if line.startswith("│")
    }
    # the toy's own columns (issue 42, `counts`): games, won, lost, points; no manches, renonces nor jetons
    assert stats[2].split() == ["┃", "player", "┃", "games", "┃", "won", "┃", "lost", "┃", "points", "┃"]
    assert counted["Ann"] == ["1", "0", "1", "6"]
    assert counted["Bob"] == ["1", "1", "0", "13"]
    assert counted["Cy"] == ["1", "0", "1", "9"]
    assert counted["toy"] == ["1", "1"]  # the ruleset: one game, finished


def test_x1_a_toy_coup_that_does_not_add_up_is_one_line_naming_the_toys_flag_and_writes_nothing(begun: Run) -> None:
    refused = begun("coup", "--tricks", "Ann=3,Bob=4")
    assert (refused.code, refused.out) == (2, "")
    assert refused.err == "scorekeeper: coup 2: the tricks of a toy coup add up to 8, not 7 (--tricks) (X-1)\n"
    french = begun("coup", "ann", "3", "zed", "2", lang="fr")
    assert (french.code, french.err) == (2, "scorekeeper : 'zed' n'est ni un joueur ni un mot de la ligne du toy\n")
    assert len(json.loads(begun("sheet", "--json").out)["coups"]) == 1


def test_x2_the_bonus_is_said_by_the_toys_own_flag(begun: Run) -> None:
    said = begun("coup", "--tricks", "Ann=2,Bob=2,Cy=4", "--bonus", "Cy")
    assert (said.code, said.err) == (0, "")
    assert said.lines[-2:] == ["Cy held the bonus card: +2 (X-2)", "toy to 10: Ann 5, Bob 6, Cy 7; Cy deals"]
    refused = begun("coup", "--tricks", "Ann=2,Bob=2,Cy=4", "--bonus", "Zed", lang="fr")
    assert (refused.code, refused.out) == (2, "")
    assert refused.err.count("\n") == 1 and "--bonus" in refused.err and "'Zed'" in refused.err
    assert "--bonus" in begun("coup", "--help").out


def test_the_toys_catalogs_and_words_are_compiled_from_their_sources() -> None:
    for lang in ("en", "fr"):
        entries = compiler.catalog(lang, TOY / "i18n")
        assert compiler.mo_path(lang, TOY / "i18n").read_bytes() == compiler.mo_bytes(entries)
        words = TOY / "words" / f"{lang}.toml"
        assert marshal.loads(language.compiled_path(TOY / "words", lang).read_bytes()) == compiler.compiled_words(words)


def test_every_catalog_key_the_toy_says_is_in_both_its_catalogs() -> None:
    source = "\n".join(path.read_text(encoding="utf-8") for path in TOY.glob("*.py"))
    keys = set(re.findall(r'(?:said|record)\("([a-z_.]+)"', source))
    keys |= set(re.findall(r'Key\("[a-z_.]+", \w+, "([a-z_.]+)"', source))
    keys |= {f"toy.header.{column}" for column in ("coup", "dealer", "said")}  # made from the sheet's columns
    keys |= {f"toy.paper.{key}" for key in ("scored", "score")}
    keys |= {f"error.{key}" for key in re.findall(r'(?:UserError|refused)\("([a-z_]+)"', source)}
    assert {"toy.log.bonus", "toy.key.target", "toy.won", "error.toy_tricks_sum", "error.unknown_player"} <= keys
    package = set(compiler.catalog("en"))
    keys -= package  # the package's own messages, which the toy says too
    for lang in ("en", "fr"):
        assert keys <= set(compiler.catalog(lang, TOY / "i18n")), lang


def test_no_file_of_the_package_names_the_toy() -> None:
    package = ROOT / "scorekeeper"
    naming = [
        path.relative_to(ROOT)
        for path in package.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and b"toy" in path.read_bytes().lower()
    ]
    assert naming == []


def test_coup_help_shows_the_game_in_play_s_options_and_no_other_game_s(begun: Run) -> None:
    """issue 42: `coup --help` on the toy's game shows the toy's flags, and neither manille's nor l'hombre's;
    on a manille game no l'hombre flag, on l'hombre no retourne; with no game in play, every game's."""
    toy_help = begun("coup", "--help").out
    assert "--tricks" in toy_help and "--bonus" in toy_help
    assert not any(
        f"  {flag} " in toy_help or f", {flag} " in toy_help for flag in ("--retourne", "--hombre", "--contract")
    )
    assert begun("new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid").code == 0
    hombre = begun("coup", "--help").out
    assert "  --hombre TEXT" in hombre and "--retourne TEXT" not in hombre
    assert begun("new", "manille-muette", "-p", "A", "-p", "B", "-p", "C", "-p", "D").code == 0
    manille = begun("coup", "--help").out
    assert "--retourne TEXT" in manille and "  --hombre TEXT" not in manille
    hombre_named = begun("coup", "--game", "hombre-1", "--help").out
    assert "  --hombre TEXT" in hombre_named and "--retourne TEXT" not in hombre_named


def test_the_compiler_compiles_a_game_from_outside_by_its_folder(tmp_path: Path) -> None:
    """issue 42: `python -m scorekeeper.i18n.compile FOLDER` writes an outside game's compiled catalogs and
    words, byte for byte the toy's own."""
    import shutil

    copy = tmp_path / "toy"
    shutil.copytree(TOY, copy, ignore=shutil.ignore_patterns("locale", "__pycache__"))
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.i18n.compile", str(copy)], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    for lang in ("en", "fr"):
        assert compiler.mo_path(lang, copy / "i18n").read_bytes() == compiler.mo_path(lang, TOY / "i18n").read_bytes()
        assert (
            language.compiled_path(copy / "words", lang).read_bytes()
            == language.compiled_path(TOY / "words", lang).read_bytes()
        )


def test_a_game_without_a_referee_says_so_at_check_and_audit(toy: Run) -> None:
    """The toy writes no referee: `Engine`'s defaults refuse `check` and `audit` in one line, exit 2."""
    checked = toy("check", str(TOY / "toy.toml"), "--trump", "s", "--hand", "7s 8h", "--play", "7s")
    audited = toy(
        "audit", str(TOY / "toy.toml"), "--players", "A B C", "--trump", "s", "--leader", "A", "--trick", "7s 8s 9s"
    )
    for ran in (checked, audited):
        assert (ran.code, ran.out) == (2, "")
        assert ran.err == "scorekeeper: toy has no referee: it judges no play and audits no trick log\n"
    french = toy("check", str(TOY / "toy.toml"), "--trump", "p", "--hand", "7p 8c", "--play", "7p", lang="fr")
    assert french.code == 2 and "toy n'a pas d'arbitre" in french.err
