"""The concours on paper (issue 32, RULES T): each round's table cards to cut out and hand to the tables,
the standing, and the final ranking with its prizes, as printable A4 HTML pages (the standing and the
prizes as CSV too, through the fiche's own CSV writer: the same escaping of formulas).

The pages are self-contained (style inline, nothing from the network). Every word typed by someone (a
team's, a player's, the concours's name) is escaped (`present.paper.escape`, as `html.escape`): it is shown,
never run. With
`--url BASE` each card carries its table's page on the web (and its entry page with `--entry`) as an
address and a QR code (`present.paper.qr`), opened by a token made from the table's stored secret.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.present.paper import Table, escape, figure
from scorekeeper.present.paper.formats import STYLE
from scorekeeper.present.paper.qr import STYLE as LINKS_STYLE
from scorekeeper.present.paper.qr import card_links


@dataclass(frozen=True, slots=True)
class Card:
    """One table's card: its round and number, its sides (each a name and its players), its players in
    their seats, the game to enter, and the address of its page on the web where there is one."""

    round: int
    table: int
    sides: list[tuple[str, list[str]]]
    seats: list[str]
    game: str
    links: tuple[tuple[str, str], ...] = ()  # (what, address): its page, its entry page (`present.paper.qr`)


@dataclass(frozen=True, slots=True)
class Words:
    """The words a card says, in the language spoken (the catalog gives them)."""

    table: Callable[[int], str]
    round: Callable[[int], str]
    seats: str
    game: str
    versus: str
    links: Mapping[str, str]  # what each address of a card opens: `view`, `entry`


# The fiche keeps each coup (a tbody of its own) whole on a page; a list of 104 teams is one tbody, and
# must break between pages, its header repeated.
LIST_STYLE = "tbody { break-inside: auto; }\n"

CARDS_STYLE = """
@page { size: A4; margin: 8mm; }
.cards { display: grid; grid-template-columns: 1fr 1fr; gap: 0; }
.card { border: 0.6pt dashed #777; padding: 4mm 5mm; height: 65mm; box-sizing: border-box;
  break-inside: avoid; overflow: hidden; overflow-wrap: anywhere; }
