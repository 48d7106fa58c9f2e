"""A player's figures in one game, for the club's history and a concours' standing: what every game
says of each of its players, in one typed record whatever it counts (points, jetons)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

FIGURES = ("won", "lost", "manches", "renonces", "points", "jetons", "taken", "taken_made")


@dataclass(frozen=True, slots=True)
class Figures:
    """One player's figures in one game: won or lost the partie (a tie, or a game not over, neither),
    manches won, renonces committed, points scored with his side or jetons won (negative: lost), coups
    taken (as the one who bid or played alone) and made, and how each of them ended, by outcome."""

    won: int = 0
    lost: int = 0
    manches: int = 0
    renonces: int = 0
    points: int = 0
    jetons: int | float = 0
    taken: int = 0
    taken_made: int = 0
    outcomes: Mapping[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        """The figures by name, `outcomes` last, as the history keeps them."""
        return {**{name: getattr(self, name) for name in FIGURES}, "outcomes": dict(self.outcomes)}
