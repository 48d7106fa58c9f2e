"""Manille scoring: the coups as declared at the table, replayed into the fiche (RULES M-1 to M-16).

Pure: no I/O, no terminal. `replay` is the only way a figure is made; every figure carries the log
lines that explain it, each with its rule id.

Three groupings run through it. The *players* deal and score. The *seats* play hands: the players,
and the morts of the systems that have them (M-15, M-16). The *columns* of the fiche score together:
a team, a player and his mort, or each player alone. In each coup the seats form *camps* that play
together (P-7): the fixed teams, or the taker (M-13) or the dealer (M-11) against the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper.cards import Card, CardError, Suit
from scorekeeper.errors import UserError
from scorekeeper.players import check_players, find_player
from scorekeeper.rulesets import ManilleRules, Ruleset

if TYPE_CHECKING:
    from scorekeeper.referee.audit import Audit, TrickResult

ASCII_SUITS = str.maketrans({suit.symbol: suit.value for suit in Suit})


# --- the table -----------------------------------------------------------------------------------


def mort_of(player: str) -> str:
    """The seat of a player's mort, which he plays (M-15, M-16)."""
    return f"{player}'s mort"


# The records of the fiche are named tuples: a replay builds several for every coup, and they are
# made (and their classes created at import) several times faster than frozen dataclasses.


class Side(NamedTuple):
    """A column of the fiche: the players who score together."""

    players: tuple[str, ...]
    name: str


class Table(NamedTuple):
    """Who sits where (C-3): players deal and score, seats play hands, columns score together."""

    players: tuple[str, ...]
    seats: tuple[str, ...]
    columns: tuple[Side, ...]
    owner: Mapping[str, str]  # seat -> the player who plays it (a mort is played by its player)
    column: Mapping[str, int]  # seat -> the column that scores it
    fixed_camps: tuple[tuple[str, ...], ...]  # where sides are fixed (teams, mort, morts): each column's seats (P-7)

    def column_of(self, player: str) -> int:
        return self.column[player]


def seating(players: Sequence[str], rules: ManilleRules) -> Table:
    """The seats in play order and the fiche's columns for `table.sides` (C-3, M-11 to M-16).

    With a mort (M-15) the first player listed, who drew it, has it opposite him: seats A, B, A's mort, C.
    With two morts (M-16) each mort sits opposite its player: A, B, A's mort, B's mort.
    """
    players = tuple(players)
    owner = {player: player for player in players}
    if rules.sides == "mort":
        first, second, third = players
        seats = (first, second, mort_of(first), third)
        columns = (Side((first,), f"{first} & mort"), Side((second, third), f"{second} & {third}"))
    elif rules.sides == "morts":
        first, second = players
        seats = (first, second, mort_of(first), mort_of(second))
        columns = (Side((first,), f"{first} & mort"), Side((second,), f"{second} & mort"))
    elif rules.sides == "teams":
        seats = players
        columns = tuple(Side(tuple(players[i::2]), " & ".join(players[i::2])) for i in range(2))
    else:
        seats = players
        columns = tuple(Side((player,), player) for player in players)
    owner.update({seat: seat.removesuffix("'s mort") for seat in seats if seat not in owner})
    column = {seat: i for seat in seats for i, side in enumerate(columns) if owner[seat] in side.players}
    fixed = tuple(tuple(seat for seat in seats if column[seat] == i) for i in range(len(columns)))
    return Table(players, seats, columns, owner, column, fixed)


def camps_of(table: Table, rules: ManilleRules, dealer: str, taker: str | None) -> tuple[tuple[str, ...], ...]:
    """P-7: the seats that play together in this coup. Fixed sides, each alone, or one against the others."""
    if rules.sides == "each":
        return tuple((seat,) for seat in table.seats)
    alone = taker if rules.sides == "taker" else dealer if rules.sides == "dealer" else None
    if alone is not None:
        return ((alone,), tuple(seat for seat in table.seats if seat != alone))
    return table.fixed_camps


