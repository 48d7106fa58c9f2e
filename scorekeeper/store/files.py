"""The game files: one TOML file a game under `games_dir()`, read, locked, written, and the current game.

Writes are atomic (temp file in the same folder, fsync, rename) and made under an exclusive lock,
so a crash leaves the old file or the new one, and two writers never lose an update. Once the file
is renamed into place the change is stored: nothing done after it (the cache, the sweep of
leftovers) may turn it into a failure.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from scorekeeper import tomlfile
from scorekeeper.errors import UserError
from scorekeeper.store import cache
from scorekeeper.store.disk import games_dir, home, leftovers, write_atomic
from scorekeeper.store.ledger import Ledger, damage

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
        raw = path.read_bytes()
    except FileNotFoundError:
        raise UserError("no_game", name=name) from None
    except OSError as error:
        raise UserError("game_unreadable", path=str(path), reason=error.strerror) from None
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
        before = path.read_bytes()  # for the cache: the entry of these bytes is no longer any file's
    except OSError:
        before = None
    write_atomic(path, raw)
    cache.replace(before, raw, data)


@contextmanager
def locked(name: str) -> Iterator[None]:
    """An exclusive lock on one game, held while it is read, changed and written."""
    folder = games_dir()
    folder.mkdir(parents=True, exist_ok=True)
    handle = open(folder / f".{check_name(name)}.lock", "a+b")
    try:
        _acquire(handle, name)
        yield
    finally:
        handle.close()  # closing releases the lock


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


def create(ledger: Ledger) -> None:
    """Store a new game; refused if the name is taken. It does not make it current: see `set_current`."""
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
        name = (home() / "current").read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return name if NAME_PATTERN.fullmatch(name) else None


def set_current(name: str) -> None:
    """Make `name` the current game. Durable, like a game: a lost choice would send coups elsewhere."""
    if current_name() != name:
        write_atomic(home() / "current", name.encode())
