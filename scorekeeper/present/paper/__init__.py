"""The fiche on paper and in pictures: what `export`, `chart` and `settle --statement` draw.

Each game says what its columns, its lines and its chart are, as data read from its fiche, every figure
as the sheet's JSON form (`sheet --json`) gives it (`Game.paper`); this module puts them in words, and
the formats (`paper.formats`) and the chart (`paper.chart`) draw any of them. An entry is exported
with its number first and whatever the JSON gives for it: its `time` and `note` when it has them
(`heading`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from scorekeeper.clock import local
from scorekeeper.explain import Numbered, Record
from scorekeeper.games.paper import Chart, Paper
from scorekeeper.games.sheet import Joined, Struck, Who
from scorekeeper.present.words import Words, say  # noqa: F401 (`paper.say`: a cell in words, for settle)


class Table(NamedTuple):
    """A fiche as rows of cells, figures as numbers: the CSV writes them, Markdown and HTML show them;
    the rows (their index from 1) after which the printed page draws a rule, where a manche ends."""

    headers: list[str]
    rows: list[list[Any]]
    breaks: tuple[int, ...] = ()


class Moment(str):
    """An entry's time as ISO text in local time (`clock.local`): whole in a program's CSV, a date-time in
    a spreadsheet's (`in_a_spreadsheet`), its hour and minute on the page, where an evening's entries
    need no date each (`2026-11-22T21:40:00` is `21:40`, in French `21 h 40`), as the language in
    effect writes them."""

    __slots__ = ()

    def short(self) -> str:
        from scorekeeper.clock import shown_time
        from scorekeeper.i18n import dates

        return shown_time(self, dates()) if self else ""

    def in_a_spreadsheet(self) -> str:
        """The local date and time a spreadsheet reads as one (`2026-11-22 21:40`), not text."""
        from scorekeeper.clock import spreadsheet

        return spreadsheet(self) if self else ""


class Note(str):
    """An entry's note, as typed: a cell of its own in the CSV and Markdown, a line under its entry across
    the printed table, where a narrow column would wrap it many lines deep."""

    __slots__ = ()


class Mark(NamedTuple):
    """A line across the chart after entry `at` (its index from 1): a manche won, a poule taken, the end."""

    at: int
    label: str


class Series(NamedTuple):
    """The chart: one line a side or player, its value after each entry (the start, 0, first)."""

    title: str
    lines: list[tuple[str, list[float]]]
    marks: Sequence[Mark] = ()


class Once(Words):
    """`Words` that put each distinct cell in words once for a page: a long partie says the same dealer,
    card, outcome and payment's reason thousands of times. A line that differs from others only by its
    entry's `number` (a statement's `coup 12: paid Bea 6 jetons: …`) is said once with a mark where the
    number goes, which each entry's number then takes: a `Numbered` line by its record's identity, which
    its game keeps one for all its entries (docs/performance.md: the three statements of 2,000 coups of l'hombre,
    13,500 lines, 291 ms of CPU with their JSON copies and a `say` a line, 53 ms with a record a line
    said once by its values; 21 ms the sections so, their records made once a shared tuple of payments)."""

    __slots__ = ("said", "keys", "words", "numbered", "cuts", "plain")

    def __init__(self) -> None:
        super().__init__()
        self.said: dict[Any, str | None] = {}
        # A record's key by its identity, the record kept beside it (no other takes its id): the replay
        # holds one record for the same reason of many payments.
        self.keys: dict[int, tuple[Record, Any]] = {}
        self.words: dict[int, tuple[Record, str]] = {}  # and its words, where the game keeps one for many cells
        # A `Numbered` line's words by its record's identity, the record kept beside them: the words cut
        # where the number goes (None: said as they are, every time).
        self.numbered: dict[int, tuple[Record, list[str] | None]] = {}
        self.cuts: dict[Any, list[str] | None] = {}  # a line's words by its values but records, cut (`_parts`)
        self.plain: dict[tuple[str, str], bool] = {}  # whether words write a value as it is (`_plain`)

    def __call__(self, cell: Any) -> str:
        kind = type(cell)
        if kind is str:
            return cell
        if kind is Numbered:
            kept = self.numbered.get(id(cell.record))
            if kept is None:
                try:
                    parts = self._parts(cell.record)
                except _Unkeyed:  # a value that cannot be a key: said whole, every time
                    parts = None
                kept = self.numbered[id(cell.record)] = (cell.record, parts)
            return super().__call__(cell.whole()) if kept[1] is None else str(cell.number).join(kept[1])
        if kind is Record and (kept := self.words.get(id(cell))) is not None:
            return kept[1]
        try:
            if kind is Record and cell.rule is None and type(cell.values.get("number")) is int:
                return self._numbered(cell)
            key = self._key(cell)
        except _Unkeyed:
            return super().__call__(cell)
        found = self.said.get(key)
        if found is None:
            found = self.said[key] = super().__call__(cell)
        if kind is Record:
            self.words[id(cell)] = (cell, found)
        return found

    def lines(self, cells: list[Any]) -> list[str]:
        """Each of `cells` in words, as a call a cell would say it, a `Numbered` line said already taken
        at once: a statement of 2,000 coups says some 4,500 of them (docs/performance.md)."""
        said = []
        numbered = self.numbered
        for cell in cells:
            if type(cell) is Numbered and (kept := numbered.get(id(cell[0]))) is not None and kept[1] is not None:
                said.append(str(cell[1]).join(kept[1]))
            else:
                said.append(self(cell))
        return said

    def _key(self, value: Any) -> Any:
        if type(value) is not Record:
            return _key(value)
        kept = self.keys.get(id(value))
        if kept is None:
            kept = self.keys[id(value)] = (value, _key(value))
        return kept[1]

    def _numbered(self, cell: Record) -> str:
        """`cell` said once for every number, where its words write the number as it is (`{number}`):
        its words with `_NUMBER` in its place, kept, then the number put there."""
        values = cell.values
        parts: list[Any] = [_NUMBER, cell.event]
        for name, value in values.items():
            if name != "number":
                parts += (name, value if type(value) is str else self._key(value))
        key = tuple(parts)
        if key not in self.said:
            cut = self._cut(cell)
            self.said[key] = None if cut is None else _NUMBER.join(cut)
        marked = self.said[key]
        if marked is None:
            return super().__call__(cell)
        return marked.replace(_NUMBER, str(values["number"]))

    def _parts(self, record: Record) -> list[str] | None:
        """The words of a `Numbered` line of `record` cut where its number goes (None: said whole, each
        time). Its words are kept by its values but the records and plain strings among them (a payment's
        reason, a name), which are said apart (a record once) and put in: the three statements of 2,000
        coups of l'hombre say 1,127 distinct lines but for their number, out of some 40 words each reason
        and name aside (docs/performance.md)."""
        nested: dict[str, Any] = {}
        marks: dict[str, str] = {}
        values: dict[str, Any] = {}
        key: list[Any] = [record.rule, record.event]
        words = self.message(record.event)
        plain = self.plain
        for name, value in record.values.items():
            kind = type(value)
            if (kind is Record or kind is str) and len(marks) < len(_NESTED):
                if (said_as_it_is := plain.get((words, name))) is None:
                    said_as_it_is = plain[words, name] = _plain(words, name)
            else:
                said_as_it_is = False
            if said_as_it_is:  # said apart, a mark in its place
                nested[name] = value
                value = marks[name] = _NESTED[len(marks)]
                key += (name, _SAID_APART)  # a tuple: no name that holds the mark as text takes its key
            else:
                key += (name, self._key(value))
            values[name] = value
        said = tuple(key)
        if said not in self.cuts:
            self.cuts[said] = self._cut(Record(record.rule, record.event, values), marks)
        parts = self.cuts[said]
        if parts is None:
            return None
        for name, mark in marks.items():
            words = self(nested[name])  # a plain string as it is, as its words would hold it
            parts = [part.replace(mark, words) for part in parts]
        return parts

    def _cut(self, cell: Record, marks: dict[str, str] | None = None) -> list[str] | None:
        """`cell`'s words cut where its number goes, where its words write the number as it is (`{number}`,
        no spec, no `{{`), and each of `marks` (its values said apart: a mark in their place) too, and
        nothing else puts a mark in them; else None."""
        words = self.message(cell.event)
        marked = super().__call__(Record(cell.rule, cell.event, {**cell.values, "number": _NUMBER}))
        for name, mark in {"number": _NUMBER, **(marks or {})}.items():
            if not _plain(words, name) or words.count("{" + name + "}") != marked.count(mark):
                return None
        return marked.split(_NUMBER)


def _plain(words: str, name: str) -> bool:
    """Whether `words` write the value `name` as it is wherever they write it (`{name}`: no spec, no
    conversion), and write it.

    >>> _plain("coup {number}: {why}", "why"), _plain("{jetons:#jetons}", "jetons"), _plain("{a}", "b")
    (True, False, False)
    """
    places = words.count("{" + name + "}")
    return places > 0 and places == words.count("{" + name)


# Where an entry's number goes in a line said once for all its entries (`Once`): a character no words of
# the catalogs hold; where a line's other values put one in its words too, it is said as it is, every time.
_NUMBER = "\x00"
# Where the records and strings among a `Numbered` line's values go, said apart (`Once._parts`): as `_NUMBER`.
_NESTED = tuple(map(chr, range(1, 9)))
_SAID_APART = (Record,)


class _Unkeyed(Exception):
    """A cell `Once` says every time: it holds what cannot be a key."""


def _key(value: Any) -> Any:
    """`value` as a key that tells apart whatever is said apart: its type beside it (1, 1.0 and True are
    one key otherwise), a record by its rule, event and values. A name that is a `str` of another type
    may stand for a seat with words of its own (a mort): it is never a key.

    >>> _key(Record(None, "k", {"n": 1})) == _key(Record(None, "k", {"n": True})), _key(-0.0) == _key(0.0)
    (False, False)
    """
    kind = type(value)
    if kind is str:
        return value
    if kind is float:  # -0.0 and 0.0 are one key otherwise, said apart
        return (kind, repr(value))
    if kind is Record:
        return (kind, value.rule, value.event, tuple((name, _key(item)) for name, item in value.values.items()))
    if kind is tuple or kind is list or kind is Joined or kind is Who or kind is Struck:
        return (kind, tuple(map(_key, value)))
    if isinstance(value, str):
        raise _Unkeyed
    try:
        hash(value)
    except TypeError:
        raise _Unkeyed from None
    return (kind, value)


def heading(name: str, fiche: Any, aside: dict[str, Any]) -> dict[str, Any]:
    """What the paper says of a game beside what its game draws from the fiche (`Game.paper`), as
    `sheet --json` names it: the name, the game, whether the partie is over, each entry's number with
    its time and note, the game's notes and its stop. Not the records that explain each coup: no page
    shows them, and rendering them all was 74% of `chart` on 2,000 coups (issue 28). Only what may need
    JSON's words goes through JSON: an entry's number is an int already (docs/performance.md)."""
    import json

    from scorekeeper.i18n import as_json

    kept = aside["entries"][: len(fiche.coups)]
    held = [at for at, own in enumerate(kept) if own]  # the entries with a time or a note: JSON's to say
    data = {"name": name, "game": fiche.game, "over": fiche.over, "held": [kept[at] for at in held]}
    said = json.loads(json.dumps(data | {"notes": aside["notes"], "stopped": aside["stopped"]}, default=as_json))
    entries = [{"number": result.number} for result in fiche.coups]  # an int, as JSON gives it back
    for at, own in zip(held, said.pop("held"), strict=True):
        entries[at].update(own)
    return {"name": said["name"], "game": said["game"], "over": said["over"], "coups": entries} | said


def asides(data: dict[str, Any]) -> list[str]:
    """The game's own notes and its stop by agreement, each with its time, in the sheet's words."""
    from scorekeeper.clock import shown
    from scorekeeper.i18n import dates, text

    def when(iso: str) -> str:
        return shown(iso, dates=dates())

    lines = [text("sheet.game_note", when=when(note["time"]), note=note["text"]) for note in data.get("notes", ())]
    if stopped := data.get("stopped"):
        lines.append(text("sheet.stopped", when=when(stopped["time"]), reason=stopped["reason"]))
    return lines


def engine_of(data: dict[str, Any]) -> Any:
    """The engine of `data`'s game, which says its paper."""
    from scorekeeper.games import get

    return get(data["game"])


