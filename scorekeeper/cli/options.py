"""What the commands share: their common options, the help's examples, and small output helpers.

rich is imported only where something is drawn, json only where JSON is printed. Every help text is a
message of the catalogs, read when a command's module is imported: after the command line chose
the language (`cli.language`).
"""

from __future__ import annotations

from typing import Any

import typer

from scorekeeper.cards import ASCII_SUITS
from scorekeeper.cli import complete
from scorekeeper.i18n import text

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
