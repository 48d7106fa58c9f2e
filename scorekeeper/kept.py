"""`sheet`'s output kept (issue 28): the sheet of a game that did not change since it was last drawn is
printed again as it was, neither replayed nor drawn.

`sheet` keeps the bytes it printed in the cache, `folders.cache()/sheets/STEM.sheet` (one a game, its file's
stem: a new sheet replaces the game's last; 0600, as the rest of the cache), under a key (`_key`) that hashes
everything those bytes depend on: the game file's bytes (its own language, its ruleset and its notes are in
them), the whole command line (the options, `--lang`), the variables that choose the language (C-2), the
console's width, colour and encoding (terminal or not, COLUMNS, LINES, the terminal's size, TERM, COLORTERM,
NO_COLOR, FORCE_COLOR, the stream's encoding and error handler), the time zone (TZ, the zone's names and
offsets, the zone files: the system's and the one TZ names), the data folder, and the code: Python's
version and every file of the package by size and time (`_code`), so that a new install, or a file edited
in a checkout, draws again. No date is in it: the sheet says when its entries were said by date and time
(`said from 22 Nov 2026, 21:40 to 23:05`), never by the day it is drawn on (no "today").

`cli.main` asks here first (`answer`), before typer, the catalogs, the store or the engines are imported
(this module imports `os`, `sys`, `stat` and `time`, which Python loads before any code of ours): a sheet
asked the way a kept one can answer (`asked`: `sheet` with `--game`, `--json`, `--ascii`, `--explain`,
`--narrow` and `--lang`, each once; a game named by a plain file name) whose key is its entry's is written
out whole, and the command ends. Else the command draws as always, and `keep`s what it printed: only for a
sheet asked so, drawn from the bytes that were hashed (the game's file unchanged meanwhile: its stat), that
stored nothing and said nothing on stderr (`notices.quiet`), printed whole (a failed output keeps nothing).
A game from outside the package (SCOREKEEPER_GAMES: code this key cannot stamp) and shell completion never
use it.

The cache is trusted as the JSON copy of a game is (`store.cache`): an entry under the right key, its body
whole (its hash is on its first line, beside the key), is printed as it is. Anything else (no entry, a
torn, truncated or forged one, another run's key, a FIFO, a folder or a device in its place, no access)
is a sheet drawn again, never a crash, and failing to keep one costs only time.
"""

from __future__ import annotations

import os
import stat
import sys

FORMAT = "1"  # of the entry and its key: another format never matches
MOST = 64 * 1024 * 1024  # bytes of a game file or an entry read, as `tomlfile.MOST_BYTES`
FLAGS = frozenset({"--json", "--ascii", "--explain", "--narrow"})
PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
# What the output depends on from the environment, each as set or not (NO_COLOR set empty is set).
ENVIRONMENT = (
    "SCOREKEEPER_HOME",
    "SCOREKEEPER_LANG",
    "LC_ALL",
    "LC_MESSAGES",
    "LC_CTYPE",
    "LC_TIME",
    "LANG",
    "LANGUAGE",
    "COLUMNS",
    "LINES",
    "TERM",
    "COLORTERM",
    "NO_COLOR",
    "FORCE_COLOR",
    "TZ",
    "PYTHONIOENCODING",
    "PYTHONUTF8",
    # rich's console reads these too: the sheet draws without it today, but a key that holds them costs nothing
    "JUPYTER_COLUMNS",
    "JUPYTER_LINES",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
)
NEVER = ("SCOREKEEPER_GAMES", "_SCOREKEEPER_COMPLETE")  # a game from outside, shell completion

# The sheet this run may keep, set by `answer` on a miss: (game name, game file, its stat, key, entry).
_pending: list[tuple[str, str, tuple[int, ...], str, str]] = []


def asked(args: list[str]) -> str | None:
    """The game `args` (a command line, after the program's name) ask the sheet of, where a kept sheet can
    answer them: its name, "" for the current game; None for any other command line (another command, a
    help, `--detail`, a table word, an option twice, an unplain name), which is drawn as always.

    >>> asked(["sheet"]), asked(["--lang", "fr", "sheet", "-g", "g500", "--json"]), asked(["sheet", "--game=a.b"])
    ('', 'g500', 'a.b')
    >>> asked(["sheet", "--help"]), asked(["sheet", "--json", "--json"]), asked(["sheet", "-g", "Café"])
    (None, None, None)
    """
    words: list[str] = []
    rest = iter(args)
    for word in rest:  # `--lang` anywhere, as `cli.language.choose` reads it
        if word == "--lang":
            if not next(rest, ""):
                return None
        elif not word.startswith("--lang="):
            words.append(word)
    if words[:1] != ["sheet"]:
        return None
    game: str | None = None
    seen: set[str] = set()
    rest = iter(words[1:])
    for word in rest:
        option, equals, value = word.partition("=") if word.startswith("--game=") else (word, "", "")
        if option in seen or not (option in FLAGS or option in ("-g", "--game")):
            return None
        seen.add("--game" if option == "-g" else option)
        if option in ("-g", "--game"):
            game = value if equals else next(rest, "")
            if not plain(game):
                return None
    return game or ""


def plain(name: str) -> bool:
    """Whether `name` is its game's file stem (`store.file_stem`), as most names are: a plain file name.

    >>> plain("g500"), plain("a.b-c_d"), plain(".x"), plain("x.toml"), plain("Café"), plain("")
    (True, True, False, False, False, False)
    """
    return 0 < len(name) <= 64 and name[0] not in "._-" and set(name) <= PLAIN and not name.endswith(".toml")


