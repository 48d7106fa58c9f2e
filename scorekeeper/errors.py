"""The one error type a user ever sees.

A `UserError` is a mistake the person at the table can fix (a bad card, an unknown player, a
ruleset that does not validate). The CLI prints its message as one line on stderr and exits 2;
nothing is written. Anything else escaping to the top is a bug.
"""


class UserError(Exception):
    """A mistake of the user's, told in one line: what was wrong and what is accepted."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message
