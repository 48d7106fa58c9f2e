"""The games' tests, and what several of them ask of the registry that the package itself does not."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper import games
from scorekeeper.rulesets import Ruleset


def add_coup(
    ruleset: Ruleset,
    players: Sequence[str],
    dealer: str,
    coups: Sequence[Mapping[str, Any]],
    coup: Mapping[str, Any],
) -> Any:
    """The sheet with one more coup: the state after the others, then one step; refused once the partie
    is over or where the table cannot have said it (as the service adds a coup)."""
    state = games.state_after(ruleset, players, dealer, coups)
    ruleset.engine.check_open(state)
    return ruleset.engine.fiche(ruleset.engine.advance(state, coup))
