"""`scorekeeper fix`: every entry of the game as a short line in $EDITOR, as `git rebase -i` does (issue 17).

The file holds one entry a line, in order, as `scorekeeper coup` takes it; a line's note (`note N`)
follows it after `# `. Lines that start with `# ` (or are `#` alone) are comments: the header saying
how, and on a reopen the refusal on top; `#1=40` is a player `#1`'s points. On save the whole list is
replayed (`service.fix`): if it makes sense it replaces the entries in one write, one undo step; if
not, the editor opens again with the refusal on top, naming the line in the file as reopened. A file
saved as it was opened, or with no line left, drops the change. The editor opens only at a terminal:
without one nothing asks, and `fix` alone is refused, naming `--from`. `--from FILE` (`-` for standard
input) reads the list once, for scripts; `--print` writes it (without the header, after a first line
naming its language, `# lang: fr`): `fix --print > f; fix --from f` changes nothing and adds no undo
step, in any session. A list is read in the language its first line names, else the one spoken (the
game's own unless told another), unless `--lang` is given (C-2): `Dc` in a French list is the dame de
cœur at a Dutch table too.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import typer

from scorekeeper import i18n, service, tomlfile
from scorekeeper.cli import terminal
from scorekeeper.cli.current import pick
from scorekeeper.cli.language import HEADER, file_language
from scorekeeper.cli.options import GAME, examples_of
from scorekeeper.cli.render import status
from scorekeeper.cli.terminal import out
from scorekeeper.errors import UserError
from scorekeeper.games.line import comment_mark
from scorekeeper.i18n import text
from scorekeeper.language import Language
from scorekeeper.present.said import said

app = typer.Typer(add_completion=False, rich_markup_mode=None)

Entry = tuple[int, str, str | None]  # a line of the file: its number, the short line, its note


@app.command(help=text("help.fix"), epilog=examples_of("fix"))
def fix(
    source: Path = typer.Option(
        None, "--from", metavar=text("metavar.file"), help=text("help.fix.from")
    ),  # the shell completes it
    show: bool = typer.Option(False, "--print", help=text("help.fix.print")),
    game_name: str = GAME,
) -> None:
    name = pick(game_name)
    language = i18n.spoken()
    if show and source is not None:
        raise UserError("fix_print_and_from")
    if show:  # the language first (C-2): the list is read back in it in any session
        listed = [HEADER.format(code=language.code), *_listed(service.read(name), language)]
        out.write("".join(line + "\n" for line in listed))
        return
    if source is not None:
        content = _read(str(source)).removeprefix("\ufeff")  # a byte-order mark is no word of the first line
        entries = entries_of(content)
        if not entries:
            raise UserError("fix_empty", path=str(source))
        reads = file_language(content.partition("\n")[0], lambda: service.own_language(name))
        fiche, changed = service.fix(name, entries, reads)
    else:
        if not terminal.at_a_terminal():  # an editor asks; without a terminal nothing does (`terminal.confirm`)
            raise UserError("fix_needs_terminal")
        done = _in_editor(name, language)
        if done is None:
            out.words(text("cli.fix_dropped"))
            return
        fiche, changed = done
    said = text("cli.fixed", count=len(fiche.coups), status=status(fiche)) if changed else text("cli.fix_unchanged")
    out.show(said, markup=False)


def _listed(game: Any, language: Language) -> list[str]:
    """The game's entries as the file's lines: the short line, and its note after `#`."""
    listed = service.fix_lines(game, language)
    return [line if note is None else f"{line}  # {' '.join(note.splitlines())}" for line, note in listed]


def entries_of(content: str) -> list[Entry]:
    """The entries a file lists: each line that is neither blank nor a comment (`#` and a space, or `#`
    alone: `#1=40` says the points of a player `#1`), its note taken off.

    >>> entries_of("# a comment\\n#\\n10h César=40  # the first coup\\n{retourne = 'AH'}\\n7s #1=40")
    [(3, '10h César=40', 'the first coup'), (4, "{retourne = 'AH'}", None), (5, '7s #1=40', None)]
    """
    entries = []
    for number, raw in enumerate(content.splitlines(), 1):
        words, note = _note_off(raw.strip())
        if words:
            entries.append((number, words, note))
    return entries


def _note_off(line: str) -> tuple[str, str | None]:
    r"""A line and its note, parted at the first comment's mark (`comment_mark`) outside the quotes of a
    `{...}` line (where `\"` inside a basic string is no end of it).

    >>> _note_off(r'{reason = "he said \"no # way"}  # a note')
    ('{reason = "he said \\"no # way"}', 'a note')
    >>> _note_off("7s #1=40 # #1 said 40")
    ('7s #1=40', '#1 said 40')
    """
    quote, escaped = None, False
    for at, char in enumerate(line):
        if escaped:
            escaped = False
        elif quote == '"' and char == "\\":
            escaped = True
        elif line.startswith("{") and char in "\"'" and quote in (None, char):
            quote = None if quote == char else char
        elif quote is None and comment_mark(line, at):
            return line[:at].strip(), line[at + 1 :].strip() or None
    return line, None


def _read(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    try:
        return tomlfile.read_regular(source).decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise UserError("fix_unreadable", path=source, reason=tomlfile.reason(error)) from None


def _comments(words: str) -> list[str]:
    return [f"# {line}".rstrip() for line in words.splitlines()]


def _in_editor(name: str, language: Language) -> tuple[Any, bool] | None:
    """The list edited until it makes sense (then it is stored), or None when the user drops the change."""
    game = service.read(name)
    header = _comments(text("fix.header", name=name))
    body = _listed(game, language)
    content = "\n".join([*header, "", *body]) + "\n"
    while True:
        saved = _edit(content)
        entries = entries_of(saved)
        if saved == content or not entries:
            return None
        try:
            return service.fix(name, entries, language, game.coups)
        except UserError as error:
            if error.key == "fix_game_changed":
                raise
            body = [line.strip() for line in saved.splitlines() if _note_off(line.strip())[0]]
            refusal = _comments(text("fix.refused", error=said(_reopened(error, len(header) + 3))))
            content = "\n".join([*refusal, "", *header, "", *body]) + "\n"


def _reopened(error: UserError, above: int) -> UserError:
    """A line's refusal naming the line where the file reopens it: `above` lines, the refusal's own first
    line among them, come before the entries, one a line."""
    if error.key != "fix_line":
        return error
    values = dict(error.values)
    values["line"] = above + values["number"]
    return UserError(error.key, error.rule, **values)


def _edit(content: str) -> str:
    """`content` as the user saves it in $VISUAL, else $EDITOR, else vi (as git), from a file of its own."""
    import shlex
    import subprocess
    import tempfile

    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    with tempfile.TemporaryDirectory(prefix="scorekeeper-", ignore_cleanup_errors=True) as folder:
        path = Path(folder) / "fix.txt"
        path.write_text(content, encoding="utf-8")
        try:
            done = subprocess.run([*shlex.split(editor), str(path)], check=False)
        except (OSError, ValueError) as error:
            raise UserError(
                "fix_editor",
                editor=editor,
                reason=tomlfile.system_reason(error) if isinstance(error, OSError) else str(error),
            ) from None
        if done.returncode != 0:  # as git takes it: the user left the editor without saving (vi's :cq)
            raise UserError("fix_editor_quit", editor=editor, code=done.returncode)
        try:
            return tomlfile.read_regular(path).decode("utf-8")
        except (OSError, UnicodeDecodeError) as error:  # the editor removed the file, or put a folder in its place
            raise UserError("fix_editor_lost", editor=editor, path=str(path), reason=tomlfile.reason(error)) from None
