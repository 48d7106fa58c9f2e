"""A game as a Python user handles it: `from scorekeeper import service; service.add(...)`.

This joins the store (what was said) to the games (what it scores), along three seams: `life` (new,
demo, again, use, rename, delete, archive, restore, note, stop), `entries` (add, edit, insert,
delete_entry, fix, undo, redo, settle) and `reads` (a game opened and what a command draws of it: its
ruleset, sheet and aside, the list of games, the current game). `session` holds one game open for the
table. No command reads the store but through here.

Each name is loaded from its module on first use: `--help`, and every command that only notes what
it stored (`noticing`), import this package (0.2 ms) without its modules, the games and the rulesets
(10 to 14 ms more, measured with `-X importtime`).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.notices import Notices as Notices
    from scorekeeper.notices import noticing as noticing
    from scorekeeper.service.entries import (
        add as add,
    )
    from scorekeeper.service.entries import (
        delete_entry as delete_entry,
    )
    from scorekeeper.service.entries import (
        edit as edit,
    )
    from scorekeeper.service.entries import (
        fix as fix,
    )
    from scorekeeper.service.entries import (
        fix_lines as fix_lines,
    )
    from scorekeeper.service.entries import (
        insert as insert,
    )
    from scorekeeper.service.entries import (
        now as now,
    )
    from scorekeeper.service.entries import (
        redo as redo,
    )
    from scorekeeper.service.entries import (
        settle as settle,
    )
    from scorekeeper.service.entries import (
        statement as statement,
    )
    from scorekeeper.service.entries import (
        undo as undo,
    )
    from scorekeeper.service.life import (
        again as again,
    )
    from scorekeeper.service.life import (
        archive as archive,
    )
    from scorekeeper.service.life import (
        delete as delete,
    )
    from scorekeeper.service.life import (
        demo as demo,
    )
    from scorekeeper.service.life import (
        new as new,
    )
    from scorekeeper.service.life import (
        note as note,
    )
    from scorekeeper.service.life import (
        rename as rename,
    )
    from scorekeeper.service.life import (
        restore as restore,
    )
    from scorekeeper.service.life import (
        stop as stop,
    )
    from scorekeeper.service.life import (
        stopped_outcome as stopped_outcome,
    )
    from scorekeeper.service.life import (
        use as use,
    )
    from scorekeeper.service.reads import (
        ASIDE as ASIDE,
    )
    from scorekeeper.service.reads import (
        ConcoursListed as ConcoursListed,
    )
    from scorekeeper.service.reads import (
        Listed as Listed,
    )
    from scorekeeper.service.reads import (
        aside as aside,
    )
    from scorekeeper.service.reads import (
        chosen as chosen,
    )
    from scorekeeper.service.reads import (
        concours_listed as concours_listed,
    )
    from scorekeeper.service.reads import (
        exists as exists,
    )
    from scorekeeper.service.reads import (
        fiche as fiche,
    )
    from scorekeeper.service.reads import (
        game_of as game_of,
    )
    from scorekeeper.service.reads import (
        history_file as history_file,
    )
    from scorekeeper.service.reads import (
        in_use as in_use,
    )
    from scorekeeper.service.reads import (
        listed as listed,
    )
    from scorekeeper.service.reads import (
        names as names,
    )
    from scorekeeper.service.reads import (
        own_language as own_language,
    )
    from scorekeeper.service.reads import (
        put_away_names as put_away_names,
    )
    from scorekeeper.service.reads import (
        read as read,
    )
    from scorekeeper.service.reads import (
        ruleset_of as ruleset_of,
    )
    from scorekeeper.service.reads import (
        said as said,
    )
    from scorekeeper.service.reads import (
        write_export as write_export,
    )

# Where each name lives (`noticing`: what one run of a command stored, for the edge to say after it). mypy
# reads the imports above instead; tests/service/test_service.py holds the two lists to each other.
_NAMES = {
    "scorekeeper.service.entries": (
        "add",
        "delete_entry",
        "edit",
        "fix",
        "fix_lines",
        "insert",
        "now",
        "redo",
        "settle",
        "statement",
        "undo",
    ),
    "scorekeeper.service.life": (
        "again",
        "archive",
        "delete",
        "demo",
        "new",
        "note",
        "rename",
        "restore",
        "stop",
        "stopped_outcome",
        "use",
    ),
    "scorekeeper.service.reads": (
        "ASIDE",
        "ConcoursListed",
        "Listed",
        "aside",
        "chosen",
        "concours_listed",
        "exists",
        "fiche",
        "game_of",
        "history_file",
        "in_use",
        "listed",
        "names",
        "own_language",
        "put_away_names",
        "read",
        "ruleset_of",
        "said",
        "write_export",
    ),
    "scorekeeper.notices": ("Notices", "noticing"),
}
_HOME = {name: module for module, names in _NAMES.items() for name in names}

__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_HOME[name]), name)
    globals()[name] = value  # found once: the next use is a plain attribute
    return value


def __dir__() -> list[str]:
    return __all__
