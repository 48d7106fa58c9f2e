"""A user's mistake as the command line says it: in words, the fields of a coup it names as their flags.

An engine's refusal names the field it is about (`errors.Field`: a game's `vole_engagee`); here it
becomes the option that gives it (`--vole-engagee`), from the game's options (`games.options`).
"""

from __future__ import annotations

from scorekeeper.errors import Field, UserError
from scorekeeper.i18n import render


def flag_of(field: Field) -> str:
    """A field of a coup as the command line says it: its game's option's flag (`retourne` is `--retourne`)."""
    from scorekeeper.games.options import flag

    return flag(field.name, field.game)


def said(error: UserError, ascii: bool = False) -> str:
    """A user's mistake in words, the fields of a coup it names said as the command line's flags; cards
    in letters with `ascii` (as JSON says them, C-2)."""
    return render(error, ascii=ascii, fields=flag_of)
