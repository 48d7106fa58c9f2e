"""The club's history: every stored game (archived ones included, the trash not) added up per player
and per ruleset, as plain figures.

Players are matched across games by their folded name (C-4): `Cesar` in one game is `César` in
another, shown as written in the oldest game (the one last played first). Each game says its
players' figures (`standing.Figures`: who won and lost a finished partie, manches, renonces, points
or jetons, coups taken and made); a tie, or a game not over, counts in `games` only.

A game's figures are a replay: over a club's years that is most of the time, so each game's are kept
in one derived file of the cache, keyed by the hash of the game file's bytes (`store/cache.py`'s
rule: never needed for a right answer, and a failure to read or write it only costs time).
bench/bench.py --club: 1,000 games in ~0.13 s with it (2x a cold start), ~1.1 s without.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any, TypeGuard

from scorekeeper import clock, store, tomlfile
from scorekeeper.errors import UserError
from scorekeeper.players import fold_name
from scorekeeper.standing import FIGURES as GAME_FIGURES
from scorekeeper.standing import Figures

SUMMARY_FORMAT = 1  # bump when a game's summary changes: older cache files are then ignored
FIGURES = ("games", *GAME_FIGURES)
# What a player's line in each ruleset's total adds up: the figures every game counts alike.
SEATED = ("won", "lost", "renonces", "points", "jetons")


def summaries() -> tuple[list[dict[str, Any]], list[tuple[str, UserError]]]:
    """Each stored game's own figures (`summary`), from the cache where the file's bytes are known; and
    each game file left out, with the mistake that kept it out (unreadable, damaged, a replay that fails)."""
    kept = _cached()
    found: list[dict[str, Any]] = []
    skipped: list[tuple[str, UserError]] = []
    fresh: dict[str, Any] = {}
    for path in _game_files():
        try:
            raw = tomlfile.read_regular(path)  # a file larger than any game is refused by its size, unread
        except OSError as error:
            skipped.append((str(path), UserError("game_unreadable", path=str(path), reason=tomlfile.reason(error))))
            continue
        key = _digest(raw)
        summary = kept.get(key)
        if not _whole(summary):
            summary = _summary_of(raw, path)
            if isinstance(summary, UserError):
                skipped.append((str(path), summary))
                continue
        fresh[key] = summary
        found.append(summary)
    if fresh.keys() != kept.keys():
        _keep(fresh)
    # Oldest first: a player is shown as he was first written (C-4 matches the later spellings to it).
    return sorted(found, key=_played), sorted(skipped, key=lambda left: left[0])


def _played(game: dict[str, Any]) -> tuple[float, str]:
    """A summary's place in time, oldest first: when last played as an instant (`clock`), then its name;
    a time a hand-edited file spells wrong comes first."""
    moment = clock.instant(game["last"])
    return (float("-inf") if moment is None else moment.timestamp(), game["name"])


def stats(
    player: Iterable[str] = (), since: str | None = None, ruleset: Iterable[str] = ()
) -> dict[str, list[Any]]:
    """The figures per player and per ruleset over the games kept by the filters: a player named in
    `player` took part (folded, C-4), last played on or after `since` (ISO date), a ruleset in `ruleset`;
    and `skipped`, each game file that could not be counted (its path and the mistake), whatever the filters."""
    wanted = {fold_name(name) for name in player}
    rulesets = set(ruleset)
    players: dict[str, dict[str, Any]] = {}
    by_ruleset: dict[str, dict[str, Any]] = {}
    counted, skipped = summaries()
    for game in counted:
        if since and clock.local_date(game["last"]) < since:
            continue
        if rulesets and game["ruleset"] not in rulesets:
            continue
        if wanted and not wanted & {fold_name(name) for name in game["players"]}:
            continue
        total = by_ruleset.setdefault(game["ruleset"], {"name": game["ruleset"], "games": 0, "finished": 0})
        total["games"] += 1
        total["finished"] += game["over"]
        for name, figures in game["players"].items():
            folded = fold_name(name)
            if wanted and folded not in wanted:
                continue
            mine = players.setdefault(folded, _empty(name))
            mine["games"] += 1
            for figure, value in figures.items():
                if figure == "outcomes":
                    for outcome, count in value.items():
                        mine["outcomes"][outcome] = mine["outcomes"].get(outcome, 0) + count
                else:
                    mine[figure] += value
            seat = total.setdefault("players", {}).setdefault(folded, _empty(name))
            seat["games"] += 1
            for figure in SEATED:
                seat[figure] += figures[figure]
    for total in by_ruleset.values():
        total["players"] = sorted(total.get("players", {}).values(), key=_ranked)
    return {
        "players": sorted(players.values(), key=_ranked),
        "rulesets": sorted(by_ruleset.values(), key=lambda total: total["name"]),
        "skipped": skipped,
    }


def _ranked(figures: dict[str, Any]) -> tuple[int, int, str]:
    return -figures["won"], figures["lost"], fold_name(figures["name"])


def _empty(name: str) -> dict[str, Any]:
    return {"name": name, **dict.fromkeys(FIGURES, 0), "outcomes": {}}


def summary(game: store.Ledger) -> dict[str, Any]:
    """One game's figures for each of its players, as its game counts them (`standing.Figures`)."""

    from scorekeeper import service

    sheet = service.fiche(game)
    counted = service.ruleset_of(game).engine.figures(sheet)
    figures = {name: counted.get(name, Figures()).as_dict() for name in game.players}
    over = bool(sheet.over)
    return {
        "name": game.name,
        "ruleset": game.ruleset_name,
        "last": game.last_played(),
        "over": over,
        "players": figures,
    }


