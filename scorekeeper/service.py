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
from typing import Any

from scorekeeper import games, store
from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record
from scorekeeper.players import check_players, find_player
from scorekeeper.rulesets import Ruleset
from scorekeeper.store import Ledger


def ruleset_of(game: Ledger) -> Ruleset:
    """The game's own copy of its ruleset, with its options: later edits of the file change nothing."""
    return games.build(game.ruleset, origin=record("origin.game", name=game.name)).with_options(game.options)


def fiche(game: Ledger) -> Any:
    """The game's sheet, replayed from what was said."""
    return games.replay(ruleset_of(game), game.players, game.dealer, game.coups)


def preview(ruleset_ref: str, players: Sequence[str], coups: Sequence[Mapping[str, Any]]) -> Any:
    """The sheet of coups that are stored nowhere (the demo), the first player dealing."""
    return games.replay(games.load(ruleset_ref), players, players[0], coups)


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


def add(name: str, coup: Mapping[str, Any]) -> Any:
    """Declare the next coup; refused (nothing written) if the table cannot have said it."""
    with store.changing(name) as game:
        after = games.add_coup(ruleset_of(game), game.players, game.dealer, game.coups, coup)
        game.add(after.coups[-1].coup.to_dict())
    return after


def edit(name: str, number: int, changes: Mapping[str, Any]) -> Any:
    """Replace what was declared for coup `number` (from 1); everything after it is recomputed."""
    with store.changing(name) as game:
        if not 1 <= number <= len(game.coups):
            raise UserError("no_coup", number=number, name=name, count=len(game.coups))
        ruleset = ruleset_of(game)
        declared = ruleset.engine.merge(game.coups[number - 1], changes)
        coups = [*game.coups[: number - 1], declared, *game.coups[number:]]
        try:
            after = games.replay(ruleset, game.players, game.dealer, coups)
        except UserError as error:
            raise UserError("edit_refused", number=number, reason=error) from None
        game.edit(number - 1, after.coups[number - 1].coup.to_dict())
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
    sheet = games.replay(ruleset, game.players, game.dealer, game.coups)
    return ruleset.engine.settle(sheet, early), sheet
