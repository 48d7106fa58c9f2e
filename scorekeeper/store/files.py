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
import sys
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, NamedTuple

from scorekeeper import players as names
from scorekeeper import tomlfile
from scorekeeper.disk import games_dir, home, leftovers, write_atomic
from scorekeeper.errors import UserError
from scorekeeper.notices import noted, stored
from scorekeeper.store import cache
from scorekeeper.store.ledger import Ledger, damage
from scorekeeper.store.written import Written, dumps

LOCK_WAIT = 5.0  # seconds a writer waits for another before saying the game is busy
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")  # a plain file name, as games were named before C-4
TRASH, ARCHIVE = "trash", "archive"  # folders of the data folder: deleted games, archived ones


def check_name(name: str) -> str:
    """A game's name (C-4), as typed: any printable text, its file name derived from it (`file_stem`)."""
    return names.check_name(name)


def check_new_name(name: str) -> str:
    """A name given to a game (new, a revanche, a rename), checked as `check_name`, and not one ending in
    `~` and a number, which is how the trash and the archive tell apart games of one name (`h~2`,
    `PutAway.id`): a game so named would collide with one put away (issue 43)."""
    checked = check_name(name)
    if _NUMBERED.fullmatch(checked):
        raise UserError("name_like_trash_id", "C-4", name=checked)
    return checked


def file_stem(name: str) -> str:
    """The file name of a game named `name`: the name itself when it is a plain file name (as every game
    was named before C-4), else its folded letters and digits and a hash of its folded form, so that
    no name writes outside the games folder and two names that fold alike share one file.

    >>> file_stem("marius"), file_stem("Café du Port")
    ('marius', 'cafe-du-port-fe986b93')
    """
    if NAME_PATTERN.fullmatch(name) and not name.endswith(".toml"):
        return name
    try:
        from _blake2 import blake2b  # as the cache: without hashlib's import of OpenSSL, which costs start-up
    except ImportError:
        from hashlib import blake2b

    folded = names.fold_name(name)
    plain = unicodedata.normalize("NFKD", folded).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:40] or "game"
    return f"{slug}-{blake2b(folded.encode(), digest_size=4).hexdigest()}"


def path_of(name: str, folder: str | None = None) -> Path:
    """The game's file (in the games folder, or `folder` of the data folder: the trash, the archive).
    A game stored under another spelling of its name (`Marius` for `marius`, `Мarius` with a Cyrillic М) is
    found by what the name reads as (C-4: its skeleton), so a name that reads as a stored one is taken."""
    where = games_dir() if folder is None else home() / folder
    path = where / f"{file_stem(check_name(name))}.toml"
    if not path.is_file():
        wanted = names.skeleton(name)
        for _, stem, read_as in _read(where):
            if read_as == wanted:
                return where / f"{stem}.toml"
    return path


def exists(name: str, folder: str | None = None) -> bool:
    """Whether a game of that name is stored (a bad name raises, as everywhere)."""
    return path_of(name, folder).is_file()


def read(name: str, folder: str | None = None) -> Ledger:
    """The game as stored; a missing, unreadable or damaged file is a UserError that says which."""
    return _read_at(path_of(name, folder), name)


def _read_at(path: Path, name: str) -> Ledger:
    """The game in file `path`, which must name itself `name` (folded)."""
    try:
        raw = tomlfile.read_regular(path)
    except FileNotFoundError:
        raise UserError("no_game", name=name) from None
    except OSError as error:
        raise UserError("game_unreadable", path=str(path), reason=tomlfile.reason(error)) from None
    found = cache.entry_of(raw)
    data, json_lines = (None, None) if found is None else found
    written = data is not None  # an entry is only ever kept for bytes the store wrote: one coup a line
    if data is None:
        try:
            data = tomlfile.loads(raw)
        except tomlfile.NotToml as error:
            problem = damage("not_toml", reason=tomlfile.reason(error))
            raise UserError("game_damaged", path=str(path), problem=problem) from None
    ledger = Ledger.from_toml(data, str(path))
    if names.fold_name(ledger.name) != names.fold_name(name):
        if names.skeleton(ledger.name) == names.skeleton(name):  # `Сafe` (a Cyrillic С) for `Cafe`: not damage
            raise UserError("no_game_look_alike", "C-4", name=name, stored=ledger.name)
        raise UserError("game_damaged", path=str(path), problem=damage("misnamed", name=ledger.name))
    if written:
        ledger.written = Written(raw.decode(), list(ledger.coups), json=json_lines)
    return ledger


