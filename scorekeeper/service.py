"""A game as a Python user handles it: create, declare coups, edit, undo, and read the fiche.

This joins the store (what was said) to the games (what it scores). It computes no rule itself:
every check of a declaration is the engine's, made by replaying the ledger with the change.

>>> import os, tempfile
>>> saved, os.environ["SCOREKEEPER_HOME"] = os.environ.get("SCOREKEEPER_HOME"), tempfile.mkdtemp()
>>> game = new("manille-muette", ["César", "Panisse", "Escartefigue", "Brun"])
>>> add(game.name, {"retourne": "10h", "points": {"César": 40}}).scores
(11, 0)
>>> edit(game.name, 1, {"points": {"Panisse": 40}}).scores
(5, 6)
>>> os.environ.pop("SCOREKEEPER_HOME") and saved and os.environ.update(SCOREKEEPER_HOME=saved)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from scorekeeper import games, store
from scorekeeper.errors import CoupRefused, UserError
from scorekeeper.explain import Record, record
from scorekeeper.language import DEFAULT, Language, codes
from scorekeeper.players import check_name, check_players, find_player, fold_name
from scorekeeper.rulesets import Ruleset
from scorekeeper.store import Ledger


def ruleset_of(game: Ledger) -> Ruleset:
    """The game's own copy of its ruleset, with its options: later edits of the file change nothing."""
    return games.build(game.ruleset, origin=record("origin.game", name=game.name)).with_options(game.options)


def game_of(name: str | None) -> str | None:
    """The game (its registry name) that game `name` plays, else the current game; None where there is none
    or its file cannot say."""
    name = name or store.current_name()
    try:
        game = store.read(name).ruleset.get("game") if name is not None and store.exists(name) else None
    except UserError:  # the command says what is wrong with the file
        return None
    return game if isinstance(game, str) else None


def fiche(game: Ledger) -> Any:
    """The game's sheet, replayed from what was said."""
    return games.replay(ruleset_of(game), game.players, game.dealer, said(game.coups))


ASIDE = ("time", "note")  # what an entry keeps beside what was said: the engines never see it


