"""The game a command works on: the one named with --game, else the store's current game.

`--game NAME` acts on that game for this one command: the current game changes only by `new`, `use`,
`games restore` and `demo` when there is none, so a `sheet -g other` never sends the next coup elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper import service
from scorekeeper.cli.language import speak_the_game


def pick(name: str | None, make: bool = True) -> str:
    """The game a command works on: `--game NAME` (for this command only), else the current one, as its
    file names it. The command then speaks the game's own language, unless it was told one (C-2). A
    concours's table named before its first coup is made now, unless the command stores it (`make`)."""
    name = service.chosen(name, make)
    speak_the_game(lambda: service.own_language(name))
    return name


def named(args: Sequence[str]) -> str | None:
    """The game `args` name, read before click reads them (to know the game's own options, or whether the
    table names the game a command runs on): that of `-g NAME`, `--game NAME` or `--game=NAME`, the last
    where several are; "" for a `-g` with nothing after it (click says what is missing); None where none is.

    >>> named(["--points", "A=40", "-g", "old", "--game=new"]), named(["sheet", "-g"]), named(["sheet"])
    ('new', '', None)
    """
    found = None
    for at, arg in enumerate(args):
        if arg in ("-g", "--game"):
            found = args[at + 1] if at + 1 < len(args) else ""
        elif arg.startswith("--game="):
            found = arg.partition("=")[2]
    return found
