"""A concours as its file holds it: settings, entrants (teams, or players in `individuel`), rounds.

A `Concours` is what the organiser said (registrations, draws, results from paper, forfeits), never a
standing: the standing is a replay (`concours.standing`). Values are frozen dataclasses; the concours
itself changes as the ledger of a game does, inside its file's lock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from scorekeeper import clock
from scorekeeper.errors import UserError

FORMAT = 1
FORMATS = ("doublettes", "individuel", "quadrettes")
PAIRINGS = ("standing", "random")
MEASURES = ("won", "points", "difference", "opponents", "jetons", "taken")
# A table's game: the concours's name, its round and its table (`Printemps-r2-t7`).
GAME_NAME = re.compile(r"(?P<concours>.+)-r(?P<round>[0-9]{1,3})-t(?P<table>[0-9]{1,4})")


def game_name(concours: str, round_number: int, table: int) -> str:
    """The name of the game table `table` of round `round_number` plays.

    >>> game_name("Printemps", 2, 7)
    'Printemps-r2-t7'
    """
    return f"{concours}-r{round_number}-t{table}"


@dataclass(frozen=True, slots=True)
class Settings:
    """The concours's own settings (T-1 to T-7): its format, rounds, pairing, bye, ranking, the partie's
    length in coups (or deals) where it sets one, its prizes, the players a table seats (4, or 3 at tables of
    three), whether each plays for himself there (`alone`: l'hombre's tables, French or Danish) and what a
    player's result at such a table counts (`figure`: the French table's jetons, the Danish spillepoint)."""

    format: str = "doublettes"
    rounds: int = 4
    pairing: str = "standing"
    bye: tuple[int, int] | None = None  # (manches, points); None: "average" (T-4)
    ranking: tuple[str, ...] = ("won", "points", "difference")
    coups: int | None = None
    prizes: int = 0
    seats: int = 4
    awards: tuple[str, ...] = ()  # each place's prize as said (T-10): money (`200€`) or a lot (`jambon`)
    alone: bool = False  # each for himself at his table (l'hombre), else two teams of two
    figure: str = "points"  # a player's result where each plays alone: "jetons" (H-19) or "points" (D-8)

    def __post_init__(self) -> None:
        if self.seats == 3 and not self.alone:  # three at a table play each for himself: the French l'hombre's
            object.__setattr__(self, "alone", True)
            object.__setattr__(self, "figure", "jetons")

    @property
    def per_side(self) -> int:
        """Entrants a side holds: a team alone in `doublettes`, two players in `individuel` at four."""
        return 2 if self.format == "individuel" and not self.alone else 1

    @property
    def sides(self) -> int:
        """Sides at a table: two teams, or each player alone at l'hombre's tables (three, or four with an
        oversidder at the Danish table, D-2)."""
        return self.seats if self.alone else 2

    @property
    def players(self) -> int:
        """Players an entrant registers: one in `individuel`, two in `doublettes`, four in `quadrettes` (a
        Danish hold, each of its players at another table of the round)."""
        return {"individuel": 1, "quadrettes": 4}.get(self.format, 2)

    @property
    def per_table(self) -> int:
        """Entrants a table takes."""
        return self.sides * self.per_side

    def to_toml(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": self.format,
            "rounds": self.rounds,
            "pairing": self.pairing,
            "bye": "average" if self.bye is None else {"manches": self.bye[0], "points": self.bye[1]},
            "ranking": list(self.ranking),
            "prizes": self.prizes,
            "seats": self.seats,
        }
        if self.alone:
            data["alone"], data["figure"] = True, self.figure
        if self.coups is not None:
            data["coups"] = self.coups
        if self.awards:
            data["awards"] = list(self.awards)
        return data

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> Settings:
        bye = data.get("bye", "average")
        return cls(
            format=str(data.get("format", "doublettes")),
            rounds=int(data.get("rounds", 4)),
            pairing=str(data.get("pairing", "standing")),
            bye=None if bye == "average" else (int(bye["manches"]), int(bye["points"])),
            ranking=tuple(data.get("ranking", ("won", "points", "difference"))),
            coups=None if data.get("coups") is None else int(data["coups"]),
            prizes=int(data.get("prizes", 0)),
            seats=int(data.get("seats", 4)),
            awards=tuple(str(award) for award in data.get("awards", ())),
            alone=bool(data.get("alone", data.get("seats") == 3)),  # a file of before: alone at tables of three
            figure=str(data.get("figure", "jetons" if data.get("seats") == 3 else "points")),
        )


@dataclass(frozen=True, slots=True)
class Entrant:
    """A team (or, in `individuel`, a player): its number in order of registration, its name, its players;
    the first round it may be drawn in (a late team: T-5), and the round it withdrew in (None: still in)."""

    number: int
    name: str
    players: tuple[str, ...]
    joined: int = 1
    withdrawn: int | None = None

    def to_toml(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "number": self.number,
            "name": self.name,
            "players": list(self.players),
            "joined": self.joined,
        }
        if self.withdrawn is not None:
            data["withdrawn"] = self.withdrawn
        return data

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> Entrant:
        withdrawn = data.get("withdrawn")
        return cls(
            int(data["number"]),
            str(data["name"]),
            tuple(map(str, data["players"])),
            int(data.get("joined", 1)),
            None if withdrawn is None else int(withdrawn),
        )


@dataclass(frozen=True, slots=True)
class Result:
    """A table's result (T-2): for each side in the table's order, partie won (1, a draw 0.5, lost 0), its
    manches and its points (at tables of three: each player's jetons, and poules taken as `manches`);
    where it came from (`paper`, or `game`: the table's game), and whether a draw has used it (T-7: frozen)."""

    won: tuple[float, ...]
    points: tuple[int | float, ...]
    manches: tuple[int, ...]
    source: str = "paper"
    frozen: bool = False

    def same(self, other: Result) -> bool:
        """Whether two entries say the same result (T-6), wherever each came from."""
        return (self.won, self.points, self.manches) == (other.won, other.points, other.manches)

    def to_toml(self) -> dict[str, Any]:
        return {
            "won": list(self.won),
            "points": list(self.points),
            "manches": list(self.manches),
            "source": self.source,
            "frozen": self.frozen,
        }

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> Result:
        return cls(
            tuple(float(won) for won in data["won"]),
            tuple(data["points"]),
            tuple(int(m) for m in data["manches"]),
            str(data.get("source", "paper")),
            bool(data.get("frozen", False)),
        )


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: its number, its sides (entrants' numbers, in the table's order of teams), the
    players in their seats (C-3: the sides alternate), its game's name, its secret (for its page on the web),
    its result where one was entered or frozen, and the entrants who forfeited it (T-5)."""

    number: int
    sides: tuple[tuple[int, ...], ...]
    seats: tuple[str, ...]
    game: str
    secret: str = ""
    result: Result | None = None
    forfeit: tuple[int, ...] = ()

    @property
    def entrants(self) -> tuple[int, ...]:
        return tuple(number for side in self.sides for number in side)

    def to_toml(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "table": self.number,
            "sides": [list(side) for side in self.sides],
            "seats": list(self.seats),
            "game": self.game,
            "secret": self.secret,
        }
        if self.forfeit:
            data["forfeit"] = list(self.forfeit)
        if self.result is not None:
            data["result"] = self.result.to_toml()
        return data

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> Table:
        result = data.get("result")
        return cls(
            int(data["table"]),
            tuple(tuple(int(n) for n in side) for side in data["sides"]),
            tuple(map(str, data["seats"])),
            str(data["game"]),
            str(data.get("secret", "")),
            None if result is None else Result.from_toml(result),
            tuple(int(n) for n in data.get("forfeit", ())),
        )


@dataclass(frozen=True, slots=True)
class Round:
    """A round drawn: its number, the seed it was drawn from (T-3), its tables, who sat out (T-4)."""

    number: int
    seed: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()

    def table(self, number: int) -> Table | None:
        return next((table for table in self.tables if table.number == number), None)

    def with_table(self, table: Table) -> Round:
        return replace(self, tables=tuple(table if old.number == table.number else old for old in self.tables))

    def to_toml(self) -> dict[str, Any]:
        return {
            "round": self.number,
            "seed": self.seed,
            "byes": list(self.byes),
            "tables": [t.to_toml() for t in self.tables],
        }

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> Round:
        return cls(
            int(data["round"]),
            int(data["seed"]),
            tuple(Table.from_toml(t) for t in data.get("tables", ())),
            tuple(int(n) for n in data.get("byes", ())),
        )


@dataclass
class Concours:
    """One concours as the organiser said it. `seeds` keeps each round's seed once drawn, an undone draw's
    too (T-3: drawn again, the same tables); `reseeded` the rounds whose seed the organiser asked anew."""

    name: str
    ruleset_name: str
    ruleset: dict[str, Any]
    options: dict[str, Any]
    settings: Settings
    entrants: list[Entrant] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    seeds: dict[int, int] = field(default_factory=dict)
    reseeded: list[int] = field(default_factory=list)
    created: str | None = None
    lang: str | None = None

    def entrant(self, number: int) -> Entrant:
        return next(entrant for entrant in self.entrants if entrant.number == number)

    def with_entrant(self, entrant: Entrant) -> None:
        self.entrants = [entrant if old.number == entrant.number else old for old in self.entrants]

    @property
    def current(self) -> Round | None:
        """The last round drawn, None before the first draw."""
        return self.rounds[-1] if self.rounds else None

    def round(self, number: int) -> Round:
        if not 1 <= number <= len(self.rounds):
            raise UserError("concours_no_round", "T-6", number=number, drawn=len(self.rounds))
        return self.rounds[number - 1]

    def with_round(self, drawn: Round) -> None:
        self.rounds = [drawn if old.number == drawn.number else old for old in self.rounds]

    def to_toml(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "name": self.name,
            "created": self.created or clock.now(),
            "ruleset_name": self.ruleset_name,
        }
        if self.lang is not None:
            data["lang"] = self.lang
        data["options"] = dict(self.options)
        data["settings"] = self.settings.to_toml()
        data["seeds"] = {str(number): seed for number, seed in sorted(self.seeds.items())}
        data["reseeded"] = list(self.reseeded)
        data["ruleset"] = self.ruleset
        data["entrants"] = [entrant.to_toml() for entrant in self.entrants]
        data["rounds"] = [drawn.to_toml() for drawn in self.rounds]
        return data

    @classmethod
    def from_toml(cls, data: dict[str, Any]) -> Concours:
        created = data.get("created")
        return cls(
            name=str(data["name"]),
            ruleset_name=str(data["ruleset_name"]),
            ruleset=dict(data["ruleset"]),
            options=dict(data.get("options", {})),
            settings=_read("settings", lambda: Settings.from_toml(dict(data.get("settings", {})))),
            entrants=[
                _read(f"entrants[{at}]", lambda one=one: Entrant.from_toml(one))
                for at, one in enumerate(data.get("entrants", ()), start=1)
            ],
            rounds=[
                _read(f"rounds[{at}]", lambda one=one: Round.from_toml(one))
                for at, one in enumerate(data.get("rounds", ()), start=1)
            ],
            seeds={int(number): int(seed) for number, seed in dict(data.get("seeds", {})).items()},
            reseeded=[int(number) for number in data.get("reseeded", ())],
            created=created if isinstance(created, str) else None,
            lang=data.get("lang") if isinstance(data.get("lang"), str) else None,
        )


class Unreadable(ValueError):
    """A part of a concours file that cannot be read, by its key (`rounds[2]`)."""


def _read(key: str, made: Any) -> Any:
    """`made()`, a part of a concours file read, or `Unreadable(key)` naming it."""
    try:
        return made()
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        inner = f".{error.args[0]}" if isinstance(error, KeyError) else ""
        raise Unreadable(f"{key}{inner}") from None


def damaged(concours: Concours) -> str | None:
    """The first key of a concours file that no organiser's command writes so (a hand-edited or damaged
    file), as a path (`rounds[1].tables[2].result.points`), else None: a standing is never made of `nan`, of
    a team dropped silently or of six players at a table of four."""
    settings = concours.settings
    if settings.seats not in (3, 4) or settings.format not in FORMATS or settings.pairing not in PAIRINGS:
        return "settings"
    if settings.rounds < 1 or settings.prizes < 0 or any(measure not in MEASURES for measure in settings.ranking):
        return "settings"
    if settings.figure not in ("jetons", "points"):
        return "settings"
    if settings.format == "quadrettes" and not (settings.alone and settings.seats == 4):
        return "settings"
    numbers = [one.number for one in concours.entrants]
    if len(set(numbers)) != len(numbers) or any(number < 1 for number in numbers):
        return "entrants.number"
    for at, one in enumerate(concours.entrants, start=1):
        if not one.name.strip() or len(one.players) != settings.players:
            return f"entrants[{at}]"
        if one.joined < 1 or (one.withdrawn is not None and one.withdrawn < 1):
            return f"entrants[{at}]"
    known = set(numbers)
    for at, drawn in enumerate(concours.rounds, start=1):
        where = f"rounds[{at}]"
        if drawn.number != at or not set(drawn.byes) <= known:
            return where
        seen: set[int] = set(drawn.byes)
        if len({table.number for table in drawn.tables}) != len(drawn.tables):
            return f"{where}.tables"
        for place, table in enumerate(drawn.tables, start=1):
            here = f"{where}.tables[{place}]"
            if len(table.sides) != settings.sides or any(len(side) != settings.per_side for side in table.sides):
                return f"{here}.sides"
            sitting = set(table.entrants)
            again = seen & sitting and settings.format != "quadrettes"  # a hold sits at four tables of a round
            if not sitting <= known or again or len(sitting) != len(table.entrants):
                return f"{here}.sides"
            seen |= set(table.entrants)
            if len(table.seats) != settings.seats or not table.game.strip():
                return f"{here}.seats"
            if not set(table.forfeit) <= set(table.entrants):
                return f"{here}.forfeit"
            if table.result is not None and not _whole_result(table.result, settings.sides):
                return f"{here}.result"
    return None


def _whole_result(result: Result, sides: int) -> bool:
    """A result as `concours result` or a table's game writes it: one figure a side, finite, won 0, ½ or 1."""
    import math

    if not len(result.won) == len(result.points) == len(result.manches) == sides:
        return False
    figures = (*result.won, *result.points)
    numbers = all(isinstance(value, int | float) and not isinstance(value, bool) for value in figures)
    if not numbers or not all(math.isfinite(value) for value in figures):
        return False
    return all(won in (0.0, 0.5, 1.0) for won in result.won) and all(manches >= 0 for manches in result.manches)
