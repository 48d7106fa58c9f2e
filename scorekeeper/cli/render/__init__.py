"""Drawing a game's sheet: each game has its renderer here, found by the name of the game it draws.

Every renderer only formats what the engines computed, and offers the same four functions:
`status`, `short_status`, `print_coup` and `print_fiche`.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any


def of(fiche: Any) -> Any:
    """The renderer of `fiche`'s game (`scorekeeper.cli.render.<game>`), imported on first use."""
    return import_module(f"{__name__}.{fiche.game}")


def status(fiche: Any) -> str:
    """Where the partie stands, in one line."""
    return str(of(fiche).status(fiche))


def short_status(fiche: Any) -> str:
    """The state of a game for the list of games."""
    return str(of(fiche).short_status(fiche))


def print_coup(result: Any, fiche: Any, ascii: bool) -> None:
    """What `coup`, `edit` print: the coup's log and the status line."""
    of(fiche).print_coup(result, fiche, ascii)


def print_fiche(fiche: Any, title: str, ascii: bool, explain: bool) -> None:
    """The whole sheet, and every coup's calculation with `explain`."""
    of(fiche).print_fiche(fiche, title, ascii, explain)
