"""A game file: what was said at the table, never a computed total.

One TOML file per game under `$SCOREKEEPER_HOME/games/` (default: the platform's user data folder).
It holds a format version, the ruleset (its name and a full resolved copy, so that a later edit of
a ruleset file never changes a past game), the options, the players in seating order, the first
dealer, every coup exactly as declared, and the undo/redo journal. Every figure is a replay.

Writes are atomic (temp file in the same folder, fsync, rename) and made under an exclusive lock,
so a crash leaves the old file or the new one, and two writers never lose an update.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from scorekeeper import tomlfile
from scorekeeper.errors import UserError

FORMAT = 1
UNDO_DEPTH = 200  # steps kept in the journal; far more than a table ever undoes
LOCK_WAIT = 5.0  # seconds a writer waits for another before saying the game is busy
PARSED_COPY_FROM = 8192  # bytes of TOML (some 100 coups) from which a game keeps a parsed copy (see below)
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")


def home() -> Path:
    """The user data folder: `$SCOREKEEPER_HOME`, else the platform's (platformdirs)."""
    override = os.environ.get("SCOREKEEPER_HOME")
    if override:
        return Path(override).expanduser()
    import platformdirs  # only when no override: tests and benches never pay for it

    return platformdirs.user_data_path("scorekeeper", appauthor=False)


def games_dir() -> Path:
    return home() / "games"


def check_name(name: str) -> str:
    """A game name is a plain file name: no path, nothing that could write outside the games folder."""
    if not NAME_PATTERN.fullmatch(name) or name.endswith(".toml"):
        raise UserError(
            f"bad game name {name!r}: use letters, digits, '.', '_' or '-', "
            "starting with a letter or digit (64 at most)"
        )
    return name


def path_of(name: str) -> Path:
    return games_dir() / f"{check_name(name)}.toml"


class Ledger:
    """One game as declared. `coups` are plain tables; the game's engine reads and checks them."""

    def __init__(
        self,
        name: str,
        ruleset_name: str,
        ruleset: dict[str, Any],
        players: list[str],
        dealer: str,
        options: dict[str, Any] | None = None,
        coups: list[dict[str, Any]] | None = None,
        undo_journal: list[dict[str, Any]] | None = None,
        redo_journal: list[dict[str, Any]] | None = None,
        created: datetime | None = None,
    ) -> None:
        self.name = name
        self.ruleset_name = ruleset_name
        self.ruleset = ruleset
        self.players = players
        self.dealer = dealer
        self.options = {} if options is None else options
        self.coups = [] if coups is None else coups
        self.undo_journal = [] if undo_journal is None else undo_journal
        self.redo_journal = [] if redo_journal is None else redo_journal
        self.created = datetime.now().replace(microsecond=0) if created is None else created

    def __repr__(self) -> str:
        return f"Ledger({self.name!r}, {self.ruleset_name!r}, players={self.players!r}, {len(self.coups)} coups)"

    # --- what the table says ---------------------------------------------------------------------

    def add(self, coup: dict[str, Any]) -> None:
        self.coups.append(coup)
        self._journal({"op": "add"})

    def edit(self, index: int, coup: dict[str, Any]) -> None:
        self._journal({"op": "edit", "index": index, "coup": self.coups[index]})
        self.coups[index] = coup

    def undo(self) -> str:
        """Take back the last add or edit; `redo` puts it back. Returns what was undone."""
        if not self.undo_journal:
            raise UserError(f"nothing to undo in game {self.name}")
        step = self.undo_journal.pop()
        self.redo_journal.append(self._reverse(step))
        return _describe(step)

    def redo(self) -> str:
        if not self.redo_journal:
            raise UserError(f"nothing to redo in game {self.name}")
        step = self.redo_journal.pop()
        self.undo_journal.append(self._reverse(step))
        return _describe(step)

    def _journal(self, step: dict[str, Any]) -> None:
        self.undo_journal = [*self.undo_journal[-(UNDO_DEPTH - 1) :], step]
        self.redo_journal = []

    def _reverse(self, step: dict[str, Any]) -> dict[str, Any]:
        """Apply one journal step backwards or forwards; return the step that reverses it."""
        if step["op"] == "add":  # undo an add: the coup moves to the other journal
            if not self.coups:
                raise UserError(f"game {self.name} is damaged: its journal undoes a coup it does not have")
            coup = self.coups.pop()
            return {"op": "readd", "coup": coup}
        if step["op"] == "readd":  # redo an add
            self.coups.append(step["coup"])
            return {"op": "add"}
        index = step["index"]
        if index >= len(self.coups):
            raise UserError(f"game {self.name} is damaged: its journal edits coup {index + 1} of {len(self.coups)}")
        before = self.coups[index]
        self.coups[index] = step["coup"]
        return {"op": "edit", "index": index, "coup": before}

    # --- file form -------------------------------------------------------------------------------

    def to_toml(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "name": self.name,
            "created": self.created,
            "players": self.players,
            "dealer": self.dealer,
            "ruleset_name": self.ruleset_name,
            "options": self.options,
            "ruleset": self.ruleset,
            "coups": self.coups,
            "journal": {"undo": self.undo_journal, "redo": self.redo_journal},
        }

    @classmethod
    def from_toml(cls, data: dict[str, Any], source: str) -> Ledger:
        def need(key: str, kind: type, where: dict[str, Any] = data) -> Any:
            value = where.get(key)
            if not isinstance(value, kind):
                raise UserError(f"game file {source} is damaged: {key!r} is missing or not a {kind.__name__}")
            return value

        if data.get("format") != FORMAT:
            raise UserError(
                f"game file {source} has format {data.get('format')!r}; this scorekeeper reads format {FORMAT}"
            )
        players = need("players", list)
        if not players or not all(isinstance(p, str) for p in players):
            raise UserError(f"game file {source} is damaged: 'players' must list names")
        journal = data.get("journal", {})
        if not isinstance(journal, dict):
            raise UserError(f"game file {source} is damaged: 'journal' is not a table")
        ledger = cls(
            name=need("name", str),
            ruleset_name=need("ruleset_name", str),
            ruleset=need("ruleset", dict),
            players=players,
            dealer=need("dealer", str),
            options=need("options", dict) if "options" in data else {},
            coups=need("coups", list) if "coups" in data else [],
            undo_journal=need("undo", list, journal) if "undo" in journal else [],
            redo_journal=need("redo", list, journal) if "redo" in journal else [],
            created=data["created"] if isinstance(data.get("created"), datetime) else datetime.fromtimestamp(0),
        )
        if not all(isinstance(coup, dict) for coup in ledger.coups):
            raise UserError(f"game file {source} is damaged: every coup must be a table")
        if ledger.dealer not in ledger.players:
            raise UserError(f"game file {source} is damaged: the dealer {ledger.dealer!r} is not a player")
        for step in (*ledger.undo_journal, *ledger.redo_journal):
            if not _valid_step(step, len(ledger.coups)):
                raise UserError(f"game file {source} is damaged: bad undo/redo step {step!r}")
        return ledger