def answer(args: list[str]) -> bool:
    """Write the sheet `args` ask for as it was kept, and say so (True). Else (False) the command draws it,
    and this run is ready to `keep` it."""
    _pending.clear()
    game = asked(args)
    out = sys.stdout
    if game is None or out is None or any(name in os.environ for name in NEVER):
        return False
    from scorekeeper import folders

    try:
        home = folders.home()
        name = game or _current(home)
        path = os.path.join(home, "games", f"{name}.toml")
        raw, stamp = _read(path)
        key = _key(args, home, name, raw)
        entry = folders.kept_sheet(folders.cache(), name)
    except (OSError, ValueError, UnicodeError):  # no game, no current game, no terminal: the command says
        return False
    _pending.append((name, path, stamp, key, entry))
    try:
        kept, _ = _read(entry)
    except OSError:
        return False
    head, _, body = kept.partition(b"\n")
    if head != f"{key} {_digest(body)}".encode():
        return False
    return _write(body)


def waiting(name: str) -> bool:
    """Whether this run would keep the sheet of game `name` it draws (`answer` found none kept)."""
    return bool(_pending) and _pending[0][0] == name


def keep(name: str, body: bytes) -> None:
    """The sheet of game `name` this run printed (`body`, the bytes written), kept for the next run asked
    the same way; where `waiting`, and the game's file is as it was hashed, and the run is quiet."""
    if not waiting(name):
        return
    _, path, stamp, key, entry = _pending.pop()
    from scorekeeper.notices import quiet

    if not quiet():
        return
    try:
        if _stamp(os.stat(path)) != stamp:  # written since it was hashed: this sheet may be of other bytes
            return
        from pathlib import Path

        from scorekeeper.disk import write_atomic

        # No fsync: an entry a crash tore does not match its hash, and is drawn again.
        write_atomic(Path(entry), f"{key} {_digest(body)}\n".encode() + body, durable=False)
    except (OSError, ValueError):
        pass


def done() -> None:
    """The run is over: nothing it left may be kept by another run in the same process (a test's)."""
    _pending.clear()


def _current(home: str) -> str:
    """The current game's name as `store.current_name` reads it, where it is plain; else a ValueError."""
    raw, _ = _read(os.path.join(home, "current"), 256)
    name = raw.decode().strip()
    if not plain(name):
        raise ValueError(name)
    return name


def _read(path: str, most: int = MOST) -> tuple[bytes, tuple[int, ...]]:
    """A regular file's bytes and stat (`_stamp`), opened without blocking (a FIFO is refused, not waited on),
    at most `most` bytes; else an OSError."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    with open(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > most:
            raise OSError(f"not a regular file of at most {most} bytes: {path}")
        data = handle.read(most + 1)
    if len(data) != info.st_size:  # growing or shrinking as it is read: being written
        raise OSError(f"changing: {path}")
    return data, _stamp(info)


def _stamp(info: os.stat_result) -> tuple[int, ...]:
    """What changes when a file is written again, by a rename (`write_atomic`) or in place."""
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


def _key(args: list[str], home: str, name: str, raw: bytes) -> str:
    """The hash of everything the sheet of game `name` (its file's bytes `raw`) depends on, asked by `args`."""
    import time

    out = sys.stdout
    try:
        size: tuple[int, ...] | None = tuple(os.get_terminal_size(out.fileno()))  # what `shutil` falls back on
    except (OSError, ValueError, AttributeError):
        size = None
    zones: list[tuple[int, ...] | None] = []  # the zone's rules as the C library reads them: the system's, and TZ's
    zone = os.environ.get("TZ", "").lstrip(":")
    for path in ("/etc/localtime", *((os.path.join("/usr/share/zoneinfo", zone),) if zone else ())):
        try:
            zones.append(_stamp(os.stat(path)))
        except OSError:
            zones.append(None)
    told = (
        FORMAT,
        sys.version,
        _code(),
        home,
        tuple(args),
        name,
        _digest(raw),
        tuple(os.environ.get(variable) for variable in ENVIRONMENT),
        tuple(os.isatty(fd) for fd in (0, 1, 2)),
        size,
        out.fileno(),  # a stream without a file (a test's): no entry (`io.UnsupportedOperation`)
        out.encoding,
        out.errors,
        time.tzname,
        time.timezone,
        time.altzone,
        time.daylight,
        tuple(zones),
    )
    return _digest(repr(told).encode())


def _code() -> tuple[tuple[str, int, int], ...]:
    """Every file of the package (sources, catalogs, words, rulesets) by path, size and time: 0.8 ms for its
    230 files, where a stamp of a few would miss an edit made in a checkout."""
    found: list[tuple[str, int, int]] = []
    folders = [os.path.dirname(os.path.abspath(__file__))]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.name == "__pycache__":
                    continue
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                else:
                    info = entry.stat()
                    found.append((entry.path, info.st_size, info.st_mtime_ns))
    return tuple(sorted(found))


def _digest(data: bytes) -> str:
    """As `store.cache.digest`, without importing the store."""
    try:
        from _blake2 import blake2b
    except ImportError:
        from hashlib import blake2b

    return blake2b(data, digest_size=20).hexdigest()


def _write(body: bytes) -> bool:
    """`body` on standard output, as the drawn sheet would have been: a reader that left (`sheet | head -1`)
    ends it quietly, as `cli.terminal.output_failed` does. Any other failure (a full disk) is False: the
    command runs as always and says it in its words."""
    try:
        fd = sys.stdout.fileno()
        sys.stdout.flush()
        view = memoryview(body)
        while view:
            view = view[os.write(fd, view) :]
    except BrokenPipeError:
        try:  # nothing more reaches the pipe, so that the exit's flush does not fail again
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, fd)
            os.close(devnull)
        except OSError:
            pass
        return True
    except (OSError, ValueError):
        _pending.clear()
        return False
    return True
