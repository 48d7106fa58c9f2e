"""The CLI's house: one module a command, loaded only when run; no game chosen outside games/ (issue 10)."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest
import typer

from scorekeeper.cli.app import COMMANDS
from scorekeeper.i18n import text

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_command_table_says_what_each_command_module_says(name: str) -> None:
    """The list of commands shows the first sentence of the help the command itself declares."""
    command = typer.main.get_command(import_module(f"scorekeeper.cli.{name}").app)
    assert (command.help or "").strip() == text(COMMANDS[name])


def test_a_command_imports_only_its_own_module() -> None:
    code = (
        "import sys; from scorekeeper.cli import main\n"
        "try: main(['sheet', '--game', 'none'])\n"
        "except SystemExit: pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('scorekeeper.cli.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = eval(out.strip().splitlines()[-1])  # noqa: S307 (our own subprocess's list of names)
    commands = {m.rsplit(".", 1)[1] for m in loaded} & set(COMMANDS)
    assert commands == {"sheet"}


def test_help_imports_no_command_module() -> None:
    code = (
        "import sys; from scorekeeper.cli import main\n"
        "try: main(['--help'])\n"
        "except SystemExit: pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('scorekeeper.')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = set(eval(out.strip().splitlines()[-1]))  # noqa: S307
    assert not loaded & {f"scorekeeper.cli.{name}" for name in COMMANDS}
    assert "scorekeeper.games" not in loaded and "scorekeeper.service" not in loaded


def _outside_games() -> list[Path]:
    return [path for path in PACKAGE.rglob("*.py") if "games" not in path.relative_to(PACKAGE).parts]


def test_no_module_outside_games_names_a_games_rules() -> None:
    named = [str(path) for path in _outside_games() if re.search(r"\b(ManilleRules|HombreRules)\b", path.read_text())]
    assert named == []


def test_no_module_outside_games_compares_a_games_name() -> None:
    pattern = re.compile(
        r"""(==|!=|\bin\b|\bis\b)\s*\(?\s*["'](manille|hombre)["']|["'](manille|hombre)["']\s*(==|!=)"""
    )
    compared = [
        f"{path.name}: {line.strip()}"
        for path in _outside_games()
        for line in path.read_text().splitlines()
        if pattern.search(line)
    ]
    assert compared == []
