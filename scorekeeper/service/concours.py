"""The organiser's concours (RULES T): what `scorekeeper concours VERB` calls, the store joined to the
concours's pure core (`scorekeeper.concours`). Every check comes before the write: a mistake writes nothing.

For the commands after this one (export, import, the bench) and the web page (task W): `standing(name)`
gives the standing as data, `tables(name, round)` each table with its teams, seats, game and secret,
`outcomes(concours)` what the tables' games came to; all three are pure functions of the concours file and
the games (`concours.standing.standing(concours, outcomes)`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper import store
from scorekeeper.concours import files
from scorekeeper.concours.model import FORMATS, MEASURES, PAIRINGS, Concours, Entrant, Result, Round, Settings, Table
from scorekeeper.concours.standing import Award, Row, complete, every_score, outcome, waiting
from scorekeeper.concours.standing import standing as ranked
from scorekeeper.errors import UserError
from scorekeeper.players import check_name, check_players, fold_name, skeleton

if TYPE_CHECKING:
    from scorekeeper.games.contract import Dealt

MOST_PLACES = 999  # prizes said place by place (T-10)
MOST_ROUNDS = 99


def chosen(name: str | None) -> str:
    """The concours a command works on: `--concours NAME`, else the current one (the last made or used)."""
    if name is not None:
        store.check_name(name)
        if not files.exists(name):
            raise UserError("no_concours", name=name)
        return name
    current = files.current_name()
    if current is None or not files.exists(current):
        raise UserError("no_current_concours")
    return current


def read(name: str) -> Concours:
    return files.read(name)


def names() -> list[str]:
    return files.all_names()


def current_name() -> str | None:
    return files.current_name()


def use(name: str) -> Concours:
    concours = files.read(chosen(name))
    files.set_current(concours.name)
    return concours


def delete(name: str) -> Concours:
    return files.delete(chosen(name))


# --- made and registered ---------------------------------------------------------------------------


def new(
    name: str,
    ruleset_ref: str,
    format: str = "doublettes",
    rounds: int = 4,
    options: Mapping[str, Any] | None = None,
    pairing: str = "standing",
    bye: str = "average",
    ranking: str = "won,points,difference",
    coups: int | None = None,
    prizes: int = 0,
    lang: str | None = None,
    awards: Sequence[str] = (),
) -> Concours:
    """A new concours (T-1), made the current one; its prizes counted (`prizes`) or each place's said
    (`awards`: `1=200€`, `2=jambon`, T-10)."""
    name = store.check_name(name)
    if not 1 <= rounds <= MOST_ROUNDS:
        raise UserError("concours_bad_rounds", "T-1", rounds=rounds, most=MOST_ROUNDS)
    check_name(f"{name}-r{rounds}-t9999")  # its tables' games must be names too (C-4: 64 characters)
    if format not in FORMATS:
        raise UserError("concours_bad_choice", option="--format", given=format, accepted=list(FORMATS))
    if pairing not in PAIRINGS:
        raise UserError("concours_bad_choice", option="--pairing", given=pairing, accepted=list(PAIRINGS))
    from scorekeeper import games  # the games and their rulesets: 10 ms of imports `standing` never needs

    base = games.load(ruleset_ref)
    options = dict(options or {})
    seats, figure = _seats_of(base.with_options(options))  # a bad option is refused now, as `new` refuses it
    alone = figure is not None
    if format == "quadrettes" and not (alone and seats == 4):
        raise UserError("concours_quadrettes", "T-1", ruleset=base.name)
    if alone and format == "doublettes":
        formats = ["individuel", "quadrettes"] if seats == 4 else ["individuel"]
        raise UserError("concours_three_alone", "T-1", ruleset=base.name, formats=formats)
    if coups is not None:
        if coups < 1 or (alone and "partie.deals" not in base.settings):
            raise UserError("concours_bad_coups", "T-2", coups=coups)
        options.update({"partie.deals": coups} if alone else {"partie.kind": "deals", "partie.deals": coups})
    base.with_options(options)
    if prizes < 0:
        raise UserError("concours_bad_prizes", prizes=prizes)
    places = _awards(awards)
    if places and prizes and prizes != len(places):
        raise UserError("concours_prizes_twice", "T-10", prizes=prizes, places=len(places))
    settings = Settings(
        format,
        rounds,
        pairing,
        _bye(bye),
        _ranking(ranking),
        coups,
        len(places) or prizes,
        seats,
        places,
        alone,
        figure or "points",
    )
    concours = Concours(name, base.name, dict(base.table), options, settings, lang=lang)
    with files.locked(name):
        if files.exists(name):
            raise UserError("concours_exists", name=files.read(name).name)
        files.write(concours)
    files.set_current(concours.name)
    return concours


def _seats_of(ruleset: Any) -> tuple[int, str | None]:
    """T-1: the players a table seats, and what each counts where each plays for himself (None: two teams
    of two). Two teams of two (manille); three alone who settle in jetons (the French l'hombre, H-19); three
    or four alone who count points, one sitting out each deal (the Danish l'hombre, D-2, D-8); else refused."""
    if ruleset.players == 4 and ruleset.settings.get("table.sides") == "teams":
        return 4, None
    from scorekeeper import games
    from scorekeeper.games import contract

    engine = games.engine(ruleset)
    if ruleset.players == 3 and contract.settles(engine) and "jetons" in engine.counts:  # l'hombre's (H-19)
        return 3, "jetons"
    if ruleset.players in (3, 4) and contract.settles(engine) and "points" in engine.counts:  # Danish (D-8)
        return ruleset.players, "points"
    raise UserError("concours_ruleset", "T-1", ruleset=ruleset.name)


def _digits(said: str) -> bool:
    """Whether `said` is a whole number in ASCII figures: « ² » and « ٣ » are digits to Python, no number here.

    >>> _digits("12"), _digits("²"), _digits("")
    (True, False, False)
    """
    return said.isascii() and said.isdigit()


def _awards(said: Sequence[str]) -> tuple[str, ...]:
    """Each place's prize, `PLACE=PRIZE` a place (T-10), from the first place on, each once."""
    places: dict[int, str] = {}
    for one in said:
        place, _, prize = one.partition("=")
        if not _digits(place.strip()) or not prize.strip() or not 1 <= int(place) <= MOST_PLACES:
            raise UserError("concours_bad_prize", "T-10", given=one)
        if int(place) in places:
            raise UserError("concours_prize_place_twice", "T-10", place=int(place))
        places[int(place)] = prize.strip()
    missing = [place for place in range(1, len(places) + 1) if place not in places]
    if missing:
        raise UserError("concours_prize_place_missing", "T-10", place=missing[0])
    return tuple(places[place] for place in range(1, len(places) + 1))


def _bye(text: str) -> tuple[int, int] | None:
    """`average`, or `MANCHES-POINTS` (T-4)."""
    if text.strip().lower() == "average":
        return None
    match = re.fullmatch(r"\s*([0-9]{1,2})\s*-\s*([0-9]{1,5})\s*", text)
    if match is None:
        raise UserError("concours_bad_bye", "T-4", given=text)
    return int(match[1]), int(match[2])


def _ranking(text: str) -> tuple[str, ...]:
    """The standing's measures, in order (T-7): a comma list of won, points, difference, opponents."""
    found = tuple(word.strip().lower() for word in text.split(","))
    if not found or any(word not in MEASURES[:4] for word in found) or len(set(found)) != len(found):
        raise UserError("concours_bad_ranking", "T-7", given=text, accepted=list(MEASURES[:4]))
    return found


def entrant(concours: Concours, said: str) -> Entrant:
    """The team (or player) `said` names: its number, or its name as names are compared (C-4)."""
    said = said.strip()
    if _digits(said):
        for one in concours.entrants:
            if one.number == int(said):
                return one
    folded = fold_name(said)
    for one in concours.entrants:
        if fold_name(one.name) == folded or (len(one.players) == 1 and fold_name(one.players[0]) == folded):
            return one
    raise UserError("concours_no_team", name=said, count=len(concours.entrants))


def register(
    name: str, players: Sequence[str], team: str | None = None, replace_team: str | None = None
) -> tuple[Concours, Entrant]:
    """A team registered (its players; in `individuel` one player), numbered in order of registration,
    or a registration corrected (`replace_team`). A team registered after a draw enters the next (T-5)."""
    with files.changing(chosen(name)) as concours:
        wanted = concours.settings.players
        if replace_team is None and len(concours.rounds) >= concours.settings.rounds:
            raise UserError("concours_register_after_last", "T-9", rounds=concours.settings.rounds)
        if len(players) != wanted:
            raise UserError("concours_player_count", "T-1", count=wanted, given=len(players))
        checked = tuple(check_name(player, _reserved(concours)) for player in players)
        if len({fold_name(player) for player in checked}) != len(checked):
            raise UserError("concours_player_twice", player=checked[0])
        check_players(checked, wanted)  # a player's name as `new` takes it (C-4): each is seated at a table's game
        old = None if replace_team is None else entrant(concours, replace_team)
        others = [one for one in concours.entrants if old is None or one.number != old.number]
        if any({skeleton(p) for p in one.players} == {skeleton(p) for p in checked} for one in others):
            raise UserError("concours_team_twice", "T-1", players=list(checked))
        for player in checked:
            for one in others:
                for theirs in one.players:
                    if fold_name(player) == fold_name(theirs):
                        raise UserError("concours_player_taken", "T-1", player=player, team=one.name)
                    if skeleton(player) == skeleton(theirs):  # Cyrillic С for Latin C: one name at a table (C-4)
                        raise UserError("name_lookalike", "C-4", name=player, taken=theirs)
        called = check_name(team) if team is not None else old.name if old is not None else " & ".join(checked)
        if _digits(called.strip()):  # numbers are the teams' and the tables' ids (T-9)
            raise UserError("concours_team_number", "T-9", name=called)
        for one in others:
            if fold_name(one.name) == fold_name(called):
                raise UserError("concours_team_taken", name=called)
            if skeleton(one.name) == skeleton(called):
                raise UserError("name_lookalike", "C-4", name=called, taken=one.name)
        if old is not None:
            made = replace(old, name=called, players=checked)
            concours.with_entrant(made)
            _reseat(concours, old, made)
        else:
            number = max((one.number for one in concours.entrants), default=0) + 1
            made = Entrant(number, called, checked, joined=len(concours.rounds) + 1)
            concours.entrants.append(made)
    return concours, made


def _reseat(concours: Concours, old: Entrant, made: Entrant) -> None:
    """A player replaced in a team is replaced at its table of the round drawn (T-9), while that table has
    no result and its game no coup; refused once it has (the game seats the players who played it)."""
    drawn = concours.current
    if drawn is None or old.players == made.players:
        return
    changed = []  # a hold sits at four tables: each where a player of it changes (quadrettes), all checked first
    for table in drawn.tables:
        seats = tuple(made.players[old.players.index(seat)] if seat in old.players else seat for seat in table.seats)
        if old.number not in table.entrants or seats == table.seats:
            continue
        played = store.exists(table.game) and bool(store.read(table.game).coups)
        if table.result is not None or table.forfeit or played:
            raise UserError("concours_replace_played", "T-9", team=old.name, round=drawn.number, table=table.number)
        changed.append(replace(table, seats=seats))
    for table in changed:
        if store.exists(table.game):  # made by a command and never played: it seated the players before
            store.put_away(table.game, store.TRASH)
        drawn = drawn.with_table(table)
        concours.with_round(drawn)


def ruleset_of(concours: Concours) -> Any:
    """The ruleset every table of the concours plays, with the concours's options (T-1), as its file keeps it."""
    from scorekeeper import games
    from scorekeeper.explain import record

    return games.build(concours.ruleset, origin=record("origin.game", name=concours.name)).with_options(
        concours.options
    )


def _reserved(concours: Concours) -> frozenset[str]:
    """The words a player of the concours's tables may not be named (C-4), as `new` refuses them."""
    from scorekeeper.service.life import reserved_names

    return reserved_names(ruleset_of(concours))


def withdraw(name: str, team: str, undo: bool = False) -> tuple[Concours, Entrant, Table | None]:
    """T-5: a team withdraws: never drawn again; a table of the current round it leaves unplayed is a
    forfeit (lost, no points; its opponents score as for a bye). Refused when no one would be left, and
    once the last round is complete (T-9). `undo`: the withdrawal taken back before the next draw, its
    forfeit with it (T-9)."""
    with files.changing(chosen(name)) as concours:
        leaving = entrant(concours, team)
        if undo:
            return concours, *_back(concours, leaving)
        drawn = concours.current
        last = drawn is not None and drawn.number >= concours.settings.rounds
        if last and drawn is not None and complete(drawn, outcomes(concours, drawn.number)):
            raise UserError("concours_withdraw_after_last", "T-9", team=leaving.name, rounds=concours.settings.rounds)
        if leaving.withdrawn is not None:
            raise UserError("concours_withdrawn_already", team=leaving.name)
        staying = [one for one in concours.entrants if one.withdrawn is None and one.number != leaving.number]
        if len(staying) < concours.settings.per_table:
            raise UserError("concours_everyone_withdrawn", "T-5", team=leaving.name)
        concours.with_entrant(replace(leaving, withdrawn=len(concours.rounds) or 1))
        left = None
        drawn = concours.current
        if drawn is not None:
            found = outcomes(concours, drawn.number)
            for table in drawn.tables:  # a hold leaves four tables of the round (quadrettes)
                if leaving.number in table.entrants and not table.forfeit and outcome(table, found) is None:
                    left = replace(table, forfeit=(leaving.number,))
                    drawn = drawn.with_table(left)
                    concours.with_round(drawn)
    return concours, leaving, left


def _back(concours: Concours, leaving: Entrant) -> tuple[Entrant, Table | None]:
    """A withdrawal taken back (T-9): only in the round it was said in, before the next draw; the forfeit it
    put on its table taken off, where no result has been entered since."""
    if leaving.withdrawn is None:
        raise UserError("concours_not_withdrawn", team=leaving.name)
    if leaving.withdrawn != (len(concours.rounds) or 1):
        raise UserError("concours_withdraw_undo_drawn", "T-9", team=leaving.name, round=leaving.withdrawn)
    back = replace(leaving, withdrawn=None)
    concours.with_entrant(back)
    drawn, freed = concours.current, None
    if drawn is None:
        return back, None
    for table in drawn.tables:
        if table.forfeit == (leaving.number,) and table.result is None:
            freed = replace(table, forfeit=())
            drawn = drawn.with_table(freed)
            concours.with_round(drawn)
    return back, freed


# --- the draw --------------------------------------------------------------------------------------


def draw(name: str, undo: bool = False, new_seed: bool = False) -> tuple[Concours, Round]:
    """The next round drawn (T-3, T-4), or the last undone (`undo`, while none of its games has a coup
    and none of its tables a result). Refused at once while another scorer writes the concours (a result
    being entered): the draw never waits for a result it would then miss."""
    with files.changing(chosen(name), wait=0) as concours:
        if undo:
            return concours, _undo(concours)
        drawn = concours.current
        number = 1 if drawn is None else drawn.number + 1
        if number > concours.settings.rounds:
            raise UserError("concours_all_drawn", "T-1", rounds=concours.settings.rounds)
        found = outcomes(concours)
        if drawn is not None:
            open_tables = waiting(drawn, found)
            if open_tables:
                raise UserError("concours_round_open", "T-6", number=drawn.number, tables=open_tables)
            concours.with_round(_frozen(drawn, found))
        playing = [one.number for one in concours.entrants if one.joined <= number and one.withdrawn is None]
        if len(playing) < concours.settings.per_table:
            raise UserError("concours_too_few", "T-1", count=len(playing), needed=concours.settings.per_table)
        if new_seed or number not in concours.seeds:
            import secrets  # a seed nobody chooses (T-3)

            if number in concours.seeds:
                concours.reseeded.append(number)
            concours.seeds[number] = secrets.randbits(48)
        made = draw_round(concours, number, playing, found)
        taken = stored([table.game for table in made.tables])
        for table in made.tables:  # a game made before under a table's name would be taken for its partie
            if table.game in taken:
                raise UserError("concours_game_taken", game=table.game)
        concours.rounds.append(made)
    return concours, made


def draw_round(concours: Concours, number: int, playing: Sequence[int], found: Mapping[str, Result]) -> Round:
    """Round `number` drawn from the concours's stored seed (T-3): anyone with the file draws the same
    tables. Each table gets its secret (for its page on the web), which the seed never gives."""
    import secrets

    from scorekeeper.concours.draw import History
    from scorekeeper.concours.draw import draw as drawn_from

    before = every_score(concours, found, number - 1)
    rows = ranked(concours, found, number - 1)
    places, records = {row.entrant: row.place for row in rows}, {row.entrant: row.won for row in rows}
    made = drawn_from(concours, number, concours.seeds[number], playing, places, History(before), records)
    return replace(made, tables=tuple(replace(table, secret=secrets.token_urlsafe(16)) for table in made.tables))


def _frozen(drawn: Round, found: Mapping[str, Result]) -> Round:
    """T-7: the results a draw uses are frozen in the concours, a game's as it stands now."""
    for table in drawn.tables:
        result = outcome(table, found)
        if result is not None and not table.forfeit:
            drawn = drawn.with_table(replace(table, result=replace(result, frozen=True)))
    return drawn


def _undo(concours: Concours) -> Round:
    drawn = concours.current
    if drawn is None:
        raise UserError("concours_nothing_drawn")
    for table in drawn.tables:
        played = store.exists(table.game) and bool(store.read(table.game).coups)
        if table.result is not None or table.forfeit or played:
            raise UserError("concours_undo_played", "T-3", number=drawn.number, table=table.number)
    for table in drawn.tables:  # a game a command made and nobody played: it would seat the old draw's players
        if store.exists(table.game):
            store.put_away(table.game, store.TRASH)
    concours.rounds.pop()
    for one in concours.entrants:  # registered while the round was drawn, not started: in it when drawn again (T-9)
        if one.joined > len(concours.rounds) + 1:
            concours.with_entrant(replace(one, joined=len(concours.rounds) + 1))
    if concours.current is not None:  # the round before is open again: its results no more used by a draw
        concours.with_round(
            replace(
                concours.current,
                tables=tuple(
                    replace(t, result=None)
                    if t.result is not None and t.result.source == "game"
                    else replace(t, result=replace(t.result, frozen=False))
                    if t.result is not None
                    else t
                    for t in concours.current.tables
                ),
            )
        )
    return drawn


# --- results ---------------------------------------------------------------------------------------


def outcomes(
    concours: Concours, only: int | None = None, damaged: dict[str, UserError] | None = None
) -> dict[str, Result]:
    """What each table's game came to (T-2), by game name, for the tables with no result in the concours
    whose game is stored and over (of round `only`, else every round). With `damaged`, a game that cannot
    be read is put there with its reason and counted as not over (the board shows the other tables, issue
    41); without, its reason is raised.

    A game is known by the hash of its bytes: the summary the command that wrote it kept (`history.keep`,
    which the standing reads as it reads the game, `result_of`), else a replay, whose summary is kept then.
    The 52 games of a round were read and replayed at every `standing` and `status`: 0.74 s of 1.19 s
    under the profiler, at the sixth round of bench/concours.py (figures in docs/performance.md)."""
    unsettled = [
        table
        for drawn in concours.rounds
        if only is None or drawn.number == only
        for table in drawn.tables
        if table.result is None and not table.forfeit
    ]
    found = {}
    kept = stored_paths([table.game for table in unsettled])
    for table in unsettled:
        path = kept.get(table.game)
        if path is not None:
            try:
                result = _outcome_at(concours, table, path)
            except UserError as error:
                if damaged is None:
                    raise
                damaged[table.game] = error
                continue
            if result is not None:
                found[table.game] = result
    return found


def stored(games: Sequence[str]) -> set[str]:
    """Which of `games` are stored (`stored_paths`)."""
    return set(stored_paths(games))


def stored_paths(games: Sequence[str]) -> dict[str, Path]:
    """The file of each of `games` that is stored, the games folder read once however many are asked:
    `store.exists` of a name not stored reads every game's head (C-4: a name that reads as a stored one is
    that game), and a draw of 52 tables asked it 52 times over 300 games, 8 s of the fifth round of
    bench/concours.py."""
    folder = store.games_dir()
    found = {}
    for game in games:
        path = folder / f"{store.file_stem(game)}.toml"
        if path.is_file():
            found[game] = path
    if len(found) == len(set(games)):
        return found
    shown = {skeleton(name) for name in store.all_names()}
    return found | {game: store.path_of(game) for game in games if game not in found and skeleton(game) in shown}


def _outcome_at(concours: Concours, table: Table, path: Path) -> Result | None:
    """Table `table`'s result from its game in file `path` (`game_result`), from the summary kept for the
    file's bytes where there is one that is this table's game."""
    from scorekeeper import tomlfile
    from scorekeeper.service import history
    from scorekeeper.store import cache

    try:
        raw = tomlfile.read_regular(path)
    except OSError:
        return game_result(concours, table)  # says what is wrong with the file, as a read does
    kept = cache.derived(history.FOLDER, cache.digest(raw))
    if _summary_of_table(kept, table):
        return result_of(kept, table.seats, concours.settings)
    game = store.read(table.game)
    return game_result(concours, table, game, raw)


def _summary_of_table(summary: Any, table: Table) -> bool:
    """Whether `summary` (parsed JSON from the cache) is a whole summary of table `table`'s game, seating its
    players in its seats, that says whether it was stopped (one kept before it said so is not)."""
    from scorekeeper.service import history

    return (
        history.whole_summary(summary)
        and fold_name(summary["name"]) == fold_name(table.game)
        and list(summary["players"]) == list(table.seats)
        and isinstance(summary.get("stopped"), bool)
        and (summary.get("ahead") is None or isinstance(summary["ahead"], list))
    )


def game_result(concours: Concours, table: Table, game: Any = None, raw: bytes | None = None) -> Result | None:
    """Table `table`'s result from its game (the stored one, else `game`, a Ledger not stored yet), None
    while its partie goes on (T-2), as `result_of` says it from the game's summary; the summary is kept for
    the file's bytes `raw` where the caller read them, for the next reader."""
    from scorekeeper import games
    from scorekeeper.service import history
    from scorekeeper.service.reads import fiche, ruleset_of

    game = store.read(table.game) if game is None else game
    if list(game.players) != list(table.seats):  # another game of that name: never this table's partie
        return None
    summary = history.summary(game, fiche(game), games.engine(ruleset_of(game)))
    if raw is not None:
        from scorekeeper.store import cache

        cache.keep_derived(history.FOLDER, raw, summary)
    return result_of(summary, table.seats, concours.settings)


def result_of(summary: Mapping[str, Any], seats: Sequence[str], settings: Settings) -> Result | None:
    """What a table's game came to (T-2), from its summary (`history.summary`) and the table's seats
    (`settings.sides` sides, each every so many seats), None while its partie goes on: each side's partie
    won (a level end is a draw, half to each; a partie stopped by agreement is won by the side ahead),
    manches and points; where each plays alone each player's jetons (or Danish points) and contracts made."""
    if not (summary["over"] or summary["stopped"]):
        return None
    figures = summary["players"]
    count = settings.sides
    sides = [seats[at::count] for at in range(count)]
    if settings.alone:
        return Result(
            (0.0,) * count,
            tuple(figures[side[0]][settings.figure] for side in sides),
            tuple(figures[side[0]]["taken_made"] for side in sides),
            "game",
        )
    if summary["stopped"] and not summary["over"]:
        ahead = summary["ahead"]
        won = tuple(0.5 if ahead is None else float(side[0] in ahead) for side in sides)
    else:
        won = tuple(1.0 if figures[side[0]]["won"] else 0.0 if figures[side[0]]["lost"] else 0.5 for side in sides)
    return Result(
        won,
        tuple(figures[side[0]]["points"] for side in sides),
        tuple(figures[side[0]]["manches"] for side in sides),
        "game",
    )


def _figures(text: str, count: int, option: str) -> tuple[int, ...]:
    """`68-41`, or `12,-5,-7` where a figure may be negative (jetons at tables of three, T-8): whole
    numbers, one a side, in the table's order of teams."""
    parts = text.split(",") if "," in text else text.split("-")
    sign = "-?" if option == "--points" else ""  # manches, poules or contracts made are never fewer than none
    if len(parts) != count or not all(re.fullmatch(rf"\s*{sign}[0-9]{{1,6}}\s*", part) for part in parts):
        raise UserError("concours_bad_figures", option=option, given=text, count=count)
    return tuple(int(part) for part in parts)


def result(
    name: str,
    round_number: int,
    table_number: int,
    winner: str | None = None,
    points: str | None = None,
    manches: str | None = None,
    forfeit: str | None = None,
    replace_result: bool = False,
    draw: bool = False,
) -> tuple[Concours, Table]:
    """A table's result from the paper fiche (T-2), or a forfeit (T-5). Entered once (T-6): a different
    second entry is refused, both shown, unless `replace_result`; one that contradicts the table's game too.
    Held to the ruleset's partie (T-8, `paper_result`): its winner, or a level partie entered as a draw."""
    with files.changing(chosen(name)) as concours:
        drawn = concours.round(round_number)
        table = drawn.table(table_number)
        if table is None:
            raise UserError("concours_no_table", "T-6", round=round_number, table=table_number, count=len(drawn.tables))
        count = concours.settings.sides
        if forfeit is not None:
            if winner is not None or points is not None or manches is not None or draw:
                raise UserError("concours_forfeit_alone")
            leaving = entrant(concours, forfeit)
            if leaving.number not in table.entrants:
                raise UserError("concours_wrong_team", "T-6", team=leaving.name, round=round_number, table=table_number)
            if (
                (table.result is not None or table.forfeit)
                and table.forfeit != (leaving.number,)
                and not replace_result
            ):
                raise _twice(concours, table, round_number, f"forfeit {leaving.name}")
            made = replace(table, forfeit=(leaving.number,), result=None)
        else:
            if draw and winner is not None:
                raise UserError("paper_draw_and_winner", "T-2, T-8", winner=winner)
            if points is None or (count == 2 and winner is None and not draw):
                raise UserError("concours_result_needs", what="--points" if points is None else "--winner")
            figures = _figures(points, count, "--points")
            won, said_manches = paper_result(concours, table, round_number, winner, draw, figures, manches)
            entered = Result(won, figures, said_manches, "paper")
            played = game_result(concours, table) if store.exists(table.game) else None
            if played is not None and not played.same(entered) and not replace_result:
                raise UserError(
                    "concours_result_contradicts", "T-6", game=table.game, entered=_said(entered), played=_said(played)
                )
            before = table.result
            if ((before is not None and not before.same(entered)) or table.forfeit) and not replace_result:
                raise _twice(concours, table, round_number, _said(entered))
            frozen = before is not None and before.frozen
            made = replace(table, result=replace(entered, frozen=frozen), forfeit=())
        concours.with_round(drawn.with_table(made))
    return concours, made


def paper_result(
    concours: Concours,
    table: Table,
    round_number: int,
    winner: str | None,
    draw: bool,
    figures: tuple[int, ...],
    manches: str | None,
) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Each side's partie won and manches, as the paper says them and its partie allows them (T-8): at
    l'hombre each player's settled jetons, summing to zero (H-19); at manille the winner the partie names,
    its manches (where they are not said: none in a race over deals, the one manche of a partie sèche)."""
    from scorekeeper import games

    count = concours.settings.sides
    ruleset = ruleset_of(concours)
    rules = ruleset.rules
    if concours.settings.alone:  # each alone: jetons (or Danish points), and poules (or contracts) taken (T-2)
        taken = _figures(manches, count, "--manches") if manches is not None else (0,) * count
        games.engine(ruleset).paper_result(rules, (0.0,) * count, taken, figures)
        return (0.0,) * count, taken
    side = None if draw else _side_of(concours, table, str(winner), round_number)
    won = (0.5, 0.5) if side is None else tuple(1.0 if at == side else 0.0 for at in range(2))
    if manches is not None:
        said = _figures(manches, count, "--manches")
    elif rules.partie == "liee":
        raise UserError("concours_result_needs", what="--manches")
    else:
        said = (0, 0) if rules.partie != "seche" or side is None else tuple(int(at == side) for at in range(2))
    games.engine(ruleset).paper_result(rules, won, said, figures)
    return won, said


def _side_of(concours: Concours, table: Table, said: str, round_number: int) -> int:
    """The side of `table` that `said` names: a team, a player of it, or a duo as the draw printed it
    (« Bart & Koen » in `individuel`, in any order, T-9)."""
    duo = sorted(fold_name(part) for part in re.split(r"\s*(?:&|\bet\b|\ben\b|\band\b)\s*", said.strip()) if part)
    if len(duo) > 1:
        for at, side in enumerate(table.sides):
            if sorted(fold_name(concours.entrant(number).name) for number in side) == duo:
                return at
    winner = entrant(concours, said)
    for at, side in enumerate(table.sides):
        if winner.number in side:
            return at
    raise UserError("concours_wrong_team", "T-6", team=winner.name, round=round_number, table=table.number)


def _twice(concours: Concours, table: Table, round_number: int, entered: str) -> UserError:
    """T-6: a second, other result for a table that has one (a forfeit or figures), unless `--replace`."""
    return UserError(
        "concours_result_twice",
        "T-6",
        round=round_number,
        table=table.number,
        before=_entry(concours, table),
        entered=entered,
    )


def _entry(concours: Concours, table: Table) -> str:
    """What table `table` holds now, in one line: its result, or its forfeit."""
    if table.forfeit:
        return f"forfeit {concours.entrant(table.forfeit[0]).name}"
    return "" if table.result is None else _said(table.result)


def _said(result: Result) -> str:
    """A result in one line, for a refusal that shows both (T-6): `1-0 68-41 (2-1)`; where each plays alone,
    each player's figure (`3, -1, 0, -3`)."""
    if len(result.won) > 2:
        return f"{', '.join(f'{p:g}' for p in result.points)} ({', '.join(map(str, result.manches))})"
    won = "-".join(f"{w:g}" for w in result.won)
    return f"{won} {'-'.join(f'{p:g}' for p in result.points)} ({'-'.join(map(str, result.manches))})"


# --- what the organiser reads -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    """The standing after round `round` (T-7): its rows, and the concours they rank."""

    round: int
    rows: list[Row]
    concours: Concours


def standing(
    name: str | None, round_number: int | None = None, damaged: dict[str, UserError] | None = None
) -> Standing:
    """The standing after the rounds whose tables all have a result (T-7), or after round `round_number`
    (refused while that round is not complete), a pure function of the concours file and its tables' games
    (a game that cannot be read put in `damaged` and counted as not over, where it is given: `outcomes`)."""
    concours = files.read(chosen(name))
    found = outcomes(concours, damaged=damaged)
    done = 0
    for drawn in concours.rounds:
        if not complete(drawn, found):
            break
        done = drawn.number
    if round_number is not None:
        concours.round(round_number)  # a round not drawn is said as such
        if round_number > done:
            drawn = concours.round(round_number)
            raise UserError("concours_round_open", "T-6", number=round_number, tables=waiting(drawn, found))
        done = round_number
    return Standing(done, ranked(concours, found, done), concours)


def prizes(ranking: Standing) -> list[tuple[Row, Award | None]]:
    """The final ranking of `ranking` with what each entrant takes (T-7, T-10): `concours.standing.awarded`,
    the one list the board, the printed list and the CSV show."""
    from scorekeeper.concours.standing import awarded

    return awarded(ranking.concours, ranking.rows)


@dataclass(frozen=True, slots=True)
class Status:
    """The day as it stands: the round drawn, its tables finished and waiting, who sits out, how many play."""

    concours: Concours
    round: int
    finished: list[int]
    waiting: list[int]
    byes: list[str]
    teams: int
    withdrawn: list[str]


def status(name: str | None) -> Status:
    concours = files.read(chosen(name))
    drawn = concours.current
    found = outcomes(concours, None if drawn is None else drawn.number)
    open_tables = [] if drawn is None else waiting(drawn, found)
    finished = [] if drawn is None else [t.number for t in drawn.tables if t.number not in open_tables]
    byes = [] if drawn is None else [concours.entrant(n).name for n in drawn.byes]
    withdrawn = [one.name for one in concours.entrants if one.withdrawn is not None]
    active = sum(one.withdrawn is None for one in concours.entrants)
    return Status(concours, 0 if drawn is None else drawn.number, finished, open_tables, byes, active, withdrawn)


@dataclass(frozen=True, slots=True)
class TableView:
    """One table for the web page and the wall: its round and number, its teams' names, seats, game, secret."""

    round: int
    table: int
    teams: list[str]
    seats: list[str]
    game: str
    secret: str


def tables(name: str | None, round_number: int | None = None) -> list[TableView]:
    """The tables of a round (the last drawn when None), each with its secret: for the web page (task W)."""
    concours = files.read(chosen(name))
    return tables_of(concours, round_number)


def tables_of(concours: Concours, round_number: int | None = None) -> list[TableView]:
    """`tables` of a concours already read."""
    if not concours.rounds:
        return []
    drawn = concours.current if round_number is None else concours.round(round_number)
    assert drawn is not None
    return [
        TableView(
            drawn.number, t.number, [side_name(concours, side) for side in t.sides], list(t.seats), t.game, t.secret
        )
        for t in drawn.tables
    ]


@dataclass(frozen=True, slots=True)
class Mapper:
    """A round's deals set beside each other (T-2: the union's mapper, the same deal at every table): for
    each table its deals as its game numbers them (`Game.deals`), none where it has no game here (a result
    from paper, or a game not begun)."""

    concours: Concours
    round: int
    tables: list[tuple[Table, tuple[Dealt, ...]]]

    @property
    def numbers(self) -> list[int]:
        """Every deal number played at some table, in order."""
        return sorted({dealt.number for _, dealt_ in self.tables for dealt in dealt_})


def deals(name: str | None, round_number: int | None = None) -> Mapper:
    """Each table's deals in round `round_number` (the current one when None), to compare a deal across the
    tables that played it (T-2). Refused for a game whose deals are not numbered alike at every table."""
    from scorekeeper import games
    from scorekeeper.service.reads import fiche

    concours = read(chosen(name))
    engine = games.engine(ruleset_of(concours))
    if not engine.numbered_deals:
        raise UserError("concours_no_deals", "T-2", ruleset=concours.ruleset_name)
    if not concours.rounds:
        raise UserError("concours_no_round", "T-6", number=round_number or 1, drawn=0)
    drawn = concours.current if round_number is None else concours.round(round_number)
    assert drawn is not None
    kept = stored_paths([table.game for table in drawn.tables])
    found = []
    for table in drawn.tables:
        game = store.read(table.game) if table.game in kept else None
        mine = game is not None and list(game.players) == list(table.seats)  # the table's own partie (T-9)
        found.append((table, engine.deals(fiche(game)) if mine and game is not None else ()))
    return Mapper(concours, drawn.number, found)


def side_name(concours: Concours, side: Sequence[int]) -> str:
    """A side as the wall says it: a team's name, or a duo of players."""
    return " & ".join(concours.entrant(number).name for number in side)


# --- a table's game from another device ----------------------------------------------------------------

MOST_GAME_BYTES = 8 * 1024 * 1024  # a partie of a few hundred coups is a few hundred kilobytes


@dataclass(frozen=True, slots=True)
class Imported:
    """A table's game taken from another device: the concours, the table, and the result the game gives
    (None while its partie goes on); `same` when the store held that very game already (nothing written)."""

    concours: Concours
    round: int
    table: Table
    result: Result | None
    same: bool


def import_game(name: str | None, path: str, replace_result: bool = False) -> Imported:
    """A table's game kept on another device (its game file) stored as that table's partie (T-2). The game
    must be a table of this concours by its name, seat that table's players in their seats and play its
    ruleset; it gives the table's result as a game played here does. T-6: a game or a result the table has
    already, that says otherwise, is refused, both shown, unless `replace_result`; T-7: a result a draw has
    used is replaced only so (`--replace`), and it stays frozen."""
    from scorekeeper import tomlfile
    from scorekeeper.concours.model import GAME_NAME
    from scorekeeper.store import Ledger

    try:
        data = tomlfile.loads(tomlfile.read_regular(path, most=MOST_GAME_BYTES))
    except (OSError, tomlfile.NotToml) as error:
        raise UserError("concours_import_unreadable", path=path, reason=tomlfile.reason(error)) from None
    game = Ledger.from_toml(data, path)  # a damaged game is refused as the store refuses it
    with files.changing(chosen(name)) as concours:
        match = GAME_NAME.fullmatch(game.name)
        table = None
        if match is not None and fold_name(match["concours"]) == fold_name(concours.name):
            number = int(match["round"])
            if 1 <= number <= len(concours.rounds):
                table = concours.rounds[number - 1].table(int(match["table"]))
        if match is None or table is None or fold_name(table.game) != fold_name(game.name):
            raise UserError("concours_import_not_a_table", game=game.name, concours=concours.name)
        drawn = concours.round(int(match["round"]))
        if [fold_name(p) for p in game.players] != [fold_name(p) for p in table.seats]:
            raise UserError(
                "concours_import_players", game=game.name, players=list(game.players), seats=list(table.seats)
            )
        same_rules = (game.ruleset_name, game.ruleset, game.options) == (
            concours.ruleset_name,
            concours.ruleset,
            concours.options,
        )
        if not same_rules:  # the game carries its own copy of the rules: a copy changed would score otherwise
            raise UserError(
                "concours_import_ruleset", game=game.name, ruleset=game.ruleset_name, wanted=concours.ruleset_name
            )
        if table.forfeit and not replace_result:
            raise UserError(
                "concours_result_twice",
                "T-6",
                round=drawn.number,
                table=table.number,
                before=_entry(concours, table),
                entered=game.name,
            )
        game.name, game.players = table.game, list(table.seats)  # as the concours writes them
        played = game_result(concours, table, game)
        if store.exists(table.game):
            kept = store.read(table.game)
            if kept.coups == game.coups and kept.stopped == game.stopped:
                return Imported(concours, drawn.number, table, played, True)
            if not replace_result:
                raise UserError(
                    "concours_import_other_game", "T-6", game=table.game, kept=len(kept.coups), given=len(game.coups)
                )
        before = table.result
        if before is not None and played is not None and not before.same(played) and not replace_result:
            raise UserError(
                "concours_result_contradicts", "T-6", game=table.game, entered=_said(before), played=_said(played)
            )
        if before is not None and before.frozen and (played is None or not (replace_result or before.same(played))):
            raise UserError("concours_table_frozen", "T-7", game=table.game, concours=concours.name)
        if replace_result:
            frozen = before is not None and before.frozen  # a draw used it: the game's result, frozen in its place
            made = replace(table, forfeit=(), result=replace(played, frozen=True) if frozen and played else None)
            concours.with_round(drawn.with_table(made))
            table = made
        if store.exists(table.game):  # replaced in one atomic write, one undo step: never put away first
            with store.changing(table.game) as kept:
                kept.splice(0, len(kept.coups), game.coups, "fix")
                kept.dealer, kept.notes, kept.stopped = game.dealer, game.notes, game.stopped
        else:
            store.create(game)
    return Imported(concours, drawn.number, table, played, False)
