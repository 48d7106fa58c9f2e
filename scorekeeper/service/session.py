"""The open game of `scorekeeper table`: its ledger, the state after its entries, and its file as we left it.

A command reads the whole game and replays it; a table open all evening must not. The session keeps
the state the engine left after the last entry, so that a coup is one `advance` on it, and the game's
file as it stood after our own write (its `stat`). Each entry is still stored at once, durably (the
store's atomic write, under the game's lock): a crash loses nothing said. Before each write the file
is compared with the one we wrote; if another command changed it meanwhile (an `undo` in another
terminal, an `edit`), the game is read and replayed again first, and the coup goes on from there.

The demo's partie, its first coup at the table, its second said by another command:

>>> import os, tempfile
>>> from scorekeeper import games, service
>>> saved, os.environ["SCOREKEEPER_HOME"] = os.environ.get("SCOREKEEPER_HOME"), tempfile.mkdtemp()
>>> script = games.demo()
>>> game = service.new(script.RULESET, list(script.PLAYERS))
>>> table = Session(game.name)
>>> table.add(script.COUPS[0]).scores
(11, 0)
>>> service.add(game.name, script.COUPS[1]).scores  # another command
(11, 14)
>>> table.add(script.COUPS[2]).scores, table.reloaded
((14, 14), True)
>>> os.environ.pop("SCOREKEEPER_HOME") and saved and os.environ.update(SCOREKEEPER_HOME=saved)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, NamedTuple

from scorekeeper import games, store
from scorekeeper.errors import UserError
from scorekeeper.games.contract import Game
from scorekeeper.games.line import Ask
from scorekeeper.language import Language
from scorekeeper.rulesets import Ruleset
from scorekeeper.service import entries, reads, tables
from scorekeeper.store import Ledger

# The longest line a table reads, in characters (`table`, the entry page of `serve`): a coup is a short line,
# and a 10 MB word would take seconds to refuse and be quoted whole.
LONGEST = 4096


class Attempt(NamedTuple):
    """A coup tried at the table: the sheet after it once stored (`fiche`), else what it lacks (`question`);
    and, when asked for, the coup as the short line writes it, read in the state before it (`said`)."""

    fiche: Any
    question: Ask | None
    said: str = ""


class Session:
    """One game held open: `ledger` as stored, `state` after its entries (the engine's, taken over by
    each `advance`), and `stamp`, its file's identity after the last write this session made or saw."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.reloaded = False  # the last `add` found the file changed by another command, and read it again
        self.looked: Any = None  # the games folder as `revanche` last looked at it
        self.load()

    def load(self) -> None:
        """Read the game and replay it: at the opening, and whenever another command changed it."""
        self.ledger: Ledger = store.read(self.name)
        self.name = self.ledger.name
        self.ruleset: Ruleset = reads.ruleset_of(self.ledger)
        self.engine: Game = games.engine(self.ruleset)
        coups = reads.said(self.ledger.coups)
        self.state: Any = games.state_after(self.ruleset, self.ledger.players, self.ledger.dealer, coups)
        self.stamp = _stamp(self.name)
        self.current: Any = None  # the sheet of `state`, once asked (`fiche`)

    def changed(self) -> bool:
        """Whether the game's file is no longer the one this session read or wrote."""
        return _stamp(self.name) != self.stamp

    def refresh(self) -> bool:
        """Read the game again if another command changed it (after `undo`, `adjust`, `note`...); whether it did."""
        if self.changed():
            self.load()
            return True
        return False

    def fiche(self) -> Any:
        """The sheet as it stands: read from the state, no replay; kept until the state changes (the
        table asks it three or four times a coup, and it copies every coup's line: issue 28)."""
        if self.current is None:
            self.current = self.engine.fiche(self.state)
        return self.current

    def read(self, line: str, language: Language, asked: str | None = None) -> dict[str, Any]:
        """The declaration a short line (or an answer to a question about field `asked`) says, in the
        state before it: a line that opens with `{` is one `{...}` entry, else its words."""
        words = [line.strip()] if line.lstrip().startswith("{") else line.split()
        read: dict[str, Any] = self.engine.read_line(self.state, words, language, asked=asked)
        return read

    def ended(self) -> bool:
        """Whether the partie is over (M-9) or was stopped by agreement (`stop`): no coup comes after it."""
        return bool(self.fiche().over) or self.ledger.stopped is not None

    def check_open(self) -> None:
        """Refuse a coup once the partie is over or stopped: what comes next is a revanche (M-9)."""
        if self.ended():
            raise UserError("table_partie_over", name=self.name)

    def check_answer(self, answer: str, asked: Ask, language: Language, line: str = "") -> None:
        """Refuse an answer that does not say what was asked (a name to `Retourne ?`), naming the question.
        An answer that says it only after the `line` it answers (« dix » after « à carreau César 40 »: the
        card turned, M-5) is read with it."""
        field = asked.field.partition(":")[0]
        try:
            said = self.read(answer, language, asked.field)
        except UserError:
            if not line:
                raise
            said = self.read(f"{line} {answer}", language, asked.field)
        if field not in said and not (field == "taker" and "bid" in said):
            raise UserError("table_not_an_answer", answer=answer, question=asked.words)

    def attempt(self, declared: Mapping[str, Any], line: str, language: Language, echo: bool = False) -> Attempt:
        """Store `declared` (read from `line`) if it is whole, else say what it lacks as a question, nothing
        stored; a refusal that no question answers is raised. `echo`: the coup as the short line writes
        it (the line as typed where it is refused anyway), read before it is stored."""
        said = ""
        if echo:
            try:
                said = self.engine.write_line(self.state, declared, language)
            except UserError:
                said = " ".join(line.split())
        try:
            return Attempt(self.add(declared), None, said)
        except UserError as error:
            asked: Ask | None = self.engine.ask(self.state, declared, error, language)
            if asked is None:
                raise
            return Attempt(None, asked, said)

    def revanche(self) -> str | None:
        """Once the partie is over, the game since made as its revanche (`again`, at the terminal too), else
        None; the games folder is searched only when it changed (a game made or written)."""
        if not self.ended():
            return None
        folder = _stamp_of(store.games_dir())
        if folder == self.looked:
            return None
        self.looked = folder
        return store.revanche(self.name)

    def free(self) -> bool:
        """Whether the game can be written now, never waiting (another command may hold its lock)."""
        return store.free(self.name)

    def waiting(self, seconds: float) -> Any:
        """For a while, a write waits at most `seconds` for another command's lock before the game is busy."""
        return store.waiting(seconds)

    def add(self, declared: Mapping[str, Any]) -> Any:
        """Store the next entry and return the sheet after it: one `advance` on the state, then the durable
        write. Refused (nothing written, the state as it was) as `service.add` refuses it."""
        tables.refuse_frozen(self.name)
        with store.locked(self.name):
            self.reloaded = self.changed()
            if self.reloaded:
                self.load()
            self.current = None  # the state is `advance`'s now, whatever it decides
            self.state, after = entries.append(self.ledger, self.ruleset, self.state, declared)
            self.current = after
            try:
                store.write(self.ledger)
            except BaseException:  # not stored (a full disk, say): the session goes back to what the file holds
                self.load()
                raise
            self.stamp = _stamp(self.name)
        return after


def _stamp(name: str) -> tuple[int, int, int] | None:
    """What tells one version of the game's file from another: every write replaces the file (a new
    inode), and a write in place changes its time or size; None when the file is gone."""
    return _stamp_of(store.path_of(name))


def _stamp_of(path: Any) -> tuple[int, int, int] | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_ino, found.st_mtime_ns, found.st_size
