"""A concours table's card points at its page on the web (issue 33): its address as text and as a QR code,
drawn inline in the card's HTML (SVG, nothing loaded), so a phone's camera opens the table's page.

`concours export --what cards --url BASE [--entry]` gives each card `links(BASE, table, entry)`; the card
draws `card_links` of them. segno is imported here alone, when a card has an address.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from scorekeeper.concours.links import table_url
from scorekeeper.errors import UserError
from scorekeeper.present.paper import escape

# The code's side on paper: large enough for any phone's camera at arm's length, small beside the names.
STYLE = """
.card { position: relative; }
.card:has(.links) { padding-right: 37mm; height: 90mm; }  /* six to an A4 sheet: the seats stay on the card */
.card .links { position: absolute; top: 3mm; right: 3mm; width: 32mm; display: flex; flex-direction: column;
  gap: 1.5mm; }
.card .link { text-align: center; font-size: 6.5pt; }
.card .qr svg { width: 17mm; height: 17mm; display: block; margin: 0 auto; }
.card .link .url { overflow-wrap: anywhere; margin: 0.3mm 0 0; font-size: 5.5pt; line-height: 1.15; }
.card .link .url .what { font-size: 6.5pt; font-weight: bold; }
"""


# What a server's address is made of: a host name or an IP address (IPv6 in brackets), a plain path. A
# quote, a bracket or a space is no address a phone reaches, and would only travel on the card.
_HOST = re.compile(r"[A-Za-z0-9.-]+|[0-9A-Fa-f:.]+")
_PATH = re.compile(r"[A-Za-z0-9._~/-]*")


def base_url(given: str) -> str:
    """`--url BASE` as the tables' addresses start: http(s), a host, perhaps a port, nothing after the path."""
    if any(char.isspace() or not char.isprintable() for char in given.strip()):  # urlsplit drops a tab: never printed
        raise UserError("concours_bad_url", given=given)
    parts = urlsplit(given.strip())
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or parts.username
        or parts.password
        or not _HOST.fullmatch(parts.hostname)
        or not _PATH.fullmatch(parts.path)
    ):
        raise UserError("concours_bad_url", given=given)
    try:
        parts.port  # noqa: B018 (a port that is no number is refused here, not on the card)
    except ValueError:
        raise UserError("concours_bad_url", given=given) from None
    return given.strip().rstrip("/")


def links(base: str, round_number: int, table: int, secret: str, entry: bool) -> list[tuple[str, str]]:
    """A table's addresses, as (what, address): its page, and its entry page with `entry`."""
    made = [("view", table_url(base, round_number, table, secret))]
    if entry:
        made.append(("entry", table_url(base, round_number, table, secret, entry=True)))
    return made


def qr_svg(address: str) -> str:
    """`address` as a QR code, an inline SVG sized by the card's style (its viewBox alone, no size)."""
    import segno

    return str(segno.make(address, error="m").svg_inline(omitsize=True, border=2, dark="#000"))


def card_links(made: list[tuple[str, str]], words: dict[str, str]) -> str:
    """The card's block of links: each address's QR code above its words and the address itself."""
    shown = "".join(
        f'<div class="link"><div class="qr">{qr_svg(address)}</div>'
        f'<p class="url"><span class="what">{escape(words[what])}</span><br>{escape(address)}</p></div>'
        for what, address in made
    )
    return f'<div class="links">{shown}</div>' if shown else ""
