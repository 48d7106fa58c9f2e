"""A game's entries: the next coup (`add`), an entry edited, inserted or deleted, the whole list fixed,
undo and redo, the settlement. Every check of a declaration is the engine's, made by replaying the
ledger with the change: the service computes no rule itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from scorekeeper import games, store, tomlfile
from scorekeeper.clock import now as now  # also `service.now`, as before the clock was its own module
from scorekeeper.errors import CoupRefused, UserError
from scorekeeper.explain import Record, record
from scorekeeper.games import contract
from scorekeeper.language import DEFAULT, Language
from scorekeeper.players import find_player
from scorekeeper.rulesets import Ruleset
from scorekeeper.service import history, tables
from scorekeeper.service.reads import ASIDE, keep_running, ruleset_of, running, said
from scorekeeper.store import Ledger


@contextmanager
def _changing(name: str) -> Iterator[Ledger]:
    """The game read under its lock for a change, refused first where it is a concours's table whose result
    a draw has used (T-7)."""
    tables.refuse_frozen(name)
    with store.changing(name) as game:
        yield game


def add(name: str, coup: Mapping[str, Any], words: Sequence[str] = (), language: Language | None = None) -> Any:
    """Declare the next coup, by options (`coup`) and the words of a short line (`words`, issue 16);
    refused (nothing written) if the table cannot have said it. A concours's table not stored yet is
    stored with its first coup, or, that coup refused, not at all (T-2)."""
    tables.refuse_frozen(name)
    first = tables.unmade(name)
    if first is not None:
        ruleset = ruleset_of(first)
        state = games.state_after(ruleset, first.players, first.dealer, [])
        _, after = append(first, ruleset, state, read_words(ruleset, state, coup, words, language))
        history.keep(first, after, games.engine(ruleset))
        try:
            store.create(first)
            return after
        except UserError as error:
            if error.key != "game_exists":
                raise  # made meanwhile by another command: the coup goes to the game stored
    with store.changing(name) as game:  # refuse_frozen said above (T-7): once a coup is enough
        ruleset = ruleset_of(game)
        # `after` is read for its last coup and figures alone: it may be partial (`reads.running`)
        state = running(game, ruleset, history.KEEP_UP_TO).state
        state, after = append(game, ruleset, state, read_words(ruleset, state, coup, words, language))
        history.keep(game, after, games.engine(ruleset))
    keep_running(game, ruleset, state, len(game.coups), history.KEEP_UP_TO)  # written: what the next coup goes on from
    return after


def append(game: Ledger, ruleset: Ruleset, state: Any, coup: Mapping[str, Any]) -> tuple[Any, Any]:
    """The next coup said to `game`, in `state` (the partie after its entries, which `advance` takes over):
    refused if the game was stopped (`stop`), the partie is over, or the table cannot have said it;
    else the ledger takes it with its time. Returns the state after it and its sheet. The caller writes."""
    if game.stopped is not None:
        raise UserError("game_stopped", name=game.name)
    engine = games.engine(ruleset)
    engine.check_open(state)
    state = engine.advance(state, coup)
    after = engine.fiche(state)
    stored = after.coups[-1].coup.to_dict()
    beyond = tomlfile.too_large(stored)
    if beyond is not None:  # written, it would make the whole file read as damaged (`Ledger.from_toml`)
        raise UserError("entry_too_large", key=beyond[0], most=tomlfile.MOST)
    game.add({**stored, "time": now()})
    return state, after


def read_words(
    ruleset: Ruleset, state: Any, declared: Mapping[str, Any], words: Sequence[str], language: Language | None = None
) -> dict[str, Any]:
    """The declaration of a coup said by options and in words (the short line, read in `state`, the
    partie before it, in `language`, English if none is given): a field said both ways is refused."""
    if not words:
        return dict(declared)
    spoken = games.engine(ruleset).read_line(state, words, language or Language.named(DEFAULT))
    both = sorted(set(spoken) & set(declared))
    if both:
        raise UserError("line_and_option", field=both[0])
    return {**spoken, **declared}


def edit(
    name: str,
    number: int,
    changes: Mapping[str, Any],
    drop_after: bool = False,
    words: Sequence[str] = (),
    language: Language | None = None,
) -> Any:
    """Replace what was declared for coup `number` (from 1), by options and in words (issue 16);
    everything after it is recomputed, refused or cut at the partie's new end (`drop_after`) as
    `delete_entry` is."""
    with _changing(name) as game:
        _check_number(game, number)
        coups = said(game.coups)
        changes = _read_before(game, coups, number, changes, words, language)
        declared = games.engine(ruleset_of(game)).merge(coups[number - 1], changes)
        change = record("step.edit", number=number)
        kept, after = _replayed(game, [*coups[: number - 1], declared, *coups[number:]], number - 1, change, drop_after)
        aside = {key: game.coups[number - 1][key] for key in ASIDE if key in game.coups[number - 1]}
        edited = {**after.coups[number - 1].coup.to_dict(), **aside}
        if kept == len(coups):
            game.edit(number - 1, edited)
        else:
            rest = game.coups[number:kept]
            game.splice(number - 1, len(coups) - number + 1, [edited, *rest], "edit", number, len(coups) - kept)
        history.keep(game, after)
    return after


def undo(name: str) -> tuple[Record, Any]:
    """Take back the last change: what it was, and the sheet after it, read for its figures alone (it may
    be partial: `reads.running`)."""
    with _changing(name) as game:
        what = game.undo()
        ruleset = ruleset_of(game)
        after = games.engine(ruleset).fiche(running(game, ruleset, history.KEEP_UP_TO).state)
        history.keep(game, after)
    return what, after


def redo(name: str) -> tuple[Record, Any]:
    """Put back what the last undo took: what it was, and the sheet after it, read for its figures alone (it
    may be partial: `reads.running`)."""
    with _changing(name) as game:
        what = game.redo()
        ruleset = ruleset_of(game)
        after = games.engine(ruleset).fiche(running(game, ruleset, history.KEEP_UP_TO).state)
        history.keep(game, after)
    return what, after


def settle(
    name: str, early: bool, whole: bool = False, rate: str | None = None, teams: Sequence[str] = ()
) -> tuple[Any, Any]:
    """The end of a partie with money (H-19): the settlement, and the sheet it settles. A partie stopped by
    agreement (`stop`) is settled as its stop said, as `--early` settles it: it needs no `--early`.
    `whole`: in whole jetons, the pairs of half-jetons closed (H-12); `rate`: money a point (D-8)."""
    engine, game, sheet = _money(name)
    return engine.settle(sheet, early or game.stopped is not None, whole, rate, teams), sheet


def statement(
    name: str, player: str, early: bool, whole: bool = False, rate: str | None = None
) -> tuple[Any, Any, Any]:
    """One player's own statement (H-12 to H-19), the sheet and the settlement it reads (None mid-partie).
    Once the partie is over or stopped, or with `early`, it is his part of the settlement; mid-partie it
    is where he stands so far, and it settles nothing."""
    engine, game, sheet = _money(name)
    found = find_player(sheet.players, player)
    settling = early or whole or rate is not None or game.stopped is not None or sheet.over
    settled = engine.settle(sheet, early or game.stopped is not None, whole, rate) if settling else None
    return engine.statement(sheet, settled, found), sheet, settled


def _money(name: str) -> tuple[contract.Settling, Ledger, Any]:
    """A game with money (H-19), its ledger and its sheet replayed; refused for a game without money."""
    game = store.read(name)
    ruleset = ruleset_of(game)
    engine = games.engine(ruleset)
    if not contract.settles(engine):
        raise UserError("no_money", "H-19", name=name, game=ruleset.game)
    return engine, game, games.replay(ruleset, game.players, game.dealer, said(game.coups))


# --- fixing the past (issue 17) ------------------------------------------------------------------
#
# `delete`, `insert`, an edit with `--drop-after` and `fix` each replace a stretch of the entries in
# one journal step (`Ledger.splice`): one undo brings back exactly the list before. An entry keeps its
# time and note through them; an inserted entry's time is when it was inserted.


def delete_entry(name: str, number: int, drop_after: bool = False) -> tuple[Any, int]:
    """Remove entry `number` (from 1); everything after it is replayed. Refused when a later entry no
    longer makes sense, naming it; where the partie now ends before later entries, `drop_after` removes
    those too. One undo brings back all that was removed. Returns the sheet and how many were dropped."""
    with _changing(name) as game:
        _check_number(game, number)
        coups = said(game.coups)
        change = record("step.delete", number=number)
        kept, after = _replayed(game, [*coups[: number - 1], *coups[number:]], number - 1, change, drop_after)
        dropped = len(coups) - 1 - kept
        game.splice(number - 1, len(coups) - number + 1, game.coups[number : kept + 1], "delete", number, dropped)
        history.keep(game, after)
    return after, dropped


def insert(
    name: str,
    number: int,
    declared: Mapping[str, Any],
    drop_after: bool = False,
    words: Sequence[str] = (),
    language: Language | None = None,
) -> tuple[Any, int]:
    """Put a forgotten coup before entry `number` (from 1), said by options and in words as to `add`;
    everything after it is replayed, refused or cut at the partie's new end (`drop_after`) as
    `delete_entry` is. Its time is when it is inserted."""
    with _changing(name) as game:
        if game.stopped is not None:
            raise UserError("game_stopped", name=game.name)
        if number != len(game.coups) + 1:  # after the last entry, an insert is the next coup
            _check_number(game, number)
        coups = said(game.coups)
        declared = _read_before(game, coups, number, declared, words, language)
        change = record("step.insert", number=number)
        coups_after = [*coups[: number - 1], declared, *coups[number - 1 :]]
        kept, after = _replayed(game, coups_after, number - 1, change, drop_after)
        new = {**after.coups[number - 1].coup.to_dict(), "time": now()}
        rest = game.coups[number - 1 : kept - 1]
        dropped = len(coups) + 1 - kept
        if number == len(coups) + 1:  # the next coup: `undo` takes it back as the last one
            game.add(new)
        else:
            game.splice(number - 1, len(coups) - number + 1, [new, *rest], "insert", number, dropped)
        history.keep(game, after)
    return after, dropped


def _read_before(
    game: Ledger,
    coups: Sequence[Mapping[str, Any]],
    number: int,
    declared: Mapping[str, Any],
    words: Sequence[str],
    language: Language | None,
) -> dict[str, Any]:
    """`declared` with the words of a short line (`read_words`) read in the partie before entry `number`."""
    if not words:
        return dict(declared)
    ruleset = ruleset_of(game)
    before = games.state_after(ruleset, game.players, game.dealer, coups[: number - 1])
    return read_words(ruleset, before, declared, words, language)


def _check_number(game: Ledger, number: int) -> None:
    if not 1 <= number <= len(game.coups):
        raise UserError("no_coup", number=number, name=game.name, count=len(game.coups))


def _replayed(
    game: Ledger, coups: Sequence[Mapping[str, Any]], changed: int, change: Record, drop_after: bool
) -> tuple[int, Any]:
    """Replay the game's entries changed into `coups` (as the engines read them), from the first that
    differs, the one at `changed` (from 0): how many of `coups` the game keeps, and its sheet.

    The changed entry refused is the change refused. A later entry refused is named by its number
    before the change: where the partie now ends before it, `drop_after` keeps the entries up to the
    new end, else the way out is --drop-after; otherwise, the way out is `fix`, which repairs both."""
    ruleset = ruleset_of(game)
    engine = games.engine(ruleset)
    state = games.state_after(ruleset, game.players, game.dealer, coups[:changed])
    inserted = change.event == "step.insert"
    for index in range(changed, len(coups)):
        try:
            state = engine.advance(state, coups[index])
        except UserError as error:
            reason = error.reason if isinstance(error, CoupRefused) else error  # the change names the coup
            if index == changed and change.event != "step.delete":
                raise UserError("change_refused", change=change, reason=reason) from None
            number = index + (2 if change.event == "step.delete" else 0 if inserted else 1)
            try:
                engine.check_open(state)
            except UserError as over:
                if drop_after:
                    return index, engine.fiche(state)
                reason = reason if isinstance(error, CoupRefused) else over
                raise UserError("change_ends_partie", change=change, number=number, reason=reason) from None
            raise UserError("change_breaks_entry", change=change, number=number, reason=reason) from None
    return len(coups), engine.fiche(state)


def fix_lines(game: Ledger, language: Language) -> list[tuple[str, str | None]]:
    """Every entry of `game` as the short line that says it in `language`, with its note: what `fix` reads
    back to the same entries."""
    ruleset = ruleset_of(game)
    engine = games.engine(ruleset)
    state = engine.start(ruleset, game.players, game.dealer)
    lines = []
    for coup, declared in zip(game.coups, said(game.coups), strict=True):
        try:  # said before the state moves on: an engine may advance its state in place (Danish l'hombre's)
            line: str | None = engine.write_line(state, declared, language)
        except (UserError, AttributeError, TypeError, ValueError, KeyError):  # a hand-damaged entry: `advance` says
            line = None
        after = engine.advance(state, declared)  # a hand-damaged entry is refused as `sheet` refuses it
        lines.append((line if line is not None else engine.write_line(after, declared, language), coup.get("note")))
        state = after
    return lines


def fix(
    name: str,
    lines: Sequence[tuple[int, str, str | None]],
    language: Language,
    listed: Sequence[Mapping[str, Any]] | None = None,
) -> tuple[Any, bool]:
    """Replace every entry of game `name` with `lines` (each: its line number in the file, a short line
    in `language`, a note or None), read and replayed in order, in one write and one undo step. The first
    line that makes no sense is refused by its line number (`fix_line`), and nothing is written; so is
    the whole list when the game's entries are no longer `listed`, those the lines were made from (a
    coup entered while the list was in an editor is never lost unseen).

    An entry said the same as one before keeps that one's time (the first such not yet taken, in
    order: so a swap keeps both times); any other is said now. Returns the sheet and whether anything
    changed: a list the same as the game's writes nothing and adds no undo step."""
    tables.refuse_frozen(name)
    with store.locked(name):
        game = store.read(name)
        if listed is not None and game.coups != listed:
            raise UserError("fix_game_changed", name=game.name)
        if game.stopped is not None and len(lines) > len(game.coups):  # stopped by agreement: no new entry
            raise UserError("game_stopped", name=game.name)
        ruleset = ruleset_of(game)
        engine = games.engine(ruleset)
        state = engine.start(ruleset, game.players, game.dealer)
        for index, (line, words, _) in enumerate(lines):
            try:
                state = engine.advance(state, engine.read_line(state, [words], language))
            except UserError as error:
                reason = error.reason if isinstance(error, CoupRefused) else error  # the line names the coup
                try:
                    engine.check_open(state)
                except UserError:  # M-9: the partie ended before this line: the way out is to cut there
                    last = lines[index - 1][0]
                    raise UserError(
                        "fix_line_after_end", line=line, number=index + 1, reason=reason, last=last
                    ) from None
                raise UserError("fix_line", line=line, number=index + 1, reason=reason) from None
        after = engine.fiche(state)
        before = said(game.coups)
        free = list(range(len(before)))
        coups = []
        for result, (_, _, note) in zip(after.coups, lines, strict=True):
            coup = result.coup.to_dict()
            same = next((old for old in free if before[old] == coup), None)
            if same is None:
                coup["time"] = now()
            else:
                free.remove(same)
                coup = {key: value for key, value in game.coups[same].items() if key != "note"}
                kept = game.coups[same].get("note")
                if isinstance(kept, str) and note == " ".join(kept.split()):  # a note of several lines, shown on one
                    note = kept
            coups.append(coup if note is None else {**coup, "note": note})
        if coups == game.coups:
            return after, False
        game.splice(0, len(game.coups), coups, "fix")
        history.keep(game, after, engine)
        store.write(game)
    return after, True
