"""Manille scoring: the coups as declared at the table, replayed into the fiche (RULES M-1 to M-9).

Pure: no I/O, no terminal. `replay` is the only way a figure is made; every figure carries the log
lines that explain it, each with its rule id.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Card, CardError, Suit
from scorekeeper.errors import UserError
from scorekeeper.rulesets import ManilleRules, Ruleset

if TYPE_CHECKING:
    from scorekeeper.referee.audit import Audit, TrickResult

ASCII_SUITS = str.maketrans({suit.symbol: suit.value for suit in Suit})


def fold_name(name: str) -> str:
    """Names compare without case or accents, so `cesar` finds César on a phone keyboard."""
    text = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(c for c in text if not unicodedata.combining(c))


def find_player(players: Sequence[str], text: str) -> str:
    """The player named `text` (case and accents ignored), or a UserError listing the players."""
    wanted = fold_name(text)
    for player in players:
        if fold_name(player) == wanted:
            return player
    raise UserError(f"unknown player {text!r}: the players are {', '.join(players)}")


def check_players(players: Sequence[str], rules: ManilleRules) -> None:
    """The seating a ruleset needs (C-3): the right count, names told apart."""
    if len(players) != rules.players:
        raise UserError(f"this ruleset is for {rules.players} players, {len(players)} given: name each with --player")
    folded = [fold_name(player) for player in players]
    if any(not name for name in folded):
        raise UserError("a player's name is empty")
    if len(set(folded)) != len(folded):
        raise UserError(f"two players have the same name ({', '.join(players)}): give each a different one")


# --- what was declared ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Coup:
    """One coup as said at the table (M-3, M-5, M-8): the retourne, then one side's points, a renonce,
    or the whole trick log, from which the referee computes the points and finds every renonce.
    """

    retourne: Card | None = None
    points: tuple[str, int] | None = None
    renonce: str | None = None
    tricks: tuple[tuple[Card, ...], ...] | None = None
    let_renonce_pass: bool = False  # the table agreed to play on after a renonce found in the log

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], ruleset: Ruleset, players: Sequence[str]) -> Coup:
        """Read a declaration (from the ledger or the command line) and check it alone."""
        known = {"retourne", "points", "renonce", "tricks", "let_renonce_pass"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise UserError(f"unknown field {unknown[0]!r} in a coup; a coup has {', '.join(sorted(known))}")
        retourne = None
        if data.get("retourne") is not None:
            if not isinstance(data["retourne"], str):
                raise UserError("the retourne must be a card, like 10h")
            retourne = ruleset.deck.parse(data["retourne"])
        points = None
        if data.get("points") is not None:
            declared = data["points"]
            if not isinstance(declared, Mapping) or len(declared) != 1:
                raise UserError("points are given for one player's side: PLAYER=N")
            ((who, value),) = declared.items()
            if isinstance(value, bool) or not isinstance(value, int):
                raise UserError(f"points must be a whole number, not {value!r}")
            total = ruleset.rules.total
            if not 0 <= value <= total:
                raise UserError(f"{value} points is impossible: a side makes 0 to {total} points in a coup (M-3)")
            points = (find_player(players, str(who)), value)
        renonce = None
        if data.get("renonce") is not None:
            renonce = find_player(players, str(data["renonce"]))
        tricks = _read_tricks(data.get("tricks"), ruleset)
        let_pass = data.get("let_renonce_pass", False)
        if not isinstance(let_pass, bool):
            raise UserError("let_renonce_pass must be true or false")
        if sum(given is not None for given in (points, renonce, tricks)) > 1:
            raise UserError(
                "a coup is one side's points (--points PLAYER=N), a renonce (--renonce PLAYER) "
                "or its trick log (--trick …), only one of them"
            )
        if let_pass and tricks is None:
            raise UserError("--let-renonce-pass goes with a trick log (--trick …)")
        if ruleset.rules.trump_from == "retourne" and retourne is None:
            raise UserError(
                "this ruleset sets trump by the retourne: give the dealer's last card with --retourne (M-5)"
            )
        return cls(retourne, points, renonce, tricks, let_pass)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.retourne is not None:
            data["retourne"] = self.retourne.ascii
        if self.points is not None:
            data["points"] = {self.points[0]: self.points[1]}
        if self.renonce is not None:
            data["renonce"] = self.renonce
        if self.tricks is not None:
            data["tricks"] = [[card.ascii for card in trick] for trick in self.tricks]
        if self.let_renonce_pass:
            data["let_renonce_pass"] = True
        return data


def _read_tricks(tricks: Any, ruleset: Ruleset) -> tuple[tuple[Card, ...], ...] | None:
    """A trick log as stored: a list of tricks, each a list of cards (or one string of cards)."""
    if tricks is None:
        return None
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


@dataclass(frozen=True)
class Side:
    players: tuple[str, ...]

    @property
    def name(self) -> str:
        return " & ".join(self.players)


@dataclass(frozen=True)
class CoupResult:
    """One line of the fiche, with the log that explains its figures."""

    number: int
    manche: int
    dealer: str
    leader: str | None  # None when the coup was not played
    coup: Coup
    trump: Suit | None
    played: bool
    made: tuple[int, ...] | None  # the points each side made in its tricks
    scored: tuple[int, ...]  # what each side scored on this coup, retourne included
    scores: tuple[int, ...]  # each side's score in the manche after the coup
    multiplier: int
    manche_won_by: int | None
    log: tuple[str, ...]
    tricks: tuple[TrickResult, ...] = ()  # for a coup entered as a trick log: each trick and who won it


@dataclass(frozen=True)
class Fiche:
    """The whole score sheet, as replayed from the declarations."""

    ruleset: Ruleset
    players: tuple[str, ...]
    sides: tuple[Side, ...]
    coups: tuple[CoupResult, ...]
    scores: tuple[int, ...]  # in the manche being played
    manches: tuple[int, ...]  # manches won
    manche: int  # number of the manche being played (or the last one, once the partie is over)
    target: int  # points that win the manche being played
    winner: int | None
    next_dealer: str
    next_leader: str
    multiplier_next: int

    @property
    def over(self) -> bool:
        return self.winner is not None

    def side_of(self, player: str) -> int:
        return next(i for i, side in enumerate(self.sides) if player in side.players)

    def as_dict(self) -> dict[str, Any]:
        """The stable JSON form (`sheet --json`): names, numbers, cards in ASCII."""
        return {
            "game": "manille",
            "ruleset": self.ruleset.name,
            "players": list(self.players),
            "sides": [
                {"players": list(side.players), "score": score, "manches": manches}
                for side, score, manches in zip(self.sides, self.scores, self.manches, strict=True)
            ],
            "manche": self.manche,
            "target": self.target,
            "winner": None if self.winner is None else list(self.sides[self.winner].players),
            "next_dealer": None if self.over else self.next_dealer,
            "next_leader": None if self.over else self.next_leader,
            "multiplier_next": self.multiplier_next,
            "coups": [_coup_dict(result) for result in self.coups],
        }


def _coup_dict(result: CoupResult) -> dict[str, Any]:
    return {
        "number": result.number,
        "manche": result.manche,
        "dealer": result.dealer,
        "leader": result.leader,
        "declared": result.coup.to_dict(),
        "trump": None if result.trump is None else result.trump.value,
        "played": result.played,
        "made": None if result.made is None else list(result.made),
        "scored": list(result.scored),
        "scores": list(result.scores),
        "multiplier": result.multiplier,
        "manche_won_by": result.manche_won_by,
        "log": [line.translate(ASCII_SUITS) for line in result.log],
        "tricks": [trick.as_dict() for trick in result.tricks],
    }


def sides_of(players: Sequence[str]) -> tuple[Side, ...]:
    """Teams (M-… `sides = "teams"`): players 1 & 3 against 2 & 4 in seating order."""
    return tuple(Side(tuple(players[i::2])) for i in range(2))


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


def _audit(
    coup: Coup,
    rules: ManilleRules,
    players: Sequence[str],
    dealer: str,
    leader: str,
    trump: Suit | None,
    side_of: Mapping[str, int],
) -> Audit:
    """The referee's audit of a coup entered as a trick log (M-3, P-10); the retourne is the dealer's card (M-5)."""
    from scorekeeper.referee.audit import audit_manille  # only coups entered by tricks pay for the referee

    assert coup.tricks is not None
    audit = audit_manille(players, leader, trump, coup.tricks, rules, lambda a, b: side_of[a] == side_of[b])
    if coup.retourne is not None:
        played_by = next((who for trick in audit.tricks for who, card in trick.cards if card == coup.retourne), None)
        if played_by not in (None, dealer):
            raise UserError(f"the retourne {coup.retourne} belongs to the dealer {dealer}, but {played_by} played it")
        if played_by is None and audit.complete:
            raise UserError(f"the retourne {coup.retourne} belongs to the dealer {dealer}: he must play it")
    return audit


def _trick_outcome(
    coup: Coup, audit: Audit, sides: Sequence[Side], log: list[str], rules: ManilleRules
) -> tuple[str | None, tuple[str, int] | None, tuple[TrickResult, ...]]:
    """From the audit: a renonce proven (M-8, P-10), or the points a side made (M-3), and the tricks."""
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
    first = sides[0].players
    return None, (first[0], sum(audit.points[player] for player in first)), audit.tricks


def renonce_cost(rules: ManilleRules) -> str:
    """M-8 in words, for the referee: what a renonce costs under this ruleset."""
    if rules.renonce_penalty == "max":
        most = rules.total - rules.baseline
        return f"the coup is cancelled and the other side scores the most it could: {most} times its multiplier (M-8)"
    return f"the coup is cancelled and the other side scores {rules.renonce_penalty} (M-8)"


class _Partie:
    """Manches and the end of the partie (M-9)."""

    def __init__(self, rules: ManilleRules, sides: int) -> None:
        self.rules = rules
        self.manche = 1
        self.scores = [0] * sides
        self.manches = [0] * sides
        self.winner: int | None = None

    @property
    def target(self) -> int:
        """M-9: the belle of a partie liée (one manche each) is played to `belle` points."""
        if self.rules.partie == "liee" and self.manche == 3:
            return self.rules.belle
        return self.rules.manche

    def add(self, side: int, points: int) -> None:
        self.scores[side] += points

    def close_manche(self, log: list[str], names: Sequence[str]) -> int | None:
        """If a side has reached the target, it wins the manche (M-9); `next_manche` restarts the scores."""
        leaders = [i for i, score in enumerate(self.scores) if score >= self.target]
        if not leaders:
            return None
        side = max(leaders, key=lambda i: self.scores[i])
        log.append(f"{names[side]} reach {self.scores[side]} ≥ {self.target}: manche {self.manche} won (M-9)")
        self.manches[side] += 1
        needed = 2 if self.rules.partie == "liee" else 1
        if self.manches[side] >= needed:
            self.winner = side
            won = "-".join(str(m) for m in sorted(self.manches, reverse=True))
            log.append(f"partie won by {names[side]}, {won} in manches (M-9)")
        elif self.rules.partie == "liee" and self.manche == 2:
            log.append(f"one manche each: the belle is played to {self.rules.belle} (M-9)")
        return side

    def next_manche(self) -> None:
        """M-9: scores restart at zero for the next manche."""
        self.manche += 1
        self.scores = [0] * len(self.scores)


def replay(ruleset: Ruleset, players: Sequence[str], dealer: str, declared: Sequence[Mapping[str, Any]]) -> Fiche:
    """Replay every declared coup from the first deal; the fiche is the only place figures come from."""
    rules = ruleset.rules
    players = tuple(players)
    check_players(players, rules)
    sides = sides_of(players)
    names = [side.name for side in sides]
    side_of = {player: i for i, side in enumerate(sides) for player in side.players}
    first = players.index(dealer)
    partie = _Partie(rules, len(sides))
    ties = 0
    results: list[CoupResult] = []
    for index, data in enumerate(declared):
        number = index + 1
        if partie.winner is not None:
            raise UserError(f"coup {number}: the partie was already won by {names[partie.winner]}")
        try:
            coup = Coup.from_dict(data, ruleset, players)
        except (UserError, CardError) as error:
            raise UserError(f"coup {number}: {error}") from None
        dealer_now = players[(first + index) % len(players)]
        manche = partie.manche
        multiplier = 2**ties if rules.tie_doubles_next else 1
        scored = [0] * len(sides)
        log: list[str] = [f"{dealer_now} deals"]
        trump = coup.retourne.suit if coup.retourne is not None else None
        won_by = None
        if coup.retourne is not None:
            bonus = retourne_bonus(coup.retourne, rules)
            log.append(f"retourne {coup.retourne}: atout {coup.retourne.suit.symbol} (M-5)")
            if bonus:
                partie.add(side_of[dealer_now], bonus)
                scored[side_of[dealer_now]] += bonus
                log.append(f"retourne {coup.retourne}: +{bonus} to {names[side_of[dealer_now]]} (M-5)")
                won_by = partie.close_manche(log, names)
        played = won_by is None
        made = None
        leader = players[(first + index + 1) % len(players)] if played else None
        renonce, points, tricks = coup.renonce, coup.points, ()
        if played and coup.tricks is not None and leader is not None:
            try:
                audit = _audit(coup, rules, players, dealer_now, leader, trump, side_of)
                renonce, points, tricks = _trick_outcome(coup, audit, sides, log, rules)
            except UserError as error:
                raise UserError(f"coup {number}: {error}") from None
        if not played:
            log.append("the retourne ended the manche: the coup is not played (M-5)")
        elif points is None and renonce is None:
            raise UserError(
                f"coup {number}: give one side's points (--points PLAYER=N), a renonce (--renonce PLAYER) "
                "or the trick log (--trick …)"
            )
        elif renonce is not None:
            offended = 1 - side_of[renonce]
            penalty = renonce_penalty(rules, multiplier)
            partie.add(offended, penalty)
            scored[offended] += penalty
            log.append(f"renonce by {renonce}: coup cancelled, +{penalty} to {names[offended]} (M-8)")
            ties = 0
        elif points is not None:
            who, value = points
            made_list = [rules.total - value] * len(sides)
            made_list[side_of[who]] = value
            made = tuple(made_list)
            log.append(f"{names[0]} {made[0]}, {names[1]} {made[1]} of {rules.total} (M-3)")
            if multiplier > 1:
                log.append(f"multiplier x{multiplier}: {ties} tie(s) carried (M-4)")
            if made[0] == made[1]:
                log.append(f"{made[0]}-{made[1]}: nobody scores (M-4)")
                ties += 1
                if rules.tie_doubles_next:
                    log.append("the next coup counts double (M-4)")
            else:
                winner = 0 if made[0] > made[1] else 1
                gain = coup_score(made[winner], rules, multiplier)
                partie.add(winner, gain)
                scored[winner] += gain
                times = f" x{multiplier}" if multiplier > 1 else ""
                log.append(f"{made[winner]} - {rules.baseline}{times} = {gain} to {names[winner]} (M-4)")
                ties = 0
        if played:
            won_by = partie.close_manche(log, names)
        results.append(
            CoupResult(
                number=number,
                manche=manche,
                dealer=dealer_now,
                leader=leader,
                coup=coup,
                trump=trump,
                played=played,
                made=made,
                scored=tuple(scored),
                scores=tuple(partie.scores),
                multiplier=multiplier,
                manche_won_by=won_by,
                log=tuple(log),
                tricks=tricks,
            )
        )
        if won_by is not None and partie.winner is None:
            partie.next_manche()
    next_dealer = players[(first + len(declared)) % len(players)]
    return Fiche(
        ruleset=ruleset,
        players=players,
        sides=sides,
        coups=tuple(results),
        scores=tuple(partie.scores),
        manches=tuple(partie.manches),
        manche=partie.manche,
        target=partie.target,
        winner=partie.winner,
        next_dealer=next_dealer,
        next_leader=players[(players.index(next_dealer) + 1) % len(players)],
        multiplier_next=2**ties if rules.tie_doubles_next else 1,
    )


def add_coup(
    ruleset: Ruleset,
    players: Sequence[str],
    dealer: str,
    declared: Sequence[Mapping[str, Any]],
    coup: Mapping[str, Any],
) -> Fiche:
    """The fiche with one more coup, refusing what the table cannot have said (M-5, M-9)."""
    before = replay(ruleset, players, dealer, declared)
    if before.over:
        raise UserError(
            f"the partie is over: {before.sides[before.winner].name} won; start another with `scorekeeper new`"
        )
    after = replay(ruleset, players, dealer, [*declared, coup])
    last = after.coups[-1]
    if not last.played and (last.coup.points is not None or last.coup.renonce is not None):
        raise UserError(
            f"the retourne {last.coup.retourne} ends the manche, so the coup is not played (M-5): "
            "enter it with --retourne alone"
        )
    return after
