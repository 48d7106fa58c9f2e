"""The options of a coup as data: what each game says a coup with, declared once, for every edge.

An `Option` names the field of the declaration it fills (`trump`, `tricks`), its kind (how the
value is read: a card as typed, a count `NAME=N`, a flag...), the command line's flags for it
(`--contre`, `--frapper`, `--coinche`), the catalog key of its help, and what completes it; most
follow from its name (`Option.of`), and a declaration writes only those that do not. The command
line makes typer options of them (`cli.declare`), the table says a field in its own words, a web
form would make fields of them. A game gives its `Options` from `games/<game>/options.py`;
the options both games take are declared here once.

>>> [option.flags[0] for option in of("manille").coup][:3]
['--retourne', '--trump', '--chooser']
>>> flag("tricks", "manille"), flag("tricks", "hombre"), flag("vole_engagee", "hombre")
('--trick', '--tricks', '--vole-engagee')
"""

from __future__ import annotations

import enum
import sys
from pathlib import Path
from typing import NamedTuple

from scorekeeper import games


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


def of(name: str) -> Options:
    """The options of game `name`. A built-in game's are read from its `options.py` alone: importing its
    package would load its whole engine (17 ms for manille, 26 ms for l'hombre, measured with
    `-X importtime`), which `coup --help` and a coup of the other game never use."""
    if name not in games.NAMES:
        found: Options = games.get(name).options
        return found
    module = sys.modules.get(f"scorekeeper.games.{name}.options")
    if module is None:
        from importlib.util import module_from_spec, spec_from_file_location

        spec = spec_from_file_location(f"scorekeeper.games.{name}.options", Path(__file__).parent / name / "options.py")
        assert spec is not None and spec.loader is not None
        module = sys.modules[spec.name] = module_from_spec(spec)
        spec.loader.exec_module(module)
    builtin: Options = module.OPTIONS
    return builtin


def every(names: tuple[str, ...], what: str = "coup") -> tuple[Option, ...]:
    """The options of games `names` (`what`: `coup` or `adjust`), in their order, then the shared ones;
    an option two games both take (`--pass`) once, where the first declares it."""
    found: dict[str, Option] = {}
    for options in (*(of(name) for name in names), SHARED):
        for option in getattr(options, what):
            found.setdefault(option.name, option)
    return tuple(found.values())


def flag(field: str, game: str) -> str:
    """The command line's flag for `field` of a coup of `game` (the first option that fills it), or the
    field as a flag would be spelled where no option fills it (a key typed in the entry itself)."""
    for option in (*of(game).coup, *of(game).adjust, *SHARED.coup, *SHARED.adjust):
        if option.field == field and option.flags:
            return option.flags[0]
    return "--" + field.replace("_", "-")
