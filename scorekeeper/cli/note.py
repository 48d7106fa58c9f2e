"""`scorekeeper note [N] "..."`: a note on entry N, or on the game."""

from __future__ import annotations

import typer

from scorekeeper import service
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import GAME, examples_of
from scorekeeper.cli.terminal import out
from scorekeeper.errors import UserError
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)


@app.command(help=text("help.note"), epilog=examples_of("note"))
def note(
    words: list[str] = typer.Argument(..., help=text("help.note.words"), metavar=text("metavar.note")),
    game_name: str = GAME,
) -> None:
    number = None
    if len(words) == 2 and words[0].isascii() and words[0].isdigit():  # « ² » is a word of the note
        number, words = int(words[0]), words[1:]
    if len(words) != 1:
        raise UserError("note_words")
    game = service.note(pick(game_name), words[0], number)
    if number is None:
        out.words(text("games.noted", name=game.name))
    else:
        out.words(text("games.noted_entry", name=game.name, number=number))
