"""The store: the game file, what was said, written atomically, undo that can be undone; its cache."""

import hashlib
import json
import shutil
import tomllib
from datetime import datetime
from pathlib import Path

import pytest

from scorekeeper import service, store, tomlfile
from scorekeeper.cli import current
from scorekeeper.errors import UserError
from scorekeeper.i18n import render

PLAYERS = ["César", "Panisse", "Escartefigue", "Brun"]


def new(name="cafe", **kwargs):
    return service.new("manille-muette", PLAYERS, name=name, **kwargs)


def test_the_file_holds_what_was_said_and_a_full_ruleset_copy(home):
    new(options={"partie": "seche"})
    service.add("cafe", {"retourne": "10h", "points": {"César": 40}})
    data = tomllib.loads((home / "games" / "cafe.toml").read_text(encoding="utf-8"))
    assert data["format"] == store.FORMAT
    assert data["players"] == PLAYERS and data["dealer"] == "César"
    assert data["ruleset_name"] == "manille-muette"
    assert data["ruleset"]["scoring"]["renonce_penalty"] == 34
    assert data["options"] == {"partie": "seche"}
    assert service.said(data["coups"]) == [{"retourne": "10H", "points": {"César": 40}}]
    assert datetime.fromisoformat(data["coups"][0]["time"])  # when it was said, beside it
    assert isinstance(data["created"], datetime)
    assert "score" not in str(data["coups"])  # no computed total is stored


