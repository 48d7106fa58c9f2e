"""A user's mistake in words: as the command line says it (`said`: the fields of a coup it names as their
flags), and as the table says it (`at_the_table`: the short line's words), at the terminal and on the pages.

An engine's refusal names the field it is about (`errors.Field`: a game's `vole_engagee`); here it
becomes the option that gives it (`--vole-engagee`), from the game's options (`games.options`).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper import i18n
from scorekeeper.errors import Field, UserError
from scorekeeper.explain import Record
from scorekeeper.i18n import render


def flag_of(field: Field) -> str:
    """A field of a coup as the command line says it: its game's option's flag (`retourne` is `--retourne`)."""
    from scorekeeper.games.offers import flag

    return flag(field.name, field.game)


def said(error: UserError, ascii: bool = False) -> str:
    """A user's mistake in words, the fields of a coup it names said as the command line's flags; cards
    in letters with `ascii` (as JSON says them, C-2)."""
    return render(error, ascii=ascii, fields=flag_of)


def at_the_table(error: UserError, players: Sequence[str] = ()) -> str:
    """A mistake in the words of the table: a field of a coup it names said as the short line says it
    (`table.field.GAME.FIELD`, else `table.field.FIELD`, else as a line's refusal names it, `field.FIELD`:
    « les points », « la maldonne »), never as the command line's flag but for a field no word says; a
    refusal the table says its own way (`table.error.KEY`: the points of one side as « César 40 », not
    as `--points JOUEUR=N`) said so, with the first of the table's `players` for its example."""
    return render(_at_the_table(error.record, tuple(players)), fields=_field_word)


def _at_the_table(said: Record, players: tuple[str, ...]) -> Record:
    """`said` with each refusal in it (a coup's refusal holds its reason) as the table says it, where it
    has words of its own for it (`table.error.KEY`, given the table's first player as `player`)."""
    values = {
        key: _at_the_table(value, players) if isinstance(value, Record) else value for key, value in said.values.items()
    }
    event, own = said.event, f"table.{said.event}"
    if event.startswith("error.") and i18n.message(own) != own and (players or "{player}" not in i18n.message(own)):
        event, values = own, {"player": players[0] if players else "", **values}
    return Record(said.rule, event, values)


def _field_word(field: Field) -> str:
    for key in (f"table.field.{field.game}.{field.name}", f"table.field.{field.name}", f"field.{field.name}"):
        words = i18n.message(key)
        if words != key:
            return words
    return flag_of(field)
