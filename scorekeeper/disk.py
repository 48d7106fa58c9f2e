"""The data folder's folders and the atomic write: what the game files, the concours, the cache and `sheet`'s kept
bytes stand on (a core module: the command line's own cache writes with it without reading the store)."""

from __future__ import annotations

import os
import re
from contextlib import suppress
from pathlib import Path

from scorekeeper import folders


def home() -> Path:
    """The user data folder: `$SCOREKEEPER_HOME`, else the platform's (platformdirs), always absolute."""
    return Path(folders.home())


def games_dir() -> Path:
    """One TOML file per game: the only place anything the table said is kept."""
    return home() / "games"


def cache_dir() -> Path:
    """`$SCOREKEEPER_HOME/cache`, else the platform's cache folder: what is there may be lost at any time."""
    return Path(folders.cache())


def write_atomic(path: Path, data: bytes, durable: bool = True, mode: int | None = None) -> None:
    """Temp file in the same folder, fsync, rename: the file is always the old one or the new one.

    `durable=False` skips the fsyncs, for a file a crash may lose (the cache). A writer killed
    mid-write leaves its temp file behind: see `leftovers`. The file is the user's alone (0600), or
    `mode` (an export, which is for sharing).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # only a write needs it

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if durable and hasattr(os, "O_DIRECTORY"):
        with suppress(OSError):  # the file is renamed into place: stored, whatever the folder's fsync says
            dir_fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)


def leftovers(path: Path) -> list[Path]:
    """The temp files `write_atomic(path)` left when its writer was killed: `path`'s own, no other file's.

    `mkstemp`'s random part has no dot, so `.a.toml.x.toml.RANDOM.tmp`, a temp file of the game
    `a.toml.x`, is not one of game `a`'s, as it was when the sweep took all of `.a.toml.*.tmp`.
    Remove them only under the lock of `path`: outside it, one may be a write under way.
    """
    own = re.compile(rf"\.{re.escape(path.name)}\.[a-z0-9_]+\.tmp")
    return [temp for temp in path.parent.glob(f".{path.name}.*.tmp") if own.fullmatch(temp.name)]
