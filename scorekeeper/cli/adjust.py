"""`scorekeeper adjust`: what the table agreed outside the rules, with its reason (M-18).

Stored as said, numbered like the coups and replayed with them: points to a side at manille
(`--score César=+10`), jetons from one player to another at l'hombre (`--pay Bea:Ana=12`).
"""

from __future__ import annotations

from typing import Any

import typer

from scorekeeper import service
from scorekeeper.cli import declare as d
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import ASCII, GAME, examples_of
from scorekeeper.cli.render import print_coup
from scorekeeper.errors import UserError
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)

SCORE = typer.Option([], "--score", help=text("help.adjust.score"))
PAY = typer.Option([], "--pay", help=text("help.adjust.pay"))
REASON = typer.Option(None, "--reason", help=text("help.adjust.reason"))


@app.command(help=text("help.adjust"), epilog=examples_of("adjust"))
def adjust(
    score: list[str] = SCORE,
    pay: list[str] = PAY,
    reason: str = REASON,
    game_name: str = GAME,
    ascii: bool = ASCII,
) -> None:
    declared: dict[str, Any] = {"reason": reason}
    if score:
        declared["adjust"] = d.counts(score, "--score", "bad_adjust_score")
    if pay:
        declared["pay"] = payments(pay)
    if not score and not pay:
        raise UserError("adjust_needs_score", "M-18")
    name = pick(game_name)
    fiche = service.add(name, {key: value for key, value in declared.items() if value is not None})
    print_coup(fiche.coups[-1], fiche, ascii)


def payments(texts: list[str]) -> list[dict[str, Any]]:
    """`Bea:Ana=12` (Bea pays Ana 12 jetons), several parted by commas or given again: as the ledger keeps them."""
    paid = []
    for part in (part.strip() for given in texts for part in given.split(",") if part.strip()):
        who, sep, value = part.rpartition("=")
        payer, colon, payee = who.partition(":")
        try:
            jetons = int(value)
        except ValueError:
            jetons = None
        if not sep or not colon or not payer.strip() or not payee.strip() or jetons is None:
            raise UserError("bad_adjust_pay", text=part)
        paid.append({"from": payer.strip(), "to": payee.strip(), "jetons": jetons})
    return paid