def test_a_later_edit_of_the_ruleset_file_never_changes_a_past_game(home, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "manille-muette"\n[scoring]\nrenonce_penalty = 34\n', encoding="utf-8")
    service.new(str(house), PLAYERS, name="house")
    service.add("house", {"retourne": "7s", "renonce": "Brun"})
    house.write_text('extends = "manille-muette"\n[scoring]\nrenonce_penalty = 10\n', encoding="utf-8")
    assert service.fiche(store.read("house")).coups[0].scored == (34, 0)


def test_new_game_becomes_current_and_names_are_numbered():
    first = service.new("manille-muette", PLAYERS)
    second = service.new("manille-muette", PLAYERS)
    assert (first.name, second.name) == ("manille-muette-1", "manille-muette-2")
    assert store.current_name() == "manille-muette-2"
    assert current.pick("manille-muette-1") == "manille-muette-1"
    assert store.current_name() == "manille-muette-2"  # --game acts for one command only


def test_a_taken_name_is_refused():
    new()
    with pytest.raises(UserError, match="exists already"):
        new()


@pytest.mark.parametrize("name", ["", " ", "x" * 65, "a\nb", "\u200b"])
def test_c4_game_names_empty_too_long_or_unprintable_are_refused(name):
    with pytest.raises(UserError, match="C-4"):
        new(name=name)


@pytest.mark.parametrize("name", ["../evil", "a/b", ".hidden", "café!", "a.toml"])
def test_game_names_cannot_leave_the_games_folder(home, name):
    """C-4: any printable name is a game's, shown as typed; its file name is derived inside the folder."""
    assert new(name=name).name == name
    (path,) = home.rglob("*.toml")
    assert path.parent == home / "games" and store.read(name).name == name


def test_no_current_game_is_a_clear_error():
    with pytest.raises(UserError, match="no current game"):
        current.pick(None)


def test_undo_and_redo_of_a_coup_and_an_edit():
    new()
    service.add("cafe", {"retourne": "10h", "points": {"César": 40}})
    service.add("cafe", {"retourne": "7s", "points": {"Panisse": 48}})
    service.edit("cafe", 2, {"points": {"Panisse": 50}})
    assert service.fiche(store.read("cafe")).scores == (11, 16)
    assert render(service.undo("cafe")[0]) == "edit of coup 2"
    assert service.fiche(store.read("cafe")).scores == (11, 14)
    assert render(service.undo("cafe")[0]) == "last coup (2)"
    assert service.fiche(store.read("cafe")).scores == (11, 0)
    service.redo("cafe")
    service.redo("cafe")
    assert service.fiche(store.read("cafe")).scores == (11, 16)
    with pytest.raises(UserError, match="nothing to redo"):
        service.redo("cafe")


def test_undo_itself_can_be_undone_until_a_new_coup_is_said():
    new()
    service.add("cafe", {"retourne": "10h", "points": {"César": 40}})
    service.undo("cafe")
    service.add("cafe", {"retourne": "7s", "points": {"César": 40}})
    with pytest.raises(UserError, match="nothing to redo"):
        service.redo("cafe")
    service.undo("cafe")
    with pytest.raises(UserError, match="nothing to undo"):
        service.undo("cafe")


def test_edit_keeps_what_is_not_given_and_replays_everything_after():
    new()
    service.add("cafe", {"retourne": "10h", "points": {"César": 40}})
    service.add("cafe", {"retourne": "7s", "points": {"Panisse": 48}})
    fiche = service.edit("cafe", 1, {"renonce": "Brun"})
    assert fiche.coups[0].coup.retourne.ascii == "10H"
    assert fiche.coups[0].scored == (5 + 34, 0)
    assert fiche.scores == (0, 14)  # 39 won manche 1; coup 2 opens manche 2
    assert service.said(store.read("cafe").coups)[0] == {"retourne": "10H", "renonce": "Brun"}


def test_an_edit_that_makes_the_log_impossible_is_refused_and_nothing_written(home):
    new()
    service.add("cafe", {"retourne": "7s", "points": {"César": 68}})  # manche 1 to César & Escartefigue
    service.add("cafe", {"retourne": "7s", "points": {"Panisse": 68}})  # manche 2 to Panisse & Brun
    service.add("cafe", {"retourne": "7s", "points": {"César": 40}})  # the belle
    before = (home / "games" / "cafe.toml").read_bytes()
    with pytest.raises(
        UserError, match="edit of coup 2 refused: coup 3: the partie was already won by César & Escartefigue"
    ):
        service.edit("cafe", 2, {"points": {"César": 68}})
    assert (home / "games" / "cafe.toml").read_bytes() == before


def test_a_damaged_game_file_is_a_clear_error(home):
    new()
    path = home / "games" / "cafe.toml"
    path.write_text(path.read_text(encoding="utf-8")[:40], encoding="utf-8")
    with pytest.raises(UserError, match="game file .*cafe.toml is damaged"):
        store.read("cafe")


def test_a_second_writer_waits_then_is_told_the_game_is_busy(monkeypatch):
    new()
    monkeypatch.setattr(store.files, "LOCK_WAIT", 0.1)
    with store.locked("cafe"):  # flock locks are per open file, so this process can play both writers
        with pytest.raises(UserError, match="game cafe is busy"):
            service.add("cafe", {"retourne": "7s", "points": {"César": 40}})
    assert store.read("cafe").coups == []


def test_write_atomic_leaves_no_temp_file(home):
    new()
    service.add("cafe", {"retourne": "7s", "points": {"César": 40}})
    assert sorted(p.name for p in (home / "games").iterdir()) == ["cafe.toml"]


def test_a_temp_file_left_by_a_killed_writer_is_swept_by_the_next_write(home):
    new()
    stale = home / "games" / ".cafe.toml.abc123.tmp"
    stale.write_bytes(b"half a game")
    service.add("cafe", {"retourne": "7s", "points": {"César": 40}})
    assert not stale.exists()
    assert len(store.read("cafe").coups) == 1


def test_a_write_sweeps_only_its_own_temp_files_not_those_of_a_game_whose_name_starts_alike(home):
    new(name="a")
    new(name="a.toml.x")
    mine = home / "games" / ".a.toml.abcd1234.tmp"
    theirs = home / "games" / ".a.toml.x.toml.abcd1234.tmp"  # what a writer of `a.toml.x` killed mid-write left
    for stale in (mine, theirs):
        stale.write_bytes(b"half a game")
    service.add("a", {"retourne": "7s", "points": {"César": 40}})
    assert not mine.exists() and theirs.exists()
    service.add("a.toml.x", {"retourne": "7s", "points": {"César": 40}})
    assert not theirs.exists()


def test_create_stores_the_game_and_leaves_the_current_game_to_its_caller():
    """The change is stored once the file is: choosing the current game is the caller's next step."""
    store.create(store.Ledger("cafe", "manille-muette", {}, PLAYERS, "César"))
    assert store.exists("cafe") and store.current_name() is None
    store.set_current("cafe")
    assert store.current_name() == "cafe"


# --- the cache of a long game ---------------------------------------------------------------------


def long_game(home):
    """A game past CACHE_FROM: store.changing writes it, with its entry in the cache folder."""
    new(options={"partie": "seche", "manche": 100_000})
    with store.changing("cafe") as cafe:
        cafe.coups = [{"retourne": "7s", "points": {"César": 40}} for _ in range(150)]
    raw = (home / "games" / "cafe.toml").read_bytes()
    copy = entry_of(home, raw)
    assert len(raw) >= store.cache.CACHE_FROM and copy.exists()
    return copy


def entry_of(home: Path, raw: bytes) -> Path:
    return home / "cache" / "games" / f"{hashlib.blake2b(raw, digest_size=20).hexdigest()}.json"


def entries(home: Path) -> list[str]:
    folder = home / "cache" / "games"
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def test_a_long_game_reads_its_parsed_copy_which_holds_the_same_tables(home, monkeypatch):
    long_game(home)
    data = tomllib.loads((home / "games" / "cafe.toml").read_text(encoding="utf-8"))
    monkeypatch.setattr(tomlfile, "loads", lambda raw: pytest.fail("the TOML was parsed"))
    read = store.read("cafe")
    assert read.coups == data["coups"] and read.created == data["created"] and read.ruleset == data["ruleset"]
    assert service.fiche(read).scores == (150 * 6, 0)  # 40 - 34 = 6 a coup; 7♠'s retourne is worth nothing


def test_the_cache_is_in_its_own_folder_one_entry_a_long_game_named_by_the_hash_of_its_bytes(home):
    copy = long_game(home)
    assert sorted(p.name for p in (home / "games").iterdir()) == ["cafe.toml"]
    assert entries(home) == [copy.name]
    with store.changing("cafe") as cafe:
        cafe.coups.append({"retourne": "7s", "points": {"César": 40}})
    # The entry of the bytes the write replaced is no longer any file's: it goes.
    assert entries(home) == [entry_of(home, (home / "games" / "cafe.toml").read_bytes()).name]


def test_without_scorekeeper_home_the_cache_is_the_platforms_cache_folder(monkeypatch):
    import platformdirs

    monkeypatch.delenv("SCOREKEEPER_HOME")
    assert store.cache_dir() == platformdirs.user_cache_path("scorekeeper", appauthor=False)
    assert store.home() == platformdirs.user_data_path("scorekeeper", appauthor=False)


def test_a_hand_edited_long_game_is_read_from_its_toml_not_the_stale_copy(home):
    long_game(home)
    path = home / "games" / "cafe.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('"César" = 40', '"César" = 30', 1), encoding="utf-8")
    assert service.fiche(store.read("cafe")).scores == (149 * 6, 4)  # the first coup now 30-38: +4 to Panisse


@pytest.mark.parametrize(
    "copy_text",
    [
        "garbage",
        "{}",
        '{"toml": 1}',
        "[" * 100_000,
        None,
        "null",
        '{"created": "not a date", "data": {}}',
        '{"created": "2026-01-01T00:00:00", "data": []}',
        '{"created": "2026-01-01T00:00:00", "data": {"players": [null]}}',
        '{"created": "2026-01-01T00:00:00", "data": {"na',
    ],
)
def test_a_damaged_or_forged_copy_is_ignored(home, copy_text):
    copy = long_game(home)
    if copy_text is None:  # the right hash, but a null in it: not written by scorekeeper
        forged = json.loads(copy.read_text(encoding="utf-8"))
        forged["data"]["players"][3] = None
        copy_text = json.dumps(forged)
    copy.write_text(copy_text, encoding="utf-8")
    assert len(store.read("cafe").coups) == 150 and store.read("cafe").players == PLAYERS


def test_a_short_game_keeps_no_copy_and_a_game_that_shrinks_drops_it(home):
    copy = long_game(home)
    with store.changing("cafe") as cafe:
        cafe.coups = cafe.coups[:3]
    assert not copy.exists()
    assert sorted(p.name for p in (home / "games").iterdir()) == ["cafe.toml"]
    assert entries(home) == []


def a_file_where_the_cache_folder_is(home: Path, copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.rmtree(home / "cache")
    (home / "cache").write_bytes(b"not a folder")


def a_folder_where_the_entry_is(home: Path, copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy.unlink()
    (copy / "inside").mkdir(parents=True)


def a_full_disk(home: Path, copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_space(path: Path, data: bytes, durable: bool = True) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store.cache, "write_atomic", no_space)
    copy.unlink()


@pytest.mark.parametrize("trouble", [a_file_where_the_cache_folder_is, a_folder_where_the_entry_is, a_full_disk])
def test_a_cache_that_cannot_be_read_or_written_never_fails_a_command(home, monkeypatch, trouble):
    trouble(home, long_game(home), monkeypatch)
    assert len(store.read("cafe").coups) == 150
    with store.changing("cafe") as cafe:  # the same bytes again: their entry is where it cannot be
        assert len(cafe.coups) == 150
    service.add("cafe", {"retourne": "10h", "points": {"César": 40}})  # the game is written, whatever the cache
    assert len(store.read("cafe").coups) == 151
    assert service.fiche(store.read("cafe")).scores == (150 * 6 + 11, 0)


def test_what_a_writer_killed_while_writing_an_entry_left_goes_with_that_entry(home):
    copy = long_game(home)
    stale = copy.with_name(f".{copy.name}.abcd1234.tmp")
    stale.write_bytes(b'{"created": "2026-')
    with store.changing("cafe") as cafe:
        cafe.coups.pop()
    assert not stale.exists() and not copy.exists()


def test_a_parsed_copy_kept_beside_a_game_by_the_first_version_is_ignored_then_removed(home):
    """Before the cache folder, a long game kept `.NAME.json` beside its file: it is read no more."""
    long_game(home)
    path = home / "games" / "cafe.toml"
    raw = path.read_bytes()
    data = tomllib.loads(raw.decode())
    other = {**data, "created": None, "coups": data["coups"][:1]}
    digest = hashlib.blake2b(raw, digest_size=20).hexdigest()
    legacy = home / "games" / ".cafe.json"  # what that version would have read: the file's own hash
    legacy.write_text(
        json.dumps({"toml": digest, "created": data["created"].isoformat(), "data": other}), encoding="utf-8"
    )
    legacy_temp = home / "games" / "..cafe.json.abcd1234.tmp"
    legacy_temp.write_bytes(b"half a copy")
    assert len(store.read("cafe").coups) == 150
    with store.changing("cafe"):
        pass
    assert sorted(p.name for p in (home / "games").iterdir()) == ["cafe.toml"]


# --- game files written by the first version (format 1) -------------------------------------------
# tests/fixtures/*.toml were written by the scorekeeper of commit 0ab4236 (SCOREKEEPER_HOME set to a
# temporary folder); the figures below were read off `scorekeeper sheet --json` right after:
#   new manille-muette -p César -p Panisse -p Escartefigue -p Brun --game manille-format1
#   coup -r 10h --points César=40; coup -r 7s --points Panisse=48; coup -r Kd --points Brun=34
#   coup -r 9c --points César=30; edit 4 --points César=50; coup -r Ah; coup -r Js --points Panisse=52
#   coup -r 8d --renonce Escartefigue; coup -r Qh --points César=44; coup -r 10c --points César=60
#   coup -r 7h --points Brun=30; edit 10 --points Brun=32; undo
#   new hombre -p Ana -p Bea -p Cid --game hombre-format1
#   coup --hombre Ana --contract sans-prendre --trump c --tricks Ana=5,Bea=2,Cid=2 --matadors 3
#   coup --pass; coup --hombre Bea --contract demande --trump h --tricks Bea=4,Ana=3,Cid=2
#   coup --hombre Cid --contract retourne --trump s --tricks Cid=3,Ana=4,Bea=2; undo
#   coup --hombre Cid --contract retourne --trump s --tricks Cid=2,Ana=5,Bea=2
#   coup --hombre Ana --contract demande --trump d --tricks Ana=5,Bea=2,Cid=2; undo

FIXTURES = Path(__file__).parent / "fixtures"


def installed(home: Path, name: str) -> str:
    (home / "games").mkdir(parents=True, exist_ok=True)
    shutil.copy(FIXTURES / f"{name}.toml", home / "games" / f"{name}.toml")
    return name


def test_a_manille_game_written_by_the_first_version_reads_with_the_same_figures(home):
    game = store.read(installed(home, "manille-format1"))
    fiche = service.fiche(game)
    assert fiche.scores == (45, 2) and fiche.manches == (2, 1) and fiche.over
    assert [coup.scored for coup in fiche.coups] == [
        (11, 0), (0, 14), (3, 0), (16, 0), (4, 0), (0, 19), (0, 34), (10, 2), (31, 0), (4, 0)
    ]  # fmt: skip
    assert game.coups[3] == {"retourne": "9C", "points": {"César": 50}}
    assert (len(game.undo_journal), len(game.redo_journal)) == (11, 1)
    assert render(service.redo("manille-format1")[0]) == "edit of coup 10"  # its journal works as it did
    assert service.fiche(store.read("manille-format1")).coups[9].scored == (2, 0)


def test_an_hombre_game_written_by_the_first_version_reads_with_the_same_figures(home):
    game = store.read(installed(home, "hombre-format1"))
    fiche = service.fiche(game)
    assert fiche.balances == (66, -6, -60)
    assert [coup.outcome.value for coup in fiche.coups] == ["won", "passed", "won", "codille"]
    assert (fiche.enjeu, fiche.poules_tirees, fiche.over, fiche.next_dealer) == (36, 2, False, "Bea")
    assert fiche.bete_in_play.owner == "Cid" and fiche.bete_in_play.amount == 27
    assert (len(game.undo_journal), len(game.redo_journal)) == (4, 1)
    assert render(service.redo("hombre-format1")[0]) == "last coup (5)"
    assert service.fiche(store.read("hombre-format1")).balances[0] == 66 + 3 + 3 + 27