def table(data: dict[str, Any], paper: Paper) -> Table:
    """One row an entry: its number and time, the game's columns, its note; figures as numbers."""
    from scorekeeper.i18n import message

    words = Once()

    def cell(value: Any) -> Any:  # a figure stays a number for the spreadsheet; words are said
        return value if value is None or isinstance(value, int | float | str) else words(value)

    headers = [message("paper.col.number"), message("paper.col.time"), *map(words, paper.columns)]
    said: Iterable[Iterable[Any]] = (map(cell, row) for row in paper.rows)
    if paper.rows and paper.rows[0] and len(set(map(len, paper.rows))) == 1:
        # Column by column: one of figures and plain words alone (most of them) taken as it is, without a
        # call a cell (docs/performance.md).
        columns = [c if _PLAIN.issuperset(map(type, c)) else list(map(cell, c)) for c in zip(*paper.rows, strict=False)]
        said = zip(*columns, strict=False)
    rows = [
        [entry["number"], _moment(entry), *cells, Note(entry["note"]) if "note" in entry else _NO_NOTE]
        for entry, cells in zip(data["coups"], said, strict=True)
    ]
    return Table([*headers, message("paper.col.note")], rows, paper.breaks)


def _moment(entry: dict[str, Any]) -> Moment:
    """An entry's time in local time; none where it has none, not parsed for one (2,000 failed parses a page)."""
    return Moment(local(entry["time"])) if "time" in entry else _NO_TIME


