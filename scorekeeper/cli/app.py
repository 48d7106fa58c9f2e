"""The lazy command table: one typer group whose commands are loaded when asked for.

Each command is a module of its own under `scorekeeper.cli` with a one-command `app`; the table
below names them with the catalog key of their help, so `scorekeeper --help` imports none of them
and a command pays only for its own imports (the idea of hatch's LazyGroup).

The language is chosen once, first (`cli.language`), before a command's module is imported, so the
help it declares is read from the catalog in that language, and click's own words too. The run then
writes through the terminal's guards (`cli.terminal`).

A user's mistake (a `UserError` from the core, or a usage error from click) is printed as one line
on stderr, exit code `Exit.MISTAKE`, and nothing is written: every write happens after all checks passed.
An option that takes one value, given twice, is such a mistake: the command never guesses which was meant.
A command given `--json` says its mistake as a JSON object on stdout too (`{"error": {"key", "text", "rule"}}`),
here, once for every command (`Group._mistake`).
Once a game is stored, nothing may report the command as failed (a player would say the coup again):
a current-game mark that cannot be written is one line of warning, and any later failure says the
change is stored, with exit code `Exit.DONE`.

Shell completion (`cli.complete`) is declared here as two options whose callbacks load its machinery;
a run loads it otherwise only when the shell asks (`_SCOREKEEPER_COMPLETE` set): start-up stays as it was.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from importlib import import_module
from typing import Any

import click
import typer
from typer.core import TyperArgument, TyperGroup, TyperOption

from scorekeeper import i18n, service
from scorekeeper.cli import complete, language, terminal
from scorekeeper.cli.terminal import out
from scorekeeper.errors import Exit, UserError
from scorekeeper.i18n import render, text
from scorekeeper.language import codes
from scorekeeper.present.said import said

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
    "concours": "help.concours",
    "serve": "help.serve",
}

_COMPLETION_OPTIONS = ("install_completion", "show_completion")

# The table's words (`[table]` of every language's words file) that are commands from the command line
# too (`scorekeeper fiche`, `annule`), by the table's name for them: a command's own name, or these
# words of one (`explique 3` is `sheet --detail 3`). The table's other words (`aide`, `quitte`, `revanche`)
# say what only the table does.
TABLE_WORDS = {"explain": ("sheet", "--detail")}


def table_word(key: str) -> tuple[str, ...] | None:
    """The command line a table word named `key` in a words file stands for, None for the table's own."""
    return (key,) if key in COMMANDS and key != "table" else TABLE_WORDS.get(key)


def aliases(code: str) -> dict[str, tuple[str, ...]]:
    """The table's words of language `code` that stand for a command line, and its names for the commands
    (`[commands]`: `scorekeeper tafel`, `nieuw`, `regels`), each as written, with that line;
    not a command's own name (`note` is the command `note`), nor a phrase (`annule le dernier coup`), which
    only the table hears: a command line's word is one word.

    >>> aliases("fr")["fiche"], aliases("fr")["explique"], "note" in aliases("fr"), aliases("en")
    (('sheet',), ('sheet', '--detail'), False, {'explain': ('sheet', '--detail')})
    >>> aliases("nl")["tafel"], aliases("nl")["nieuw"], aliases("fr")["règles"]
    (('table',), ('new',), ('rules',))
    """
    from scorekeeper.language import Language

    found: dict[str, tuple[str, ...]] = {}
    said = Language.named(code).words
    for section in ("table", "commands"):  # `[commands]`: a command's name in the language, never the table's
        for key, words in said.get(section, {}).items():
            line = (key,) if section == "commands" and key in COMMANDS else table_word(key)
            for word in words if line is not None else ():
                if word not in COMMANDS and " " not in word:
                    found.setdefault(word, line)
    return found


def alias(word: str) -> tuple[str, ...] | None:
    """The command line a first word that is no command's name stands for: a table word of any language,
    compared as names are (C-4: `verifie` is `vérifie`), so a French word works whatever the language spoken."""
    from scorekeeper.language import codes
    from scorekeeper.players import fold_name

    folded = fold_name(word)
    for code in codes():
        for spoken, line in aliases(code).items():
            if fold_name(spoken) == folded:
                return line
    return None


