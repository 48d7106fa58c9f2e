"""`scorekeeper stop --reason "..."`: end a partie by agreement."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import GAME, JSON, examples_of
from scorekeeper.cli.terminal import out
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.stop"), epilog=examples_of("stop"))
def stop(
    reason: str = typer.Option(..., "--reason", help=text("help.stop.reason")),
    game_name: str = GAME,
    json: bool = JSON,
) -> None:
    game, fiche = service.stop(pick(game_name), reason)
    outcome = service.stopped_outcome(game, fiche)
    settled = outcome is not None and not isinstance(outcome, list)
    if json:
        result = outcome.as_dict() if settled else {"winner": outcome}
        out.json({"name": game.name, "stopped": game.stopped, **result})
        return
    out.show(text("games.stopped", name=game.name, reason=game.stopped["reason"]), markup=False)
    if settled:
        from scorekeeper.cli.render import print_settlement

        print_settlement(outcome, fiche)
    else:
        out.show(
            text("games.stopped.tie") if outcome is None else text("games.stopped.winner", winner=outcome), markup=False
        )
