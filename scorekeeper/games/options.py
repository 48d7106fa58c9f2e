"""The options of a coup as data: what each game says a coup with, declared once, for every edge.

An `Option` names the field of the declaration it fills (`trump`, `tricks`), its kind (how the
value is read: a card as typed, a count `NAME=N`, a flag...), the command line's flags for it
(`--contre`, `--frapper`, `--coinche`), the catalog key of its help, and what completes it; most
follow from its name (`Option.of`), and a declaration writes only those that do not. The command
line makes typer options of them (`cli.declare`), the table says a field in its own words, a web
form would make fields of them. A game gives its `Options` from `games/<game>/options.py`;
the options both games take are declared here once; which a game offers, by its name, is `games.offers`.
"""

from __future__ import annotations

import enum
from typing import NamedTuple


class Kind(enum.Enum):
    """How an option's value is read into the declaration."""

    TEXT = "text"
    INT = "int"
    FLAG = "flag"  # given or not: true or absent
    CARD = "card"  # one card, as typed at the table (C-2)
    CARDS = "cards"  # several cards, as typed
    SUIT = "suit"  # a suit, or sa (sans-atout)
    COUNTS = "counts"  # NAME=N, several parted by commas
    TRICK_LOG = "trick_log"  # one trick's cards, the option given once a trick
    TRICKS_FILE = "tricks_file"  # a TOML file with the trick log (and the layout of the face-down cards)
    LAYOUT = "layout"  # NAME: UP/DOWN ... (P-11)
    PAYMENTS = "payments"  # PAYER:PAYEE=N, several parted by commas
    WORDS = "words"  # the short line's words: the command's argument, not an option


class Completes(enum.Enum):
    """What the shell completes an option with."""

    PLAYERS = "players"  # the players of the game in use
    CARDS = "cards"  # the cards of its deck
    CHOICES = "choices"  # the option's closed set, `Option.choices`
    LINE = "line"  # the words of the short line


class Option(NamedTuple):
    """One way to say part of a coup. `name` is the option's own (the parameter typer gives it, unique
    among a command's options); `field` the declaration's key it fills, which several options may fill
    (`--trick` and `--tricks-file` both give manille's `tricks`); `many`: it may be given again;
    `mistake`: the error key of a value that does not read (a count); `refused_with`: other options
    (by name) it may not be given with, each with the error key that says so.

    A NamedTuple, as `Options`: `coup`, `edit`, `insert` and `adjust` create these classes at every start,
    and a frozen slotted dataclass takes 0.73 ms to create against 0.10 ms (measured; `coup --help` was
    2.5 ms slower with the two dataclasses than before the options were data)."""

    name: str
    field: str
    kind: Kind
    flags: tuple[str, ...]
    help: str
    completes: Completes | None = None
    choices: tuple[str, ...] = ()
    many: bool = False
    mistake: str | None = None
    refused_with: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(
        cls,
        name: str,
        kind: Kind,
        completes: Completes | None = None,
        *,
        field: str | None = None,
        flags: tuple[str, ...] | None = None,
        help: str | None = None,
        choices: tuple[str, ...] = (),
        many: bool = False,
        mistake: str | None = None,
        refused_with: tuple[tuple[str, str], ...] = (),
    ) -> Option:
        """The option `name`, filling the field of its name, given as `--name` (`_` spelled `-`), its help
        under `help.coup.name`, unless told otherwise: a declaration writes only the exceptions.

        >>> Option.of("vole_engagee", Kind.FLAG)[:5]
        ('vole_engagee', 'vole_engagee', <Kind.FLAG: 'flag'>, ('--vole-engagee',), 'help.coup.vole_engagee')
        """
        return cls(
            name,
            name if field is None else field,
            kind,
            ("--" + name.replace("_", "-"),) if flags is None else flags,
            f"help.coup.{name}" if help is None else help,
            completes,
            choices,
            many,
            mistake,
            refused_with,
        )


class Options(NamedTuple):
    """What a game's coups are said with: `coup` (for `coup`, `edit`, `insert`), `adjust` (M-18)."""

    coup: tuple[Option, ...]
    adjust: tuple[Option, ...] = ()


# Said at every game: what the table says beyond the play (M-8, M-10, M-17), and the short line (issue 16).
SHARED = Options(
    coup=(
        Option.of("misdeal", Kind.FLAG),
        Option.of("dealer", Kind.TEXT, Completes.PLAYERS),
        Option.of("force", Kind.FLAG),
        Option.of("menteur", Kind.TEXT),
        Option.of("words", Kind.WORDS, Completes.LINE, flags=(), many=True),  # the argument, no flag
    ),
    adjust=(Option.of("reason", Kind.TEXT, help="help.adjust.reason"),),
)