def _valid_step(step: Any, count: int) -> bool:
    if not isinstance(step, dict):
        return False
    if step.get("op") == "add":
        return True
    if step.get("op") == "readd":
        return isinstance(step.get("coup"), dict)
    index = step.get("index")
    return step.get("op") == "edit" and isinstance(index, int) and isinstance(step.get("coup"), dict) and index >= 0


def _describe(step: dict[str, Any]) -> str:
    return f"edit of coup {step['index'] + 1}" if step["op"] == "edit" else "last coup"


# --- files ---------------------------------------------------------------------------------------


def exists(name: str) -> bool:
    return path_of(name).is_file()


def read(name: str) -> Ledger:
    path = path_of(name)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise UserError(f"no game named {name!r}: `scorekeeper games` lists them") from None
    except OSError as error:
        raise UserError(f"game file {path} cannot be read ({error.strerror})") from None
    data = _parsed(name, raw) if len(raw) >= PARSED_COPY_FROM else None
    if data is None:
        try:
            data = tomlfile.loads(raw)
        except tomlfile.NotToml as error:
            raise UserError(f"game file {path} is damaged: not valid TOML ({error})") from None
    ledger = Ledger.from_toml(data, str(path))
    if ledger.name != name:
        raise UserError(f"game file {path} is damaged: it names itself {ledger.name!r}")
    return ledger


def write(ledger: Ledger) -> None:
    """Write the game atomically, then its parsed copy. Call it inside `locked(name)`."""
    import tomli_w  # only commands that write pay for it

    data = ledger.to_toml()
    raw = tomli_w.dumps(data).encode()
    write_atomic(path_of(ledger.name), raw)
    if len(raw) >= PARSED_COPY_FROM:
        _keep_parsed(ledger.name, raw, data)
    else:
        _parsed_path(ledger.name).unlink(missing_ok=True)


