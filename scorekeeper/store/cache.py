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

from collections.abc import Mapping
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import Any

from scorekeeper.tomlfile import read_regular, too_deep
from scorekeeper.store.disk import cache_dir, leftovers, write_atomic

CACHE_FROM = 8192  # bytes of TOML (some 100 coups) from which a game has an entry
DERIVED_MOST = 1 << 20  # bytes of what a command derived from a game: a summary is a few hundred


def load(raw: bytes) -> dict[str, Any] | None:
    """The tables of the game file `raw` from its entry, or None: then the caller reads the TOML."""
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
        return None if too_deep(data) or (b"null" in text and holds_null(data)) else data
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None


def replace(
    before: bytes | None, raw: bytes, data: dict[str, Any], derived: Mapping[str, Any] | None = None
) -> None:
    """After a game file's bytes went from `before` to `raw` (tables `data`): drop the old entry, keep a new one;
    and what the command derived from the game (`Ledger.derived`, by folder of the cache), kept the same way.

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
            _keep(raw, data)


def _keep(raw: bytes, data: dict[str, Any]) -> None:
    import json

    created = data["created"]
    try:
        # `created` said twice, as text: JSON has no date, and a null would make `load` walk every value
        text = json.dumps({"created": created.isoformat(), "data": {**data, "created": created.isoformat()}})
    except (TypeError, ValueError, RecursionError):  # a hand-edited file may hold dates, which JSON has not
        return
    # No fsync: an entry lost or torn in a crash is missing or not JSON, and the TOML is read.
    write_atomic(_entry(raw), text.encode(), durable=False)


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
    import json

    try:
        return json.loads(read_regular(cache_dir() / folder / f"{key}.json", most=DERIVED_MOST))
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
