"""What happened, as data: a rule id, an event key and its values; the edge turns it into words.

The engines and the referee never build a sentence. Each line of an explanation (a coup's log, a
payment's reason, a verdict, a proof) and each user mistake is a `Record`; `scorekeeper.i18n`
renders it in the language in effect, and the JSON carries it as
`{"rule": "M-5", "event": "retourne_bonus", "values": {...}, "text": "..."}`.

>>> record("retourne_bonus", "M-5", card="10H", points=5).values["points"]
5
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple


@dataclass(frozen=True, slots=True)
class Record:
    """One thing that happened: the rule that decided it (None for a deal or an agreement), what
    happened (`event`, a key of the catalogs) and the values the words need (players, cards, figures;
    a value may itself be a record)."""

    rule: str | None
    event: str
    values: Mapping[str, Any]


def record(event: str, rule: str | None = None, /, **values: Any) -> Record:
    """`Record(rule, event, values)`, written the way a rule says it."""
    return Record(rule, event, values)


def numbered(event: str, /, **values: Any) -> Record:
    """The words of `event` said of many entries (`Numbered`'s record): every value but the entry's `number`,
    which each `Numbered` line brings; a cell's words, no rule of their own."""
    return Record(None, event, values)


class Numbered(NamedTuple):
    """`record` said of entry `number`: its words with `number` first among its values. A page of thousands
    of lines that differ only by their entry's number (a statement: `coup 12: paid Bea 6 jetons: …`)
    keeps one record for all of them, said once (`present.paper.Once`), its number put in each line.

    >>> Numbered(record("paid", None, other="B"), 12).whole()
    Record(rule=None, event='paid', values={'number': 12, 'other': 'B'})
    """

    record: Record
    number: int

    def whole(self) -> Record:
        """The record of this entry, its number among its values, as one record a line says it."""
        return Record(self.record.rule, self.record.event, {"number": self.number, **self.record.values})
