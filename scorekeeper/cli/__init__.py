"""The `scorekeeper` command: thin typer commands over the pure core."""

from __future__ import annotations

from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> None:
    from scorekeeper.cli.app import app

    app(args=argv, prog_name="scorekeeper")
