"""The registry of games: the one place that picks a game, by the name a ruleset file gives.

Each game is a package of its own (`manille`, `hombre`) holding all of its knowledge, loaded only
when a ruleset names it. Everything outside `games/` reaches a game through `get(name)` (or a loaded
ruleset's, `engine(ruleset)`) and the contract `games.contract.Game`; nothing else asks which game it is.

A game from outside the package is named by its module in the environment:
`SCOREKEEPER_GAMES=pkg.mod` (several separated by commas), each module holding an `ENGINE` like a
built-in game's. The variable is read only when a name is no built-in game, so the built-in games
cost nothing more; and only the modules it lists are ever imported, never a name a file gives.

>>> get("manille").name, sorted(NAMES)
('manille', ['hombre', 'lhombre', 'manille'])
>>> load("hombre").rules.system
'3-1'
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

from scorekeeper import rulesets
from scorekeeper.errors import UserError

if TYPE_CHECKING:
    from scorekeeper.explain import Record
    from scorekeeper.games.contract import Game
    from scorekeeper.rulesets import Ruleset

NAMES = ("manille", "hombre", "lhombre")
OUTSIDE = "SCOREKEEPER_GAMES"  # the environment variable naming the modules of games from outside


class Demo(Protocol):
    """The partie `scorekeeper demo` stores, as the module of a game gives it."""

    RULESET: str
    PLAYERS: tuple[str, ...]
    COUPS: tuple[dict[str, object], ...]


MARIUS = "manille.demo"  # the demo partie where a language names none: Marius's manille


def demo(lang: str | None = None) -> Demo:
    """The demo partie in language `lang`: the one its tables play, as its words say (`[demo] partie`, a
    module of a built-in game: the Flemish café's manillen, a Danish club's l'hombre), else Marius's manille
    (`games/manille/demo.py`); imported by the command `demo` alone."""
    from scorekeeper.language import Language, codes

    said = Language.named(lang).words.get("demo", {}).get("partie", MARIUS) if lang in codes() else MARIUS
    game = str(said).partition(".")[0]
    if game not in NAMES:  # a words file names a module of a built-in game, never any other module
        said = MARIUS
    shown: Demo = import_module(f"scorekeeper.games.{said}")
    return shown


def get(name: str) -> Game:
    """The game called `name`: a built-in game's package is imported on first use; any other name is
    looked for among the games of `SCOREKEEPER_GAMES`."""
    if name in NAMES:
        engine: Game = import_module(f"scorekeeper.games.{name}").ENGINE
        return engine
    outside = _outside(os.environ.get(OUTSIDE, ""))
    if name not in outside:
        raise UserError("unknown_game", name=name, games=(*NAMES, *outside))
    return outside[name]


@cache
def _outside(modules: str) -> dict[str, Game]:
    """The games of the modules `SCOREKEEPER_GAMES` lists, by their engine's name: each module is
    imported once a process, and only when a name is no built-in game."""
    found: dict[str, Game] = {}
    for module in filter(None, (part.strip() for part in modules.split(","))):
        try:
            loaded = import_module(module)
        except ModuleNotFoundError as error:
            if not error.name or not f"{module}.".startswith(f"{error.name}."):  # one the game imports: its bug
                raise UserError("game_module_failed", module=module, variable=OUTSIDE, problem=repr(error)) from None
            loaded = None
        except (TypeError, ValueError):  # a relative or malformed name (`../x`, `.x`): no module to find
            loaded = None
        except Exception as error:  # the named module's own failure: said in one line, as the user named it
            raise UserError("game_module_failed", module=module, variable=OUTSIDE, problem=repr(error)) from None
        engine: Game | None = getattr(loaded, "ENGINE", None)
        if not isinstance(getattr(engine, "name", None), str):
            raise UserError("no_game_module", module=module, variable=OUTSIDE)
        assert engine is not None
        found[engine.name] = engine
    return found


def engine(ruleset: Ruleset) -> Game:
    """The game `ruleset` was built for, as the contract types it (a ruleset knows of its game only what
    validating a file needs, `rulesets.Validator`: the registry stays the one place that hands out games)."""
    return get(ruleset.game)


def build(table: Mapping[str, Any], origin: str | Record) -> Ruleset:
    """Validate a resolved ruleset table (no `extends` left) for the game it names."""
    game = table.get("game")
    if not isinstance(game, str):
        raise UserError("bad_game_key", origin=origin, games=NAMES, game=game)
    try:
        engine = get(game)
    except UserError as error:
        if error.key != "unknown_game":
            raise
        raise UserError("bad_game_key", origin=origin, games=error.values["games"], game=game) from None
    return rulesets.build(table, origin, engine)


def load(name_or_path: str) -> Ruleset:
    """A ruleset by shipped name (`manille-muette`) or by path to a TOML file, built for its game."""
    return build(*rulesets.resolve(name_or_path))


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause the cyclic garbage collector while a ledger replays, in any game.

    A replay keeps a few objects a coup (its line of the fiche, its log, its balances) until the end,
    and none of them form cycles: the collector would only rescan them again and again (measured: up
    to a quarter of the time of a 10,000-coup replay). Reference counting still frees everything; the
    collector is restored after.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def state_after(ruleset: Ruleset, players: Sequence[str], dealer: str, coups: Sequence[Mapping[str, Any]]) -> Any:
    """The state of the partie after the declared coups: a fold of the game's `advance`."""
    game = engine(ruleset)
    return advance_all(game, game.start(ruleset, players, dealer), coups)


def advance_all(engine: Game, state: Any, coups: Sequence[Mapping[str, Any]]) -> Any:
    """`state` (which it takes over) after the declared `coups`: a fold of the game's `advance`."""
    with _no_cycle_collection():
        for declared in coups:
            state = engine.advance(state, declared)
    return state


def replay(ruleset: Ruleset, players: Sequence[str], dealer: str, coups: Sequence[Mapping[str, Any]]) -> Any:
    """The sheet of the declared coups, from the first deal: the only place a figure comes from."""
    return engine(ruleset).fiche(state_after(ruleset, players, dealer, coups))
