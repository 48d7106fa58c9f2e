"""A concours's tables as games of the store (T-2, T-7), for the commands that name a game.

A table's game (`NAME-rROUND-tTABLE`) is an ordinary game, written when a command first names it (its
first coup, `table`, `sheet`), never at the draw: `made` creates it from the concours then (its ruleset,
options and seats); a first coup stores it with that coup, or, refused, not at all (`unmade`).
`refuse_frozen` refuses a change to a table's game once its result is entered or a draw has used it
(T-7, T-9), `refuse_taking` a game made or renamed into a drawn table's name that is not that table's
game. All look at the name first, in any case (`printemps-R1-T1` is the same game), and read a
concours only for a name of that form.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.store import Ledger

# A table's game name, as `concours.model.GAME_NAME` says it: checked here before anything is imported.
_TABLE = re.compile(r".+-r[0-9]{1,3}-t[0-9]{1,4}", re.IGNORECASE)


def _table_of(name: str) -> tuple[object, object] | None:
    """The concours and the table game `name` is a table of, None where it is none."""
    if not _TABLE.fullmatch(name):
        return None
    from scorekeeper.concours import files
    from scorekeeper.concours.model import GAME_NAME
    from scorekeeper.errors import UserError
    from scorekeeper.players import fold_name

    match = re.fullmatch(GAME_NAME.pattern, name, re.IGNORECASE)  # a name in any case is that game (C-4)
    assert match is not None
    try:
        if not files.exists(match["concours"]):
            return None
        concours = files.read(match["concours"])
    except UserError:
        return None
    number, at = int(match["round"]), int(match["table"])
    if not 1 <= number <= len(concours.rounds):
        return None
    table = concours.rounds[number - 1].table(at)
    if table is None or fold_name(table.game) != fold_name(name):
        return None
    return concours, table


def unmade(name: str) -> Ledger | None:
    """The game of the concours table `name` as its first use makes it, if it is one and not stored yet:
    nothing written (a first coup refused leaves no game behind)."""
    from scorekeeper import store

    if not _TABLE.fullmatch(name) or store.exists(name):
        return None
    found = _table_of(name)
    if found is None:
        return None
    from scorekeeper.concours.model import Concours, Table

    concours, table = found
    assert isinstance(concours, Concours) and isinstance(table, Table)
    return store.Ledger(
        table.game,
        concours.ruleset_name,
        dict(concours.ruleset),
        list(table.seats),
        table.seats[0],
        options=dict(concours.options),
        lang=concours.lang,
    )


def made(name: str) -> bool:
    """Make the game of the concours table `name` if it is one and not stored yet; whether it did."""
    game = unmade(name)
    if game is None:
        return False
    from scorekeeper import store
    from scorekeeper.errors import UserError

    try:
        store.create(game)
    except UserError as error:
        if error.key != "game_exists":  # made by another command meanwhile: that one is it
            raise
    return True


def refuse_frozen(name: str) -> None:
    """T-7, T-9: a change to a table's game (a coup, undo, edit, delete, rename, trash, restore, stop) is
    refused once its result is entered from paper, a forfeit said, or a draw has used it, unless the
    organiser replaces the result (`concours result --replace`)."""
    found = _table_of(name)
    if found is None:
        return
    from scorekeeper.concours.model import Concours, Table
    from scorekeeper.errors import UserError

    concours, table = found
    assert isinstance(concours, Concours) and isinstance(table, Table)
    if table.result is not None and table.result.frozen:
        raise UserError("concours_table_frozen", "T-7", game=table.game, concours=concours.name)
    if table.result is not None or table.forfeit:
        raise UserError("concours_table_bound", "T-9", game=table.game, concours=concours.name)


def refuse_taking(name: str, game: Ledger) -> None:
    """T-9: no other game takes a drawn table's name: a game made or renamed `name` must be that table's,
    its seats, ruleset and options (as `concours import` holds a game to them), and its result not yet bound."""
    found = _table_of(name)
    if found is None:
        return
    from scorekeeper.concours.model import Concours, Table
    from scorekeeper.errors import UserError
    from scorekeeper.players import fold_name

    concours, table = found
    assert isinstance(concours, Concours) and isinstance(table, Table)
    if [fold_name(player) for player in game.players] != [fold_name(seat) for seat in table.seats]:
        raise UserError("concours_import_players", game=table.game, players=list(game.players), seats=list(table.seats))
    if (game.ruleset_name, game.ruleset, game.options) != (concours.ruleset_name, concours.ruleset, concours.options):
        raise UserError(
            "concours_import_ruleset", game=table.game, ruleset=game.ruleset_name, wanted=concours.ruleset_name
        )
    refuse_frozen(name)
