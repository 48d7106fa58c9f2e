"""When something was said at the table: stored in UTC with its offset, shown in local time.

An entry, a note or a stop keeps its time as ISO text in UTC with the offset written
(`2026-11-22T20:40:00+00:00`): two coups said two seconds apart under two time zones (a laptop that
travels, a second terminal with another TZ) are two seconds apart. Files written before hold naive
times, which are read as local time, as they were written. Times are compared as instants, never as
text (a naive `21:40` and an aware `20:40+00:00` are one moment in Paris in winter), and shown in the
time zone of whoever reads them. A time a hand-edited file spells wrong is shown as it is and never
counts as the latest.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timezone


def now() -> str:
    """The time an entry, a note or a stop is said: ISO text to the second, in UTC with its offset."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def created() -> datetime:
    """When a game is created, as its file keeps it (an offset date-time of TOML), in UTC."""
    return datetime.now(timezone.utc).replace(microsecond=0)


def instant(iso: str) -> datetime | None:
    """`iso` as a moment in the local time zone: a naive time is local already; None where it is no time.

    >>> instant("2026-11-22T21:40:00+01:00") == instant("2026-11-22T20:40:00+00:00")
    True
    >>> instant("yesterday") is None
    True
    """
    try:
        return datetime.fromisoformat(iso).astimezone()
    except (TypeError, ValueError, OverflowError, OSError):  # no time, or one the platform cannot place
        return None


def latest(times: Iterable[str]) -> str | None:
    """The latest of `times` (ISO texts) as an instant, as written; None if none is a time."""
    known = [(moment, iso) for iso in times if (moment := instant(iso)) is not None]
    return max(known, key=lambda known: known[0])[1] if known else None


def earliest(times: Iterable[str]) -> str | None:
    """The earliest of `times` (ISO texts) as an instant, as written; None if none is a time."""
    known = [(moment, iso) for iso in times if (moment := instant(iso)) is not None]
    return min(known, key=lambda known: known[0])[1] if known else None


def local(iso: str) -> str:
    """`iso` in local time, as ISO text with its offset; a naive time (local already) or one that is
    no time as written."""
    try:
        said = datetime.fromisoformat(iso)
        return iso if said.tzinfo is None else said.astimezone().isoformat()
    except (TypeError, ValueError, OverflowError, OSError):
        return iso


def shown(iso: str, seconds: bool = False) -> str:
    """`iso` as the sheet and the list of games show it: local date and time to the minute (`seconds`:
    to the second); a time spelled wrong as written.

    >>> shown("2026-11-22T21:40:05")
    '2026-11-22 21:40'
    """
    moment = instant(iso)
    if moment is None:
        return iso.replace("T", " ")[: 19 if seconds else 16]
    return moment.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def local_date(iso: str) -> str:
    """The local date of `iso` (ISO, `2026-11-22`); a time spelled wrong, its first ten characters."""
    moment = instant(iso)
    return iso[:10] if moment is None else moment.date().isoformat()
