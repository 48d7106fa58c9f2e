"""Players' short names, for a sheet that must fit (a phone, a terminal of 40 columns, a TV's columns)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from scorekeeper.i18n import render

Name = Callable[[Any], Any]  # a player (a mort's seat, a side) as the sheet shows him: whole, shortened


def labels(players: Sequence[str]) -> dict[str, str]:
    """Each player's shortest name that no other player's name begins with, compared as C-4 compares
    names (case and accents aside), of three characters at least and ending on a letter or digit; a name
    of five characters or fewer, or one that another name begins with, stays whole.

    >>> labels(["César", "Panisse", "Escartefigue", "Brun"])
    {'César': 'César', 'Panisse': 'Pan', 'Escartefigue': 'Esc', 'Brun': 'Brun'}
    >>> labels(["Marie-Thérèse", "Marie-Claire", "Jean", "Jeanne"])
    {'Marie-Thérèse': 'Marie-T', 'Marie-Claire': 'Marie-C', 'Jean': 'Jean', 'Jeanne': 'Jeann'}
    """
    from scorekeeper.players import fold_name

    folded = {player: fold_name(player) for player in players}
    found = {}
    for player in players:
        others = [name for other, name in folded.items() if other != player]
        found[player] = player
        if len(player) <= 5:
            continue
        for end in range(3, len(player)):
            prefix = player[:end]
            if prefix[-1].isalnum() and not any(name.startswith(fold_name(prefix)) for name in others):
                found[player] = prefix
                break
    return found


def shortener(short: dict[str, str]) -> Name:
    """A player, a mort's seat or a side as the short names say it (`Esc`, `Esc's mort`, `Pan & Brun`)."""
    from scorekeeper.explain import Record

    def shorten(value: Any) -> Any:
        if isinstance(value, str) and hasattr(value, "words"):  # a name whose words are a record (a mort, a side)
            words = value.words
            return render(Record(words.rule, words.event, {key: shorten(v) for key, v in words.values.items()}))
        if isinstance(value, str):
            return short.get(value, value)
        if isinstance(value, (list, tuple)):
            return [shorten(item) for item in value]
        return value

    return shorten