def write(ledger: Ledger) -> None:
    """Write the game atomically, then its cache entry (best-effort). Call it inside `locked(name)`."""
    _write_at(path_of(ledger.name), ledger)


def _write_at(path: Path, ledger: Ledger) -> None:
    data = ledger.to_toml()
    last = ledger.written
    written = dumps(data, last)
    raw = written.text.encode()
    try:
        before = tomlfile.read_regular(path)  # for the cache: the entry of these bytes is no longer any file's
    except OSError:
        before = None
    with _trouble(path.parent):
        write_atomic(path, raw)
    ledger.written = written
    stored(ledger.name)
    known = None if last is None or last.json is None else cache.Known(last.coups, last.json)
    ledger.written = written._replace(json=cache.replace(before, raw, data, ledger.derived, known))


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
    with _lock(_lock_path(name), name):
        yield


def _lock_path(name: str) -> Path:
    """The lock file of game `name`, beside the games (`locked`, `free`)."""
    return games_dir() / f".{path_of(name).stem}.lock"


def free(name: str) -> bool:
    """Whether game `name` can be written now: its lock taken and let go at once, never waited for (the
    served page waits for it without holding anyone up, `serve`)."""
    try:
        with _lock(_lock_path(name), name, 0):
            return True
    except UserError as error:
        if error.key == "game_busy":
            return False
        raise


@contextmanager
def waiting(seconds: float) -> Iterator[None]:
    """Writers wait at most `seconds` for another's lock for a while (LOCK_WAIT otherwise): the served page
    waits out a busy game first (`free`), so its write, if another took the lock since, waits only a moment."""
    global LOCK_WAIT
    was, LOCK_WAIT = LOCK_WAIT, seconds
    try:
        yield
    finally:
        LOCK_WAIT = was


@contextmanager
def _lock(path: Path, name: str, wait: float | None = None, busy: str = "game_busy") -> Iterator[None]:
    """Lock file `path`, removed when the lock is released, so that a thousand games leave no thousand
    lock files. Removed under the lock: a writer that opened it meanwhile and waited finds, once it holds
    it, that the path names another file or none (`_same`), and locks the one in its place."""
    while True:
        handle = _open_lock(path)
        try:
            _acquire(handle, name, LOCK_WAIT if wait is None else wait, busy)
        except BaseException:
            handle.close()
            raise
        if _same(handle, path):
            break
        handle.close()
    try:
        yield
    finally:
        with suppress(OSError):  # Windows keeps an open file: there it stays, as it always did
            if _same(handle, path):
                path.unlink()
        handle.close()  # closing releases the lock


def _same(handle: Any, path: Path) -> bool:
    """Whether `path` is still the file `handle` holds open (a link in its place is not)."""
    try:
        found, held = os.stat(path, follow_symlinks=False), os.fstat(handle.fileno())
    except OSError:
        return False
    return (found.st_dev, found.st_ino) == (held.st_dev, held.st_ino)


def _open_lock(path: Path) -> Any:
    """Lock file `path`, opened without following a link and without waiting on a FIFO: a link, a
    folder or a device in its place is refused, and nothing is created outside the data folder."""
    with _trouble(path.parent):
        path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), 0o600)
    except OSError as error:
        import errno  # only a refused lock needs it

        # A folder that takes no new file is no lock file's fault: removing one would not help.
        unwritable = error.errno == errno.EROFS or (error.errno in (errno.EACCES, errno.EPERM) and not path.exists())
        key = "store_unwritable" if unwritable else "bad_lock"
        raise UserError(key, path=str(path), folder=str(path.parent), reason=tomlfile.reason(error)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise UserError("bad_lock", path=str(path), reason=tomlfile.reason(tomlfile.NotRegular(str(path))))
    return os.fdopen(fd, "r+b")


def lock_file(path: Path, name: str, wait: float | None = None, busy: str = "game_busy") -> Any:
    """An exclusive lock on file `path` of the data folder (not a game's: a concours's), as a game's is
    taken: waiting `wait` seconds (LOCK_WAIT when None; 0: not at all), then the UserError `busy` naming `name`."""
    return _lock(path, name, wait, busy)


def _acquire(handle: Any, name: str, wait: float = LOCK_WAIT, busy: str = "game_busy") -> None:
    if sys.platform == "win32":
        import msvcrt

        def attempt() -> None:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)

    else:
        import fcntl

        def attempt() -> None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    deadline = time.monotonic() + wait
    while True:
        try:
            attempt()
            return
        except OSError:
            if time.monotonic() >= deadline:
                raise UserError(busy, name=name) from None
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
    legacy = path.with_name(f".{path.stem}.json")
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
        refuse_taken(ledger.name)
        write(ledger)


