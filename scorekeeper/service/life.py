"""A game's life: started (`new`, `demo`, `again`), chosen (`use`), renamed, put away and brought back,
noted and stopped by agreement. Its entries are `entries`'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper import games, store
from scorekeeper.clock import now
from scorekeeper.errors import UserError
from scorekeeper.language import Language, codes
from scorekeeper.players import BIDI, check_name, check_players, find_player, fold_name
from scorekeeper.rulesets import Ruleset
from scorekeeper.service import history, tables
from scorekeeper.service.reads import fiche, ruleset_of
from scorekeeper.store import Ledger


def demo(replace: bool, lang: str | None = None) -> tuple[Ledger, Any]:
    """Store the demo partie as the game `demo` (its sheet too), the current game when there is none: Marius's,
    or the one the tables of `lang` play (a Flemish manillen in Dutch); an existing `demo` is replaced only
    with `replace`, so a partie someone named `demo` is never lost unasked."""
    script = games.demo(lang)
    base = games.load(script.RULESET)
    players = list(script.PLAYERS)
    sheet = games.replay(base, players, players[0], script.COUPS)
    game = Ledger("demo", base.name, dict(base.table), players, players[0], lang=lang)
    game.coups = [result.coup.to_dict() for result in sheet.coups]
    history.keep(game, sheet, games.engine(base))
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
    reserved = reserved_names(ruleset)
    players = [check_name(player, reserved) for player in players]
    check_players(players, ruleset.players)
    first = players[0] if dealer is None else find_player(players, dealer)
    game = Ledger(
        name=base.name if name is None else store.check_new_name(name),
        ruleset_name=base.name,
        ruleset=dict(base.table),
        players=players,
        dealer=first,
        options=options,
        lang=lang,
    )
    if name is not None:
        tables.refuse_taking(game.name, game)  # a drawn table's name is its game's alone (T-9)
    store.create(game, numbered=name is None)
    store.mark_current(game.name)  # the game is stored: a mark that cannot be written is only a warning
    return game


def reserved_names(ruleset: Ruleset) -> frozenset[str]:
    """Words a player may not be named (C-4), as the command line would read them otherwise: `mort`
    where a mort plays, and the calls of the guided table's short line."""
    words = {fold_name(word) for code in codes() for word in Language.named(code).words["names"]["reserved"]}
    words |= games.engine(ruleset).line_words()
    if ruleset.settings.get("table.sides") in ("mort", "morts"):
        words |= {"mort", "morts"}
    return frozenset(words)


def again(name: str, new_name: str | None = None) -> Ledger:
    """A revanche of game `name`: the same ruleset, options and players, first dealt by whoever would have
    dealt the finished game's next coup; it becomes the current game, named `new_name`, else as a new
    game given no name is (`RULESET-N`)."""
    game = store.read(name)
    ruleset_of(game)  # a ruleset no game plays (a hand-edited file) is refused before anything is written
    dealer = (
        fiche(game).next_dealer
        if game.coups
        else game.players[(game.players.index(game.dealer) + 1) % len(game.players)]
    )
    revanche = Ledger(
        name=game.ruleset_name if new_name is None else store.check_new_name(new_name),
        ruleset_name=game.ruleset_name,
        ruleset=game.ruleset,
        players=list(game.players),
        dealer=dealer,
        options=dict(game.options),
        lang=game.lang,
        revanche_of=game.name,
    )
    if new_name is not None:
        tables.refuse_taking(revanche.name, revanche)  # T-9
    store.create(revanche, numbered=new_name is None)
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
    new_name = store.check_new_name(new_name)
    tables.refuse_frozen(old)  # a table's game keeps its name once its result is bound (T-9)
    with store.locked(old):
        game = store.read(old)
        tables.refuse_taking(new_name, game)
        if store.path_of(new_name) != store.path_of(game.name):  # another spelling of its own name is no other game
            store.refuse_taken(new_name)
        before, old = store.path_of(game.name), game.name
        marked = store.current_name()
        was_current = marked is not None and store.path_of(marked) == before
        game.name = new_name
        store.create_renamed(game, before)
    if was_current:
        store.mark_current(game.name)
    return old, game


def delete(name: str) -> Ledger:
    """Move game `name` into the trash, whence `restore` brings it back; not a table's game once its
    result is bound (T-9)."""
    tables.refuse_frozen(name)
    return store.put_away(name, store.TRASH)


def archive(name: str) -> Ledger:
    """Take game `name` out of the list, kept in the archive for history (`restore` brings it back)."""
    tables.refuse_frozen(name)
    return store.put_away(name, store.ARCHIVE)


def restore(name: str) -> tuple[Ledger, list[str]]:
    """Bring game `name` back from the trash (else the archive): the newest of that name, or the one its id
    names (`NAME~N`, as `games --trash` lists it); it becomes the current game. Returns it and the ids of
    the other games of its name still put away, oldest first."""
    tables.refuse_frozen(name.partition("~")[0])  # brought back over a bound table's game: refused (T-9)
    game, others = store.bring_back(name)
    store.mark_current(game.name)
    return game, [other.id for other in others]


def note(name: str, words: str, number: int | None = None) -> Ledger:
    """Attach a note to entry `number` (from 1; undone by `undo`), or to the game when `number` is None."""
    words = words.strip()
    if not words:
        raise UserError("empty_note")
    if any(char in BIDI for char in words):  # a note is shown as it is typed: nothing reorders the text around it
        raise UserError("note_bidi")
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
    tables.refuse_frozen(name)  # T-9
    with store.changing(name) as game:
        sheet = fiche(game)
        if game.stopped is not None or sheet.over:
            raise UserError("game_over_already", name=game.name)
        game.stopped = {"reason": reason.strip(), "time": now()}
        history.keep(game, sheet)
    return game, sheet


def stopped_outcome(game: Ledger, sheet: Any) -> Any:
    """What a partie stopped by agreement comes to: with money, the settlement `settle --early` makes
    (H-19); else the side ahead wins, nobody on a tie at the top (its players, or None)."""
    return games.engine(ruleset_of(game)).stopped(sheet)
