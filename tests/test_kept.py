"""`sheet`'s output kept (scorekeeper.kept, issue 28): a sheet asked again of a game that did not change is
printed from the bytes it printed last; anything that changes the game, or how the sheet is asked and shown,
draws it again, byte for byte as a drawing from the first deal. Real processes: what is kept is a process's
output, and the hit is a process that imports neither typer nor the engines."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import folders, kept

ROOT = Path(__file__).resolve().parents[1]
MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]
FULL = Path("/dev/full")


def environment(home: Path, **more: str | None) -> dict[str, str]:
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": "en", "PYTHONPATH": str(ROOT)}
    for name, value in more.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def sk(home: Path, *args: str, importtime: bool = False, **env: str | None) -> subprocess.CompletedProcess:
    """`scorekeeper ARGS` in a process of its own, its output as bytes."""
    python = [sys.executable, *(["-X", "importtime"] if importtime else [])]
    return subprocess.run(
        [*python, "-m", "scorekeeper", *args], env=environment(home, **env), capture_output=True, timeout=60
    )


def entry(home: Path, stem: str = "marius") -> Path:
    return home / "cache" / folders.SHEETS / f"{stem}{folders.SHEET}"


def drawn(home: Path, *args: str, **env: str | None) -> bytes:
    """The sheet drawn from the first deal: no kept output to print, and none kept by it."""
    shutil.rmtree(home / "cache" / folders.SHEETS, ignore_errors=True)
    ran = sk(home, "sheet", *args, **env)
    assert ran.returncode == 0 and ran.stderr == b"", ran.stderr
    return ran.stdout


def imported(ran: subprocess.CompletedProcess) -> set[str]:
    lines = ran.stderr.decode().splitlines()
    return {line.rsplit("|", 1)[-1].strip() for line in lines if line.startswith("import time:")}


@pytest.fixture
def game(home: Path) -> Path:
    players = [arg for name in MARIUS for arg in ("-p", name)]
    assert sk(home, "new", "manille-muette", *players, "--game", "marius").returncode == 0
    for retourne, points in [("7s", "César=38"), ("8h", "Panisse=40"), ("9c", "Brun=36")]:
        assert sk(home, "coup", "-r", retourne, "--points", points).returncode == 0
    return home


def test_a_sheet_asked_again_is_its_kept_bytes_printed_without_typer_or_the_engines(game: Path) -> None:
    first = sk(game, "sheet")
    assert first.returncode == 0 and entry(game).is_file()
    assert entry(game).stat().st_mode & 0o777 == 0o600  # as the rest of the cache
    again = sk(game, "sheet", importtime=True)
    assert again.returncode == 0 and again.stdout == first.stdout
    heavy = {"typer", "click", "rich", "scorekeeper.store", "scorekeeper.games", "scorekeeper.i18n"}
    assert not imported(again) & heavy
    assert "scorekeeper.kept" in imported(again)


@pytest.mark.parametrize(
    "change",
    [
        ["coup", "-r", "7d", "--points", "Escartefigue=44"],
        ["undo"],
        ["edit", "2", "--points", "Panisse=50"],
        ["note", "2", "Panisse misdealt"],
        ["note", "played at the Bar de la Marine"],
        ["stop", "--reason", "the café closes"],
    ],
    ids=["coup", "undo", "edit", "note-on-coup", "note-on-game", "stop"],
)
def test_a_change_to_the_game_draws_its_sheet_again(game: Path, change: list[str]) -> None:
    before = sk(game, "sheet").stdout
    assert entry(game).is_file()
    assert sk(game, *change).returncode == 0
    after = sk(game, "sheet")
    assert after.returncode == 0 and after.stdout != before
    assert after.stdout == drawn(game)


def test_a_renamed_game_draws_its_sheet_under_its_new_name_and_keeps_none_under_the_old(game: Path) -> None:
    sk(game, "sheet")
    assert sk(game, "games", "rename", "marius", "olive").returncode == 0
    assert not entry(game).exists()
    renamed = sk(game, "sheet", "--game", "olive").stdout
    assert b"olive" in renamed and renamed == drawn(game, "--game", "olive")
    assert sk(game, "sheet", "--game", "marius").returncode == 2


@pytest.mark.parametrize("put", ["delete", "archive"])
def test_a_game_put_away_takes_its_kept_sheet_with_it(game: Path, put: str) -> None:
    sk(game, "sheet")
    assert entry(game).is_file()
    assert sk(game, "games", put, "marius").returncode == 0
    assert not entry(game).exists()
    assert sk(game, "games", "restore", "marius").returncode == 0  # back: drawn again, and kept again
    assert sk(game, "sheet", "--game", "marius").stdout == drawn(game, "--game", "marius")


@pytest.mark.parametrize(
    "how",
    [
        {"args": ["--json"]},
        {"args": ["--ascii"]},
        {"args": ["--explain"]},
        {"args": ["--narrow"]},
        {"args": ["--lang", "fr"]},
        {"args": ["--lang=nl"]},
        {"env": {"SCOREKEEPER_LANG": "fr"}},
        # The locale comes after the game's own language (C-2): the same sheet, drawn again all the same.
        {"env": {"SCOREKEEPER_LANG": None, "LANG": "nl_BE.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}, "same": True},
        {"env": {"COLUMNS": "40"}},
        {"env": {"COLUMNS": "80"}},
        {"env": {"TZ": "America/Los_Angeles"}},
        {"env": {"PYTHONIOENCODING": "latin-1"}},
    ],
    ids=lambda how: " ".join(how.get("args", [])) or repr(how.get("env")),
)
def test_a_sheet_asked_or_shown_another_way_is_drawn_for_it(game: Path, how: dict) -> None:
    """Every input of the output is in the key: the sheet kept for one way is never printed for another."""
    args, env = how.get("args", []), how.get("env", {})
    plain = sk(game, "sheet", "--game", "marius").stdout
    other = sk(game, "sheet", "--game", "marius", *args, **env)
    assert other.returncode == 0 and (other.stdout == plain) is how.get("same", False)
    assert other.stdout == drawn(game, "--game", "marius", *args, **env)
    again = sk(game, "sheet", "--game", "marius", *args, **env)  # and that way's is then kept in its turn
    assert again.stdout == other.stdout


@pytest.mark.parametrize(
    "forged",
    [
        b"",
        b"\n",
        b"not a key\nhello",
        b"\xff\xfe\x00",
    ],
    ids=["empty", "a-line-break", "garbage", "binary"],
)
def test_a_forged_kept_entry_is_drawn_again(game: Path, forged: bytes) -> None:
    expected = sk(game, "sheet").stdout
    entry(game).write_bytes(forged)
    ran = sk(game, "sheet")
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, expected, b"")
    assert entry(game).read_bytes() != forged  # and kept again, whole


def test_a_kept_entry_truncated_or_altered_under_its_key_is_drawn_again(game: Path) -> None:
    expected = sk(game, "sheet").stdout
    whole = entry(game).read_bytes()
    for torn in (whole[: len(whole) // 2], whole[:-1], whole.replace(b"C\xc3\xa9sar", b"Cesar", 1)):
        entry(game).write_bytes(torn)
        ran = sk(game, "sheet")
        assert (ran.returncode, ran.stdout, ran.stderr) == (0, expected, b"")


def test_a_kept_entry_under_the_right_key_is_printed_as_the_cache_is_trusted(game: Path) -> None:
    """As the JSON copy of a game: the cache is the user's own folder, and an entry whose key and body hash
    match is printed as it is (scorekeeper.kept's docstring)."""
    sk(game, "sheet")
    head = entry(game).read_bytes().partition(b"\n")[0]
    body = b"written by hand\n"
    entry(game).write_bytes(head.split()[0] + b" " + kept._digest(body).encode() + b"\n" + body)
    assert sk(game, "sheet").stdout == body


@pytest.mark.parametrize("thing", ["fifo", "folder", "link to /dev/zero"])
def test_anything_but_a_file_in_a_kept_entrys_place_is_drawn_again_never_waited_on(game: Path, thing: str) -> None:
    expected = sk(game, "sheet").stdout
    place = entry(game)
    place.unlink()
    if thing == "fifo":
        os.mkfifo(place)
    elif thing == "folder":
        place.mkdir()
    else:
        place.symlink_to("/dev/zero")
    ran = sk(game, "sheet")
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, expected, b"")


