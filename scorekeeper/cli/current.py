"""The game a command works on: the one named with --game, else the store's current game.

`--game NAME` acts on that game for this one command: the current game changes only by `new`, `use`,
`games restore` and `demo` when there is none, so a `sheet -g other` never sends the next coup elsewhere.
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper import store
from scorekeeper.cli.language import speak_the_game
from scorekeeper.errors import UserError


def pick(name: str | None) -> str:
    """The game a command works on: `--game NAME` (for this command only), else the current one, as its
    file names it. The command then speaks the game's own language, unless it was told one (C-2)."""
    if name is not None:
        store.check_name(name)
        if not store.exists(name):
            raise UserError("no_game", name=name)
    else:
        name = store.current_name()
        if name is None or not store.exists(name):
            raise UserError("no_current_game")
    path = store.path_of(name)
    speak_the_game(lambda: _language_of(path))
    return name


def _language_of(path: Path) -> str | None:
    """The game's own language (its file's top-level `lang`), read from the file's head alone: the
    command reads the whole game later, and says what is wrong with it if anything is."""
    lang = store.head(path).get("lang")
    return lang if isinstance(lang, str) else None
