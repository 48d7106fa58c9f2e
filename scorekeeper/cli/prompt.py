"""The prompt of `scorekeeper table` at a terminal (prompt_toolkit, imported only there): the line and
the questions, Tab's completion without case or accents (C-4), the history kept in the data folder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper import i18n, service
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
        self.prompt: Any = PromptSession(history=FileHistory(str(service.history_file())), key_bindings=keys)
        self.answers: Any = PromptSession(key_bindings=keys)  # a question's answers are not lines to walk back to

    def line(self, prompt: str) -> str:
        """The next line typed at the prompt (KeyboardInterrupt: Ctrl-C, EOFError: Ctrl-D)."""
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
