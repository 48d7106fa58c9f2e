"""Nothing lost, nothing misleading (issue 12): what an attacker and a broken machine found in the store.

Items 1 and 3 run the real command (`python -m scorekeeper`, with the environment the issue names) and
check its exit code, its one line on stderr, and the game file left as it was or holding the change.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import tomli_w

from scorekeeper import store, tomlfile
from tests.store.cli_writers import MARIUS, environment

PLAYERS = [a for p in MARIUS for a in ("-p", p)]
POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and rlimits are POSIX")


def scorekeeper(home: Path, *args: str, limit: int | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """The real command, its output read as bytes would be by a terminal of that encoding."""

    def bounded() -> None:  # `ulimit -f`: a disk that takes no more than `limit` bytes a file
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        env={**environment(home), "SCOREKEEPER_LANG": "en", **env},
        capture_output=True,
        timeout=60,
        preexec_fn=bounded if limit else None,
        encoding=env.get("PYTHONIOENCODING", "utf-8"),
        errors="replace",
    )


def one_line(ran: subprocess.CompletedProcess[str], code: int) -> str:
    assert ran.returncode == code, (ran.returncode, ran.stdout, ran.stderr)
    assert "Traceback" not in ran.stderr and len(ran.stderr.splitlines()) == 1, ran.stderr
    return ran.stderr


def coups(home: Path, name: str = "cafe") -> list[dict]:
    return tomllib.loads((home / "games" / f"{name}.toml").read_text(encoding="utf-8"))["coups"]


@pytest.fixture
def cafe(run, home) -> Path:
    assert run("new", "manille-muette", "--game", "cafe", *PLAYERS).code == 0
    return home / "games" / "cafe.toml"


# --- 1. stored, then reported as failed --------------------------------------------------------------


def test_i1_a_coup_stored_when_current_cannot_be_written_exits_0_and_warns_in_one_line(home, cafe):
    (home / "current").unlink()
    (home / "current").mkdir()  # what an unwritable data folder does to the mark, even for root
    ran = scorekeeper(home, "new", "manille-muette", "--game", "cafe2", *PLAYERS)  # `new` makes it current
    assert "game cafe2 is stored, but it could not be made the current one" in one_line(ran, 0)
    assert coups(home, "cafe2") == []


def test_i1_a_new_game_that_cannot_be_made_current_is_stored_and_says_so(home):
    home.mkdir()
    (home / "current").mkdir()
    ran = scorekeeper(home, "new", "manille-muette", "--game", "cafe", *PLAYERS)
    assert "game cafe is stored" in one_line(ran, 0) and "new game cafe" in ran.stdout
    assert coups(home) == []


def test_i1_a_parsed_copy_that_cannot_be_written_never_fails_the_coup(home, cafe):
    (cafe.parent / ".cafe.json").mkdir()
    ran = scorekeeper(home, "coup", "-r", "10h", "--points", "César=40")
    assert ran.returncode == 0 and ran.stderr == "", ran.stderr
    assert len(coups(home)) == 1


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_i1_output_the_terminal_cannot_encode_falls_back_to_letters_after_the_write(home, cafe, encoding):
    """C-2: 10♥ written 10H where ♥ cannot be encoded; the coup is stored once, exit 0."""
    ran = scorekeeper(home, "coup", "-r", "10h", "--points", "César=40", PYTHONIOENCODING=encoding)
    assert ran.returncode == 0 and ran.stderr == "", ran.stderr
    assert "retourne 10H: atout H (M-5)" in ran.stdout
    assert len(coups(home)) == 1
    sheet = scorekeeper(home, "sheet", PYTHONIOENCODING=encoding)
    assert sheet.returncode == 0 and "| 10H " in sheet.stdout, sheet.stderr


@pytest.mark.parametrize("error", [BrokenPipeError(32, "Broken pipe"), OSError(5, "Input/output error")])
def test_i1_a_failure_after_the_write_says_the_change_is_stored_and_exits_0(run, cafe, monkeypatch, error):
    from scorekeeper.cli import coup

    def broken(*args: object) -> None:
        raise error

    monkeypatch.setattr(coup, "print_coup", broken)
    ran = run("coup", "-r", "10h", "--points", "César=40")
    assert ran.code == 0 and ran.err.count("\n") == 1
    assert f"game cafe stored; only what came after failed ({error.strerror})" in ran.err
    assert len(coups(cafe.parent.parent)) == 1
    ran = run("coup", "-r", "7h", "--points", "Brun=40")  # before anything is written, a failure is one
    assert ran.code != 0 and len(coups(cafe.parent.parent)) == 1 or ran.code == 0


# --- 3. disk trouble -----------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["plain file", "/dev/null", "/proc/nonexistent/home"])
def test_i3_a_data_folder_that_cannot_be_a_folder_is_one_line_exit_2(tmp_path, where):
    home = tmp_path / "home"
    if where == "plain file":
        home.write_text("not a folder")
    else:
        home = Path(where)
    before = home.read_bytes() if home.is_file() else None
    ran = scorekeeper(home, "new", "manille-muette", "--game", "cafe", *PLAYERS)
    assert f"cannot write in {home}" in one_line(ran, 2)
    assert (home.read_bytes() if home.is_file() else None) == before


@POSIX
def test_i3_a_full_disk_is_one_line_exit_2_and_the_previous_file_unchanged(home, cafe):
    before = cafe.read_bytes()
    assert len(before) > 1024
    ran = scorekeeper(home, "coup", "-r", "10h", "--points", "César=40", limit=1024)  # `ulimit -f 1`
    assert f"cannot write in {cafe.parent} (File too large): nothing was changed" in one_line(ran, 2)
    assert cafe.read_bytes() == before
    assert [p.name for p in cafe.parent.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes in a read-only folder")
def test_i3_a_read_only_games_folder_is_one_line_exit_2(home, cafe):
    before = cafe.read_bytes()
    cafe.parent.chmod(0o500)
    try:
        ran = scorekeeper(home, "coup", "-r", "10h", "--points", "César=40")
    finally:
        cafe.parent.chmod(0o700)
    assert f"cannot write in {cafe.parent}" in one_line(ran, 2)
    assert cafe.read_bytes() == before


# --- 4. numbers without bounds -------------------------------------------------------------------------


def test_i4_a_ruleset_table_number_of_4300_digits_is_refused_by_rules_check(run, home, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text(f'extends = "manille-muette"\n[cards.points]\nA = {"9" * 4300}\n', encoding="utf-8")
    for command in (["rules", "check", str(house)], ["new", str(house), *PLAYERS]):
        ran = run(*command)
        assert ran.code == 2 and ran.err.count("\n") == 1
        assert "key 'cards.points.A' must be at most 1,000,000,000, not a number of 4300 digits" in ran.err
    assert run("rules", "check", str(house).replace("house", "none")).code == 2


@pytest.mark.parametrize("value", [10**12, -(10**12), float("inf"), float("nan")])
def test_i4_a_game_file_number_beyond_a_billion_is_damage_not_a_traceback(run, home, cafe, value):
    table = tomllib.loads(cafe.read_text(encoding="utf-8"))
    table["coups"] = [{"retourne": "10H", "points": {"César": value}}]
    cafe.write_text(tomli_w.dumps(table), encoding="utf-8")
    for command in (["sheet"], ["coup", "-r", "7h", "--points", "César=40"]):
        ran = run(*command)
        assert ran.code == 2 and ran.err.count("\n") == 1, ran.err
        assert "is damaged: 'coups.0.points.César' holds a number beyond 1,000,000,000" in ran.err


def test_i4_too_large_walks_tables_and_arrays():
    assert tomlfile.too_large({"a": [1, {"b": 10**9}], "c": True}) is None
    assert tomlfile.too_large({"a": [1, {"b": 10**9 + 1}]}) == ("a.1.b", 10**9 + 1)


# --- 5. special files ------------------------------------------------------------------------------------


@POSIX
def test_i5_tricks_file_and_audit_file_that_are_not_regular_files_are_refused_at_once(run, home, cafe, tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for command in (["coup", "-r", "10h", "--tricks-file", "/dev/zero"], ["coup", "-r", "10h", "--tricks-file", str(fifo)],
                    ["audit", "manille-muette", "--file", str(fifo)], ["audit", "manille-muette", "--file", "/dev/zero"]):  # fmt: skip
        ran = scorekeeper(home, *command)
        assert "not a regular file" in one_line(ran, 2)
    assert coups(home) == []


@POSIX
@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero"])
def test_i5_a_game_file_or_current_that_is_not_a_regular_file_never_hangs(run, home, cafe, kind):
    def special(path: Path) -> None:
        path.unlink()
        os.mkfifo(path) if kind == "fifo" else path.symlink_to("/dev/zero")

    special(home / "current")
    ran = scorekeeper(home, "sheet")
    assert "no current game" in one_line(ran, 2)
    special(cafe)
    assert one_line(scorekeeper(home, "sheet", "--game", "cafe"), 2)
    assert scorekeeper(home, "games").returncode == 0


def test_i5_a_file_larger_than_the_limit_is_refused_before_it_is_read_whole(tmp_path):
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 100)
    assert tomlfile.read_regular(big, most=100) == b"#" * 100
    with pytest.raises(tomlfile.TooLarge):
        tomlfile.read_regular(big, most=99)


# --- 6. links in place of the lock -------------------------------------------------------------------------


@POSIX
@pytest.mark.parametrize("kind", ["link", "dangling link", "fifo", "folder"])
def test_i6_a_lock_that_is_a_link_fifo_or_folder_is_refused_never_followed(home, cafe, tmp_path, kind):
    lock = cafe.parent / ".cafe.lock"
    lock.unlink(missing_ok=True)
    target = tmp_path / "outside"
    if kind == "link":
        target.write_bytes(b"")
        lock.symlink_to(target)
    elif kind == "dangling link":
        lock.symlink_to(target)
    elif kind == "fifo":
        os.mkfifo(lock)
    else:
        lock.mkdir()
    before = cafe.read_bytes()
    ran = scorekeeper(home, "coup", "-r", "10h", "--points", "César=40")
    assert f"cannot use the lock file {lock}" in one_line(ran, 2)
    assert cafe.read_bytes() == before
    assert (target.read_bytes() == b"") if kind == "link" else not target.exists()


# --- 8. deep extends ---------------------------------------------------------------------------------------


def test_i8_an_extends_chain_a_thousand_files_deep_is_refused_in_one_line(run, tmp_path):
    for depth in range(1000):
        parent = f"house-{depth + 1}.toml" if depth < 999 else "manille-muette"
        (tmp_path / f"house-{depth}.toml").write_text(f'extends = "{parent}"\n', encoding="utf-8")
    ran = run("rules", "check", str(tmp_path / "house-0.toml"))
    assert ran.code == 2 and ran.err.count("\n") == 1
    assert "its extends chain is more than 32 files deep" in ran.err


def test_i8_a_chain_of_a_few_houses_still_loads(run, tmp_path):
    for depth in range(5):
        parent = f"house-{depth + 1}.toml" if depth < 4 else "manille-muette"
        (tmp_path / f"house-{depth}.toml").write_text(f'extends = "{parent}"\n', encoding="utf-8")
    ran = run("rules", "check", str(tmp_path / "house-0.toml"))
    said = f"{tmp_path / 'house-0.toml'}: valid manille ruleset 'house-0' (Manille muette)\n"
    assert (ran.code, ran.out) == (0, said)


# --- 9. quietly accepted -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["-r", "7h", "-r", "8h"], ["-r7h", "--retourne=8h"], ["-r", "7h", "--game", "cafe", "-g", "cafe"]],
)
def test_i9_a_single_value_option_given_twice_is_refused_and_nothing_written(run, home, cafe, args):
    before = cafe.read_bytes()
    ran = run("coup", *args, *(["--points", "César=40"] if "--points" not in args else []))
    assert ran.code == 2 and ran.err.count("\n") == 1 and "is given twice" in ran.err, ran.err
    assert cafe.read_bytes() == before


def test_i9_options_that_take_several_values_may_repeat(run, home):
    assert run("new", "manille-muette", "--game", "cafe", *PLAYERS, "-o", "partie=seche", "-o", "manche=44").code == 0


def test_i9_a_value_that_looks_like_an_option_is_not_counted_as_one(run, home):
    players = ["-p", "--game", "-p", "Panisse", "-p", "Brun", "-p", "-g"]  # players named like options
    assert run("new", "manille-muette", *players, "--game", "cafe").code == 0
    assert run("coup", "--game", "cafe", "-r", "10h", "--points", "--game=40").code == 0


@pytest.mark.parametrize("variable", ["SCOREKEEPER_HOME", "XDG_DATA_HOME"])
def test_i9_a_relative_data_folder_is_made_absolute(monkeypatch, tmp_path, variable):
    monkeypatch.delenv("SCOREKEEPER_HOME")
    monkeypatch.setenv(variable, "data")
    monkeypatch.chdir(tmp_path)
    assert store.home().is_absolute() and store.home().is_relative_to(tmp_path / "data")
    assert store.cache_dir().is_absolute() and store.games_dir().is_absolute()


def test_i9_six_new_at_once_without_a_name_each_get_their_own(home):
    env = {**environment(home), "SCOREKEEPER_LANG": "en"}
    command = [sys.executable, "-m", "scorekeeper", "new", "manille-muette", *PLAYERS]
    started = [subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
               for _ in range(6)]  # fmt: skip
    errors = [process.communicate(timeout=60)[1] for process in started]
    assert [process.returncode for process in started] == [0] * 6, errors
    assert store.all_names() == [f"manille-muette-{n}" for n in range(1, 7)]


def test_i9_a_ruleset_starting_with_a_byte_order_mark_is_read(run, tmp_path):
    house = tmp_path / "house.toml"
    house.write_bytes('\ufeffextends = "manille-muette"\ntitle = "Chez Fanny"\n'.encode())
    ran = run("rules", "check", str(house))
    assert ran.code == 0, ran.err


# --- 7. terminal escapes -------------------------------------------------------------------------------------

HOSTILE = ["C\x1b]52;c;aGk\x07sar", "Pa\x1b[8mnisse", "Escartefigue\x9b31m", "[bold]Brun[/bold]"]


def test_i7_names_and_titles_reach_the_terminal_escaped_and_as_typed(run, home, tmp_path):
    """C-3: a name is shown as typed; its control characters escaped, no markup, no emoji."""
    house = tmp_path / "house.toml"
    house.write_text(tomli_w.dumps({"extends": "manille-muette", "title": "Chez\x1b[8m Fanny :pile_of_poo: [b]x[/b]"}))
    outputs = [run("new", str(house), "--game", "cafe", *(a for p in ("C", "P", "E", HOSTILE[3]) for a in ("-p", p)))]
    path = home / "games" / "cafe.toml"  # C-4 refuses such names at `new`: a file from elsewhere holds them
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    path.write_text(tomli_w.dumps({**data, "players": HOSTILE, "dealer": HOSTILE[0]}), encoding="utf-8")
    outputs += [run("coup", "-r", "10h", "--points", f"{HOSTILE[0]}=40"), run("sheet"), run("games"),
                run("rules", "show", str(house)), run("coup", "-r", "10h", "--points", "Fanny\x1b[8m=40")]  # fmt: skip
    assert [ran.code for ran in outputs] == [0, 0, 0, 0, 0, 2]
    shown = "".join(ran.out + ran.err for ran in outputs)
    assert not any(control in shown for control in ("\x1b", "\x07", "\x9b")), repr(shown)
    assert "C\\x1b]52;c;aGk\\x07sar" in shown and "Pa\\x1b[8mnisse" in shown and "Escartefigue\\u009b31m" in shown
    assert "[bold]Brun[/bold]" in shown and ":pile_of_poo:" in shown and "[b]x[/b]" in shown
    assert "Fanny\\x1b[8m" in outputs[-1].err and "Pa\\x1b[8mnisse" in outputs[-1].err  # not stripped by click
    assert json.loads(run("sheet", "--json").out)["players"][0] == HOSTILE[0]  # JSON escapes them its own way


def test_i7_the_grid_keeps_its_own_bold_and_nothing_else(monkeypatch):
    from scorekeeper.cli.terminal import printable

    assert printable("\x1b[1mmanche\x1b[0m \x1b[8m", styles=True) == "\x1b[1mmanche\x1b[0m \\x1b[8m"
    assert printable("\x1b[1m") == "\\x1b[1m"


def test_i9_audit_refuses_a_taker_where_no_one_plays_alone(run):
    """M-11, M-13: --taker only where one plays alone; in manille muette it would be quietly ignored."""
    ran = run("audit", "manille-muette", "--players", "A B C D", "-t", "h", "--leader", "A", "--trick", "7h 8h 9h 10h",
              "--taker", "Z")  # fmt: skip
    assert ran.code == 2 and "no one plays alone in this system: --taker Z" in ran.err and ran.out == ""


def test_i9_audit_file_with_no_trick_is_refused_as_the_command_line_refuses_it(run, tmp_path):
    coup = tmp_path / "coup.toml"
    coup.write_text(tomli_w.dumps({"players": ["A", "B", "C", "D"], "trump": "h", "leader": "A", "tricks": []}))
    ran = run("audit", "manille-muette", "--file", str(coup))
    assert ran.code == 2 and "`tricks` is empty" in ran.err and ran.out == ""
    assert run("audit", "manille-muette", "--players", "A B C D", "-t", "h", "--leader", "A").code == 2
