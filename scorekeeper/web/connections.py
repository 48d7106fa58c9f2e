"""The connections of `scorekeeper serve` as a café's Wi-Fi and an attacker make them (issue 41).

uvicorn's HTTP/1.1 protocol (h11), with three things more:

- a request's headers must arrive within `HEADERS` seconds of the connection (or of the previous answer on
  a kept-alive one), and its body within `BODY` seconds of its headers: a socket opened and left idle, or
  a request sent a byte at a time, is closed, never held for ever;
- when the connections come near the process's file limit (less a batch accepted at once, `BACKLOG`), the
  one that has waited longest without saying anything, of the address holding most such, is closed for
  each newcomer: 300 idle sockets under a limit of 256 files leave a phone answered,
  and the live pages (whose requests are whole) are never the ones closed;
- the system's queue of connections waiting to be accepted is `QUEUE` long, asyncio taking `BACKLOG` of
  them at a time (`Server`): a phone's connection waits its turn behind a flood, never dropped;
- `make_room` raises the process's soft limit of open files to its hard one, as far as `MOST`.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADERS = 5.0  # seconds for a request's headers: a phone sends them at once
BODY = 10.0  # seconds for its body once the headers are in: a form of a few hundred bytes on a poor Wi-Fi
BACKLOG = 16  # connections accepted in one go (asyncio takes up to its listening backlog at once)
QUEUE = 512  # connections the system keeps waiting to be accepted: a phone's is not dropped behind a flood
RESERVE = 4 * BACKLOG + 32  # files kept beside the connections: a batch accepted at once, the games, the static files
MOST = 8192  # the soft limit asked for at most, whatever the hard one allows


def make_room() -> int | None:
    """Raise this process's limit of open files to its hard limit (at most `MOST`), and say how many
    connections it then holds with `RESERVE` files to spare; None where the system sets no such limit."""
    try:
        import resource
    except ImportError:  # Windows: no limit to raise, none to keep under
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST if hard == resource.RLIM_INFINITY else min(hard, MOST)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return None if soft == resource.RLIM_INFINITY else max(8, soft - RESERVE)


class Server(uvicorn.Server):
    """uvicorn's server, its listening sockets' queue made `QUEUE` long once asyncio listens on them (asyncio
    gives the system the same backlog as it accepts in one go, `BACKLOG`)."""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        for listening in sockets or ():
            listening.listen(QUEUE)


class Punctual(H11Protocol):
    """uvicorn's h11 protocol whose clients must speak in time, and the longest silent one closed for a
    newcomer when the connections reach `room` (set by `serve` from `make_room`)."""

    room: int | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:  # type: ignore[override]
        super().connection_made(transport)  # type: ignore[arg-type]
        self._timer: asyncio.TimerHandle | None = None
        self._since = self.loop.time()
        self._make_room()
        self._arm(HEADERS)

    def data_received(self, data: bytes) -> None:
        before = self._silent()
        super().data_received(data)
        if self.transport.is_closing():
            self._disarm()
        elif self._silent():  # still before the headers' end: the same deadline, not a new one per byte
            pass
        elif self._sending():
            if before:
                self._arm(BODY)
        else:
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self._silent():  # kept alive: the next request in time too
            self._since = self.loop.time()
            self._arm(HEADERS)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _silent(self) -> bool:
        """Waiting for a request's headers: none asked yet, or the last one answered."""
        return self.cycle is None or self.cycle.response_complete

    def _sending(self) -> bool:
        """Waiting for the rest of a request's body."""
        return self.cycle is not None and not self.cycle.response_complete and self.cycle.more_body

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, self._late)

    def _disarm(self) -> None:
        timer = getattr(self, "_timer", None)
        if timer is not None:
            timer.cancel()
            self._timer = None

    def _late(self) -> None:
        self._timer = None
        if not self.transport.is_closing() and (self._silent() or self._sending()):
            self.transport.close()

    def _make_room(self) -> None:
        """Under `room` connections still open: the longest silent connection of the address holding the most
        silent ones closed, as often as needed (those closing and not yet gone counted out, so that each
        newcomer closes one more). A flood from one machine is its own to lose: a phone's lone connection,
        accepted amid it and not read yet, is not the one closed."""
        if self.room is None or len(self.connections) <= self.room:
            return
        open_ = [other for other in self.connections if not other.transport.is_closing()]
        by_address: dict[str, list[Any]] = {}
        for other in open_:
            if other is not self and isinstance(other, Punctual) and other._silent():
                by_address.setdefault(other.client[0] if other.client else "", []).append(other)
        for _ in range(len(open_) - self.room):
            if not by_address:
                return
            address = max(by_address, key=lambda each: len(by_address[each]))
            silent = by_address[address]
            oldest = min(silent, key=lambda other: other._since)
            silent.remove(oldest)
            if not silent:
                del by_address[address]
            oldest._disarm()
            oldest.transport.close()
