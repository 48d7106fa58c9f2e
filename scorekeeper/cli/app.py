"""The typer application: one group whose commands are loaded lazily, and errors as one line.

Each command is a module of its own under `scorekeeper.cli` with a one-command `app`; the table
below names them with the catalog key of their help, so `scorekeeper --help` imports none of them
and a command pays only for its own imports (the idea of hatch's LazyGroup).

The language is chosen once, first (`cli.language`): `--lang LANG` anywhere in the arguments (taken
out before click reads them), else SCOREKEEPER_LANG, else the locale. Only then is a command's module
imported, so the help it declares is read from the catalog in that language, and click's own words too.

A user's mistake (a `UserError` from the core, or a usage error from click) is printed as one line
on stderr, exit code `Exit.MISTAKE`, and nothing is written: every write happens after all checks passed.
An option that takes one value, given twice, is such a mistake: the command never guesses which was meant.
Once a game is stored, nothing may report the command as failed (a player would say the coup again):
a current-game mark that cannot be written is one line of warning, output the terminal cannot encode
falls back to letters (10H), and any later failure says the change is stored, with exit code `Exit.DONE`.

Shell completion (`cli.complete`) is declared here as two options whose callbacks load its machinery;
a run loads it otherwise only when the shell asks (`_SCOREKEEPER_COMPLETE` set): start-up stays as it was.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import sys
from importlib import import_module
from typing import Any

import click
import typer
from typer.core import TyperArgument, TyperGroup

from scorekeeper import i18n, store
from scorekeeper.cli import complete, language
from scorekeeper.cli.said import said
from scorekeeper.errors import Exit, UserError
from scorekeeper.i18n import render, text

# Each command's module (`scorekeeper.cli.NAME`) and the catalog key of its help, which the command
# declares too (a test keeps them equal); the list of commands shows its first sentence.
COMMANDS = {
    "new": "help.new",
    "coup": "help.coup",
    "edit": "help.edit",
    "delete": "help.delete",
    "insert": "help.insert",
    "fix": "help.fix",
    "adjust": "help.adjust",
    "undo": "help.undo",
    "redo": "help.redo",
    "games": "help.games",
    "use": "help.use",
    "stop": "help.stop",
    "note": "help.note",
    "demo": "help.demo",
    "settle": "help.settle",
    "sheet": "help.sheet",
    "export": "help.export",
    "chart": "help.chart",
    "check": "help.check",
    "audit": "help.audit",
    "rules": "help.rules",
    "stats": "help.stats",
    "table": "help.table",
}

_COMPLETION_OPTIONS = ("install_completion", "show_completion")

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


def _plain_brackets(help_record: Any) -> Any:
    """An argument's help as click writes it: typer escapes its `[required]` for rich's markup even where
    the help is plain text (`rich_markup_mode=None`), and `\\[required]` would show."""

    def plain(self: Any, ctx: Any) -> Any:
        record = help_record(self, ctx)
        return None if record is None else (record[0], record[1].replace("\\[", "["))

    return plain


TyperArgument.get_help_record = _plain_brackets(TyperArgument.get_help_record)  # type: ignore[method-assign]


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

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None and not ctx.resilient_parsing:  # completing: a line half typed is no mistake
            _refuse_repeated(command, rest)
        return name, command, rest

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
        code = self._start(list(sys.argv[1:] if args is None else args), prog_name, complete_var, **extra)
        if standalone_mode:
            sys.exit(code)
        return code

    def _start(self, args: list[str], prog_name: Any, complete_var: Any, **extra: Any) -> int:
        """The language, then the command, its notes said after it; its exit code."""
        try:
            args, told = language.choose(args)
        except UserError as error:
            return _fail(text("cli.mistake", error=said(error)))
        for arg in args:
            if isinstance(arg, str) and not _utf8(arg):  # bytes a non-UTF-8 terminal sent, kept as surrogates
                return _fail(text("cli.not_utf8", text=arg))
        _click_speaks_our_language()
        self.help = text("help.scorekeeper")
        # Read before click parses (see `_choose_language`): declared here for the help alone.
        self.params = [param for param in self.params if param.name not in ("lang", *_COMPLETION_OPTIONS)]
        self.params.append(click.Option(["--lang"], metavar="LANG", expose_value=False, help=text("help.option.lang")))
        self.params += complete.options()  # their callbacks load the completion machinery, when given
        if complete.VARIABLE in os.environ:
            complete.start()
        _letters_where_symbols_cannot_go()
        streams = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = Escaping(sys.stdout), Escaping(sys.stderr)
        with store.noticing() as notices:
            try:
                return self._run(args, prog_name, complete_var, notices, obj=told, **extra)
            finally:
                for note in notices.notes:  # a stored game that could not be made current: after what it printed
                    _say(text("cli.warning", warning=render(note)))
                sys.stdout, sys.stderr = streams

    def _run(self, args: list[str], prog_name: Any, complete_var: Any, notices: store.Notices, **extra: Any) -> int:
        """The command, and its mistakes as one line each; once `notices` say a game is stored, never a failure."""
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as error:  # a bare `scorekeeper`: the help, not a mistake
            click.echo(error.ctx.get_help() if error.ctx is not None else error.format_message())
            result = Exit.DONE
        except click.UsageError as error:
            where = error.ctx.command_path if error.ctx is not None else "scorekeeper"
            message = " ".join(error.format_message().split())
            return _fail(text("cli.usage_mistake", where=where, message=message))
        except UserError as error:
            return _fail(text("cli.mistake", error=said(error)))
        except click.ClickException as error:
            return _fail(text("cli.mistake", error=" ".join(error.format_message().split())))
        except click.Abort:
            return _fail(text("cli.aborted"), code=Exit.ABORTED)
        except (Exception, SystemExit) as error:  # SystemExit: click's own exit 1 on a broken pipe
            if not notices.stored or (isinstance(error, SystemExit) and error.code in (0, None)):
                raise
            # Stored: a failure after the write (printing, say) must not send the player to say it again.
            problem = _problem(error)
            _say(text("cli.stored_anyway", names=tuple(dict.fromkeys(notices.stored)), problem=problem))
            result = Exit.DONE
        return int(result) if isinstance(result, int) else Exit.DONE


def _problem(error: BaseException) -> str:
    """What failed after the write, in the system's words: click exits 1 on a closed pipe, saying nothing."""
    if isinstance(error, SystemExit):
        return os.strerror(errno.EPIPE)
    return (error.strerror if isinstance(error, OSError) else None) or str(error) or type(error).__name__


