"""The error tree a user ever sees, and the exit codes of the command, by name.

A `UserError` is a mistake the person at the table can fix (a bad card, an unknown player, a
ruleset that does not validate). It is an error key of the catalogs with its values, like a
record: the edge renders it as one line on stderr in the language in effect and exits
`Exit.MISTAKE`; nothing is written. Anything else escaping to the top is a bug.

A `CoupRefused` is a coup the table cannot have said, as an engine refuses it: it names the `Field`
of the declaration it is about (`tricks`, `espadille_forcee`), which each edge says its own way (the
command line as its flag, `--tricks`; the table in its words), and the coup's number where the
engine knows it.

>>> UserError("unknown_player", name="Zoé", players=["Ana", "Bea"]).record
Record(rule=None, event='error.unknown_player', values={'name': 'Zoé', 'players': ['Ana', 'Bea']})
>>> refused = CoupRefused("not_in_deck", "C-2", field=Field("trump", "whist")).of_coup(3)
>>> refused.number, refused.field.name, refused.record.event, refused.reason.event
(3, 'trump', 'error.coup_refused', 'error.not_in_deck')
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from scorekeeper.explain import Record


class Exit(enum.IntEnum):
    """What the command's exit code says."""

    DONE = 0
    RENONCE = 1  # check and audit found a renonce
    MISTAKE = 2  # a user's mistake: one line on stderr, nothing written
    OUTPUT = 3  # the output failed (a full disk, an unwritable stream): what was stored stays stored
    ABORTED = 130  # interrupted at the keyboard


class UserError(Exception):
    """A mistake of the user's: an error key (`error.KEY` in the catalogs) with its values, the rule it
    breaks where there is one. The edge renders its `record`."""

    def __init__(self, key: str, rule: str | None = None, /, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.rule = rule
        self.values = values

    @property
    def record(self) -> Record:
        """The mistake as a record (`scorekeeper.explain.Record`), event `error.KEY`."""
        from scorekeeper.explain import Record

        return Record(self.rule, f"error.{self.key}", self.values)


class Field(NamedTuple):
    """A field of a coup's declaration (`vole_engagee`) of game `game`, as a value of a message: the edge
    says it (`--vole-engagee` on the command line, `engagée` at the table). A NamedTuple, not a dataclass:
    every command imports this module, and a frozen slotted dataclass takes 0.73 ms to create against
    0.10 ms (measured), of the 5 ms `sheet` has to spare."""

    name: str
    game: str


class CoupRefused(UserError):
    """A coup refused by its game's engine: the rule it breaks, the `field` it is about where it is about
    one (also the message's `{field}`), and the coup's `number` where the engine knows it."""

    def __init__(
        self,
        key: str,
        rule: str | None = None,
        /,
        *,
        field: Field | None = None,
        number: int | None = None,
        **values: Any,
    ) -> None:
        super().__init__(key, rule, **values)
        self.field = field
        self.number = number

    @classmethod
    def of(cls, error: UserError, number: int) -> CoupRefused:
        """`error`, met while reading or playing coup `number`, as the refusal of that coup."""
        if isinstance(error, CoupRefused):
            return error.of_coup(number)
        refused = cls(error.key, error.rule)
        refused.values = error.values  # which may have a `number` of their own (a call's)
        refused.number = number
        return refused

    def of_coup(self, number: int) -> CoupRefused:
        """This refusal, of coup `number`."""
        refused = CoupRefused(self.key, self.rule, field=self.field)
        refused.values, refused.number = self.values, number
        return refused

    @property
    def reason(self) -> Record:
        """What the coup was refused for, without its number (for a caller that names the coup its own way)."""
        from scorekeeper.explain import Record

        values = self.values if self.field is None else {"field": self.field, **self.values}
        return Record(self.rule, f"error.{self.key}", values)

    @property
    def record(self) -> Record:
        """The refusal as said on its own: "coup 3: …" where the number is known."""
        from scorekeeper.explain import Record

        if self.number is None:
            return self.reason
        return Record(None, "error.coup_refused", {"number": self.number, "reason": self.reason})