# --- the parsed copy -------------------------------------------------------------------------------
# Python's TOML reader takes ~20 µs a coup: most of the time `sheet` spends on a long partie. So a
# write of a long game leaves beside its file the same tables as JSON, which loads twenty times faster,
# with the hash of the TOML bytes they came from. A read uses the copy only when that hash is the
# file's own: after a hand edit, or with no copy, the TOML is read. The TOML alone is the game; the
# copy is never the only place of anything, and it goes through the same checks as the TOML. A short
# game has none: there, importing json would cost more than the TOML read saves.


def _parsed_path(name: str) -> Path:
    return games_dir() / f".{check_name(name)}.json"


def _digest(raw: bytes) -> str:
    try:
        from _blake2 import blake2b  # what hashlib serves blake2b from, without hashlib's import of OpenSSL
    except ImportError:
        from hashlib import blake2b

    return blake2b(raw, digest_size=20).hexdigest()


def _keep_parsed(name: str, raw: bytes, data: dict[str, Any]) -> None:
    import json

    created = data["created"]
    try:
        text = json.dumps({"toml": _digest(raw), "created": created.isoformat(), "data": {**data, "created": None}})
    except (TypeError, ValueError):  # a hand-edited file may hold dates, which JSON has not: no copy then
        _parsed_path(name).unlink(missing_ok=True)
        return
    # No fsync: a copy lost or torn in a crash no longer matches the file, which is then read itself.
    write_atomic(_parsed_path(name), text.encode(), durable=False)


def _parsed(name: str, raw: bytes) -> dict[str, Any] | None:
    """The tables of the game file `raw` from its parsed copy, or None to read the TOML."""
    import json

    try:
        copy = json.loads(_parsed_path(name).read_bytes())
        if copy["toml"] != _digest(raw):
            return None
        data = copy["data"]
        data["created"] = datetime.fromisoformat(copy["created"])
        # JSON has null and TOML has not: a copy holding one was not written by scorekeeper.
        return None if _holds_null(data) else data
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None


def _holds_null(value: Any) -> bool:
    if isinstance(value, dict):
        return any(_holds_null(item) for item in value.values())
    if isinstance(value, list):
        return any(_holds_null(item) for item in value)
    return value is None


def write_atomic(path: Path, data: bytes, durable: bool = True) -> None:
    """Temp file in the same folder, fsync, rename: the file is always the old one or the new one.

    `durable=False` skips the fsyncs, for a file a crash may lose (the parsed copy).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # only a write needs it

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
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
        dir_fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


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
                raise UserError(f"game {name} is busy: another scorekeeper is writing it; try again") from None
            time.sleep(0.02)


@contextmanager
def changing(name: str) -> Iterator[Ledger]:
    """Read a game under its lock, let the caller change it, write it back if no error was raised."""
    with locked(name):
        ledger = read(name)
        yield ledger
        write(ledger)
        # A writer killed mid-write leaves its temp file; under the lock none is in use, so sweep them.
        for pattern in (f".{name}.toml.*.tmp", f"..{name}.json.*.tmp"):
            for stale in games_dir().glob(pattern):
                stale.unlink(missing_ok=True)


def create(ledger: Ledger) -> None:
    with locked(ledger.name):
        if exists(ledger.name):
            raise UserError(f"a game named {ledger.name!r} exists already: choose another with --game")
        write(ledger)
    set_current(ledger.name)


# --- the current game ----------------------------------------------------------------------------


def current_name() -> str | None:
    try:
        name = (home() / "current").read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return name if NAME_PATTERN.fullmatch(name) else None


def set_current(name: str) -> None:
    if current_name() != name:
        write_atomic(home() / "current", name.encode())


_chosen: list[str] = []  # a game named with --game, made current only once its command has succeeded


def pick(name: str | None) -> str:
    """The game a command works on: `--game NAME` (current once the command succeeds), else the current one."""
    if name is not None:
        check_name(name)
        if not exists(name):
            raise UserError(f"no game named {name!r}: `scorekeeper games` lists them")
        _chosen.append(name)
        return name
    current = current_name()
    if current is None or not exists(current):
        raise UserError(
            "no current game: start one with `scorekeeper new RULESET --player ...`, or name one with --game"
        )
    return current


def forget_choice() -> None:
    """A new command starts: no game chosen yet."""
    _chosen.clear()


def confirm_choice() -> None:
    """The command succeeded: the game it was given with --game becomes the current one."""
    while _chosen:
        set_current(_chosen.pop())


def all_names() -> list[str]:
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