def _plain_brackets(help_record: Any) -> Any:
    """An argument's or an option's help as click writes it: typer escapes its `[required]` and its
    `[default: 4]` for rich's markup even where the help is plain text (`rich_markup_mode=None`), and
    `\\[required]` would show."""

    def plain(self: Any, ctx: Any) -> Any:
        record = help_record(self, ctx)
        return None if record is None else (record[0], record[1].replace("\\[", "["))

    return plain


TyperArgument.get_help_record = _plain_brackets(TyperArgument.get_help_record)  # type: ignore[method-assign]
TyperOption.get_help_record = _plain_brackets(TyperOption.get_help_record)  # type: ignore[method-assign]


def _spoken_metavar(make_metavar: Any) -> Any:
    """An argument's placeholder in the language (`NUMÉRO`, not `NUMBER`, in the help and in « argument
    manquant »), where the catalog names it (`metavar.NAME`); click writes its name in capitals."""

    def spoken(self: Any, ctx: Any = None) -> Any:
        if self.metavar is None and self.name:
            key = f"metavar.{self.name}"
            words = i18n.message(key)
            if words != key:
                return make_metavar(self, ctx).replace(self.name.upper(), words, 1)
        return make_metavar(self, ctx)

    return spoken


TyperArgument.make_metavar = _spoken_metavar(TyperArgument.make_metavar)  # type: ignore[method-assign]


