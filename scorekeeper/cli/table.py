"""`scorekeeper table`: the game kept open at the table, a coup in one short line.

At a terminal: the fiche, a status line (who deals and leads, what the next coup carries and is said
with) and a prompt. A line is a coup in the short line of the game (`engine.read_line`); what it
lacks is asked, one question at a time (`engine.ask`), and nothing is stored until the coup is whole.
A line that starts with a command's word (`undo`, `annule`, `sheet`, `explain 3`...) runs that
command in this process, on this game. Tab completes names typed without accents, cards, contracts,
calls and commands; the arrows walk the history, kept in the data folder (`cli.prompt`).

Fed by a pipe or a file (`scorekeeper table < partie.txt`): the same lines, no prompt, no question,
no colour, read in the language the first line names (`# lang: nl`), else the game's own, unless
`--lang` is given (C-2); one result line a coup; a refused line is told on stderr with its number and the table goes
on: a line that is not UTF-8 text, or longer than `LONGEST` characters (read no further than that), a
line that would ask (`demo` with a demo stored: `--yes` says it beforehand) or read standard input,
which holds the script. An output that fails (`| head -1`, `> /dev/full`) never stops the storing: the
whole script is played, then stderr says how many lines were stored and at which the output failed.
Exit code 2 if any line was refused, else 3 (`Exit.OUTPUT`) if the output failed, else 0.

A coup is one `advance` on the state the session holds (`scorekeeper.service.session`), then the store's
durable write: no replay, however long the game. prompt_toolkit is imported only at a terminal.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import re
import shlex
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

import typer

from scorekeeper import i18n, rulesets, service
from scorekeeper.cli import complete, current
from scorekeeper.cli.current import pick
from scorekeeper.cli.language import file_language, flagged, named_in, told_by_the_table
from scorekeeper.cli.options import examples_of
from scorekeeper.cli.render import Drawing, detail_lines, short_status, status, table_lines
from scorekeeper.cli.terminal import OutputFailed, out, problem, to_null
from scorekeeper.errors import Exit, UserError
from scorekeeper.games.line import comment_mark
from scorekeeper.i18n import render, text
from scorekeeper.i18n.rulebook import described
from scorekeeper.language import Language, codes
from scorekeeper.players import fold_name
from scorekeeper.present.said import at_the_table
from scorekeeper.service.session import LONGEST, Session

if TYPE_CHECKING:
    from scorekeeper.cli.prompt import Terminal

app = typer.Typer(add_completion=False, rich_markup_mode=None)

# The longest line the table reads is the session's (`LONGEST`); a longer line is refused, quoting its start.
QUOTED = 60
# The commands after which the table draws the fiche again: they change a row above the last one.
REDRAWN = frozenset({"edit", "adjust", "note", "insert", "delete", "fix"})

# The table's own words and the commands it runs (`[table]` of each language's words file), each a word
# or a phrase (`qui donne`, `annule le dernier coup`), folded word by word.
_WORDS: dict[tuple[str, ...], str] = {}
# The punctuation a word said at the table may carry (« le score ? », « on arrête là. »), which no
# command word has; the apostrophe of « on s'arrête » is a letter of its word.
PUNCTUATION = '.,;:!?¿¡…«»"“”'


def folded_word(word: str) -> str:
    """A word of the table's talk as compared (C-4: `vérifie` is `verifie`): folded, its punctuation at
    either end dropped, the typographic apostrophe as the typed one.

    >>> folded_word("Score?"), folded_word("Là."), folded_word("s’arrête"), folded_word("?")
    ('score', 'la', "s'arrete", '')
    """
    return fold_name(word.replace("\u2019", "'")).strip(PUNCTUATION).strip()


def table_phrases() -> dict[tuple[str, ...], str]:
    """What each word or phrase of the table asks for, folded word by word, in every language whatever
    the language spoken."""
    if not _WORDS:
        for code in codes():
            for what, words in Language.named(code).words.get("table", {}).items():
                for word in words:
                    said = tuple(filter(None, map(folded_word, word.split())))
                    _WORDS.setdefault(said, what)
    return _WORDS


def table_words() -> dict[str, str]:
    """The one-word words of the table and the commands it runs, folded: the phrases' first words are
    no words a Tab offers alone."""
    return {said[0]: what for said, what in table_phrases().items() if len(said) == 1}


@app.command(help=text("help.table"), epilog=examples_of("table"))
def table(
    ruleset: str = typer.Argument(None, help=text("help.table.ruleset"), autocompletion=complete.ruleset_names),
    player: list[str] = typer.Option([], "--player", "-p", help=text("help.new.player")),
    game_name: str = typer.Option(
        None, "--game", "-g", help=text("help.table.game"), autocompletion=complete.game_names
    ),
    dealer: str = typer.Option(None, "--dealer", help=text("help.new.dealer")),
    option: list[str] = typer.Option([], "--option", "-o", help=text("help.new.option")),
) -> int:
    import gc

    gc.enable()  # a table stays open all evening: its garbage is collected, unlike a command's (`cli.main`)
    made = None
    if ruleset is not None:
        if not player:
            raise UserError("new_needs", what="--player")
        options = dict(rulesets.parse_option(each) for each in option)
        made = service.new(ruleset, player, dealer=dealer, options=options, name=game_name, lang=i18n.spoken().code)
        name = pick(made.name)
    elif player or dealer is not None or option:
        raise UserError("table_new_needs_ruleset")
    else:
        name = pick(game_name)
    session = Session(name)
    if sys.stdin is None:  # started with standard input closed (`<&-`): a script of no line
        sys.stdin = io.StringIO()
    sitting = Table(session, _terminal(session) if sys.stdin.isatty() else None)
    if made is not None:
        title = described(service.ruleset_of(made))[0]
        sitting.say(text("cli.new_game", name=made.name, title=title, players=made.players))
    return sitting.run_script(sys.stdin) if sitting.terminal is None else sitting.run_terminal()


class Table:
    """The lines of one sitting, whether typed at a terminal (`terminal`) or read from a script (None)."""

    def __init__(self, session: Session, terminal: Terminal | None) -> None:
        self.session = session
        self.terminal = terminal
        self.refused = 0
        self.stored = 0  # the lines that stored something: a coup, a command that changed the game
        self.needs_said = ""
        self.told_again = False  # that a refused answer is asked again, said once a table
        self.drawing: Drawing | None = None  # the fiche as on the screen: its layout, its columns' widths
        self.reads: Language | None = None  # a script's language (C-2: `file_language`); else the one spoken
        self.lang_given = flagged()  # whether its user said `--lang`: its commands read their files in it (C-2)

    # --- the two ways in ------------------------------------------------------------------------

    def run_terminal(self) -> int:
        assert self.terminal is not None
        self.command("sheet", [])  # the fiche and its status line
        self.say(text("table.opened", name=self.session.name))
        self.show_needs()
        while True:
            try:
                fiche = self.session.fiche()  # a partie over asks for a revanche or to leave, not for a coup (M-9)
                over = self.session.ended()
                prompt = text("table.prompt_over") if over else text("table.prompt", number=len(fiche.coups) + 1)
                line = self.terminal.line(prompt)
            except KeyboardInterrupt:
                continue
            except EOFError:
                break
            try:
                if not self.take(line):
                    break
            except UserError as error:
                self.say(text("table.refused", error=at_the_table(error, self.session.ledger.players)))
        self.say(text("table.closed", name=self.session.name, status=short_status(self.session.fiche())))
        return Exit.DONE

    def run_script(self, stream: Any) -> int:
        """The lines of `stream`, in order, to its end or `quit`; its output written through `Output`, so
        that an output that fails stops nothing (what a line stored stays stored, and the next lines are
        played as well), and said once at the end, with the line it failed at."""
        written, told = Output(sys.stdout), Output(sys.stderr)
        with _streams(written, told):
            for number, line in script_lines(stream):
                written.failure.line = told.failure.line = number
                if number == 1:  # a byte-order mark, which an editor may write, is no word of the first line
                    line = line.removeprefix("\ufeff")
                    if not self.read_in(line):
                        break
                try:
                    if not self.take(line, number):
                        break
                except UserError as error:
                    self.refused += 1
                    said = at_the_table(error, self.session.ledger.players)
                    out.err(text("table.line_refused", number=number, error=said))
                written.flush()  # each line's output now: a failure is told at its line
            failed = written.failure
            if failed.at is not None:  # said on stderr, which may have failed too (`2>&1 | head -1`)
                out.err(text("table.output_failed", count=self.stored, line=failed.at, problem=failed.problem))
        if self.refused:
            return Exit.MISTAKE
        return Exit.DONE if failed.at is None else Exit.OUTPUT

    def read_in(self, first: str) -> bool:
        """Read the script in the language its first line names, else the game's own (C-2: `file_language`);
        False when that line names a language not spoken here: no line of it is played, in another."""
        try:
            _check_text(first)
            self.reads = file_language(first, lambda: self.session.ledger.lang)  # the game held open: its file is read
        except UserError as error:
            self.refused += 1
            out.err(text("table.line_refused", number=1, error=at_the_table(error, self.session.ledger.players)))
            return False
        return True

    # --- a line ---------------------------------------------------------------------------------

    def take(self, line: str, number: int | None = None) -> bool:
        """One line: a coup, a command, or nothing (blank, a comment: `#` and a space, or `#` alone; `#1
        40 7s` is a coup of a player `#1`). False when it closes the table."""
        _check_length(line)
        words = line.split()
        if number is not None and number > 1 and (named := named_in(line)) is not None:  # two scripts joined
            raise UserError("second_lang_line", "C-2", named=named)
        if not words or comment_mark(line.strip(), 0):  # a comment may say anything, in any encoding
            return True
        _check_text(line)
        found = self.dispatch(line)
        if found is None:
            self.coup(line)
            return True
        what, said, args = found
        if what == "quit":
            return False
        if what == "help":
            session = self.session
            examples = session.engine.examples(session.state, i18n.spoken())
            self.say(text("table.help", examples=" · ".join(examples)))
        elif what == "explain":
            self.explain(args)
        elif what == "revanche":
            self.revanche()
        elif what in ("deals", "status"):
            self.tell(what, said, args)
        elif what == "stop" and not (args and args[0].startswith("-")):  # not `stop --reason …`, the command's
            self.stop(" ".join(args), number)
        else:
            self.command(what, args, number, said=said)
        return True

    def dispatch(self, line: str) -> tuple[str, str, list[str]] | None:
        """What a line asks for (`said`), the words that say it as typed, and the words after them as it
        takes them; None for a coup. A note is said without quotes (`note 3 il a dit passe`: its number
        and its text); the reason to stop, as said (« on arrête là, il est tard »); any other command's
        words without the punctuation a spoken word ends with (« supprime le coup 4. »)."""
        found = self.said(line)
        if found is None:
            return None
        what, said, rest = found
        if what in ("explain", "deals", "status"):
            return what, said, _plain_args(rest.split())
        if what == "stop" and not rest.startswith("-"):  # `stop --reason …`: the command line's own way
            reason = rest.strip(PUNCTUATION + " ")
            return what, said, [reason] if reason else []
        if what in ("quit", "help", "revanche"):
            return what, said, rest.split()
        try:
            args = shlex.split(rest)
        except ValueError as error:  # an unclosed quote
            raise UserError("table_bad_quotes", reason=str(error)) from None
        if what == "note" and args and not args[0].startswith("-"):  # a note is said without quotes
            numbered = args[0].isascii() and args[0].isdigit() and len(args) > 1
            return what, said, [*args[:1], " ".join(args[1:])] if numbered else [" ".join(args)]
        return what, said, args if what == "stop" else _plain_args(args)

    def tell(self, what: str, said: str, args: list[str]) -> None:
        """« qui donne ? » (`deals`): where the partie stands, who deals and leads next and what the next
        coup is said with; « le score ? » (`status`): where it stands. Both are questions: a word after
        them is no part of them (« le score de César » is no question the table answers)."""
        if args:
            raise UserError("table_says_nothing_more", word=said, extra=" ".join(args))
        self.say(status(self.session.fiche()))
        if what == "deals" and not self.session.ended():
            session = self.session
            needs = session.engine.needs(session.state)
            if needs:
                self.say(text("table.needs", needs=needs))

    def stop(self, reason: str, number: int | None) -> None:
        """« on arrête là » (`stop`): the partie ended by agreement (`scorekeeper stop`), on the score it
        stands at, for the reason said after it, else the table's (`table.stop_reason`); asked to confirm
        at a terminal (a no, or an empty answer, stops nothing), said at once in a script."""
        reason = reason or text("table.stop_reason")
        self.session.check_open()
        if self.terminal is not None:
            asked = text("table.stop_confirm", name=self.session.name)
            if not self.terminal.confirm(asked):
                self.say(text("table.stop_kept", name=self.session.name))
                return
        self.command("stop", ["--reason", reason], number)

    def said(self, line: str) -> tuple[str, str, str] | None:
        """What the line asks for, the words that say it as typed (for a refusal to quote), and the rest
        of the line after them; None for a coup.
        The table's words and phrases (`[table]` of the words files: `annule`, `qui donne ?`, `corrige le
        coup 3 …`, the longest that opens the line), and every command's name (`delete 3`, `stop`...),
        compared folded and without their punctuation. A player's name is never a command's word: a line
        whose words would be a phrase but for one that names a player is read as a shorter phrase, else
        as a coup (`Note` at the table says a coup of the player Note, C-4), as are the short line's own
        words, which no phrase opens with (`tests/cli/test_table_talk.py`)."""
        from scorekeeper.cli.app import COMMANDS

        spans = [(found.start(), folded_word(found.group())) for found in re.finditer(r"\S+", line)]
        spans = [(start, word) for start, word in spans if word]  # a lone `?`, `…` is no word
        if not spans:
            return None
        players = {fold_name(player) for player in self.session.ledger.players}
        phrases = table_phrases()
        longest = min(len(spans), max(map(len, phrases)))
        for count in range(longest, 0, -1):
            said = tuple(word for _, word in spans[:count])
            if players & set(said):
                continue
            what = phrases.get(said) or (said[0] if count == 1 and said[0] in COMMANDS and said[0] != "table" else None)
            if what is not None:
                rest = line[spans[count][0] :].strip() if count < len(spans) else ""
                typed = line[spans[0][0] : spans[count][0] if count < len(spans) else len(line)]
                return what, " ".join(typed.split()).strip(PUNCTUATION + " "), rest
        return None

    def answer_refused(self, wrong: UserError) -> None:
        """An answer refused: why, and, the first time at this table, that the question comes again and
        how to drop the coup instead."""
        self.say(text("table.refused", error=at_the_table(wrong, self.session.ledger.players)))
        if not self.told_again:
            self.told_again = True
            self.say(text("table.asked_again"))

    def drops(self, answer: str) -> bool:
        """Whether an answer to a question drops the coup: a word of the table's `undo` or `quit` (`annule`,
        `fin`, `stoppen`...), said instead of an answer."""
        found = self.said(answer)
        return found is not None and found[0] in ("undo", "quit", "stop")

    def coup(self, line: str) -> None:
        """A coup said in one line, completed by questions at a terminal; stored only once whole. An
        answer goes on the line (`7s` after `panisse 48`: the line is read again whole), so that what it
        says joins what the line said (the points of the others after `ana 20`, M-14). An answer that is
        refused, whether on its own or once the coup is tried with it (`70` points where 68 are played),
        is said refused with its reason and the same question is asked again, the coup as it stood before
        it: a coup said is dropped only when the player says so (`Terminal.question`: an empty answer,
        Ctrl-C, Ctrl-D, or a word of the table's `undo` or `quit`, `annule`, `fin`)."""
        session = self.session
        session.check_open()
        language = i18n.spoken()
        reads = self.reads or language  # a script's own language (C-2), else the one spoken
        declared = session.read(line, reads)
        asked: Any = None  # the question the last answer answered
        before = line, declared
        while True:
            try:
                attempt = session.attempt(declared, line, language, echo=self.terminal is None)
            except UserError as wrong:
                if asked is None:  # the line itself, no answer in it: refused as a line is
                    raise
                self.answer_refused(wrong)
                line, declared = before  # the coup as it stood: the same question again
            else:
                if attempt.question is None:
                    fiche, echo = attempt.fiche, attempt.said
                    self.stored += 1
                    break
                asked = attempt.question
                if self.terminal is None:  # a script asks nothing: what a line lacks refuses it
                    raise UserError("table_lacks", question=asked.words)
                before = line, declared
            while True:
                answer = self.terminal.question(asked)
                if answer is None or self.drops(answer):
                    self.say(text("table.abandoned"))
                    return
                try:
                    session.check_answer(answer, asked, reads, line)
                    declared = session.read(f"{line} {answer}", reads, asked.field)
                    line = f"{line} {answer}"
                    break
                except UserError as wrong:
                    self.answer_refused(wrong)
        if session.reloaded:
            self.say(text("table.reloaded", name=session.name))
        if self.terminal is None:
            out.line(text("table.result", number=len(fiche.coups), line=echo, status=status(fiche)))
            return
        # The new line, or the fiche realigned.
        lines, self.drawing = table_lines(fiche, False, self.drawing, noted=self.noted())
        out.lines(lines)
        self.say(*map(render, self.session.engine.announced(fiche.coups[-1])), status(fiche))
        if fiche.over:
            self.offer_revanche()
        else:
            self.show_needs()

    # --- what the table does itself --------------------------------------------------------------

    def explain(self, words: list[str]) -> None:
        """`explain N`: coup N in full and its calculation, line by line with its rule ids (`sheet --detail N`)."""
        fiche = self.session.fiche()
        if len(words) != 1 or not (words[0].isascii() and words[0].isdigit()):
            raise UserError("table_explain_needs_number")
        number = int(words[0])
        if not 1 <= number <= len(fiche.coups):
            raise UserError("no_coup", number=number, name=self.session.name, count=len(fiche.coups))
        out.lines(detail_lines(fiche, number, False))

    def revanche(self) -> None:
        """A revanche of this game (`service.again`): the table goes on with it."""
        made = service.again(self.session.name)
        self.stored += 1
        self.session = Session(made.name)
        self.say(text("table.revanche", name=made.name, dealer=made.dealer))
        self.needs_said = ""
        if self.terminal is not None:
            self.terminal.session = self.session
            self.show_status()

    def offer_revanche(self) -> None:
        assert self.terminal is not None
        answer = self.terminal.question(None)
        if answer is not None and any(Language.named(code).says_yes(fold_name(answer)) for code in codes()):
            self.revanche()  # a yes in any language: "yes", "oui"

    def say(self, *lines: str) -> None:
        """Lines of words: at a terminal, broken at its width between words (never inside a figure)."""
        if self.terminal is None:
            out.lines(lines)
            return
        from scorekeeper.cli.render import layout

        out.lines(layout.prose([part for line in lines for part in line.split("\n")], layout.width_of()))

    def show_status(self) -> None:
        self.say(status(self.session.fiche()))
        self.show_needs()

    def show_needs(self) -> None:
        session = self.session
        if not session.ended():
            needs = session.engine.needs(session.state)
            said = text("table.needs", needs=needs) if needs else ""
            if said and said != self.needs_said:  # said again only when it changes
                self.say(said)
            self.needs_said = said

    # --- the CLI's commands ----------------------------------------------------------------------

    def command(self, name: str, args: list[str], number: int | None = None, said: str | None = None) -> None:
        """Run `scorekeeper NAME ARGS` in this process, on this game, and read the game again if it
        changed. What it says on stderr is said here, a script's with its line number. A line its
        command would refuse as typed (`annule 2`) is refused here in the table's words, with the word
        `said` for the command, not as the command line's."""
        from scorekeeper.cli.app import app as scorekeeper

        typed, args = args, [*args]
        if "--game" in _options_of(name) and current.named(args) is None:
            args = ["--game", self.session.name, *args]  # first: an option said without its value takes no name
        if name == "check" and (not args or args[0].startswith("-")):
            args.insert(0, self.session.ledger.ruleset_name)  # the rules this table plays
        if said is not None:
            _check_usage(name, args, said, typed, self.example(name, said))
        told = io.StringIO()
        # A script's command reads no line of it: standard input holds the script (`_Script`).
        script = _Script() if self.terminal is None else sys.stdin
        from scorekeeper.cli import render as drawing

        drawing.ON_DEMAND[0] = "table.on_demand"  # `explique N`, not `sheet --detail N`
        try:
            speaking = told_by_the_table(i18n.spoken().code, self.lang_given)
            with contextlib.redirect_stderr(told), _streams(stdin=script), speaking as lang:
                code = scorekeeper([*lang, name, *args], "scorekeeper", standalone_mode=False)
        finally:
            drawing.ON_DEMAND[0] = "sheet_width.on_demand"
        mistake = text("cli.mistake", error="")  # `scorekeeper: `, the command line's, not the table's
        for said in told.getvalue().splitlines():
            said = said.removeprefix(mistake)
            if number is not None:
                out.err(text("table.line_said", number=number, said=said))
            else:  # at the terminal, broken between words at its width
                from scorekeeper.cli.render import layout

                out.err("\n".join(layout.prose([said], layout.width_of())))
        if code not in (Exit.DONE, Exit.RENONCE) and number is not None:
            self.refused += 1
        if self.session.refresh():
            self.stored += 1
            if self.terminal is not None:
                if name in REDRAWN:  # rows above the last changed: the fiche as it now stands
                    lines, self.drawing = table_lines(self.session.fiche(), False, None, noted=self.noted())
                    out.lines(lines)
                self.show_needs()
        if name == "sheet" and self.terminal is not None:  # the fiche as now on the screen
            self.drawing = table_lines(self.session.fiche(), False, None, noted=self.noted())[1]

    def example(self, name: str, said: str) -> str:
        """A line that runs command `name` as said (`said`), a coup's number after it and, for a command that
        says a coup (`edit`, `insert`), a coup of this game with its players (`engine.examples`)."""
        example = f"{said} {len(self.session.ledger.coups) or 1}"
        if name in ("edit", "insert"):
            session = self.session
            coups = session.engine.examples(session.state, i18n.spoken())
            example += f" {coups[0]}" if coups else ""
        return example

    def noted(self) -> frozenset[int]:
        """The numbers (from 1) of the entries that have a note: their rows wear its mark."""
        return frozenset(number for number, coup in enumerate(self.session.ledger.coups, 1) if "note" in coup)


def _plain_args(args: list[str]) -> list[str]:
    """The words after a command's as the command reads them: said at the table, a word may end with a
    full stop or a question mark (« supprime le coup 4. », « explique 3 ? »), which no number or card has.

    A value of several words (`--reason "une carte vue ?"`) is kept as said.

    >>> _plain_args(["4.", "?", "--contre", "César,", "vu ?"])
    ['4', '--contre', 'César', 'vu ?']
    """
    return [plain for plain in (arg if " " in arg else arg.rstrip(PUNCTUATION) for arg in args) if plain]


def _check_usage(name: str, args: list[str], said: str, typed: list[str], example: str) -> None:
    """Refuse, in the table's words, a line that command `name` (said `said`) would refuse as a usage
    mistake: `annule 2` (undo takes back the last entry and takes no number), an extra argument, a value
    of the wrong kind; said with the word typed and `aide`, never `scorekeeper undo` or `--help`, and
    with the words typed (`typed`), not the game's name the table adds to them (`--game`). A command that
    takes a coup's number and has none (`supprime`, `corrige le coup deux`) is shown one, `example`; one
    that says a coup again (`corrige 3`, `insère 2`) and says no coup is shown one too."""
    import click

    if any(arg in ("-h", "--help") for arg in args):
        return  # its help, printed by the command itself
    command = typer.main.get_command(import_module(f"scorekeeper.cli.{name}").app)
    try:
        command.make_context(said, [*args], resilient_parsing=False)
    except click.UsageError as error:
        param = getattr(error, "param", None)
        if param is not None and param.name == "number":
            raise UserError("table_needs_number", word=said, example=example) from None
        if param is not None and name == "note" and param.name == "words":  # `note` alone: what to note?
            raise UserError("table_note_needs_words", word=said) from None
        extra = [arg for arg in typed if not arg.startswith("-")]
        if name in ("undo", "redo") and extra:
            raise UserError(f"table_{name}_takes_nothing", word=said, extra=" ".join(extra)) from None
        message = " ".join(error.format_message().split())
        raise UserError("table_usage", word=said, message=message) from None
    except click.exceptions.Exit:  # an eager option printed what it prints: the command runs it again
        return
    if name in ("edit", "insert") and len(typed) == 1 and typed[0].isdigit():  # `corrige 3`: which coup?
        raise UserError("table_needs_the_coup", word=said, number=int(typed[0]), example=example)


def _options_of(name: str) -> set[str]:
    """The options command `name` takes, as typed (`--game`, `-g`...)."""
    command = typer.main.get_command(import_module(f"scorekeeper.cli.{name}").app)
    return {opt for param in command.params for opt in getattr(param, "opts", ())}


def _terminal(session: Session) -> Terminal:
    """The prompt at a terminal, offering first on a line the words that run a command."""
    from scorekeeper.cli.app import COMMANDS
    from scorekeeper.cli.prompt import Terminal

    return Terminal(session, tuple(sorted({*table_words(), *COMMANDS} - {"table"})))


def _check_length(line: str) -> None:
    """Refuse a line longer than `LONGEST`, quoting its start."""
    said = line.rstrip("\r\n")
    if len(said) > LONGEST:
        raise UserError("table_line_too_long", most=LONGEST, start=_shown(said[:QUOTED]))


def _check_text(line: str) -> None:
    """Refuse a line with bytes that are not text in the script's encoding (kept as surrogates by
    `script_lines`), quoted with those bytes as `\\xe9`."""
    if not line.isascii() and any("\udc80" <= char <= "\udcff" for char in line):
        raise UserError("table_not_text", line=_shown(line.rstrip("\r\n")[:QUOTED]))


def _shown(words: str) -> str:
    """`words` with the bytes a decoder could not read (surrogates) written as `\\xe9`."""
    return words.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def script_lines(stream: Any) -> Iterator[tuple[int, str]]:
    """The lines of a script, numbered from 1. Each is decoded on its own, bytes the encoding cannot read
    kept as surrogates, so that one line of another encoding is refused by its number (`_check_text`) and
    the rest is read; a line is held up to `LONGEST` + 1 characters, what follows it on its line passed
    over."""
    if hasattr(stream, "reconfigure"):
        stream.reconfigure(errors="surrogateescape")
    number = 0
    while line := stream.readline(LONGEST + 1):
        number += 1
        rest = line
        while rest and not rest.endswith("\n"):  # a line too long: the remainder, read and dropped
            rest = stream.readline(1 << 16)
        yield number, line


@dataclass(slots=True)
class Failure:
    """Where a script's output failed: the line being played (`line`), the first it failed at (`at`), why."""

    line: int = 0
    at: int | None = None
    problem: str = ""


class Output:
    """A script's output stream: a write that fails (a closed pipe, a full disk) is remembered in `failure`
    with the line it failed at and raises nothing; what is written after it goes nowhere."""

    def __init__(self, stream: Any, failure: Failure | None = None) -> None:
        self.stream = stream
        self.failure = Failure() if failure is None else failure

    def write(self, words: str) -> int:
        if self.failure.at is None:
            try:
                self.stream.write(words)
            # a closed file; None: closed at start; OutputFailed: the terminal's own guard beneath (`Delivering`)
            except (OSError, ValueError, AttributeError, OutputFailed) as error:
                self._broke(error)
        return len(words)

    def flush(self) -> None:
        if self.failure.at is None:
            try:
                self.stream.flush()
            except (OSError, ValueError, AttributeError, OutputFailed) as error:
                self._broke(error)

    @property
    def typed(self) -> Output:
        """The stream beneath the terminal's `Escaping`, where rich writes, guarded by the same failure."""
        return Output(self.stream.typed, self.failure)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)

    def _broke(self, error: Exception) -> None:
        closed = isinstance(error, AttributeError)  # the stream is None: Python found its file closed
        self.failure.at = self.failure.line
        self.failure.problem = problem(OSError(errno.EBADF, os.strerror(errno.EBADF)) if closed else error)
        to_null(self.stream)  # what it still holds would fail again when Python flushes it at exit


@contextlib.contextmanager
def _streams(stdout: Any = None, stderr: Any = None, stdin: Any = None) -> Iterator[None]:
    """sys's streams replaced by those given, for a while."""
    was = sys.stdout, sys.stderr, sys.stdin
    sys.stdout = was[0] if stdout is None else stdout
    sys.stderr = was[1] if stderr is None else stderr
    sys.stdin = was[2] if stdin is None else stdin
    try:
        yield
    finally:
        sys.stdout, sys.stderr, sys.stdin = was


class _Script(io.TextIOBase):
    """Standard input for a command run from a script: no terminal, nothing to read (it holds the script,
    whose next lines would be taken for an answer or a list: `fix --from -`)."""

    def isatty(self) -> bool:
        return False

    def read(self, size: int | None = -1) -> str:
        raise UserError("table_script_input")

    def readline(self, size: int | None = -1) -> str:
        raise UserError("table_script_input")
