"""`scorekeeper demo`: Marius's partie, played, shown, and kept as the game `demo` to try the other commands on."""

from __future__ import annotations

import typer

from scorekeeper import i18n, service
from scorekeeper.cli.options import ASCII, EXPLAIN, JSON, examples_of
from scorekeeper.cli.render import print_fiche
from scorekeeper.cli.terminal import confirm, out
from scorekeeper.i18n import text
from scorekeeper.i18n.rulebook import described

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.demo"), epilog=examples_of("demo"))
def demo(
    json: bool = JSON,
    explain: bool = EXPLAIN,
    ascii: bool = ASCII,
    yes: bool = typer.Option(False, "--yes", "-y", help=text("help.demo.yes")),
) -> None:
    if not yes and service.exists("demo"):
        # Asked before anything is written; without a terminal, refused naming --yes: nothing replaced.
        confirm(text("paper.demo.replace"), "--yes")
        yes = True
    game, fiche = service.demo(replace=yes, lang=i18n.spoken().code)
    if json:
        out.json({"name": game.name, **fiche.as_dict()})
        return
    print_fiche(fiche, text("cli.demo_title", title=described(fiche.ruleset)[0]), ascii, explain)
    out.line(text("paper.demo.stored", name=game.name))
