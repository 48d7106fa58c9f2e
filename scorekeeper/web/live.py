"""A source's files watched, and each change sent to every open page as a server-sent event.

A source is what a page shows: a game's fiche (`Fiche`), or a concours's board (`views.Board`). One task
asks it ten times a second whether its files changed (`refresh`: a `stat` each, inode, time, size); when
another process stored something (`coup`, `undo`, a table, `concours result`), the source reads again
once and its view is put in words once a language, whatever the number of pages open. Each page has a
queue of one: a page that reads slowly gets the latest view, never a backlog.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from scorekeeper.service.session import Session
from scorekeeper.web.views import board_view, fiche_view

POLL = 0.1  # seconds between two looks at the file: a change reaches the pages well within a second
KEEP_ALIVE = 15.0  # seconds of quiet after which a comment keeps proxies and phones from closing the stream


@dataclass(eq=False, slots=True)
class Client:
    """One open page: its language and the latest fiche not yet sent."""

    lang: str
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(maxsize=1))

    def put(self, event: str) -> None:
        if self.queue.full():
            self.queue.get_nowait()  # the older fiche is out of date: only the latest is worth sending
        self.queue.put_nowait(event)


class Source(Protocol):
    """What a live page shows: read again when its files changed, and put in words in a language."""

    def refresh(self) -> bool:
        """Read again what another process changed; whether anything did."""
        ...

    def view(self, lang: str) -> dict[str, Any]:
        """What the page draws, in language `lang` (JSON's types only)."""
        ...


class Fiche:
    """One game's fiche, through the session that holds it open."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def refresh(self) -> bool:
        return self.session.refresh()

    def view(self, lang: str) -> dict[str, Any]:
        return fiche_view(self.session, lang)


class Board:
    """A concours's board: its file, and the games of its current round's tables, watched. Every game is
    stored in one folder by an atomic rename, which changes the folder's own time: one more `stat` sees a
    coup at any table, and a table's game made by its first coup."""

    def __init__(self, name: str) -> None:
        from scorekeeper.service import concours

        self.name = concours.read(name).name  # a concours that is not there is the user's mistake, said at once
        self.stamp = self._stamp()

    def _stamp(self) -> tuple[tuple[int, int, int] | None, ...]:
        from scorekeeper.service.board import watched

        return tuple(_identity(path) for path in watched(self.name))

    def refresh(self) -> bool:
        stamp = self._stamp()
        changed, self.stamp = stamp != self.stamp, stamp
        return changed

    def view(self, lang: str) -> dict[str, Any]:
        return board_view(self.name, lang)


def _identity(path: Path) -> tuple[int, int, int] | None:
    """What tells one version of a file (or a folder) from another: inode, time, size; None when gone."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_ino, found.st_mtime_ns, found.st_size


class Live:
    """The pages open on one source."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.clients: set[Client] = set()

    def event(self, lang: str) -> str:
        return json.dumps(self.source.view(lang), ensure_ascii=False)

    def publish(self) -> None:
        """The view as it now stands, to every open page, put in words once a language."""
        said: dict[str, str] = {}
        for client in list(self.clients):
            if client.lang not in said:
                said[client.lang] = self.event(client.lang)
            client.put(said[client.lang])

    def moved(self, name: str) -> None:
        """Tell every open page that the server goes on with game `name` (a revanche): they load again."""
        for client in list(self.clients):
            client.put(json.dumps({"followed": name}, ensure_ascii=False))

    def catch_up(self) -> None:
        """Read again what another process changed, and publish it if anything did: a request that reads
        the source first must not take a change from the pages already open (the watcher would then see
        none)."""
        if self.source.refresh():
            self.publish()

    def look(self) -> None:
        """Publish what another process changed in the source's files since the last look."""
        try:
            self.catch_up()
        except Exception:  # a file caught half-replaced, or one another command broke: look again later
            return

    async def stream(self, lang: str) -> AsyncIterator[str]:
        """A page's events: the fiche at once, then each change, and a comment when all is quiet."""
        client = Client(lang)
        self.clients.add(client)
        try:
            try:
                first = self.event(lang)
            except Exception:  # the source's file gone or damaged meanwhile: the page says it is offline
                return
            yield f"data: {first}\n\n"
            while True:
                try:
                    event = await asyncio.wait_for(client.queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": quiet\n\n"
                    continue
                yield f"data: {event}\n\n"
        finally:
            self.clients.discard(client)