def refuse_taken(name: str) -> None:
    """Refuse `name` for a new game or a rename if a stored game has it: in another alphabet's letters
    that look the same (C-4, `Сafe` with a Cyrillic С for `Cafe`), saying which name it reads as; else
    as taken. One wording wherever a name is given (`new`, `games rename`)."""
    if not exists(name):
        return
    taken = head(path_of(name)).get("name")
    if isinstance(taken, str) and names.fold_name(taken) != names.fold_name(name):
        raise UserError("name_lookalike", "C-4", name=name, taken=taken)
    raise UserError("game_exists", name=name)


def all_names(folder: str | None = None) -> list[str]:
    """Every stored game's name (in the games folder, or `folder`), sorted as folded; files that are not
    games are left out."""
    return sorted((name for name, _ in _named(games_dir() if folder is None else home() / folder)), key=names.fold_name)


def revanche(name: str) -> str | None:
    """The newest game stored as the revanche of game `name` (`revanche_of` in its head), if any: only the
    files written since `name`'s are looked at."""
    since = _identity_time(path_of(name))
    found: list[tuple[int, str]] = []
    for path in games_dir().glob("*.toml"):
        written = _identity_time(path)
        if written >= since and path != path_of(name):
            top = head(path)
            of, named = top.get("revanche_of"), top.get("name")
            if isinstance(of, str) and isinstance(named, str) and names.fold_name(of) == names.fold_name(name):
                found.append((written, named))
    return max(found)[1] if found else None


def _identity_time(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _named(folder: Path) -> list[tuple[str, str]]:
    """Each game file's name (from its `head`) and file stem."""
    return [(name, stem) for name, stem, _ in _read(folder)]


def _read(folder: Path) -> list[tuple[str, str, str]]:
    """Each game file's name, file stem and skeleton, from the names index for a file unchanged since it
    was read, else from its `head` (`store.index`)."""
    from scorekeeper.store import index

    return index.named(folder, head)


def head(path: Path) -> dict[str, Any]:
    """The top-level keys of a game file (name, lang...), `{}` if it cannot be read: they come before
    the coups and the first table, and a long game must not be parsed whole for its name or its language.
    A file written before issue 28 has its `lang` after the coups: there the coups' lines are skipped,
    not parsed, and the keys after them read."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode) or info.st_size > tomlfile.MOST_BYTES:  # a FIFO or a device is never
            return {}  # opened, nor a file larger than any game read: `read` says what is wrong with either
        with path.open(encoding="utf-8", errors="replace") as handle:
            lines, at_coups = _top_keys(handle)
            try:
                found = tomlfile.loads("".join(lines).encode())
                if at_coups and "lang" not in found:
                    if not any(line == "]\n" for line in handle):  # not one coup a line: a hand-written file
                        raise tomlfile.NotToml
                    found = tomlfile.loads("".join(lines + _top_keys(handle)[0]).encode())
                return found
            except tomlfile.NotToml:  # a hand-written file may open a line of an array with "[": read it whole
                return tomlfile.loads(tomlfile.read_regular(path))
    except (OSError, tomlfile.NotToml):
        return {}


def head_lang(path: Path) -> Any:
    """`head(path).get("lang")`, the game's own language, without the TOML reader (1.2 ms of every command
    on a game, whose whole read is its JSON copy) where the file is as the store writes it: `lang = "xx"`,
    a line of its own among the top-level keys, none of them a string of several lines (which could hold
    such a line); any other file, written by hand or before issue 28, is read by `head`."""
    try:
        info = path.stat()
        if stat.S_ISREG(info.st_mode) and info.st_size <= tomlfile.MOST_BYTES:
            with path.open(encoding="utf-8", errors="replace") as handle:
                lines, _ = _top_keys(handle)
            if not any('"""' in line or "'''" in line for line in lines):
                said = [line for line in lines if line.startswith("lang") or line.startswith(('"lang"', "'lang'"))]
                if len(said) == 1 and (found := _LANG.fullmatch(said[0])):
                    return found.group(1)
    except OSError:
        pass
    return head(path).get("lang")


