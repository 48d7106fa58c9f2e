"""The registry of games: the one place that picks a game, by the name a ruleset file gives.

Each game is a package of its own (`manille`, `hombre`) holding all of its knowledge, loaded only
when a ruleset names it. Everything outside `games/` reaches a game through `get(name)` and the
interface `Game`; nothing else asks which game it is.

A game from outside the package is named by its module in the environment:
`SCOREKEEPER_GAMES=pkg.mod` (several separated by commas), each module holding an `ENGINE` like a
built-in game's. The variable is read only when a name is no built-in game, so the built-in games
cost nothing more; and only the modules it lists are ever imported, never a name a file gives.

>>> get("manille").name, sorted(NAMES)
('manille', ['hombre', 'manille'])
>>> load("hombre").rules.system
'3-1'
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard

from scorekeeper import rulesets
from scorekeeper.cards import Card, Deck, Suit
from scorekeeper.errors import UserError
from scorekeeper.rulesets import Key, Ruleset

if TYPE_CHECKING:
    from scorekeeper.explain import Record
    from scorekeeper.games.line import Ask
    from scorekeeper.games.options import Options
    from scorekeeper.games.paper import Chart, Paper
    from scorekeeper.games.sheet import Cell, Explained, Sheet
    from scorekeeper.language import Language
    from scorekeeper.referee import Relation, Verdict
    from scorekeeper.referee.audit import LogAudit
    from scorekeeper.standing import Figures

NAMES = ("manille", "hombre")
OUTSIDE = "SCOREKEEPER_GAMES"  # the environment variable naming the modules of games from outside


class Game(Protocol):
    """What every game gives: its ruleset keys and typed rules, the replay a coup at a time, edits, the
    referee's verdicts. A state is taken over by `advance`; `fiche` reads it as the game's sheet."""

    name: str
    keys: tuple[Key, ...]
    decks: Mapping[str, Deck]  # the decks its key `cards.deck` names (C-1)
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
        calls: Mapping[str, Any] | None = None,
    ) -> LogAudit: ...
    # The short line (issue 16): `Spoken` gives them from the game's `line` module.
    def read_line(
        self, state: Any, words: Sequence[str], language: Language, asked: str | None = None
    ) -> dict[str, Any]: ...
    def write_line(self, state: Any, declared: Mapping[str, Any], language: Language) -> str: ...
    def ask(self, state: Any, declared: Mapping[str, Any], error: UserError, language: Language) -> Ask | None: ...
    def vocabulary(self, state: Any, language: Language) -> dict[str, tuple[str, ...]]: ...
    def needs(self, state: Any) -> tuple[Record, ...]: ...
    def examples(self, state: Any, language: Language) -> tuple[str, ...]: ...
    def line_words(self) -> frozenset[str]: ...
    # the sheet as data (task A): catalog keys and values, which the edge puts in words (`games.sheet`)
    def sheet(self, fiche: Any, start: int = 0) -> Sheet: ...
    def status(self, fiche: Any) -> Record: ...
    def short_status(self, fiche: Any) -> Record: ...
    def echo(self, result: Any) -> Sequence[Record]: ...
    def announced(self, result: Any) -> Sequence[Record]: ...
    def after(self, fiche: Any, narrow: bool) -> list[Cell]: ...
    def explained(self, fiche: Any) -> list[Explained]: ...
    def detail(self, result: Any) -> list[Cell]: ...
    def paper(self, data: dict[str, Any], fiche: Any) -> Paper: ...
    def chart(self, data: dict[str, Any], fiche: Any) -> Chart: ...
    def figures(self, fiche: Any) -> dict[str, Figures]: ...
    def stopped(self, fiche: Any) -> Any: ...
    def paper_result(self, rules: Any, won: Sequence[float], manches: Sequence[int], points: Sequence[int]) -> None: ...


class Settling(Game, Protocol):
    """A game with money (`has_money`): `settle` pays the end of a partie, or of one stopped early."""

    def settle(self, fiche: Any, early: bool, whole: bool = False) -> Any: ...
    # a player's own statement (`settle --statement`): its lines as data (`as_dict()`), whose amounts
    # sum to his result; mid-partie (`settled` None) to where he stands so far
    def statement(self, fiche: Any, settled: Any | None, player: str) -> Any: ...
    # in words as data (task A): the settlement's lines, a player's own statement, and both on paper
    # after the chart
    def settlement(self, settled: Any) -> list[Cell]: ...
    def paper_sections(self, fiche: Any, settled: Any) -> list[tuple[Cell, list[Cell]]]: ...
    def statement_said(self, fiche: Any, mine: Any, settled: Any | None) -> list[Cell]: ...


def settles(engine: Game) -> TypeGuard[Settling]:
    """Whether `engine` settles a partie in jetons (H-19): its `has_money`, as the type checker reads it."""
    return engine.has_money


class Keeping(Game, Protocol):
    """A game whose running state is kept between commands (issue 28, `store.states`): `snapshot` writes what
    the next coup needs (scores, manches, ties, who deals, the coup count...) as JSON data, never the fiche's
    lines of the coups before; `restore` makes the state again at the table `ruleset`, `players` and `dealer`
    seat, or raises `games.snapshot.Unpacked` for data in another form. A restored state holds no line of
    the coups before it: its fiche is `Partial`. A game without them replays from the first deal, as before."""

    def snapshot(self, state: Any) -> Any: ...
    def restore(self, ruleset: Ruleset, players: Sequence[str], dealer: str, data: Any) -> Any: ...


def keeps_state(engine: Game) -> TypeGuard[Keeping]:
    """Whether `engine` keeps its running state as data (`Keeping`)."""
    return callable(getattr(engine, "snapshot", None)) and callable(getattr(engine, "restore", None))


class Partial:
    """The mark of a fiche read from a restored state (`Keeping.restore`): its `coups` hold only the coups
    advanced after the kept state, numbered as in the partie; its figures (scores, who deals, the quotas...)
    are whole. Only what reads the last coup's result and the figures may take it (`coup`'s echo and
    status, `undo`'s status); every reader of the whole fiche (the sheet, the export, the chart, the
    figures of `stats`, a settlement) refuses it (`refuse_partial`). A game's partial fiche is a subclass of its
    fiche with this mark, so that nothing else about it changes."""

    __slots__ = ()


class PartialFiche(TypeError):
    """A whole-fiche reader given a `Partial` fiche: a mistake of the code, never of the user."""


def refuse_partial(fiche: Any) -> None:
    """Refuse a `Partial` fiche where the whole fiche is read (`PartialFiche`)."""
    if isinstance(fiche, Partial):
        raise PartialFiche(type(fiche).__name__)  # the games build no sentence: the class names the mistake


class Demo(Protocol):
    """The partie `scorekeeper demo` stores, as the module of a game gives it."""

    RULESET: str
    PLAYERS: tuple[str, ...]
    COUPS: tuple[dict[str, object], ...]


# The demo partie a language's tables play, where it is not Marius's manille: the Flemish café's manillen.
DEMOS = {"nl": "scorekeeper.games.manille.demo_nl"}


def demo(lang: str | None = None) -> Demo:
    """The demo partie in language `lang`: Marius's manille (`games/manille/demo.py`), or the one the
    language's tables play (`DEMOS`); imported by the command `demo` alone."""
    shown: Demo = import_module(DEMOS.get(lang or "", "scorekeeper.games.manille.demo"))
    return shown


