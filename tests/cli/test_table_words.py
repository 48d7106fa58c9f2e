"""`scorekeeper table` in the words of the game in play and of the table (issue 29): a muette knows no
`contre`, `aide` shows the game's own coups, the contract question lists the ruleset's contracts, a
refused line names table words, never a flag or an English command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import games
from scorekeeper.errors import UserError
from scorekeeper.language import Language
from scorekeeper.rulesets import builtin_names

ROOT = Path(__file__).resolve().parents[2]
MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]
HOMBRES = ["Ana", "Bea", "Cid"]


def table(home: Path, lang: str, lines: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`scorekeeper --lang LANG table ARGS` fed `lines` through a pipe, a real process."""
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "scorekeeper", "--lang", lang, "table", *args]
    return subprocess.run(command, input=lines, capture_output=True, text=True, env=env, timeout=60, check=False)


def seated(ruleset: str, *players: str) -> list[str]:
    return [ruleset, *(arg for player in players for arg in ("-p", player))]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_muette_knows_no_contre_in_its_refusals_nor_its_tab(home: Path, lang: str) -> None:
    ran = table(home, lang, "contre cesar\n", *seated("manille-muette", *MARIUS))
    assert ran.returncode == 2
    refused = ran.stderr.splitlines()[-1]
    quoted = "« contre »" if lang == "fr" else "'contre'"  # issue 39: French quotes, whatever spaces they take
    assert quoted in refused.replace("\u00a0", " ").replace("\u202f", " ") and "renonce" in refused
    assert "contre," not in refused and "contre)" not in refused  # not offered among the table's words
    state = games.state_after(games.load("manille-muette"), MARIUS, "César", [])
    calls = games.get("manille").vocabulary(state, Language.named(lang))["calls"]
    assert "contre" not in calls and "surcontre" not in calls and "renonce" in calls


def test_a_system_with_the_contre_offers_it_and_reads_it(home: Path) -> None:
    state = games.state_after(games.load("manille-whisthub"), MARIUS, "César", [])
    engine = games.get("manille")
    assert "contre" in engine.vocabulary(state, Language.named("fr"))["calls"]
    assert engine.read_line(state, "h cesar 40 contre panisse".split(), Language.named("fr"))["contre"] == "Panisse"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_aide_shows_the_hombre_s_own_coups_with_the_table_s_players(home: Path, lang: str) -> None:
    ran = table(home, lang, "aide\n", *seated("hombre", *HOMBRES))
    assert ran.returncode == 0, ran.stderr
    flags = ("engagée", "forcée") if lang == "fr" else ("engagee", "forcee")
    for word in (*flags, "gano", "matadors", "Bea demande 4 3 2"):
        assert word in ran.stdout
    assert "renonce" not in ran.stdout.split("\n")[1] and "cesar" not in ran.stdout.lower()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_aide_at_a_muette_shows_manille_coups_and_no_hombre(home: Path, lang: str) -> None:
    ran = table(home, lang, "help\n", *seated("manille-muette", *MARIUS))
    assert "renonce Brun" in ran.stdout and "demande" not in ran.stdout and "contre" not in ran.stdout


@pytest.mark.parametrize("ruleset", builtin_names())
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_example_aide_shows_reads_in_its_game(ruleset: str, lang: str) -> None:
    loaded = games.load(ruleset)
    engine = loaded.engine
    names = HOMBRES if loaded.game == "hombre" else MARIUS
    state = None
    for count in (len(names), 3, 2, 4, 5):  # seated as the system seats them
        players = [*names, "Dirk", "Eva"][:count]
        try:
            state = games.state_after(loaded, players, players[0], [])
            break
        except UserError:
            continue
    assert state is not None
    language = Language.named(lang)
    examples = engine.examples(state, language)
    assert examples
    for example in examples:
        engine.read_line(state, example.split(), language)  # reads: no UserError


@pytest.mark.parametrize(("ruleset", "retourne"), [("hombre", True), ("hombre-1709", False)])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_contract_question_lists_the_ruleset_s_contracts(
    home: Path, ruleset: str, retourne: bool, lang: str
) -> None:
    ran = table(home, lang, "bea\n", *seated(ruleset, *HOMBRES))
    asked = ran.stderr.splitlines()[-1]
    assert "demande" in asked and "vole" in asked
    assert ("retourne" in asked) is retourne


@pytest.mark.parametrize(
    ("lang", "lines", "words"),
    [
        (
            "fr",
            "annule 2\nfiche --detail x\najuste 1\nrefais 3\n",
            ("annule reprend la dernière entrée", "supprime 2", "fiche :", "ajuste :", "refais"),
        ),
        (
            "en",
            "undo 2\nsheet --detail x\nadjust 1\nredo 3\n",
            ("undo takes back the last entry", "delete 2", "sheet:", "adjust:", "redo"),
        ),
    ],
)
def test_a_line_refused_at_the_table_names_table_words_never_the_command_line(
    home: Path, lang: str, lines: str, words: tuple[str, ...]
) -> None:
    ran = table(home, lang, f"10c cesar 40\n{lines}annule\nannule\n", *seated("manille-muette", *MARIUS))
    assert ran.returncode == 2
    refused = ran.stderr
    for word in words:
        assert word in refused
    for command_line in ("scorekeeper", "--help", "sheet --detail"):
        assert command_line not in refused, refused
    assert len(refused.splitlines()) == 5  # four refused, and the last undo finds nothing to take back


@pytest.mark.parametrize(("lang", "word", "said"), [("fr", "fiche", "explique N"), ("en", "sheet", "explain N")])
def test_the_narrow_fiche_at_the_table_says_its_own_word_for_a_coup_in_full(
    home: Path, lang: str, word: str, said: str
) -> None:
    env_columns = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "40"
    try:
        ran = table(home, lang, f"10c cesar 40\n{word}\n", *seated("manille-muette", *MARIUS))
    finally:
        if env_columns is not None:
            os.environ["COLUMNS"] = env_columns
    assert said in ran.stdout and "--detail" not in ran.stdout


def scorekeeper(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONPATH": str(ROOT), "SCOREKEEPER_LANG": "en"}
    command = [sys.executable, "-m", "scorekeeper", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=60, check=False)


def test_new_again_with_game_names_the_revanche_first_dealt_by_who_would_have_dealt_next(home: Path) -> None:
    assert scorekeeper(home, "demo").returncode == 0  # César deals first; 10 coups: Escartefigue deals the 11th
    made = scorekeeper(home, "new", "--again", "--game", "belle")
    assert made.returncode == 0, made.stderr
    assert "new game belle" in made.stdout and "Escartefigue deals" in made.stdout
    assert "belle" in scorekeeper(home, "sheet").stdout  # the revanche is the current game
    assert scorekeeper(home, "new", "--again", "--game", "belle").returncode == 2  # the name is taken: refused
