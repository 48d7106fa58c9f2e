"""What the commands share: their common options, the help's examples, and small output helpers.

rich is imported only where something is drawn, json only where JSON is printed.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import typer

from scorekeeper.cards import ASCII_SUITS

if TYPE_CHECKING:
    from rich.console import Console

# Options shared by several commands, declared once.
JSON = typer.Option(False, "--json", help="Print JSON (stable keys, cards in ASCII like 10H) instead of the table.")
ASCII = typer.Option(False, "--ascii", help="Write cards with letters (10H) instead of suit symbols (10♥).")
EXPLAIN = typer.Option(False, "--explain", help="Every coup's calculation line by line, with rule ids.")
GAME = typer.Option(None, "--game", "-g", help="The game to use (it becomes the current one). Default: the current.")


def examples(*lines: str) -> str:
    """A command's help epilog: real examples, one a line, kept unwrapped (click's \\b marker)."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


def print_json(data: Any) -> None:
    """JSON with stable keys: records as `{rule, event, values, text}`, cards in ASCII (`i18n.as_json`)."""
    import json  # only the --json commands pay for it

    from scorekeeper.i18n import as_json

    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=as_json) + "\n")


def console() -> Console:
    from rich.console import Console

    return Console(highlight=False)


def cards(text: str, ascii: bool) -> str:
    """Text with card symbols, or letters under --ascii."""
    return text.translate(ASCII_SUITS) if ascii else text
