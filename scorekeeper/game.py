"""A game as a Python user handles it: create, declare coups, edit, undo, and read the fiche.

This joins the ledger (what was said) to the engine (what it scores). It computes no rule itself:
every check of a declaration is the engine's, made by replaying the ledger with the change.

>>> # with SCOREKEEPER_HOME set:
>>> # g = new("manille-muette", ["César", "Panisse", "Escartefigue", "Brun"])
>>> # add(g.name, {"retourne": "10h", "points": {"César": 40}}).scores
>>> # (11, 0)
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Union

from scorekeeper import ledger, manille, rulesets
from scorekeeper.errors import UserError
from scorekeeper.ledger import Ledger
from scorekeeper.manille import Fiche
from scorekeeper.players import check_players, find_player
from scorekeeper.rulesets import ManilleRules, Ruleset

if TYPE_CHECKING:
    from scorekeeper.hombre import HombreFiche

Sheet = Union[Fiche, "HombreFiche"]


def ruleset_of(game: Ledger) -> Ruleset:
    """The game's own copy of its ruleset, with its options: later edits of the file change nothing."""
    return rulesets.build(game.ruleset, origin=f"game {game.name}").with_options(game.options)


def replay(ruleset: Ruleset, players: Sequence[str], dealer: str, coups: Sequence[Mapping[str, Any]]) -> Sheet:
    """The game's engine replays the coups as declared: manille (M-) or l'hombre (H-)."""
    with _no_cycle_collection():
        if not isinstance(ruleset.rules, ManilleRules):
            from scorekeeper import hombre

            return hombre.replay(ruleset.rules, players, dealer, coups)
        return manille.replay(ruleset, players, dealer, coups)


def _add_coup(
    ruleset: Ruleset, players: Sequence[str], dealer: str, coups: Sequence[Mapping[str, Any]], coup: Mapping[str, Any]
) -> Sheet:
    with _no_cycle_collection():
        if not isinstance(ruleset.rules, ManilleRules):
            from scorekeeper import hombre

            return hombre.add_coup(ruleset.rules, players, dealer, coups, coup)
        return manille.add_coup(ruleset, players, dealer, coups, coup)


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause the cyclic garbage collector while a ledger replays, in either engine.

    A replay keeps a few objects a coup (its line of the fiche, its log, its balances) until the end,
    and none of them form cycles: the collector would only rescan them again and again (up to a
    quarter of the time of a 10,000-coup replay). Reference counting still frees everything; the
    collector is restored after.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def fiche(game: Ledger) -> Sheet:
    return replay(ruleset_of(game), game.players, game.dealer, game.coups)


def is_hombre(ruleset: Ruleset) -> bool:
    return not isinstance(ruleset.rules, ManilleRules)


def new(
    ruleset_ref: str,
    players: Sequence[str],
    dealer: str | None = None,
    options: Mapping[str, Any] | None = None,
    name: str | None = None,
) -> Ledger:
    """Start a game and make it the current one. The first player deals unless `dealer` says otherwise."""
    base = rulesets.load(ruleset_ref)
    options = dict(options or {})
    ruleset = base.with_options(options)
    players = [player.strip() for player in players]
    check_players(players, ruleset.players)
    first = players[0] if dealer is None else find_player(players, dealer)
    game = Ledger(
        name=ledger.free_name(base.name) if name is None else ledger.check_name(name),
        ruleset_name=base.name,
        ruleset=dict(base.table),
        players=players,
        dealer=first,
        options=options,
    )
    ledger.create(game)
    return game


def add(name: str, coup: Mapping[str, Any]) -> Sheet:
    """Declare the next coup; refused (nothing written) if the table cannot have said it."""
    with ledger.changing(name) as game:
        after = _add_coup(ruleset_of(game), game.players, game.dealer, game.coups, coup)
        game.add(after.coups[-1].coup.to_dict())
    return after


def edit(name: str, number: int, changes: Mapping[str, Any]) -> Sheet:
    """Replace what was declared for coup `number` (from 1); everything after it is recomputed."""
    with ledger.changing(name) as game:
        if not 1 <= number <= len(game.coups):
            raise UserError(f"no coup {number} in game {name}: it has coups 1 to {len(game.coups)}")
        ruleset = ruleset_of(game)
        declared = _merge(game.coups[number - 1], changes, is_hombre(ruleset))
        coups = [*game.coups[: number - 1], declared, *game.coups[number:]]
        try:
            after = replay(ruleset, game.players, game.dealer, coups)
        except UserError as error:
            raise UserError(f"edit of coup {number} refused: {error}") from None
        game.edit(number - 1, after.coups[number - 1].coup.to_dict())
    return after


def _merge(declared: Mapping[str, Any], changes: Mapping[str, Any], hombre: bool) -> dict[str, Any]:
    """An edit: what is given replaces what was said; a new way the coup ended replaces the old one whole."""
    merged = dict(declared)
    if hombre:
        merged = {} if changes.get("pass") else {k: v for k, v in merged.items() if k != "pass"}
    elif {"points", "renonce", "tricks"} & set(changes):
        merged = {k: v for k, v in merged.items() if k not in ("points", "renonce", "tricks", "let_renonce_pass")}
    return {**merged, **changes}


def undo(name: str) -> tuple[str, Sheet]:
    with ledger.changing(name) as game:
        what = game.undo()
        after = fiche(game)
    return what, after


def redo(name: str) -> tuple[str, Sheet]:
    with ledger.changing(name) as game:
        what = game.redo()
        after = fiche(game)
    return what, after
