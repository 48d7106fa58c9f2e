"""docs/commands.md, the command reference (issue 42), is made from the commands' own help and kept so:
each command's `--help` (and each subcommand's) in English at 100 columns, in a data folder with no game,
as a reader with no current game sees it. After changing a command's help: `python
tests/cli/test_reference.py` writes the file anew; read the diff."""

from __future__ import annotations

import os
import sys
import tempfile
from importlib import import_module
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "commands.md"


def _helps() -> list[tuple[str, str]]:
    import typer
    from typer.testing import CliRunner

    from scorekeeper.cli.app import COMMANDS, app

    runner = CliRunner()
    env = {"SCOREKEEPER_HOME": tempfile.mkdtemp(), "SCOREKEEPER_LANG": "en", "COLUMNS": "100", "NO_COLOR": "1"}
    found = []
    for name in COMMANDS:
        command = typer.main.get_command(import_module(f"scorekeeper.cli.{name}").app)
        paths = [[name]]
        subcommands = getattr(command, "commands", None)
        if subcommands and len(subcommands) > 1:
            paths += [[name, sub] for sub in subcommands]
        for path in paths:
            result = runner.invoke(app, [*path, "--help"], env=env)
            assert result.exit_code == 0, (path, result.output)
            found.append((" ".join(path), result.stdout.rstrip()))
    return found


def made() -> str:
    parts = [
        "# Every command",
        "",
        "[Back to the README](../README.md). Made from each command's `--help` (tests/cli/test_reference.py keeps it",
        "so): `scorekeeper COMMAND --help` says the same in your language.",
        "",
    ]
    for name, words in _helps():
        parts += [f"## scorekeeper {name}", "", "```text", words, "```", ""]
    return "\n".join(parts)


def test_the_reference_is_the_commands_own_help():
    assert REFERENCE.read_text(encoding="utf-8") == made(), "python tests/cli/test_reference.py writes it anew"


def test_the_reference_has_every_command():
    from scorekeeper.cli.app import COMMANDS

    text = REFERENCE.read_text(encoding="utf-8")
    assert all(f"## scorekeeper {name}\n" in text for name in COMMANDS)
    assert "## scorekeeper concours draw\n" in text


if __name__ == "__main__":
    os.environ.setdefault("SCOREKEEPER_LANG", "en")
    sys.path.insert(0, str(ROOT))
    REFERENCE.write_text(made(), encoding="utf-8")
    print(f"wrote {REFERENCE}")