_LANG = re.compile(r'lang = "([^"\\\n]{0,32})"\n')


def _top_keys(handle: Any) -> tuple[list[str], bool]:
    """The lines of top-level keys up to the first table or the coups' array, and whether it was the coups."""
    lines: list[str] = []
    for line in handle:
        if line.startswith("["):
            break
        if line == "coups = [\n":
            return lines, True
        lines.append(line)
    return lines, False


def free_name(prefix: str) -> str:
    """The first unused `PREFIX-N`, for a new game given no --game; a prefix that is no name (blank) is refused."""
    prefix = check_name(prefix)
    taken = {names.fold_name(name) for name in all_names()}
    number = 1
    while names.fold_name(f"{prefix}-{number}") in taken:
        number += 1
    return f"{prefix}-{number}"


# --- renamed, put away, brought back --------------------------------------------------------------


def create_renamed(ledger: Ledger, before: Path) -> None:
    """Store `ledger`, read from file `before`, under its new name (under the old name's lock, which the
    caller holds), in two steps each atomic, so that there is always one game: its file is written again
    in place, naming itself by the new name (found by it: `path_of`), then renamed to the new name's file.
    A failure of the write changes nothing; of the rename, the game is renamed all the same, in its old
    file: a note of the run, never a failure (the change is stored)."""
    target = path_of(ledger.name)
    if target == before:  # another spelling of the same name: the same file
        write(ledger)
        return
    with locked(ledger.name):
        refuse_taken(ledger.name)
        _write_at(before, ledger)
        try:
            os.replace(before, target)
            _forget_sheet(before)
        except OSError as error:
            from scorekeeper.explain import record  # only a rename left halfway needs it

            values = {"name": ledger.name, "path": str(before), "reason": tomlfile.reason(error)}
            noted(record("warning.renamed_in_place", None, **values))


def _forget_sheet(path: Path) -> None:
    """The sheet kept for the game file `path` (`scorekeeper.kept`) goes with the file: deleted, archived or
    renamed, the game keeps no output in the cache under its old file name."""
    from scorekeeper import folders

    folders.forget_sheet(path.stem)


class PutAway(NamedTuple):
    """A game in the trash or the archive: its name, its file, and its number among the games put there
    under that file name, oldest first (`NAME.toml` is 1, `NAME~2.toml` 2...); `id` (`NAME~N`) names it
    alone where several games of one name were put away."""

    name: str
    path: Path
    number: int

    @property
    def id(self) -> str:
        return f"{self.name}~{self.number}"


_NUMBERED = re.compile(r"(.+)~([0-9]{1,9})")  # `STEM~N`, the N-th game put away under file name STEM


def _numbered(stem: str) -> tuple[str, int]:
    """The file name a put-away game had among the games, and its number: `('h', 2)` for `h~2.toml`.

    >>> _numbered("h~2"), _numbered("h"), _numbered("a.b~x")
    (('h', 2), ('h', 1), ('a.b~x', 1))
    """
    match = _NUMBERED.fullmatch(stem)
    return (match[1], int(match[2])) if match else (stem, 1)


def put_away_games(folder: str) -> list[PutAway]:
    """Every game in `folder` of the data folder (the trash, the archive), by folded name, oldest first."""
    where = home() / folder
    found = [PutAway(name, where / f"{stem}.toml", _numbered(stem)[1]) for name, stem in _named(where)]
    return sorted(found, key=lambda game: (names.fold_name(game.name), game.number, game.path.name))