_PLAIN = frozenset({int, float, str, type(None)})  # the cells a table takes as they are, the figures a number
_NO_TIME, _NO_NOTE = Moment(""), Note("")  # an entry's, the same for all the entries that have none


def about(game: Any, ruleset: str | None) -> list[str]:
    """Under the printed page's title: the days the partie was played, in the language's words (its first
    entry's to its last's; the day it was created, before any), the ruleset's name where the title is
    another, the players."""
    from scorekeeper.clock import earliest, instant, latest, written
    from scorekeeper.i18n import dates, text

    said = dates()
    times = [entry["time"] for entry in game.coups if isinstance(entry.get("time"), str)]
    days: list[str] = []
    for when in (earliest(times), latest(times)) if times else (game.created.isoformat(),):
        moment = instant(when) if when else None
        if moment is not None:
            day = written(moment, said["date"], said) if "date" in said else moment.date().isoformat()
            days += [] if day in days else [day]
    parts = [" – ".join(days)] if days else []
    return [*parts, *([ruleset] if ruleset else []), text("paper.players", players=list(game.players))]


def lines(data: dict[str, Any], paper: Paper) -> list[str]:
    """Under the table: what the game says there, then the game's notes and its stop."""
    return [*map(Words(), paper.summary), *asides(data)]  # a few lines, none the same: `Once` would only cost


