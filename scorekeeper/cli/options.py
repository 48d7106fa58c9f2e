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
        table.add_column(header, overflow="fold", min_width=min(longest, 8))


def cards(text: str, ascii: bool) -> str:
    """Text with card symbols, or letters under --ascii."""
    return text.translate(ASCII_SUITS) if ascii else text
