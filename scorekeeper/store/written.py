"""A game file's text, written formatting only what is new (issue 28).

`tomli_w.dumps` of a whole game took 38 ms at 2,000 coups, 86% of a coup piped into `table`: every
write formatted every coup again. A file this module wrote (or one of its bytes, which only it writes:
the cache's entry of them) keeps each coup on a line of its own, in the order of the coups, so the
next write takes the lines of the coups it kept (the same objects: a coup in a ledger is replaced,
never changed in place) and formats the others, alone; the rest of the file (the header, the ruleset,
the journal) is small and written whole. The text is byte for byte what `tomli_w.dumps` writes
(tests/store/test_written.py, and every write of the test suite, `tests/conftest.py`): a file a
person reads and edits as before. Where a coup does not fit on a line (a trick log; a coup of l'hombre
with its time: `tomli_w` keeps an inline table to 100 characters), the coups are tables (`[[coups]]`),
each a block of lines, and those blocks are kept and taken the same way: at 2,000 coups of l'hombre, a
write formatted whole took 150 ms, 30 times a coup at the table's line (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

OPEN, CLOSE = "\ncoups = [\n", "\n]\n"  # the coups' array, each coup a line between them
STAND_IN = "\ncoups = 0\n"  # where the array goes in the rest of the file, written whole
HEADER = "[[coups]]\n"  # where the coups are tables: each coup's block opens so
# Where the coups' blocks go in the rest of the file: a table in their place among the file's tables, under
# a key no game writes (a string is never cut by a raw line break, so this text is nowhere else).
TABLES_STAND_IN = '\n[coups]\n"\\u0000" = 0\n'
WIDE = {"": "x" * 100}  # a coup too long for a line: beside a coup alone, the coups are written as tables
LOOK_BACK = 64  # kept coups looked at for one too long for a line, before the file is formatted whole


class Written(NamedTuple):
    """A game file's text as the store wrote it, its coups (the ledger's own objects) in that order, and
    their lines where they are one a line (None: found in `text` when asked); and their JSON in the cache's
    entry, where it is known, which the next write's entry takes again (`store.cache`)."""

    text: str
    coups: list[dict[str, Any]]
    lines: list[str] | None = None
    blocks: list[str] | None = None
    json: list[str] | None = None  # the JSON of each of `coups` in the cache's entry of `text` (`cache._keep`)

    def coup_lines(self) -> list[str]:
        """Each coup's line, in the order of `coups`; none where the file's coups are not one a line."""
        if self.lines is not None:
            return self.lines
        tables = self.text.find("\n[")  # the first table: every top-level value comes before it
        start = self.text.find(OPEN, 0, len(self.text) if tables < 0 else tables)
        if start < 0:
            return []
        start += len(OPEN)
        lines = self.text[start : self.text.find(CLOSE, start)].split("\n")
        return lines if len(lines) == len(self.coups) else []

    def coup_blocks(self) -> list[str]:
        """Each coup's block where the file's coups are tables (`[[coups]]`, its own tables after it), in the
        order of `coups`; none where they are not."""
        if self.blocks is not None:
            return self.blocks
        start = self.text.find("\n" + HEADER)
        if start < 0 or not self.coups:
            return []
        end = start + 1
        while (end := self.text.find("\n[", end + 1)) >= 0:  # the next table not a coup's nor inside one
            if not self.text.startswith(("[[coups]]\n", "[coups."), end + 1):
                break
        parts = self.text[start + 1 : len(self.text) if end < 0 else end].split("\n" + HEADER)
        blocks = [parts[0], *(HEADER + part for part in parts[1:])]
        return blocks if len(blocks) == len(self.coups) else []


def dumps(data: dict[str, Any], before: Written | None = None) -> Written:
    """The text of game file `data` (`Ledger.to_toml`), as `tomli_w.dumps` writes it, taking from
    `before` (the file as read or last written) the lines, or the blocks, of the coups it kept: a coup
    is the same where it is the same object, looked for at its place (an entry added, or taken back),
    else anywhere (entries inserted or deleted)."""
    import tomli_w  # only commands that write pay for it

    coups = data["coups"]
    if before is not None and coups:
        if known := before.coup_lines():
            made = _in_lines(data, before, known)
            if made is not None:
                return made
        elif known := before.coup_blocks():
            made = _in_blocks(data, before, known)
            if made is not None:
                return made
    return Written(tomli_w.dumps(data), list(coups))  # formatted whole: its lines found in it if a next write asks


def _in_lines(data: dict[str, Any], before: Written, known: list[str]) -> Written | None:
    """The text where every coup fits on a line, each kept coup's line taken; None where one does not."""
    import tomli_w

    def line(coup: dict[str, Any]) -> str | None:
        alone = tomli_w.dumps({"coups": [coup]})  # one line, or a table where it does not fit on one
        return alone[len(OPEN) - 1 : -len(CLOSE)] if alone.startswith(OPEN[1:]) else None

    lines = _taken(data["coups"], before, known, line)
    if lines is None:
        return None
    rest = tomli_w.dumps({**data, "coups": 0})
    return Written(rest.replace(STAND_IN, OPEN + "\n".join(lines) + CLOSE, 1), list(data["coups"]), lines)


def _in_blocks(data: dict[str, Any], before: Written, known: list[str]) -> Written | None:
    """The text where the coups are tables, each kept coup's block taken; None where they may all fit on a
    line now (the one too long taken back, say): `tomli_w` writes them as tables only where one does not."""
    import tomli_w

    wide = False

    def block(coup: dict[str, Any]) -> str:
        nonlocal wide
        alone = tomli_w.dumps({"coups": [coup]})
        if alone.startswith(HEADER):
            wide = True
            return alone
        beside = tomli_w.dumps({"coups": [coup, WIDE]})  # a coup that fits on a line, as a table among tables
        return beside[: beside.rindex("\n" + HEADER)]

    coups = data["coups"]
    blocks = _taken(coups, before, known, block)
    if blocks is None:
        return None
    for coup in coups[: -LOOK_BACK - 1 : -1]:  # the last coups first: a coup said at the table has its time
        if wide:
            break
        wide = not tomli_w.dumps({"coups": [coup]}).startswith(OPEN[1:])
    rest = tomli_w.dumps({**data, "coups": {"\0": 0}})
    if not wide or TABLES_STAND_IN not in rest:
        return None
    return Written(rest.replace(TABLES_STAND_IN, "\n" + "\n".join(blocks), 1), list(coups), None, blocks)


def _taken(
    coups: list[dict[str, Any]], before: Written, known: list[str], formatted: Callable[[dict[str, Any]], str | None]
) -> list[str] | None:
    """Each coup's text: a kept coup's from `known` (`before`'s, in the order of its coups), another's
    `formatted` alone; None where one cannot be (`formatted` says None)."""
    old = before.coups
    anywhere: dict[int, tuple[dict[str, Any], str]] | None = None
    texts = []
    for place, coup in enumerate(coups):
        if place < len(old) and old[place] is coup:
            texts.append(known[place])
            continue
        if anywhere is None and place < len(old):  # not at its place: entries inserted or deleted before it
            anywhere = {id(kept): (kept, text) for kept, text in zip(old, known, strict=True)}
        found = None if anywhere is None else anywhere.get(id(coup))
        if found is not None and found[0] is coup:  # the coup kept with its text: its identity holds
            texts.append(found[1])
            continue
        text = formatted(coup)
        if text is None:
            return None
        texts.append(text)
    return texts
