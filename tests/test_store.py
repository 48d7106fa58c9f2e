"""The game file: what was said, written atomically, undo that can be undone."""

import json
import tomllib
from datetime import datetime

import pytest

from scorekeeper import game, ledger
from scorekeeper.errors import UserError

PLAYERS = ["César", "Panisse", "Escartefigue", "Brun"]


def new(name="cafe", **kwargs):
    return game.new("manille-muette", PLAYERS, name=name, **kwargs)


def test_the_file_holds_what_was_said_and_a_full_ruleset_copy(home):
    new(options={"partie": "seche"})
    game.add("cafe", {"retourne": "10h", "points": {"César": 40}})
    data = tomllib.loads((home / "games" / "cafe.toml").read_text(encoding="utf-8"))
    assert data["format"] == ledger.FORMAT
    assert data["players"] == PLAYERS and data["dealer"] == "César"
    assert data["ruleset_name"] == "manille-muette"
    assert data["ruleset"]["scoring"]["renonce_penalty"] == 34
    assert data["options"] == {"partie": "seche"}
    assert data["coups"] == [{"retourne": "10H", "points": {"César": 40}}]
    assert isinstance(data["created"], datetime)
    assert "score" not in str(data["coups"])  # no computed total is stored


def test_a_later_edit_of_the_ruleset_file_never_changes_a_past_game(home, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "manille-muette"\n[scoring]\nrenonce_penalty = 34\n', encoding="utf-8")
    game.new(str(house), PLAYERS, name="house")
    game.add("house", {"retourne": "7s", "renonce": "Brun"})
    house.write_text('extends = "manille-muette"\n[scoring]\nrenonce_penalty = 10\n', encoding="utf-8")
    assert game.fiche(ledger.read("house")).coups[0].scored == (34, 0)


def test_new_game_becomes_current_and_names_are_numbered():
    first = game.new("manille-muette", PLAYERS)
    second = game.new("manille-muette", PLAYERS)
    assert (first.name, second.name) == ("manille-muette-1", "manille-muette-2")
    assert ledger.current_name() == "manille-muette-2"
    assert ledger.pick("manille-muette-1") == "manille-muette-1"
    assert ledger.current_name() == "manille-muette-2"  # not before the command has succeeded
    ledger.confirm_choice()
    assert ledger.current_name() == "manille-muette-1"


def test_a_taken_name_is_refused():
    new()
    with pytest.raises(UserError, match="exists already"):
        new()


@pytest.mark.parametrize("name", ["../evil", "a/b", ".hidden", "", " ", "x" * 65, "café!", "a.toml"])
def test_game_names_cannot_leave_the_games_folder(name):
    with pytest.raises(UserError, match="bad game name"):
        new(name=name)


def test_no_current_game_is_a_clear_error():
    with pytest.raises(UserError, match="no current game"):
        ledger.pick(None)


def test_undo_and_redo_of_a_coup_and_an_edit():
    new()
    game.add("cafe", {"retourne": "10h", "points": {"César": 40}})
    game.add("cafe", {"retourne": "7s", "points": {"Panisse": 48}})
    game.edit("cafe", 2, {"points": {"Panisse": 50}})
    assert game.fiche(ledger.read("cafe")).scores == (11, 16)
    assert game.undo("cafe")[0] == "edit of coup 2"
    assert game.fiche(ledger.read("cafe")).scores == (11, 14)
    assert game.undo("cafe")[0] == "last coup"
    assert game.fiche(ledger.read("cafe")).scores == (11, 0)
    game.redo("cafe")
    game.redo("cafe")
    assert game.fiche(ledger.read("cafe")).scores == (11, 16)
    with pytest.raises(UserError, match="nothing to redo"):
        game.redo("cafe")


def test_undo_itself_can_be_undone_until_a_new_coup_is_said():
    new()
    game.add("cafe", {"retourne": "10h", "points": {"César": 40}})
    game.undo("cafe")
    game.add("cafe", {"retourne": "7s", "points": {"César": 40}})
    with pytest.raises(UserError, match="nothing to redo"):
        game.redo("cafe")
    game.undo("cafe")
    with pytest.raises(UserError, match="nothing to undo"):
        game.undo("cafe")


def test_edit_keeps_what_is_not_given_and_replays_everything_after():
    new()
    game.add("cafe", {"retourne": "10h", "points": {"César": 40}})
    game.add("cafe", {"retourne": "7s", "points": {"Panisse": 48}})
    fiche = game.edit("cafe", 1, {"renonce": "Brun"})
    assert fiche.coups[0].coup.retourne.ascii == "10H"
    assert fiche.coups[0].scored == (5 + 34, 0)
    assert fiche.scores == (0, 14)  # 39 won manche 1; coup 2 opens manche 2
    assert ledger.read("cafe").coups[0] == {"retourne": "10H", "renonce": "Brun"}


def test_an_edit_that_makes_the_log_impossible_is_refused_and_nothing_written(home):
    new()
    game.add("cafe", {"retourne": "7s", "points": {"César": 68}})  # manche 1 to César & Escartefigue
    game.add("cafe", {"retourne": "7s", "points": {"Panisse": 68}})  # manche 2 to Panisse & Brun
    game.add("cafe", {"retourne": "7s", "points": {"César": 40}})  # the belle
    before = (home / "games" / "cafe.toml").read_bytes()
    with pytest.raises(
        UserError, match="edit of coup 2 refused: coup 3: the partie was already won by César & Escartefigue"
    ):
        game.edit("cafe", 2, {"points": {"César": 68}})
    assert (home / "games" / "cafe.toml").read_bytes() == before


def test_a_damaged_game_file_is_a_clear_error(home):
    new()
    path = home / "games" / "cafe.toml"
    path.write_text(path.read_text(encoding="utf-8")[:40], encoding="utf-8")
    with pytest.raises(UserError, match="game file .*cafe.toml is damaged"):
        ledger.read("cafe")


def test_a_second_writer_waits_then_is_told_the_game_is_busy(monkeypatch):
    new()
    monkeypatch.setattr(ledger, "LOCK_WAIT", 0.1)
    with ledger.locked("cafe"):  # flock locks are per open file, so this process can play both writers
        with pytest.raises(UserError, match="game cafe is busy"):
            game.add("cafe", {"retourne": "7s", "points": {"César": 40}})
    assert ledger.read("cafe").coups == []


def test_write_atomic_leaves_no_temp_file(home):
    new()
    game.add("cafe", {"retourne": "7s", "points": {"César": 40}})
    assert sorted(p.name for p in (home / "games").iterdir()) == [".cafe.lock", "cafe.toml"]


def test_a_temp_file_left_by_a_killed_writer_is_swept_by_the_next_write(home):
    new()
    stale = home / "games" / ".cafe.toml.abc123.tmp"
    stale.write_bytes(b"half a game")
    game.add("cafe", {"retourne": "7s", "points": {"César": 40}})
    assert not stale.exists()
    assert len(ledger.read("cafe").coups) == 1


# --- the parsed copy of a long game -------------------------------------------------------------


def long_game(home):
    """A game past PARSED_COPY_FROM: ledger.changing writes it, with its parsed copy."""
    new(options={"partie": "seche", "manche": 100_000})
    with ledger.changing("cafe") as cafe:
        cafe.coups = [{"retourne": "7s", "points": {"César": 40}} for _ in range(150)]
    copy = home / "games" / ".cafe.json"
    assert (home / "games" / "cafe.toml").stat().st_size >= ledger.PARSED_COPY_FROM and copy.exists()
    return copy


def test_a_long_game_reads_its_parsed_copy_which_holds_the_same_tables(home, monkeypatch):
    long_game(home)
    data = tomllib.loads((home / "games" / "cafe.toml").read_text(encoding="utf-8"))
    monkeypatch.setattr(ledger.tomlfile, "loads", lambda raw: pytest.fail("the TOML was parsed"))
    read = ledger.read("cafe")
    assert read.coups == data["coups"] and read.created == data["created"] and read.ruleset == data["ruleset"]
    assert game.fiche(read).scores == (150 * 6, 0)  # 40 - 34 = 6 a coup; 7♠'s retourne is worth nothing


def test_a_hand_edited_long_game_is_read_from_its_toml_not_the_stale_copy(home):
    long_game(home)
    path = home / "games" / "cafe.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('"César" = 40', '"César" = 30', 1), encoding="utf-8")
    assert game.fiche(ledger.read("cafe")).scores == (149 * 6, 4)  # the first coup now 30-38: +4 to Panisse


@pytest.mark.parametrize("copy_text", ["garbage", "{}", '{"toml": 1}', "[" * 100_000, None])
def test_a_damaged_or_forged_copy_is_ignored(home, copy_text):
    copy = long_game(home)
    if copy_text is None:  # the right hash, but a null in it: not written by scorekeeper
        forged = json.loads(copy.read_text(encoding="utf-8"))
        forged["data"]["players"][3] = None
        copy_text = json.dumps(forged)
    copy.write_text(copy_text, encoding="utf-8")
    assert len(ledger.read("cafe").coups) == 150 and ledger.read("cafe").players == PLAYERS


def test_a_short_game_keeps_no_copy_and_a_game_that_shrinks_drops_it(home):
    copy = long_game(home)
    with ledger.changing("cafe") as cafe:
        cafe.coups = cafe.coups[:3]
    assert not copy.exists()
    assert sorted(p.name for p in (home / "games").iterdir()) == [".cafe.lock", "cafe.toml"]
