"""One object owns the terminal's output (issue 42): every command writes through `terminal.out`, so that
escaping, a closed stream and a failed write are handled in one place. The check reads the source."""

from __future__ import annotations

import ast
from pathlib import Path

CLI = Path(__file__).resolve().parents[2] / "scorekeeper" / "cli"
OWNERS = {"terminal.py"}  # `out` itself, and the writers it calls (JSON, rich, words)


def writes(source: str) -> list[str]:
    """Each call in `source` that writes to a standard stream other than through `out`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        called = ast.unparse(node.func)
        if (
            called in ("print", "click.echo", "click.secho", "typer.echo", "typer.secho")
            or called in ("sys.stdout.write", "sys.stderr.write", "sys.stdout.writelines", "sys.stderr.writelines")
            or called.endswith("console().print")
        ):
            found.append(f"line {node.lineno}: {called}")
    return found


def test_no_command_writes_but_through_out() -> None:
    stray = {
        str(path.relative_to(CLI)): found
        for path in sorted(CLI.rglob("*.py"))
        if path.name not in OWNERS and (found := writes(path.read_text(encoding="utf-8")))
    }
    assert stray == {}


def test_the_check_finds_each_way_of_writing() -> None:
    """The check is no empty net: each way the edge used to write is caught."""
    ways = 'print("x")\nsys.stdout.write("x")\nclick.echo("x", err=True)\nconsole().print(t)\nout.line("x")\n'
    assert writes(ways) == [
        "line 1: print",
        "line 2: sys.stdout.write",
        "line 3: click.echo",
        "line 4: console().print",
    ]