def series(data: dict[str, Any], chart: Chart) -> Series:
    """The game's chart in words, the partie's end marked on its last entry."""
    words = Words()  # every mark says another manche or poule: `Once` would only cost
    drawn = [(words(label), list(values)) for label, values in chart.lines]
    return Series(words(chart.title), drawn, ended([Mark(at, words(label)) for at, label in chart.marks], data))


def sections(data: dict[str, Any], fiche: Any) -> list[tuple[str, list[str]]]:
    """After the chart, what a game with money adds: the settlement (early, if the partie is not over)
    and each player's statement, as the game says them from its fiche and settlement."""
    from scorekeeper.errors import UserError
    from scorekeeper.i18n import message
    from scorekeeper.present.said import said as mistake

    engine = engine_of(data)
    if not engine.has_money:
        return []
    try:
        settled = engine.settle(fiche, early=not data["over"])
    except UserError as error:  # nothing to settle yet: the page says why
        return [(message("paper.settlement"), [mistake(error)])]
    words = Once()
    return [(words(heading), words.lines(said)) for heading, said in engine.paper_sections(fiche, settled)]


def ended(marks: list[Mark], data: dict[str, Any]) -> list[Mark]:
    """The partie's end marked on its last entry, in place of the mark it had (the last manche, the
    last poule): the end says more."""
    from scorekeeper.i18n import message

    if not data["over"] or not data["coups"]:
        return marks
    last = len(data["coups"])
    return [*(mark for mark in marks if mark.at != last), Mark(last, message("paper.mark.end"))]


def escape(words: str) -> str:
    r"""`words` as HTML text and attribute values show them, as `html.escape` writes them (`&`, `<`, `>`,
    `"` and `'`), without importing `html`, whose table of 2,231 entities cost every export 1.1 ms; in
    French, the space before « : ; ! ? » and inside « » non-breaking (`i18n.typeset`).

    >>> print(escape('<b title="x">A & B\'s</b>'))
    &lt;b title=&quot;x&quot;&gt;A &amp; B&#x27;s&lt;/b&gt;
    """
    from scorekeeper.i18n import typeset

    words = typeset(words).replace(
        "&", "&amp;"
    )  # a French mark kept with its word; `&` first: the others bring their own
    words = words.replace("<", "&lt;").replace(">", "&gt;")
    return words.replace('"', "&quot;").replace("'", "&#x27;")


def figure(value: Any) -> str:
    """A number as a spreadsheet reads it: a dot for a half, no thousands separator.

    >>> figure(13.5), figure(-12), figure(None)
    ('13.5', '-12', '')
    """
    return "" if value is None else str(value)
