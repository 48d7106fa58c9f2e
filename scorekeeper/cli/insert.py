"""`scorekeeper insert N ...`: a forgotten coup before entry N, said as to `coup` (issue 17)."""

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
from scorekeeper.games.options import Option
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(cls=d.Command, help=text("help.insert"), epilog=examples_of("insert"))
@d.with_coup_options
def insert(
    number: int = typer.Argument(..., help=text("help.insert.number")),
    drop_after: bool = DROP_AFTER,
    game_name: str = GAME,
    ascii: bool = ASCII,
    *,
    said: dict[Option, Any],
) -> None:
    name = pick(game_name)
    fiche, dropped = service.insert(name, number, d.declaration(said), drop_after, d.words_of(said), i18n.spoken())
    out.words(text("cli.inserted", number=number))
    print_coup(fiche.coups[number - 1], fiche, ascii)
    say_dropped(dropped)
