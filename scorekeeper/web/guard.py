"""What keeps anyone out of where they do not belong: the tokens, forms from elsewhere, large bodies.

Tokens are random (`secrets`), compared in constant time, and never logged (uvicorn's access log is off).
The view token opens the pages; the entry token opens them too and alone enters. A form carries a second
secret derived from the entry token (`form_key`), and a request whose browser says it came from another
site (`Sec-Fetch-Site`, `Origin`) is refused before its body is read.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from enum import Enum
from urllib.parse import parse_qsl, urlsplit

# A coup's line is at most 4,096 characters (the table's `LONGEST`); a form is that, a note and the secrets.
BODY_LIMIT = 16 * 1024

# Nothing but this server's own script, style and stream; no frame, no form to elsewhere, no base.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "no-referrer",  # the token is in the address: never sent on to another site
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


class Access(Enum):
    NONE = 0
    VIEW = 1
    ENTRY = 2


@dataclass(frozen=True, slots=True)
class Tokens:
    """The secrets of one server: `view` opens the pages, `entry` (None without `--entry`) also enters."""

    view: str
    entry: str | None

    @classmethod
    def of_table(cls, secret: str, entry: bool) -> Tokens:
        """A concours table's tokens, made from its stored secret as its card's are (`concours.links`);
        its entry token only where the server enters (`--entry`)."""
        from scorekeeper.concours.links import table_token

        return cls(table_token(secret, entry=False), table_token(secret, entry=True) if entry else None)

    @classmethod
    def kept(cls, key: str, entry: bool, new: bool = False) -> Tokens:
        """The tokens of the server of game (or concours) `key`, kept between runs (`service.serving`):
        `new` (`serve --new-tokens`) makes new ones, and the old links open nothing more."""
        from scorekeeper.service.serving import tokens

        made = tokens(key, new)
        return cls(made["view"], made["entry"] if entry else None)

    def access(self, given: str | None, table: Tokens | None = None) -> Access:
        """What `given` opens: this server's pages, or with `table` that table's page too, which its own
        tokens open and no other table's do. Every secret compared in constant time, whichever matches."""
        if not given:
            return Access.NONE
        said = given.encode("utf-8", "surrogateescape")
        opened = [self._opens(said), table._opens(said) if table is not None else Access.NONE]
        return max(opened, key=lambda access: access.value)

    def _opens(self, said: bytes) -> Access:
        is_entry = self.entry is not None and hmac.compare_digest(said, self.entry.encode())
        is_view = hmac.compare_digest(said, self.view.encode())
        return Access.ENTRY if is_entry else Access.VIEW if is_view else Access.NONE

    def form_key(self) -> str:
        """The secret a form of the entry page carries: derived from the entry token, so that nothing is kept."""
        assert self.entry is not None
        return hmac.new(self.entry.encode(), b"scorekeeper form", hashlib.sha256).hexdigest()

    def form_ok(self, given: str) -> bool:
        return self.entry is not None and hmac.compare_digest(
            given.encode("utf-8", "surrogateescape"), self.form_key().encode()
        )


def same_site(headers: dict[str, str], host: str) -> bool:
    """Whether a form's request says it comes from this server's own page: a browser sends `Sec-Fetch-Site`
    (else `Origin`) on a form's POST; one from another site is refused whatever token and key it carries."""
    site = headers.get("sec-fetch-site")
    if site is not None:  # a browser's own word on it (the page's no-referrer policy makes its Origin "null")
        return site in ("same-origin", "none")
    origin = headers.get("origin")
    return origin is None or urlsplit(origin).netloc == host  # "null" (a sandboxed page, a file) is no host


class TooLarge(Exception):
    """A request body over `BODY_LIMIT`."""


def form_fields(body: bytes) -> dict[str, str]:
    """A form's fields (`application/x-www-form-urlencoded`), each once: the first value of a repeated one;
    more than 20 fields is no form of ours (ValueError)."""
    fields: dict[str, str] = {}
    for key, value in parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True, max_num_fields=20):
        fields.setdefault(key, value)
    return fields