def _refuse_repeated(command: click.Command, args: list[str]) -> None:
    """An option that takes one value (`-r 7h`), given twice (`-r 7h -r 8h`), is refused: keeping the last
    would quietly drop the first. Options that take several values (`--trick`, `--player`) may repeat."""
    options = {
        name: param
        for param in command.params
        if isinstance(param, click.Option)
        for name in param.opts + param.secondary_opts
    }
    seen: dict[click.Option, str] = {}
    words = iter(args)
    for word in words:
        if word == "--":
            return
        if not isinstance(word, str) or not word.startswith("-") or word == "-":
            continue
        name = word.partition("=")[0] if word.startswith("--") else word[:2]
        param = options.get(name)
        if param is None:
            continue
        if param in seen and not (param.multiple or param.count):
            raise UserError("option_twice", option=name, first=seen[param])
        seen[param] = name
        if not param.is_flag and word == name:  # its value is the next word, whatever it looks like
            next(words, None)


def _letters_where_symbols_cannot_go() -> None:
    """Output the terminal cannot encode (♥ in latin-1) is written with letters (H), not raised after a write."""
    for stream in (sys.stdout, sys.stderr):
        try:
            "♠♥♦♣≥".encode(getattr(stream, "encoding", None) or "utf-8")
        except UnicodeEncodeError:
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(errors=_LETTERS)
        except LookupError:  # an encoding Python does not know: nothing to fall back from
            pass


_LETTERS = "scorekeeper.letters"
_WORDS = str.maketrans(
    {"≥": ">=", "≤": "<=", "→": "->", "×": "x", "—": "-", "–": "-", "…": "...", "·": "-", "─": "-", "│": "|"}
    | dict.fromkeys("┌┬┐├┼┤└┴┘", "+")  # the fiche's grid
)


def _letters(error: UnicodeError) -> tuple[str, int]:
    """The codec's error handler: suits as letters, signs as ASCII, letters without accents, else `?`."""
    if not isinstance(error, UnicodeEncodeError):  # registered for output only
        raise error
    import unicodedata

    from scorekeeper.cards import ASCII_SUITS  # only output that cannot be encoded needs it

    text = error.object[error.start : error.end].translate(ASCII_SUITS).translate(_WORDS)
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return (plain if len(plain) >= len(text) else plain + "?" * (len(text) - len(plain))), error.end


codecs.register_error(_LETTERS, _letters)


# Control characters (C0 but line feed and tab, DEL, C1): `ESC ]52` writes the clipboard in some
# terminals, `ESC [8m` hides what follows. Bold on and off are the grid's own (`cli.grid`).
_CONTROL = re.compile(r"(\x1b\[[01]m)|[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str, styles: bool = False) -> str:
    """`text` with its control characters shown escaped (`_escaped`), the rest as typed; with `styles`,
    the grid's bold kept.

    >>> print(printable("C\x1b]52;c;aGk=\x07sar\x1b[8m :pile_of_poo:"))
    C\\x1b]52;c;aGk=\\x07sar\\x1b[8m :pile_of_poo:
    """
    return _CONTROL.sub(lambda found: found[1] if styles and found[1] else _escaped(found[0]), text)


def _escaped(control: str) -> str:
    """The control character first in `control` as `\\x1b` (C0: JSON escapes those itself), or `\\u009b`
    (DEL and C1, which JSON leaves raw: so a JSON string stays JSON); what follows it as it is."""
    code = ord(control[0])
    return (f"\\x{code:02x}" if code < 0x20 else f"\\u{code:04x}") + control[1:]


class Escaping:
    """A text stream that writes control characters escaped (`printable`): whatever a command prints, a
    name or title from the command line or from someone else's file never drives the terminal.
    `typed` is the stream beneath, for rich, which escapes the texts it lays out itself (`console`)."""

    def __init__(self, stream: Any) -> None:
        self.typed = stream

    def write(self, text: Any) -> int:
        return self.typed.write(printable(text, styles=True) if isinstance(text, str) else text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.typed, name)




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


def _fail(message: str, code: int = Exit.MISTAKE) -> int:
    _say(message)
    return code


def _say(message: str) -> None:
    # One line, even for a name or path with a line break; escaped before click, which would strip a
    # name's `ESC [8m` off a pipe, and may write past `Escaping` to a stream it finds misconfigured.
    click.echo(printable(" ".join(message.splitlines())), err=True)


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