# --- what was declared ---------------------------------------------------------------------------


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

    FIELDS = "retourne trump chooser contre surcontre taker bid exchange points renonce tricks let_renonce_pass".split()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], ruleset: Ruleset, players: Sequence[str]) -> Coup:
        """Read a declaration (from the ledger or the command line) and check its form alone."""
        if not _FIELD_SET.issuperset(data):
            unknown = sorted(set(data) - _FIELD_SET)
            said = ", ".join("--" + field.replace("_", "-").replace("tricks", "trick") for field in cls.FIELDS)
            raise UserError(
                f"--{unknown[0].replace('_', '-')} is not said in a manille coup; a manille coup takes {said}"
            )
        rules = ruleset.rules
        assert isinstance(rules, ManilleRules)
        retourne = data.get("retourne")
        if retourne is not None:
            if not isinstance(retourne, str):
                raise UserError("the retourne must be a card, like 10h")
            retourne = ruleset.deck.parse(retourne)
        trump, sans_atout = _read_trump(data.get("trump"))
        points = _read_points(data.get("points"), rules, players)
        tricks = _read_tricks(data.get("tricks"), ruleset)
        let_pass = data.get("let_renonce_pass", False)
        if not isinstance(let_pass, bool):
            raise UserError("let_renonce_pass must be true or false")
        said = {key: _read_player(data, key, players) for key in _PLAYER_FIELDS if key in data}
        if sum(given is not None for given in (points, said.get("renonce"), tricks)) > 1:
            raise UserError(
                "a coup is its points (--points PLAYER=N), a renonce (--renonce PLAYER) "
                "or its trick log (--trick …), only one of them"
            )
        if let_pass and tricks is None:
            raise UserError("--let-renonce-pass goes with a trick log (--trick …)")
        return cls(
            retourne=retourne,
            trump=trump,
            sans_atout=sans_atout,
            points=points,
            tricks=tricks,
            let_renonce_pass=let_pass,
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
        return data


_FIELD_SET = frozenset(Coup.FIELDS)
_PLAYER_FIELDS = ("chooser", "contre", "surcontre", "taker", "renonce")


def _read_player(data: Mapping[str, Any], key: str, players: Sequence[str]) -> str | None:
    value = data[key]
    return None if value is None else find_player(players, str(value))


def _read_whole(data: Mapping[str, Any], key: str) -> int | None:
    value = data.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise UserError(f"{key} must be a whole number, not {value!r}")
    return value


def _read_trump(text: Any) -> tuple[Suit | None, bool]:
    if text is None:
        return None, False
    if not isinstance(text, str):
        raise UserError("trump must be a suit (h, ♥, coeur, …) or SA for sans-atout")
    if text.strip().lower() in ("sa", "sans-atout", "sans atout"):
        return None, True
    try:
        return Suit.parse(text), False
    except CardError:
        raise UserError(f"bad trump {text!r}: a suit (h, ♥, coeur, …) or SA for sans-atout") from None


def _read_points(declared: Any, rules: ManilleRules, players: Sequence[str]) -> tuple[tuple[str, int], ...] | None:
    """M-3: PLAYER=N for his camp; at each-for-himself every player's own points (M-14)."""
    if declared is None:
        return None
    if not isinstance(declared, dict) or not declared:
        raise UserError("points are given as PLAYER=N")
    points = []
    for who, value in declared.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise UserError(f"points must be a whole number, not {value!r}")
        if not 0 <= value <= rules.total:
            raise UserError(f"{value} points is impossible: a side makes 0 to {rules.total} points in a coup (M-3)")
        points.append((find_player(players, str(who)), value))
    if len({who for who, _ in points}) != len(points):
        raise UserError("a player's points are given twice")
    return tuple(points)


def _read_tricks(tricks: Any, ruleset: Ruleset) -> tuple[tuple[Card, ...], ...] | None:
    """A trick log as stored: a list of tricks, each a list of cards (or one string of cards)."""
    if tricks is None:
        return None
    if isinstance(tricks, Mapping):
        raise UserError(
            "--tricks counts tricks at l'hombre; a manille coup gives its trick log with --trick, once a trick"
        )
    if not isinstance(tricks, list) or not tricks:
        raise UserError("the trick log must list the tricks, each with its cards in play order")
    log = []
    for number, trick in enumerate(tricks, 1):
        if isinstance(trick, str):
            trick = trick.replace(",", " ").split()
        if not isinstance(trick, list) or not all(isinstance(card, str) for card in trick):
            raise UserError(f"trick {number} must list its cards, like 7h 8h 9h 10h")
        try:
            log.append(tuple(ruleset.deck.parse(card) for card in trick))
        except CardError as error:
            raise UserError(f"trick {number}: {error}") from None
    return tuple(log)


# --- the fiche -----------------------------------------------------------------------------------


class Quota(NamedTuple):
    """M-10: the trump choices a team (or a player) still has, and the sans-atout it still owes."""

    column: int
    choices_left: int
    sans_atout_needed: int


class CoupResult(NamedTuple):
    """One line of the fiche, with the log that explains its figures."""

    number: int
    manche: int
    dealer: str
    leader: str | None  # None when the coup was not played
    coup: Coup
    trump: Suit | None
    chooser: str | None
    played: bool
    camps: tuple[tuple[str, ...], ...]  # the seats that played together (P-7)
    made: tuple[int, ...] | None  # the points each camp made in its tricks
    scored: tuple[int, ...]  # what each column scored on this coup, retourne included
    scores: tuple[int, ...]  # each column's score after the coup (in the manche, where there are manches)
    multiplier: int
    manche_won_by: int | None
    log: tuple[str, ...]
    tricks: tuple[TrickResult, ...] = ()  # for a coup entered as a trick log: each trick and who won it


class Fiche(NamedTuple):
    """The whole score sheet, as replayed from the declarations."""

    ruleset: Ruleset
    table: Table
    coups: tuple[CoupResult, ...]
    scores: tuple[int, ...]  # in the manche being played (the whole partie where there are no manches)
    manches: tuple[int, ...]  # manches won
    manche: int  # number of the manche being played (or the last one, once the partie is over)
    target: int | None  # points that win (or, kind = loser, lose) the manche being played
    winner: int | None  # the winning column, once the partie is over (None for a tie at the top)
    loser: int | None  # kind = loser: the column that reached the target (M-14)
    over: bool
    next_dealer: str
    next_leader: str | None  # None where the taker, not yet known, leads
    multiplier_next: int
    quotas: tuple[Quota, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return self.table.players

    @property
    def sides(self) -> tuple[Side, ...]:
        return self.table.columns

    @property
    def rules(self) -> ManilleRules:
        rules = self.ruleset.rules
        assert isinstance(rules, ManilleRules)
        return rules

    @property
    def deals_left(self) -> int | None:
        return self.rules.deals - len(self.coups) if self.rules.partie == "deals" else None

    def side_of(self, player: str) -> int:
        return self.table.column_of(player)

    def as_dict(self) -> dict[str, Any]:
        """The stable JSON form (`sheet --json`): names, numbers, cards in ASCII."""

        def names(column: int | None) -> list[str] | None:
            return None if column is None else list(self.sides[column].players)

        data: dict[str, Any] = {
            "game": "manille",
            "ruleset": self.ruleset.name,
            "players": list(self.players),
            "sides": [
                {"players": list(side.players), "score": score, "manches": manches}
                for side, score, manches in zip(self.sides, self.scores, self.manches, strict=True)
            ],
            "manche": self.manche,
            "target": self.target,
            "over": self.over,
            "winner": names(self.winner),
            "loser": names(self.loser),
            "next_dealer": None if self.over else self.next_dealer,
            "next_leader": None if self.over else self.next_leader,
            "multiplier_next": self.multiplier_next,
            "deals_played": len(self.coups),
            "deals_left": self.deals_left,
            "choices": [
                {"players": names(q.column), "left": q.choices_left, "sans_atout_needed": q.sans_atout_needed}
                for q in self.quotas
            ],
            "coups": [_coup_dict(result) for result in self.coups],
        }
        if self.rules.sides in ("each", "taker", "dealer"):
            data["players"] = [
                {"name": side.name, "score": score} for side, score in zip(self.sides, self.scores, strict=True)
            ]
        return data


def _coup_dict(result: CoupResult) -> dict[str, Any]:
    return {
        "number": result.number,
        "manche": result.manche,
        "dealer": result.dealer,
        "leader": result.leader,
        "declared": result.coup.to_dict(),
        "trump": "SA" if result.coup.sans_atout else None if result.trump is None else result.trump.value,
        "chooser": result.chooser,
        "played": result.played,
        "camps": [list(camp) for camp in result.camps],
        "made": None if result.made is None else list(result.made),
        "scored": list(result.scored),
        "scores": list(result.scores),
        "multiplier": result.multiplier,
        "manche_won_by": result.manche_won_by,
        "log": [line.translate(ASCII_SUITS) for line in result.log],
        "tricks": [trick.as_dict() for trick in result.tricks],
    }


# --- the rules of the score, one function each ---------------------------------------------------


def retourne_bonus(card: Card, rules: ManilleRules) -> int:
    """M-5: the retourne belongs to the dealer; its card points go to his side before the coup."""
    return rules.points[card.rank] if rules.retourne_bonus else 0


def coup_score(made: int, rules: ManilleRules, multiplier: int) -> int:
    """M-4: the side with more points scores its excess over the baseline, times the multiplier."""
    return max(0, made - rules.baseline) * multiplier


def renonce_penalty(rules: ManilleRules, multiplier: int) -> int:
    """M-8: what the offended side scores; "max" is the most the coup could score with its multiplier."""
    if rules.renonce_penalty == "max":
        return (rules.total - rules.baseline) * multiplier
    return int(rules.renonce_penalty)


def renonce_cost(rules: ManilleRules) -> str:
    """M-8 in words, for the referee: what a renonce costs under this ruleset."""
    penalty = str(rules.renonce_penalty)
    if rules.renonce_penalty == "max":
        penalty = f"the most the coup could score ({rules.total - rules.baseline} times its multiplier)"
    if rules.sides == "each":
        return f"the coup is cancelled and the renonçant takes {penalty} points against him (M-8, M-14)"
    if rules.sides == "taker":
        return "by the taker, his bid fails; by another player, the taker's bid is made (M-8, M-13)"
    if rules.sides == "dealer":
        return (
            f"the coup is cancelled; each of the side offended scores {penalty}, twice that for the dealer (M-8, M-11)"
        )
    return f"the coup is cancelled and the other side scores {penalty} (M-8)"


def multiplier_of(rules: ManilleRules, sans_atout: bool, contre: bool, surcontre: bool, ties: int) -> int:
    """M-4, M-6: sans-atout, contre, surcontre and each tie carried multiply; `max` caps the product."""
    product = 2**ties if rules.tie_doubles_next else 1
    product *= rules.sans_atout_factor if sans_atout else 1
    product *= rules.contre_factor if contre else 1
    product *= rules.surcontre_factor if surcontre else 1
    return min(product, rules.max_multiplier) if rules.max_multiplier else product


def bid_share(bid: int, rules: ManilleRules) -> int:
    """M-13: a failed bid goes to the three others, each a third, rounded as the ruleset says."""
    return -(-bid // 3) if rules.share_rounding == "up" else bid // 3


@lru_cache(maxsize=64)  # the camps of a coup repeat: fixed sides, or one player against the others
def camp_names(camps: tuple[tuple[str, ...], ...]) -> tuple[str, ...]:
    return tuple(" & ".join(camp) for camp in camps)


def score_coup(
    rules: ManilleRules, table: Table, camps: Sequence[Sequence[str]], made: Sequence[int], coup: Coup, multiplier: int
) -> tuple[list[int], list[str], bool, int | None]:
    """The columns' gains for a played coup, the log, whether it was a tie, and the camp that won it.

    M-4 (a side against a side), M-11 (the dealer alone: each defender scores the defenders' points less
    the baseline, the dealer twice his own), M-13 (the taker's bid), M-14 (each adds his own points).
    """
    gains = [0] * len(table.columns)
    log: list[str] = []
    names = camp_names(camps)
    times = f" x{multiplier}" if multiplier > 1 else ""
    if rules.sides == "each":
        for camp, points in zip(camps, made, strict=True):
            gains[table.column_of(camp[0])] += points
        log.append(", ".join(f"{name} +{points}" for name, points in zip(names, made, strict=True)) + " (M-14)")
        return gains, log, False, None
    log.append(f"{names[0]} {made[0]}, {names[1]} {made[1]} of {rules.total} (M-3)")
    if rules.sides == "taker":
        assert coup.taker is not None and coup.bid is not None
        if made[0] >= coup.bid:
            gains[table.column_of(coup.taker)] += coup.bid
            log.append(f"{coup.taker} makes {made[0]} ≥ his bid of {coup.bid}: +{coup.bid} (M-13)")
            return gains, log, False, 0
        share = bid_share(coup.bid, rules)
        for seat in camps[1]:
            gains[table.column_of(seat)] += share
        lost = coup.bid - 3 * share
        rest = f"; {lost} lost" if lost > 0 else ""
        log.append(f"{coup.taker} makes {made[0]} < his bid of {coup.bid}: +{share} to each other player{rest} (M-13)")
        return gains, log, False, 1
    if made[0] == made[1]:
        log.append(f"{made[0]}-{made[1]}: nobody scores (M-4)")
        return gains, log, True, None
    if rules.sides == "dealer":
        defenders = (made[1] - rules.baseline) * multiplier
        for seat in camps[1]:
            gains[table.column_of(seat)] += defenders
        gains[table.column_of(camps[0][0])] += -2 * defenders
        log.append(
            f"each defender ({made[1]} - {rules.baseline}){times} = {defenders:+}; "
            f"{camps[0][0]} twice his ({made[0]} - {rules.baseline}){times} = {-2 * defenders:+} (M-11)"
        )
        return gains, log, False, 0 if defenders < 0 else 1
    winner = 0 if made[0] > made[1] else 1
    gain = coup_score(made[winner], rules, multiplier)
    gains[table.column_of(camps[winner][0])] += gain
    excess = f"({made[winner]} - {rules.baseline}){times}" if times else f"{made[winner]} - {rules.baseline}"
    log.append(f"{excess} = {gain} to {names[winner]} (M-4)")
    return gains, log, False, winner


def score_renonce(
    rules: ManilleRules, table: Table, camps: Sequence[Sequence[str]], offender: str, coup: Coup, multiplier: int
) -> tuple[list[int], str, int | None]:
    """M-8: the coup is cancelled and the offended side scores the penalty.

    Each for himself (M-14, where points are bad) the renonçant takes the penalty; against the taker
    (M-13) the coup counts as the bid failed or made; against the dealer (M-11) the penalty goes to the
    side offended, doubled for the dealer, so that the sum stays zero.
    """
    gains = [0] * len(table.columns)
    penalty = renonce_penalty(rules, multiplier)
    own = next(i for i, camp in enumerate(camps) if offender in camp)
    if rules.sides == "each":
        gains[table.column_of(offender)] += penalty
        return gains, f"renonce by {offender}: coup cancelled, +{penalty} against him (M-8, M-14)", None
    if rules.sides == "taker":
        assert coup.taker is not None and coup.bid is not None
        if own == 0:
            share = bid_share(coup.bid, rules)
            for seat in camps[1]:
                gains[table.column_of(seat)] += share
            return (
                gains,
                f"renonce by the taker {offender}: his bid fails, +{share} to each other player (M-8, M-13)",
                1,
            )
        gains[table.column_of(coup.taker)] += coup.bid
        return gains, f"renonce by {offender}: the taker's bid is made, +{coup.bid} to {coup.taker} (M-8, M-13)", 0
    if rules.sides == "dealer":
        sign = -1 if own == 0 else 1
        for seat in camps[1]:
            gains[table.column_of(seat)] += -sign * penalty
        gains[table.column_of(camps[0][0])] += 2 * sign * penalty
        line = (
            f"renonce by {offender}: coup cancelled, {-sign * penalty:+} to each defender, "
            f"{2 * sign * penalty:+} to the dealer (M-8, M-11)"
        )
        return gains, line, 1 - own
    offended = 1 - own
    gains[table.column_of(camps[offended][0])] += penalty
    return gains, f"renonce by {offender}: coup cancelled, +{penalty} to {' & '.join(camps[offended])} (M-8)", offended


# --- the calls of a coup, checked against the rules ----------------------------------------------


def _trump_of(coup: Coup, rules: ManilleRules, dealer: str) -> tuple[Suit | None, str | None, list[str]]:
    """How trump was set (M-5, M-7, M-10, M-13), refusing what the system does not allow."""
    log = []
    if rules.trump_from == "retourne":
        if coup.retourne is None:
            raise UserError(
                "this ruleset sets trump by the retourne: give the dealer's last card with --retourne (M-5)"
            )
        if coup.trump is not None or coup.sans_atout:
            raise UserError("the retourne sets trump here: give --retourne, not --trump (M-5)")
        log.append(f"retourne {coup.retourne}: atout {coup.retourne.suit.symbol} (M-5)")
        return coup.retourne.suit, dealer, log
    if coup.retourne is not None:
        raise UserError("no retourne in this system: trump is named, give it with --trump (M-5)")
    if coup.trump is None and not coup.sans_atout:
        raise UserError("give the trump named with --trump SUIT, or --trump sa for sans-atout")
    if coup.sans_atout and not rules.sans_atout:
        raise UserError("sans-atout is not played in this system (P-8)")
    chooser = _chooser(coup, rules, dealer)
    named = "sans-atout" if coup.sans_atout else f"atout {coup.trump.symbol}"  # type: ignore[union-attr]
    if rules.trump_from == "dealer-or-partner" and chooser != dealer:
        log.append(f"{dealer} passes the choice to {chooser} (passe-parole, M-10)")
    log.append(f"{chooser} names {named}" if chooser else named)
    return coup.trump, chooser, log


def _chooser(coup: Coup, rules: ManilleRules, dealer: str) -> str | None:
    """Who may name trump: the dealer (M-10, Whisthub), or his partner after passe-parole, or the taker."""
    chooser = coup.chooser
    if rules.trump_from == "taker":
        if chooser not in (None, coup.taker):
            raise UserError(f"the taker {coup.taker} names trump, not {chooser} (M-13)")
        return coup.taker
    if rules.trump_from == "announced":
        return chooser
    if chooser is None or chooser == dealer:
        return dealer
    if rules.trump_from == "dealer-or-partner":
        return chooser  # the partner is checked with the seating, in _check_calls
    rule = {"each": "M-14", "dealer": "M-11"}.get(rules.sides, "M-12" if rules.players == 2 else "M-10")
    raise UserError(f"the dealer {dealer} names trump in this system, not {chooser} ({rule})")


def _check_calls(
    coup: Coup, rules: ManilleRules, camps: Sequence[Sequence[str]], chooser: str | None, dealer: str, ties: int
) -> list[str]:
    """M-6, M-7: a contre by the other side, a surcontre by the choosing side after it, within the cap."""
    passed = rules.trump_from == "dealer-or-partner" and chooser != dealer
    if coup.contre is None and coup.surcontre is None and not passed:
        return []  # no call said, no passe-parole to check
    log = []
    choosing = next((camp for camp in camps if chooser in camp), camps[0])
    if passed:
        if chooser not in choosing or dealer not in choosing:
            raise UserError(f"{chooser} is not the partner of the dealer {dealer}: only they choose trump (M-10)")
    if coup.contre is not None:
        if not rules.contre:
            raise UserError("there is no contre in this system (M-6, M-7)")
        if coup.contre in choosing:
            raise UserError(f"{coup.contre} is on the side that chose trump: only the other side may contre (M-6)")
    if coup.surcontre is not None:
        if not rules.surcontre:
            raise UserError("there is no surcontre in this system (M-6)")
        if coup.contre is None:
            raise UserError("a surcontre answers a contre: there was none (M-6)")
        if coup.surcontre not in choosing:
            raise UserError(f"{coup.surcontre} is not on the side that chose trump: only it may surcontre (M-6)")
    for call, on in (("contre", coup.contre is not None), ("surcontre", coup.surcontre is not None)):
        if not on or not rules.max_multiplier:
            continue
        before = multiplier_of(rules, coup.sans_atout, call == "surcontre", False, ties)
        factor = rules.contre_factor if call == "contre" else rules.surcontre_factor
        if before * factor > rules.max_multiplier:
            raise UserError(
                f"a {call} would make the coup count x{before * factor}, "
                f"past the cap of x{rules.max_multiplier}: refused (M-6)"
            )
    for call, who in (("contre", coup.contre), ("surcontre", coup.surcontre)):
        if who is not None:
            log.append(f"{call} by {who} (M-6)")
    return log


def _check_taker(coup: Coup, rules: ManilleRules) -> None:
    if rules.sides == "taker":
        if coup.taker is None or coup.bid is None:
            raise UserError("give the taker and his bid: --taker PLAYER --bid N (M-13)")
        if not 1 <= coup.bid <= rules.total:
            raise UserError(f"a bid of {coup.bid} is impossible: bids run from 1 to {rules.total} points (M-13)")
    elif coup.taker is not None or coup.bid is not None:
        raise UserError("there is no bidding in this system: --taker and --bid are for manille aux enchères (M-13)")
    if coup.exchange is not None and (not rules.chien or not 0 <= coup.exchange <= 2):
        raise UserError("the dealer exchanges 0, 1 or 2 cards with the chien, and only where there is one (M-11)")


# --- the partie ----------------------------------------------------------------------------------


class _Partie:
    """Manches and the end of the partie (M-9, M-14)."""

    def __init__(self, rules: ManilleRules, columns: int) -> None:
        self.rules = rules
        self.manche = 1
        self.scores = [0] * columns
        self.manches = [0] * columns
        self.winner: int | None = None
        self.loser: int | None = None
        self.over = False
        self.streak: tuple[int | None, int] = (None, 0)

    @property
    def target(self) -> int | None:
        """M-9: the belle of a partie liée (one manche each) is played to `belle` points."""
        if self.rules.partie == "deals":
            return None
        if self.rules.partie == "liee" and self.manche == 3:
            return self.rules.belle
        return self.rules.manche

    def add(self, gains: Sequence[int]) -> None:
        for column, gain in enumerate(gains):
            self.scores[column] += gain

    def close_manche(self, log: list[str], names: Sequence[str]) -> int | None:
        """M-9: a column that reached the target wins the manche (kind = loser: loses the partie, M-14)."""
        target = self.target
        if target is None or max(self.scores) < target:
            return None
        reached = [i for i, score in enumerate(self.scores) if score >= target]
        side = max(reached, key=lambda i: self.scores[i])
        if self.rules.partie == "loser":
            self.loser, self.over = side, True
            lowest = min(self.scores)
            lows = [i for i, score in enumerate(self.scores) if score == lowest]
            self.winner = lows[0] if len(lows) == 1 else None
            reach, lose = ("reach", "lose") if " & " in names[side] else ("reaches", "loses")
            log.append(f"{names[side]} {reach} {self.scores[side]} ≥ {target}: {names[side]} {lose} the partie (M-14)")
            return side
        reach = "reach" if " & " in names[side] else "reaches"
        log.append(f"{names[side]} {reach} {self.scores[side]} ≥ {target}: manche {self.manche} won (M-9)")
        self.manches[side] += 1
        needed = 2 if self.rules.partie == "liee" else 1
        if self.manches[side] >= needed:
            self.winner, self.over = side, True
            won = "-".join(str(m) for m in sorted(self.manches, reverse=True))
            log.append(f"partie won by {names[side]}, {won} in manches (M-9)")
        elif self.rules.partie == "liee" and self.manche == 2:
            log.append(f"one manche each: the belle is played to {self.rules.belle} (M-9)")
        return side

    def next_manche(self) -> None:
        """M-9: scores restart at zero for the next manche."""
        self.manche += 1
        self.scores = [0] * len(self.scores)

    def after_coup(self, deals: int, coup_winner: int | None, log: list[str], names: Sequence[str]) -> None:
        """M-9: the end by a number of deals (highest total wins) and by two coups won in a row (seed 002)."""
        if self.over:
            return
        if self.rules.two_in_a_row:
            side, count = self.streak
            self.streak = (coup_winner, count + 1 if coup_winner is not None and coup_winner == side else 1)
            if coup_winner is not None and self.streak[1] >= 2:
                self.winner, self.over = coup_winner, True
                log.append(f"{names[coup_winner]} win two coups in a row: partie won (M-9)")
                return
        if self.rules.partie == "deals" and deals >= self.rules.deals:
            self.over = True
            best = max(self.scores)
            tops = [i for i, score in enumerate(self.scores) if score == best]
            self.winner = tops[0] if len(tops) == 1 else None
            who = names[tops[0]] if len(tops) == 1 else " and ".join(names[i] for i in tops) + " tie"
            log.append(f"{deals} deals played: {who} with {best} (M-9)")


def quotas(
    rules: ManilleRules, table: Table, players: Sequence[str], first: int, before: Sequence[CoupResult]
) -> list[Quota]:
    """M-10: the choices each team (or player) has left and the sans-atout it still owes.

    A team chooses in the deals its players deal (the dealer chooses, or passes to his partner).
    """
    if not rules.min_sans_atout:
        return []
    result = []
    count = len(players)
    for column, side in enumerate(table.columns):
        # The deals from len(before) to rules.deals that each of the side's players deals, counted without a loop.
        starts = (len(before) + (players.index(p) - first - len(before)) % count for p in side.players)
        left = sum(max(0, -(-(rules.deals - start) // count)) for start in starts)
        made = sum(1 for r in before if r.coup.sans_atout and r.chooser is not None and r.chooser in side.players)
        result.append(Quota(column, left, max(0, rules.min_sans_atout - made)))
    return result


def _check_quota(
    coup: Coup,
    rules: ManilleRules,
    table: Table,
    players: Sequence[str],
    first: int,
    before: Sequence[CoupResult],
    chooser: str | None,
) -> None:
    """M-10: refuse a choice that leaves the choosing team unable to make its sans-atout."""
    if not rules.min_sans_atout or coup.sans_atout or chooser is None:
        return
    quota = quotas(rules, table, players, first, before)[table.column_of(chooser)]
    if quota.sans_atout_needed > quota.choices_left - 1:
        side = table.columns[quota.column].name
        raise UserError(
            f"{side} must still choose sans-atout {quota.sans_atout_needed} time(s) and have "
            f"{quota.choices_left} choice(s) left, this one included: this choice must be sans-atout (M-10)"
        )


# --- the replay ----------------------------------------------------------------------------------


def replay(
    ruleset: Ruleset, players: Sequence[str], dealer: str, declared: Sequence[Mapping[str, Any]], adding: bool = False
) -> Fiche:
    """Replay every declared coup from the first deal (M-1 to M-16); the fiche is the only place figures come from.

    `adding`: the last coup is the one the table is declaring now (see `add_coup`).
    """
    rules = ruleset.rules
    assert isinstance(rules, ManilleRules)
    players = tuple(players)
    check_players(players, rules.players)
    table = seating(players, rules)
    names = [side.name for side in table.columns]
    first = players.index(dealer)
    partie = _Partie(rules, len(table.columns))
    ties = 0
    results: list[CoupResult] = []
    for index, data in enumerate(declared):
        number = index + 1
        if partie.over:
            if adding and number == len(declared):
                who = f"{names[partie.winner]} won; " if partie.winner is not None else ""
                raise UserError(f"the partie is over: {who}start another with `scorekeeper new`")
            raise UserError(f"coup {number}: {_over(partie, names)}")
        dealer_now = players[(first + index) % len(players)]
        try:
            coup = Coup.from_dict(data, ruleset, table.seats)
            result, ties = _play(coup, number, partie, rules, table, names, dealer_now, ties, players, first, results)
        except UserError as error:
            raise UserError(f"coup {number}: {error}") from None
        results.append(result)
        if result.manche_won_by is not None and not partie.over:
            partie.next_manche()
    next_dealer = players[(first + len(declared)) % len(players)]
    return Fiche(
        ruleset=ruleset,
        table=table,
        coups=tuple(results),
        scores=tuple(partie.scores),
        manches=tuple(partie.manches),
        manche=partie.manche,
        target=partie.target,
        winner=partie.winner,
        loser=partie.loser,
        over=partie.over,
        next_dealer=next_dealer,
        next_leader=_leader(rules, table, next_dealer, None),
        multiplier_next=multiplier_of(rules, False, False, False, ties),
        quotas=tuple(quotas(rules, table, players, first, results)),
    )


def _over(partie: _Partie, names: Sequence[str]) -> str:
    if partie.winner is not None:
        return f"the partie was already won by {names[partie.winner]}"
    return "the partie was already over"


def _leader(rules: ManilleRules, table: Table, dealer: str, taker: str | None) -> str | None:
    """Who leads the first trick: the seat after the dealer (C-3), the dealer (M-14) or the taker (M-13)."""
    if rules.first_lead == "dealer":
        return dealer
    if rules.first_lead == "taker":
        return taker
    return table.seats[(table.seats.index(dealer) + 1) % len(table.seats)]


def _play(
    coup: Coup,
    number: int,
    partie: _Partie,
    rules: ManilleRules,
    table: Table,
    names: Sequence[str],
    dealer: str,
    ties: int,
    players: Sequence[str],
    first: int,
    before: Sequence[CoupResult],
) -> tuple[CoupResult, int]:
    """One coup: trump and calls checked, the retourne scored, then the coup scored; the ties carried."""
    _check_taker(coup, rules)
    log = [f"{dealer} deals"]
    trump, chooser, said = _trump_of(coup, rules, dealer)
    log += said
    camps = camps_of(table, rules, dealer, coup.taker)
    log += _check_calls(coup, rules, camps, chooser, dealer, ties)
    _check_quota(coup, rules, table, players, first, before, chooser)
    multiplier = multiplier_of(rules, coup.sans_atout, coup.contre is not None, coup.surcontre is not None, ties)
    if multiplier > 1:
        log.append(f"the coup counts x{multiplier} (M-6)")
    scored = [0] * len(table.columns)
    manche = partie.manche
    won_by = None
    bonus = retourne_bonus(coup.retourne, rules) if coup.retourne is not None else 0
    if bonus:
        scored[table.column_of(dealer)] += bonus
        partie.add(scored)
        log.append(f"retourne {coup.retourne}: +{bonus} to {names[table.column_of(dealer)]} (M-5)")
        won_by = partie.close_manche(log, names)
    played = won_by is None
    leader = _leader(rules, table, dealer, coup.taker) if played else None
    made = None
    tricks: tuple[TrickResult, ...] = ()
    coup_winner = None
    if not played:
        log.append("the retourne ended the manche: the coup is not played (M-5)")
        if coup.points is not None or coup.renonce is not None or coup.tricks is not None:
            raise UserError(
                f"the retourne {coup.retourne} ends the manche, so the coup is not played (M-5): "
                "enter it with --retourne alone"
            )
    else:
        assert leader is not None
        renonce, points = coup.renonce, coup.points
        if coup.tricks is not None:
            audit = _audit(coup, rules, table, camps, dealer, leader, trump)
            renonce, made, tricks = _trick_outcome(coup, audit, camps, log, rules, dealer)
        elif points is not None:
            made = _made(points, rules, table, camps)
        if renonce is not None:
            gains, line, coup_winner = score_renonce(rules, table, camps, renonce, coup, multiplier)
            log.append(line)
            ties = 0
        elif made is not None:
            gains, lines, tie, coup_winner = score_coup(rules, table, camps, made, coup, multiplier)
            log += lines
            ties = ties + 1 if tie else 0
            if tie and rules.tie_doubles_next:
                log.append("the next coup counts double (M-4)")
        else:
            raise UserError(
                "give the points (--points PLAYER=N), a renonce (--renonce PLAYER) or the trick log (--trick …)"
            )
        partie.add(gains)
        scored = [a + b for a, b in zip(scored, gains, strict=True)]
        won_by = partie.close_manche(log, names)
    # Where sides are fixed (the only systems with two_in_a_row) a camp is a column: name its column.
    winner_column = table.column_of(camps[coup_winner][0]) if played and coup_winner is not None else None
    partie.after_coup(number, winner_column, log, names)
    result = CoupResult(
        number=number,
        manche=manche,
        dealer=dealer,
        leader=leader,
        coup=coup,
        trump=trump,
        chooser=chooser,
        played=played,
        camps=camps,
        made=made,
        scored=tuple(scored),
        scores=tuple(partie.scores),
        multiplier=multiplier,
        manche_won_by=won_by,
        log=tuple(log),
        tricks=tricks,
    )
    return result, ties


def _made(
    points: Sequence[tuple[str, int]], rules: ManilleRules, table: Table, camps: Sequence[Sequence[str]]
) -> tuple[int, ...]:
    """M-3: the points each camp made. One camp's points give the other's; each for himself, all but one."""

    def camp_of(player: str) -> int:
        for i, camp in enumerate(camps):
            if player in camp:
                return i
        return next(i for i, camp in enumerate(camps) if any(table.owner[s] == player for s in camp))

    if rules.sides != "each":
        if len(points) != 1:
            raise UserError("give one side's points: PLAYER=N (the other side has the rest) (M-3)")
        who, value = points[0]
        made = [rules.total - value] * 2
        made[camp_of(who)] = value
        return tuple(made)
    given = {camp_of(who): value for who, value in points}
    missing = [i for i in range(len(camps)) if i not in given]
    if len(missing) > 1:
        raise UserError(
            "each plays for himself: give every player's points (one may be left out: he has the rest) (M-3, M-14)"
        )
    said = sum(given.values())
    if said > rules.total or (not missing and said != rules.total):
        raise UserError(f"the players' points add up to {said}, not the {rules.total} of a coup (M-3)")
    if missing:
        given[missing[0]] = rules.total - said
    return tuple(given[i] for i in range(len(camps)))


def _audit(
    coup: Coup,
    rules: ManilleRules,
    table: Table,
    camps: Sequence[Sequence[str]],
    dealer: str,
    leader: str,
    trump: Suit | None,
) -> Audit:
    """The referee's audit of a coup entered as a trick log (M-3, P-10); the retourne is the dealer's card (M-5)."""
    from scorekeeper.referee.audit import audit_manille  # only coups entered by tricks pay for the referee

    assert coup.tricks is not None
    camp_of = {seat: i for i, camp in enumerate(camps) for seat in camp}
    audit = audit_manille(table.seats, leader, trump, coup.tricks, rules, lambda a, b: camp_of[a] == camp_of[b])
    if coup.retourne is not None:
        played_by = next((who for trick in audit.tricks for who, card in trick.cards if card == coup.retourne), None)
        if played_by not in (None, dealer):
            raise UserError(f"the retourne {coup.retourne} belongs to the dealer {dealer}, but {played_by} played it")
        if played_by is None and audit.complete:
            raise UserError(f"the retourne {coup.retourne} belongs to the dealer {dealer}: he must play it")
    return audit


def _trick_outcome(
    coup: Coup, audit: Audit, camps: Sequence[Sequence[str]], log: list[str], rules: ManilleRules, dealer: str
) -> tuple[str | None, tuple[int, ...] | None, tuple[TrickResult, ...]]:
    """From the audit: a renonce proven (M-8, P-10), or the points each camp made (M-3), and the tricks.

    The chien, never played, goes to the dealer's tricks (M-11): its points are what the log lacks.
    """
    for trick in audit.tricks:
        shown = ", ".join(f"{who} {card}" for who, card in trick.cards)
        log.append(f"trick {trick.number}: {shown}: {trick.winner} wins +{trick.points} (P-2)")
    if audit.renonces:
        for found in audit.renonces:
            log.append(f"renonce: {found.proof}")
        if not coup.let_renonce_pass:
            return audit.renonces[0].player, None, audit.tricks
        log.append("the table let the renonce pass: the coup is scored on its points")
    if not audit.complete:
        raise UserError(
            f"the log stops at trick {len(audit.tricks)} of {rules.tricks} and "
            + ("the table let the renonce pass" if audit.renonces else "proves no renonce")
            + ": give every trick, or the points"
        )
    made = [sum(audit.points[seat] for seat in camp) for camp in camps]
    chien = rules.total - sum(made)
    if chien:
        dealer_camp = next(i for i, camp in enumerate(camps) if dealer in camp)
        made[dealer_camp] += chien
        log.append(f"the chien's {chien} points go to {dealer}'s tricks (M-11)")
    return None, tuple(made), audit.tricks


def add_coup(
    ruleset: Ruleset,
    players: Sequence[str],
    dealer: str,
    declared: Sequence[Mapping[str, Any]],
    coup: Mapping[str, Any],
) -> Fiche:
    """The fiche with one more coup, refusing what the table cannot have said (M-5, M-6, M-9, M-10).

    One replay: the coups already declared, then this one, refused if the partie is over.
    """
    return replay(ruleset, players, dealer, [*declared, coup], adding=True)