class Drawn:
    """What a game's engine gives the edge to draw, from the modules `sheet` and `paper` of the engine's
    own package (`games/GAME/sheet.py`, imported on first use: the commands that draw nothing start
    without it): `sheet`, `status`, `short_status`, `echo`, `after`, `explained`, `detail`, `paper`."""

    def _module(self, name: str) -> Any:
        return import_module(f"{type(self).__module__}.{name}")

    def sheet(self, fiche: Any, start: int = 0) -> Sheet:
        """The game's sheet; with `start`, the rows of the entries from it alone (the guided table's new
        row, issue 28): said alone by the module's `sheet` where it takes `start`, else cut from the whole
        (a game from outside the package may have a `sheet(fiche)` of its own)."""
        refuse_partial(fiche)
        function = self._module("sheet").sheet
        if not start:
            return function(fiche)  # type: ignore[no-any-return]
        if "start" in function.__code__.co_varnames[: function.__code__.co_argcount]:
            return function(fiche, start)  # type: ignore[no-any-return]
        whole: Sheet = function(fiche)
        return whole._replace(rows=whole.rows[start:])

    def status(self, fiche: Any) -> Record:
        return self._module("sheet").status(fiche)  # type: ignore[no-any-return]

    def short_status(self, fiche: Any) -> Record:
        return self._module("sheet").short_status(fiche)  # type: ignore[no-any-return]

    def echo(self, result: Any) -> Sequence[Record]:
        return self._module("sheet").echo(result)  # type: ignore[no-any-return]

    def announced(self, result: Any) -> Sequence[Record]:
        return self._module("sheet").announced(result)  # type: ignore[no-any-return]

    def after(self, fiche: Any, narrow: bool) -> list[Cell]:
        refuse_partial(fiche)
        return self._module("sheet").after(fiche, narrow)  # type: ignore[no-any-return]

    def explained(self, fiche: Any) -> list[Explained]:
        refuse_partial(fiche)
        return self._module("sheet").explained(fiche)  # type: ignore[no-any-return]

    def detail(self, result: Any) -> list[Cell]:
        return self._module("sheet").detail(result)  # type: ignore[no-any-return]

    def paper(self, data: dict[str, Any], fiche: Any) -> Paper:
        refuse_partial(fiche)
        return self._module("paper").paper(data, fiche)  # type: ignore[no-any-return]

    def chart(self, data: dict[str, Any], fiche: Any) -> Chart:
        """The paper's chart alone, for `chart`: from the module's `chart` where it has one, which draws
        no row of the export (a third of `chart` on 2,000 coups), else from its `paper`."""
        refuse_partial(fiche)
        module = self._module("paper")
        if hasattr(module, "chart"):
            return module.chart(data, fiche)  # type: ignore[no-any-return]
        return self.paper(data, fiche).chart


