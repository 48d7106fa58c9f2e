"""`scorekeeper delete N`: remove an entry; every later one is replayed (issue 17)."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import GAME, examples_of
from scorekeeper.cli.render import status
from scorekeeper.cli.terminal import out
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)

# Declared once here for `delete`, `insert` and `edit`: the way out of a change that ends the partie earlier.
DROP_AFTER = typer.Option(False, "--drop-after", help=text("help.option.drop_after"))


@app.command(help=text("help.delete"), epilog=examples_of("delete"))
def delete(
    number: int = typer.Argument(..., help=text("help.delete.number")),
    drop_after: bool = DROP_AFTER,
    game_name: str = GAME,
) -> None:
    fiche, dropped = service.delete_entry(pick(game_name), number, drop_after)
    out.words(text("cli.deleted", number=number, status=status(fiche)))
    say_dropped(dropped)


def say_dropped(dropped: int) -> None:
    """How many entries after the partie's new end a change removed, and how to bring them back."""
    if dropped:
        out.words(text("cli.dropped", dropped=dropped))