def test_a_cache_folder_that_cannot_be_written_only_costs_the_drawing(game: Path) -> None:
    (game / "cache").mkdir(exist_ok=True)
    (game / "cache" / folders.SHEETS).write_text("a file where the folder goes")
    first, second = sk(game, "sheet"), sk(game, "sheet")
    assert first.returncode == second.returncode == 0 and first.stdout == second.stdout
    assert first.stderr == second.stderr == b""


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system (a Linux device)")
def test_a_sheet_whose_output_failed_keeps_nothing_and_a_kept_one_fails_as_a_drawn_one(game: Path) -> None:
    with FULL.open("wb") as full:
        failed = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "sheet"], env=environment(game), stdout=full, stderr=subprocess.PIPE
        )
    assert failed.returncode == 3 and not entry(game).exists()
    sk(game, "sheet")
    assert entry(game).is_file()
    with FULL.open("wb") as full:
        again = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "sheet"], env=environment(game), stdout=full, stderr=subprocess.PIPE
        )
    assert (again.returncode, again.stderr) == (3, failed.stderr)


def test_a_reader_that_leaves_a_kept_sheet_is_no_failure(game: Path) -> None:
    sk(game, "sheet")
    ran = subprocess.run(
        ["bash", "-c", f'set -o pipefail; "{sys.executable}" -m scorekeeper sheet | head -c 10 >/dev/null'],
        env=environment(game),
        capture_output=True,
        timeout=60,
    )
    assert (ran.returncode, ran.stderr) == (0, b"")


