"""The names index: each game file's name as its head says it, known by the file's stamp, so that a name
not stored is looked for among the stored ones (C-4: a name that reads as a stored one is that game)
without reading every game's head.

`store.create` of a name not stored read every game file's head four times over (the table's game looked
for, its lock, the check that the name is free, the write), some 40 ms each at 312 games, and a concours
makes a table's game at its first coup: the 312th of bench/concours.py cost in proportion to the games
stored (figures in docs/performance.md). A file is known by its stamp (size, time and inode, as
`history.summaries` knows it), so a file changed since, by a command or by hand, has its head read again;
a stamp as recent as `RACY` is not kept (a write in the same tick of the clock, of the same size, would look
the same). The index is the cache's (`store/cache.py`'s rules): lost or torn, it only costs the time of
reading the heads again.
"""

from __future__ import annotations

import os
import stat
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from scorekeeper.disk import cache_dir, write_atomic
from scorekeeper.players import skeleton

FOLDER = "names-1"  # bump when an entry's form changes: older indexes are then ignored
RACY = 2_000_000_000  # ns, as history.RACY


def named(folder: Path, head: Any) -> list[tuple[str, str, str]]:
    """Each game file of `folder`: its name (what `head(path)` says, or the index for a file of the same
    stamp), its file stem and what its name reads as (`players.skeleton`, kept too: 1,264 skeletons were
    most of a create's time at 312 games); files that name no game are left out."""
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no folder yet, or not one
        return []
    kept = _load(folder)
    fresh: dict[str, list[Any]] = {}
    found = []
    now = time.time_ns()
    for entry in entries:
        if not entry.name.endswith(".toml") or entry.name.startswith("."):  # as `glob("*.toml")` lists them
            continue
        try:
            info = entry.stat()
        except OSError:
            continue
        stamp = [info.st_size, info.st_mtime_ns, info.st_ino]
        seen = kept.get(entry.name)
        if (
            isinstance(seen, list)
            and len(seen) == 5
            and seen[:3] == stamp
            and all(isinstance(x, str) for x in seen[3:])
        ):
            name, read_as = seen[3], seen[4]
        else:
            told = head(Path(entry.path)).get("name") if stat.S_ISREG(info.st_mode) else None
            name = told if isinstance(told, str) and told.strip() else ""
            read_as = skeleton(name)
        if now - info.st_mtime_ns > RACY and stat.S_ISREG(info.st_mode):
            fresh[entry.name] = [*stamp, name, read_as]
        if name:
            found.append((name, entry.name[: -len(".toml")], read_as))
    if fresh != kept:
        _keep(folder, fresh)
    return found


def _file(folder: Path) -> Path:
    return cache_dir() / FOLDER / f"{folder.name}.json"


def _load(folder: Path) -> dict[str, Any]:
    import json

    try:
        kept = json.loads(_file(folder).read_bytes())
    except (OSError, ValueError, RecursionError):
        return {}
    return kept if isinstance(kept, dict) else {}


def _keep(folder: Path, kept: dict[str, Any]) -> None:
    import json

    with suppress(OSError, TypeError, ValueError):
        write_atomic(_file(folder), json.dumps(kept, ensure_ascii=False).encode(), durable=False)
