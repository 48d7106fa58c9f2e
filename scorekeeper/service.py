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
from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record
from scorekeeper.players import check_name, check_players, find_player
from scorekeeper.rulesets import Ruleset
from scorekeeper.store import Ledger


def ruleset_of(game: Ledger) -> Ruleset:
    """The game's own copy of its ruleset, with its options: later edits of the file change nothing."""
    return games.build(game.ruleset, origin=record("origin.game", name=game.name)).with_options(game.options)


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
    from scorekeeper import demo as script

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


def add(name: str, coup: Mapping[str, Any], words: Sequence[str] = ()) -> Any:
    """Declare the next coup, by options (`coup`) and the words of a short line (`words`, issue 16);
    refused (nothing written) if the table cannot have said it."""
    with store.changing(name) as game:
        if game.stopped is not None:
            raise UserError("game_stopped", name=game.name)
        ruleset = ruleset_of(game)
        state = games.state_after(ruleset, game.players, game.dealer, said(game.coups))
        coup = read_words(ruleset, state, coup, words)
        ruleset.engine.check_open(state)
        after = ruleset.engine.fiche(ruleset.engine.advance(state, coup))
        game.add({**after.coups[-1].coup.to_dict(), "time": now()})
    return after


def read_words(
    ruleset: Ruleset, state: Any, declared: Mapping[str, Any], words: Sequence[str], lang: str | None = None
) -> dict[str, Any]:
    """The declaration of a coup said by options and in words (the short line, read in `state`, the
    partie before it, in `lang`, else the language in effect): a field said both ways is refused."""
    if not words:
        return dict(declared)
    if lang is None:
        from scorekeeper.i18n import current

        lang = current()
    spoken = ruleset.engine.read_line(state, words, lang)
    both = sorted(set(spoken) & set(declared))
    if both:
        raise UserError("line_and_option", field=both[0])
    return {**spoken, **declared}


def edit(name: str, number: int, changes: Mapping[str, Any], words: Sequence[str] = ()) -> Any:
    """Replace what was declared for coup `number` (from 1), by options and in words (issue 16);
    everything after it is recomputed."""
    with store.changing(name) as game:
        if not 1 <= number <= len(game.coups):
            raise UserError("no_coup", number=number, name=name, count=len(game.coups))
        ruleset = ruleset_of(game)
        if words:
            before = games.state_after(ruleset, game.players, game.dealer, said(game.coups[: number - 1]))
            changes = read_words(ruleset, before, changes, words)
        declared = ruleset.engine.merge(said(game.coups)[number - 1], changes)
        coups = [*said(game.coups[: number - 1]), declared, *said(game.coups[number:])]
        try:
            after = games.replay(ruleset, game.players, game.dealer, coups)
        except UserError as error:
            raise UserError("edit_refused", number=number, reason=error) from None
        aside = {key: game.coups[number - 1][key] for key in ASIDE if key in game.coups[number - 1]}
        game.edit(number - 1, {**after.coups[number - 1].coup.to_dict(), **aside})
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
    if not ruleset.engine.has_money:
        raise UserError("no_money", "H-19", name=name, game=ruleset.game)
    sheet = games.replay(ruleset, game.players, game.dealer, said(game.coups))
    return ruleset.engine.settle(sheet, early), sheet


# --- the games themselves (C-4) ------------------------------------------------------------------


def _reserved(ruleset: Ruleset) -> frozenset[str]:
    """Words a player may not be named (C-4), as the command line would read them otherwise: `mort`
    where a mort plays, and the calls of the guided table's short line."""
    words = {"pass", "passe", "demande", "retourne", "tourne", "sans prendre", "sans-prendre", "vole"}
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
    engine = ruleset_of(game).engine
    if engine.has_money:
        return engine.settle(sheet, True)
    top = max(sheet.scores)
    ahead = [side for side, score in zip(sheet.sides, sheet.scores, strict=True) if score == top]
    return list(ahead[0].players) if len(ahead) == 1 else None
