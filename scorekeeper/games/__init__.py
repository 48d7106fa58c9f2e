"""The registry of games: the one place that picks a game, by the name a ruleset file gives.

Each game is a package of its own (`manille`, `hombre`) holding all of its knowledge, loaded only
when a ruleset names it. Everything outside `games/` reaches a game through `get(name)` and the
interface `Game`; nothing else asks which game it is.

>>> get("manille").name, sorted(NAMES)
('manille', ['hombre', 'manille'])
>>> load("hombre").rules.system
'3-1'
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

from scorekeeper import rulesets
from scorekeeper.cards import Card, Suit
from scorekeeper.errors import UserError
from scorekeeper.rulesets import Key, Ruleset

if TYPE_CHECKING:
    from scorekeeper.explain import Record
    from scorekeeper.games.line import Ask
    from scorekeeper.games.options import Options
    from scorekeeper.referee import Relation, Verdict
    from scorekeeper.referee.audit import LogAudit

NAMES = ("manille", "hombre")


class Game(Protocol):
    """What every game gives: its ruleset keys and typed rules, the replay a coup at a time, edits, the
    referee's verdicts. A state is taken over by `advance`; `fiche` reads it as the game's sheet."""

    name: str
    keys: tuple[Key, ...]
    has_money: bool  # jetons to settle at the end of the partie (`settle`)

    @property
    def options(self) -> Options: ...  # what a coup is said with: the command line's flags, the table's words
    def rules_from(self, values: Mapping[str, Any], origin: str | Record) -> Any: ...
    def start(self, ruleset: Ruleset, players: Sequence[str], dealer: str) -> Any: ...
    def advance(self, state: Any, declared: Mapping[str, Any]) -> Any: ...
    def check_open(self, state: Any) -> None: ...
    def fiche(self, state: Any) -> Any: ...
    def merge(self, declared: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]: ...
    def judge_play(
        self,
        ruleset: Ruleset,
        trump: Suit | None,
        trick: Sequence[tuple[Relation | None, Card]],
        hand: Sequence[Card],
        card: Card | None,
    ) -> Verdict: ...
    def renonce_cost(self, rules: Any) -> Record: ...
    def derived(self, ruleset: Ruleset) -> dict[str, Record]: ...
    def audit_log(
        self,
        ruleset: Ruleset,
        players: Sequence[str],
        leader: str,
        trump: Suit | None,
        tricks: Sequence[Sequence[Card]],
        alone: str | None,
        layout: Mapping[str, Sequence[tuple[Card, Card]]] | None = None,
    ) -> LogAudit: ...
    # The short line (issue 16): `Spoken` gives them from the game's `line` module.
    def read_line(self, state: Any, words: Sequence[str], lang: str, asked: str | None = None) -> dict[str, Any]: ...
    def write_line(self, state: Any, declared: Mapping[str, Any], lang: str) -> str: ...
    def ask(self, state: Any, declared: Mapping[str, Any], error: UserError) -> Ask | None: ...
    def vocabulary(self, state: Any, lang: str) -> dict[str, tuple[str, ...]]: ...
    def needs(self, state: Any) -> tuple[Record, ...]: ...
    def line_words(self) -> frozenset[str]: ...


class Spoken:
    """What a game's engine gives the short line, from its module `games/GAME/line.py` (imported on first
    use: the commands that read no line start without it): `read_line`, `write_line`, `ask`,
    `vocabulary`, `needs`, and the words a player may not be named (C-4)."""

    name: str

    def _line(self) -> Any:
        from importlib import import_module

        return import_module(f"scorekeeper.games.{self.name}.line")

    def read_line(self, state: Any, words: Sequence[str], lang: str, asked: str | None = None) -> dict[str, Any]:
        return self._line().read(state, words, lang, asked)  # type: ignore[no-any-return]

    def write_line(self, state: Any, declared: Mapping[str, Any], lang: str) -> str:
        return self._line().write(state, declared, lang)  # type: ignore[no-any-return]

    def ask(self, state: Any, declared: Mapping[str, Any], error: UserError) -> Ask | None:
        return self._line().ask(state, declared, error)  # type: ignore[no-any-return]

    def vocabulary(self, state: Any, lang: str) -> dict[str, tuple[str, ...]]:
        return self._line().vocabulary(state, lang)  # type: ignore[no-any-return]

    def needs(self, state: Any) -> tuple[Record, ...]:
        return self._line().needs(state)  # type: ignore[no-any-return]

    def line_words(self) -> frozenset[str]:
        """The keywords of the line (folded), which no player may be named (C-4)."""
        return self._line().KEYWORDS  # type: ignore[no-any-return]


def get(name: str) -> Game:
    """The game called `name`; its package is imported on first use."""
    if name not in NAMES:
        raise UserError("unknown_game", name=name, games=NAMES)
    engine: Game = import_module(f"scorekeeper.games.{name}").ENGINE
    return engine


def build(table: Mapping[str, Any], origin: str | Record) -> Ruleset:
    """Validate a resolved ruleset table (no `extends` left) for the game it names."""
    game = table.get("game")
    if game not in NAMES:
        raise UserError("bad_game_key", origin=origin, games=NAMES, game=game)
    return rulesets.build(table, origin, get(game))


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
    engine = ruleset.engine
    with _no_cycle_collection():
        state = engine.start(ruleset, players, dealer)
        for declared in coups:
            state = engine.advance(state, declared)
    return state


def replay(ruleset: Ruleset, players: Sequence[str], dealer: str, coups: Sequence[Mapping[str, Any]]) -> Any:
    """The sheet of the declared coups, from the first deal: the only place a figure comes from."""
    return ruleset.engine.fiche(state_after(ruleset, players, dealer, coups))


def add_coup(
    ruleset: Ruleset,
    players: Sequence[str],
    dealer: str,
    coups: Sequence[Mapping[str, Any]],
    coup: Mapping[str, Any],
) -> Any:
    """The sheet with one more coup: the state after the others, then one step; refused once the partie
    is over or where the table cannot have said it."""
    state = state_after(ruleset, players, dealer, coups)
    ruleset.engine.check_open(state)
    return ruleset.engine.fiche(ruleset.engine.advance(state, coup))
