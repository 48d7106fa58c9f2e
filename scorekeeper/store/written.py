"""A game file's text, written formatting only what is new (issue 28).

`tomli_w.dumps` of a whole game took 38 ms at 2,000 coups, 86% of a coup piped into `table`: every
write formatted every coup again. A file this module wrote (or one of its bytes, which only it writes:
the cache's entry of them) keeps each coup on a line of its own, in the order of the coups, so the
next write takes the lines of the coups it kept (the same objects: a coup in a ledger is replaced,
never changed in place) and formats the others, alone; the rest of the file (the header, the ruleset,
the journal) is small and written whole. The text is byte for byte what `tomli_w.dumps` writes
(tests/store/test_written.py, and every write of the test suite, `tests/conftest.py`): a file a
person reads and edits as before. Where a coup does not fit on a line (a trick log), the coups are
tables, and the file is written whole, as before.
"""

from __future__ import annotations

from typing import Any, NamedTuple

OPEN, CLOSE = "\ncoups = [\n", "\n]\n"  # the coups' array, each coup a line between them
STAND_IN = "\ncoups = 0\n"  # where the array goes in the rest of the file, written whole


class Written(NamedTuple):
    """A game file's text as the store wrote it, its coups (the ledger's own objects) in that order, and
    their lines where they are one a line (None: found in `text` when asked); and their JSON in the cache's
    entry, where it is known, which the next write's entry takes again (`store.cache`)."""

    text: str
    coups: list[dict[str, Any]]
    lines: list[str] | None = None
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


def dumps(data: dict[str, Any], before: Written | None = None) -> Written:
    """The text of game file `data` (`Ledger.to_toml`), as `tomli_w.dumps` writes it, taking from
    `before` (the file as read or last written) the lines of the coups it kept: a coup is the same
    where it is the same object, looked for at its place (an entry added, or taken back), else anywhere
    (entries inserted or deleted)."""
    import tomli_w  # only commands that write pay for it

    coups = data["coups"]
    known = before.coup_lines() if before is not None and coups else []
    if not known:  # nothing to take: formatted whole (its lines are found in it if a next write asks)
        return Written(tomli_w.dumps(data), list(coups))
    old = before.coups if before is not None else []
    anywhere: dict[int, tuple[dict[str, Any], str]] | None = None
    lines = []
    for place, coup in enumerate(coups):
        if place < len(old) and old[place] is coup:
            lines.append(known[place])
            continue
        if anywhere is None and place < len(old):  # not at its place: entries inserted or deleted before it
            anywhere = {id(kept): (kept, line) for kept, line in zip(old, known, strict=True)}
        found = None if anywhere is None else anywhere.get(id(coup))
        if found is not None and found[0] is coup:  # the coup kept with its line: its identity holds
            lines.append(found[1])
            continue
        alone = tomli_w.dumps({"coups": [coup]})  # one line, or a table where it does not fit on one
        if not alone.startswith(OPEN[1:]):
            return Written(tomli_w.dumps(data), list(coups))  # the coups are tables: formatted whole
        lines.append(alone[len(OPEN) - 1 : -len(CLOSE)])
    rest = tomli_w.dumps({**data, "coups": 0})
    return Written(rest.replace(STAND_IN, OPEN + "\n".join(lines) + CLOSE, 1), list(coups), lines)
