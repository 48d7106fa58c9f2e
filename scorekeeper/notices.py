"""What one run of a command stored, and what it could not do without failing: gathered for the edge.

The store says here each game it stores (`stored`) and each soft failure (`noted`: a record, such as a
current-game mark not written); the edge opens `noticing()` around a command and says the notes after
it, and once a game is stored never reports the run as failed. A module of its own, with nothing but
`contextvars`, so that every command (`--help` included) opens it without loading the store.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.explain import Record


class Notices:
    """What one run stored (`stored`: the games' names) and what it could not do without failing
    (`notes`: records). A plain class: a dataclass costs about 1 ms more to create, on the start-up
    path of every command."""

    __slots__ = ("stored", "notes")

    def __init__(self) -> None:
        self.stored: list[str] = []
        self.notes: list[Record] = []


_noticed: ContextVar[Notices | None] = ContextVar("noticed", default=None)


@contextmanager
def noticing() -> Iterator[Notices]:
    """What is stored and noted inside this block (a command's run), gathered in one `Notices`."""
    notices = Notices()
    token = _noticed.set(notices)
    try:
        yield notices
    finally:
        _noticed.reset(token)


def stored(name: str) -> None:
    """Game `name` is stored, in the run that notices (none outside one: the service used as a library)."""
    notices = _noticed.get()
    if notices is not None:
        notices.stored.append(name)


def noted(note: Record) -> None:
    """A soft failure of the run that notices."""
    notices = _noticed.get()
    if notices is not None:
        notices.notes.append(note)


def quiet() -> bool:
    """Whether the run that notices stored nothing and noted nothing so far (a kept sheet is of such a run)."""
    notices = _noticed.get()
    return notices is not None and not notices.stored and not notices.notes
