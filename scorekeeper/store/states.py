"""A game's running state kept in the cache, so that `coup` and `undo` replay no coup before it (issue 28).

What is kept is the engine's `snapshot` of the state after the first N coups (`games.contract.Keeping`: the scores,
who deals, the coup count...; never the fiche's lines of the coups before), as JSON data, never pickle: a
cache folder must not be a way to run code. It is kept in `cache_dir()/states/GAME/KEY.json`: GAME the hash
of the game file's name, KEY the hash of all the state depends on (`key`): the version of the code that
made it, the game's engine, ruleset and options, players and dealer, and the text of its first N coups as
the file holds them. So a change to any of them (an edit, a delete, an undo past N, a hand edit, a new
version of the code) is another key: the state is not found, and the command replays from the first deal.
A game keeps a few states (`KEPT`), the oldest dropped: the one after its last coup, the one before it
(found again by `undo`). Measured (docs/performance.md): at 2,000 coups a manille state is 216 bytes read back in 36 µs,
where the replay from the first deal is 2,002 `advance` calls, 42 ms; `coup` went from 1.84x to 1.30x the
import floor (1.21x at 10 coups), `undo` from 1.97x to 1.41x (1.36x at 10 coups, before as after): installed,
farm-bench, CPU medians of 15 pairs.

The key reads the coups' text from the file as read or last written (`store.written`), where the store
already holds it: the key costs a hash of bytes at hand, where hashing the coups as said would format
each of them again. The text holds each coup's time and note beside what was said, which the engines
never read: a note added to a coup changes the key of the states after it, which costs one replay,
never a wrong figure. A game whose coups are not one a line (a trick log's, l'hombre's tables) keeps its states
under the hash of its coups as said (`service.reads._key`): a trick log's points are then the referee's code.

Trusted as the cache's JSON copy of a game is (`store.cache`): whoever can write the cache folder can forge
either, as he can the game file itself. A state is still read with care: a file missing, torn, too large,
of another form, or refused by the engine's `restore` is no state, never a failure; every error here only
costs time.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Any

from scorekeeper.disk import cache_dir, write_atomic
from scorekeeper.store.cache import digest
from scorekeeper.store.written import Written

KEPT = 4  # states a game keeps: after its last coup and before it, and two more for a few undos in a row
MOST = 1 << 22  # bytes of a kept state: a manille state is some 200, an hombre one a few KB


def key(package: str, made_of: Any, coups: Sequence[str]) -> str | None:
    """What a state is kept under: the hash of the code it stands on (`code`, `package` the folder of the
    game's engine), of `made_of` (what the state depends on beside its coups: the game, its ruleset and
    options, players and dealer, as JSON data) and of `coups`, its coups' text (`lines`, else as said)."""
    import json

    try:
        head = json.dumps([code(package), made_of], sort_keys=True, default=str, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return None
    return digest("\n".join([head, *coups]).encode())


def lines(written: Written | None, coups: Sequence[Mapping[str, Any]], count: int) -> list[str] | None:
    """The lines of the first `count` of `coups` in the game's text as read or last written, where its coups
    are one a line and are those `written` holds; else None (a trick log's tables, a coup too long for a
    line, a coup put back by `redo`: the caller says the coups otherwise)."""
    if written is None or count > len(coups) or count > len(written.coups):
        return None
    found = written.coup_lines()
    if len(found) < count:
        return None
    kept = written.coups
    for at in range(count):  # the same coups as the text's: a coup in a ledger is replaced, never changed in place
        if coups[at] is not kept[at]:
            return None
    return found[:count]


def find(path: Path, found: str, count: int) -> Any:
    """The state kept under key `found` for the game of file `path`, as JSON data, if it is one after
    `count` coups; else None."""
    import json

    from scorekeeper.tomlfile import read_regular

    try:
        kept = json.loads(read_regular(_folder(path) / f"{found}.json", most=MOST))
        if type(kept) is not dict or kept.get("count") != count or type(kept.get("count")) is not int:
            return None
        return kept.get("state")
    except (OSError, ValueError, RecursionError):
        return None


def keep(path: Path, found: str, count: int, state: Any) -> None:
    """Keep `state` (JSON data) under key `found` for the game of file `path`, the oldest states beyond
    `KEPT` dropped; best-effort, never a failure: a state not kept is replayed again."""
    import json

    if state is None:  # the engine could not write it
        return
    with suppress(OSError, TypeError, ValueError, RecursionError):
        text = json.dumps({"count": count, "state": state}, separators=(",", ":"), ensure_ascii=False)
        folder = _folder(path)
        write_atomic(folder / f"{found}.json", text.encode(), durable=False)  # no fsync: a torn state is none
        _prune(folder)


def _prune(folder: Path) -> None:
    """The game's `KEPT` newest states kept, the others dropped, with what killed writers left."""
    entries = []
    for entry in os.scandir(folder):
        with suppress(OSError):
            entries.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry.name, entry.path))
    if len(entries) <= KEPT:
        return
    entries.sort(reverse=True)
    for _, _, stale in entries[KEPT:]:
        with suppress(OSError):
            os.unlink(stale)


def _folder(path: Path) -> Path:
    """The game's own folder of states, named by the hash of its file's name (the cache is the data folder's:
    a data folder copied or moved keeps its states). Two games of one name (one in the trash) only share
    the pruning: a state is found by all it was made from."""
    return cache_dir() / "states" / digest(path.name.encode())


# The folders of the package whose Python files make a state, beside the game's own: the core, the games'
# registry, and the referee, which gives the points of a coup said by its trick log (`audit_manille`).
MAKERS = ("", "games", "referee")


@cache
def code(package: str) -> str:
    """What tells one version of the code that makes a state from another: each Python file of `MAKERS` and
    of the game's package (folder `package`), by name, size and time (once a process). A new version that
    scores a coup otherwise (a rule mended, in a checkout as by an install) must not go on from the old
    one's state."""
    import scorekeeper

    root = Path(scorekeeper.__file__).parent
    found = []
    for folder in (*(root / part for part in MAKERS), Path(package)):
        with suppress(OSError):
            for entry in os.scandir(folder):
                if entry.name.endswith(".py"):
                    info = entry.stat()
                    found.append(f"{entry.path}:{info.st_size}:{info.st_mtime_ns}")
    return digest("\n".join(sorted(found)).encode())
