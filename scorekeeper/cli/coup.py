"""`scorekeeper coup`: enter the next coup."""

from __future__ import annotations

from typing import Any

import typer

from scorekeeper import service
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
    fiche = service.add(name, d.declaration(said))
    print_coup(fiche.coups[-1], fiche, ascii)
