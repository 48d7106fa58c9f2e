"""The concours files: one TOML file a concours under `$SCOREKEEPER_HOME/concours/`, written as a game's
is (atomic, fsynced, the user's alone: 0600, since it holds the tables' secrets) under its own lock, and
the current concours (the last made, or the one `concours use` names).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from scorekeeper import players as names
from scorekeeper import store, tomlfile
from scorekeeper.concours.model import Concours, Unreadable, damaged
from scorekeeper.errors import UserError

FOLDER = "concours"


def folder() -> Path:
    return store.home() / FOLDER


def path_of(name: str) -> Path:
    """The concours's file, found by what its name reads as (C-4), as a game's is."""
    where = folder()
    path = where / f"{store.file_stem(store.check_name(name))}.toml"
    if not path.is_file():
        wanted = names.skeleton(name)
        for other, found in _named():
            if names.skeleton(other) == wanted:
                return found
    return path


def _named() -> list[tuple[str, Path]]:
    if not folder().is_dir():
        return []
    found = []
    for path in sorted(folder().glob("*.toml")):
        name = store.head(path).get("name")
        if isinstance(name, str) and name.strip():
            found.append((name, path))
    return found


def all_names() -> list[str]:
    """Every concours's name, sorted as folded."""
    return sorted((name for name, _ in _named()), key=names.fold_name)


def exists(name: str) -> bool:
    return path_of(name).is_file()


def read(name: str) -> Concours:
    """The concours as stored; missing, unreadable or damaged is a UserError that says which."""
    path = path_of(name)
    try:
        raw = tomlfile.read_regular(path)
        data = _cached(raw)
        if data is None:
            data = tomlfile.loads(raw)
            _keep(None, raw, data)
    except FileNotFoundError:
        raise UserError("no_concours", name=name) from None
    except OSError as error:
        raise UserError("concours_unreadable", path=str(path), reason=tomlfile.reason(error)) from None
    except tomlfile.NotToml as error:
        raise UserError("concours_unreadable", path=str(path), reason=tomlfile.reason(error)) from None
    try:
        concours = Concours.from_toml(data)
    except Unreadable as error:  # the part that cannot be read, named
        raise UserError("concours_unreadable", path=str(path), reason=error.args[0]) from None
    except KeyError as error:  # a key missing: named
        raise UserError("concours_unreadable", path=str(path), reason=f"{error.args[0]}?") from None
    except (TypeError, ValueError, AttributeError):
        raise UserError("concours_unreadable", path=str(path), reason="?") from None
    wrong = damaged(concours)  # a file no command writes so: never a standing made of it
    if wrong is not None:
        raise UserError("concours_unreadable", path=str(path), reason=wrong)
    if names.fold_name(concours.name) != names.fold_name(name) and names.skeleton(concours.name) != names.skeleton(
        name
    ):
        raise UserError("concours_unreadable", path=str(path), reason=concours.name)
    return concours


def write(concours: Concours) -> None:
    """Write the concours atomically (0600), and its tables in the cache (`_keep`). Call it inside `locked`."""
    import tomli_w

    path = path_of(concours.name)
    data = concours.to_toml()
    raw = tomli_w.dumps(data).encode()
    try:
        before: bytes | None = tomlfile.read_regular(path)
    except OSError:
        before = None
    try:
        store.write_atomic(path, raw, mode=0o600)
    except OSError as error:
        raise UserError("store_unwritable", folder=str(path.parent), reason=tomlfile.reason(error)) from None
    _keep(before, raw, data)


# The concours's tables as JSON, keyed by the hash of the TOML bytes they came from, as the store keeps a long
# game's (store/cache.py, whose rules hold here: the TOML alone is the concours, an entry goes through the
# same checks, and a failure to read or write one only costs time). Python's TOML reader took 31 ms for the
# 100 KB that five rounds of 104 doublettes write (each table some 35 lines: tomli_w puts every item of an
# array on its own line, and a table holds its sides, seats and result as arrays), JSON 1.3 ms; every
# `standing`, `status` and coup of a table's game reads the concours. An entry holds the tables' secrets as
# the file does: the user's alone (0600), in a folder of the cache of the user's alone (0700; the cache's
# other folders are made as the umask says), and an entry or folder others may read is never read.
CACHE = "concours"


def _entry(raw: bytes) -> Path:
    from scorekeeper.store import cache

    return store.cache_dir() / CACHE / f"{cache.digest(raw)}.json"


