"""The club's history: every stored game (archived ones included, the trash not) added up per player
and per ruleset, as plain figures.

Players are matched across games by their folded name (C-4): `Cesar` in one game is `César` in
another, shown as written in the oldest game (the one last played first). Each game says its
players' figures (`standing.Figures`: who won and lost a finished partie, manches, renonces, points
or jetons, coups taken and made); a tie, or a game not over, counts in `games` only.

A game's figures are a replay: over a club's years that is most of the time, so each game's are kept
in one derived file of the cache, keyed by the hash of the game file's bytes, and each file's stamp
(size, time, inode) with its hash, so that a file unchanged is not even read; and a command that
writes a game keeps its figures beside it as it writes (`keep`: it has just replayed it), so that a
first `stats` finds them too (`store/cache.py`'s rule: never needed for a right answer, and a failure
to read or write any of it only costs time). The figures are in docs/performance.md.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from scorekeeper import clock, store, tomlfile
from scorekeeper.errors import UserError
from scorekeeper.players import fold_name
from scorekeeper.standing import FIGURES as GAME_FIGURES
from scorekeeper.standing import Figures

if TYPE_CHECKING:
    from scorekeeper.games.contract import Game

SUMMARY_FORMAT = 3  # bump when a game's summary or the cache's form changes: older cache files are then ignored
FOLDER = f"history-{SUMMARY_FORMAT}"  # the cache's folder of the summaries commands keep as they write (`keep`)
# A stamp as recent as this (ns) is not trusted: a file system's clock ticks coarsely (FAT: 2 s).
RACY = 2_000_000_000
# Coups up to which a command keeps the game's summary as it writes: the figures cost ~10 µs a coup
# (manille, 2,000 coups: 20 ms), a longer game is summed by `stats` itself once a change.
KEEP_UP_TO = 300
FIGURES = ("games", *GAME_FIGURES)
# What a player's line in each ruleset's total adds up: the figures every game counts alike.
SEATED = ("won", "lost", "renonces", "points", "jetons")


def summaries() -> tuple[list[dict[str, Any]], list[tuple[str, UserError]]]:
    """Each stored game's own figures (`summary`), from the cache where the file is known; and each game
    file left out, with the mistake that kept it out (unreadable, damaged, a replay that fails).

    A file is known by its stamp (size, time and inode, as the last run saw them), else by the hash of
    its bytes: the figures the last run kept, else those the command that wrote it kept (`keep`), else
    a replay. A stamp taken within `RACY` of its file's time is not kept: a write in the same tick of
    the clock, of the same size, would look the same."""
    import time

    from scorekeeper.store import cache

    kept = _cached()
    known, stamps = kept["summaries"], kept["stamps"]
    found: list[dict[str, Any]] = []
    skipped: list[tuple[str, UserError]] = []
    fresh: dict[str, Any] = {}
    stamped: dict[str, list[Any]] = {}
    now = time.time_ns()
    kept_by_writes = os.path.join(store.cache_dir(), FOLDER)  # found once: a club's years are thousands of files
    for path, info in _game_files():
        stamp = [info.st_size, info.st_mtime_ns, info.st_ino]
        seen = stamps.get(path)
        key = seen[3] if isinstance(seen, list) and len(seen) == 4 and seen[:3] == stamp else None
        summary = known.get(key) if isinstance(key, str) else None
        if not whole_summary(summary):
            try:
                raw = tomlfile.read_regular(path)  # a file larger than any game is refused by its size, unread
            except OSError as error:
                skipped.append((path, UserError("game_unreadable", path=path, reason=tomlfile.reason(error))))
                continue
            key = cache.digest(raw)
            summary = known.get(key)
            if not whole_summary(summary):
                summary = cache.derived_in(kept_by_writes, key)
            if not whole_summary(summary):
                summary = _summary_of(raw, path)
                if isinstance(summary, UserError):
                    skipped.append((path, summary))
                    continue
        assert isinstance(key, str)
        fresh[key] = summary
        if now - info.st_mtime_ns > RACY:
            stamped[path] = [*stamp, key]
        found.append(summary)
    if fresh.keys() != known.keys() or stamped != stamps:
        _keep({"stamps": stamped, "summaries": fresh})
    # Oldest first: a player is shown as he was first written (C-4 matches the later spellings to it).
    return sorted(found, key=_played), sorted(skipped, key=lambda left: left[0])


def _played(game: dict[str, Any]) -> tuple[float, str]:
    """A summary's place in time, oldest first: when last played as an instant (`clock`), then its name;
    a time a hand-edited file spells wrong comes first."""
    moment = clock.instant(game["last"])
    return (float("-inf") if moment is None else moment.timestamp(), game["name"])


def stats(
    player: Iterable[str] = (), since: str | None = None, ruleset: Iterable[str] = (), concours: str | None = None
) -> dict[str, list[Any]]:
    """The figures per player and per ruleset over the games kept by the filters: a player named in
    `player` took part (folded, C-4), last played on or after `since` (ISO date), a ruleset in `ruleset`;
    and `skipped`, each game file that could not be counted (its path and the mistake), whatever the filters.
    A concours's tables (issue 32) are counted only when `concours` names it, and then only they: a day of
    312 parties would otherwise outweigh the club's evenings."""
    wanted = {fold_name(name) for name in player}
    rulesets = set(ruleset)
    players: dict[str, dict[str, Any]] = {}
    columns: set[str] = set()  # the figures some game counted: the columns of `stats`
    by_ruleset: dict[str, dict[str, Any]] = {}
    counted, skipped = summaries()
    counted = _of_concours(counted, concours)
    folded_names: dict[str, str] = {}  # a club writes a few names a thousand times: each folded once
    for game in counted:
        if since and clock.local_date(game["last"]) < since:
            continue
        if rulesets and game["ruleset"] not in rulesets:
            continue
        for name in game["players"]:
            if name not in folded_names:
                folded_names[name] = fold_name(name)
        if wanted and not wanted & {folded_names[name] for name in game["players"]}:
            continue
        columns.update(game["counts"])
        total = by_ruleset.setdefault(game["ruleset"], {"name": game["ruleset"], "games": 0, "finished": 0})
        total["games"] += 1
        total["finished"] += game["over"]
        for name, figures in game["players"].items():
            folded = folded_names[name]
            if wanted and folded not in wanted:
                continue
            if folded not in players:
                players[folded] = _empty(name)
            mine = players[folded]
            mine["games"] += 1
            for figure, value in figures.items():
                if figure == "outcomes":
                    for outcome, count in value.items():
                        mine["outcomes"][outcome] = mine["outcomes"].get(outcome, 0) + count
                else:
                    mine[figure] += value
            seated = total.setdefault("players", {})
            if folded not in seated:
                seated[folded] = _empty(name)
            seat = seated[folded]
            seat["games"] += 1
            for figure in SEATED:
                seat[figure] += figures[figure]
    for total in by_ruleset.values():
        total["players"] = sorted(total.get("players", {}).values(), key=_ranked)
    return {
        "columns": [figure for figure in GAME_FIGURES if figure in columns],
        "players": sorted(players.values(), key=_ranked),
        "rulesets": sorted(by_ruleset.values(), key=lambda total: total["name"]),
        "skipped": skipped,
    }