class Group(TyperGroup):
    """The top-level group: finds a command's module when it is asked for, and turns every user mistake
    into one line."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            line = alias(cmd_name)
            return None if line is None else self.get_command(ctx, line[0])
        command = typer.main.get_command(import_module(f"scorekeeper.cli.{cmd_name}").app)
        command.name = cmd_name
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        if args and isinstance(args[0], str) and args[0] not in COMMANDS:  # a table word: its command line
            line = alias(args[0])
            if (
                line is not None
                and len(line) > 1
                and not ctx.resilient_parsing
                and not (args[1:] and args[1].isdigit())
            ):
                raise UserError("table_explain_needs_number")  # `--detail` is no word of the table's
            args = args if line is None else [*line, *args[1:]]
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
        said: dict[tuple[str, ...], list[str]] = {}
        for word, line in aliases(i18n.spoken().code).items():
            said.setdefault(line, []).append(word)
        if said:  # the table's words in the language spoken, each with the command line it stands for
            with formatter.section(i18n.message("help.aliases")):
                formatter.write_dl([(", ".join(words), " ".join(line)) for line, words in said.items()])

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
            return self._refused(args, error)
        for arg in args:
            if isinstance(arg, str) and not terminal.utf8(arg):  # bytes a non-UTF-8 terminal sent, kept as surrogates
                return self._mistake(args, "cli.not_utf8", text("cli.not_utf8", text=arg))
        language.click_speaks_our_language()
        self.help = text("help.scorekeeper")
        # Read before click parses (see `language.choose`): declared here for the help alone.
        self.params = [param for param in self.params if param.name not in ("lang", *_COMPLETION_OPTIONS)]
        self.params.append(
            click.Option(
                ["--lang"],
                metavar=text("metavar.lang"),
                expose_value=False,
                help=text("help.option.lang", languages=codes()),
            )
        )
        self.params += complete.options()  # their callbacks load the completion machinery, when given
        if complete.VARIABLE in os.environ:
            complete.start()
        with terminal.escaping(), service.noticing() as notices:
            try:
                return self._run(args, prog_name, complete_var, notices, obj=told, **extra)
            finally:
                for note in notices.notes:  # a stored game that could not be made current: after what it printed
                    out.say(text("cli.warning", warning=render(note)))

    def _run(self, args: list[str], prog_name: Any, complete_var: Any, notices: service.Notices, **extra: Any) -> int:
        """The command, and its mistakes as one line each; once `notices` say a game is stored, never a failure."""
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            if sys.stdout is not None:  # None: Python found it closed at start (`>&-`)
                sys.stdout.flush()  # what is still buffered fails here, said as any failed output, not at the exit
        except terminal.OutputFailed as failed:
            if not notices.stored:
                return terminal.output_failed(failed)
            terminal.silence(failed)
            result = _stored_anyway(notices, failed)
        except click.exceptions.NoArgsIsHelpError as error:  # a bare `scorekeeper`: the help, not a mistake
            out.line(error.ctx.get_help() if error.ctx is not None else error.format_message())
            result = Exit.DONE
        except click.UsageError as error:
            where = error.ctx.command_path if error.ctx is not None else "scorekeeper"
            message = " ".join(error.format_message().split())
            return self._mistake(args, "cli.usage_mistake", text("cli.usage_mistake", where=where, message=message))
        except UserError as error:
            if notices.stored:  # a refusal after the write: the game is stored all the same, never "nothing written"
                return _stored_anyway(notices, error)
            return self._refused(args, error)
        except click.ClickException as error:
            return self._mistake(
                args, "cli.mistake", text("cli.mistake", error=" ".join(error.format_message().split()))
            )
        except click.Abort:
            return terminal.fail(text("cli.aborted"), code=Exit.ABORTED)
        except (Exception, SystemExit) as error:  # SystemExit: click's own exit 1 on a broken pipe
            if not notices.stored or (isinstance(error, SystemExit) and error.code in (0, None)):
                raise
            result = _stored_anyway(notices, error)
        return int(result) if isinstance(result, int) else Exit.DONE

    def _refused(self, args: list[str], error: UserError) -> int:
        """A user's mistake (`UserError`): its line, and under `--json` its key, its words with cards in
        letters, and its rule."""
        line = text("cli.mistake", error=said(error))
        return self._mistake(args, f"error.{error.key}", line, error.rule, said(error, ascii=True))

    def _mistake(self, args: list[str], key: str, line: str, rule: str | None = None, words: str | None = None) -> int:
        """A mistake, catalog key `key`, said as `line` on stderr; to a command given `--json` (in `args`),
        as JSON on stdout too, its text `words`, else the line without the `cli.mistake` prefix. Exit 2."""
        if _asks_json(self, args):
            said_alone = line.removeprefix(text("cli.mistake", error=""))
            try:
                terminal.json_mistake(key, said_alone if words is None else words, rule)
            except terminal.OutputFailed as failed:  # stdout closed or full: the mistake is still one line and exit 2
                terminal.silence(failed)
        return terminal.fail(line)


def _stored_anyway(notices: service.Notices, error: BaseException) -> int:
    """Stored: a failure after the write (printing, say) must not send the player to say it again."""
    problem = said(error) if isinstance(error, UserError) else terminal.problem(error)
    out.say(text("cli.stored_anyway", names=tuple(dict.fromkeys(notices.stored)), problem=problem))
    return Exit.DONE  # stderr failing too (`say` drops the line): the exit code still says it is stored


def _refuse_repeated(command: click.Command, args: list[str]) -> None:
    """An option that takes one value (`-r 7h`), given twice (`-r 7h -r 8h`), is refused: keeping the last
    would quietly drop the first. Options that take several values (`--trick`, `--player`) may repeat."""
    seen: dict[click.Option, str] = {}
    for _, name, param in _read(command, args):
        if param is None:
            continue
        if param in seen and not (param.multiple or param.count):
            raise UserError("option_twice", option=name, first=seen[param])
        seen[param] = name


def _asks_json(command: click.Command, args: list[str]) -> bool:
    """Whether `args` give `--json` to the command they run under `command`: a group's first argument is
    its subcommand, which reads the words after it."""
    for index, word, param in _read(command, args):
        if param is not None and "--json" in param.opts:
            return True
        if param is None and isinstance(command, click.Group) and isinstance(word, str):
            sub = command.get_command(click.Context(command), word)
            return sub is not None and _asks_json(sub, args[index + 1 :])
    return False


def _read(command: click.Command, args: list[str]) -> Iterator[tuple[int, str, click.Option | None]]:
    """The words of `args` up to a `--` as click reads them for `command`: each of its options as typed
    (`-r`, its value passed over, whatever it looks like), each argument with None, by their place in `args`;
    an unknown option passed over, and `--lang` with its value (`language.choose` reads it first)."""
    options = {
        name: param
        for param in command.params
        if isinstance(param, click.Option)
        for name in param.opts + param.secondary_opts
    }
    index = 0
    while index < len(args):
        word, index = args[index], index + 1
        if word == "--":
            return
        if not isinstance(word, str) or not word.startswith("-") or word == "-":
            yield index - 1, word, None
            continue
        name = word.partition("=")[0] if word.startswith("--") else word[:2]
        param = options.get(name)
        if param is None:
            index += name == word == "--lang"
            continue
        yield index - 1, name, param
        if not param.is_flag and word == name:  # its value is the next word
            index += 1


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
