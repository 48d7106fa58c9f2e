"""A game as `sheet --json` prints it, and `serve`'s `/sheet.json` gives it: one shape for both."""

from __future__ import annotations

from typing import Any

from scorekeeper import service


def as_json(the_game: Any, fiche: Any) -> dict[str, Any]:
    """The game (a ledger, as `service.read` gives it) as `sheet --json` prints it (and `serve`'s
    `/sheet.json`): its fiche, each entry with its time and note, the game's notes and its stop."""
    aside = service.aside(the_game)
    data = fiche.as_dict()
    for entry, kept in zip(data["coups"], aside["entries"], strict=False):
        entry.update(kept)
    return {"name": the_game.name, **data, "notes": aside["notes"], "stopped": aside["stopped"]}
