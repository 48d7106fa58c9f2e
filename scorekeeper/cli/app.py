"""The typer application: one group, one module per command group, errors as one line.

A user's mistake (a `UserError` from the core, or a usage error from click) is printed as one line
on stderr, exit code 2, and nothing is written: every write happens after all checks passed.
"""

from __future__ import annotations

import sys
from typing import Any

import click
import typer
from typer.core import TyperGroup

from scorekeeper import ledger
from scorekeeper.errors import UserError


class Group(TyperGroup):
    """The top-level group: runs the command and turns every user mistake into one line."""

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
        ledger.forget_choice()
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as error:  # a bare `scorekeeper`: the help, not a mistake
            click.echo(error.ctx.get_help() if error.ctx is not None else error.format_message())
            result = 0
        except click.UsageError as error:
            where = error.ctx.command_path if error.ctx is not None else "scorekeeper"
            message = " ".join(error.format_message().split())
            _fail(f"{where}: {message} (see {where} --help)")
        except UserError as error:
            _fail(f"scorekeeper: {error}")
        except click.ClickException as error:
            _fail(f"scorekeeper: {' '.join(error.format_message().split())}")
        except click.Abort:
            _fail("scorekeeper: aborted", code=130)
        code = result if isinstance(result, int) else 0
        ledger.confirm_choice()
        if standalone_mode:
            sys.exit(code)
        return code


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _fail(message: str, code: int = 2) -> None:
    click.echo(" ".join(message.splitlines()), err=True)  # one line, even for a name or path with a line break
    sys.exit(code)


app = typer.Typer(
    cls=Group,
    name="scorekeeper",
    help="Scorekeeper and referee for manille and l'hombre played with real cards.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

from scorekeeper.cli import play, referee, rules, sheet  # noqa: E402  (the modules register their commands)

app.add_typer(rules.app, name="rules")
play.register(app)
sheet.register(app)
referee.register(app)