def _of_concours(counted: list[dict[str, Any]], concours: str | None) -> list[dict[str, Any]]:
    """The games `stats` counts: those of no concours, or, with `concours`, that concours's tables alone."""
    from scorekeeper.concours import files

    if concours is not None:
        concours = fold_name(files.written_name(concours))
    tables = files.tables_among(game["name"] for game in counted)
    if concours is None:
        return [game for game in counted if game["name"] not in tables]
    paper = _on_paper(files.read(concours))
    played = [game for game in counted if fold_name(tables.get(game["name"], "")) == concours]
    return [game for game in played if fold_name(game["name"]) not in paper] + list(paper.values())


def _on_paper(made: Any) -> dict[str, dict[str, Any]]:
    """A concours's tables whose result came from paper (T-8), each as a game's summary says it, by its game's
    folded name: the result binds the table (T-9), whatever its game holds. A draw counts as neither won nor
    lost; where each plays alone (l'hombre) each player's jetons, or points at the Danish tables."""
    found = {}
    for drawn in made.rounds:
        for table in drawn.tables:
            result = table.result
            if result is None or result.source != "paper":
                continue
            count, figure = len(table.sides), made.settings.figure
            figures = {}
            for at, player in enumerate(table.seats):
                side = at % count
                mine: dict[str, Any] = {**dict.fromkeys(GAME_FIGURES, 0), "outcomes": {}}
                if made.settings.alone:  # jetons won or lost (H-19), or the Danish points (D-8)
                    mine[figure] = result.points[side]
                    mine["won"], mine["lost"] = int(result.points[side] > 0), int(result.points[side] < 0)
                else:
                    mine["won"], mine["lost"] = int(result.won[side] == 1.0), int(result.won[side] == 0.0)
                    mine["points"], mine["manches"] = result.points[side], result.manches[side]
                figures[player] = mine
            found[fold_name(table.game)] = {
                "name": table.game,
                "ruleset": made.ruleset_name,
                "last": made.created or "",
                "over": True,
                "players": figures,
                "counts": ["won", "lost", figure] if made.settings.alone else ["won", "lost", "manches", "points"],
                "stopped": False,
                "ahead": None,
            }
    return found


