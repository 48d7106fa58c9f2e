"""What a concours's board reads beside the standing (issue 33): the files to watch, and a table's partie
as it goes. The web edge calls these; it never opens the store itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper import store
from scorekeeper.concours import files
from scorekeeper.concours.model import Table


def watched(name: str) -> list[Path]:
    """The files whose change changes the board: the concours's, and the games' folder, whose own time
    every game's atomic write (a rename into it) changes: one `stat` sees a coup at any table."""
    return [files.path_of(name), store.games_dir()]


def partie(table: Table) -> Any:
    """Table `table`'s sheet as its partie goes, None before its first coup (or where a game of that name
    seats other players: never this table's partie)."""
    from scorekeeper.service.reads import fiche

    if not store.exists(table.game):
        return None
    game = store.read(table.game)
    if list(game.players) != list(table.seats) or not game.coups:
        return None
    return fiche(game)
