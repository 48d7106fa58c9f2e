"""The store: the game files, their lock and atomic write, the undo/redo journal, the current game.

One TOML file per game under `$SCOREKEEPER_HOME/games/` (default: the platform's user data folder),
deleted games in `trash/`, archived ones in `archive/`; a derived cache under
`$SCOREKEEPER_HOME/cache/` (default: the platform's user cache folder) that no answer depends on.
The store knows games only as declared tables, and nothing of the CLI: it imports neither the
engines nor typer, rich or click, and json, tempfile, hashlib, tomli_w and platformdirs only when a
call needs them.
"""

from __future__ import annotations

from scorekeeper.disk import cache_dir, games_dir, home, write_atomic
from scorekeeper.notices import Notices, noticing
from scorekeeper.store.files import (
    ARCHIVE,
    NAME_PATTERN,
    TRASH,
    PutAway,
    all_names,
    bring_back,
    changing,
    check_name,
    check_new_name,
    clear_current,
    create,
    create_renamed,
    current_name,
    exists,
    file_stem,
    free,
    free_name,
    head,
    head_lang,
    lock_file,
    locked,
    mark_current,
    path_of,
    put_away,
    put_away_games,
    read,
    read_put_away,
    refuse_taken,
    revanche,
    set_current,
    waiting,
    write,
)
from scorekeeper.store.ledger import FORMAT, UNDO_DEPTH, Ledger

__all__ = [
    "ARCHIVE",
    "FORMAT",
    "NAME_PATTERN",
    "TRASH",
    "Notices",
    "PutAway",
    "UNDO_DEPTH",
    "Ledger",
    "all_names",
    "bring_back",
    "cache_dir",
    "changing",
    "check_name",
    "check_new_name",
    "clear_current",
    "create",
    "create_renamed",
    "current_name",
    "exists",
    "file_stem",
    "free",
    "free_name",
    "games_dir",
    "head",
    "head_lang",
    "lock_file",
    "home",
    "locked",
    "mark_current",
    "noticing",
    "path_of",
    "put_away",
    "put_away_games",
    "read",
    "read_put_away",
    "refuse_taken",
    "revanche",
    "set_current",
    "waiting",
    "write",
    "write_atomic",
]
