"""What a command's output may meet (issue 27): a full disk, a reader that leaves, a terminal without
styles, a width of 0. Real processes: a pipe and /dev/full are what the point is about."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import Exit

ROOT = Path(__file__).resolve().parents[2]
MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]
FULL = Path("/dev/full")
needs_full = pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system (a Linux device)")


def environment(home: Path, **more: str) -> dict[str, str]:
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": "en", "PYTHONPATH": str(ROOT)}
    return env | more


def scorekeeper(
    home: Path, *args: str, stdout: int | object = subprocess.PIPE, **env: str
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        env=environment(home, **env),
        stdout=stdout,  # type: ignore[arg-type]
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
    )


@pytest.fixture
def game(home: Path) -> Path:
    players = [arg for name in MARIUS for arg in ("-p", name)]
    assert scorekeeper(home, "new", "manille-muette", *players, "--game", "marius").returncode == 0
    for retourne, points in [("7s", "César=38"), ("8h", "Panisse=40"), ("9c", "Brun=36")]:
        assert scorekeeper(home, "coup", "-r", retourne, "--points", points).returncode == 0
    return home


@needs_full
@pytest.mark.parametrize(
    "command", [["sheet"], ["sheet", "--explain"], ["games"], ["export", "-f", "csv"], ["rules", "list"]]
)
def test_an_output_that_fails_is_one_line_and_exit_3(game: Path, command: list[str]) -> None:
    with FULL.open("w") as full:
        ran = scorekeeper(game, *command, stdout=full)
    assert ran.returncode == Exit.OUTPUT == 3
    assert ran.stderr.splitlines() == [
        "scorekeeper: the output failed (No space left on device): what was printed is incomplete"
    ]


@needs_full
def test_a_coup_stored_with_its_output_failing_is_said_stored_exit_0(game: Path) -> None:
    with FULL.open("w") as full:
        ran = scorekeeper(game, "coup", "-r", "7d", "--points", "Escartefigue=44", stdout=full)
    assert ran.returncode == 0
    assert "stored" in ran.stderr and "Traceback" not in ran.stderr
    assert len(scorekeeper(game, "sheet", "--json").stdout.split('"number"')) - 1 >= 4


def test_a_reader_that_leaves_is_no_failure_exit_0_quietly(game: Path) -> None:
    """`rules explain | head -c 10`: the reader took what it wanted; the command exits 0 and says nothing
    (a script under `set -o pipefail` must not fail for it), where it exited 1."""
    for command in ("rules explain", "rules show manille-muette", "sheet --explain"):
        ran = subprocess.run(
            ["bash", "-c", f'set -o pipefail; "{sys.executable}" -m scorekeeper {command} | head -c 10 >/dev/null'],
            env=environment(game),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert (ran.returncode, ran.stderr) == (0, ""), command


@pytest.mark.parametrize("command", [["games"], ["stats"], ["rules", "show", "manille-muette"], ["sheet"]])
def test_a_width_of_0_draws_at_the_terminals_width_not_nothing(marius, run, monkeypatch, command: list[str]) -> None:
    assert run("coup", "-r", "7s", "--points", "César=38").code == 0
    monkeypatch.setenv("COLUMNS", "0")
    ran = run(*command)
    assert ran.code == 0
    assert "manille" in ran.out.lower() or "César" in ran.out


def at_a_terminal(home: Path, term: str, *args: str) -> str:
    """What `scorekeeper ARGS` writes at a pseudo-terminal whose TERM is `term`."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal: pip install '.[test]'")
    env = environment(home, TERM=term)
    env.pop("NO_COLOR", None)
    try:
        child = pexpect.spawn(sys.executable, ["-m", "scorekeeper", *args], env=env, encoding="utf-8", timeout=30)
    except (OSError, pexpect.ExceptionPexpect) as error:  # no pseudo-terminal on this machine
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")
    out = child.read()
    child.close()
    return str(out)


@pytest.mark.parametrize("command", [["sheet"], ["games"]])
def test_a_dumb_terminal_gets_no_bold(game: Path, command: list[str]) -> None:
    assert "\x1b[" in at_a_terminal(game, "xterm", *command)  # the bold headers of a terminal that shows them
    assert "\x1b[" not in at_a_terminal(game, "dumb", *command)
