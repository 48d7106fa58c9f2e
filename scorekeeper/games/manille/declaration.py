"""A manille coup as said at the table (M-3), read and checked for its form alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from scorekeeper.cards import Card, CardError, Suit, parse_trump
from scorekeeper.errors import UserError
from scorekeeper.games.manille.rules import ManilleRules
from scorekeeper.players import find_player
from scorekeeper.rulesets import Ruleset


class Coup(NamedTuple):
    """One coup as said at the table (M-3): how trump was set and what the calls were, then the points
    made, a renonce, or the whole trick log, from which the referee computes the points.
    """

    retourne: Card | None = None  # M-5
    trump: Suit | None = None  # named by the dealer, his partner or the taker (None: see sans_atout)
    sans_atout: bool = False  # P-8
    chooser: str | None = None  # who named trump (M-10: the dealer, or his partner after passe-parole)
    contre: str | None = None  # M-6, M-7: frapper, coinche
    surcontre: str | None = None  # M-6: contre-frapper
    taker: str | None = None  # M-13
    bid: int | None = None  # M-13
    exchange: int | None = None  # M-11: cards the dealer took blind from the chien
    points: tuple[tuple[str, int], ...] | None = None  # points made, by a player of each camp named
    renonce: str | None = None
    tricks: tuple[tuple[Card, ...], ...] | None = None
    let_renonce_pass: bool = False  # the table agreed to play on after a renonce found in the log
    layout: tuple[tuple[str, tuple[tuple[Card, Card], ...]], ...] | None = None  # P-11: seat, (face up, down)

    FIELDS = (
        *("retourne", "trump", "chooser", "contre", "surcontre", "taker", "bid", "exchange"),
        *("points", "renonce", "tricks", "let_renonce_pass", "layout"),
    )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], ruleset: Ruleset, players: Sequence[str]) -> Coup:
        """Read a declaration (from the ledger or the command line) and check its form alone."""
        if not _FIELD_SET.issuperset(data):
            unknown = sorted(set(data) - _FIELD_SET)
            options = tuple(_option(field).replace("tricks", "trick") for field in cls.FIELDS)
            raise UserError("unknown_manille_field", field=_option(unknown[0]), fields=options)
        rules = ruleset.rules
        assert isinstance(rules, ManilleRules)
        retourne = data.get("retourne")
        if retourne is not None:
            if not isinstance(retourne, str):
                raise UserError("retourne_not_a_card")
            retourne = ruleset.deck.parse(retourne)
        trump, sans_atout = read_trump(data.get("trump"))
        points = _read_points(data.get("points"), rules, players)
        tricks = _read_tricks(data.get("tricks"), ruleset)
        let_pass = data.get("let_renonce_pass", False)
        if not isinstance(let_pass, bool):
            raise UserError("let_renonce_pass_not_a_flag")
        said = {key: _read_player(data, key, players) for key in _PLAYER_FIELDS if key in data}
        if sum(given is not None for given in (points, said.get("renonce"), tricks)) > 1:
            raise UserError("one_outcome_only")
        if let_pass and tricks is None:
            raise UserError("let_renonce_pass_without_log")
        layout = _read_layout(data.get("layout"), ruleset, players)
        if layout is not None and tricks is None:
            raise UserError("layout_without_log", "P-11")
        return cls(
            retourne=retourne,
            trump=trump,
            sans_atout=sans_atout,
            points=points,
            tricks=tricks,
            let_renonce_pass=let_pass,
            layout=layout,
            bid=_read_whole(data, "bid"),
            exchange=_read_whole(data, "exchange"),
            **said,
        )

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.retourne is not None:
            data["retourne"] = self.retourne.ascii
        if self.sans_atout or self.trump is not None:
            data["trump"] = "SA" if self.sans_atout else self.trump.value  # type: ignore[union-attr]
        for key in ("chooser", "contre", "surcontre", "taker", "bid", "exchange", "renonce"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.points is not None:
            data["points"] = dict(self.points)
        if self.tricks is not None:
            data["tricks"] = [[card.ascii for card in trick] for trick in self.tricks]
        if self.let_renonce_pass:
            data["let_renonce_pass"] = True
        if self.layout is not None:
            data["layout"] = {seat: [[up.ascii, down.ascii] for up, down in pairs] for seat, pairs in self.layout}
        return data


_FIELD_SET = frozenset(Coup.FIELDS)
_PLAYER_FIELDS = ("chooser", "contre", "surcontre", "taker", "renonce")


def _option(field: str) -> str:
    """The command line's option for a field of a coup: `let_renonce_pass` is `--let-renonce-pass`."""
    return "--" + field.replace("_", "-")


