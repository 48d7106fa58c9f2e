"""Reads: a game opened from the store and what a command draws of it (its ruleset, its sheet, what it
keeps aside, the list of games, the current game), so that no command reads the store itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from scorekeeper import games, store, tomlfile
from scorekeeper.errors import UserError
from scorekeeper.explain import record
from scorekeeper.games import contract
from scorekeeper.players import fold_name
from scorekeeper.rulesets import Ruleset
from scorekeeper.service import tables
from scorekeeper.store import Ledger


def ruleset_of(game: Ledger) -> Ruleset:
    """The game's own copy of its ruleset, with its options: later edits of the file change nothing."""
    return games.build(game.ruleset, origin=record("origin.game", name=game.name)).with_options(game.options)


def game_of(name: str | None) -> str | None:
    """The game (its registry name) that game `name` plays, else the current game; None where there is none
    or its file cannot say."""
    name = name or store.current_name()
    try:
        # A concours's table named before its first coup: its game as it will be made, nothing written yet.
        ledger = None if name is None else store.read(name) if store.exists(name) else tables.unmade(name)
        game = None if ledger is None else ledger.ruleset.get("game")
    except UserError:  # the command says what is wrong with the file
        return None
    return game if isinstance(game, str) else None


def fiche(game: Ledger) -> Any:
    """The game's sheet, replayed from what was said."""
    return games.replay(ruleset_of(game), game.players, game.dealer, said(game.coups))


ASIDE = ("time", "note")  # what an entry keeps beside what was said: the engines never see it


class Running(NamedTuple):
    """The state of a game after its first `coups` (the engine's, which `advance` takes over), and whether it
    was replayed from the first deal (else restored from the state the cache kept)."""

    state: Any
    coups: int
    replayed: bool


