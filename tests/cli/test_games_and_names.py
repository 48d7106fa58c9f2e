"""Games and names (issue 18): the current game, the games themselves, names as players write them
(C-4), the time of each entry and notes. Through the real command line."""

from __future__ import annotations

import json
import shutil
import tomllib
from datetime import datetime
from pathlib import Path

import pytest

from scorekeeper import store

MARIUS = ("César", "Panisse", "Escartefigue", "Brun")
PLAYERS = [arg for name in MARIUS for arg in ("-p", name)]
FIXTURES = Path(__file__).parent.parent / "store" / "fixtures"


def refused(ran, words: str) -> None:
    assert ran.code == 2 and words in ran.err and len(ran.err.splitlines()) == 1, (ran.code, ran.out, ran.err)


def listed(run) -> dict[str, dict]:
    return {game["name"]: game for game in json.loads(run("games", "--json").out)}


def current(home: Path) -> str | None:
    path = home / "current"
    return path.read_text(encoding="utf-8") if path.exists() else None


# --- the current game ------------------------------------------------------------------------------


def test_game_flag_acts_for_one_command_and_the_next_coup_goes_to_the_current_game(marius, run, home):
    assert run("new", "manille-muette", *PLAYERS, "--game", "other").code == 0
    shown = run("sheet", "-g", "marius")
    assert shown.code == 0 and shown.out.startswith("marius · Manille muette\n")
    assert run("coup", "-r", "7s", "--points", "César=40").code == 0
    assert current(home) == "other"
    assert (listed(run)["other"]["coups"], listed(run)["marius"]["coups"]) == (1, 0)


def test_use_makes_a_game_current_whatever_its_spelling(marius, run, home):
    assert run("new", "manille-muette", *PLAYERS, "--game", "Café du Port").code == 0
    ran = run("use", "MARIUS")
    assert ran.code == 0 and "the current game is now marius" in ran.out
    assert current(home) == "marius" and listed(run)["marius"]["current"]
    refused(run("use", "nowhere"), "no game named 'nowhere'")
    assert current(home) == "marius"


def test_demo_makes_its_game_current_only_when_there_is_none(run, home):
    assert run("demo", "--yes").code == 0
    assert current(home) == "demo"
    assert run("new", "manille-muette", *PLAYERS, "--game", "cafe").code == 0
    assert run("demo", "--yes").code == 0
    assert current(home) == "cafe"


# --- the games -------------------------------------------------------------------------------------


def test_games_json_gives_name_ruleset_players_coups_last_played_and_state(marius, run):
    marius("coup", "-r", "7s", "--points", "César=40")
    (game,) = json.loads(run("games", "--json").out)
    assert {"name", "ruleset", "players", "coups", "last_played", "state", "over", "current"} <= set(game)
    assert (game["name"], game["ruleset"], game["players"], game["coups"]) == (
        "marius",
        "manille-muette",
        list(MARIUS),
        1,
    )
    assert game["last_played"].startswith("20")
    assert game["over"] is False and game["state"].startswith("manche 1")
    assert json.loads(run("games", "list", "--json").out) == json.loads(run("games", "--json").out)


def test_games_rename_keeps_the_coups_and_the_current_mark(marius, run, home):
    marius("coup", "-r", "7s", "--points", "César=40")
    ran = run("games", "rename", "Marius", "Café du Port")
    assert ran.code == 0 and "game marius is now called Café du Port" in ran.out
    assert current(home) == "Café du Port" and not (home / "games" / "marius.toml").exists()
    assert listed(run)["Café du Port"]["coups"] == 1
    assert json.loads(run("sheet", "--json").out)["name"] == "Café du Port"
    assert run("new", "manille-muette", *PLAYERS, "--game", "other").code == 0
    refused(run("games", "rename", "other", "café du port"), "exists already")
    refused(run("games", "rename", "other", "x" * 65), "too long")


def test_games_delete_moves_the_game_to_the_trash_and_restore_brings_it_back(marius, run, home):
    marius("coup", "-r", "7s", "--points", "César=40")
    ran = run("games", "delete", "marius")
    assert ran.code == 0 and "trash" in ran.out
    assert (home / "trash" / "marius.toml").is_file() and listed(run) == {}
    assert current(home) is None
    refused(run("sheet"), "no current game")
    ran = run("games", "restore", "marius")
    assert ran.code == 0 and "is back" in ran.out
    assert current(home) == "marius" and listed(run)["marius"]["coups"] == 1
    refused(run("games", "restore", "marius"), "no game named 'marius'")


