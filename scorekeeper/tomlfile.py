"""Reading a TOML file a person wrote or edited: every way its content can fail is one exception."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


class NotToml(Exception):
    """The file's bytes are not TOML that can be read; the message says why."""


def load(path: str | Path) -> dict[str, Any]:
    """`tomllib.load`, with bad content always raised as `NotToml`; OSError (no file, no access) passes through.

    tomllib fails with TOMLDecodeError, but also UnicodeDecodeError (not UTF-8), a plain ValueError (an
    integer of 4,300 digits) and RecursionError (arrays nested too deep): callers need not know which.
    """
    return loads(Path(path).read_bytes())


def loads(data: bytes) -> dict[str, Any]:
    """The TOML in `data`, or `NotToml` (see `load`)."""
    try:
        return tomllib.loads(data.decode())
    except (ValueError, RecursionError) as error:
        raise NotToml(str(error) or type(error).__name__) from None
