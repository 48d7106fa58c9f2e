"""The evening's regnskab (RULES D-8): each player's points summed over the evening, turned into money at a
rate a point so that the sum is zero, and who pays whom; a player's own statement, deal by deal.

The points of a table that pays each opponent sum to zero (D-5); a strafpoint (D-7), paid to no one, or a
table where the declarer alone scores, leaves a sum that is not: the money is then each player's points
less the table's mean, so that what is paid is what is received. Money is counted exactly, in hundredths
(øre), the hundredths the mean leaves over given to the largest remainders.

>>> from fractions import Fraction
>>> [f"{float(amount):.2f}" for amount in shares((9, -3, -5, -1), Fraction(1, 4))]
['2.25', '-0.75', '-1.25', '-0.25']
>>> [f"{float(amount):.2f}" for amount in shares((1, 0, 0), Fraction(1))]
['0.67', '-0.33', '-0.34']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from scorekeeper.errors import UserError
from scorekeeper.games.spadille.payments import fewest_payments

if TYPE_CHECKING:
    from scorekeeper.games.lhombre import DealResult, Fiche

CENT = Fraction(1, 100)


def rate_of(given: Any) -> Fraction | None:
    """`settle --rate`: money a point, a decimal with a point or a comma (« 0,25 »), positive; None: points."""
    if given is None:
        return None
    try:
        rate = Fraction(str(given).strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise UserError("lhombre_rate", "D-8", rate=str(given)) from None
    if rate <= 0 or 100 % rate.denominator:  # money in hundredths: 0.25, never a third of an øre
        raise UserError("lhombre_rate", "D-8", rate=str(given))
    return rate


def shares(points: Sequence[int], rate: Fraction) -> tuple[Fraction, ...]:
    """Each player's money: his points less the mean, at `rate`, in hundredths summing to zero exactly."""
    mean = Fraction(sum(points), len(points))
    exact = [(point - mean) * rate for point in points]
    floors = [Fraction(int((value / CENT).__floor__()), 100) for value in exact]
    left = round((sum(exact) - sum(floors)) / CENT)  # hundredths to hand out: the sum of the exact is zero
    order = sorted(range(len(exact)), key=lambda at: (-(exact[at] - floors[at]), at))
    for at in order[:left]:
        floors[at] += CENT
    return tuple(floors)


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment of the regnskab: a player, or a team's players together, to another (D-8)."""

    payer: tuple[str, ...]
    payee: tuple[str, ...]
    amount: Fraction


@dataclass(frozen=True, slots=True)
class Team:
    """Partners whose points add up (D-8: a pair, a team of four): their points and money summed."""

    players: tuple[str, ...]
    points: int
    money: Fraction


def teams_of(fiche: Fiche, said: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """`settle --team Ole+Bent`: each team's players as the fiche names them (C-4), none in two teams."""
    from scorekeeper.players import find_player

    found: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for team in said:
        members = tuple(find_player(fiche.players, name.strip()) for name in team.split("+") if name.strip())
        if len(members) < 2 or len(set(members)) < len(members) or seen & set(members):
            raise UserError("lhombre_team", "D-8", team=team)
        pairs = _pairs(fiche)
        if pairs and set(members) not in [set(pair) for pair in pairs]:  # makkerspil: the pairs are the seats'
            raise UserError("lhombre_makkerspil_team", "D-8", team=team, pairs=["+".join(pair) for pair in pairs])
        seen |= set(members)
        found.append(members)
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Regnskab:
    """The evening settled (D-8): each player's points, his money at the rate (None: points alone), and who
    pays whom."""

    players: tuple[str, ...]
    points: tuple[int, ...]
    rate: Fraction | None
    money: tuple[Fraction, ...]
    transfers: tuple[Transfer, ...]
    teams: tuple[Team, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "rate": None if self.rate is None else float(self.rate),
            "teams": [
                {
                    "players": list(team.players),
                    "points": team.points,
                    "money": None if self.rate is None else float(team.money),
                }
                for team in self.teams
            ],
            "results": [
                {"name": name, "points": points, "money": None if self.rate is None else float(money)}
                for name, points, money in zip(self.players, self.points, self.money, strict=True)
            ],
            "transfers": [
                {"from": list(paid.payer), "to": list(paid.payee), "amount": float(paid.amount)}
                for paid in self.transfers
            ],
        }


def regnskab(fiche: Fiche, given_rate: Any, said_teams: Sequence[str] = ()) -> Regnskab:
    """D-8: the evening's points, and at a rate its money and who pays whom (the largest debts first); with
    teams, each team's points and money summed from its members'."""
    rate = rate_of(given_rate)
    owed = shares(fiche.scores, rate if rate is not None else Fraction(1))
    money = owed if rate is not None else (Fraction(0),) * len(owed)
    at = {name: place for place, name in enumerate(fiche.players)}
    teams = tuple(
        Team(
            members,
            sum(fiche.scores[at[name]] for name in members),
            sum((money[at[name]] for name in members), Fraction(0)),
        )
        for members in (teams_of(fiche, said_teams) if said_teams else _pairs(fiche))
    )
    # who pays whom: the teams as one party each (partners never pay each other), the others alone
    teamed = {name for team in teams for name in team.players}
    parties = [team.players for team in teams] + [(name,) for name in fiche.players if name not in teamed]
    owed_by = {party: sum((owed[at[name]] for name in party), Fraction(0)) for party in parties}
    transfers = tuple(Transfer(payer, payee, Fraction(amount)) for payer, payee, amount in fewest_payments(owed_by))
    return Regnskab(fiche.players, fiche.scores, rate, money, transfers, teams)


def _pairs(fiche: Fiche) -> tuple[tuple[str, ...], ...]:
    """In makkerspil the two pairs, partners opposite (D-8), summed without `--team`; else none."""
    if not fiche.rules.makkerspil:
        return ()
    first, second, third, fourth = fiche.players
    return ((first, third), (second, fourth))


@dataclass(frozen=True, slots=True)
class Line:
    number: int
    declarer: str | None
    contract: str | None
    outcome: str | None
    points: int


@dataclass(frozen=True, slots=True)
class Statement:
    """One player's evening (D-8): each deal where he scored or paid, which sum to his points."""

    player: str
    lines: tuple[Line, ...]
    points: int
    money: Fraction | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "lines": [
                {
                    "number": line.number,
                    "declarer": line.declarer,
                    "contract": line.contract,
                    "outcome": line.outcome,
                    "points": line.points,
                }
                for line in self.lines
            ],
            "points": self.points,
            "money": None if self.money is None else float(self.money),
        }


def statement(fiche: Fiche, settled: Regnskab | None, player: str) -> Statement:
    at = fiche.players.index(player)
    lines = tuple(line for result in fiche.coups if result.scored[at] for line in _lines(fiche, result, player, at))
    money = None if settled is None or settled.rate is None else settled.money[at]
    return Statement(player, lines, fiche.scores[at], money)


def _lines(fiche: Fiche, result: DealResult, player: str, at: int) -> tuple[Line, ...]:
    """A deal in a player's statement; at two nolos (D-8) a line each, the player's share of each."""
    deal = result.coup
    if deal.also is None:
        declarer = deal.declarer or deal.strafpoint
        return (Line(result.number, declarer, deal.contract, result.outcome, result.scored[at]),)
    contracts = zip((deal, deal.also), (result.outcome, result.also), result.parts, strict=True)
    return tuple(
        Line(result.number, part.declarer, part.contract, ended, share[at])
        for part, ended, share in contracts
        if share[at]
    )
