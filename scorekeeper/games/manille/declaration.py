"""A manille coup as said at the table (M-3), read and checked for its form alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from scorekeeper.cards import Card, CardError, Suit, parse_trump, played_by
from scorekeeper.errors import CoupRefused, Field, UserError
from scorekeeper.games.manille.rules import ManilleRules
from scorekeeper.games.manille.table import seat_named
from scorekeeper.players import find_player, trick_names
from scorekeeper.rulesets import Ruleset

# What a coup may say, in the order of the options of `coup`.
FIELDS = (
    *("retourne", "trump", "chooser", "contre", "surcontre", "taker", "bid", "exchange"),
    *("points", "renonce", "tricks", "let_renonce_pass", "layout"),
    *("dealer", "force", "menteur", "misdeal", "pass", "adjust", "reason"),
)


# A NamedTuple for the start-up of `sheet`, which creates this class at every start (figure at `table.Side`).
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
    named: tuple[tuple[str, ...] | None, ...] | None = None  # each trick's seats as named on its cards (M-3), or None
    let_renonce_pass: bool = False  # the table agreed to play on after a renonce found in the log
    layout: tuple[tuple[str, tuple[tuple[Card, Card], ...]], ...] | None = None  # P-11: seat, (face up, down)
    dealer: str | None = None  # who dealt, where it was not the one the rotation expected
    force: bool = False  # M-10: the table played a choice the quota refuses
    menteur: str | None = None  # M-8: a lie about one's hand in parlée, priced as a renonce
    # The entries that are not deals played (M-17, M-18), numbered like the coups.
    misdeal: bool = False
    all_passed: bool = False  # stored as `pass`
    adjust: tuple[tuple[str, int], ...] | None = None  # M-18: points to a player's side, as agreed
    reason: str | None = None

    @property
    def entry(self) -> str | None:
        """What an entry that is not a deal played is (M-17, M-18), None for a coup."""
        return "misdeal" if self.misdeal else "pass" if self.all_passed else "adjust" if self.adjust else None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], ruleset: Ruleset, players: Sequence[str]) -> Coup:
        """Read a declaration (from the ledger or the command line) and check its form alone."""
        if _PLAIN.issuperset(data):
            return cls._plain(data, ruleset, players)
        if "pay" in data:  # M-18: jetons are l'hombre's
            raise UserError("adjust_pay_at_manille", "M-18")
        if not _FIELD_SET.issuperset(data):
            unknown = sorted(set(data) - _FIELD_SET)
            named = (name for name in FIELDS if name not in ("adjust", "reason"))  # those are `adjust`'s
            fields = tuple(map(coup_field, named))
            raise CoupRefused("unknown_manille_field", field=coup_field(unknown[0]), fields=fields)
        rules = ruleset.rules
        assert isinstance(rules, ManilleRules)
        retourne = _read_retourne(data, ruleset)
        trump, sans_atout = read_trump(data.get("trump"))
        points = _read_points(data.get("points"), rules, players)
        tricks, seats_named = _read_tricks(data.get("tricks"), ruleset, players)
        let_pass = data.get("let_renonce_pass", False)
        if not isinstance(let_pass, bool):
            raise UserError("let_renonce_pass_not_a_flag")
        flags = {key: _read_flag(data, key) for key in ("force", "misdeal", "pass")}
        said = {key: _read_player(data, key, players) for key in _PLAYER_FIELDS if key in data}
        if sum(given is not None for given in (points, said.get("renonce"), said.get("menteur"), tricks)) > 1:
            raise UserError("one_outcome_only")
        adjust, reason = _read_adjust(data, players)
        entries = [key for key in ("misdeal", "pass") if flags[key]] + (["adjust"] if adjust else [])
        if entries:  # M-17, M-18: nothing was played, so nothing else was said
            allowed = {"adjust", "reason"} if entries[0] == "adjust" else {entries[0], "dealer"}
            besides = sorted(key for key, value in data.items() if value not in (None, False) and key not in allowed)
            if besides:
                raise CoupRefused("entry_alone", entry=coup_field(entries[0]), field=coup_field(besides[0]))
        if let_pass and tricks is None:
            log = coup_field("tricks")
            raise CoupRefused("let_renonce_pass_without_log", field=coup_field("let_renonce_pass"), tricks=log)
        layout = _read_layout(data.get("layout"), ruleset, players)
        if layout is not None and tricks is None:
            raise UserError("layout_without_log", "P-11")
        return cls(
            retourne=retourne,
            trump=trump,
            sans_atout=sans_atout,
            points=points,
            tricks=tricks,
            named=seats_named,
            let_renonce_pass=let_pass,
            layout=layout,
            bid=_read_whole(data, "bid"),
            exchange=_read_whole(data, "exchange"),
            force=flags["force"],
            misdeal=flags["misdeal"],
            all_passed=flags["pass"],
            adjust=adjust,
            reason=reason,
            **said,
        )

    @classmethod
    def _plain(cls, data: Mapping[str, Any], ruleset: Ruleset, players: Sequence[str]) -> Coup:
        """`from_dict` of a coup that says no more than its trump and its points or renonce (`_PLAIN`), nearly
        every coup of a club's game: the same checks in the same order, those of the fields it cannot hold
        left out. Its figure is in docs/performance.md."""
        retourne = _read_retourne(data, ruleset)
        trump, sans_atout = read_trump(data.get("trump"))
        points = _read_points(data.get("points"), ruleset.rules, players)
        renonce = data.get("renonce")
        if renonce is not None:
            renonce = find_player(players, str(renonce))
            if points is not None:
                raise UserError("one_outcome_only")
        return cls(retourne=retourne, trump=trump, sans_atout=sans_atout, points=points, renonce=renonce)

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
            named = self.named or (None,) * len(self.tricks)
            data["tricks"] = [
                [card.ascii for card in trick]
                if seats is None
                else [f"{s}:{c.ascii}" for s, c in zip(seats, trick, strict=False)]
                for trick, seats in zip(self.tricks, named, strict=True)
            ]
        if self.let_renonce_pass:
            data["let_renonce_pass"] = True
        if self.layout is not None:
            data["layout"] = {seat: [[up.ascii, down.ascii] for up, down in pairs] for seat, pairs in self.layout}
        for key in ("dealer", "menteur"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        for key, flag in (("force", self.force), ("misdeal", self.misdeal), ("pass", self.all_passed)):
            if flag:
                data[key] = True
        if self.adjust is not None:
            data["adjust"] = dict(self.adjust)
            data["reason"] = self.reason
        return data


_FIELD_SET = frozenset(FIELDS)
_PLAIN = frozenset(("retourne", "trump", "points", "renonce"))  # a coup read by `Coup._plain`
_PLAYER_FIELDS = ("chooser", "contre", "surcontre", "taker", "renonce", "dealer", "menteur")


def _read_retourne(data: Mapping[str, Any], ruleset: Ruleset) -> Card | None:
    retourne = data.get("retourne")
    if retourne is None:
        return None
    if not isinstance(retourne, str):
        raise UserError("retourne_not_a_card")
    return ruleset.deck.parse(retourne)


def _read_flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise CoupRefused("not_a_flag", field=coup_field(key), value=value)
    return value


def _read_adjust(
    data: Mapping[str, Any], players: Sequence[str]
) -> tuple[tuple[tuple[str, int], ...] | None, str | None]:
    """M-18: the points the table agreed to give, `{PLAYER = N}` (N may be negative), with the reason said."""
    declared, reason = data.get("adjust"), data.get("reason")
    if declared is None:
        if reason is not None:
            raise UserError("reason_without_adjust", "M-18")
        return None, None
    if not isinstance(declared, Mapping) or not declared:
        raise UserError("adjust_not_a_table", "M-18")
    if not isinstance(reason, str) or not reason.strip():
        raise UserError("adjust_needs_reason", "M-18")
    given = []
    for who, value in declared.items():
        if isinstance(value, bool) or not isinstance(value, int) or value == 0:
            raise UserError("adjust_not_whole", "M-18", value=value)
        given.append((find_player(players, str(who)), value))
    if len({who for who, _ in given}) != len(given):
        raise UserError("points_given_twice")
    return tuple(given), reason.strip()


def coup_field(name: str) -> Field:
    """A field of a manille coup, as a refusal names it: each edge says it its own way (`errors.Field`)."""
    return Field(name, "manille")


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


def _read_tricks(
    tricks: Any, ruleset: Ruleset, seats: Sequence[str]
) -> tuple[tuple[tuple[Card, ...], ...] | None, tuple[tuple[str, ...] | None, ...] | None]:
    """A trick log as stored: a list of tricks, each a list of cards (or one string of cards); and the
    seats named on each trick's cards (`Brun:AS`, M-3), or None where a trick names none."""
    if tricks is None:
        return None, None
    if isinstance(tricks, Mapping):
        raise UserError("tricks_counted_at_hombre")
    if not isinstance(tricks, list) or not tricks:
        raise UserError("trick_log_not_a_list")
    log = []
    named: list[tuple[str, ...] | None] = []
    for number, trick in enumerate(tricks, 1):
        if isinstance(trick, str):
            trick = trick.replace(",", " ").split()
        if not isinstance(trick, list) or not all(isinstance(card, str) for card in trick):
            raise UserError("trick_not_a_list", trick=number)
        played = [played_by(card) for card in trick]
        names = trick_names(number, played)
        named.append(None if names is None else tuple(seat_named(seats, name) for name in names))
        try:
            log.append(tuple(ruleset.deck.parse(card) for _, card in played))
        except CardError as error:
            raise UserError("trick_refused", trick=number, reason=error) from None
    return tuple(log), (tuple(named) if any(names is not None for names in named) else None)


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
