"""A game's fiche as the page draws it, in one language: its title, where the partie stands, the fiche's
columns and rows in words (the same paper data `export` writes, from the data `sheet --json` gives), the
game's notes. A plain dict: the template draws it first, then the page's script from each event."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

from scorekeeper import i18n, service
from scorekeeper.language import Language
from scorekeeper.service.session import Session

_STYLE = re.compile(r"\x1b\[[0-9;]*m")  # a struck-through cell at a terminal: the page has no terminal


@contextlib.contextmanager
def speaking(code: str) -> Iterator[Language]:
    """The language `code` in effect for a while: the server speaks each viewer's in turn, never two at once
    (its handlers run on one event loop and render without awaiting)."""
    was = i18n.spoken()
    language = Language.named(code)
    i18n.speak(language)
    try:
        yield language
    finally:
        i18n.speak(was)


def language_of(asked: str | None, accepted: str | None) -> str:
    """The viewer's language: `?lang=`, else the first of the browser's `Accept-Language` spoken here
    (by its weight), else the default."""
    if asked and (code := i18n.language_code(asked)):
        return code
    weighted = []
    for order, part in enumerate((accepted or "").split(",")[:20]):
        tag, _, rest = part.strip().partition(";")
        weight = 1.0
        if rest.strip().startswith("q="):
            try:
                weight = float(rest.strip()[2:])
            except ValueError:
                weight = 0.0
        weighted.append((-weight, order, tag.strip()))
    for _, _, tag in sorted(weighted):
        if tag and tag != "*" and (code := i18n.language_code(tag)):
            return code
    return i18n.language_of(None, {})


def fiche_view(session: Session, code: str) -> dict[str, Any]:
    """The fiche of the game `session` holds, in language `code`."""
    from scorekeeper.cli import paper
    from scorekeeper.cli.paper import Moment
    from scorekeeper.cli.render import status
    from scorekeeper.i18n.rulebook import described

    with speaking(code):
        fiche = session.fiche()
        data = paper.heading(session.name, fiche, service.aside(session.ledger))
        drawn = paper.engine_of(data).paper(data, fiche)
        table = paper.table(data, drawn)
        rows = [[_cell(value, Moment) for value in row] for row in table.rows]
        said = _plain(status(fiche))
        return {
            "lang": code,
            "name": session.name,
            "title": f"{session.name} · {described(session.ruleset)[0]}",
            "status": said,
            "headers": [_plain(header) for header in table.headers],
            "rows": rows,
            "lines": [line for line in map(_plain, paper.lines(data, drawn)) if line != said],  # said above
            "over": fiche.over,
            "count": len(fiche.coups),
        }


def _cell(value: Any, moment: type) -> list[Any]:
    """A cell as [its words, whether it is a figure] (a figure is aligned right)."""
    from scorekeeper.cli.paper import figure

    if isinstance(value, moment):
        return [value.short(), False]  # type: ignore[attr-defined]
    return [_plain(figure(value)), isinstance(value, int | float)]


def _plain(words: str) -> str:
    return _STYLE.sub("", words)