.card h2 { font-size: 20pt; margin: 0; }
.card .round { font-size: 10pt; color: #444; margin: 0; }
.card .side { font-size: 11pt; font-weight: bold; margin: 1mm 0 0; }
.card .players { font-size: 9pt; margin: 0 0 1mm; }
.card .vs { font-size: 8pt; color: #666; margin: 0; }
.card .seats, .card .game { font-size: 8.5pt; margin: 1.5mm 0 0; }
.card code { font-size: 10pt; font-weight: bold; }
"""


def cards(title: str, made: Sequence[Card], words: Words, lang: str) -> str:
    """The table cards of a round, two across and four down an A4 sheet, cut along the dashes; the game to
    enter comes first under the table's number, so that long names, cut at the card's foot, never hide it."""
    shown = [_card(card, words) for card in made]
    return _page(title, STYLE + CARDS_STYLE + LINKS_STYLE, f'<div class="cards">\n{"".join(shown)}</div>', lang)


def _card(card: Card, words: Words) -> str:
    sides = f'<p class="vs">{escape(words.versus)}</p>'.join(
        f'<p class="side">{escape(name)}</p><p class="players">{escape(" & ".join(players))}</p>'
        for name, players in card.sides
    )
    seats = " · ".join(escape(seat) for seat in card.seats)
    links = card_links(list(card.links), dict(words.links)) if card.links else ""
    return (
        f'<section class="card">\n<h2>{escape(words.table(card.table))}</h2>\n'
        f'<p class="round">{escape(words.round(card.round))}</p>\n'
        f'<p class="game">{escape(words.game)} <code>{escape(card.game)}</code></p>\n{sides}\n'
        f'<p class="seats">{escape(words.seats)} {seats}</p>\n{links}</section>\n'
    )


WALL_STYLE = """
@page { size: A4; margin: 10mm; }
body { font-size: 14pt; }
table { width: 100%; }
td, th { padding: 1.5mm 2mm; }
td.t { font-size: 20pt; font-weight: bold; text-align: center; }
h2 { font-size: 16pt; margin: 6mm 0 2mm; break-after: avoid; }
"""


def wall(title: str, tables: Table, index_title: str, index: Table, lang: str) -> str:
    """The round's tables for the wall, in large print (T-3): each table, its teams, its seats and its game,
    then every team with its table, alphabetical, as the organiser pins them up; printed again at any time."""
    body = _table(tables, first_class="t") + f"\n<h2>{escape(index_title)}</h2>\n" + _table(index, first_class="")
    return _page(title, STYLE + LIST_STYLE + WALL_STYLE, body, lang)


def _table(table: Table, first_class: str) -> str:
    head = "".join(f"<th>{escape(header)}</th>" for header in table.headers)
    rows = "\n".join(
        "<tr>"
        + "".join(
            f'<td class="{first_class}">{escape(figure(value))}</td>' if at == 0 and first_class else _cell(value)
            for at, value in enumerate(row)
        )
        + "</tr>"
        for row in table.rows
    )
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>"


@dataclass(frozen=True, slots=True)
class Sheet:
    """One table's score sheet: its card's facts, and how many coups its grid has lines for."""

    card: Card
    lines: int


SHEETS_STYLE = """
@page { size: A4; margin: 6mm; }
h1 { display: none; }  /* each sheet names its table and round: three rows of two fill the page */
.sheets { display: grid; grid-template-columns: 1fr 1fr; gap: 0; }
.sheet { border: 0.6pt dashed #777; padding: 3mm 4mm; height: 94mm; box-sizing: border-box;
  break-inside: avoid; overflow: hidden; overflow-wrap: anywhere; font-size: 8pt; }
.sheet h2 { font-size: 14pt; margin: 0; display: inline; }
.sheet .round, .sheet .seats, .sheet .game { margin: 0.5mm 0; }
.sheet table.grid { width: 100%; border-collapse: collapse; margin-top: 1mm; }
.sheet table.grid td, .sheet table.grid th { border: 0.4pt solid #999; height: var(--row); padding: 0 1mm;
  font-size: 7pt; line-height: 1; }
.sheet table.grid td.n { width: 6mm; color: #777; text-align: right; }
.sheet .qr { float: right; width: 16mm; }
.sheet .qr svg { width: 16mm; height: 16mm; }
"""


def sheets(title: str, made: Sequence[Sheet], words: Words, headers: Sequence[str], lang: str) -> str:
    """A score sheet per table, six to an A4 page (two across, three down, cut along the dashes): the table,
    its teams and seats, the game to enter, a grid of a line a coup with each side's points and running
    total, and its page's QR code where `--url` gave one (T-10)."""
    shown = [_sheet(sheet, words, headers) for sheet in made]
    return _page(title, STYLE + SHEETS_STYLE, f'<div class="sheets">\n{"".join(shown)}</div>', lang)


def _sheet(sheet: Sheet, words: Words, headers: Sequence[str]) -> str:
    from scorekeeper.present.paper.qr import qr_svg

    card = sheet.card
    names = [name for name, _ in card.sides]
    head = (
        "<tr><th></th>"
        + "".join(f'<th colspan="2">{escape(name)}</th>' for name in names)
        + "</tr>\n<tr><th></th>"
        + "".join(f"<th>{escape(headers[0])}</th><th>{escape(headers[1])}</th>" for _ in names)
        + "</tr>"
    )
    rows = "\n".join(
        f'<tr><td class="n">{line}</td>' + "<td></td><td></td>" * len(names) + "</tr>"
        for line in range(1, sheet.lines + 1)
    )
    total = f"<tr><th>{escape(headers[2])}</th>" + '<td colspan="2"></td>' * len(names) + "</tr>"
    qr = "".join(f'<div class="qr">{qr_svg(address)}</div>' for what, address in card.links if what == "view")
    players = f' <span class="vs">{escape(words.versus)}</span> '.join(
        f"<b>{escape(name)}</b> ({escape(' & '.join(players))})" for name, players in card.sides
    )
    row = min(3.6, 56 / (sheet.lines + 3))  # every line and the end fit in the sheet's 94 mm: 20 coups and more
    return (
        f'<section class="sheet" style="--row: {row:.2f}mm">\n{qr}<h2>{escape(words.table(card.table))}</h2> '
        f'<span class="round">{escape(words.round(card.round))}</span>\n<p>{players}</p>\n'
        f'<p class="seats">{escape(words.seats)} {" · ".join(escape(seat) for seat in card.seats)}</p>\n'
        f'<p class="game">{escape(words.game)} <code>{escape(card.game)}</code></p>\n'
        f'<table class="grid">\n{head}\n{rows}\n{total}\n</table>\n</section>\n'
    )


def ranking(title: str, lines: Sequence[str], table: Table, lang: str) -> str:
    """The standing or the final ranking: one table, the teams in order, on as many A4 pages as it takes
    (its header repeated on each)."""
    head = "".join(f"<th>{escape(header)}</th>" for header in table.headers)
    rows = "\n".join("<tr>" + "".join(map(_cell, row)) + "</tr>" for row in table.rows)
    said = "".join(f"<p>{escape(line)}</p>" for line in lines)
    body = f"{said}<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>"
    return _page(title, STYLE + LIST_STYLE, body, lang)


def _cell(value: Any) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f'<td class="n">{figure(value)}</td>'
    return f"<td>{escape(figure(value))}</td>"


def _page(title: str, style: str, body: str, lang: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)}</title>\n<style>{style}</style>\n</head>\n<body>\n"
        f"<h1>{escape(title)}</h1>\n{body}\n</body>\n</html>\n"
    )


def award_shown(award: Any) -> str:
    """What an entrant takes home, as the board, the printed list and the CSV show it (T-10): its prize's
    number, or its money (« 66,67 € ») and its lots, joined; nothing for none."""
    from scorekeeper.i18n import message, text

    if award is None:
        return ""
    if award.number is not None:
        return str(award.number)
    parts = []
    if award.money:
        whole, part = divmod(award.money, 100)
        amount = str(whole) if not part else f"{whole}{message('number.decimal')}{part:02d}"
        parts.append(text("concours.prize.money", amount=amount))
    parts.extend(award.lots)
    return text("concours.prize.join").join(parts)
