"""Stderr that cannot be written (closed, `2>&-`, or a file open only for reading, as pyenv's shim leaves
it) never turns a command into a traceback: its exit code says what happened (issue 27). And a refusal
raised after a game is stored says it is stored, never "nothing written"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import Exit, UserError

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("-p", "A", "-p", "B", "-p", "C", "-p", "D")


def _stderr_closed() -> None:
    os.close(2)


def unwritable(tmp_path: Path, *args: str, closed: bool) -> subprocess.CompletedProcess[bytes]:
    """`scorekeeper ARGS` with stderr closed (`2>&-`), or open for reading only: every write to it fails."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "scorekeeper", *args]
    if closed:
        return subprocess.run(command, stdout=subprocess.PIPE, env=env, preexec_fn=_stderr_closed, timeout=60)
    readable = tmp_path / "readable"
    readable.write_text("a file stderr cannot write to\n")
    with readable.open("rb") as stderr:
        ran = subprocess.run(command, stdout=subprocess.PIPE, stderr=stderr, env=env, timeout=60)
    assert readable.read_text() == "a file stderr cannot write to\n"
    return ran


@pytest.mark.parametrize("closed", [True, False], ids=["closed", "read-only"])
def test_a_mistake_with_stderr_unwritable_is_exit_2_and_no_traceback(tmp_path: Path, closed: bool) -> None:
    for args in (("sheet", "--game", "nope"), ("--lang", "xx", "sheet"), ("coup", "--bogus")):
        ran = unwritable(tmp_path, *args, closed=closed)
        assert ran.returncode == Exit.MISTAKE, args
        assert ran.stdout == b"", args


def test_a_json_mistake_with_stdout_full_is_still_its_line_and_exit_2() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "scorekeeper", "sheet", "--json", "--game", "nope"]
    with open("/dev/full", "wb") as full:
        ran = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, env=env, timeout=60)
    assert (ran.returncode, ran.stderr.decode()) == (
        Exit.MISTAKE,
        "scorekeeper: no game named 'nope': `scorekeeper games` lists them\n",
    )


@pytest.mark.parametrize("closed", [True, False], ids=["closed", "read-only"])
def test_a_game_stored_with_its_warning_unsaid_exits_0(tmp_path: Path, home: Path, closed: bool) -> None:
    home.mkdir(parents=True)
    (home / "current").mkdir()  # the current-game mark cannot be written: a warning, on stderr
    ran = unwritable(tmp_path, "new", "manille-muette", *PLAYERS, "--game", "w", closed=closed)
    assert ran.returncode == Exit.DONE
    assert b"new game w" in ran.stdout
    ran = unwritable(tmp_path, "coup", "--game", "w", "-r", "10h", "--points", "A=40", closed=closed)
    assert ran.returncode == Exit.DONE
    assert (home / "games" / "w.toml").read_text().count("retourne = ") == 1


def test_a_refusal_after_the_game_is_stored_says_it_is_stored(run, monkeypatch: pytest.MonkeyPatch) -> None:
    assert run("new", "manille-muette", *PLAYERS, "--game", "s").code == 0

    def refuse(*args: object, **kwargs: object) -> None:
        raise UserError("game_stopped", name="s")

    monkeypatch.setattr("scorekeeper.cli.coup.print_coup", refuse)
    ran = run("coup", "-r", "10h", "--points", "A=40")
    assert ran.code == Exit.DONE
    assert ran.err.startswith("scorekeeper: game s stored; only what came after failed (")
    assert "do not say it again" in ran.err
    assert '"number": 1' in run("sheet", "--json", "--game", "s").out


def _stdout_closed() -> None:
    os.close(1)


@pytest.mark.parametrize(
    ("before", "args", "retournes"),
    [
        ((), ("coup", "10h", "César", "40"), ["10H"]),
        ((("coup", "7s", "Panisse", "48"),), ("undo",), []),
        ((("coup", "7s", "Panisse", "48"), ("undo",)), ("redo",), ["7S"]),
        ((), ("note", "a note"), []),
        ((), ("sheet",), []),
        ((), ("games",), []),
        ((), ("table",), []),
    ],
)
def test_with_standard_output_closed_every_command_stores_and_exits_quietly(home, before, args, retournes):
    """issue 43: `>&-` at the start: every command behaves as `sheet` does, exit 0, nothing on stderr (never
    « 'NoneType' object has no attribute 'isatty' »), and what it stores is stored."""
    import json

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "scorekeeper"]
    players = [arg for name in ("César", "Panisse", "Escartefigue", "Brun") for arg in ("-p", name)]
    for said in (("new", "manille-muette", *players), *before):
        subprocess.run([*command, *said], check=True, capture_output=True, env=env)
    ran = subprocess.run(
        [*command, *args],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=env,
        preexec_fn=_stdout_closed,
        timeout=60,
    )
    assert (ran.returncode, ran.stderr.decode()) == (0, "")
    sheet = json.loads(subprocess.run([*command, "sheet", "--json"], capture_output=True, env=env, check=True).stdout)
    assert [coup["declared"]["retourne"] for coup in sheet["coups"]] == retournes