def test_games_archive_takes_it_out_of_the_list_kept_for_history(marius, run, home):
    assert run("new", "manille-muette", *PLAYERS, "--game", "other").code == 0
    assert run("games", "archive", "marius").code == 0
    assert (home / "archive" / "marius.toml").is_file() and set(listed(run)) == {"other"}
    assert current(home) == "other"  # archiving another game leaves the current one
    assert run("games", "restore", "marius").code == 0 and set(listed(run)) == {"marius", "other"}


def test_new_again_starts_a_revanche_same_ruleset_options_players_the_deal_passed_on(run, home):
    args = ("new", "manille-muette", *PLAYERS, "--game", "first", "--option", "partie=seche", "--dealer", "Brun")
    assert run(*args).code == 0
    ran = run("new", "--again")
    assert ran.code == 0, ran.err
    revanche = store.read(current(home))
    assert (revanche.ruleset_name, revanche.options, revanche.players) == (
        "manille-muette",
        {"partie": "seche"},
        list(MARIUS),
    )
    assert revanche.dealer == "César" and revanche.name != "first"
    refused(run("new", "--again", "-p", "A"), "--again")
    refused(run("new"), "needs RULESET")


def test_stop_at_manille_the_leader_wins_and_no_coup_follows(marius, run):
    marius("coup", "-r", "7s", "--points", "César=40")
    ran = run("stop", "--reason", "the café closes")
    assert ran.code == 0 and "the leader wins: César & Escartefigue" in ran.out
    refused(run("coup", "-r", "7s", "--points", "César=40"), "was stopped")
    refused(run("stop", "--reason", "again"), "over already")
    refused(run("stop", "--reason", " ", "-g", "marius"), "say why the table stops")
    sheet = run("sheet")
    assert "stopped by agreement" in sheet.out and "the café closes" in sheet.out
    assert json.loads(run("sheet", "--json").out)["stopped"]["reason"] == "the café closes"
    assert listed(run)["marius"]["over"] is True


def test_stop_at_manille_on_a_tie_nobody_wins(marius, run):
    assert "nobody wins" in run("stop", "--reason", "late", "--game", "marius").out
    assert run("new", "manille-muette", *PLAYERS, "--game", "tie").code == 0
    ran = run("stop", "--reason", "late", "--json")
    assert ran.code == 0 and json.loads(ran.out)["winner"] is None


def test_stop_at_l_hombre_settles_as_settle_early_does(run):
    assert run("new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid", "--game", "h").code == 0
    assert (
        run(
            "coup", "--hombre", "Ana", "--contract", "sans-prendre", "--trump", "c", "--tricks", "Ana=5,Bea=2,Cid=2"
        ).code
        == 0
    )
    early = json.loads(run("settle", "--early", "--json").out)
    stopped = json.loads(run("stop", "--reason", "last train", "--json").out)
    assert {key: stopped[key] for key in early if key != "name"} == {key: early[key] for key in early if key != "name"}


# --- names (C-4) -----------------------------------------------------------------------------------


def test_c4_a_game_name_with_spaces_and_accents_is_kept_as_typed_its_file_name_safe(run, home):
    ran = run("new", "manille-muette", *PLAYERS, "--game", "Café du Port")
    assert ran.code == 0 and "new game Café du Port" in ran.out
    (path,) = (home / "games").glob("*.toml")
    assert path.name.isascii() and " " not in path.name
    assert tomllib.loads(path.read_text(encoding="utf-8"))["name"] == "Café du Port"
    assert run("coup", "-g", "cafe du port", "-r", "7s", "--points", "César=40").code == 0
    refused(run("new", "manille-muette", *PLAYERS, "--game", "CAFE DU PORT"), "exists already")


@pytest.mark.parametrize(
    "name, words",
    [
        ("", "empty"),
        ("\u200b", "empty"),
        ("x" * 65, "too long"),
        ("a\nb", "cannot be shown"),
        ("a\x1b[8mb", "cannot be shown"),
    ],
)
def test_c4_a_name_empty_invisible_too_long_or_unprintable_is_refused(run, home, name, words):
    refused(run("new", "manille-muette", *PLAYERS, "--game", name), words)
    refused(run("new", "manille-muette", "-p", name, "-p", "B", "-p", "C", "-p", "D"), words)
    assert not (home / "games").exists() or list((home / "games").glob("*.toml")) == []


