"""The derived cache: a long game's tables as JSON, keyed by the hash of the TOML bytes they came from.

Python's TOML reader takes ~20 µs a coup, and loading the same tables from JSON ~1 µs: on a long
partie the TOML read is most of what `sheet` spends past its imports (bench/bench.py: 10,000
coups read and replayed in 0.12 s with the cache, 0.20 s from the TOML; `sheet` on a 500-coup game
is measured against the import floor). So a write of a long game leaves its tables in
`cache_dir()/games/DIGEST.json`, where DIGEST is the hash of the file's bytes, and a read whose
bytes have that hash loads them from there; after a hand edit, or with no entry, the TOML is read.
The TOML alone is the game: an entry is never the only place of anything, it goes through the same
checks as the TOML, and a failure to read or write it (no folder, no access, torn or forged JSON)
only costs time, never a command. A short game has none: below `CACHE_FROM` bytes, importing json
costs more than the TOML read saves.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from scorekeeper.disk import cache_dir, leftovers, write_atomic
from scorekeeper.tomlfile import read_regular, too_deep

CACHE_FROM = 8192  # bytes of TOML (some 100 coups) from which a game has an entry
DERIVED_MOST = 1 << 20  # bytes of what a command derived from a game: a summary is a few hundred


def load(raw: bytes) -> dict[str, Any] | None:
    """The tables of the game file `raw` from its entry, or None: then the caller reads the TOML."""
    found = entry_of(raw)
    return None if found is None else found[0]


def entry_of(raw: bytes) -> tuple[dict[str, Any], list[str] | None] | None:
    """The tables of the game file `raw` from its entry, with the JSON text of each of its coups where the
    entry holds them one a line (`_keep`: what the next write takes again); None where there is no entry."""
    if len(raw) < CACHE_FROM:
        return None
    import json

    try:
        text = _entry(raw).read_bytes()
        entry = json.loads(text)
        data = entry["data"]
        data["created"] = datetime.fromisoformat(entry["created"])
        # JSON has null and TOML has not: an entry holding one was not written by scorekeeper. Looked for
        # in the bytes first: an entry holds none (its `created` is text since issue 28), and the walk of
        # every value cost 1.4 ms at 2,000 coups, at every read (`null` in a note still walks).
        if too_deep(data) or (b"null" in text and holds_null(data)):
            return None
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    return data, _coup_lines(text, data)


def _coup_lines(text: bytes, data: dict[str, Any]) -> list[str] | None:
    """Each coup's JSON in an entry `_keep` wrote, one a line at its end; None for an entry of another form."""
    start = text.rfind(COUPS)
    coups = data.get("coups")
    if start < 0 or not text.endswith(END) or type(coups) is not list:
        return None
    lines = text[start + len(COUPS) : -len(END)].decode().split(",\n") if coups else []
    return lines if len(lines) == len(coups) else None


def replace(
    before: bytes | None,
    raw: bytes,
    data: dict[str, Any],
    derived: Mapping[str, Any] | None = None,
    known: Known | None = None,
) -> list[str] | None:
    """After a game file's bytes went from `before` to `raw` (tables `data`): drop the old entry, keep a new one;
    and what the command derived from the game (`Ledger.derived`, by folder of the cache), kept the same way.
    `known`: coups of the entry before and their JSON (`entry_of`), which the new one takes again. Returns the
    new entry's JSON of its coups (None: none kept), for the next write of the same process.

    Dropping the old entry keeps the folder at one entry a long game, not one a write. Called once
    the game is stored, under its lock: nothing here may fail, so every error is swallowed.
    """
    for folder, value in (derived or {}).items():
        with suppress(OSError, TypeError, ValueError, RecursionError):
            _keep_derived(folder, before, raw, value)
    if before is not None and len(before) >= CACHE_FROM:
        with suppress(OSError):
            old = _entry(before)
            for path in (old, *leftovers(old)):  # no other game's bytes have this hash: all of it is this game's
                path.unlink(missing_ok=True)
    if len(raw) >= CACHE_FROM:
        with suppress(OSError):
            return _keep(raw, data, known)
    return None


