"""The game's file watched, and each change sent to every open page as a server-sent event.

One task looks at the file's identity (`Session.changed`: inode, time, size) ten times a second, which
costs a `stat`; when another process stored something (`coup`, `undo`, a table), the session reads the
game again once and the new fiche is put in words once a language, whatever the number of pages open.
Each page has a queue of one: a page that reads slowly gets the latest fiche, never a backlog.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from scorekeeper.service.session import Session
from scorekeeper.web.views import fiche_view

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


class Live:
    """The pages open on one game and the session that reads it."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.clients: set[Client] = set()

    def event(self, lang: str) -> str:
        return json.dumps(fiche_view(self.session, lang), ensure_ascii=False)

    def publish(self) -> None:
        """The fiche as it now stands, to every open page, put in words once a language."""
        said: dict[str, str] = {}
        for client in list(self.clients):
            if client.lang not in said:
                said[client.lang] = self.event(client.lang)
            client.put(said[client.lang])

    async def watch(self) -> None:
        """Until cancelled: publish each change another process makes to the game's file."""
        while True:
            await asyncio.sleep(POLL)
            try:
                changed = self.session.refresh()
            except Exception:  # a file caught half-replaced, or one another command broke: look again later
                continue
            if changed:
                self.publish()

    async def stream(self, lang: str) -> AsyncIterator[str]:
        """A page's events: the fiche at once, then each change, and a comment when all is quiet."""
        client = Client(lang)
        self.clients.add(client)
        try:
            yield f"data: {self.event(lang)}\n\n"
            while True:
                try:
                    event = await asyncio.wait_for(client.queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": quiet\n\n"
                    continue
                yield f"data: {event}\n\n"
        finally:
            self.clients.discard(client)