@pytest.mark.parametrize(
    "args",
    [["sheet", "--detail", "2"], ["sheet", "--help"], ["sheet", "-g", "marius", "-g", "marius"], ["fiche"]],
)
def test_a_sheet_asked_another_way_than_a_kept_one_answers_keeps_none(game: Path, args: list[str]) -> None:
    ran = sk(game, *args)
    assert ran.returncode in (0, 2)
    assert not entry(game).exists()


def test_a_game_from_outside_the_package_keeps_no_sheet(game: Path) -> None:
    """SCOREKEEPER_GAMES names code the key cannot stamp."""
    assert sk(game, "sheet", SCOREKEEPER_GAMES="tests.toy").returncode == 0
    assert not entry(game).exists()


def test_the_code_stamp_sees_every_file_of_the_package_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new install, or a file edited in a checkout, draws again: every file by size and time."""
    package = tmp_path / "scorekeeper"
    (package / "games" / "manille").mkdir(parents=True)
    (package / "kept.py").write_text("")
    deep = package / "games" / "manille" / "sheet.py"
    deep.write_text("a")
    monkeypatch.setattr(kept, "__file__", str(package / "kept.py"))
    before = kept._code()
    os.utime(deep, ns=(1, 1))
    assert kept._code() != before


def at_a_terminal(home: Path, columns: int, *args: str) -> bytes:
    """What `scorekeeper ARGS` writes at a pseudo-terminal `columns` wide that shows colours."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal: pip install '.[test]'")
    env = environment(home, TERM="xterm-256color", NO_COLOR=None, COLUMNS=None, LINES=None)
    try:
        child = pexpect.spawn(
            sys.executable, ["-m", "scorekeeper", *args], env=env, dimensions=(24, columns), timeout=30
        )
    except (OSError, pexpect.ExceptionPexpect) as error:  # no pseudo-terminal on this machine
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")
    out = child.read()
    child.close()
    return bytes(out)


