"""Who sits where at manille (C-3, M-11 to M-16), and who plays with whom in a coup (P-7).

Three groupings run through the game. The *players* deal and score. The *seats* play hands: the
players, and the morts of the systems that have them (M-15, M-16). The *columns* of the fiche score
together: a team, a player and his mort, or each player alone. In each coup the seats form *camps*
that play together (P-7): the fixed teams, or the taker (M-13) or the dealer (M-11) against the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from scorekeeper.explain import Record, record
from scorekeeper.games.manille.rules import ManilleRules
from scorekeeper.players import find_player, fold_name


class Named(str):
    """A name with two faces: the string is its identity (a seat, a column; what the JSON and the ledger
    hold), and `words` is the record a person reads, in the language in effect (`i18n` shows a string
    that has `words` through them).

    >>> from scorekeeper.i18n import render
    >>> mort = mort_of("César")
    >>> mort == "César's mort", render(mort), render(record("dealt", None, dealer=mort))
    (True, "César's mort", "César's mort deals")
    """

    __slots__ = ("words",)
    words: Record

    def __new__(cls, identity: str, words: Record) -> Named:
        named = super().__new__(cls, identity)
        named.words = words
        return named

    def __reduce__(self) -> tuple[type[Named], tuple[str, Record]]:  # a copy or a pickle keeps its words
        return (Named, (str(self), self.words))


def mort_of(player: str) -> Named:
    """The seat of a player's mort, which he plays (M-15, M-16): `César's mort`, in words `seat.mort`."""
    return Named(f"{player}'s mort", record("seat.mort", None, player=player))


def seat_named(seats: Sequence[str], name: str) -> str:
    """The seat a name typed on a trick's card says (M-3, C-4): a player as `find_player` finds him, a mort
    by its seat's name (`César's mort`, as the JSON shows it), or `mort` alone where one mort sits (M-15).

    >>> seat_named(("A", "B", mort_of("A"), "C"), "MORT"), seat_named(("A", "B"), "b")
    ("A's mort", 'B')
    """
    morts = [seat for seat in seats if seat.endswith("'s mort")]  # no player's name ends so (C-4, `check_players`)
    if len(morts) == 1 and fold_name(name) == "mort":
        return morts[0]
    return find_player(seats, name)


# The records of the fiche are NamedTuples, not frozen slotted dataclasses: `sheet` creates their classes
# at every start, a dataclass costs 0.3 to 0.7 ms more a class to create (3 to 16 fields;
# bench/classes.py), and `sheet` on a 500-coup game has about 5 ms of margin.


class Side(NamedTuple):
    """A column of the fiche: the players who score together, its name, and the seats it plays (a player
    and his mort are one column, two seats: the words agree with them, "César & mort reach 34")."""

    players: tuple[str, ...]
    name: str
    seats: tuple[str, ...]


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
    seats: tuple[str, ...]
    columns: tuple[Side, ...]
    if rules.sides == "mort":
        first, second, third = players
        seats = (first, second, mort_of(first), third)
        owner[seats[2]] = first
        columns = (_with_mort(first), _team((second, third)))
    elif rules.sides == "morts":
        first, second = players
        seats = (first, second, mort_of(first), mort_of(second))
        owner.update(zip(seats[2:], players, strict=True))
        columns = (_with_mort(first), _with_mort(second))
    elif rules.sides == "teams":
        seats = players
        columns = tuple(_team(players[i::2]) for i in range(2))
    else:
        seats = players
        columns = tuple(Side((player,), player, ()) for player in players)
    column = {seat: i for seat in seats for i, side in enumerate(columns) if owner[seat] in side.players}
    columns = tuple(side._replace(seats=tuple(s for s in seats if column[s] == i)) for i, side in enumerate(columns))
    return Table(players, seats, columns, owner, column, split_camps(seats, "teams", None))


def _team(players: tuple[str, ...]) -> Side:
    """A column of players who score together: `César & Escartefigue`, in words `side.team`."""
    name = Named(" & ".join(players), record("side.team", None, players=players))
    return Side(players, name, ())


def _with_mort(player: str) -> Side:
    """A player's column with his mort (M-15, M-16): `César & mort`, in words `side.with_mort`."""
    return Side((player,), Named(f"{player} & mort", record("side.with_mort", None, player=player)), ())


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