class Spoken:
    """What a game's engine gives the short line, from the module `line` of the engine's own package
    (`games/GAME/line.py`, imported on first use: the commands that read no line start without it):
    `read_line`, `write_line`, `ask`, `vocabulary`, `needs`, and the words a player may not be named
    (C-4), read from the package's `words/` folder: a game from outside the package speaks so too."""

    name: str

    def _line(self) -> Any:
        return import_module(f"{type(self).__module__}.line")

    def _folder(self) -> Path:
        """The engine's package folder, where its `words/` are."""
        return Path(str(sys.modules[type(self).__module__].__file__)).parent

    def read_line(
        self, state: Any, words: Sequence[str], language: Language, asked: str | None = None
    ) -> dict[str, Any]:
        return self._line().read(state, words, language, asked)  # type: ignore[no-any-return]

    def write_line(self, state: Any, declared: Mapping[str, Any], language: Language) -> str:
        return self._line().write(state, declared, language)  # type: ignore[no-any-return]

    def ask(self, state: Any, declared: Mapping[str, Any], error: UserError, language: Language) -> Ask | None:
        return self._line().ask(state, declared, error, language)  # type: ignore[no-any-return]

    def vocabulary(self, state: Any, language: Language) -> dict[str, tuple[str, ...]]:
        return self._line().vocabulary(state, language)  # type: ignore[no-any-return]

    def needs(self, state: Any) -> tuple[Record, ...]:
        return self._line().needs(state)  # type: ignore[no-any-return]

    def examples(self, state: Any, language: Language) -> tuple[str, ...]:
        """Coups of this game as its words file says them (`[table] examples`), with the players of the
        table in `state` (`{0}`: the first seat, counted round the table where it has fewer)."""
        seats = self.vocabulary(state, language)["players"]
        said = language.game(self.name, self._folder()).get("table", {}).get("examples", ())
        return tuple(example.format(*(seats[at % len(seats)] for at in range(4))) for example in said)

    def line_words(self) -> frozenset[str]:
        """The keywords of the line (folded) in every language, which no player may be named (C-4)."""
        from scorekeeper.games.line import line_words

        return line_words(self.name, self._folder())


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
    return advance_all(ruleset.engine, ruleset.engine.start(ruleset, players, dealer), coups)


def advance_all(engine: Game, state: Any, coups: Sequence[Mapping[str, Any]]) -> Any:
    """`state` (which it takes over) after the declared `coups`: a fold of the game's `advance`."""
    with _no_cycle_collection():
        for declared in coups:
            state = engine.advance(state, declared)
    return state


def replay(ruleset: Ruleset, players: Sequence[str], dealer: str, coups: Sequence[Mapping[str, Any]]) -> Any:
    """The sheet of the declared coups, from the first deal: the only place a figure comes from."""
    return ruleset.engine.fiche(state_after(ruleset, players, dealer, coups))
