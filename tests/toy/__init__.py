"""Toy, a trick game of the tests' own (issue 25, "the proof"): a game from outside the package,
registered through `SCOREKEEPER_GAMES=tests.toy`, that brings its whole edge from this folder alone:
its keys and rules, its coup's options, its short line and its words (`words/LANG.toml`), its catalogs
(`i18n/LANG/toy.po`, compiled under `i18n/locale/`), its sheet, its paper and its figures.

Its rules (X- for its rule ids):

- X-1: each coup says each player's tricks, which add up to the ruleset's `toy.tricks`;
- X-2: a trick scores one point, and the player who holds the bonus card scores `toy.bonus` more;
- X-3: the partie ends after the coup where a player reaches `toy.target`; the highest score wins,
  nobody on a tie at the top.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper import i18n
from scorekeeper.cards import Deck, Rank
from scorekeeper.errors import CoupRefused, Field, UserError
from scorekeeper.explain import Record, record
from scorekeeper.games.contract import Engine, Game
from scorekeeper.rulesets import Key, Ruleset

if TYPE_CHECKING:
    from scorekeeper.games.options import Options
    from scorekeeper.standing import Figures

HERE = Path(__file__).resolve().parent
RULESET = HERE / "toy.toml"
i18n.bring(HERE / "i18n")  # the toy's catalogs, looked up after the package's

TOY_DECK = Deck("toy", (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))

KEYS = (
    Key("table.players", int, "toy.key.players", choices=(2, 3, 4)),
    Key("cards.deck", str, "toy.key.deck", choices=("toy",), default="toy"),
    Key("toy.tricks", int, "toy.key.tricks", default=8, minimum=1),
    Key("toy.bonus", int, "toy.key.bonus", default=2, minimum=0),
    Key("toy.target", int, "toy.key.target", default=10, minimum=1),
)


@dataclass(frozen=True, slots=True)
class ToyRules:
    tricks: int
    bonus: int
    target: int


@dataclass(frozen=True, slots=True)
class Coup:
    """A coup as said at the table: each player's tricks (X-1), who held the bonus card (X-2)."""

    tricks: tuple[tuple[str, int], ...]
    bonus: str | None = None

    def to_dict(self) -> dict[str, Any]:
        said: dict[str, Any] = {"tricks": dict(self.tricks)}
        return said if self.bonus is None else {**said, "bonus": self.bonus}


@dataclass(frozen=True, slots=True)
class CoupResult:
    number: int
    dealer: str
    coup: Coup
    scored: tuple[int, ...]  # each player's points for the coup
    scores: tuple[int, ...]  # each player's running score
    log: tuple[Record, ...]


@dataclass(frozen=True, slots=True)
class Fiche:
    ruleset: Ruleset
    players: tuple[str, ...]
    coups: tuple[CoupResult, ...]
    scores: tuple[int, ...]
    over: bool
    winner: str | None
    next_dealer: str

    @property
    def game(self) -> str:
        return self.ruleset.game

    @property
    def rules(self) -> ToyRules:
        rules: ToyRules = self.ruleset.rules
        return rules

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (`sheet --json`)."""
        return {
            "game": "toy",
            "ruleset": self.ruleset.name,
            "players": [{"name": name, "score": score} for name, score in zip(self.players, self.scores, strict=True)],
            "target": self.rules.target,
            "over": self.over,
            "winner": self.winner,
            "next_dealer": None if self.over else self.next_dealer,
            "coups": [
                {
                    "number": result.number,
                    "dealer": result.dealer,
                    "declared": result.coup.to_dict(),
                    "scored": list(result.scored),
                    "scores": list(result.scores),
                    "log": list(result.log),
                }
                for result in self.coups
            ],
        }


class State:
    """The partie between two coups; `advance` takes it over."""

    __slots__ = ("ruleset", "players", "results", "turn")

    def __init__(self, ruleset: Ruleset, players: Sequence[str], dealer: str) -> None:
        self.ruleset = ruleset
        self.players = tuple(players)
        self.results: list[CoupResult] = []
        self.turn = self.players.index(dealer)

    @property
    def rules(self) -> ToyRules:
        rules: ToyRules = self.ruleset.rules
        return rules

    @property
    def scores(self) -> tuple[int, ...]:
        return self.results[-1].scores if self.results else (0,) * len(self.players)

    @property
    def over(self) -> bool:
        return max(self.scores) >= self.rules.target


def refused(key: str, field: str, rule: str, **values: Any) -> CoupRefused:
    """A coup the table cannot have said, about one field of it: each edge names the field its own way."""
    return CoupRefused(key, rule, field=Field(field, "toy"), **values)


def read_coup(declared: Mapping[str, Any], players: Sequence[str], rules: ToyRules) -> Coup:
    """X-1: every player named is at the table, the tricks add up to the coup's; X-2: the bonus is a player's."""
    unknown = set(declared) - {"tricks", "bonus"}
    if unknown:
        raise refused("toy_unknown_field", min(unknown), "X-1")
    tricks = declared.get("tricks")
    if not isinstance(tricks, Mapping):
        raise refused("toy_tricks_missing", "tricks", "X-1")
    for name, count in tricks.items():
        if name not in players:
            raise UserError("unknown_player", name=name, players=list(players))
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise refused("toy_bad_count", "tricks", "X-1", player=name, count=count)
    if sum(tricks.values()) != rules.tricks:
        raise refused("toy_tricks_sum", "tricks", "X-1", given=sum(tricks.values()), tricks=rules.tricks)
    bonus = declared.get("bonus")
    if bonus is not None and bonus not in players:
        raise refused("toy_bonus_player", "bonus", "X-2", name=bonus, players=list(players))
    return Coup(tuple((name, tricks.get(name, 0)) for name in players if name in tricks), bonus)


def score(coup: Coup, players: Sequence[str], rules: ToyRules) -> tuple[tuple[int, ...], tuple[Record, ...]]:
    """X-2: a point a trick, the bonus card's points to its holder."""
    tricks = dict(coup.tricks)
    scored = [tricks.get(name, 0) for name in players]
    log = [record("toy.log.tricks", "X-2", player=name, tricks=count) for name, count in coup.tricks]
    if coup.bonus is not None:
        scored[players.index(coup.bonus)] += rules.bonus
        log.append(record("toy.log.bonus", "X-2", player=coup.bonus, points=rules.bonus))
    return tuple(scored), tuple(log)


