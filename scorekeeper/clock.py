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

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any


def now() -> str:
    """The time an entry, a note or a stop is said: ISO text to the second, in UTC with its offset."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def created() -> datetime:
    """When a game is created, as its file keeps it (an offset date-time of TOML), in UTC."""
    return datetime.now(UTC).replace(microsecond=0)


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


def shown(iso: str, seconds: bool = False, dates: Mapping[str, Any] | None = None) -> str:
    """`iso` as the sheet and the list of games show it: local date and time to the minute (`seconds`:
    to the second), as the language writes them (`dates`: its words' `[dates]`, `written`), in ISO
    without; a time spelled wrong as written.

    >>> from scorekeeper.language import Language
    >>> _FRENCH = Language.named("fr").words["dates"]
    >>> shown("2026-11-22T21:40:05")
    '2026-11-22 21:40'
    >>> shown("2026-11-22T21:40:05", dates=Language.named("en").words["dates"])
    '22 Nov 2026, 21:40'
    >>> shown("2026-11-22T21:40:05", dates=_FRENCH), shown("2026-11-22T21:40:05", True, _FRENCH)
    ('22 nov. 2026, 21 h 40', '22 nov. 2026, 21 h 40 min 05 s')
    """
    moment = instant(iso)
    if moment is None:
        return iso.replace("T", " ")[: 19 if seconds else 16]
    if not dates or "date" not in dates:
        return moment.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")
    time = written(moment, dates["seconds" if seconds else "time"], dates)
    return str(dates["datetime"]).replace("{1}", written(moment, dates["date"], dates)).replace("{0}", time)


def brief(iso: str, dates: Mapping[str, Any] | None = None, this_year: int | None = None) -> str:
    """`iso` as a list of games shows when each was played: to the minute, its year only when it is not
    this year (`this_year`, else the local clock's), as the language writes it (`dates`), never seconds.

    >>> from scorekeeper.language import Language
    >>> french, english = Language.named("fr").words["dates"], Language.named("en").words["dates"]
    >>> brief("2026-12-05T21:40:05", french, 2026), brief("2025-12-05T21:40:05", french, 2026)
    ('5 déc. 21 h 40', '5 déc. 2025, 21 h 40')
    >>> brief("2026-12-05T21:40:05", english, 2026), brief("2026-12-05T21:40:05", None, 2026)
    ('5 Dec, 21:40', '2026-12-05 21:40')
    """
    moment = instant(iso)
    if moment is None or not dates or "day_month" not in dates:
        return shown(iso, dates=dates)
    if moment.year != (this_year or datetime.now().astimezone().year):
        return shown(iso, dates=dates)
    day = written(moment, dates["day_month"], dates)
    return str(dates["datetime_short"]).replace("{1}", day).replace("{0}", written(moment, dates["time"], dates))


def shown_time(iso: str, dates: Mapping[str, Any] | None = None) -> str:
    """The local time of day of `iso` to the minute, as the language writes it (`dates`), `HH:MM` without;
    a time spelled wrong, its characters where the time would be.

    >>> from scorekeeper.language import Language
    >>> shown_time("2026-11-22T21:40:05"), shown_time("2026-11-22T21:40:05", Language.named("fr").words["dates"])
    ('21:40', '21 h 40')
    """
    moment = instant(iso)
    if moment is None:
        return iso[11:16] or iso
    if not dates or "time" not in dates:
        return moment.strftime("%H:%M")
    return written(moment, dates["time"], dates)


def spreadsheet(iso: str) -> str:
    """The local date and time of `iso` to the minute as every spreadsheet reads a date-time, whatever its
    language (`2026-11-22 21:40`: ISO's date, a space, the time, no offset); a time spelled wrong as written.

    >>> spreadsheet("2026-11-22T21:40:05"), spreadsheet("yesterday")
    ('2026-11-22 21:40', 'yesterday')
    """
    moment = instant(iso)
    return iso if moment is None else moment.strftime("%Y-%m-%d %H:%M")


def same_day(first: str, last: str) -> bool:
    """Whether two ISO times fall on one local day (two times spelled wrong: whether their first ten
    characters are one)."""
    return local_date(first) == local_date(last)


# A CLDR pattern (`d MMM y`, `HH 'h' mm`): a run of one letter is a field, quoted text is said as it is
# ('' is a quote), anything else is itself.
_FIELD = re.compile(r"'(?:[^']|'')*'|''|([A-Za-z])\1*|[^A-Za-z']+")


def written(moment: datetime, pattern: str, dates: Mapping[str, Any]) -> str:
    """`moment` written by a CLDR date pattern, with the months' names of `dates` (Babel's, compiled
    with the words: `i18n.compile.dates`). The fields the languages' patterns use are read: the day
    (`d`), the month (`M`, `MMM`, `MMMM`), the year (`y`), hours (`H`, `h`), minutes, seconds, the
    period (`a`); any other letter is written as it stands.

    >>> from scorekeeper.language import Language
    >>> french = Language.named("fr").words["dates"]
    >>> written(datetime(2026, 11, 5, 9, 3, 7), "d MMM y, HH 'h' mm 'min' ss 's' ''", french)
    "5 nov. 2026, 09 h 03 min 07 s '"
    """
    out = []
    for found in _FIELD.finditer(pattern):
        token = found[0]
        if token[0] == "'":
            out.append("'" if token == "''" else token[1:-1].replace("''", "'"))
        elif found[1] is None:
            out.append(token)
        else:
            out.append(_field(moment, token, dates))
    return "".join(out)


def _field(moment: datetime, token: str, dates: Mapping[str, Any]) -> str:
    letter, width = token[0], len(token)
    if letter == "M" and width >= 3:
        return str(dates["months_wide" if width >= 4 else "months"][moment.month - 1])
    if letter == "a":
        return str(dates["periods"][moment.hour >= 12])
    figures = {"d": moment.day, "M": moment.month, "H": moment.hour, "h": moment.hour % 12 or 12}
    figures |= {"m": moment.minute, "s": moment.second}
    if letter == "y":
        return f"{moment.year % 100:02d}" if width == 2 else f"{moment.year:0{width}d}"
    return f"{figures[letter]:0{width}d}" if letter in figures else token


def local_date(iso: str) -> str:
    """The local date of `iso` (ISO, `2026-11-22`); a time spelled wrong, its first ten characters."""
    moment = instant(iso)
    return iso[:10] if moment is None else moment.date().isoformat()
