"""Nothing lost, nothing run (issue 27), the store's part: one bad file never takes down the rest, the
trash and the archive keep every game, a rename is atomic or reported as done, disk trouble is one line.

Where the point is a process, the real command runs (`python -m scorekeeper`); a system call made to
fail (a full disk, a read-only one) is patched into that process before the command starts (`failing`).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import tracemalloc
from pathlib import Path

import pytest

from tests.store.cli_writers import MARIUS, environment

PLAYERS = [a for p in MARIUS for a in ("-p", p)]


def scorekeeper(home: Path, *args: str, patch: str = "") -> subprocess.CompletedProcess[str]:
    """The real command; `patch`, Python run in its process first (a system call made to fail)."""
    start = f"{patch}\nimport runpy, sys\nsys.argv = ['scorekeeper', *sys.argv[1:]]\n"
    start += "runpy.run_module('scorekeeper', run_name='__main__', alter_sys=True)"
    return subprocess.run(
        [sys.executable, "-c", start, *args],
        env={**environment(home), "SCOREKEEPER_LANG": "en", "COLUMNS": "200"},
        capture_output=True,
        timeout=60,
        encoding="utf-8",
    )


def failing(call: str, errno: str, when: str) -> str:
    """Python that makes `os.CALL` fail with `errno` where its first argument, a path, satisfies `when`
    (an expression of `path`, a str): a disk that refuses one step of a command."""
    return (
        f"import errno, os\n_real_{call} = os.{call}\n"
        f"def _failing_{call}(*args, **kwargs):\n    path = os.fspath(args[0])\n"
        f"    if {when}:\n        raise OSError(errno.{errno}, os.strerror(errno.{errno}), path)\n"
        f"    return _real_{call}(*args, **kwargs)\nos.{call} = _failing_{call}\n"
    )


def one_line(ran: subprocess.CompletedProcess[str], code: int) -> str:
    assert ran.returncode == code, (ran.returncode, ran.stdout, ran.stderr)
    assert "Traceback" not in ran.stderr and len(ran.stderr.splitlines()) == 1, ran.stderr
    return ran.stderr


@pytest.fixture
def cafe(run, home) -> Path:
    assert run("new", "manille-muette", "--game", "cafe", *PLAYERS).code == 0
    assert run("coup", "-r", "10h", "--points", "César=40").code == 0
    return home / "games" / "cafe.toml"


def named(run, *args: str) -> list[str]:
    return [game["name"] for game in json.loads(run("games", "--json", *args).out)]


# --- one bad file must not take down the rest ---------------------------------------------------------


def deep_copy_of(cafe: Path, name: str) -> Path:
    """A copy of game `cafe` named `name` whose ruleset holds a key nested 3,000 deep."""
    deep = cafe.with_name(f"{name}.toml")
    text = cafe.read_text(encoding="utf-8").replace('name = "cafe"', f'name = "{name}"', 1)
    deep.write_text(text + "\n[ruleset.x]\n" + ".".join(["a"] * 3000) + " = 1\n", encoding="utf-8")
    return deep


def test_a_game_nested_3000_deep_is_one_damaged_game_and_the_others_are_listed_and_counted(home, cafe):
    deep_copy_of(cafe, "deep")
    listed = scorekeeper(home, "games", "--json")
    assert listed.returncode == 0 and "Traceback" not in listed.stderr, listed.stderr
    games = {game["name"]: game for game in json.loads(listed.stdout)}
    assert games["cafe"]["coups"] == 1
    assert "nested deeper than 32" in games["deep"]["state"]
    stats = scorekeeper(home, "stats", "--json")
    assert stats.returncode == 0 and "Traceback" not in stats.stderr, stats.stderr
    assert {player["name"] for player in json.loads(stats.stdout)["players"]} == set(MARIUS)
    for command in (["sheet", "-g", "deep"], ["fix", "--print", "-g", "deep"]):
        assert "is damaged: not valid TOML (tables or arrays nested deeper than 32)" in one_line(
            scorekeeper(home, *command), 2
        )
    assert scorekeeper(home, "sheet", "-g", "cafe").returncode == 0


def test_a_ruleset_nested_3000_deep_is_refused_by_rules_check_in_one_line(run, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "manille-muette"\n' + ".".join(["a"] * 3000) + " = 1\n", encoding="utf-8")
    for command in (["rules", "check", str(house)], ["new", str(house), *PLAYERS]):
        ran = run(*command)
        assert ran.code == 2 and ran.err.count("\n") == 1, ran.err
        assert "nested deeper than 32" in ran.err


@pytest.mark.parametrize(
    "command", [["games"], ["stats"], ["sheet", "-g", "cafe"], ["new", "manille-muette", *PLAYERS]]
)
def test_a_300_mb_game_file_is_never_read_by_the_commands_that_read_every_game(run, home, cafe, command):
    huge = home / "games" / "huge.toml"
    with huge.open("wb") as handle:  # sparse: 300 MB a reader would take whole, no disk taken
        handle.write(b'format = 1\nname = "huge"\nx = "')
        handle.truncate(300 * 1024 * 1024)
    tracemalloc.start()
    try:
        ran = run(*command)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert ran.code == 0, ran.err
    assert peak < 32 * 1024 * 1024, f"{peak:,} bytes taken"


# --- the trash and the archive keep every game ----------------------------------------------------------


@pytest.mark.parametrize("put_away", ["delete", "archive"])
def test_every_game_put_away_under_one_name_is_listed_apart_and_restorable(run, home, put_away):
    folder = "--trash" if put_away == "delete" else "--archive"
    for coups in (1, 0, 2):  # three games named h, each put away: told apart by their coups
        assert run("new", "manille-muette", "--game", "h", *PLAYERS).code == 0
        for _ in range(coups):
            assert run("coup", "-r", "10h", "--points", "César=40").code == 0
        assert run("games", put_away, "h").code == 0
    rows = json.loads(run("games", "--json", folder).out)
    assert [(row["id"], row["coups"]) for row in rows] == [("h~1", 1), ("h~2", 0), ("h~3", 2)]
    assert "h~1" in run("games", folder).out
    restored = run("games", "restore", "h")  # the newest, and the older ones named
    assert restored.code == 0 and "older games named h are still put away: h~1, h~2;" in restored.out
    assert len(json.loads(run("sheet", "--json", "-g", "h").out)["coups"]) == 2
    assert run("games", "delete", "h").code == 0
    assert run("games", "restore", "h~1").code == 0
    assert len(json.loads(run("sheet", "--json", "-g", "h").out)["coups"]) == 1
    assert [row.get("id") for row in json.loads(run("games", "--json", "--trash").out)] == (
        ["h~2", "h~3"] if put_away == "delete" else [None]
    )


def test_a_game_put_away_alone_keeps_its_plain_name_in_the_list(run, home, cafe):
    assert run("games", "delete", "cafe").code == 0
    rows = json.loads(run("games", "--json", "--trash").out)
    assert [row["name"] for row in rows] == ["cafe"] and "id" not in rows[0]
    assert run("games", "restore", "cafe").out == "game cafe is back, and the current game\n"


# --- a rename is atomic or reported as done ---------------------------------------------------------------


def test_a_rename_whose_last_step_fails_is_reported_done_and_leaves_one_game(home, cafe):
    old = str(cafe)
    fails = failing("replace", "EACCES", f"path == {old!r}") + failing("unlink", "EACCES", f"path == {old!r}")
    ran = scorekeeper(home, "games", "rename", "cafe", "port", patch=fails)
    assert ran.returncode == 0, ran.stderr
    assert "game cafe is now called port" in ran.stdout
    assert "Traceback" not in ran.stderr and "port is renamed, but its file keeps its old name" in ran.stderr
    listed = json.loads(scorekeeper(home, "games", "--json").stdout)
    assert [(game["name"], game["coups"]) for game in listed] == [("port", 1)]
    assert scorekeeper(home, "coup", "-g", "port", "-r", "7s", "--points", "César=40").returncode == 0
    assert len(tomllib.loads(cafe.read_text(encoding="utf-8"))["coups"]) == 2


def test_a_rename_that_cannot_write_changes_nothing(home, cafe):
    before = cafe.read_bytes()
    ran = scorekeeper(home, "games", "rename", "cafe", "port", patch=failing("replace", "EROFS", "True"))
    assert "cannot write in" in one_line(ran, 2) and "nothing was changed" in ran.stderr
    assert cafe.read_bytes() == before and sorted(p.name for p in cafe.parent.glob("*.toml")) == ["cafe.toml"]


# --- disk trouble is one line -----------------------------------------------------------------------------


@pytest.mark.parametrize("errno", ["ENOSPC", "EROFS"])
def test_use_on_a_full_or_read_only_disk_is_one_line_exit_2(home, cafe, errno):
    assert scorekeeper(home, "new", "manille-muette", "--game", "port", *PLAYERS).returncode == 0
    ran = scorekeeper(home, "use", "cafe", patch=failing("replace", errno, "path.endswith('.tmp')"))
    assert f"cannot write in {home}" in one_line(ran, 2)
    assert (home / "current").read_text(encoding="utf-8") == "port"


def test_a_read_only_folder_is_said_so_not_blamed_on_a_lock_file(home, cafe):
    refusing = failing("open", "EROFS", "path.endswith('.lock')")
    ran = scorekeeper(home, "coup", "-r", "7s", "--points", "César=40", patch=refusing)
    said = one_line(ran, 2)
    assert f"cannot write in {cafe.parent}" in said and "remove it" not in said


def test_a_ruleset_named_blank_is_refused_and_names_no_game(run, home, tmp_path):
    for name in ("", "   "):
        house = tmp_path / "house.toml"
        house.write_text(f'extends = "manille-muette"\nname = "{name}"\n', encoding="utf-8")
        for command in (["rules", "check", str(house)], ["new", str(house), *PLAYERS]):
            ran = run(*command)
            assert ran.code == 2 and "key 'name' must be a name that can name a game" in ran.err, ran.err
    assert not (home / "games").exists() or not list((home / "games").iterdir())
