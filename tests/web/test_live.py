"""The live channel (issue 33): a change another process made reaches the open pages, whoever reads the
source first: a page loaded between two looks of the watcher must not take the change from them."""

from __future__ import annotations

from typing import Any

from scorekeeper.web.live import Client, Live


class Changing:
    """A source that another process changed once."""

    def __init__(self) -> None:
        self.changes = 1
        self.version = 0

    def refresh(self) -> bool:
        changed, self.changes = self.changes > 0, 0
        self.version += changed
        return changed

    def view(self, lang: str) -> dict[str, Any]:
        return {"lang": lang, "version": self.version}


def test_a_request_that_reads_the_source_first_still_tells_the_open_pages():
    live = Live(Changing())
    page = Client("fr")
    live.clients.add(page)
    live.catch_up()  # what a page's request does before it draws (web/app.py)
    live.look()  # the watcher, a moment later: nothing new for it
    assert page.queue.get_nowait() == '{"lang": "fr", "version": 1}'
    assert page.queue.empty()
