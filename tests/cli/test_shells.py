"""No name reaches a shell as code (issue 27): in real bash, zsh and fish, at a terminal, a Tab completes a
hostile game name as one word that the shell reads back as the exact name, and runs nothing.

Each shell runs in a pty with only our completion script loaded. `scorekeeper` on the line the test
types is a shell function that writes the words it was given, so Enter shows what the shell made of the
completed line; the completion itself still asks the real program (the scripts call it through `env`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

BIN = Path(sys.executable).parent
SCOREKEEPER = str(BIN / "scorekeeper")

# How each shell is started bare, loads our script, and defines the recording `scorekeeper`.
SHELLS = {
    "bash": (
        ["bash", "--norc", "--noprofile", "-i"],
        [
            "source <(command scorekeeper --show-completion bash)",
            'scorekeeper() { printf \'%s\\0\' "$@" > "$RECORD"; }',
        ],
    ),
    "zsh": (
        ["zsh", "-f", "-i"],
        [
            "autoload -Uz compinit && compinit -u -D",
            "source <(command scorekeeper --show-completion zsh)",
            'scorekeeper() { printf \'%s\\0\' "$@" > "$RECORD"; }',
        ],
    ),
    "fish": (
        ["fish", "--no-config", "-i"],
        [
            "command scorekeeper --show-completion fish | source",
            "function scorekeeper; printf '%s\\0' $argv > $RECORD; end",
        ],
    ),
}


# Names a sent game file may hold, each with a distinct start to type, every one a trap if run: the
# shells run in the test's folder, where each would leave its marker file.
HOSTILE = {
    "x": "x\\\") ; touch P ; ws=(\\'",
    "caf": "Café du Port",
    "q": "q $(touch Q) `touch R` ; touch S",
    "w": "w'*'\"#!~ && a|b > c < d \\ $HOME",
}


def _environment(tmp_path: Path, record: Path) -> dict[str, str]:
    return {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
        "HOME": str(tmp_path),
        "ZDOTDIR": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "RECORD": str(record),
        "TERM": "xterm",
        "PS1": "$ ",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
    }


def _shell_or_skip(shell: str) -> None:
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed (.ci/run installs it with apt-get): its completion is untested here")


def _completed(shell: str, typed: str, tmp_path: Path, then: str = "") -> list[str]:
    """The words `scorekeeper` was run with after `typed`, a Tab, `then` and Enter, in a real `shell` at a pty."""
    record = tmp_path / f"record-{shell}"
    record.unlink(missing_ok=True)
    command, setup = SHELLS[shell]
    child = pexpect.spawn(
        command[0], command[1:], env=_environment(tmp_path, record), cwd=str(tmp_path), encoding="utf-8", timeout=20
    )
    try:
        for line in setup:
            child.sendline(line)
        time.sleep(1.0)
        child.send(typed + "\t")
        time.sleep(2.0)  # the completion runs the program: let it answer before the line is entered
        child.send(then + "\r")
        deadline = time.monotonic() + 15
        while not record.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.2)
        child.sendline("exit")
    finally:
        child.close(force=True)
    assert record.exists(), f"{shell} never ran the line"
    return record.read_bytes().decode().split("\0")[:-1]


@pytest.fixture
def games(run) -> dict[str, str]:
    for name in HOSTILE.values():
        players = [arg for player in ("A", "B", "C", "D") for arg in ("-p", player)]
        assert run("new", "manille-muette", *players, "-g", name).code == 0
    return HOSTILE


@pytest.mark.parametrize("shell", list(SHELLS))
@pytest.mark.parametrize("start", ["x", "caf", "q", "w"])
def test_a_hostile_name_completes_as_one_word_and_runs_nothing(shell: str, start: str, games, tmp_path: Path) -> None:
    _shell_or_skip(shell)
    words = _completed(shell, f"scorekeeper use {start}", tmp_path)
    assert words == ["use", games[start]]
    assert not any((tmp_path / marker).exists() for marker in "PQRS")


def _bash_complete(**environ: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in ("COMP_WORDS", "COMP_CWORD")}
    env |= {"PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "_SCOREKEEPER_COMPLETE": "complete_bash", **environ}
    return subprocess.run([SCOREKEEPER], env=env, capture_output=True, text=True)


@pytest.mark.parametrize(
    "environ",
    [
        {"COMP_WORDS": "scorekeeper us"},
        {"COMP_WORDS": "scorekeeper us", "COMP_CWORD": "x"},
        {"COMP_WORDS": "scorekeeper us", "COMP_CWORD": ""},
        {"COMP_WORDS": "scorekeeper us", "COMP_CWORD": "-3"},
        {"COMP_CWORD": "1"},
    ],
)
def test_a_broken_completion_request_prints_nothing(environ: dict[str, str]) -> None:
    """COMP_CWORD missing or not a number, COMP_WORDS missing: the completion says nothing, no traceback."""
    ran = _bash_complete(**environ)
    assert (ran.returncode, ran.stdout.strip(), ran.stderr) == (0, "", "")


def test_a_half_quoted_word_still_completes() -> None:
    assert _bash_complete(COMP_WORDS="scorekeeper 'us", COMP_CWORD="1").stdout == "use\n"


def test_install_completion_in_a_home_that_cannot_be_written_is_one_line_exit_2(tmp_path: Path) -> None:
    home = tmp_path / "file"  # a file where the home folder should be: refused even to root
    home.write_text("")
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "HOME": str(home)}
    for shell in ("bash", "zsh", "fish"):
        ran = subprocess.run([SCOREKEEPER, "--install-completion", shell], env=env, capture_output=True, text=True)
        assert ran.returncode == 2 and ran.stdout == ""
        assert ran.stderr.startswith(f"scorekeeper: the {shell} completion could not be installed: {home}")
        assert len(ran.stderr.splitlines()) == 1


def test_installed_script_is_the_one_shown(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "HOME": str(tmp_path)}
    subprocess.run([SCOREKEEPER, "--install-completion", "zsh"], env=env, check=True, capture_output=True)
    shown = subprocess.run([SCOREKEEPER, "--show-completion", "zsh"], env=env, capture_output=True, text=True).stdout
    assert (tmp_path / ".zfunc" / "_scorekeeper").read_text().strip() == shown.strip()


@pytest.mark.parametrize("shell", list(SHELLS))
@pytest.mark.parametrize(("typed", "start"), [("'x", "x"), ('"x', "x"), ("'ca", "caf")])
def test_a_name_completes_inside_a_quote_the_user_opened(
    shell: str, typed: str, start: str, games, tmp_path: Path
) -> None:
    """Inside a quote the user opened, the value is quoted for inside it, and the quote closed."""
    _shell_or_skip(shell)
    assert _completed(shell, f"scorekeeper use {typed}", tmp_path) == ["use", games[start]]
    assert not any((tmp_path / marker).exists() for marker in "PQRS")


@pytest.mark.parametrize("shell", list(SHELLS))
def test_a_trash_id_completes_as_one_word_and_runs_nothing(shell: str, run, tmp_path: Path) -> None:
    """`games restore` completes the ids of games of one name put away twice (`NAME~2`, issue 27), quoted
    as every name is: the Tab writes what the name and its ids share (the name, quoted), the id's end is typed."""
    _shell_or_skip(shell)
    players = [arg for player in ("A", "B", "C", "D") for arg in ("-p", player)]
    for name in ("q $(touch Q) ; touch S", "q $(touch Q) ; touch S", "other"):
        assert run("new", "manille-muette", *players, "-g", name).code == 0
        assert run("games", "delete", name).code == 0
    words = _completed(shell, "scorekeeper games restore q", tmp_path, then="~1")
    assert words == ["games", "restore", "q $(touch Q) ; touch S~1"]
    assert not any((tmp_path / marker).exists() for marker in "PQRS")
