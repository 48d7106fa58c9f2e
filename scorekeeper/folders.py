"""The data folder and the cache folder, as paths in strings: what the store stands on (`disk`, which
makes them `Path`s), and what a kept sheet (`kept`) is found with before anything else is imported: `pathlib`
with what it imports costs a start-up some 8 ms of CPU, as much as Python's own (farm-bench, issue 28)."""

from __future__ import annotations

import os


def home() -> str:
    """The user data folder: `$SCOREKEEPER_HOME`, else the platform's (platformdirs), always absolute."""
    override = os.environ.get("SCOREKEEPER_HOME")
    if override:
        return absolute(override)
    import platformdirs  # only when no override: tests and benches never pay for it

    return absolute(platformdirs.user_data_dir("scorekeeper", appauthor=False))


def cache() -> str:
    """`$SCOREKEEPER_HOME/cache`, else the platform's cache folder: what is there may be lost at any time."""
    override = os.environ.get("SCOREKEEPER_HOME")
    if override:
        return os.path.join(absolute(override), "cache")
    import platformdirs  # as in `home`

    return absolute(platformdirs.user_cache_dir("scorekeeper", appauthor=False))


SHEETS = "sheets"  # in the cache folder: the sheets `sheet` printed, kept by `kept`
SHEET = ".sheet"


def kept_sheet(cache: str, stem: str) -> str:
    """Where the sheet kept for the game whose file stem is `stem` is, under the cache folder `cache`."""
    return os.path.join(cache, SHEETS, f"{stem}{SHEET}")


def forget_sheet(stem: str) -> None:
    """The kept sheet of the game whose file stem is `stem` goes (the store deleted, archived or renamed its
    file): best-effort, as everything in the cache. Here, not in `kept`, so that the store knows the cache's
    folders and not the command that fills one (issue 42)."""
    try:
        os.unlink(kept_sheet(cache(), stem))
    except OSError:
        pass


def absolute(folder: str) -> str:
    """A relative `SCOREKEEPER_HOME` or `XDG_DATA_HOME` (`data`, `./x`) is taken from the folder the
    command starts in, and made absolute there, so the paths the store names and opens never depend on it.

    >>> absolute("/srv/scores"), absolute("/srv//scores/")
    ('/srv/scores', '/srv/scores')
    """
    return os.path.abspath(os.path.expanduser(folder))
