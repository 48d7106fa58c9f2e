"""The store: the game files, their lock and atomic write, the undo/redo journal, the current game.

One TOML file per game under `$SCOREKEEPER_HOME/games/` (default: the platform's user data folder);
a derived cache under `$SCOREKEEPER_HOME/cache/` (default: the platform's user cache folder) that
no answer depends on. The store knows games only as declared tables, and nothing of the CLI: it
imports neither the engines nor typer, rich or click, and json, tempfile, hashlib, tomli_w and
platformdirs only when a call needs them.
"""

from __future__ import annotations

from scorekeeper.store.disk import cache_dir, games_dir, home, write_atomic
from scorekeeper.store.files import (
    NAME_PATTERN,
    NotMarked,
    all_names,
    changing,
    check_name,
    create,
    current_name,
    exists,
    free_name,
    locked,
    mark_current,
    path_of,
    read,
    set_current,
    write,
    written,
)
from scorekeeper.store.ledger import FORMAT, UNDO_DEPTH, Ledger

__all__ = [
    "FORMAT",
    "NAME_PATTERN",
    "NotMarked",
    "UNDO_DEPTH",
    "Ledger",
    "all_names",
    "cache_dir",
    "changing",
    "check_name",
    "create",
    "current_name",
    "exists",
    "free_name",
    "games_dir",
    "home",
    "locked",
    "mark_current",
    "path_of",
    "read",
    "set_current",
    "write",
    "write_atomic",
    "written",
]
