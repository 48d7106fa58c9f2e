"""The game a command works on: the one named with --game, else the store's current game.

`--game NAME` acts on that game for this one command: the current game changes only by `new`, `use`,
`games restore` and `demo` when there is none, so a `sheet -g other` never sends the next coup elsewhere.
"""

from __future__ import annotations

from scorekeeper import service
from scorekeeper.cli.language import speak_the_game


def pick(name: str | None) -> str:
    """The game a command works on: `--game NAME` (for this command only), else the current one, as its
    file names it. The command then speaks the game's own language, unless it was told one (C-2)."""
    name = service.chosen(name)
    speak_the_game(lambda: service.own_language(name))
    return name
