"""What the commands share: their common options, the help's examples, and small output helpers.

rich is imported only where something is drawn, json only where JSON is printed. Every help text is a
message of the catalogs, read when a command's module is imported: after the command line chose
the language (`cli.language`).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import typer

from scorekeeper.cards import ASCII_SUITS
from scorekeeper.cli import complete
from scorekeeper.i18n import text

if TYPE_CHECKING:
    from rich.console import Console

# Options shared by several commands, declared once.
JSON = typer.Option(False, "--json", help=text("help.option.json"))
ASCII = typer.Option(False, "--ascii", help=text("help.option.ascii"))
EXPLAIN = typer.Option(False, "--explain", help=text("help.option.explain"))
GAME = typer.Option(None, "--game", "-g", help=text("help.option.game"), autocompletion=complete.game_names)
NARROW = typer.Option(False, "--narrow", help=text("help.option.narrow"))


def examples(*lines: str) -> str:
    """A command's help epilog: real examples, one a line, kept unwrapped (click's \\b marker)."""
    return "\b\n" + text("help.examples") + "\n" + "\n".join(f"  {line}" for line in lines)


def examples_of(command: str) -> str:
    """The help epilog of `command` (`coup`, `rules.show`) from its catalog message `help.COMMAND.examples`."""
    return examples(*text(f"help.{command}.examples").splitlines())


def print_json(data: Any) -> None:
    """JSON with stable keys: records as `{rule, event, values, text}`, cards in ASCII (`i18n.as_json`); nothing
    where standard output was closed at start (`>&-`), as `print` writes nothing there."""
    if sys.stdout is not None:
        sys.stdout.write(json_text(data))


def json_text(data: Any) -> str:
    """What `print_json` prints, its line break after it."""
    import json  # only the --json commands pay for it

    from scorekeeper.i18n import as_json

    return json.dumps(data, ensure_ascii=False, indent=2, default=as_json) + "\n"


def print_words(words: str) -> None:
    """What `console().print(words, markup=False)` prints for plain words, without loading rich (issue 28:
    `undo` on any game paid rich's import, the import floor's own, above the floor): the lines broken
    between words at the width rich would draw at (`console_width`) by `grid.prose`, written past the
    `Escaping` of the stream. Words with a control character (a name typed so) go through rich, which
    drops some, expands tabs and measures the others its own way (tests/cli/test_print_words.py holds the
    two byte for byte alike)."""
    import re

    if re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f]", words):
        console().print(words, markup=False)
        return
    from scorekeeper.cli.grid import prose
    from scorekeeper.cli.terminal import printable

    out = getattr(sys.stdout, "typed", sys.stdout)
    out.write(printable("\n".join(prose(words.split("\n"), console_width()))) + "\n")


def console_width() -> int:
    """The width rich's console draws plain words at (`console()`; rich's `Console.size` on this system):
    `terminal.width` where it gives one, 80 at a dumb terminal, else a standard stream's terminal size,
    COLUMNS first, 80 where none is known."""
    import os

    from scorekeeper.cli.terminal import width

    given = width()
    if given is not None:
        return given
    if os.environ.get("TERM", "").lower() in ("dumb", "unknown") and _rich_terminal():
        return 80
    found = None
    for stream in (0, 1, 2):
        try:
            found = os.get_terminal_size(stream).columns
        except (AttributeError, ValueError, OSError):  # not a terminal
            continue
        break
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isascii() and columns.isdigit():
        found = int(columns)
    return found or 80


def _rich_terminal() -> bool:
    """Whether rich's console takes standard output for a terminal (`Console.is_terminal`, its variables first)."""
    import os

    told = os.environ.get("TTY_COMPATIBLE", "")
    if told in ("0", "1"):
        return told == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    out = getattr(sys.stdout, "typed", sys.stdout)
    try:
        return bool(out.isatty())
    except (AttributeError, ValueError):
        return False


def console() -> Console:
    """rich, drawing text as typed: no markup (`[bold]`), no emoji (`:pile_of_poo:`), control characters
    escaped in every piece of text it lays out, and its own styles written past the `Escaping` of the stream."""
    from rich.console import Console

    from scorekeeper.cli.terminal import printable, width

    class Plain(Console):
        def print(self, *objects: Any, **options: Any) -> None:
            """Words (plain strings) broken at the width between words and never before a figure or a
            French stop (`grid.wrap`: "Panisse & Brun 14" stays whole); anything else as rich lays it out."""
            if objects and all(type(item) is str for item in objects) and "soft_wrap" not in options:
                from scorekeeper.cli.grid import prose

                lines = prose(" ".join(objects).split("\n"), self.width)
                super().print("\n".join(lines), soft_wrap=True, **options)
                return
            super().print(*objects, **options)

        def render(self, renderable: Any, options: Any = None) -> Any:
            from rich.segment import Segment

            for segment in super().render(renderable, options):  # text and cells alike, before rich styles them
                yield segment if segment.control else Segment(printable(segment.text), segment.style)

    out = getattr(sys.stdout, "typed", sys.stdout)
    return Plain(file=out, width=width(), highlight=False, markup=False, emoji=False)


def add_column(table: Any, header: str, cells: list[str], figures: bool = False) -> None:
    """A column of a rich table that never cuts what it shows (issue 29): a figure is never broken nor cut
    (`4…`), a name or a header too long for a narrow screen folds onto the next line, whole, so that two
    games or two players are never shown alike (`manille-m…`)."""
    longest = max(map(len, cells), default=0)
    if figures:
        table.add_column(header, justify="right", no_wrap=True, min_width=longest, overflow="fold")
    else:
        words = max((len(word) for cell in (header, *cells) for word in cell.split()), default=0)
        table.add_column(header, overflow="fold", min_width=words)  # a word never cut (issue 39)


def cards(text: str, ascii: bool) -> str:
    """Text with card symbols, or letters under --ascii."""
    return text.translate(ASCII_SUITS) if ascii else text


def value_said(given: str | None, accepted: tuple[str, ...]) -> str | None:
    """The value of a choice option (`--format`, `--pairing`, `--what`) said in any language's words
    (`[values]` of its words file: « individueel », « willekeurig », « prijzen »), as the program
    writes it; a value no language says is given back as said, for the command to refuse naming what
    it accepts. A list of them (`--ranking gewonnen,punten`) is read word by word.

    >>> value_said("individueel", ("doublettes", "individuel")), value_said("Willekeurig", ("standing", "random"))
    ('individuel', 'random')
    >>> value_said("gewonnen,punten,verschil", ("won", "points", "difference")), value_said("x", ("won",))
    ('won,points,difference', 'x')
    """
    if given is None or "," in given:
        return given if given is None else ",".join(value_said(part, accepted) or part for part in given.split(","))
    from scorekeeper.language import Language, codes
    from scorekeeper.players import fold_name

    folded = fold_name(given.strip())
    for code in codes():
        for value, words in Language.named(code).words.get("values", {}).items():
            if value in accepted and folded in {fold_name(word) for word in words}:
                return value
    return given


def value_shown(value: str) -> str:
    """A choice's value as the language spoken says it (`[values]` of its words file, the first word):
    « individueel » for `individuel` in Dutch; the value itself where the language has no word for it."""
    from scorekeeper import i18n

    said = i18n.spoken().words.get("values", {}).get(value)
    return str(said[0]) if said else value
