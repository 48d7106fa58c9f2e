"""Who sits where at manille (C-3, M-11 to M-16), and who plays with whom in a coup (P-7).

Three groupings run through the game. The *players* deal and score. The *seats* play hands: the
players, and the morts of the systems that have them (M-15, M-16). The *columns* of the fiche score
together: a team, a player and his mort, or each player alone. In each coup the seats form *camps*
that play together (P-7): the fixed teams, or the taker (M-13) or the dealer (M-11) against the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from scorekeeper.games.manille.rules import ManilleRules


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
    return Table(players, seats, columns, owner, column, split_camps(seats, "teams", None))


def camps_of(table: Table, rules: ManilleRules, dealer: str, taker: str | None) -> tuple[tuple[str, ...], ...]:
    """P-7: the seats that play together in this coup. Fixed sides, each alone, or one against the others."""
    if rules.sides in ("teams", "mort", "morts"):
        return table.fixed_camps
    return split_camps(table.seats, rules.sides, taker if rules.sides == "taker" else dealer)


def split_camps(seats: tuple[str, ...], sides: str, alone: str | None) -> tuple[tuple[str, ...], ...]:
    """P-7 for seats in play order: each for himself (M-14), one alone against the others (M-11, M-13), or
    fixed sides, which sit one seat in two (C-3: a team at four, a player and his mort opposite, M-15, M-16).

    >>> split_camps(("A", "B", "C", "D"), "teams", None), split_camps(("A", "B", "C"), "dealer", "B")
    ((('A', 'C'), ('B', 'D')), (('B',), ('A', 'C')))
    """
    if sides == "each":
        return tuple((seat,) for seat in seats)
    if sides in ("taker", "dealer"):
        return ((alone,), tuple(seat for seat in seats if seat != alone))  # type: ignore[return-value]
    return (seats[0::2], seats[1::2])
