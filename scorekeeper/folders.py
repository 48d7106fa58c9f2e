"""The data folder and the cache folder, as paths in strings: what the store stands on (`store.disk`, which
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


def absolute(folder: str) -> str:
    """A relative `SCOREKEEPER_HOME` or `XDG_DATA_HOME` (`data`, `./x`) is taken from the folder the
    command starts in, and made absolute there, so the paths the store names and opens never depend on it.

    >>> absolute("/srv/scores"), absolute("/srv//scores/")
    ('/srv/scores', '/srv/scores')
    """
    return os.path.abspath(os.path.expanduser(folder))