def test_c4_a_zero_width_space_makes_no_second_player(run):
    refused(run("new", "manille-muette", "-p", "A", "-p", "A\u200b", "-p", "B", "-p", "C"), "same name")


def test_c4_mort_is_no_player_s_name_where_a_mort_plays(run):
    refused(run("new", "manille-a-trois", "-p", "Pierre", "-p", "Mort", "-p", "Rémi"), "would be read as a word")
    assert run("new", "manille-muette", "-p", "Pierre", "-p", "Mort", "-p", "Rémi", "-p", "Jo").code == 0


def test_c4_a_call_of_the_table_is_no_player_s_name(run):
    refused(run("new", "hombre", "-p", "Ana", "-p", "Passe", "-p", "Cid"), "would be read as a word")


# --- when, and notes -------------------------------------------------------------------------------


def test_each_entry_keeps_its_time_which_the_engines_never_see_and_an_edit_keeps(marius, run, home):
    marius("coup", "-r", "7s", "--points", "César=40")
    marius("coup", "-r", "7d", "--points", "Panisse=40")
    times = [coup["time"] for coup in json.loads(run("sheet", "--json").out)["coups"]]
    assert len(times) == 2 and all(time.startswith("20") for time in times)
    assert run("edit", "1", "--points", "César=50").code == 0
    assert json.loads(run("sheet", "--json").out)["coups"][0]["time"] == times[0]
    assert listed(run)["marius"]["last_played"] == max(times)
    said = datetime.fromisoformat(times[0]).astimezone()
    month = "Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec".split()[said.month - 1]
    assert f"said from {said.day} {month} {said.year}, {said:%H:%M} to " in run("sheet").out


def test_note_on_an_entry_and_on_the_game_shown_on_the_sheet_and_in_json(marius, run):
    marius("coup", "-r", "7s", "--points", "César=40")
    assert run("note", "1", "Panisse misdealt").code == 0
    assert run("note", "played at the Bar de la Marine").code == 0
    sheet = json.loads(run("sheet", "--json").out)
    assert sheet["coups"][0]["note"] == "Panisse misdealt"
    assert [note["text"] for note in sheet["notes"]] == ["played at the Bar de la Marine"]
    out = run("sheet").out
    assert "1. " in out and "Panisse misdealt" in out and "played at the Bar de la Marine" in out
    refused(run("note", "7", "nothing there"), "no coup 7")
    refused(run("note", "  "), "empty")
    assert run("undo").code == 0 and "note" not in json.loads(run("sheet", "--json").out)["coups"][0]


def test_an_old_game_file_still_loads_and_is_listed(run, home):
    (home / "games").mkdir(parents=True)
    shutil.copy(FIXTURES / "manille-format1.toml", home / "games")
    (game,) = json.loads(run("games", "--json").out)
    assert (game["name"], game["coups"], game["over"]) == ("manille-format1", 10, True)
    assert game["last_played"] == "2026-11-23T04:37:09"  # no entry has a time: when it was created
    assert run("use", "manille-format1").code == 0 and run("note", "kept").code == 0
    assert json.loads(run("sheet", "--json").out)["sides"][0]["score"] == 45


def test_a_long_game_with_times_and_notes_keeps_its_parsed_copy(marius, run):
    """Times are ISO text: the cache (JSON) keeps a long game's parsed copy as before."""
    from scorekeeper import service

    with store.changing("marius") as game:
        game.coups.extend(
            {"retourne": "7S", "points": {"César": 34}, "time": "2026-11-23T06:00:00"} for _ in range(150)
        )
    assert run("note", "3", "long").code == 0
    assert list((store.cache_dir() / "games").glob("*.json"))
    assert len(service.fiche(store.read("marius")).coups) == 150


def test_a_game_deleted_twice_under_one_name_loses_neither(run, home):
    for points in ("César=40", "César=50"):
        assert run("new", "manille-muette", *PLAYERS, "--game", "cafe").code == 0
        assert run("coup", "-r", "7s", "--points", points).code == 0
        assert run("games", "delete", "cafe").code == 0
    assert len(list((home / "trash").glob("*.toml"))) == 2
    assert run("games", "restore", "cafe").code == 0 and run("games", "restore", "cafe").code == 2
    assert len(list((home / "trash").glob("*.toml"))) == 1


