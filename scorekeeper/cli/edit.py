"""`scorekeeper edit N`: replace what was said for a coup."""

from __future__ import annotations

from typing import Any

import typer

from scorekeeper import i18n, service
from scorekeeper.cli import declare as d
from scorekeeper.cli.current import pick
from scorekeeper.cli.delete import DROP_AFTER, say_dropped
from scorekeeper.cli.options import ASCII, GAME, examples_of
from scorekeeper.cli.render import print_coup
from scorekeeper.cli.terminal import out
from scorekeeper.errors import UserError
from scorekeeper.games.options import Option
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(cls=d.Command, help=text("help.edit"), epilog=examples_of("edit"))
@d.with_coup_options
def edit(
    number: int = typer.Argument(..., help=text("help.edit.number")),
    drop_after: bool = DROP_AFTER,
    game_name: str = GAME,
    ascii: bool = ASCII,
    *,
    said: dict[Option, Any],
) -> None:
    changes, words = d.declaration(said), d.words_of(said)
    if not changes and not words:
        raise UserError("nothing_to_change")
    name = pick(game_name)
    count = len(service.read(name).coups) if drop_after else 0  # to say how many the new end removed
    fiche = service.edit(name, number, changes, drop_after, words, i18n.spoken())
    out.words(text("cli.coup_replaced", number=number))
    print_coup(fiche.coups[number - 1], fiche, ascii)
    say_dropped(count - len(fiche.coups) if drop_after else 0)