def put_away(name: str, folder: str) -> Ledger:
    """Move game `name` into `folder` of the data folder (the trash, the archive), numbered after every game
    put there or in the other under its file name before (`NAME~2.toml`, `NAME~3.toml`: nothing put away is
    lost, and the highest number is the newest); the current game is none after it, if it was this one."""
    with locked(name):
        ledger = read(name)
        source = path_of(name)
        where = home() / folder
        # Numbered across the trash and the archive alike, so that an id names one game of either.
        put = [path for kept in (TRASH, ARCHIVE) for path in (home() / kept).glob("*.toml")]
        taken = [number for stem, number in map(_numbered, (path.stem for path in put)) if stem == source.stem]
        number = max(taken, default=0) + 1
        target = where / (source.name if number == 1 else f"{source.stem}~{number}.toml")
        while target.exists():  # a file of that name that is no game: never written over
            number += 1
            target = where / f"{source.stem}~{number}.toml"
        with _trouble(where):
            where.mkdir(parents=True, exist_ok=True)
            os.replace(source, target)
        stored(ledger.name)
        _forget_sheet(source)
    now = current_name()
    if now is not None and names.fold_name(now) == names.fold_name(ledger.name):
        clear_current()
    return ledger


def read_put_away(game: PutAway) -> Ledger:
    """A game of the trash or the archive, as stored."""
    return _read_at(game.path, game.name)


def _find_put_away(wanted: str) -> tuple[PutAway, list[PutAway]] | None:
    """The game `wanted` names in the trash, else the archive, and the other games of its name left there.
    A name is the newest game of that name; an id (`NAME~N`, see `PutAway`) is that one, where no game is
    named so."""
    folded = names.fold_name(wanted)
    for folder in (TRASH, ARCHIVE):
        games = put_away_games(folder)
        same = [game for game in games if names.fold_name(game.name) == folded]
        if not same:
            same = [game for game in games if names.fold_name(game.id) == folded]
            if same:
                chosen = same[0]
                return chosen, [game for game in games if game.name == chosen.name and game != chosen]
            continue
        return same[-1], same[:-1]
    return None


def bring_back(name: str) -> tuple[Ledger, list[PutAway]]:
    """Move game `name` back from the trash (else the archive) into the games: the newest of that name, or
    the one its id names (`PutAway.id`); refused if a game of that name was made since. Returns the game and
    the other games of its name still put away, oldest first."""
    check_name(name)
    found = _find_put_away(name)
    if found is None:
        raise UserError("no_game", name=name)
    chosen, others = found
    ledger = _read_at(chosen.path, chosen.name)
    with locked(ledger.name):
        if exists(ledger.name):
            raise UserError("game_exists", name=ledger.name)
        if not chosen.path.is_file():  # restored by another run meanwhile
            raise UserError("no_game", name=name)
        with _trouble(games_dir()):
            games_dir().mkdir(parents=True, exist_ok=True)
            os.replace(chosen.path, path_of(ledger.name))
        stored(ledger.name)
    return ledger, others


# --- the current game ----------------------------------------------------------------------------


def current_name() -> str | None:
    """The game commands work on when none is named; None if unset, unreadable or not a game name."""
    try:
        name = tomlfile.read_regular(home() / "current", most=256).decode().strip()
    except (OSError, UnicodeDecodeError):
        return None
    try:
        return check_name(name)
    except UserError:
        return None


def set_current(name: str) -> None:
    """Make `name` the current game. Durable, like a game: a lost choice would send coups elsewhere. A
    folder that cannot be written (full, read-only) is a UserError naming it."""
    with _trouble(home()):
        _write_current(name)


def _write_current(name: str) -> None:
    if current_name() != name:
        write_atomic(home() / "current", name.encode())


def clear_current() -> None:
    """No game is current any more (it was deleted or archived)."""
    with suppress(OSError):
        (home() / "current").unlink(missing_ok=True)


def mark_current(name: str) -> None:
    """`set_current` after a change is stored: a mark that cannot be written is a note of the run
    (`scorekeeper.notices`), since raising would report a stored change as failed, and a player would say it twice."""
    try:
        _write_current(name)
    except OSError as error:
        from scorekeeper.explain import record  # only a mark not written needs it

        values = {"name": name, "folder": str(home()), "reason": tomlfile.reason(error)}
        noted(record("warning.not_marked", None, **values))
