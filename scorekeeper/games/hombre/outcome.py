"""How a coup ended (RULES H-9 to H-11): won, remise, codille, vole won or lost, vole engagée lost.

>>> decide("A", Contract.DEMANDE, {"A": 1, "B": 4, "C": 4}).takers
('B', 'C')
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import NamedTuple

from scorekeeper.explain import Record, record
from scorekeeper.games.hombre.bidding import Contract


class Outcome(enum.Enum):
    PASSED = "passed"  # H-7: three passes, the coup counts as played
    WON = "won"  # H-9: more tricks than each tiers
    VOLE_WON = "vole_won"  # H-10, H-11: all nine tricks, annoncée or engagée
    VOLE_ENGAGEE_LOST = "vole_engagee_lost"  # H-11: contract won, vole lost
    REMISE = "remise"  # H-9: as many tricks as the tiers with most
    CODILLE = "codille"  # H-9: a tiers has more tricks than the hombre
    VOLE_LOST = "vole_manquee"  # H-10: a vole annoncée without all nine tricks
    AGREED = "agreed"  # M-18: no coup, jetons paid as the table agreed

    def __str__(self) -> str:
        """The outcome's key: its words are `outcome.KEY` in the catalog."""
        return self.value

    @property
    def contract_won(self) -> bool:
        """H-13: the hombre is paid his occasional payments (sans prendre, retourne, matadors)."""
        return self in (Outcome.WON, Outcome.VOLE_WON, Outcome.VOLE_ENGAGEE_LOST)

    @property
    def makes_bete(self) -> bool:
        """H-13: the hombre makes a bête after a remise, a codille or a vole annoncée lost."""
        return self in (Outcome.REMISE, Outcome.CODILLE, Outcome.VOLE_LOST)

    @property
    def sweeps_waiting(self) -> bool:
        """H-13: a vole, won or lost, also settles the waiting bêtes."""
        return self in (Outcome.VOLE_WON, Outcome.VOLE_ENGAGEE_LOST, Outcome.VOLE_LOST)


# A NamedTuple for the start-up of `sheet`, which creates this class at every start (figure at `money.Bete`).
class Decision(NamedTuple):
    """The outcome, who takes the poule (nobody, the hombre, one tiers, or both tiers sharing), and why."""

    outcome: Outcome
    takers: tuple[str, ...]  # empty when the poule stays (remise, passes)
    why: Record


def decide(
    hombre: str, contract: Contract, tricks: Mapping[str, int], vole_engagee: bool = False, forced: bool = False
) -> Decision:
    """H-9 to H-11: the outcome of a coup played, from the tricks each player made.

    `tricks` has the three players in seating order. A vole engagée is refused before this
    (Coup.from_dict) unless the hombre had at least the first five tricks.

    Choice: nine tricks in demande, retourne or sans prendre are a vole engagée won even when not
    declared as engaged: an hombre who took all nine took the first five and led to the sixth (H-11).
    In espadille forcée (`forced`) nine tricks are a demande won, never a vole (H-8, seed 001 §20).

    >>> decide("A", Contract.DEMANDE, {"A": 9, "B": 0, "C": 0}, forced=True).outcome
    <Outcome.WON: 'won'>
    """
    made = tricks[hombre]
    tiers = [player for player in tricks if player != hombre]
    # The tricks as the fiche's grid says them, in seating order (issue 29): one order everywhere.
    said = {"hombre": hombre, "contract": contract, "tricks": tuple(tricks.values())}
    played = sum(tricks.values())  # fewer than nine: the vole stopped at the first trick a tiers took (H-10)
    if contract is Contract.VOLE:
        if made == 9:
            return Decision(Outcome.VOLE_WON, (hombre,), record("vole_annoncee_won", "H-10", **said))
        if played < 9:
            return Decision(Outcome.VOLE_LOST, tuple(tiers), record("vole_stopped", "H-10", **said, played=played))
        return Decision(Outcome.VOLE_LOST, tuple(tiers), record("vole_manquee", "H-10", **said))
    if forced and made == 9:
        return Decision(Outcome.WON, (hombre,), record("forced_nine_no_vole", "H-8", **said))
    if vole_engagee or made == 9:
        if made == 9:
            return Decision(Outcome.VOLE_WON, (hombre,), record("vole_engagee_won", "H-11", **said))
        if played < 9:
            stopped = record("vole_engagee_stopped", "H-10, H-11", **said, played=played)
            return Decision(Outcome.VOLE_ENGAGEE_LOST, tuple(tiers), stopped)
        return Decision(Outcome.VOLE_ENGAGEE_LOST, tuple(tiers), record("vole_engagee_lost", "H-11", **said))
    most = max(tricks[player] for player in tiers)
    if played == 5 and made == 5:  # laid down after the first five tricks: no vole engaged (H-11)
        return Decision(Outcome.WON, (hombre,), record("laid_down", "H-11", **said))
    if made > most:
        return Decision(Outcome.WON, (hombre,), record("contract_won", "H-9", **said))
    if made == most:
        return Decision(Outcome.REMISE, (), record("remise", "H-9", **said))
    winners = tuple(player for player in tiers if tricks[player] == most)
    if len(winners) == 2:
        return Decision(Outcome.CODILLE, winners, record("codille_shared", "H-9", **said))
    return Decision(Outcome.CODILLE, winners, record("codille", "H-9", **said, winner=winners[0], most=most))
