"""Reading a file a person wrote or edited: a regular file of bounded size, TOML that fails as one exception."""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

MOST_BYTES = 64 * 1024 * 1024  # some 3 million coups: no game or ruleset a table keeps comes near
MOST = 10**9  # no table plays to a billion: larger numbers only make figures too long to print, or loops endless
# A game file nests some six tables deep (a coup's trick log); a ruleset fewer. Deeper is no file a person
# wrote, and every walk of the tables (the ruleset's keys flattened, a copy, JSON) would hit Python's recursion limit.
MOST_DEPTH = 32


class NotToml(Exception):
    """The file's bytes are not TOML that can be read; the message says why."""


class NotRegular(OSError):
    """The path names a device, a FIFO, a folder or a socket: nothing a person wrote, and it may never end."""


class TooLarge(OSError):
    """The file holds more than `MOST_BYTES`: read no further, memory is not the file's to take."""


class TooDeep(NotToml):
    """The TOML nests tables or arrays deeper than `MOST_DEPTH`."""


def read_regular(path: str | Path, most: int = MOST_BYTES) -> bytes:
    """The bytes of a regular file (a link to one is followed), at most `most` of them, else an OSError.

    Opened without blocking, so a FIFO is refused at once rather than waited on, and checked on the open
    file, so a path swapped for a device between a check and the read is still refused.

    >>> read_regular("/dev/zero")
    Traceback (most recent call last):
    scorekeeper.tomlfile.NotRegular: /dev/zero
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegular(str(path))
        if info.st_size > most:  # refused by its size, before a byte of it is read
            raise TooLarge(str(path))
        # What it holds and a byte more (a read of `most` would take `most` bytes of memory at once,
        # whatever the file's size), then the rest, if it grew, bounded still.
        data = handle.read(info.st_size + 1)
        if len(data) > info.st_size:
            data += handle.read(most + 1 - len(data))
    if len(data) > most:
        raise TooLarge(str(path))
    return data


def too_large(value: Any, where: str = "") -> tuple[str, Any] | None:
    """The first number in `value` (tables and arrays walked) beyond ±`MOST`, or not a number (nan): its
    dotted key and itself; None if every number is in bounds. A file holds what a table says, and a
    table never says a billion.

    >>> too_large({"cards": {"points": {"A": 10**4300}}})[0]
    'cards.points.A'
    >>> too_large({"coups": [{"points": {"César": 40}}]}) is None
    True
    """
    return _where_too_large(value, where) if _holds_too_large(value) else None


def _holds_too_large(value: Any) -> bool:
    """Whether `too_large` finds anything: a walk without paths, 4 times faster, for a long game read by
    every command (500 coups with their trick logs: 2 ms)."""
    stack = [value]
    pop, extend = stack.pop, stack.extend
    while stack:
        item = pop()
        kind = type(item)
        if kind is dict:
            extend(item.values())
        elif kind is list:
            extend(item)
        elif kind is int or kind is float:
            if not -MOST <= item <= MOST:  # nan compares false: beyond
                return True
        elif kind is not str and isinstance(item, Mapping):  # a ruleset's MappingProxy
            extend(item.values())
    return False


def _where_too_large(value: Any, where: str) -> tuple[str, Any] | None:
    if isinstance(value, Mapping):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        number = isinstance(value, int | float) and not isinstance(value, bool)
        return (where, value) if number and not abs(value) <= MOST else None
    for key, item in items:
        found = _where_too_large(item, f"{where}.{key}" if where else str(key))
        if found is not None:
            return found
    return None


def reason(error: Exception) -> Any:
    """Why a file could not be read or written, for a message: a record of the catalogs for the refusals
    made here, else the system's own words (`strerror`), or the TOML reader's (`NotToml`)."""
    if isinstance(error, NotRegular | TooLarge | TooDeep):
        from scorekeeper.explain import record  # only a refusal needs it

        if isinstance(error, TooLarge):
            return record("reason.too_large", most=MOST_BYTES)
        if isinstance(error, TooDeep):
            return record("reason.too_deep", most=MOST_DEPTH)
        return record("reason.not_regular")
    return system_reason(error) if isinstance(error, OSError) else str(error)


# The system's reasons a file or a stream fails that a user meets, said in the catalog's words
# (`reason.errno.NAME`); any other in the system's own (`strerror`), which is English on most machines.
SAID_ERRNOS = frozenset(
    {"ENOENT", "EACCES", "EPERM", "EISDIR", "ENOTDIR", "ELOOP", "ENAMETOOLONG", "ENOSPC", "EDQUOT", "EROFS"}
    | {"EPIPE", "EBADF", "EEXIST", "EIO", "EADDRINUSE", "EADDRNOTAVAIL"}
)


def system_reason(error: OSError) -> Any:
    """Why the system refused, as a record of the catalogs where it is one a user meets (« fichier ou
    dossier introuvable »), else the system's own words."""
    import errno

    name = errno.errorcode.get(error.errno or 0)
    if name in SAID_ERRNOS:
        from scorekeeper.explain import record

        return record(f"reason.errno.{name}")
    return error.strerror or str(error) or type(error).__name__


def load(path: str | Path) -> dict[str, Any]:
    """The TOML of a regular file, with bad content always raised as `NotToml`; OSError (no file, no
    access, not a regular file, too large: see `read_regular`) passes through.

    tomllib fails with TOMLDecodeError, but also UnicodeDecodeError (not UTF-8), a plain ValueError (an
    integer of 4,300 digits) and RecursionError (arrays nested too deep): callers need not know which.
    """
    return loads(read_regular(path))


def loads(data: bytes) -> dict[str, Any]:
    """The TOML in `data`, or `NotToml` (see `load`). A UTF-8 byte order mark, which some editors write
    first, is read past: `utf-8-sig`.

    >>> loads(b"\\xef\\xbb\\xbfgame = 'whist'")
    {'game': 'whist'}
    """
    import tomllib  # only where TOML is read: a long game is read from its JSON copy (1.1 ms of every start)

    try:
        tables = tomllib.loads(data.decode("utf-8-sig"))
    except (ValueError, RecursionError) as error:
        raise NotToml(str(error) or type(error).__name__) from None
    if too_deep(tables):
        raise TooDeep(f"nested deeper than {MOST_DEPTH}")
    return tables


def too_deep(value: Any) -> bool:
    """Whether tables and arrays in `value` nest deeper than `MOST_DEPTH`: a walk without recursion, so
    that the check itself never hits the limit it guards.

    >>> deep = []
    >>> for _ in range(MOST_DEPTH + 1):
    ...     deep = [deep]
    >>> too_deep({"a": [[{"b": 1}]]}), too_deep(deep[0]), too_deep(deep)
    (False, False, True)
    """
    stack = [(value, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        item, depth = pop()
        if depth > MOST_DEPTH:
            return True
        for child in item.values() if type(item) is dict else item if type(item) is list else ():
            if type(child) is dict or type(child) is list:
                push((child, depth + 1))
    return False