def _read_player(data: Mapping[str, Any], key: str, players: Sequence[str]) -> str | None:
    value = data[key]
    return None if value is None else find_player(players, str(value))


def _read_whole(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise UserError("not_a_whole_number", key=key, value=value)
    return value


def read_trump(text: Any) -> tuple[Suit | None, bool]:
    """The trump declared, and whether the coup is sans-atout (P-8)."""
    if text is None:
        return None, False
    if not isinstance(text, str):
        raise UserError("trump_not_a_suit_or_sa")
    suit = parse_trump(text)
    return suit, suit is None


def _read_points(declared: Any, rules: ManilleRules, players: Sequence[str]) -> tuple[tuple[str, int], ...] | None:
    """M-3: PLAYER=N for his camp; at each-for-himself every player's own points (M-14)."""
    if declared is None:
        return None
    if not isinstance(declared, dict) or not declared:
        raise UserError("points_not_a_table")
    points = []
    for who, value in declared.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise UserError("points_not_whole", value=value)
        if not 0 <= value <= rules.total:
            raise UserError("points_impossible", "M-3", points=value, total=rules.total)
        points.append((find_player(players, str(who)), value))
    if len({who for who, _ in points}) != len(points):
        raise UserError("points_given_twice")
    return tuple(points)


def _read_tricks(tricks: Any, ruleset: Ruleset) -> tuple[tuple[Card, ...], ...] | None:
    """A trick log as stored: a list of tricks, each a list of cards (or one string of cards)."""
    if tricks is None:
        return None
    if isinstance(tricks, Mapping):
        raise UserError("tricks_counted_at_hombre")
    if not isinstance(tricks, list) or not tricks:
        raise UserError("trick_log_not_a_list")
    log = []
    for number, trick in enumerate(tricks, 1):
        if isinstance(trick, str):
            trick = trick.replace(",", " ").split()
        if not isinstance(trick, list) or not all(isinstance(card, str) for card in trick):
            raise UserError("trick_not_a_list", trick=number)
        try:
            log.append(tuple(ruleset.deck.parse(card) for card in trick))
        except CardError as error:
            raise UserError("trick_refused", trick=number, reason=error) from None
    return tuple(log)


def _read_layout(
    declared: Any, ruleset: Ruleset, players: Sequence[str]
) -> tuple[tuple[str, tuple[tuple[Card, Card], ...]], ...] | None:
    """P-11: the table cards of a seat in pairs, `{NAME = [["QS", "7S"], ...]}`, face up over face down."""
    if declared is None:
        return None
    if not isinstance(declared, Mapping) or not declared:
        raise UserError("layout_not_a_table", "P-11")
    layout = []
    for who, pairs in declared.items():
        seat = find_player(players, str(who))
        if not isinstance(pairs, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(isinstance(card, str) for card in pair) for pair in pairs
        ):
            raise UserError("layout_not_pairs", "P-11", player=seat)
        try:
            read = tuple((ruleset.deck.parse(up), ruleset.deck.parse(down)) for up, down in pairs)
        except CardError as error:
            raise UserError("layout_refused", "P-11", player=seat, reason=error) from None
        layout.append((seat, read))
    return tuple(layout)