def _whole(summary: Any) -> TypeGuard[dict[str, Any]]:
    """A cached summary as `summary` writes it: one from a torn or forged file is replayed again."""
    try:
        return (
            isinstance(summary["name"], str)
            and isinstance(summary["ruleset"], str)
            and isinstance(summary["last"], str)
            and isinstance(summary["over"], bool)
            and all(
                isinstance(name, str)
                and all(isinstance(figures[figure], int | float) for figure in FIGURES[1:])
                and all(isinstance(count, int) for count in figures["outcomes"].values())
                for name, figures in summary["players"].items()
            )
        )
    except (TypeError, KeyError, AttributeError):
        return False


def _game_files() -> Iterator[Path]:
    for folder in (store.games_dir(), store.home() / store.ARCHIVE):
        if folder.is_dir():
            yield from (path for path in folder.glob("*.toml") if path.is_file())


def _summary_of(raw: bytes, path: Path) -> dict[str, Any] | UserError:
    """A game file's figures, or the mistake that keeps it out of the history: the history is told
    without it, and says so, as `games` lists it with its mistake."""
    from scorekeeper.store import cache
    from scorekeeper.store.ledger import damage

    try:
        data = cache.load(raw) or tomlfile.loads(raw)
        return summary(store.Ledger.from_toml(data, str(path)))
    except UserError as error:
        return error
    except tomlfile.NotToml as error:
        return UserError("game_damaged", path=str(path), problem=damage("not_toml", reason=tomlfile.reason(error)))
    except (KeyError, ValueError, TypeError, AttributeError, IndexError) as error:  # a hand-damaged file
        problem = damage("replay", error=f"{type(error).__name__}: {error}")
        return UserError("game_damaged", path=str(path), problem=problem)


def _digest(raw: bytes) -> str:
    try:
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover
        from hashlib import blake2b
    return blake2b(raw, digest_size=20).hexdigest()


def _cache_file() -> Path:
    return store.cache_dir() / f"history-{SUMMARY_FORMAT}.json"


def _cached() -> dict[str, Any]:
    import json

    try:
        kept = json.loads(_cache_file().read_bytes())
        return kept if isinstance(kept, dict) and all(isinstance(v, dict) for v in kept.values()) else {}
    except (OSError, ValueError, RecursionError):
        return {}


def _keep(summaries: dict[str, Any]) -> None:
    import json

    with suppress(OSError, TypeError, ValueError):
        store.write_atomic(_cache_file(), json.dumps(summaries, ensure_ascii=False).encode(), durable=False)
