"""The fiche as a file: CSV for a spreadsheet, a Markdown table for a chat, one printable HTML page.

The HTML page is self-contained (its style and its SVG chart inline, nothing loaded from the network)
and printed on A4 by its own CSS: a partie of 20 coups fits one page (tested in headless Chromium).

Each format is one writer of a `Page`, listed in `WRITERS`: a new format is one function here (and its
words in the help of `export --format`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import Any, NamedTuple

from scorekeeper.present.paper import Moment, Note, Table, escape, figure

Sections = list[tuple[str, list[str]]]


class Page(NamedTuple):
    """What a format may write of a game: its title, the fiche as a table, where the partie stands, and,
    asked only by a format that shows them, the chart (SVG) and the game's own sections; for the printed
    page, its own title and what it says under it (`about`: the date, the ruleset, the players); for
    the CSV, its dialect."""

    title: str
    table: Table
    lines: list[str]
    chart: Callable[[], str]
    sections: Callable[[], Sections]
    lang: str
    heading: str = ""
    about: tuple[str, ...] = ()
    dialect: Dialect | None = None
    decimal: str = "."


def write_csv(page: Page) -> str:
    return csv(page.table, page.dialect)


def write_markdown(page: Page) -> str:
    return markdown(page.title, page.table, page.lines)


def write_html(page: Page) -> str:
    return html(
        page.heading or page.title,
        page.table,
        page.lines,
        page.chart(),
        page.sections(),
        page.lang,
        page.about,
        page.decimal,
    )


def csv(table: Table, dialect: Dialect | None = None) -> str:
    r"""One row an entry under a header row in the game's language, written as `dialect`'s spreadsheet reads
    it (`DIALECTS`; RFC 4180 without): its separator, its decimal mark, a BOM where it needs one to read
    UTF-8. Lines end in LF, which every spreadsheet reads: a CR is a control character the export
    escapes (`terminal.printable`) wherever it comes from.

    For a spreadsheet (excel, excel-fr) nothing typed is run (OWASP's advice on CSV injection): a text cell
    (a name, a note, a header) that begins as a formula does (`= + - @`, a tab, a carriage return) is
    written after a `'`, which the spreadsheet shows as text; a figure stays a figure (-26 adds up); and
    words a spreadsheet would take for a date (`4-3-2`, a name `1/2` or `3-4`) stay text, their hyphen or
    slash a look-alike it reads no date in (issue 43). For programs (rfc4180) every value is written as it
    is, a name written right to left without the isolates the words put around it (`i18n.isolated`).
    Either way a cell holding the separator, a quote or a line break of any kind is quoted, so a bare CR
    in a note starts no row.

    >>> print(csv(Table(["coup", "=1+1"], [[1, "@SUM(A1)"], [2, -26], [3, "-2"]]), DIALECTS["excel"]), end="")
    ﻿coup,'=1+1
    1,'@SUM(A1)
    2,-26
    3,'-2
    >>> print(csv(Table(["coup", "=1+1"], [[1, "@SUM(A1)"], [3, "-2"]])), end="")
    coup,=1+1
    1,@SUM(A1)
    3,-2
    >>> csv(Table(["jetons", "note"], [[13.5, "a; b"]]), DIALECTS["excel-fr"])
    '\ufeffjetons;note\n13,5;"a; b"\n'
    >>> _csv_cell("a\rb", RFC4180), _csv_cell('say "x", then', RFC4180)
    ('"a\rb"', '"say ""x"", then"')
    >>> _csv_cell("4-3-2", DIALECTS["excel"]) == "4\u20113\u20112", _csv_cell("4-3-2", RFC4180)
    (True, '4-3-2')
    >>> _csv_cell("1/2", DIALECTS["excel-fr"]) == "1\u22152", _csv_cell("1/2", RFC4180)
    (True, '1/2')
    >>> _csv_cell("\u2068علي\u2069 40", RFC4180), _csv_cell("\u2068علي\u2069 40", DIALECTS["excel"])
    ('علي 40', '\u2068علي\u2069 40')
    """
    dialect = dialect or RFC4180
    lines = [table.headers, *table.rows]
    body = "".join(dialect.separator.join(_csv_cell(cell, dialect) for cell in line) + "\n" for line in lines)
    return ("\ufeff" if dialect.bom else "") + body


class Dialect(NamedTuple):
    """CSV as one spreadsheet reads it: the separator between cells, the decimal mark of a figure, and
    whether a UTF-8 byte order mark begins the file (Excel reads a file without one in the machine's
    old code page, « César » mangled; a program reading RFC 4180 wants none); and whether it reads a
    date in words such as `4-3-2`, which a spreadsheet does and a program does not."""

    separator: str
    decimal: str
    bom: bool
    dates: bool = True


RFC4180 = Dialect(",", ".", False, dates=False)
# French Excel (and LibreOffice in French) split on `;`, the list separator where `,` is the decimal mark.
DIALECTS = {"excel-fr": Dialect(";", ",", True), "excel": Dialect(",", ".", True), "rfc4180": RFC4180}


def dialect_of(language: Any) -> str:
    """The dialect of the spreadsheet `language`'s tables use (its words' `[paper] csv`), Excel's where
    its words do not say: a BOM costs a program little, its lack mangles every accent in Excel."""
    return str(language.words.get("paper", {}).get("csv", "excel"))


_FORMULA = ("=", "+", "-", "@", "\t", "\r")
# Words a spreadsheet takes for a date (Excel always, LibreOffice detecting special numbers): figures
# joined by hyphens or slashes, as an hombre coup's tricks are written (4-3-2) or a name may be (1/2, 3-4);
# its hyphens become non-breaking ones, its slashes division slashes: the same to the eye, no date.
_DATE_LIKE = re.compile(r"\d{1,4}(?:[-/]\d{1,4}){1,2}")
_NO_DATE = str.maketrans({"-": "\u2011", "/": "\u2215"})
_NO_ISOLATE = str.maketrans("", "", "\u2068\u2069")  # the words' isolates of a right-to-left name (C-4)
# The line boundaries of `str.splitlines`: whichever a reader splits rows on, a quoted cell holds it.
_BREAK = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def _csv_cell(cell: Any, dialect: Dialect) -> str:
    if isinstance(cell, int | float) and not isinstance(cell, bool):
        return figure(cell).replace(".", dialect.decimal)  # a number the spreadsheet adds up: 13,5 in French
    # A coup's time as a date-time the spreadsheet sorts and reckons with; one a hand-edited file spells
    # wrong stays its words, escaped as any other.
    words = cell.in_a_spreadsheet() if isinstance(cell, Moment) and dialect.dates else figure(cell)
    if dialect.dates and _DATE_LIKE.fullmatch(words) and not isinstance(cell, Moment):
        words = words.translate(_NO_DATE)  # 4-3-2, 1/2: the same to the eye, never the 4th of March 2002
    if dialect.dates and words.startswith(_FORMULA):  # a spreadsheet runs nothing typed; a program reads it as is
        words = "'" + words
    if not dialect.dates:  # a program compares the names as typed: no isolate around a right-to-left one
        words = words.translate(_NO_ISOLATE)
    if dialect.separator in words or '"' in words or _BREAK.search(words):
        return '"' + words.replace('"', '""') + '"'
    return words


def _shown(table: Table) -> Table:
    """Only the columns some entry fills (no time column for a game without times), for the eye."""
    keep = [column for column in range(len(table.headers)) if any(row[column] not in ("", None) for row in table.rows)]
    if len(keep) == len(table.headers):
        return table
    if len(keep) < 2:  # `itemgetter` of one column gives the cell, of none fails
        return Table([table.headers[c] for c in keep], [[row[c] for c in keep] for row in table.rows], table.breaks)
    shown = itemgetter(*keep)  # each row's cells picked by the interpreter itself: 2,000 rows of 14 columns
    return Table(list(shown(table.headers)), [list(shown(row)) for row in table.rows], table.breaks)


def markdown(title: str, table: Table, lines: list[str]) -> str:
    """The fiche as a Markdown table under its title, where the partie stands below it."""
    table = _shown(table)

    def cells(row: list[Any]) -> str:
        return "| " + " | ".join(_inline(_shown_cell(cell)) for cell in row) + " |"

    align = [
        "---:" if any(isinstance(row[c], int | float) for row in table.rows) else "---"
        for c in range(len(table.headers))
    ]
    out = [f"# {_block(title)}", "", cells(table.headers), "| " + " | ".join(align) + " |", *map(cells, table.rows), ""]
    return "\n".join([*out, *(f"- {_block(line)}" for line in lines)]) + "\n"


# What Markdown (CommonMark and GitHub's tables) reads as markup inside a line: emphasis, code, links and
# images, raw HTML and autolinks (`<`), a cell's end, strike-through, a heading's closing `#`, an entity.
_MARKUP = re.compile(r"[\\`*_\[\]<>|~#]|&(?=#?\w+;)")
_CRLF = re.compile("\r\n|" + _BREAK.pattern)


def _inline(words: str) -> str:
    r"""Words typed at the table as Markdown shows them and never runs: each markup character escaped by a
    backslash (no raw HTML, no `javascript:` link), a line break as `<br>`, which keeps it inside its cell.

    >>> print(_inline("<img src=x> [a](javascript:x) *b* | c\nd &amp; & e"))
    \<img src=x\> \[a\](javascript:x) \*b\* \| c<br>d \&amp; & e
    """
    return _CRLF.sub("<br>", _MARKUP.sub(lambda found: "\\" + found[0], words))


def _block(words: str) -> str:
    r"""A heading's or a list item's words: as `_inline`, and what would begin a block there (a list, a
    numbered item, a rule) escaped too.

    >>> print(_block("- 1. x"), _block("1. x"), _block("+x"), _block("a - b"))
    \- 1. x 1\. x \+x a - b
    """
    return re.sub(r"^([-+=])|^(\d+)([.)])", lambda found: f"{found[2] or ''}\\{found[1] or found[3]}", _inline(words))


STYLE = """
@page { size: A4 portrait; margin: 12mm; }
body { font: 9.5pt/1.3 "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #111; margin: 0; }
@media screen { body { max-width: 1100px; margin: 1.5em auto; padding: 0 1em; } }
h1 { font-size: 14pt; margin: 0 0 1mm; }
p.about { margin: 0 0 3mm; color: #444; }
h2 { font-size: 11pt; margin: 4mm 0 1.5mm; }
table { border-collapse: collapse; width: 100%; font-size: 8.5pt; }
thead { display: table-header-group; }
th, td { border: 0.5pt solid #999; padding: 0.4mm 1.2mm; text-align: left; vertical-align: top; }
th { background: #eee; font-weight: 600; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
td.n, td.t, td.w { white-space: nowrap; }
table.wide td.w { white-space: normal; }
table.wide th, table.wide td { padding: 0.4mm 0.8mm; }
tr.note td { border-top: none; font-style: italic; color: #333; }
tr.note td:first-child, tr.cut td:first-child { border-top: none; }
tbody.end tr:last-child td { border-bottom: 1.6pt solid #111; }
tbody, li, figure, section { break-inside: avoid; }
.red { color: #c0392b; }
ul { margin: 2mm 0; padding-left: 5mm; }
figure { margin: 3mm 0 0; }
svg.chart { width: 100%; height: auto; max-height: 75mm; }
@media print, (max-width: 760px) {
  table.wide { font-size: 6.5pt; } table.wide th:not(:first-child) { overflow-wrap: anywhere; }
}
"""  # the chart's own style is in its SVG (`chart.svg`)


def html(
    title: str,
    table: Table,
    lines: list[str],
    chart: str,
    sections: Sections,
    lang: str,
    about: tuple[str, ...] = (),
    decimal: str = ".",
) -> str:
    """One printable page: its title and what it is (`about`), the fiche, where the partie stands, the
    chart, then the game's own sections (where it has money, the settlement and each player's statement).
    A half is written with the language's `decimal` mark, as its sheet writes it (`13,5` in French).

    An entry is a `tbody` of its own, its note (if any) a line under it across the table, so that the
    two print on one page; a rule under the entry that ends a manche; the header row printed again on
    each page (A4 portrait, whatever the length)."""
    noted = bool(table.rows) and isinstance(table.rows[0][-1], Note)  # the notes' column, last, goes under
    notes = [row[-1] if noted else "" for row in table.rows]
    if noted:
        table = Table(table.headers[:-1], [row[:-1] for row in table.rows], table.breaks)
    table = _shown(table)
    head = "".join(f"<th>{_header(header)}</th>" for header in table.headers)
    width = len(table.headers)
    breaks = set(table.breaks)
    written: dict[tuple[type, Any], str] = {}  # a cell written once: a long partie holds the same ones again and again

    def cell(value: Any) -> str:
        key = (type(value), repr(value) if type(value) is float else value)  # -0.0 is not 0.0 written
        found = written.get(key)
        if found is None:
            found = written[key] = _cell(value, decimal)
        return found

    entries = []
    for at, (cells, note) in enumerate(zip(_rows(table.rows, cell), notes, strict=True), 1):
        end = ' class="end"' if at in breaks else ""
        under = f'\n<tr class="note"><td></td><td colspan="{width - 1}">{_words(note)}</td></tr>' if note else ""
        entries.append(f"<tbody{end}><tr>{cells}</tr>{under}</tbody>")
    wide = ' class="wide"' if width > _WIDE else ""
    parts = [
        f'<!DOCTYPE html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">',
        f"<title>{escape(' · '.join([title, *about[:1]]))}</title>\n<style>{STYLE}</style>\n</head>\n<body>",
        f"<h1>{_words(title)}</h1>",
        *([f'<p class="about">{" · ".join(map(_words, about))}</p>'] if about else []),
        f"<table{wide}>\n<thead><tr>{head}</tr></thead>\n" + "\n".join(entries) + "\n</table>",
        _items(lines),
        f"<figure>\n{chart}\n</figure>",
    ]
    for heading, items in sections:
        parts.append(f"<section>\n<h2>{_words(heading)}</h2>\n{_items(items)}\n</section>")
    return "\n".join([*parts, "</body>\n</html>\n"])


def _rows(rows: list[list[Any]], cell: Callable[[Any], str]) -> Iterable[str]:
    """Each row's cells written by `cell`, column by column where the rows are alike: a column of words
    alone, or of whole figures alone, written for each distinct cell and the rest looked up by the
    interpreter's own loop (docs/performance.md); a column of mixed cells (1 and 1.0 are one key) a call a cell."""
    if not rows or not rows[0] or len(set(map(len, rows))) != 1:
        return ("".join(map(cell, row)) for row in rows)
    columns = []
    for column in zip(*rows, strict=False):
        kinds = set(map(type, column))
        if kinds == {str} or kinds == {int}:
            said = {value: cell(value) for value in set(column)}
            columns.append(list(map(said.__getitem__, column)))
        else:
            columns.append(list(map(cell, column)))
    return map("".join, zip(*columns, strict=False))


# Past this many columns (four players' figures), a table's short cells may wrap at their spaces and,
# on A4 portrait, it takes a smaller print, its headers of names breaking where they must: else the
# last columns are cut at the window's or the page's edge.
_WIDE = 13

# The red suits as a French fiche writes them by hand: 10♥ and A♦ in red (the black ones in the ink).
_RED = re.compile("[♥♦]+")


# French puts a space before `:` `;` `!` `?` and inside « »: a non-breaking one keeps the mark with its
# word, where a narrow header would otherwise put « : » on a line of its own.
_BEFORE_MARK = re.compile(r" (?=[:;!?»])|(?<=«) ")


def _header(words: str) -> str:
    """A column's header, a French mark kept with its word (words typed at the table stay as typed).

    >>> _header("Ana : coup"), _header("« 10♥ »")
    ('Ana\xa0: coup', '«\xa010<span class="red">♥</span>\xa0»')
    """
    return _words(_BEFORE_MARK.sub("\u00a0", words))


def _words(words: str) -> str:
    """Words escaped, the red suits in red. Words without a red suit are not searched by the pattern: its
    search reads a character at a time, `in` does not (docs/performance.md: 6 ms of the statements of 2,000 coups)."""
    said = escape(words)
    if "♥" not in said and "♦" not in said:
        return said
    return _RED.sub(lambda found: f'<span class="red">{found[0]}</span>', said)


def _cell(value: Any, decimal: str = ".") -> str:
    """A figure aligned right, as the sheet's JSON gives it, with the language's decimal mark; a time by
    its hour; a word escaped, a short one (a name, a card, a manche) kept on one line but in a wide
    table, where four players' names would push the figures past the window's edge."""
    if isinstance(value, int | float):
        return f'<td class="n">{figure(value).replace(".", decimal)}</td>'
    if isinstance(value, Moment):
        return f'<td class="t" title="{escape(value)}">{escape(value.short())}</td>'
    words = figure(value)
    wrap = "" if " " in words.strip() and len(words) > 20 else ' class="w"'
    return f"<td{wrap}>{_words(words)}</td>"


def _shown_cell(value: Any) -> str:
    """A cell as the page shows it: a time by its hour."""
    return value.short() if isinstance(value, Moment) else figure(value)


def _items(lines: list[str]) -> str:
    r"""The lines as a list, escaped together rather than one by one (a statement of 2,000 coups holds some
    4,000 lines), a NUL between them where none holds one.

    >>> print(_items(["a < b", "10♥"]))
    <ul>
    <li>a &lt; b</li>
    <li>10<span class="red">♥</span></li>
    </ul>
    >>> _items(["a\x00b", "c"]), _items([])
    ('<ul>\n<li>a\x00b</li>\n<li>c</li>\n</ul>', '<ul>\n\n</ul>')
    """
    joined = "\x00".join(lines)
    if not lines or joined.count("\x00") != len(lines) - 1:
        return "<ul>\n" + "\n".join(f"<li>{_words(line)}</li>" for line in lines) + "\n</ul>"
    return "<ul>\n<li>" + _words(joined).replace("\x00", "</li>\n<li>") + "</li>\n</ul>"


WRITERS: dict[str, Callable[[Page], str]] = {"csv": write_csv, "md": write_markdown, "html": write_html}
FORMATS = tuple(WRITERS)
