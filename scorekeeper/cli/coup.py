"""`scorekeeper coup`: enter the next coup."""

from __future__ import annotations

from typing import Any

import typer

from scorekeeper import i18n, service
from scorekeeper.cli import declare as d
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import ASCII, GAME
from scorekeeper.cli.render import print_coup
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.coup"), epilog=d.COUP_EXAMPLE)
@d.with_coup_options
def coup(
    game_name: str = GAME,
    ascii: bool = ASCII,
    *,
    said: dict[str, Any],
) -> None:
    name = pick(game_name)
    declared = d.declaration(said)
    fiche = service.add(name, declared, d.words_of(said), i18n.spoken())
    _show_cards_read(declared, ascii)
    print_coup(fiche.coups[-1], fiche, ascii)


def _show_cards_read(declared: dict[str, Any], ascii: bool) -> None:
    """L'hombre's hand or trumps shown back with their symbols, so that a misread card shows (C-2); the
    retourne and the tricks show in the coup's own lines."""
    from scorekeeper.cards import Card
    from scorekeeper.cli.options import console
    from scorekeeper.referee import Cards

    for field in ("hand", "trumps"):
        if isinstance(declared.get(field), str):  # accepted by the engine: the ledger's English letters
            cards = Cards(Card.parse(word) for word in declared[field].split())
            console().print(text("coup.read_cards", ascii, field=field, cards=cards), markup=False)
