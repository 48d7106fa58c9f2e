"""`scorekeeper demo`: Marius's partie, played and shown, stored nowhere."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli.options import ASCII, EXPLAIN, JSON, examples_of, print_json
from scorekeeper.cli.render import print_fiche
from scorekeeper.i18n import text
from scorekeeper.i18n.rulebook import described

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.demo"), epilog=examples_of("demo"))
def demo(
    json: bool = JSON,
    explain: bool = EXPLAIN,
    ascii: bool = ASCII,
) -> None:
    from scorekeeper import demo as script

    fiche = service.preview(script.RULESET, script.PLAYERS, script.COUPS)
    if json:
        print_json({"name": "demo", **fiche.as_dict()})
        return
    print_fiche(fiche, text("cli.demo_title", title=described(fiche.ruleset)[0]), ascii, explain)