def winner(scores: Sequence[int], players: Sequence[str]) -> str | None:
    """X-3: the highest score, nobody on a tie at the top."""
    top = max(scores)
    ahead = [name for name, points in zip(players, scores, strict=True) if points == top]
    return ahead[0] if len(ahead) == 1 else None


class Toy(Engine):
    """The toy behind the interface every game has, the template of a new game: `Engine` reaches `line.py`
    and `words/` here, `sheet.py` and `paper.py`, as for a built-in game, and gives what the toy has not:
    no referee (`check` and `audit` say so), no jetons, an edit that replaces what it names. What is left
    here is the toy's own: its keys and rules, its coup's options, its replay, its figures."""

    name = "toy"
    keys: tuple[Key, ...] = KEYS
    decks: Mapping[str, Deck] = {TOY_DECK.name: TOY_DECK}
    has_money = False

    @property
    def options(self) -> Options:
        """A coup's tricks (X-1) and the bonus card's holder (X-2), as flags of `coup`."""
        from scorekeeper.games.options import Completes, Kind, Option, Options

        return Options(
            coup=(
                Option.of("tricks", Kind.COUNTS, help="toy.help.tricks", many=True, mistake="toy_bad_tricks"),
                Option.of("bonus", Kind.TEXT, Completes.PLAYERS, help="toy.help.bonus"),
            )
        )

    def rules_from(self, values: Mapping[str, Any], origin: str | Record) -> ToyRules:
        return ToyRules(values["toy.tricks"], values["toy.bonus"], values["toy.target"])

    def start(self, ruleset: Ruleset, players: Sequence[str], dealer: str) -> State:
        return State(ruleset, players, dealer)

    def advance(self, state: State, declared: Mapping[str, Any]) -> State:
        number = len(state.results) + 1
        try:
            self.check_open(state)
            coup = read_coup(declared, state.players, state.rules)
        except UserError as error:
            raise CoupRefused.of(error, number) from None
        scored, log = score(coup, state.players, state.rules)
        scores = tuple(a + b for a, b in zip(state.scores, scored, strict=True))
        dealer = state.players[state.turn % len(state.players)]
        state.results.append(CoupResult(number, dealer, coup, scored, scores, log))
        state.turn += 1
        return state

    def check_open(self, state: State) -> None:
        if state.over:
            raise UserError("toy_over", "X-3", winner=winner(state.scores, state.players))

    def fiche(self, state: State) -> Fiche:
        over = state.over
        return Fiche(
            state.ruleset,
            state.players,
            tuple(state.results),
            state.scores,
            over,
            winner(state.scores, state.players) if over else None,
            state.players[state.turn % len(state.players)],
        )

    def figures(self, fiche: Fiche) -> dict[str, Figures]:
        """Each player's points, and the partie won or lost once it is over (X-3)."""
        from scorekeeper.standing import Figures

        over = fiche.over and fiche.winner is not None
        return {
            name: Figures(
                won=int(over and name == fiche.winner), lost=int(over and name != fiche.winner), points=points
            )
            for name, points in zip(fiche.players, fiche.scores, strict=True)
        }

    def stopped(self, fiche: Fiche) -> list[str] | None:
        ahead = winner(fiche.scores, fiche.players)
        return None if ahead is None else [ahead]


ENGINE: Game = Toy()
