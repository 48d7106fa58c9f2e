"""The message catalogs: compiled as their sources say, every message filled from its values (issue 11)."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from scorekeeper import games, i18n, language
from scorekeeper.i18n import compile as po
from scorekeeper.rulesets import COMMON_KEYS

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
ENGLISH = {key.split("\0")[0]: words for key, words in po.built("en").items()}

# The core's and the command line's own files: each value they give a message is shown by it.
CORE_AND_CLI = [
    PACKAGE / name
    for name in (
        "cards.py",
        "players.py",
        "rulesets.py",
        "tomlfile.py",
        "service/entries.py",
        "service/life.py",
        "service/reads.py",
        "games/__init__.py",
        "games/manille/rules.py",
        "games/hombre/rules.py",
        "games/manille/sheet.py",
        "games/manille/paper.py",
        "games/hombre/sheet.py",
        "games/hombre/paper.py",
        "cli/__init__.py",
        "cli/app.py",
        "cli/terminal.py",
        "cli/language.py",
        "cli/options.py",
        "cli/declare.py",
        "cli/new.py",
        "cli/coup.py",
        "cli/edit.py",
        "cli/undo.py",
        "cli/redo.py",
        "cli/games.py",
        "cli/demo.py",
        "cli/sheet.py",
        "cli/rules.py",
        "cli/current.py",
        "cli/grid.py",
        "cli/render/__init__.py",
        "cli/concours.py",
        "service/concours.py",
        "service/tables.py",
        "concours/files.py",
        "concours/model.py",
    )
] + sorted((PACKAGE / "store").glob("*.py"))

ERRORS = {"UserError", "CardError", "SuitError", "refuse"}  # `refuse`: manille's rules, a UserError with its origin
MESSAGES = {"record", "text", "message", "said", "numbered"}  # `said`: the words of a cell, a game's sheet as data


def _called(node: ast.Call) -> str:
    return node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")


def uses(path: Path) -> list[tuple[str, set[str] | None, int]]:
    """Each catalog key a module names literally where it raises an error or asks for words: the key,
    the values it gives (None where they cannot be read: `**values`), and the line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
            continue
        first, called = node.args[0].value, _called(node)
        if not isinstance(first, str):
            continue
        if called in ERRORS:
            key = f"error.{first}"
        elif called in ("damage", "damaged"):
            key = f"damage.{first}"
        elif called in MESSAGES:
            key = first
        else:
            continue
        given = {keyword.arg for keyword in node.keywords if keyword.arg not in (None, "ascii")}
        if called == "refuse":
            given.add("origin")
        if called == "numbered":  # `explain.numbered`: each `Numbered` line brings its number
            given.add("number")
        found.append((key, None if any(keyword.arg is None for keyword in node.keywords) else given, node.lineno))
    return found


def fields(words: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(words) if name}


def test_each_compiled_catalog_is_its_sources_compiled() -> None:
    """`python -m scorekeeper.i18n.compile` was run after the last edit of a .po file."""
    assert {"en", "fr", "nl", "da"} <= set(po.languages()) and po.languages() == sorted(po.languages())  # folders
    for lang in po.languages():
        assert po.mo_path(lang).read_bytes() == po.mo_bytes(po.built(lang)), f"recompile the {lang} catalog"


def test_a_game_brings_its_own_catalogs_compiled_into_the_main_one_and_no_key_is_in_two() -> None:
    """Each game's words live in its folder (`games/GAME/i18n/`); the build puts them in the main `.mo`,
    where a key given twice would be lost, so it refuses one."""
    main, *brought = po.catalog_folders()
    assert [folder.relative_to(PACKAGE).as_posix() for folder in brought] == [
        "games/hombre/i18n",
        "games/lhombre/i18n",
        "games/manille/i18n",
    ]
    for lang in po.languages():
        keys = [set(po.catalog(lang, folder)) - {""} for folder in (main, *brought)]
        assert all(keys) and sum(map(len, keys)) == len(set().union(*keys)) == len(po.built(lang)) - 1, lang
        assert all("Plural-Forms" in po.catalog(lang, folder)[""] for folder in brought), lang
    assert "unit.jetons\0unit.jetons" in po.catalog("en", PACKAGE / "games" / "hombre" / "i18n")
    assert "unit.jetons\0unit.jetons" not in po.catalog("en")
    assert [i18n.plural("unit.jetons", n).format(n=n) for n in (1, 3)] == ["1 jeton", "3 jetons"]


