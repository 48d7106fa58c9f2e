"""The prompt of `scorekeeper table` at a terminal (prompt_toolkit, imported only there): the line and
the questions, Tab's completion without case or accents (C-4), the history kept in the data folder.

The history is a convenience: it is kept only where that is safe (a plain file of the user's own, in the
data folder, 0600, never through a link, a FIFO or a folder); where it cannot be, the table says so once,
on stderr, and goes on without it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper import i18n, service, tomlfile
from scorekeeper.cli.terminal import out
from scorekeeper.i18n import render, text
from scorekeeper.players import fold_name

if TYPE_CHECKING:
    from scorekeeper.service.session import Session


class Terminal:
    """The prompt at a terminal (prompt_toolkit): completion, history in the data folder."""

    def __init__(self, session: Session, commands: tuple[str, ...]) -> None:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import FileHistory

        self.session = session
        self.commands = commands  # the words that run a command, offered first on a line
        keys = _tab()
        self.history = _history(FileHistory)
        self.prompt: Any = PromptSession(history=self.history, key_bindings=keys)
        self.answers: Any = PromptSession(key_bindings=keys)  # a question's answers are not lines to walk back to
        self.history.tell()

    def line(self, prompt: str) -> str:
        """The next line typed at the prompt (KeyboardInterrupt: Ctrl-C, EOFError: Ctrl-D)."""
        self.history.tell()  # a line the last prompt could not keep: said between prompts, not over one
        words = self.words()
        return str(self.prompt.prompt(prompt, completer=_completer(words)))

    def question(self, asked: Any) -> str | None:
        """The answer to a question (`asked`: a `games.Ask`, or None for the revanche); None when the
        table gives up on it: an empty answer, Ctrl-C or Ctrl-D."""
        if asked is None:
            prompt, choices = text("table.revanche_offer"), ()
        else:  # the question names its choices where they are few; Tab offers them all
            prompt, choices = render(asked.words), tuple(asked.choices)
        from scorekeeper.cli.render import layout

        prompt = "\n".join(layout.prose([prompt], layout.width_of() - 1))  # broken between words, not by the terminal
        try:
            answer = self.answers.prompt(f"{prompt} ", completer=_completer(lambda first: choices))
        except (KeyboardInterrupt, EOFError):
            return None
        answer = str(answer).strip()
        return answer or None

    def confirm(self, question: str) -> bool:
        """Whether the answer to `question` is a yes in the language's own words (`[answers] confirm_yes`:
        `o`, `oui`, `ja`); an empty answer, a no, Ctrl-C or Ctrl-D are a no."""
        from scorekeeper.cli.render import layout

        prompt = "\n".join(layout.prose([text("cli.confirm", question=question)], layout.width_of() - 1))
        try:
            answer = self.answers.prompt(f"{prompt} ")
        except (KeyboardInterrupt, EOFError):
            return False
        yes = i18n.spoken().words.get("answers", {}).get("confirm_yes", ())
        return fold_name(str(answer).strip()) in {fold_name(word) for word in yes}

    def words(self) -> Any:
        """What Tab offers in the state of the next coup: commands first on the line, then the coup's words."""
        session = self.session
        vocabulary = session.engine.vocabulary(session.state, i18n.spoken())
        said = tuple(word for key in ("players", "calls", "contracts", "cards") for word in vocabulary.get(key, ()))
        commands = self.commands

        def offered(first: bool) -> tuple[str, ...]:
            return (*said, *commands) if first else said

        return offered


def _tab() -> Any:
    """Tab puts in the one word that completes what was typed, even where the case or an accent differs
    (`ces` -> `César`, C-4), which prompt_toolkit's own Tab only offers in a menu; with several, the menu."""
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.key_binding import KeyBindings

    keys = KeyBindings()

    @keys.add("tab")
    def _(event: Any) -> None:
        buffer = event.current_buffer
        if buffer.complete_state is not None:
            buffer.complete_next()
            return
        found = (
            []
            if buffer.completer is None
            else list(buffer.completer.get_completions(buffer.document, CompleteEvent(completion_requested=True)))
        )
        if len(found) == 1:
            buffer.apply_completion(found[0])
        elif found:
            buffer.start_completion(insert_common_part=True)

    return keys


