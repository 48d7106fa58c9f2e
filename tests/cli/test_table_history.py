"""The table's history file (issue 27): used only where safe, a plain file of the user's own in the data
folder, created 0600; where it cannot be used, the table says so once, on stderr, and goes on without
it, Ctrl-C working. At a real terminal (a pseudo-terminal driven by pexpect), as a player types."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from scorekeeper import store

pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal: pip install '.[test]'")

ROOT = Path(__file__).resolve().parents[2]
MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]
NOT_KEPT = "the lines typed here are not kept"


def sit(home: Path) -> pexpect.spawn:
    env = {
        **os.environ,
        "SCOREKEEPER_HOME": str(home),
        "SCOREKEEPER_LANG": "en",
        "PYTHONPATH": str(ROOT),
        "TERM": "xterm",
        "PROMPT_TOOLKIT_NO_CPR": "1",
    }
    args = ["-m", "scorekeeper", "table", "manille-muette", *(a for p in MARIUS for a in ("-p", p))]
    if (home / "games").exists():
        args = ["-m", "scorekeeper", "table"]
    try:
        return pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", dimensions=(40, 100), timeout=15)
    except (OSError, pexpect.ExceptionPexpect) as error:
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")


def said_all(home: Path) -> str:
    """Two coups, a Ctrl-C at the prompt between them, quit: all the table said on the way; both stored."""
    table = sit(home)
    out = []
    # What is typed, then the prompt it leads to: a line dropped by Ctrl-C leaves the table at coup 2.
    for typed, prompt in [
        ("", "coup 1>"),
        ("10h cesar 40\r", "coup 2>"),
        ("7s pan\x03", "coup 2>"),
        ("7s panisse 48\r", "coup 3>"),
    ]:
        table.send(typed)
        table.expect_exact(prompt)
        out.append(table.before)
    table.send("quit\r")
    table.expect(pexpect.EOF)
    out.append(table.before)
    table.close()
    assert table.exitstatus == 0
    assert [coup["retourne"] for coup in store.read("manille-muette-1").coups] == ["10H", "7S"]
    return "".join(out)


def test_the_history_is_created_0600(home: Path) -> None:
    said = said_all(home)
    assert NOT_KEPT not in said
    kept = home / "table_history"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert "+10h cesar 40" in kept.read_text(encoding="utf-8")


def test_an_older_history_readable_by_others_is_narrowed_to_0600(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "table_history").write_text("\n# 2026-01-01\n+annule\n", encoding="utf-8")
    (home / "table_history").chmod(0o644)
    said_all(home)
    assert stat.S_IMODE((home / "table_history").stat().st_mode) == 0o600


def test_a_history_that_is_a_link_is_not_written_through(home: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.write_text("mine\n", encoding="utf-8")
    home.mkdir(parents=True)
    (home / "table_history").symlink_to(outside)
    said = said_all(home)
    assert said.count(NOT_KEPT) == 1 and "is not a plain file of your own" in said
    assert outside.read_text(encoding="utf-8") == "mine\n"


def test_a_history_hard_linked_to_a_file_elsewhere_is_not_written(home: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.write_text("mine\n", encoding="utf-8")
    home.mkdir(parents=True)
    os.link(outside, home / "table_history")
    said = said_all(home)
    assert said.count(NOT_KEPT) == 1
    assert outside.read_text(encoding="utf-8") == "mine\n"


def test_a_history_that_is_a_fifo_hangs_nothing_and_ctrl_c_works(home: Path) -> None:
    home.mkdir(parents=True)
    os.mkfifo(home / "table_history")
    said = said_all(home)
    assert said.count(NOT_KEPT) == 1 and "Traceback" not in said


def test_a_history_that_is_a_folder_is_said_once_never_a_traceback(home: Path) -> None:
    (home / "table_history").mkdir(parents=True)
    said = said_all(home)
    assert said.count(NOT_KEPT) == 1 and "Traceback" not in said


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a read-only folder: run as a user to test it")
def test_a_read_only_data_folder_is_said_once_never_a_traceback(home: Path) -> None:
    table = sit(home)
    table.expect_exact("coup 1>")
    table.send("quit\r")
    table.expect(pexpect.EOF)
    table.close()
    (home / "table_history").unlink(missing_ok=True)
    home.chmod(0o555)
    try:
        table = sit(home)
        table.expect_exact("coup 1>")
        table.send("annule\r")  # a line the history cannot keep: the game itself is in games/, writable
        table.expect_exact(NOT_KEPT)
        table.send("quit\r")
        table.expect(pexpect.EOF)
        assert "Traceback" not in str(table.before)
    finally:
        home.chmod(0o755)
