"""The registry: a built-in game by name, a game from outside through SCOREKEEPER_GAMES, and nothing a
data file names is ever imported."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import games
from scorekeeper.errors import UserError
from scorekeeper.games.manille.deck import MANILLE

# A game in a few lines: its keys, its deck, its rules; what the registry and the loader ask of it.
TOY = """
from scorekeeper.games.manille.deck import MANILLE
from scorekeeper.rulesets import Key

class Toy:
    name = "{name}"
    keys = (Key("cards.deck", str, "key.game", choices=("manille",)), Key("toy.goal", int, "key.game", default=7))
    decks = {{"manille": MANILLE}}
    has_money = False

    def rules_from(self, values, origin):
        return values["toy.goal"]

ENGINE = Toy()
"""


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on the import path for this test's modules; the registry forgets what it found before."""
    monkeypatch.syspath_prepend(str(tmp_path))
    games._outside.cache_clear()
    yield tmp_path
    games._outside.cache_clear()


def _module(folder: Path, module: str, text: str) -> None:
    (folder / f"{module}.py").write_text(text, encoding="utf-8")


def test_a_game_from_outside_is_registered_through_scorekeeper_games(outside: Path, monkeypatch) -> None:
    _module(outside, "toy_one", TOY.format(name="toy"))
    _module(outside, "toy_two", TOY.format(name="other"))
    monkeypatch.setenv("SCOREKEEPER_GAMES", "toy_one, toy_two")
    assert games.get("toy") is sys.modules["toy_one"].ENGINE
    assert games.get("other") is sys.modules["toy_two"].ENGINE
    ruleset = games.build({"game": "toy", "cards": {"deck": "manille"}, "toy": {"goal": 11}}, "a test")
    assert (ruleset.game, ruleset.rules, ruleset.deck, ruleset.engine) == ("toy", 11, MANILLE, games.get("toy"))


def test_a_built_in_game_never_reads_the_variable(outside: Path, monkeypatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_GAMES", "no_such_game_module")
    assert games.get("manille").name == "manille"
    assert games.load("hombre").game == "hombre"
    with pytest.raises(UserError) as refused:
        games.get("toy")
    assert (refused.value.key, refused.value.values) == (
        "no_game_module",
        {"module": "no_such_game_module", "variable": "SCOREKEEPER_GAMES"},
    )


def test_a_module_without_an_engine_is_named_as_such(outside: Path, monkeypatch) -> None:
    _module(outside, "toy_bare", "GAME = None\n")
    monkeypatch.setenv("SCOREKEEPER_GAMES", "toy_bare")
    with pytest.raises(UserError) as refused:
        games.get("toy")
    assert refused.value.key == "no_game_module"
    assert str(refused.value) == "SCOREKEEPER_GAMES names 'toy_bare', which is no module with a game (its ENGINE)"


def test_a_game_that_fails_its_own_import_is_not_hidden(outside: Path, monkeypatch) -> None:
    """Its own missing import is told as such, not as "no module with a game"; in one line, no traceback."""
    _module(outside, "toy_broken", "import a_module_nobody_has\n")
    monkeypatch.setenv("SCOREKEEPER_GAMES", "toy_broken")
    with pytest.raises(UserError) as refused:
        games.get("toy")
    assert refused.value.key == "game_module_failed"
    assert refused.value.values["problem"] == "ModuleNotFoundError(\"No module named 'a_module_nobody_has'\")"


def test_an_unknown_game_lists_the_games_from_outside_too(outside: Path, monkeypatch) -> None:
    _module(outside, "toy_three", TOY.format(name="toy"))
    monkeypatch.setenv("SCOREKEEPER_GAMES", "toy_three")
    with pytest.raises(UserError) as refused:
        games.get("whist")
    assert refused.value.values == {"name": "whist", "games": ("manille", "hombre", "lhombre", "toy")}
    with pytest.raises(UserError) as refused:
        games.build({"game": "whist"}, "house.toml")
    assert str(refused.value) == "house.toml: key \"game\" must be one of manille, hombre, lhombre, toy, not 'whist'"


def test_a_ruleset_never_imports_the_module_it_names(outside: Path, monkeypatch) -> None:
    """`game = "x.y"` in a file is a name, never a module to import: only SCOREKEEPER_GAMES names those."""
    witness = outside / "imported"
    _module(outside, "toy_trap", f"open({str(witness)!r}, 'w').close()\n")
    for listed in ("", "toy_one_absent_too"):
        monkeypatch.setenv("SCOREKEEPER_GAMES", listed)
        games._outside.cache_clear()
        with pytest.raises(UserError) as refused:
            games.build({"game": "toy_trap"}, "house.toml")
        assert refused.value.key in ("bad_game_key", "no_game_module")
    assert not witness.exists()
    assert "toy_trap" not in sys.modules


BROKEN = {
    "raises_at_import": (
        'raise RuntimeError("boom at import")\n',
        "game_module_failed",
        "RuntimeError('boom at import')",
    ),
    "does_not_parse": ("def (\n", "game_module_failed", "SyntaxError"),
    "engine_is_no_game": ("ENGINE = 1\n", "no_game_module", None),
}


@pytest.mark.parametrize("module", sorted(BROKEN))
def test_a_broken_module_named_by_the_variable_is_one_mistake_not_a_traceback(
    outside: Path, monkeypatch, module
) -> None:
    text, key, problem = BROKEN[module]
    _module(outside, module, text)
    monkeypatch.setenv("SCOREKEEPER_GAMES", module)
    with pytest.raises(UserError) as refused:
        games.get("toy")
    assert refused.value.key == key and refused.value.values["module"] == module
    if problem is not None:
        assert problem in refused.value.values["problem"]


@pytest.mark.parametrize("name", ["../x", ".x", "a..b"])
def test_a_name_that_is_no_module_path_is_no_game_module(outside: Path, monkeypatch, name) -> None:
    monkeypatch.setenv("SCOREKEEPER_GAMES", name)
    with pytest.raises(UserError) as refused:
        games.get("toy")
    assert (refused.value.key, refused.value.values["module"]) == ("no_game_module", name)


def test_a_broken_game_module_is_said_in_one_line_with_exit_2(tmp_path: Path) -> None:
    import os
    import subprocess

    (tmp_path / "boom.py").write_text('raise RuntimeError("boom at import")\n', encoding="utf-8")
    ruleset = tmp_path / "toy.toml"
    ruleset.write_text('game = "toy"\n', encoding="utf-8")
    env = {
        **os.environ,
        "SCOREKEEPER_HOME": str(tmp_path / "home"),
        "SCOREKEEPER_GAMES": "boom",
        "PYTHONPATH": str(tmp_path),
    }
    env.pop("SCOREKEEPER_LANG", None)
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--lang", "en", "new", str(ruleset), "-p", "A", "-p", "B"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "scorekeeper: SCOREKEEPER_GAMES names 'boom', whose game could not be loaded: RuntimeError('boom at import')"
    ]
    assert not (tmp_path / "home" / "games").exists() or not any((tmp_path / "home" / "games").iterdir())
