"""The typer application: one group whose commands are loaded lazily, and errors as one line.

Each command is a module of its own under `scorekeeper.cli` with a one-command `app`; the table
below names them with the catalog key of their help, so `scorekeeper --help` imports none of them
and a command pays only for its own imports (the idea of hatch's LazyGroup).

The language is chosen once, first: `--lang LANG` anywhere in the arguments (taken out before click
reads them), else SCOREKEEPER_LANG, else the locale. Only then is a command's module imported, so
the help it declares is read from the catalog in that language, and click's own words too.

A user's mistake (a `UserError` from the core, or a usage error from click) is printed as one line
on stderr, exit code `Exit.MISTAKE`, and nothing is written: every write happens after all checks passed.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module
from typing import Any

import click
import typer
from typer.core import TyperGroup

from scorekeeper import i18n
from scorekeeper.cli import current
from scorekeeper.errors import Exit, UserError
from scorekeeper.i18n import text

# Each command's module (`scorekeeper.cli.NAME`) and the catalog key of its help, which the command
# declares too (a test keeps them equal); the list of commands shows its first sentence.
COMMANDS = {
    "new": "help.new",
    "coup": "help.coup",
    "edit": "help.edit",
    "undo": "help.undo",
    "redo": "help.redo",
    "games": "help.games",
    "demo": "help.demo",
    "settle": "help.settle",
    "sheet": "help.sheet",
    "check": "help.check",
    "audit": "help.audit",
    "rules": "help.rules",
}

# The modules where click and typer look their words up, each with its own `_` (and `ngettext`).
_CLICK_MODULES = (
    "click.core",
    "click.decorators",
    "click.exceptions",
    "click.formatting",
    "click.parser",
    "click.termui",
    "click.types",
    "click._termui_impl",
    "click.shell_completion",
    "typer.core",
)


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
        """The list of commands from the table, each help shortened as click shortens it (its first sentence)."""
        limit = formatter.width - 6 - max(map(len, COMMANDS))
        rows = [(name, click.utils.make_default_short_help(text(key), limit)) for name, key in COMMANDS.items()]
        with formatter.section(i18n.message("Commands")):
            formatter.write_dl(rows)

    def main(
        self,
        args: Any = None,
        prog_name: Any = None,
        complete_var: Any = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        args = list(sys.argv[1:] if args is None else args)
        try:
            args = _choose_language(args)
        except UserError as error:
            _fail(text("cli.mistake", error=error))
        for arg in args:
            if isinstance(arg, str) and not _utf8(arg):  # bytes a non-UTF-8 terminal sent, kept as surrogates
                _fail(text("cli.not_utf8", text=arg))
        _click_speaks_our_language()
        self.help = text("help.scorekeeper")
        # Read before click parses (see `_choose_language`): declared here for the help alone.
        self.params = [param for param in self.params if param.name != "lang"]
        self.params.append(click.Option(["--lang"], metavar="LANG", expose_value=False, help=text("help.option.lang")))
        current.forget_choice()
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as error:  # a bare `scorekeeper`: the help, not a mistake
            click.echo(error.ctx.get_help() if error.ctx is not None else error.format_message())
            result = Exit.DONE
        except click.UsageError as error:
            where = error.ctx.command_path if error.ctx is not None else "scorekeeper"
            message = " ".join(error.format_message().split())
            _fail(text("cli.usage_mistake", where=where, message=message))
        except UserError as error:
            _fail(text("cli.mistake", error=error))
        except click.ClickException as error:
            _fail(text("cli.mistake", error=" ".join(error.format_message().split())))
        except click.Abort:
            _fail(text("cli.aborted"), code=Exit.ABORTED)
        code = int(result) if isinstance(result, int) else Exit.DONE
        current.confirm_choice()
        if standalone_mode:
            sys.exit(code)
        return code


def _choose_language(args: list[str]) -> list[str]:
    """Speak the language of `--lang LANG` (or `--lang=LANG`), given anywhere before a `--`, else of
    SCOREKEEPER_LANG, else of the locale; return the arguments without `--lang`, so that click, which
    reads options command by command, accepts it before the command or after it. A language asked
    for (flag or variable) and not spoken here is the user's mistake; a locale's is passed over."""
    rest: list[str] = []
    given = None
    words = iter(args)
    for word in words:
        if word == "--":
            rest += [word, *words]
            break
        elif word == "--lang" or (isinstance(word, str) and word.startswith("--lang=")):
            given = word.partition("=")[2] if "=" in word else next(words, "")
            if not given:
                raise UserError("lang_needs_value", languages=i18n.LANGUAGES)
        else:
            rest.append(word)
    asked = given or os.environ.get("SCOREKEEPER_LANG")
    if asked and i18n.language_code(asked) is None:
        raise UserError("unknown_language", lang=asked, languages=i18n.LANGUAGES)
    i18n.choose(i18n.language_of(given))
    return rest


def _click_speaks_our_language() -> None:
    """Click and typer look their words up through the `_` and `ngettext` each of their modules imported
    from gettext: point those at our catalog, in the language chosen. Only modules already loaded: the
    others (completion, the editor) serve no command of ours, and importing them would cost start-up."""
    for name in _CLICK_MODULES:
        module = sys.modules.get(name)
        if module is None:
            continue
        if hasattr(module, "_"):
            module._ = i18n.message
        if hasattr(module, "ngettext"):
            module.ngettext = i18n.ngettext


def _utf8(word: str) -> bool:
    try:
        word.encode("utf-8")
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
    # Its help is the catalog's `help.scorekeeper`, set once the language is chosen (`Group.main`).
    pass
