"""The game a command works on: the one named with --game, else the store's current game.

A game named with --game becomes the current one only once its command has succeeded, so a mistyped
coup against another game leaves the current game as it was. The choice is this process's state,
and the CLI's, which is why it lives here and not in the store.
"""

from __future__ import annotations

from scorekeeper import store
from scorekeeper.errors import UserError

_chosen: list[str] = []  # a game named with --game, made current only once its command has succeeded


def pick(name: str | None) -> str:
    """The game a command works on: `--game NAME` (current once the command succeeds), else the current one."""
    if name is not None:
        store.check_name(name)
        if not store.exists(name):
            raise UserError("no_game", name=name)
        _chosen.append(name)
        return name
    current = store.current_name()
    if current is None or not store.exists(current):
        raise UserError("no_current_game")
    return current


def forget_choice() -> None:
    """A new command starts: no game chosen yet."""
    _chosen.clear()


def confirm_choice() -> None:
    """The command succeeded: the game it was given with --game becomes the current one."""
    while _chosen:
        store.set_current(_chosen.pop())
