"""`scorekeeper adjust`: what the table agreed outside the rules, with its reason (M-18).

Stored as said, numbered like the coups and replayed with them: each game says with its own options
what was agreed (points to a side, `--score César=+10`; jetons from one player to another,
`--pay Bea:Ana=12`).
"""

from __future__ import annotations

from typing import Any

import typer

from scorekeeper import games, service
from scorekeeper.cli import declare as d
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import ASCII, GAME, examples_of
from scorekeeper.cli.render import print_coup
from scorekeeper.errors import UserError
from scorekeeper.games.offers import every
from scorekeeper.games.options import SHARED, Option
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.adjust"), epilog=examples_of("adjust"))
@d.with_options(every(games.NAMES, "adjust"), at=0)
def adjust(
    game_name: str = GAME,
    ascii: bool = ASCII,
    *,
    said: dict[Option, Any],
) -> None:
    declared = d.declaration(said)
    if not set(declared) - {option.field for option in SHARED.adjust}:
        raise UserError("adjust_needs_score", "M-18")
    name = pick(game_name)
    fiche = service.add(name, declared)
    print_coup(fiche.coups[-1], fiche, ascii)
