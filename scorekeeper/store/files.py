"""The game files: one TOML file a game under `games_dir()`, read, locked, written, and the current game.

Writes are atomic (temp file in the same folder, fsync, rename) and made under an exclusive lock,
so a crash leaves the old file or the new one, and two writers never lose an update. Once the file
is renamed into place the change is stored: nothing done after it (the cache, the sweep of
leftovers, the current-game mark) may turn it into a failure. A folder that cannot be written (a plain
file, a device, a full disk, no access) is a UserError naming it, with the old file in place; a file
that is not a regular one (a FIFO, a device, a link to one) is never read nor locked.
"""

from __future__ import annotations

import os
import re
import stat
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from scorekeeper import tomlfile
from scorekeeper.errors import UserError
from scorekeeper.store import cache
from scorekeeper.store.disk import games_dir, home, leftovers, write_atomic
from scorekeeper.store.ledger import Ledger, damage

written: list[str] = []  # the games this process stored: after that, no error may report a failure
LOCK_WAIT = 5.0  # seconds a writer waits for another before saying the game is busy
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def check_name(name: str) -> str:
    """A game name is a plain file name: no path, nothing that could write outside the games folder."""
    if not NAME_PATTERN.fullmatch(name) or name.endswith(".toml"):
        raise UserError("bad_game_name", name=name)
    return name


def path_of(name: str) -> Path:
    """The game's file, once its name is known to be safe."""
    return games_dir() / f"{check_name(name)}.toml"


def exists(name: str) -> bool:
    """Whether a game of that name is stored (a bad name raises, as everywhere)."""
    return path_of(name).is_file()


def read(name: str) -> Ledger:
    """The game as stored; a missing, unreadable or damaged file is a UserError that says which."""
    path = path_of(name)
    try:
        raw = tomlfile.read_regular(path)
    except FileNotFoundError:
        raise UserError("no_game", name=name) from None
    except OSError as error:
        raise UserError("game_unreadable", path=str(path), reason=tomlfile.reason(error)) from None
    data = cache.load(raw)
    if data is None:
        try:
            data = tomlfile.loads(raw)
        except tomlfile.NotToml as error:
            raise UserError("game_damaged", path=str(path), problem=damage("not_toml", reason=str(error))) from None
    ledger = Ledger.from_toml(data, str(path))
    if ledger.name != name:
        raise UserError("game_damaged", path=str(path), problem=damage("misnamed", name=ledger.name))
    return ledger


def write(ledger: Ledger) -> None:
    """Write the game atomically, then its cache entry (best-effort). Call it inside `locked(name)`."""
    import tomli_w  # only commands that write pay for it

    path = path_of(ledger.name)
    data = ledger.to_toml()
    raw = tomli_w.dumps(data).encode()
    try:
        before = tomlfile.read_regular(path)  # for the cache: the entry of these bytes is no longer any file's
    except OSError:
        before = None
    with _trouble(path.parent):
        write_atomic(path, raw)
    written.append(ledger.name)
    cache.replace(before, raw, data)


@contextmanager
def _trouble(folder: Path) -> Iterator[None]:
    """A folder that cannot be written (a plain file, a device, read-only, full): one UserError naming it."""
    try:
        yield
    except OSError as error:
        raise UserError("store_unwritable", folder=str(folder), reason=tomlfile.reason(error)) from None


@contextmanager
def locked(name: str) -> Iterator[None]:
    """An exclusive lock on one game, held while it is read, changed and written."""
    with _lock(games_dir() / f".{check_name(name)}.lock", name):
        yield


@contextmanager
def _lock(path: Path, name: str) -> Iterator[None]:
    """Lock file `path`, opened without following a link and without waiting on a FIFO: a link, a
    folder or a device in its place is refused, and nothing is created outside the data folder."""
    with _trouble(path.parent):
        path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), 0o600)
    except OSError as error:
        raise UserError("bad_lock", path=str(path), reason=tomlfile.reason(error)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise UserError("bad_lock", path=str(path), reason=tomlfile.reason(tomlfile.NotRegular(str(path))))
    with os.fdopen(fd, "r+b") as handle:  # closing releases the lock
        _acquire(handle, name)
        yield


def _acquire(handle: Any, name: str) -> None:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        def attempt() -> None:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)

    else:

        def attempt() -> None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            attempt()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise UserError("game_busy", name=name) from None
            time.sleep(0.02)


@contextmanager
def changing(name: str) -> Iterator[Ledger]:
    """Read a game under its lock, let the caller change it, write it back if no error was raised."""
    with locked(name):
        ledger = read(name)
        yield ledger
        write(ledger)
        _sweep(name)


def _sweep(name: str) -> None:
    """Remove what killed writers left of this game: under its lock, none of it is in use.

    Also the parsed copy a long game kept beside its file before the cache folder: read no more.
    Best-effort, as the game is already written.
    """
    path = path_of(name)
    legacy = path.with_name(f".{name}.json")
    with suppress(OSError):  # what is left now, the next write sweeps
        for stale in (*leftovers(path), *leftovers(legacy), legacy):
            stale.unlink(missing_ok=True)


def create(ledger: Ledger, numbered: bool = False) -> None:
    """Store a new game; refused if the name is taken. It does not make it current: see `set_current`.

    `numbered`: the game takes the first free `NAME-N` for its name `NAME`, picked under one lock, so
    that games created at once without a name each get their own.
    """
    if numbered:
        with _lock(games_dir() / ".new.lock", ledger.name):
            ledger.name = free_name(ledger.name)
            create(ledger)
        return
    with locked(ledger.name):
        if exists(ledger.name):
            raise UserError("game_exists", name=ledger.name)
        write(ledger)


def all_names() -> list[str]:
    """Every stored game, sorted; files that are not games (a bad name) are left out."""
    folder = games_dir()
    if not folder.is_dir():
        return []
    return sorted(path.stem for path in folder.glob("*.toml") if NAME_PATTERN.fullmatch(path.stem))


def free_name(prefix: str) -> str:
    """The first unused `PREFIX-N`, for a new game given no --game."""
    taken = set(all_names())
    number = 1
    while f"{prefix}-{number}" in taken:
        number += 1
    return f"{prefix}-{number}"


# --- the current game ----------------------------------------------------------------------------


def current_name() -> str | None:
    """The game commands work on when none is named; None if unset, unreadable or not a game name."""
    try:
        name = tomlfile.read_regular(home() / "current", most=256).decode().strip()
    except (OSError, UnicodeDecodeError):
        return None
    return name if NAME_PATTERN.fullmatch(name) else None


def set_current(name: str) -> None:
    """Make `name` the current game. Durable, like a game: a lost choice would send coups elsewhere."""
    if current_name() != name:
        write_atomic(home() / "current", name.encode())


class NotMarked(UserWarning):
    """A game was stored but could not be made the current one: said, never a failure (`mark_current`)."""

    def __init__(self, name: str, folder: str, reason: Any) -> None:
        super().__init__(name)
        self.values = {"name": name, "folder": folder, "reason": reason}


def mark_current(name: str) -> None:
    """`set_current` after a change is stored: a mark that cannot be written is a `NotMarked` warning,
    since raising would report a stored change as failed, and a player would say it twice."""
    try:
        set_current(name)
    except OSError as error:
        warnings.warn(NotMarked(name, str(home()), tomlfile.reason(error)), stacklevel=2)