def test_games_list_shows_the_trash_and_the_archive_on_demand(marius, run):
    assert run("new", "manille-muette", *PLAYERS, "--game", "other").code == 0
    assert run("games", "delete", "marius").code == 0 and run("games", "archive", "other").code == 0
    assert [game["name"] for game in json.loads(run("games", "--trash", "--json").out)] == ["marius"]
    assert [game["name"] for game in json.loads(run("games", "list", "--archive", "--json").out)] == ["other"]
    assert listed(run) == {}
    refused(run("games", "--trash", "--archive"), "one list at a time")


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data["coups"][0].update(time=12),
        lambda data: data["coups"][0].update(note=["x"]),
        lambda data: data.update(notes=[{"text": "x"}]),
        lambda data: data.update(stopped={"time": "2026-11-23T06:00:00"}),
    ],
)
def test_a_hand_edited_time_or_note_that_is_not_text_is_one_line(marius, run, home, change):
    import tomli_w

    marius("coup", "-r", "7s", "--points", "César=40")
    path = home / "games" / "marius.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    refused(run("sheet"), "is not text")


# --- C-4: names that lie on screen (issue 27) -----------------------------------------------------------

BIDI_MARKS = [  # Unicode's Bidi_Control characters, every one
    "\u061c",  # the Arabic letter mark (issue 43)
    "\u200e",
    "\u200f",
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
]


@pytest.mark.parametrize("mark", BIDI_MARKS)
def test_c4_a_new_name_with_a_bidirectional_format_character_is_refused(run, home, mark):
    """`Cid` and U+202E would show a score of 20 as 02: refused for a player and for a game, nothing written."""
    player = run("new", "manille-muette", "-p", f"Cid{mark}", "-p", "A", "-p", "B", "-p", "D", "-g", "g")
    game = run("new", "manille-muette", "-p", "Cid", "-p", "A", "-p", "B", "-p", "D", "-g", f"x{mark}y")
    for ran in (player, game):
        assert ran.code == 2 and ran.out == "" and "bidirectional format character" in ran.err
        assert f"\\u{ord(mark):04x}" in ran.err and mark not in ran.err
    assert not (home / "games").exists() or not list((home / "games").glob("*.toml"))


def test_c4_a_stored_name_with_bidirectional_characters_is_read_and_shown_escaped(marius, run, home):
    """A game file someone sent: its player `Cid` + U+202E + `20` is read, and every view shows the mark escaped."""
    path = next((home / "games").glob("*.toml"))
    path.write_text(path.read_text(encoding="utf-8").replace('"Brun"', '"Brun\\u202e20"'), encoding="utf-8")
    views = [run("sheet"), run("games"), *(run("export", "-f", kind) for kind in ("md", "csv", "html")), run("chart")]
    for ran in views:
        assert ran.code == 0, ran.err
        assert "\u202e" not in ran.out
    assert all("Brun\\u202e20" in ran.out for ran in views[:5])


def test_c4_a_name_written_right_to_left_is_isolated_so_the_figures_beside_it_keep_their_order(run, home):
    """علي before « 40 » would turn the said points and « 68-41 » around in any bidi-aware view: the words put
    each right-to-left name between FSI and PDI (the terminal shows that pair as it is, any other bidi
    mark escaped); a Latin name gets none; a program's CSV (rfc4180) has the names as typed."""
    players = [arg for name in ("علي", "Bea", "דוד", "Dan") for arg in ("-p", name)]
    assert run("new", "manille-muette", *players).code == 0
    assert run("coup", "--points", "علي=40", "--retourne", "7h").code == 0
    sheet = run("sheet").out
    assert "\u2068علي\u2069 & \u2068דוד\u2069 6, Bea & Dan 0" in sheet  # the status: each name alone isolated
    assert "\u2068علي\u2069 40" in sheet and "\\u2068" not in sheet and "\u2068Bea" not in sheet
    assert "\u2068علي\u2069 40" in run("export", "-f", "csv", "--dialect", "excel").out
    programs = run("export", "-f", "csv", "--dialect", "rfc4180").out
    assert "علي 40" in programs and "\u2068" not in programs


def test_c4_only_a_clean_isolate_pair_reaches_the_terminal_as_it_is():
    from scorekeeper.cli.terminal import printable

    assert printable("\u2068علي\u2069 68-41") == "\u2068علي\u2069 68-41"
    assert printable("\u2068علي\u202e\u2069") == "\\u2068علي\\u202e\\u2069"  # a mark inside: all escaped
    assert printable("\u2068open") == "\\u2068open" and printable("shut\u2069") == "shut\\u2069"


