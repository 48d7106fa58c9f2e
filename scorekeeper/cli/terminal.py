"""The terminal a command writes to: what it must never do to it, and a mistake said as one line.

Whatever a command prints goes through `Escaping`: a name or title from the command line or from
someone else's file never drives the terminal (`printable`). Output the terminal cannot encode (♥ in
latin-1) falls back to letters (10H) rather than fail after a write. A mistake is one line on stderr
(`fail`), and a JSON object on stdout too where `--json` was asked (`json_mistake`); what failed after a
write is said in the system's words (`problem`).
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

import click

from scorekeeper.errors import Exit, UserError

if TYPE_CHECKING:
    from rich.console import Console


def problem(error: BaseException) -> str:
    """What failed after the write, in the system's words: click exits 1 on a closed pipe, saying nothing."""
    if isinstance(error, SystemExit):
        return problem(BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE)))
    if isinstance(error, OutputFailed):
        error = error.error
    if isinstance(error, OSError):
        from scorekeeper import i18n, tomlfile

        return i18n.render(tomlfile.system_reason(error))
    return str(error) or type(error).__name__


def letters_where_symbols_cannot_go() -> None:
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
# terminals, `ESC [8m` hides what follows. Bold on and off are the grid's own (`cli.grid`), strike-through
# a paid bête's (`render._struck`): kept under `styles`, as the sheet's own styles. And the
# bidirectional format characters a stored name may hold (C-4), which would reorder what follows them;
# but for the isolates the words put around a name written right to left (`i18n.isolated`): a first
# strong isolate closed by its pop, nothing else of the kind between them, is shown as it is.
_CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_CONTROL = re.compile(f"(\x1b\\[[019]m)|(\u2068[^{_CONTROLS}]*\u2069)|[{_CONTROLS}]")


def printable(text: str, styles: bool = False) -> str:
    """`text` with its control characters shown escaped (`_escaped`), the rest as typed; with `styles`,
    the grid's bold kept.

    >>> print(printable("C\x1b]52;c;aGk=\x07sar\x1b[8m :pile_of_poo:"))
    C\\x1b]52;c;aGk=\\x07sar\\x1b[8m :pile_of_poo:
    """
    return _CONTROL.sub(_shown if styles else _shown_plain, text)


def _shown(found: re.Match[str]) -> str:
    """A control character escaped, the grid's bold and an isolated name as they are."""
    return found[0] if found[1] or found[2] else _escaped(found[0])


def _shown_plain(found: re.Match[str]) -> str:
    """A control character escaped, an isolated name as it is."""
    return found[0] if found[2] else _escaped(found[0])


def _escaped(control: str) -> str:
    """The control character first in `control` as `\\x1b` (C0: JSON escapes those itself), or `\\u009b`
    (DEL, C1 and the bidirectional ones, which JSON leaves raw: so a JSON string stays JSON); what follows
    it as it is."""
    code = ord(control[0])
    return (f"\\x{code:02x}" if code < 0x20 else f"\\u{code:04x}") + control[1:]


class OutputFailed(Exception):
    """Writing what the command prints failed (`error`: a full disk, a closed pipe): the command did its
    part, its output could not be delivered. Told apart from a bug's OSError where the write is made."""

    def __init__(self, error: OSError, stream: Any) -> None:
        super().__init__(error)
        self.error = error
        self.stream = stream  # the stream that failed

    @property
    def reader_left(self) -> bool:
        """The reader closed the pipe (`sheet | head -1`): it has all it wanted."""
        return self.error.errno == errno.EPIPE


