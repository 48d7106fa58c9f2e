"""The language a command speaks, chosen once at the edge and handed down as a `Language` (C-2):
`--lang LANG`, else SCOREKEEPER_LANG, else the game's own language, else the locale.

`--lang` is read before click parses the arguments, anywhere before a `--`: a command's help is read
from the catalog when its module is imported, which click does before it reads the command's own
options (`sheet --help --lang fr` is in French). Whether the language was told (by the flag or the
variable, which a game's own language does not overrule) travels on click's root context, its `obj`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

from scorekeeper import i18n
from scorekeeper.cli.terminal import out
from scorekeeper.errors import UserError
from scorekeeper.language import Language, codes


def choose(args: list[str]) -> tuple[list[str], bool]:
    """Speak the language of `--lang LANG` (or `--lang=LANG`), given anywhere before a `--`, else of
    SCOREKEEPER_LANG, else of the locale; return the arguments without `--lang`, so that click, which
    reads options command by command, accepts it before the command or after it, and whether the
    language was told. A language asked for (flag or variable) and not spoken here is the user's
    mistake; a locale's is passed over."""
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
                raise UserError("lang_needs_value", languages=codes())
        else:
            rest.append(word)
    _FLAGGED[:] = [given is not None]
    given = given or (_TABLE[-1] if _TABLE else None)  # the table's own, its user having given none
    asked = given or os.environ.get("SCOREKEEPER_LANG")
    if asked and i18n.language_code(asked) is None:
        raise UserError("unknown_language", lang=asked, languages=codes())
    i18n.speak(Language.named(i18n.language_of(given)))
    return rest, bool(asked)  # not told: the game's own language may speak (C-2)


# Whether this command's line said `--lang` (`choose`): a file of cards is then read in that language;
# SCOREKEEPER_LANG, which says how to speak, does not overrule the language a file names (C-2).
_FLAGGED: list[bool] = [False]

# The language a table speaks to the commands it runs in its process, its user having given no `--lang`
# (`told_by_the_table`): they speak it as SCOREKEEPER_LANG would tell it, and a file they read names its own.
_TABLE: list[str] = []


def flagged() -> bool:
    """Whether this command's line said `--lang`."""
    return _FLAGGED[0]


@contextmanager
def told_by_the_table(code: str, told: bool) -> Iterator[list[str]]:
    """A command run by `table` in its process: the arguments that go before it, `--lang` where the table's
    user gave one (`told`), which then rules the files it reads too; else the table's language `code` is
    spoken without being told (C-2: `fix --from` a list whose first line names French, at a Dutch table,
    is read in French, unless the user said `--lang`)."""
    _TABLE.append(code)
    try:
        yield ["--lang", code] if told else []
    finally:
        _TABLE.pop()


# The first line of a file of cards that names its language (C-2), which `fix --print` writes.
HEADER = "# lang: {code}"


def named_in(first: str) -> str | None:
    """The language a file's first line names (`# lang: nl`, spaces and case free), else None.

    >>> named_in("# lang: nl"), named_in("#LANG:FR_be"), named_in("10h Jan 40"), named_in("# a note")
    ('nl', 'FR_be', None, None)
    """
    line = first.strip()
    if not line.startswith("#"):
        return None
    key, colon, value = line[1:].partition(":")
    if not colon or key.strip().lower() != "lang":
        return None
    return value.strip()


def file_language(first: str, own: Callable[[], str | None]) -> Language:
    """The language a file that holds cards as letters (a `fix` list, a table script) is read in (C-2):
    `--lang`, else the one its first line names (`# lang: xx`), else the game's own (`own`, asked only
    then), else the one the command speaks. Not SCOREKEEPER_LANG before the game's: a file travels with
    its game, and reads the same in any session. A first line naming a language not spoken here is the
    user's mistake."""
    named = named_in(first)
    if _FLAGGED[0]:
        spoken = i18n.spoken()
        if named is not None and i18n.language_code(named) != spoken.code:  # said, never silently (issue 43)
            from scorekeeper.explain import record
            from scorekeeper.i18n import render, text

            told = record("warning.file_lang_told", None, named=named, lang=spoken.code)
            out.say(text("cli.warning", warning=render(told)))
        return spoken
    if named is None:
        code = i18n.language_code(own() or "")
        return i18n.spoken() if code is None else Language.named(code)
    code = i18n.language_code(named)
    if code is None:
        raise UserError("unknown_language", lang=named, languages=codes())
    return Language.named(code)


def speak_the_game(language: Callable[[], str | None]) -> None:
    """Speak the language of the game a command works on (its file's `lang`), unless the command was
    told one: C-2's order is --lang, SCOREKEEPER_LANG, the game's, the locale. `language` is asked
    only then, so that a command told its language reads no more of the game than before."""
    import click

    context = click.get_current_context(silent=True)
    told = context.find_root().obj if context is not None else None
    if told is True:
        return
    if told is None and os.environ.get("SCOREKEEPER_LANG"):  # no command line: the variable is told
        return
    code = i18n.language_code(language() or "")
    if code is not None:
        i18n.speak(Language.named(code))


# The modules where click and typer look their words up, each with its own `_` (and `ngettext`).
CLICK_MODULES = (
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


def click_speaks_our_language() -> None:
    """Click and typer look their words up through the `_` and `ngettext` each of their modules imported
    from gettext: point those at our catalog, in the language chosen. Only modules already loaded: the
    others (completion, the editor) serve no command of ours, and importing them would cost start-up."""
    for name in CLICK_MODULES:
        module = sys.modules.get(name)
        if module is None:
            continue
        if hasattr(module, "_"):
            module._ = i18n.message
        if hasattr(module, "ngettext"):
            module.ngettext = i18n.ngettext
    # The placeholders of the help (`--game TEXT`) are the types' names in capitals: in the language too.
    types = sys.modules.get("click.types")
    if types is not None:
        types.STRING.name = i18n.message("metavar.text")
        types.INT.name = i18n.message("metavar.integer")
    core = sys.modules.get("click.core")
    if core is not None:
        core.Context.formatter_class = _formatter()


# What click writes in a usage line, and the catalog's words for it.
USAGE_WORDS = (("COMMAND [ARGS]...", "metavar.command_args"), ("[OPTIONS]", "metavar.options"))


@cache
def _formatter() -> type:
    """Click's help formatter, its headings as the language writes them: « Options : » in French."""
    import click

    class Formatter(click.HelpFormatter):
        def write_heading(self, heading: str) -> None:
            self.write(f"{'':>{self.current_indent}}{i18n.text('help.heading', heading=heading)}\n")

        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            """The usage line's placeholders click writes in English (`[OPTIONS]`, `COMMAND [ARGS]...`) in
            the language: « Gebruik: scorekeeper [OPTIES] COMMANDO [ARGUMENTEN]... »."""
            for english, key in USAGE_WORDS:
                args = args.replace(english, i18n.message(key))
            super().write_usage(prog, args, prefix)

    return Formatter