def test_c4_a_player_whose_name_reads_as_another_s_is_taken(run, home):
    """Cyrillic С beside Latin C: two players that read as one."""
    ran = run("new", "manille-muette", "-p", "César", "-p", "\u0421ésar", "-p", "B", "-p", "D")
    assert ran.code == 2 and "reads as 'César'" in ran.err and "(C-4)" in ran.err
    greek = run("new", "manille-muette", "-p", "PANISSE", "-p", "\u03a1ANISSE", "-p", "B", "-p", "D")
    assert greek.code == 2 and "reads as 'PANISSE'" in greek.err
    assert not (home / "games").exists() or not list((home / "games").glob("*.toml"))


def test_c4_a_game_whose_name_reads_as_a_stored_one_is_taken(marius, run, home):
    players = [arg for name in ("A", "B", "C", "D") for arg in ("-p", name)]
    ran = run("new", "manille-muette", *players, "-g", "m\u0430rius")  # a Cyrillic а
    assert ran.code == 2 and "reads as 'marius'" in ran.err
    assert run("games", "rename", "marius", "MARIU\u0405").code == 0  # itself, in another spelling: allowed
    assert run("new", "manille-muette", *players, "-g", "other").code == 0
    renamed = run("games", "rename", "other", "m\u0430rius")
    assert renamed.code == 2 and len(list((home / "games").glob("*.toml"))) == 2


def test_c4_a_rename_to_a_look_alike_name_is_refused_in_the_words_new_uses(marius, run, home):
    """One wording: `games rename` says which name the new one reads as, as `new` does (issue 27)."""
    players = [arg for name in ("A", "B", "C", "D") for arg in ("-p", name)]
    assert run("new", "manille-muette", *players, "-g", "other").code == 0
    made, renamed = (
        run("new", "manille-muette", *players, "-g", "m\u0430rius"),
        run("games", "rename", "other", "m\u0430rius"),
    )
    assert (renamed.code, renamed.err) == (made.code, made.err) == (2, made.err)
    assert (
        made.err
        == "scorekeeper: the name 'm\u0430rius' reads as 'marius' (a letter of another alphabet that looks the same), which is taken: give another (C-4)\n"
    )
    assert (
        run("games", "rename", "other", "MARIUS").err
        == "scorekeeper: a game named 'MARIUS' exists already: choose another with --game\n"
    )


def test_c4_names_that_merely_differ_stay_two_players(run):
    """The look-alikes are read only as the Latin letters they show: Ναυ and Nau are one, Nina and Nino two."""
    assert run("new", "manille-muette", "-p", "Nina", "-p", "Nino", "-p", "Al", "-p", "AI").code == 0


@pytest.mark.parametrize("name", ["h~2", "Café~10"])
def test_c4_a_game_named_as_the_trash_tells_games_apart_is_refused(run, home, name):
    """issue 43: `h~2` is the trash's id of the second game `h` put away: a new game (or a rename) never takes
    such a name, so that `games restore h~2` names one game alone."""
    players = ["-p", "A", "-p", "B", "-p", "C", "-p", "D"]
    ran = run("new", "manille-muette", *players, "-g", name)
    assert ran.code == 2 and "ends in ~ and a number" in ran.err and ran.out == ""
    assert run("new", "manille-muette", *players, "-g", "h").code == 0
    renamed = run("games", "rename", "h", name)
    assert renamed.code == 2 and "ends in ~ and a number" in renamed.err
    assert run("new", "manille-muette", *players, "-g", "h~x").code == 0  # a tilde alone is a name as any


def test_c4_a_look_alike_name_is_said_to_be_another_game_s_never_damage(run, home):
    """issue 43: `Сafe` with a Cyrillic С reads as the stored `Cafe`: a command given it says which game it
    looks like and to give that name, exit 2, nothing written; never that the file is damaged."""
    players = ["-p", "A", "-p", "B", "-p", "C", "-p", "D"]
    assert run("new", "manille-muette", *players, "-g", "Cafe").code == 0
    for args in (("sheet", "--game", "Сafe"), ("coup", "--game", "Сafe", "10h", "A", "40")):
        ran = run(*args)
        assert ran.code == 2 and ran.out == "" and "damaged" not in ran.err
        assert "'Cafe' reads the same (a letter of another alphabet looks alike): give 'Cafe' (C-4)" in ran.err
    assert run("sheet", "--json", "--game", "Cafe").out.count('"number"') == 0
