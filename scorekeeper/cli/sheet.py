"""`scorekeeper sheet`: the fiche of a game."""

from __future__ import annotations

import typer

from scorekeeper import service, store
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import ASCII, EXPLAIN, GAME, JSON, examples_of, print_json
from scorekeeper.cli.render import print_fiche
from scorekeeper.i18n import text
from scorekeeper.i18n.rulebook import described

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.sheet"), epilog=examples_of("sheet"))
def sheet(
    game_name: str = GAME,
    json: bool = JSON,
    explain: bool = EXPLAIN,
    ascii: bool = ASCII,
) -> None:
    name = pick(game_name)
    the_game = store.read(name)
    fiche = service.fiche(the_game)
    aside = service.aside(the_game)
    if json:
        data = fiche.as_dict()
        for entry, kept in zip(data["coups"], aside["entries"], strict=False):
            entry.update(kept)
        print_json({"name": the_game.name, **data, "notes": aside["notes"], "stopped": aside["stopped"]})
        return
    print_fiche(fiche, f"{the_game.name} · {described(service.ruleset_of(the_game))[0]}", ascii, explain)
    _print_aside(aside)


def _print_aside(aside: dict) -> None:
    """Under the sheet: when its entries were said, the notes on entries and on the game, each with its
    time, and a stop by agreement."""

    def when(iso: str) -> str:
        return iso.replace("T", " ")[:16]

    times = [kept["time"] for kept in aside["entries"] if "time" in kept]
    lines = []
    if times:
        first, last = when(min(times)), when(max(times))
        lines.append(text("sheet.times", first=first, last=last[11:] if last[:10] == first[:10] else last))
    lines += [
        text("sheet.note", number=number, when=when(kept["time"]) if "time" in kept else "", note=kept["note"])
        for number, kept in enumerate(aside["entries"], 1)
        if "note" in kept
    ]
    lines += [text("sheet.game_note", when=when(note["time"]), note=note["text"]) for note in aside["notes"]]
    if aside["stopped"] is not None:
        lines.append(text("sheet.stopped", when=when(aside["stopped"]["time"]), reason=aside["stopped"]["reason"]))
    if lines:
        print("\n".join(lines))
