"""`scorekeeper coup`: enter the next coup."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import typer

from scorekeeper import i18n, service
from scorekeeper.cli import declare as d
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import ASCII, GAME
from scorekeeper.cli.render import print_coup
from scorekeeper.cli.terminal import out
from scorekeeper.games.options import Kind, Option
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(cls=d.Command, help=text("help.coup"), epilog=d.COUP_EXAMPLE)
@d.with_coup_options
def coup(
    game_name: str = GAME,
    ascii: bool = ASCII,
    *,
    said: dict[Option, Any],
) -> None:
    name = pick(game_name, make=False)  # a concours's table is stored with its first coup, not before
    declared = d.declaration(said)
    fiche = service.add(name, declared, d.words_of(said), i18n.spoken())
    _show_cards_read(said, declared, ascii)
    print_coup(fiche.coups[-1], fiche, ascii)


def _show_cards_read(said: Mapping[Option, Any], declared: Mapping[str, Any], ascii: bool) -> None:
    """Cards given as several (a hand, its trumps) shown back with their symbols, so that a misread card
    shows (C-2); a single card (the retourne) and the tricks show in the coup's own lines."""
    for field in dict.fromkeys(option.field for option in said if option.kind is Kind.CARDS):
        if isinstance(declared.get(field), str):  # accepted by the engine: the ledger's English letters
            from scorekeeper.cards import Card
            from scorekeeper.referee import Cards  # only where cards were said: 0.9 ms of every coup

            cards = Cards(Card.parse(word) for word in declared[field].split())
            out.words(text("coup.read_cards", ascii, field=field, cards=cards))