def running(game: Ledger, ruleset: Ruleset, whole_up_to: int, count: int | None = None) -> Running:
    """The state after the game's first `count` coups (all of them where None), for a command that reads of
    it only the last coup's result and the figures (`coup`'s echo and status, `undo`'s status): restored
    from the state the cache kept for them (`store.states`, issue 28) where there is one, else replayed from
    the first deal and kept, with the one before it (what the next `undo` asks). Its fiche may then be
    `games.contract.Partial`: whatever reads the whole fiche replays it (`fiche`).

    A game of at most `whole_up_to` coups is always replayed: the caller's `history.KEEP_UP_TO`, up to which
    its write keeps the game's figures for `stats` from the whole fiche (a replay of a few ms). Where the
    engine keeps no state (`games.contract.Keeping`), it is replayed as before."""
    count = len(game.coups) if count is None else count
    engine = games.engine(ruleset)
    if count <= whole_up_to or not contract.keeps_state(engine):
        return Running(games.state_after(ruleset, game.players, game.dealer, said(game.coups[:count])), count, True)
    from scorekeeper.store import states

    path = store.path_of(game.name)
    found = _key(game, ruleset, count)
    data = None if found is None else states.find(path, found, count)
    if data is not None:
        from scorekeeper.games.snapshot import Unpacked

        try:
            return Running(engine.restore(ruleset, game.players, game.dealer, data), count, False)
        except (Unpacked, UserError, ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
            pass  # a state damaged, forged or of another form: replayed, never a failure
    coups = said(game.coups[:count])
    state = games.state_after(ruleset, game.players, game.dealer, coups[:-1])
    before = _key(game, ruleset, count - 1)
    if before is not None:
        states.keep(path, before, count - 1, engine.snapshot(state))
    state = engine.advance(state, coups[-1])
    if found is not None:
        states.keep(path, found, count, engine.snapshot(state))
    return Running(state, count, True)


def keep_running(game: Ledger, ruleset: Ruleset, state: Any, count: int, whole_up_to: int) -> None:
    """Keep `state`, the game's after its first `count` coups, once the game is written (its coups' text at
    hand, `Ledger.written`): what the next `coup` or `undo` goes on from (`running`, which replays a game of
    at most `whole_up_to` coups)."""
    engine = games.engine(ruleset)
    if count <= whole_up_to or not contract.keeps_state(engine):
        return
    found = _key(game, ruleset, count)
    if found is not None:
        from scorekeeper.store import states

        states.keep(store.path_of(game.name), found, count, engine.snapshot(state))


def _key(game: Ledger, ruleset: Ruleset, count: int) -> str | None:
    """What the state after the game's first `count` coups is kept under (`store.states.key`)."""
    import sys

    from scorekeeper.store import states

    package = str(Path(str(sys.modules[type(games.engine(ruleset)).__module__].__file__)).parent)
    made_of = [ruleset.game, game.ruleset, game.options, list(game.players), game.dealer]
    if game.written is not None and game.written.lines is None:  # split once, for the write's own use too
        game.written = game.written._replace(lines=game.written.coup_lines())
    texts = states.lines(game.written, game.coups, count)
    if texts is None:  # the coups said as the engines read them: a hash of their JSON, 1 ms at 2,000 coups
        import json

        try:
            texts = ["said", json.dumps(said(game.coups[:count]), sort_keys=True, default=str, ensure_ascii=False)]
        except (TypeError, ValueError, RecursionError):
            return None
    return states.key(package, made_of, texts)


def said(coups: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The entries as the engines read them: without their time and note."""
    return [
        {k: v for k, v in coup.items() if k not in ASIDE} if "time" in coup or "note" in coup else coup
        for coup in coups
    ]


def aside(game: Ledger) -> dict[str, Any]:
    """What the game keeps beside what was said, for the sheet and its JSON: each entry's time and note
    (`entries`, in the order of the entries, `{}` for an old entry that has neither), the game's notes,
    and its stop by agreement."""
    return {
        "entries": [{key: coup[key] for key in ASIDE if key in coup} for coup in game.coups],
        "notes": list(game.notes),
        "stopped": game.stopped,
    }


def read(name: str) -> Ledger:
    """Game `name` as stored."""
    return store.read(name)


def exists(name: str) -> bool:
    """Whether a game named `name` is stored (among the games in play, not the trash or the archive)."""
    return store.exists(name)


def chosen(name: str | None, make: bool = True) -> str:
    """The game a command works on: `name` (for this command only), else the current one, as its file
    names it; a name not stored, or no current game, is the user's mistake. A concours's table is made at
    its first use, unless the command makes it itself (`make=False`: `add`, with its first coup)."""
    if name is not None:
        store.check_name(name)
        if not store.exists(name) and not (tables.made(name) if make else tables.unmade(name)):
            raise UserError("no_game", name=name)
    else:
        name = store.current_name()
        if name is None or not store.exists(name):
            raise UserError("no_current_game")
    return name


def own_language(name: str) -> str | None:
    """Game `name`'s own language (its file's top-level `lang`), read from the file's head alone: the
    command reads the whole game later, and says what is wrong with it if anything is."""
    unmade = tables.unmade(name)  # a concours's table before its first coup: the concours's language
    lang = store.head_lang(store.path_of(name)) if unmade is None else unmade.lang
    return lang if isinstance(lang, str) else None


def in_use(name: str | None) -> Ledger | None:
    """Game `name`, else the current game; None where there is none."""
    name = name or store.current_name()
    return store.read(name) if name else None


def names() -> list[str]:
    """The names of the games in play."""
    return store.all_names()


def put_away_names() -> list[str]:
    """What `restore` takes, for its completion: the name of each game in the trash, then in the archive,
    once; and where several games of one name were put away (in either), each one's id (`NAME~N`, as
    `games --trash` lists them), since the name alone brings back only the newest of the trash."""
    put_away = store.put_away_games(store.TRASH) + store.put_away_games(store.ARCHIVE)
    count = Counter(fold_name(game.name) for game in put_away)
    said = [[game.name, *([game.id] if count[fold_name(game.name)] > 1 else [])] for game in put_away]
    return list(dict.fromkeys(word for words in said for word in words))


@dataclass(frozen=True, slots=True)
class Listed:
    """One game of a list: its name as its file says it, the game and its sheet, or the mistake that
    kept it from being read; whether it is the current game; and in the trash or the archive, where
    several games of one name were put away, the id that names it alone (`store.PutAway.id`)."""

    name: str
    game: Ledger | None
    fiche: Any
    error: UserError | None
    current: bool
    id: str | None = None


def listed(trash: bool = False, archive: bool = False, concours: str | None = None) -> list[Listed]:
    """The games in play (else those in the trash, or the archive), each read and replayed: a game whose
    file cannot be read is listed with its mistake, never the list refused for it. Put away, every game
    is listed, and those that share a name carry their ids. In play, a concours's tables are left to its
    line (`concours_listed`), or, with `concours`, listed alone: that concours's games."""
    folder = store.TRASH if trash else store.ARCHIVE if archive else None
    if folder is None:
        current = store.current_name()
        names = store.all_names()
        tables = _tables_among(names)
        if concours is None:
            names = [name for name in names if name not in tables]
        else:
            from scorekeeper.concours import files

            wanted = fold_name(files.written_name(concours))
            names = [name for name in names if fold_name(tables.get(name, "")) == wanted]
        return [_listed(name, _same(current, name), partial(store.read, name)) for name in names]
    put_away = store.put_away_games(folder)
    count = Counter(fold_name(game.name) for game in put_away)
    shared = [count[fold_name(game.name)] > 1 for game in put_away]
    return [
        _listed(game.name, False, partial(store.read_put_away, game), game.id if apart else None)
        for game, apart in zip(put_away, shared, strict=True)
    ]


