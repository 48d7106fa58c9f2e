"""The fiche as a file: CSV for a spreadsheet, a Markdown table for a chat, one printable HTML page.

The HTML page is self-contained (its style and its SVG chart inline, nothing loaded from the network)
and printed on A4 by its own CSS: a partie of 20 coups fits one page (tested in headless Chromium).

Each format is one writer of a `Page`, listed in `WRITERS`: a new format is one function here (and its
words in the help of `export --format`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

from scorekeeper.cli.paper import Moment, Table, figure

Sections = list[tuple[str, list[str]]]


@dataclass(frozen=True, slots=True)
class Page:
    """What a format may write of a game: its title, the fiche as a table, where the partie stands, and,
    asked only by a format that shows them, the chart (SVG) and the game's own sections."""

    title: str
    table: Table
    lines: list[str]
    chart: Callable[[], str]
    sections: Callable[[], Sections]
    lang: str


def write_csv(page: Page) -> str:
    return csv(page.table)


def write_markdown(page: Page) -> str:
    return markdown(page.title, page.table, page.lines)


def write_html(page: Page) -> str:
    return html(page.title, page.table, page.lines, page.chart(), page.sections(), page.lang)


def csv(table: Table) -> str:
    r"""Comma-separated, a header row in the game's language, numbers with a dot: any spreadsheet reads it.

    Nothing typed is run by the spreadsheet (OWASP's advice on CSV injection): a text cell (a name, a note,
    a header) that begins as a formula does (`= + - @`, a tab, a carriage return) is written after a `'`,
    which the spreadsheet shows as text; a figure stays a figure (-26 adds up). A cell holding a line break
    of any kind is quoted, so a bare CR in a note starts no row.

    >>> print(csv(Table(["coup", "=1+1"], [[1, "@SUM(A1)"], [2, -26], [3, "-2"]])), end="")
    coup,'=1+1
    1,'@SUM(A1)
    2,-26
    3,'-2
    >>> _csv_cell("a\rb"), _csv_cell('say "x", then')
    ('"a\rb"', '"say ""x"", then"')
    """
    lines = [table.headers, *table.rows]
    return "".join(",".join(map(_csv_cell, line)) + "\n" for line in lines)


_FORMULA = ("=", "+", "-", "@", "\t", "\r")
# The line boundaries of `str.splitlines`: whichever a reader splits rows on, a quoted cell holds it.
_BREAK = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def _csv_cell(cell: Any) -> str:
    if isinstance(cell, int | float) and not isinstance(cell, bool):
        return figure(cell)
    words = figure(cell)
    if words.startswith(_FORMULA):
        words = "'" + words
    if "," in words or '"' in words or _BREAK.search(words):
        return '"' + words.replace('"', '""') + '"'
    return words


def _shown(table: Table) -> Table:
    """Only the columns some entry fills (no time column for a game without times), for the eye."""
    keep = [column for column in range(len(table.headers)) if any(row[column] not in ("", None) for row in table.rows)]
    return Table([table.headers[c] for c in keep], [[row[c] for c in keep] for row in table.rows])


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
@page { size: A4; margin: 12mm; }
body { font: 9.5pt/1.3 "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #111; margin: 0; }
@media screen { body { max-width: 186mm; margin: 1.5em auto; } }
h1 { font-size: 14pt; margin: 0 0 3mm; }
h2 { font-size: 11pt; margin: 4mm 0 1.5mm; }
table { border-collapse: collapse; width: 100%; font-size: 8.5pt; }
th, td { border: 0.5pt solid #999; padding: 0.4mm 1.2mm; text-align: left; vertical-align: top; }
th { background: #eee; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr, li, figure, section { break-inside: avoid; }
ul { margin: 2mm 0; padding-left: 5mm; }
figure { margin: 3mm 0 0; }
svg.chart { width: 100%; height: auto; max-height: 75mm; }
svg.chart text { font: 11px "DejaVu Sans", Arial, sans-serif; fill: #333; }
svg.chart .mark { stroke: #777; stroke-dasharray: 4 3; }
"""


def html(title: str, table: Table, lines: list[str], chart: str, sections: Sections, lang: str) -> str:
    """One printable page: the fiche, where the partie stands, the chart, then the game's own sections
    (where it has money, the settlement and each player's statement)."""
    table = _shown(table)
    head = "".join(f"<th>{escape(header)}</th>" for header in table.headers)
    rows = "\n".join("<tr>" + "".join(map(_cell, row)) + "</tr>" for row in table.rows)
    parts = [
        f'<!DOCTYPE html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">',
        f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>",
        f"<h1>{escape(title)}</h1>",
        f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>",
        _items(lines),
        f"<figure>\n{chart}\n</figure>",
    ]
    for heading, items in sections:
        parts.append(f"<section>\n<h2>{escape(heading)}</h2>\n{_items(items)}\n</section>")
    return "\n".join([*parts, "</body>\n</html>\n"])


def _cell(value: Any) -> str:
    """A figure aligned right, as the sheet's JSON gives it; a word escaped."""
    if isinstance(value, int | float):
        return f'<td class="n">{figure(value)}</td>'
    if isinstance(value, Moment):
        return f'<td title="{escape(value)}">{escape(value.short())}</td>'
    return f"<td>{escape(figure(value))}</td>"


def _shown_cell(value: Any) -> str:
    """A cell as the page shows it: a time by its hour."""
    return value.short() if isinstance(value, Moment) else figure(value)


def _items(lines: list[str]) -> str:
    return "<ul>\n" + "\n".join(f"<li>{escape(line)}</li>" for line in lines) + "\n</ul>"


WRITERS: dict[str, Callable[[Page], str]] = {"csv": write_csv, "md": write_markdown, "html": write_html}
FORMATS = tuple(WRITERS)
