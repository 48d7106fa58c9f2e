"""The typer application: one group whose commands are loaded lazily, and errors as one line.

Each command is a module of its own under `scorekeeper.cli` with a one-command `app`; the table
below names them with their one-line help, so `scorekeeper --help` imports none of them and a
command pays only for its own imports (the idea of hatch's LazyGroup).

A user's mistake (a `UserError` from the core, or a usage error from click) is printed as one line
on stderr, exit code `Exit.MISTAKE`, and nothing is written: every write happens after all checks passed.
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any

import click
import typer
from typer.core import TyperGroup

from scorekeeper.cli import current
from scorekeeper.errors import Exit, UserError

# Each command's module (`scorekeeper.cli.NAME`) and its help's first line, kept equal by a test.
COMMANDS = {
    "new": "Start a game; it becomes the current one.",
    "coup": "Enter the next coup: how trump was set and the calls, then the points, a renonce, or the trick log.",
    "edit": "Replace what was said for coup N (what you do not give stays); every later figure is recomputed.",
    "undo": "Take back the last coup or edit.",
    "redo": "Put back what `undo` took.",
    "games": "List the games, with the current one marked.",
    "demo": "Play Marius's partie (César & Escartefigue against Panisse & Brun) and print its fiche.",
    "settle": "L'hombre: the end of the partie (H-19): the bêtes left split, each result, who pays whom in fiches.",
    "sheet": "The fiche: every coup, running scores, manches, the winner, who deals and leads next.",
    "check": "Settle one disputed play: the legal cards, and whether the card played was a renonce (exit 1).",
    "audit": "Audit a whole coup from its trick log: winners, points, and every renonce with its proof (exit 1).",
    "rules": "The rulesets: list the shipped ones, show one, check your own file.",
}


class Group(TyperGroup):
    """The top-level group: finds a command's module when it is asked for, and turns every user mistake
    into one line."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        command = typer.main.get_command(import_module(f"scorekeeper.cli.{cmd_name}").app)
        command.name = cmd_name
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands from the table, shortened as click shortens a command's own help."""
        limit = formatter.width - 6 - max(map(len, COMMANDS))
        rows = [(name, click.utils.make_default_short_help(text, limit)) for name, text in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def main(
        self,
        args: Any = None,
        prog_name: Any = None,
        complete_var: Any = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        for arg in sys.argv[1:] if args is None else args:
            if isinstance(arg, str) and not _utf8(arg):  # bytes a non-UTF-8 terminal sent, kept as surrogates
                _fail(f"scorekeeper: {arg!r} is not UTF-8 text: set the terminal to UTF-8 and type it again")
        current.forget_choice()
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as error:  # a bare `scorekeeper`: the help, not a mistake
            click.echo(error.ctx.get_help() if error.ctx is not None else error.format_message())
            result = Exit.DONE
        except click.UsageError as error:
            where = error.ctx.command_path if error.ctx is not None else "scorekeeper"
            message = " ".join(error.format_message().split())
            _fail(f"{where}: {message} (see {where} --help)")
        except UserError as error:
            _fail(f"scorekeeper: {error}")
        except click.ClickException as error:
            _fail(f"scorekeeper: {' '.join(error.format_message().split())}")
        except click.Abort:
            _fail("scorekeeper: aborted", code=Exit.ABORTED)
        code = int(result) if isinstance(result, int) else Exit.DONE
        current.confirm_choice()
        if standalone_mode:
            sys.exit(code)
        return code


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _fail(message: str, code: int = Exit.MISTAKE) -> None:
    click.echo(" ".join(message.splitlines()), err=True)  # one line, even for a name or path with a line break
    sys.exit(code)


app = typer.Typer(
    cls=Group,
    name="scorekeeper",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def scorekeeper() -> None:
    """Scorekeeper and referee for manille and l'hombre played with real cards."""