class Known(NamedTuple):
    """The coups of a game's last entry (the ledger's own objects) and the JSON of each, in that order."""

    coups: list[dict[str, Any]]
    lines: list[str]


COUPS, END = b', "coups": [\n', b"\n]}}"  # an entry's coups, one a line at its end (JSON text holds no newline)


def _keep(raw: bytes, data: dict[str, Any], known: Known | None) -> list[str] | None:
    """The entry of `raw` written: its coups last, one a line, each taken from `known` where it is the same
    coup (the same object: a coup in a ledger is replaced, never changed in place, as `store.written` takes
    its TOML lines), the others written alone. Measured (issue 28): the whole entry written again cost
    1.2 ms of every write at 2,000 coups; so, 0.2 ms."""
    import json

    created = data["created"].isoformat()
    coups = data.get("coups", [])
    old, kept = ([], []) if known is None else known
    where: dict[int, tuple[dict[str, Any], str]] | None = None
    lines = []
    try:
        for place, coup in enumerate(coups):
            if place < len(old) and old[place] is coup:  # at its place: an entry added, or taken back
                lines.append(kept[place])
                continue
            if where is None:  # entries inserted or deleted before it: looked for anywhere
                where = {id(one): (one, line) for one, line in zip(old, kept, strict=False)}
            found = where.get(id(coup))
            lines.append(found[1] if found is not None and found[0] is coup else json.dumps(coup))
        # `created` said twice, as text: JSON has no date, and a null would make `load` walk every value
        head = json.dumps(
            {"created": created, "data": {key: data[key] for key in data if key != "coups"} | {"created": created}}
        )
    except (TypeError, ValueError, RecursionError):  # a hand-edited file may hold dates, which JSON has not
        return None
    text = head[:-2].encode() + COUPS + ",\n".join(lines).encode() + END
    # No fsync: an entry lost or torn in a crash is missing or not JSON, and the TOML is read.
    write_atomic(_entry(raw), text, durable=False)
    return lines


def _keep_derived(folder: str, before: bytes | None, raw: bytes, value: Any) -> None:
    import json

    text = json.dumps(value, ensure_ascii=False).encode()
    where = cache_dir() / folder
    if before is not None:
        (where / f"{digest(before)}.json").unlink(missing_ok=True)
    write_atomic(where / f"{digest(raw)}.json", text, durable=False)


def keep_derived(folder: str, raw: bytes, value: Any) -> None:
    """What a command that only read the game file `raw` derived from it, kept in `folder` of the cache as a
    writer keeps it (`replace`), for the next reader; best-effort, as everything here."""
    with suppress(OSError, TypeError, ValueError, RecursionError):
        _keep_derived(folder, None, raw, value)


def derived(folder: str, key: str) -> Any:
    """What a command derived from the game file whose bytes hash to `key` (`digest`) as it wrote it, kept
    in `folder` of the cache (`replace`): parsed JSON, which the reader checks; None where there is none."""
    return derived_in(os.path.join(cache_dir(), folder), key)


def derived_in(where: str, key: str) -> Any:
    """`derived` from the folder `where` (`cache_dir() / folder`), found once by a reader of many (`stats`)."""
    import json

    try:
        return json.loads(read_regular(f"{where}{os.sep}{key}.json", most=DERIVED_MOST))
    except (OSError, ValueError, RecursionError):
        return None


def digest(raw: bytes) -> str:
    """The hash that names what the cache keeps of a game file's bytes."""
    try:
        from _blake2 import blake2b  # what hashlib serves blake2b from, without hashlib's import of OpenSSL
    except ImportError:
        from hashlib import blake2b

    return blake2b(raw, digest_size=20).hexdigest()


def _entry(raw: bytes) -> Path:
    """Named by the hash of the bytes alone: no game name in it to check, and it needs no other key."""
    return cache_dir() / "games" / f"{digest(raw)}.json"


def holds_null(value: Any) -> bool:
    if isinstance(value, dict):
        return any(holds_null(item) for item in value.values())
    if isinstance(value, list):
        return any(holds_null(item) for item in value)
    return value is None