@dataclass(frozen=True, slots=True)
class ConcoursListed:
    """A concours as `games` lists it, one line for all its tables' games: its name, ruleset, teams, the
    games stored, the round drawn and the rounds it plays."""

    name: str
    ruleset: str
    teams: int
    games: int
    round: int
    rounds: int


def concours_listed() -> list[ConcoursListed]:
    """Each concours some of whose tables' games are stored, in the order of the concours's names."""
    counted = Counter(fold_name(concours) for concours in _tables_among(store.all_names()).values())
    if not counted:
        return []
    from scorekeeper.concours import files

    found = []
    for name in files.all_names():
        if counted[fold_name(name)]:
            try:
                made = files.read(name)
            except UserError:  # a concours file damaged: its line still stands for its games; `concours` says why
                found.append(ConcoursListed(name, "?", 0, counted[fold_name(name)], 0, 0))
                continue
            found.append(
                ConcoursListed(
                    made.name,
                    made.ruleset_name,
                    len(made.entrants),
                    counted[fold_name(name)],
                    len(made.rounds),
                    made.settings.rounds,
                )
            )
    return found


def _tables_among(names: Sequence[str]) -> dict[str, str]:
    from scorekeeper.concours import files

    return files.tables_among(names)


def _listed(name: str, current: bool, read: Callable[[], Ledger], id: str | None = None) -> Listed:
    try:
        game = read()
        return Listed(name, game, fiche(game), None, current, id)
    except UserError as error:
        return Listed(name, None, None, error, current, id)


def _same(current: str | None, name: str) -> bool:
    return current is not None and fold_name(current) == fold_name(name)


def history_file() -> Path:
    """Where the table's prompt keeps the lines typed at it: in the data folder, made if missing."""
    home = store.home()
    home.mkdir(parents=True, exist_ok=True)
    return home / "table_history"


def write_export(path: Path, data: bytes, private: bool = False) -> None:
    """`data` written to `path`, a file of the user's (`export --output`), atomically: never in the data
    folder or the cache (a game would be lost), never through a link, a FIFO (which would hang the
    command) or a device; a new file as the user's umask makes it, a file replaced keeps its mode. A
    `private` file (it holds the tables' entry addresses, whose tokens let anyone enter coups) is the
    user's alone, 0600, whatever it was."""
    import errno
    import os
    import stat

    folders = [Path(os.path.realpath(folder)) for folder in (store.home(), store.cache_dir())]
    for where in (Path(os.path.realpath(path)), Path(os.path.realpath(path.parent)) / path.name):
        if any(where == folder or where.is_relative_to(folder) for folder in folders):
            raise UserError("export_in_data_folder", path=str(path), folder=str(store.home()))
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        found = None
    except OSError as error:
        raise UserError("export_cannot_write", path=str(path), reason=tomlfile.system_reason(error)) from None
    if found is not None and not stat.S_ISREG(found.st_mode):
        raise UserError("export_not_a_file", path=str(path))
    if not path.parent.is_dir():  # an export makes no folder: a path mistyped is said, not created
        raise UserError(
            "export_cannot_write", path=str(path), reason=tomlfile.system_reason(FileNotFoundError(errno.ENOENT, ""))
        )
    if found is None:
        umask = os.umask(0o022)  # read by setting it, as the only way there is; set back at once
        os.umask(umask)
        mode = 0o666 & ~umask
    else:
        mode = stat.S_IMODE(found.st_mode)
    if private:
        mode = 0o600
    try:
        store.write_atomic(path, data, mode=mode)
    except OSError as error:
        raise UserError("export_cannot_write", path=str(path), reason=tomlfile.system_reason(error)) from None
