"""The one error type a user ever sees, and the exit codes of the command, by name.

A `UserError` is a mistake the person at the table can fix (a bad card, an unknown player, a
ruleset that does not validate). It is an error key of the catalogs with its values, like a
record: the edge renders it as one line on stderr in the language in effect and exits
`Exit.MISTAKE`; nothing is written. Anything else escaping to the top is a bug.

>>> str(UserError("unknown_player", name="Zoé", players=["Ana", "Bea"]))
"unknown player 'Zoé': the players are Ana, Bea"
"""

from __future__ import annotations

import enum
from typing import Any


class Exit(enum.IntEnum):
    """What the command's exit code says."""

    DONE = 0
    RENONCE = 1  # check and audit found a renonce
    MISTAKE = 2  # a user's mistake: one line on stderr, nothing written
    ABORTED = 130  # interrupted at the keyboard


class UserError(Exception):
    """A mistake of the user's: an error key (`error.KEY` in the catalogs) with its values, the rule it
    breaks where there is one. `str()` renders it in the language in effect."""

    def __init__(self, key: str, rule: str | None = None, /, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.rule = rule
        self.values = values

    @property
    def record(self) -> Any:
        """The mistake as a record (`scorekeeper.explain.Record`), event `error.KEY`."""
        from scorekeeper.explain import Record

        return Record(self.rule, f"error.{self.key}", self.values)

    def __str__(self) -> str:
        from scorekeeper import i18n

        return i18n.render(self.record)
