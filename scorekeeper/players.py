"""Players at the table: names matched as people type them, and a seating checked (C-3)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from scorekeeper.errors import UserError


@lru_cache(maxsize=256)  # the same few names are looked up on every coup of a replay
def fold_name(name: str) -> str:
    """Names compare without case or accents, so `cesar` finds César on a phone keyboard."""
    text = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(c for c in text if not unicodedata.combining(c))


def find_player(players: Sequence[str], text: str) -> str:
    """The player named `text` (case and accents ignored), or a UserError listing the players."""
    if text in players:  # as the ledger stores it
        return text
    wanted = fold_name(text)
    for player in players:
        if fold_name(player) == wanted:
            return player
    raise UserError("unknown_player", name=text, players=tuple(players))


def check_players(players: Sequence[str], count: int) -> None:
    """The seating a ruleset needs (C-3): the right count, names told apart."""
    if len(players) != count:
        raise UserError("player_count", count=count, given=len(players))
    folded = [fold_name(player) for player in players]
    if any(not name for name in folded):
        raise UserError("empty_name")
    for player in players:
        if any(mark in player for mark in "=,:\n") or fold_name(player).endswith("'s mort"):
            raise UserError("misread_name", name=player)
    if len(set(folded)) != len(folded):
        raise UserError("same_names", players=tuple(players))