def _completer(words: Any) -> Any:
    """Tab's completions (prompt_toolkit's `Completer`): the words `words(first)` offers that begin as the
    word under the cursor does, without case or accents (C-4); `first`: it is the line's first word."""
    from prompt_toolkit.completion import Completer, Completion

    class Words(Completer):
        def get_completions(self, document: Any, event: Any) -> Any:
            typed = document.get_word_before_cursor(WORD=True)
            first = not document.text_before_cursor[: len(document.text_before_cursor) - len(typed)].strip()
            wanted = fold_name(typed)
            for word in dict.fromkeys(words(first)):
                if fold_name(word).startswith(wanted):
                    yield Completion(word, start_position=-len(typed))

    return Words()


HISTORY_READ = 1 << 20  # bytes: the last lines typed are enough to walk back through; a huge file is not read whole


class Unsafe(Exception):
    """The history's path is not a plain file of the user's own: a link, a FIFO, a folder, a device, a file
    with another name elsewhere (a hard link) or another user's."""


def _history(base: Any) -> Any:
    """The table's history, kept in the data folder where that is safe (`base`: prompt_toolkit's FileHistory,
    whose format it keeps); else in memory, said once (`tell`)."""

    class Kept(base):  # type: ignore[misc,valid-type]
        def __init__(self) -> None:
            self.trouble: str | None = None  # why the lines are not kept, until it is said
            self.told = False
            try:
                self.path = service.history_file()
            except OSError as error:  # no data folder, and none can be made
                self.path = Path("table_history")
                self._failed(error)
            super().__init__(str(self.path))
            self.strings: list[str] = [] if self.trouble else self._read()

        def load_history_strings(self) -> Any:
            return reversed(self.strings)

        def store_string(self, string: str) -> None:
            if self.trouble is not None:
                return
            import datetime

            entry = f"\n# {datetime.datetime.now()}\n" + "".join(f"+{line}\n" for line in string.split("\n"))
            try:
                fd = self._open(os.O_WRONLY | os.O_APPEND | os.O_CREAT)
                with os.fdopen(fd, "ab") as kept:
                    kept.write(entry.encode("utf-8"))
            except (OSError, Unsafe) as error:
                self._failed(error)

        def tell(self) -> None:
            """Why the lines typed are not kept, said once, on stderr."""
            if self.trouble is not None and not self.told:
                self.told = True
                out.say(self.trouble)

        def _read(self) -> list[str]:
            """The lines kept, oldest first: FileHistory's format (`+` before each line of an entry)."""
            try:
                fd = self._open(os.O_RDONLY)
            except FileNotFoundError:
                return []
            except (OSError, Unsafe) as error:
                self._failed(error)
                return []
            with os.fdopen(fd, "rb") as kept:
                size = os.fstat(kept.fileno()).st_size
                if size > HISTORY_READ:
                    kept.seek(size - HISTORY_READ)
                    kept.readline()  # the rest of a line cut in two
                lines = kept.read().decode("utf-8", errors="replace").split("\n")
            strings: list[list[str]] = [[]]
            for line in lines:
                if line.startswith("+"):
                    strings[-1].append(line[1:])
                elif strings[-1]:
                    strings.append([])
            return ["\n".join(entry) for entry in strings if entry]

        def _open(self, flags: int) -> int:
            """The history opened, never through a link nor waiting on a FIFO; refused unless a plain file of
            the user's own; made 0600 (a new one is created so, an older one is narrowed to it)."""
            fd = os.open(self.path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o600)
            try:
                found = os.fstat(fd)
                if not stat.S_ISREG(found.st_mode) or found.st_nlink != 1 or found.st_uid != os.getuid():
                    raise Unsafe
                if found.st_mode & 0o077:
                    os.fchmod(fd, 0o600)
                os.set_blocking(fd, True)
            except BaseException:
                os.close(fd)
                raise
            return fd

        def _failed(self, error: BaseException) -> None:
            unsafe = isinstance(error, Unsafe) or _not_a_plain_file(self.path)
            if unsafe:
                self.trouble = text("table.history_unsafe", path=str(self.path))
            else:
                reason = render(tomlfile.system_reason(error)) if isinstance(error, OSError) else str(error)
                self.trouble = text("table.history_unusable", path=str(self.path), reason=reason)
            self.strings = []

    return Kept()


def _not_a_plain_file(path: Path) -> bool:
    """Whether `path` is there and not a plain file (a link, a FIFO, a folder: `O_NOFOLLOW`'s ELOOP, a
    FIFO's ENXIO and a folder's EISDIR say it in their own words)."""
    try:
        return not stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False
