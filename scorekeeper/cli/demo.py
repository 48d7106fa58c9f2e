"""`scorekeeper demo`: Marius's partie, played and shown, stored nowhere."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli.options import ASCII, EXPLAIN, JSON, examples, print_json
from scorekeeper.cli.render import print_fiche

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(epilog=examples("scorekeeper demo --explain"))
def demo(
    json: bool = JSON,
    explain: bool = EXPLAIN,
    ascii: bool = ASCII,
) -> None:
    """Play Marius's partie (César & Escartefigue against Panisse & Brun) and print its fiche. Writes nothing."""
    from scorekeeper import demo as script

    fiche = service.preview(script.RULESET, script.PLAYERS, script.COUPS)
    if json:
        print_json({"name": "demo", **fiche.as_dict()})
        return
    print_fiche(fiche, f"demo · {fiche.ruleset.title} at the Bar de la Marine", ascii, explain)
