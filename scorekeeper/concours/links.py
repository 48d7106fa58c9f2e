"""A concours table's page on the web (issue 33): its address and the tokens that open it, derived from
the table's stored secret alone, so that a card printed before `serve` starts opens the right table.

The secret never leaves the concours file (0600): a card carries a token made from it by HMAC, one for
the table's page and another for its entry page, and neither gives back the secret or the other token.

>>> table_path(2, 7), table_path(2, 7, entry=True)
('/table/2-7', '/table/2-7/entry')
>>> table_url("http://192.168.1.20:8733/", 2, 7, "s3cret").startswith("http://192.168.1.20:8733/table/2-7?token=")
True
>>> table_token("s3cret", entry=False) != table_token("s3cret", entry=True)
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

# A table as its address names it: its round and its number (`/table/2-7`).
TABLE_ID = re.compile(r"(?P<round>[1-9][0-9]{0,2})-(?P<table>[1-9][0-9]{0,3})")


def table_token(secret: str, entry: bool) -> str:
    """The token of a table's page (or of its entry page, `entry`), made from the table's secret."""
    purpose = b"scorekeeper table entry" if entry else b"scorekeeper table view"
    digest = hmac.new(secret.encode("utf-8"), purpose, hashlib.sha256).digest()[:18]
    return base64.urlsafe_b64encode(digest).decode("ascii")


def table_id(round_number: int, table: int) -> str:
    return f"{round_number}-{table}"


def table_path(round_number: int, table: int, entry: bool = False) -> str:
    return f"/table/{table_id(round_number, table)}" + ("/entry" if entry else "")


def table_url(base: str, round_number: int, table: int, secret: str, entry: bool = False) -> str:
    """The address a table's card carries: `base` (the server as phones reach it) with the table's path
    and its token."""
    return f"{base.rstrip('/')}{table_path(round_number, table, entry)}?token={table_token(secret, entry)}"


def parse_table_id(text: str) -> tuple[int, int] | None:
    """`2-7` as (round, table); None for anything else."""
    match = TABLE_ID.fullmatch(text)
    return None if match is None else (int(match["round"]), int(match["table"]))