def _ranked(figures: dict[str, Any]) -> tuple[int, int, str]:
    return -figures["won"], figures["lost"], fold_name(figures["name"])


def _empty(name: str) -> dict[str, Any]:
    return {"name": name, **dict.fromkeys(FIGURES, 0), "outcomes": {}}


def summary(game: store.Ledger, sheet: Any = None, engine: Game | None = None) -> dict[str, Any]:
    """One game's figures for each of its players, as its game counts them (`standing.Figures`), from its
    sheet where the caller has it (else the game is replayed, its ruleset built once)."""
    if sheet is None:
        from scorekeeper import games
        from scorekeeper.service.reads import ruleset_of, said

        ruleset = ruleset_of(game)
        engine = games.engine(ruleset)
        sheet = games.replay(ruleset, game.players, game.dealer, said(game.coups))
    elif engine is None:
        from scorekeeper import games

        engine = games.get(game.ruleset["game"])
    counted = engine.figures(sheet)
    figures = {name: counted.get(name, Figures()).as_dict() for name in game.players}
    over = bool(sheet.over)
    stopped = game.stopped is not None
    ahead = engine.stopped(sheet) if stopped and not over and not engine.has_money else None
    if stopped and not over and engine.has_money:  # what the table pays (settle --early, H-19), never running totals
        figure = "jetons" if "jetons" in engine.counts else "points"  # a Danish evening's regnskab is in points (D-8)
        for paid in engine.stopped(sheet).as_dict()["results"]:
            mine, result = figures[paid["name"]], paid.get("result", paid.get(figure))
            mine[figure], mine["won"], mine["lost"] = result, int(result > 0), int(result < 0)
    return {
        "name": game.name,
        "ruleset": game.ruleset_name,
        "last": game.last_played(),
        "over": over,
        "players": figures,
        "counts": list(engine.counts),  # the figures its game counts: its columns in `stats`
        # A partie stopped by agreement before its end, and the players ahead then (a game with money
        # settles instead): what a concours's table came to (T-2).
        "stopped": stopped,
        "ahead": list(ahead) if isinstance(ahead, list) else None,
    }


