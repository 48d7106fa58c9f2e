"""What `serve` keeps between runs (issue 41): each game's and concours's page tokens, so that a link, a
TV's QR code or a phone's bookmark lasts across a restart or a laptop's sleep.

They live in the data folder's `serve/` (0700), one file a server, the user's alone (0600), named by a
digest of the game's or the concours's folded name (a hostile name never makes a path).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from pathlib import Path

from scorekeeper import store
from scorekeeper.players import fold_name

WHAT = ("view", "entry")


def tokens(key: str, new: bool = False) -> dict[str, str]:
    """The view and entry tokens of the server of `key` (`game NAME`, `concours NAME`), kept; made and
    kept anew where there are none, or a damaged file, or `new` (`serve --new-tokens`)."""
    path = _path(key)
    found: dict[str, str] = {}
    if not new:
        try:
            read = json.loads(path.read_text(encoding="utf-8"))
            found = {k: v for k, v in read.items() if k in WHAT and isinstance(v, str) and len(v) >= 16}
        except (OSError, ValueError, AttributeError):
            found = {}  # none yet, or damaged: new ones, kept
    made = {what: found.get(what) or secrets.token_urlsafe(18) for what in WHAT}
    if made != found:
        keep(key, made)
    return made


def keep(key: str, made: dict[str, str]) -> None:
    """Keep `made` as the tokens of `key`'s server (mode 0600): a revanche followed by the running server
    (issue 41) keeps the links of the game before it, after a restart too."""
    folder = store.home() / "serve"
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    store.write_atomic(_path(key), json.dumps({what: made[what] for what in WHAT}).encode(), mode=0o600)


def follow(old: str, new: str) -> None:
    """The server of `old` goes on as `new`'s (a revanche followed): `new`'s tokens are `old`'s."""
    keep(new, tokens(old))


def _path(key: str) -> Path:
    return store.home() / "serve" / (hashlib.sha256(fold_name(key).encode()).hexdigest()[:32] + ".json")