def test_the_english_catalog_says_its_plural_forms() -> None:
    header = po.catalog("en")[""]
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_every_error_and_message_a_module_names_is_in_the_catalog(path: Path) -> None:
    missing = [f"line {line}: {key}" for key, _, line in uses(path) if key not in ENGLISH]
    assert missing == []


@pytest.mark.parametrize("path", CORE_AND_CLI, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_a_message_of_the_core_or_the_cli_shows_each_value_it_is_given_and_is_given_each_it_shows(
    path: Path,
) -> None:
    wrong = [
        f"line {line}: {key} is given {sorted(given)}, shows {sorted(fields(ENGLISH[key]) - {'rule'})}"
        for key, given, line in uses(path)
        if key in ENGLISH and given is not None and given != fields(ENGLISH[key]) - {"rule"}
    ]
    assert wrong == []


def test_what_each_ruleset_key_means_and_accepts_is_in_the_catalog() -> None:
    """`rules show` and the loader's errors say each key's meaning and what it accepts in catalog words."""
    schema = [*COMMON_KEYS, *(key for name in games.NAMES for key in games.get(name).keys)]
    for key in schema:
        assert key.doc in ENGLISH, key.name
        said = i18n.render(key.meaning) + " " + i18n.render(key.accepted())
        assert "key." not in said and "kind." not in said and "accepted." not in said, said


def test_the_key_docs_pass_no_choice_to_his_partner() -> None:
    """Issue 11: "his partner" is rephrased; the choice passes to the partner (M-7, M-10)."""
    meaning = i18n.text("key.manille.trump.from")
    assert "passes the choice to the partner (M-7, M-10)" in meaning and "his " not in meaning


def test_the_i18n_doctest_speaks_a_real_message_and_no_test_unit_is_left() -> None:
    assert "unit_test" not in ENGLISH
    assert i18n.text("error.player_count", count=1, given=0).startswith("this ruleset is for 1 player, 0 given")


# The core's messages that must name a game: the command line's help and examples, and the refusals
# of commands that do one thing at manille and another at l'hombre, say both games to the player.
# Each is used by core or cli code, so a game's catalog is no home for it.
NAMES_A_GAME = {
    "help.scorekeeper",  # what the program is for: both games
    "help.new.examples",  # examples name a ruleset of each game
    "help.coup.examples",
    "help.check.examples",
    "help.audit.examples",
    "help.rules.show.examples",
    "help.stats.examples",
    "help.concours.examples",
    "help.table.examples",
    "help.adjust.examples",
    "help.coup.pass",  # --pass is declared by both games, and this help says what it means at each
    "help.audit.taker",  # names the manillen-3 system, whose dealer plays alone
    "help.adjust",  # `adjust`: points at manille, jetons at l'hombre
    "error.adjust_needs_score",  # `adjust` says both games' way of saying the agreement
    "help.stop",  # `stop`: who wins at manille, what is settled at l'hombre
    "help.chart",  # `chart`: a side's score at manille, a player's balance at l'hombre
    "help.settle.statement",  # "his coups as hombre": the role, in the help of a core command
    "error.no_money",  # the service refuses `settle` for a game with no money: "settle is for l'hombre"
}


def naming_a_game(folder: Path, lang: str) -> set[str]:
    """The keys of a language's catalogs in `folder` whose key or words name a built-in game."""
    named = [name.lower() for name in games.NAMES]
    return {
        key.split("\0")[0]
        for key, words in po.catalog(lang, folder).items()
        if any(name in key.lower() or name in words.lower() for name in named)
    }


@pytest.mark.parametrize("lang", po.languages())
def test_a_core_catalog_names_no_game_its_words_live_in_the_games_folder(lang: str) -> None:
    """Issue 25: a message that names a game is that game's, in `games/GAME/i18n/`; the core's name
    none but the few the allow-list says why."""
    assert naming_a_game(po.HERE, lang) - NAMES_A_GAME == set()
    assert NAMES_A_GAME <= naming_a_game(po.HERE, lang), "an allowed message no longer names a game: drop it"


def test_a_message_naming_a_game_is_found_in_its_catalog() -> None:
    """The check above finds what it looks for: each game's catalog names it."""
    for name in games.NAMES:
        found = naming_a_game(language.GAMES / name / "i18n", "en")
        assert f"key.{name}.cards.deck" in found
