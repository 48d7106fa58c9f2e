"""The contract every game keeps: what the registry (`scorekeeper.games`) and everything outside `games/`
may ask of a game, and the base class a game starts from.

A game is an object that gives what `Game` lists. `Engine` is where a new game begins (docs/design.md
walks through the tests' template game): it reaches the game's own modules by name, as a built-in game
does (`sheet.py` and `paper.py` for what is drawn, `line.py` and `words/` for the short line, `options.py`
for what a coup is said with), and gives a sensible default for what a game may not have: no jetons to
settle, no referee (`check` and `audit` then say so), no house rule derived from another, no rule to hold
a concours result from paper to, the partie and its points for `stats`. What a game adds is its rules,
its replay and its figures.

The fiche a game gives is typed as far as the service reads it (`Fiche`: its players and its coups, each
coup as said at the table, `to_dict()`); every other reader takes the game's own fiche back (`Any`),
since only its game knows it.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeGuard

from scorekeeper.cards import Card, Deck, Suit
from scorekeeper.errors import UserError

if TYPE_CHECKING:
    from scorekeeper.explain import Record
    from scorekeeper.games.line import Ask
    from scorekeeper.games.options import Options
    from scorekeeper.games.paper import Chart, Paper
    from scorekeeper.games.sheet import Cell, Explained, Sheet
    from scorekeeper.language import Language
    from scorekeeper.referee import Relation, Verdict
    from scorekeeper.referee.audit import LogAudit
    from scorekeeper.rulesets import Key, Ruleset
    from scorekeeper.standing import Figures


class Play(NamedTuple):
    """One disputed play as `check` reads it: the trump (None: sans-atout, or a nolo), the trick so far (each
    card with the relation of its player to the one judged, where the game has sides), the hand, and the
    card played (None: only the legal cards are asked)."""

    trump: Suit | None
    trick: Sequence[tuple[Relation | None, Card]]
    hand: Sequence[Card]
    card: Card | None = None


class TrickLog(NamedTuple):
    """A coup's trick log as `audit` reads it: the players in seating order, who led the first trick, the
    trump, each trick's cards in play order; who played alone, the face-down cards (P-11), the calls."""

    players: Sequence[str]
    leader: str
    trump: Suit | None
    tricks: Sequence[Sequence[Card]]
    alone: str | None = None
    layout: Mapping[str, Sequence[tuple[Card, Card]]] | None = None
    calls: Mapping[str, Any] | None = None


class Dealt(NamedTuple):
    """One deal of a table as a tournament compares it with the same deal at the other tables (the Danish
    union's mapper, T-2): its number among the deals (a strafpoint is none), what was played in the game's
    words (a sheet's cell), who declared it and the hand held (0: forhånd, the first to play, D-2) with its
    name in the game's words, and what each player of the table scored by it, in seating order."""

    number: int
    said: Any
    declarer: str | None
    hand: int | None
    hand_said: Any
    scored: tuple[int, ...]


class Said(Protocol):
    """A coup as said at the table: what the ledger stores (`to_dict()`, JSON data), never a figure."""

    def to_dict(self) -> dict[str, Any]: ...


class Result(Protocol):
    """One coup of a fiche: its number in the partie, and the coup as said."""

    @property
    def number(self) -> int: ...
    @property
    def coup(self) -> Said: ...


class Fiche(Protocol):
    """A game's fiche as the service reads it: the players, the coups, the JSON form (`sheet --json`)."""

    @property
    def players(self) -> Sequence[str]: ...
    @property
    def coups(self) -> Sequence[Result]: ...
    def as_dict(self) -> dict[str, Any]: ...