class Delivering:
    """A stream whose failed writes raise `OutputFailed`, whoever writes (rich writes past `Escaping`)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, text: Any) -> int:
        try:
            return int(self.stream.write(text))
        except OSError as error:
            raise OutputFailed(error, self.stream) from error

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as error:
            raise OutputFailed(error, self.stream) from error

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class Escaping:
    """A text stream that writes control characters escaped (`printable`): whatever a command prints, a
    name or title from the command line or from someone else's file never drives the terminal.
    `typed` is the stream beneath, for rich, which escapes the texts it lays out itself (`console`)."""

    def __init__(self, stream: Any) -> None:
        self.typed = Delivering(stream)

    def write(self, text: Any) -> int:
        return self.typed.write(printable(text, styles=True) if isinstance(text, str) else text)

    def flush(self) -> None:
        self.typed.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.typed, name)


def output_failed(failed: OutputFailed) -> int:
    """A command whose output failed, which stored nothing: nothing more is written to it (`silence`). A
    reader that left is no failure: `sheet | head -1` exits 0 and says nothing (the reader took what it
    wanted; a script under `set -o pipefail` must not fail for it). Any other failure (a full disk) is one
    line on stderr, `Exit.OUTPUT`."""
    silence(failed)
    if failed.reader_left:
        return Exit.DONE
    from scorekeeper.i18n import text

    with suppress(OutputFailed):  # stderr may be as full as stdout
        say(text("cli.mistake", error=text("cli.output_failed", problem=problem(failed.error))))
    return Exit.OUTPUT


def silence(failed: OutputFailed) -> None:
    """Nothing more is written to the stream that failed (`to_null`)."""
    to_null(failed.stream)


def to_null(stream: Any) -> None:
    """What `stream` still buffers, and whatever is written to it after, goes to the null device (Python's
    advice for a closed pipe), so that the exit does not fail again flushing it."""
    with suppress(OSError, ValueError, AttributeError):  # a stream with no file (a test's) keeps what it has
        fd, devnull = stream.fileno(), os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, fd)
        finally:
            os.close(devnull)


def width() -> int | None:
    """The width rich should draw at where it would read one it cannot draw at (`COLUMNS=0` drew nothing):
    the terminal's, as `shutil` finds it, else rich's own 80; None where rich reads the width well."""
    columns = os.environ.get("COLUMNS", "")
    if not (columns.isascii() and columns.isdigit()) or int(columns) > 0:
        return None
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


def utf8(word: str) -> bool:
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def at_a_terminal() -> bool:
    """Whether a person can answer: standard input is a terminal (not a script, a pipe, a file)."""
    return sys.stdin.isatty()


def confirm(question: str, option: str) -> None:
    """`question` asked before a change, at a terminal (a no aborts); without one nothing asks: what the
    next line of a script says is no answer. Refused there, naming the `option` that says yes beforehand."""
    if not at_a_terminal():
        raise UserError("needs_terminal", question=" ".join(question.split()), option=option)
    from scorekeeper.i18n import spoken, text
    from scorekeeper.players import fold_name

    answers = spoken().words.get("answers", {})
    yes, no = ({fold_name(word) for word in answers.get(kind, ())} for kind in ("confirm_yes", "confirm_no"))
    while True:  # the language's own answers (`[o/N]`: o, oui, n, non), asked again until one is given
        said = click.prompt(text("cli.confirm", question=question), "", show_default=False, err=True, prompt_suffix=" ")
        folded = fold_name(str(said).strip())
        if folded in yes:
            return
        if not folded or folded in no:
            raise click.Abort
        click.echo(
            text("cli.confirm_again", answers=(*answers.get("confirm_yes", ()), *answers.get("confirm_no", ()))),
            err=True,
        )


def fail(message: str, code: int = Exit.MISTAKE) -> int:
    say(message)
    return code


def json_mistake(key: str, text: str, rule: str | None) -> None:
    """A mistake as JSON on stdout, for a command given `--json`: `{"error": {"key", "text", "rule"}}`,
    `text` on one line as `say` writes it, escaped as `Escaping` escapes it (whether or not it is in place)."""
    import json  # only a mistake under --json pays for it

    error = {"key": key, "text": " ".join(text.splitlines()), "rule": rule}
    click.echo(printable(json.dumps({"error": error}, ensure_ascii=False, indent=2)))


def say(message: str) -> None:
    """`message` on stderr, on one line. Stderr is the last place anything can be said: where it fails
    (closed, `2>&-`, or a file open only for reading, as a shell's wrapper may leave it), the line is
    lost and the command's exit code still tells what happened, never a traceback."""
    # One line, even for a name or path with a line break; escaped before click, which would strip a
    # name's `ESC [8m` off a pipe, and may write past `Escaping` to a stream it finds misconfigured.
    try:
        click.echo(printable(" ".join(message.splitlines())), err=True)
    except OutputFailed as failed:
        silence(failed)
    except OSError as error:  # before the command's run, stderr is not yet behind `Delivering`
        silence(OutputFailed(error, sys.stderr))


@contextmanager
def escaping() -> Iterator[None]:
    """A command's run: its output in letters where symbols cannot go, and through `Escaping`; the
    streams as they were after it."""
    letters_where_symbols_cannot_go()
    streams = sys.stdout, sys.stderr
    # None: Python found the stream closed at start (`>&-`); it stays None, as every writer expects
    sys.stdout, sys.stderr = (None if stream is None else Escaping(stream) for stream in streams)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = streams


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
    if re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f]", words):
        console().print(words, markup=False)
        return
    from scorekeeper.cli.grid import prose

    out = getattr(sys.stdout, "typed", sys.stdout)
    out.write(printable("\n".join(prose(words.split("\n"), console_width()))) + "\n")


def console_width() -> int:
    """The width rich's console draws plain words at (`console()`; rich's `Console.size` on this system):
    `terminal.width` where it gives one, 80 at a dumb terminal, else a standard stream's terminal size,
    COLUMNS first, 80 where none is known."""
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


class Out:
    """The one object a command writes through (`out`), whatever it writes: a line or lines of its own
    (`line`), words broken at the width (`words`), text already laid out (`write`: a page, a script), a
    table or a text rich lays out (`show`), JSON (`json`), and a line on standard error (`say`). Each
    writes to the standard stream in place at the call, which a command's run puts behind `Escaping`
    (`escaping`): whichever way, nothing typed drives the terminal, a closed stream takes nothing, a
    failed write is `OutputFailed`. No other module of the command line prints (tests/cli/test_output.py)."""

    def line(self, *texts: str, end: str = "\n", flush: bool = False) -> None:
        """`texts` on standard output, as `print` writes them; nothing where it was closed at start."""
        print(*texts, end=end, flush=flush)

    def lines(self, lines: Iterable[str], flush: bool = False) -> None:
        """Each of `lines` on a line of its own."""
        self.line("\n".join(lines), flush=flush)

    def write(self, text: str) -> None:
        """`text` as it is, its line breaks its own (a page, a completion script, a fix list)."""
        if sys.stdout is not None:
            sys.stdout.write(text)

    def words(self, words: str) -> None:
        """Plain words broken between words at the width rich would draw at (`print_words`)."""
        print_words(words)

    def show(self, *shown: Any, **options: Any) -> None:
        """A table, or words rich lays out (`console`): text as typed, never markup."""
        console().print(*shown, **options)

    def json(self, data: Any) -> None:
        """`data` as the JSON of `--json` (`print_json`): stable keys, cards in ASCII."""
        print_json(data)

    def say(self, message: str) -> None:
        """`message` on standard error, on one line (`say`)."""
        say(message)

    def err(self, text: str) -> None:
        """`text` on standard error, its lines as they are (the table's refusals, broken at the width)."""
        print(text, file=sys.stderr)


out = Out()