def _cached(raw: bytes) -> dict[str, Any] | None:
    """The tables of the concours file `raw` from its entry, or None: then the caller reads the TOML."""
    import json

    from scorekeeper.store.cache import holds_null

    try:
        entry = _entry(raw)
        text = tomlfile.read_regular(entry)
        if os.stat(entry.parent).st_mode & 0o077 or os.stat(entry).st_mode & 0o077:
            return None  # an entry others may read was not written here: the secrets are not to be there
        data = json.loads(text)
        # JSON has null and TOML has not: an entry holding one was not written by scorekeeper (the walk, 10,000
        # values at six rounds, only where the word is there at all).
        null = b"null" in text and holds_null(data)
        return data if isinstance(data, dict) and not tomlfile.too_deep(data) and not null else None
    except (OSError, ValueError, RecursionError):
        return None


def _keep(before: bytes | None, raw: bytes, data: dict[str, Any]) -> None:
    """The entry of the concours file `raw` (tables `data`) kept, the entry of the bytes it replaces
    (`before`) dropped: one entry a concours. Nothing here may fail a command."""
    import json

    with suppress(OSError, TypeError, ValueError, RecursionError):
        if before is not None and before != raw:
            _entry(before).unlink(missing_ok=True)
        entry = _entry(raw)
        entry.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(entry.parent, 0o700)
        store.write_atomic(entry, json.dumps(data, ensure_ascii=False).encode(), durable=False, mode=0o600)


@contextmanager
def locked(name: str, wait: float | None = None) -> Iterator[None]:
    """The concours's lock, held while it is read, changed and written: results entered from several
    terminals at once wait their turn (`wait` seconds at most; 0: refuse at once, as the draw does)."""
    lock = folder() / f".{path_of(name).stem}.lock"
    with store.lock_file(lock, name, wait, "concours_busy"):
        yield


@contextmanager
def changing(name: str, wait: float | None = None) -> Iterator[Concours]:
    """Read the concours under its lock, let the caller change it, write it back if nothing was raised."""
    with locked(name, wait):
        concours = read(name)
        yield concours
        write(concours)


def current_name() -> str | None:
    """The concours commands work on when none is named: the last made or used; None if none."""
    try:
        name = tomlfile.read_regular(folder() / "current", most=256).decode().strip()
        return store.check_name(name)
    except (OSError, UnicodeDecodeError, UserError):
        return None


def set_current(name: str) -> None:
    try:
        store.write_atomic(folder() / "current", name.encode())
    except OSError as error:
        raise UserError("store_unwritable", folder=str(folder()), reason=tomlfile.reason(error)) from None


def delete(name: str) -> Concours:
    """Move the concours's file to the trash folder's `concours/` (its games stay games)."""
    with locked(name):
        concours = read(name)
        source = path_of(name)
        where = store.home() / store.TRASH / FOLDER
        target = where / source.name
        number = 1
        while target.exists():
            number += 1
            target = where / f"{source.stem}~{number}.toml"
        try:
            where.mkdir(parents=True, exist_ok=True)
            os.replace(source, target)
        except OSError as error:
            raise UserError("store_unwritable", folder=str(where), reason=tomlfile.reason(error)) from None
    now = current_name()
    if now is not None and names.fold_name(now) == names.fold_name(concours.name):
        with suppress(OSError):
            (folder() / "current").unlink()
    return concours


def tables_among(games: Iterable[str]) -> dict[str, str]:
    """Which of `games` (names) are tables of a stored concours, each with its concours's name: a name of the
    form `NAME-rROUND-tTABLE` whose NAME is a concours kept here (C-4: as names are compared). `games` and
    `stats` put these under their concours; a game named so with no such concours is an ordinary game."""
    from scorekeeper.concours.model import GAME_NAME

    kept = {names.fold_name(name): name for name in all_names()}
    if not kept:
        return {}
    found = {}
    for game in games:
        match = GAME_NAME.fullmatch(game)
        if match is not None and (concours := kept.get(names.fold_name(match["concours"]))) is not None:
            found[game] = concours
    return found


def written_name(name: str) -> str:
    """The concours `name` names, as its file writes it (`--concours NAME` of `games` and `stats`); a name
    no concours has is the user's mistake."""
    store.check_name(name)
    if not exists(name):
        raise UserError("no_concours", name=name)
    return read(name).name
