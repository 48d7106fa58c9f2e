"""The game a command works on: the one named with --game, else the store's current game.

A game named with --game becomes the current one only once its command has succeeded, so a mistyped
coup against another game leaves the current game as it was. The choice is this process's state,
and the CLI's, which is why it lives here and not in the store.
"""

from __future__ import annotations

from scorekeeper import i18n, store
from scorekeeper.errors import UserError

_chosen: list[str] = []  # a game named with --game, made current only once its command has succeeded


def pick(name: str | None) -> str:
    """The game a command works on: `--game NAME` (current once the command succeeds), else the current one.
    The command then speaks the game's own language, unless it was told one (C-2)."""
    if name is not None:
        store.check_name(name)
        if not store.exists(name):
            raise UserError("no_game", name=name)
        _chosen.append(name)
    else:
        name = store.current_name()
        if name is None or not store.exists(name):
            raise UserError("no_current_game")
    i18n.speak_the_game(lambda: _language_of(name))
    return name


def _language_of(name: str) -> str | None:
    """The game's own language (its file's top-level `lang`), read from the file's head alone: the
    command reads the whole game later, and a long game must not be parsed twice for one word.
    Top-level keys come before the first table header, so the head holds it if the file has one."""
    try:
        with store.path_of(name).open(encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if line.startswith("["):
                    return None
                key, equals, value = line.partition("=")
                if equals and key.strip() == "lang":
                    return value.strip().strip('"').strip("'")
    except OSError:  # the command that reads the game says what is wrong with it
        return None
    return None


def forget_choice() -> None:
    """A new command starts: no game chosen yet."""
    _chosen.clear()


def confirm_choice() -> None:
    """The command succeeded: the game it was given with --game becomes the current one. After a write:
    a mark that cannot be written is a warning (`store.NotMarked`), never a failure of what was stored."""
    while _chosen:
        store.mark_current(_chosen.pop())
