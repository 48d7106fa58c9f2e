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
from typing import Any


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