@pytest.mark.parametrize("columns", [80, 40])
@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_a_kept_sheet_at_a_terminal_is_the_drawn_one_in_its_width_colours_and_language(
    game: Path, columns: int, lang: str
) -> None:
    first = at_a_terminal(game, columns, "sheet", "--lang", lang)
    assert b"\x1b[1m" in first and entry(game).is_file()  # bold, as a terminal that shows it gets
    assert at_a_terminal(game, columns, "sheet", "--lang", lang) == first
    shutil.rmtree(game / "cache" / folders.SHEETS)
    assert at_a_terminal(game, columns, "sheet", "--lang", lang) == first
    other = at_a_terminal(game, 120 - columns, "sheet", "--lang", lang)  # the terminal's size is in the key
    assert other != first


@pytest.mark.parametrize(
    "args",
    [
        ["sheet", "-g", "../games/marius"],
        ["sheet", "-g", ".."],
        ["sheet", "-g", "marius.toml"],
        ["sheet", "--lang", "xx"],
        ["sheet", "--lang"],
        ["sheet", "--game"],
        ["sheet", "--game="],
        ["sheet", "-g", "nobody"],
    ],
)
def test_a_hostile_or_mistaken_command_line_is_said_as_before_and_keeps_nothing(game: Path, args: list[str]) -> None:
    first, second = sk(game, *args), sk(game, *args)
    assert first.returncode == second.returncode == 2
    assert (first.stdout, first.stderr) == (second.stdout, second.stderr)
    assert not (game / "cache" / folders.SHEETS).exists()


def test_a_current_game_file_naming_no_plain_game_is_drawn_as_before(game: Path) -> None:
    sk(game, "sheet")
    (game / "current").write_text("../games/marius\n")
    ran = sk(game, "sheet")
    assert ran.returncode == 2 and b"Traceback" not in ran.stderr


@pytest.mark.parametrize("args", [["sheet"], ["sheet", "--json"]])
def test_a_standard_output_closed_at_start_is_no_traceback(game: Path, args: list[str]) -> None:
    """`sheet >&-` and `sheet --json >&-` print nothing and exit 0, as `games >&-` does (a traceback before:
    the grid asked a closed stream whether it is a terminal, `--json` wrote to it); kept or drawn alike."""
    for _ in range(2):
        line = f'"{sys.executable}" -m scorekeeper {" ".join(args)} >&-'
        ran = subprocess.run(["bash", "-c", line], env=environment(game), capture_output=True)
        assert (ran.returncode, ran.stderr) == (0, b"")
        sk(game, *args)  # kept, for the next round


def test_a_game_written_while_its_sheet_is_drawn_keeps_nothing(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sheet drawn may be of other bytes than those hashed: kept only if the file is as it was."""
    from scorekeeper import notices

    monkeypatch.chdir(game)
    monkeypatch.setattr(sys, "stdout", open(os.devnull, "w"))  # a stream with a file, as a process has
    try:
        assert kept.answer(["sheet"]) is False and kept.waiting("marius")
        path = game / "games" / "marius.toml"
        path.write_bytes(path.read_bytes() + b"\n")
        with notices.noticing():
            kept.keep("marius", b"a sheet\n")
    finally:
        sys.stdout.close()
        kept.done()
    assert not entry(game).exists()


@pytest.mark.skipif(not Path("/usr/share/zoneinfo/Europe/Brussels").exists(), reason="no zone files (tzdata) here")
def test_a_change_to_the_zone_file_tz_names_draws_the_sheet_again(game: Path, tmp_path: Path) -> None:
    zone = tmp_path / "Zone"
    shutil.copyfile("/usr/share/zoneinfo/Europe/Brussels", zone)
    told = f":{zone}"  # a zone file by its path, as the C library reads TZ: a tzdata update rewrites it so
    first = sk(game, "sheet", importtime=True, TZ=told)
    assert first.returncode == 0 and "typer" in imported(first)
    again = sk(game, "sheet", importtime=True, TZ=told)
    assert again.stdout == first.stdout and "typer" not in imported(again)  # kept
    shutil.copyfile("/usr/share/zoneinfo/America/Los_Angeles", zone)  # the zone's rules rewritten
    redrawn = sk(game, "sheet", importtime=True, TZ=told)
    assert "typer" in imported(redrawn) and redrawn.stdout == drawn(game, TZ=told)
