"""The one error type a user ever sees, and the exit codes of the command, by name.

A `UserError` is a mistake the person at the table can fix (a bad card, an unknown player, a
ruleset that does not validate). The CLI prints its message as one line on stderr and exits
`Exit.MISTAKE`; nothing is written. Anything else escaping to the top is a bug.
"""

import enum


class Exit(enum.IntEnum):
    """What the command's exit code says."""

    DONE = 0
    RENONCE = 1  # check and audit found a renonce
    MISTAKE = 2  # a user's mistake: one line on stderr, nothing written
    ABORTED = 130  # interrupted at the keyboard


class UserError(Exception):
    """A mistake of the user's, told in one line: what was wrong and what is accepted."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message