def said(coups: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The entries as the engines read them: without their time and note."""
    return [
        {k: v for k, v in coup.items() if k not in ASIDE} if "time" in coup or "note" in coup else coup
        for coup in coups
    ]


def aside(game: Ledger) -> dict[str, Any]:
    """What the game keeps beside what was said, for the sheet and its JSON: each entry's time and note
    (`entries`, in the order of the entries, `{}` for an old entry that has neither), the game's notes,
    and its stop by agreement."""
    return {
        "entries": [{key: coup[key] for key in ASIDE if key in coup} for coup in game.coups],
        "notes": list(game.notes),
        "stopped": game.stopped,
    }


def now() -> str:
    """The time an entry, a note or a stop is said: ISO text to the second, which the cache (JSON) keeps as it is."""
    return datetime.now().replace(microsecond=0).isoformat()


def demo(replace: bool, lang: str | None = None) -> tuple[Ledger, Any]:
    """Store Marius's partie as the game `demo` (its sheet too), the current game when there is none; an
    existing `demo` is replaced only with `replace`, so a partie someone named `demo` is never lost unasked."""
    script = games.demo()
    base = games.load(script.RULESET)
    players = list(script.PLAYERS)
    sheet = games.replay(base, players, players[0], script.COUPS)
    game = Ledger("demo", base.name, dict(base.table), players, players[0], lang=lang)
    game.coups = [result.coup.to_dict() for result in sheet.coups]
    with store.locked(game.name):
        if store.exists(game.name) and not replace:
            raise UserError("game_exists", name=game.name)
        store.write(game)
    current = store.current_name()
    if current is None or not store.exists(current):
        store.mark_current(game.name)
    return game, sheet


def new(
    ruleset_ref: str,
    players: Sequence[str],
    dealer: str | None = None,
    options: Mapping[str, Any] | None = None,
    name: str | None = None,
    lang: str | None = None,
) -> Ledger:
    """Start a game and make it the current one. The first player deals unless `dealer` says otherwise;
    `lang` is the language the game speaks when no command is told another (C-2)."""
    base = games.load(ruleset_ref)
    options = dict(options or {})
    ruleset = base.with_options(options)
    players = [player.strip() for player in players]
    reserved = _reserved(ruleset)
    players = [check_name(player, reserved) for player in players]
    check_players(players, ruleset.players)
    first = players[0] if dealer is None else find_player(players, dealer)
    game = Ledger(
        name=base.name if name is None else store.check_name(name),
        ruleset_name=base.name,
        ruleset=dict(base.table),
        players=players,
        dealer=first,
        options=options,
        lang=lang,
    )
    store.create(game, numbered=name is None)
    store.mark_current(game.name)  # the game is stored: a mark that cannot be written is only a warning
    return game


def add(name: str, coup: Mapping[str, Any], words: Sequence[str] = (), language: Language | None = None) -> Any:
    """Declare the next coup, by options (`coup`) and the words of a short line (`words`, issue 16);
    refused (nothing written) if the table cannot have said it."""
    with store.changing(name) as game:
        ruleset = ruleset_of(game)
        state = games.state_after(ruleset, game.players, game.dealer, said(game.coups))
        _, after = append(game, ruleset, state, read_words(ruleset, state, coup, words, language))
    return after


def append(game: Ledger, ruleset: Ruleset, state: Any, coup: Mapping[str, Any]) -> tuple[Any, Any]:
    """The next coup said to `game`, in `state` (the partie after its entries, which `advance` takes over):
    refused if the game was stopped (`stop`), the partie is over, or the table cannot have said it;
    else the ledger takes it with its time. Returns the state after it and its sheet. The caller writes."""
    if game.stopped is not None:
        raise UserError("game_stopped", name=game.name)
    ruleset.engine.check_open(state)
    state = ruleset.engine.advance(state, coup)
    after = ruleset.engine.fiche(state)
    game.add({**after.coups[-1].coup.to_dict(), "time": now()})
    return state, after


def read_words(
    ruleset: Ruleset, state: Any, declared: Mapping[str, Any], words: Sequence[str], language: Language | None = None
) -> dict[str, Any]:
    """The declaration of a coup said by options and in words (the short line, read in `state`, the
    partie before it, in `language`, English if none is given): a field said both ways is refused."""
    if not words:
        return dict(declared)
    spoken = ruleset.engine.read_line(state, words, language or Language.named(DEFAULT))
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
    with store.changing(name) as game:
        _check_number(game, number)
        coups = said(game.coups)
        changes = _read_before(game, coups, number, changes, words, language)
        declared = ruleset_of(game).engine.merge(coups[number - 1], changes)
        change = record("step.edit", number=number)
        kept, after = _replayed(game, [*coups[: number - 1], declared, *coups[number:]], number - 1, change, drop_after)
        aside = {key: game.coups[number - 1][key] for key in ASIDE if key in game.coups[number - 1]}
        edited = {**after.coups[number - 1].coup.to_dict(), **aside}
        if kept == len(coups):
            game.edit(number - 1, edited)
        else:
            rest = game.coups[number:kept]
            game.splice(number - 1, len(coups) - number + 1, [edited, *rest], "edit", number, len(coups) - kept)
    return after


def undo(name: str) -> tuple[Record, Any]:
    with store.changing(name) as game:
        what = game.undo()
        after = fiche(game)
    return what, after


def redo(name: str) -> tuple[Record, Any]:
    with store.changing(name) as game:
        what = game.redo()
        after = fiche(game)
    return what, after


def settle(name: str, early: bool) -> tuple[Any, Any]:
    """The end of a partie with money (H-19): the settlement, and the sheet it settles."""
    game = store.read(name)
    ruleset = ruleset_of(game)
    engine = ruleset.engine
    if not games.settles(engine):
        raise UserError("no_money", "H-19", name=name, game=ruleset.game)
    sheet = games.replay(ruleset, game.players, game.dealer, said(game.coups))
    return engine.settle(sheet, early), sheet


# --- the games themselves (C-4) ------------------------------------------------------------------


def _reserved(ruleset: Ruleset) -> frozenset[str]:
    """Words a player may not be named (C-4), as the command line would read them otherwise: `mort`
    where a mort plays, and the calls of the guided table's short line."""
    words = {fold_name(word) for code in codes() for word in Language.named(code).words["names"]["reserved"]}
    words |= ruleset.engine.line_words()
    if ruleset.settings.get("table.sides") in ("mort", "morts"):
        words |= {"mort", "morts"}
    return frozenset(words)


def again(name: str) -> Ledger:
    """A revanche of game `name`: the same ruleset, options and players, the deal passed on to the next
    player; it becomes the current game, named as a new game given no name is (`RULESET-N`)."""
    game = store.read(name)
    dealer = game.players[(game.players.index(game.dealer) + 1) % len(game.players)]
    revanche = Ledger(
        name=game.ruleset_name,
        ruleset_name=game.ruleset_name,
        ruleset=game.ruleset,
        players=list(game.players),
        dealer=dealer,
        options=dict(game.options),
        lang=game.lang,
    )
    store.create(revanche, numbered=True)
    store.mark_current(revanche.name)
    return revanche


def use(name: str) -> Ledger:
    """Make game `name` the current one."""
    game = store.read(name)
    store.set_current(game.name)
    return game


def rename(old: str, new_name: str) -> tuple[str, Ledger]:
    """Give game `old` the name `new_name` (C-4: not taken, unless by itself in another spelling); returns
    its name before, as stored, and the game."""
    new_name = store.check_name(new_name)
    with store.locked(old):
        game = store.read(old)
        if store.exists(new_name) and store.path_of(new_name) != store.path_of(game.name):
            raise UserError("game_exists", name=new_name)
        before, old = store.path_of(game.name), game.name
        marked = store.current_name()
        was_current = marked is not None and store.path_of(marked) == before
        game.name = new_name
        store.create_renamed(game, before)
    if was_current:
        store.mark_current(game.name)
    return old, game


def delete(name: str) -> Ledger:
    """Move game `name` into the trash, whence `restore` brings it back."""
    return store.put_away(name, store.TRASH)


def archive(name: str) -> Ledger:
    """Take game `name` out of the list, kept in the archive for history (`restore` brings it back)."""
    return store.put_away(name, store.ARCHIVE)


def restore(name: str) -> Ledger:
    """Bring game `name` back from the trash (else the archive); it becomes the current game."""
    game = store.bring_back(name)
    store.mark_current(game.name)
    return game


def note(name: str, words: str, number: int | None = None) -> Ledger:
    """Attach a note to entry `number` (from 1; undone by `undo`), or to the game when `number` is None."""
    words = words.strip()
    if not words:
        raise UserError("empty_note")
    with store.changing(name) as game:
        if number is None:
            game.notes.append({"text": words, "time": now()})
        else:
            if not 1 <= number <= len(game.coups):
                raise UserError("no_coup", number=number, name=name, count=len(game.coups))
            game.edit(number - 1, {**game.coups[number - 1], "note": words})
    return game


def stop(name: str, reason: str) -> tuple[Ledger, Any]:
    """End a partie by agreement (`stop --reason`): no entry is taken after it. What it comes to is
    `stopped_outcome`."""
    if not reason.strip():
        raise UserError("empty_reason")
    with store.changing(name) as game:
        sheet = fiche(game)
        if game.stopped is not None or sheet.over:
            raise UserError("game_over_already", name=game.name)
        game.stopped = {"reason": reason.strip(), "time": now()}
    return game, sheet


def stopped_outcome(game: Ledger, sheet: Any) -> Any:
    """What a partie stopped by agreement comes to: with money, the settlement `settle --early` makes
    (H-19); else the side ahead wins, nobody on a tie at the top (its players, or None)."""
    return ruleset_of(game).engine.stopped(sheet)


# --- fixing the past (issue 17) ------------------------------------------------------------------
#
# `delete`, `insert`, an edit with `--drop-after` and `fix` each replace a stretch of the entries in
# one journal step (`Ledger.splice`): one undo brings back exactly the list before. An entry keeps its
# time and note through them; an inserted entry's time is when it was inserted.


def delete_entry(name: str, number: int, drop_after: bool = False) -> tuple[Any, int]:
    """Remove entry `number` (from 1); everything after it is replayed. Refused when a later entry no
    longer makes sense, naming it; where the partie now ends before later entries, `drop_after` removes
    those too. One undo brings back all that was removed. Returns the sheet and how many were dropped."""
    with store.changing(name) as game:
        _check_number(game, number)
        coups = said(game.coups)
        change = record("step.delete", number=number)
        kept, after = _replayed(game, [*coups[: number - 1], *coups[number:]], number - 1, change, drop_after)
        dropped = len(coups) - 1 - kept
        game.splice(number - 1, len(coups) - number + 1, game.coups[number : kept + 1], "delete", number, dropped)
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
    with store.changing(name) as game:
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
    engine = ruleset.engine
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
    engine = ruleset.engine
    state = engine.start(ruleset, game.players, game.dealer)
    lines = []
    for coup, declared in zip(game.coups, said(game.coups), strict=True):
        lines.append((engine.write_line(state, declared, language), coup.get("note")))
        state = engine.advance(state, declared)
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
    with store.locked(name):
        game = store.read(name)
        if listed is not None and game.coups != listed:
            raise UserError("fix_game_changed", name=game.name)
        if game.stopped is not None and len(lines) > len(game.coups):  # stopped by agreement: no new entry
            raise UserError("game_stopped", name=game.name)
        ruleset = ruleset_of(game)
        engine = ruleset.engine
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
        store.write(game)
    return after, True