class Game(Protocol):
    """What every game gives: its ruleset keys and typed rules, the replay a coup at a time, edits, the
    referee's verdicts. A state is taken over by `advance`; `fiche` reads it as the game's sheet."""

    name: str
    keys: tuple[Key, ...]
    decks: Mapping[str, Deck]  # the decks its key `cards.deck` names (C-1)
    has_money: bool  # jetons to settle at the end of the partie (`settle`)
    counts: tuple[str, ...]  # the figures its `figures` count (`standing.FIGURES`): its columns in `stats`
    numbered_deals: bool  # deals a tournament sets beside each other across its tables (`deals`, T-2)

    @property
    def options(self) -> Options: ...  # what a coup is said with: the command line's flags, the table's words
    def rules_from(self, values: Mapping[str, Any], origin: str | Record) -> Any: ...
    def start(self, ruleset: Ruleset, players: Sequence[str], dealer: str) -> Any: ...
    def advance(self, state: Any, declared: Mapping[str, Any]) -> Any: ...
    def check_open(self, state: Any) -> None: ...
    def fiche(self, state: Any) -> Fiche: ...
    def merge(self, declared: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]: ...
    def judge_play(self, ruleset: Ruleset, play: Play) -> Verdict: ...
    def renonce_cost(self, rules: Any) -> Record: ...
    def derived(self, ruleset: Ruleset) -> dict[str, Record]: ...
    def audit_log(self, ruleset: Ruleset, log: TrickLog) -> LogAudit: ...
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
    def deals(self, fiche: Any) -> tuple[Dealt, ...]: ...


class Settling(Game, Protocol):
    """A game with money (`has_money`): `settle` pays the end of a partie, or of one stopped early."""

    # `rate`: money a point as the user typed it (`settle --rate`, D-8), for a game counted in points
    # `teams`: partners whose points add up (`settle --team A+B`, D-8), as the user named them
    def settle(
        self, fiche: Any, early: bool, whole: bool = False, rate: Any = None, teams: Sequence[str] = ()
    ) -> Any: ...
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


class Engine(Spoken, Drawn):
    """Where a game begins: `Spoken` and `Drawn` reach its `line.py`, `words/`, `sheet.py` and `paper.py`;
    what a game may not have is given here. A game sets `name`, `keys` and `decks` and writes
    `rules_from`, `start`, `advance`, `check_open`, `fiche` and `figures`; the rest it writes only where
    it has something to say (docs/design.md)."""

    name: str
    has_money = False  # jetons to settle: a game that has them is `Settling` and says so
    counts: tuple[str, ...] = ("won", "lost", "points")  # its columns in `stats`: the partie, its points
    numbered_deals = False  # deals a tournament compares across its tables (`deals`, T-2)

    def _package(self, name: str) -> Any | None:
        """The module `name` of the game's own package, or None where the game has none."""
        try:
            return import_module(f"{type(self).__module__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{type(self).__module__}.{name}":
                raise  # a module the game's own module imports: its bug, said as it is
            return None

    @property
    def options(self) -> Options:
        """What a coup is said with: the `OPTIONS` of the game's module `options`, read on first use (`sheet`
        starts without it)."""
        options: Options = import_module(f"{type(self).__module__}.options").OPTIONS
        return options

    def merge(self, declared: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
        """An edit (`edit`): what is given replaces what was said."""
        return {**declared, **changes}

    def judge_play(self, ruleset: Ruleset, play: Play) -> Verdict:
        """A game without a referee judges no play: `check` says so, exit 2."""
        raise UserError("no_referee", game=self.name)

    def renonce_cost(self, rules: Any) -> Record:
        raise UserError("no_referee", game=self.name)

    def audit_log(self, ruleset: Ruleset, log: TrickLog) -> LogAudit:
        """A game without a referee audits no trick log: `audit` says so, exit 2."""
        raise UserError("no_referee", game=self.name)

    def derived(self, ruleset: Ruleset) -> dict[str, Record]:
        """What the ruleset's keys make of one another (`rules show`): the `derived(settings, rules)` of the
        game's module `rules`, where it has one; else nothing."""
        module = self._package("rules")
        found = getattr(module, "derived", None)
        return {} if found is None else found(ruleset.settings, ruleset.rules)

    def paper_result(self, rules: Any, won: Sequence[float], manches: Sequence[int], points: Sequence[int]) -> None:
        """A concours table's result from paper (T-8): a game with no rule to hold it to takes it as said."""
        return None

    def stopped(self, fiche: Any) -> Any:
        """Who wins a partie stopped by agreement: nobody, unless the game says."""
        return None

    def deals(self, fiche: Any) -> tuple[Dealt, ...]:
        """Each deal of a table, to set beside the same deal at the other tables of a tournament (T-2), where
        the game has `numbered_deals`; none here."""
        return ()