def keep(game: store.Ledger, sheet: Any, engine: Game | None = None) -> None:
    """The game's figures kept beside the bytes the command is about to write (`Ledger.derived`), from the
    sheet it has just replayed, so that `stats` finds them without a replay. Called last before the
    write, the game as it will be stored; a game longer than `KEEP_UP_TO` coups is left to `stats`, and
    so is one whose figures cannot be told (`stats` then says why): a cache never fails a command."""
    if len(game.coups) <= KEEP_UP_TO:
        with suppress(UserError, KeyError, ValueError, TypeError, AttributeError, IndexError):
            game.derived[FOLDER] = summary(game, sheet, engine)


def whole_summary(summary: Any) -> TypeGuard[dict[str, Any]]:
    """A cached summary as `summary` writes it: one from a torn or forged file is replayed again."""
    try:
        return (
            isinstance(summary["name"], str)
            and isinstance(summary["ruleset"], str)
            and isinstance(summary["last"], str)
            and isinstance(summary["over"], bool)
            and all(figure in GAME_FIGURES for figure in summary["counts"])
            and all(_whole_figures(name, figures) for name, figures in summary["players"].items())
        )
    except (TypeError, KeyError, AttributeError):
        return False


def _whole_figures(name: Any, figures: Any) -> bool:
    """One player's figures as `summary` writes them (a plain loop: `stats` checks a thousand games' at every run)."""
    if not isinstance(name, str):
        return False
    for figure in FIGURES[1:]:
        if not isinstance(figures[figure], int | float):
            return False
    for count in figures["outcomes"].values():
        if not isinstance(count, int):
            return False
    return True


def _game_files() -> Iterator[tuple[str, os.stat_result]]:
    """Each game file of the games and the archive, its path as a string (no `Path` made for each of a
    club's thousands), with what `stat` says of it (a link followed)."""
    for folder in (store.games_dir(), store.home() / store.ARCHIVE):
        try:
            entries = list(os.scandir(folder))
        except OSError:  # no folder yet, or not one
            continue
        for entry in entries:
            if entry.name.endswith(".toml"):
                with suppress(OSError):
                    info = entry.stat()
                    if stat.S_ISREG(info.st_mode):
                        yield entry.path, info


def _summary_of(raw: bytes, path: str) -> dict[str, Any] | UserError:
    """A game file's figures, or the mistake that keeps it out of the history: the history is told
    without it, and says so, as `games` lists it with its mistake."""
    from scorekeeper.store import cache
    from scorekeeper.store.ledger import damage

    try:
        data = cache.load(raw) or tomlfile.loads(raw)
        return summary(store.Ledger.from_toml(data, path))
    except UserError as error:
        return error
    except tomlfile.NotToml as error:
        return UserError("game_damaged", path=path, problem=damage("not_toml", reason=tomlfile.reason(error)))
    except (KeyError, ValueError, TypeError, AttributeError, IndexError) as error:  # a hand-damaged file
        problem = damage("replay", error=f"{type(error).__name__}: {error}")
        return UserError("game_damaged", path=path, problem=problem)


def _cache_file() -> Path:
    return store.cache_dir() / f"history-{SUMMARY_FORMAT}.json"


def _cached() -> dict[str, dict[str, Any]]:
    """The last run's figures by hash (`summaries`) and each file's stamp and hash (`stamps`), else none."""
    import json

    try:
        kept = json.loads(_cache_file().read_bytes())
        if isinstance(kept, dict) and all(isinstance(kept.get(part), dict) for part in ("stamps", "summaries")):
            return kept
    except (OSError, ValueError, RecursionError):
        pass
    return {"stamps": {}, "summaries": {}}


def _keep(kept: dict[str, Any]) -> None:
    import json

    with suppress(OSError, TypeError, ValueError):
        store.write_atomic(_cache_file(), json.dumps(kept, ensure_ascii=False).encode(), durable=False)
