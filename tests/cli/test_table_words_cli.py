"""The table's words work from the command line too (issue 29): `scorekeeper fiche`, `annule`, `refais`,
`corrige`, `explique 2`, each the command it names at the table, listed in the help in the language;
and click's refusals name an argument by its placeholder in the language (`NUMÉRO`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli.app import aliases
from scorekeeper.language import Language


def scorekeeper(*args: str) -> subprocess.CompletedProcess[str]:
    """The real command, in its own process, in the test's SCOREKEEPER_HOME."""
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, env=os.environ)


@pytest.fixture
def demo(home: Path) -> None:
    assert scorekeeper("demo", "--yes").returncode == 0


def test_the_french_table_words_run_their_commands(demo: None) -> None:
    assert scorekeeper("--lang", "fr", "fiche").stdout == scorekeeper("--lang", "fr", "sheet").stdout
    assert scorekeeper("fiche").stdout == scorekeeper("sheet").stdout  # a French word, whatever the language
    explained = scorekeeper("--lang", "fr", "explique", "2")
    assert explained.returncode == 0
    assert explained.stdout == scorekeeper("--lang", "fr", "sheet", "--detail", "2").stdout
    assert scorekeeper("--lang", "fr", "expliquer", "2").stdout == explained.stdout
    before = scorekeeper("sheet", "--json").stdout  # then a note on coup 2: something to take back
    assert scorekeeper("note", "2", "la belle").returncode == 0
    undone = scorekeeper("--lang", "fr", "annule")
    assert undone.returncode == 0, undone.stderr
    assert scorekeeper("sheet", "--json").stdout == before
    assert scorekeeper("--lang", "fr", "refais").returncode == 0
    assert scorekeeper("sheet", "--json").stdout != before
    assert scorekeeper("verifie", "--help").stdout == scorekeeper("check", "--help").stdout  # C-4: as names are


def test_corrige_is_edit_and_refuses_as_edit_does(home: Path) -> None:
    refused = scorekeeper("--lang", "fr", "corrige")
    assert refused.returncode == 2
    assert refused.stderr == "scorekeeper edit : Argument manquant 'NUMÉRO'. (voir scorekeeper edit --help)\n"


def test_explique_without_a_number_says_so_in_table_words(home: Path) -> None:
    refused = scorekeeper("--lang", "fr", "explique")
    assert (refused.returncode, refused.stderr) == (
        2,
        "scorekeeper : explique prend le numéro d'un coup : explique 3\n",
    )
    assert "--detail" not in refused.stderr


def test_the_french_help_lists_the_table_words_with_their_commands(home: Path) -> None:
    shown = scorekeeper("--lang", "fr", "--help").stdout
    section = shown.split("Les commandes dans les mots de la table :\n")[1]
    rows = {line.strip().split("  ")[0]: line.split()[-1] for line in section.splitlines() if line.strip()}
    assert rows["fiche"] == "sheet"
    assert rows["annule, annuler"] == "undo"
    assert rows["refais, refaire"] == "redo"
    assert rows["corrige, corriger"] == "edit"
    assert "explique, expliquer" in rows and "sheet --detail" in section
    assert "aide" not in section and "quitte" not in section  # the table's own words are no commands
    assert rows["règles, regles"] == "rules" and rows["nouvelle, nouveau"] == "new"


def test_a_flemish_table_names_the_commands_in_dutch(home: Path) -> None:
    """`scorekeeper nieuw`, `tafel`, `regels`, `spel` (issue 39): the commands' Dutch names, from the
    command line only: `[commands]` of the Dutch words file, read whatever the language spoken."""
    made = scorekeeper("--lang", "nl", "nieuw", "manillen-101", "-p", "Jef", "-p", "Mieke", "-p", "Staf", "-p", "Fien")
    assert made.returncode == 0 and "nieuwe partij manillen-101-1" in made.stdout
    said = scorekeeper("spel", "harten", "jef", "40")
    assert said.returncode == 0 and "10" in said.stdout
    assert "manillen-101" in scorekeeper("--lang", "nl", "regels", "list").stdout
    assert "manillen-101-1" in scorekeeper("partijen").stdout
    assert "tafel" in scorekeeper("--lang", "nl", "--help").stdout
    fed = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--lang", "nl", "tafel"],
        input="harten mieke 45\nstand\nverlaten\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert fed.returncode == 0, fed.stderr
    assert "Jef en Staf 10, Mieke en Fien 15" in fed.stdout


def test_every_languages_table_words_are_aliases_from_its_words_file(home: Path, tmp_path: Path) -> None:
    # Dutch, later, brings its words file and nothing else.
    words = tmp_path / "words.toml"
    words.write_text('[table]\nsheet = ["blad"]\nundo = ["herstel"]\nquit = ["stop"]\n', encoding="utf-8")
    dutch = Language.from_files("nl", words)
    from scorekeeper import language

    language._NAMED["nl"] = dutch
    try:
        assert aliases("nl") == {"blad": ("sheet",), "herstel": ("undo",)}  # `stop` is a command's own name
    finally:
        del language._NAMED["nl"]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("delete",), "scorekeeper delete : Argument manquant 'NUMÉRO'. (voir scorekeeper delete --help)\n"),
        (("undo", "2"), "scorekeeper undo : argument de trop : 2 (voir scorekeeper undo --help)\n"),
        (("rules", "show"), "scorekeeper rules show : Argument manquant 'NOM'. (voir scorekeeper rules show --help)\n"),
    ],
)
def test_click_refusals_are_french_with_french_placeholders(home: Path, args: tuple[str, ...], expected: str) -> None:
    refused = scorekeeper("--lang", "fr", *args)
    assert (refused.returncode, refused.stderr) == (2, expected)


def test_english_refusals_and_help_keep_their_words(home: Path) -> None:
    refused = scorekeeper("delete")
    assert refused.stderr == "scorekeeper delete: Missing argument 'NUMBER'. (see scorekeeper delete --help)\n"
    assert "Usage: scorekeeper delete [OPTIONS] NUMBER" in scorekeeper("delete", "--help").stdout
