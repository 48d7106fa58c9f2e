"""Issue 28: `export` escapes its page once, and searches for control characters only a page that has a
character that is not printable; the page a user gets is the same, to a file or to stdout."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli.terminal import printable

# Every control character `printable` escapes, the bidirectional ones, the non-breaking spaces and tabs,
# beside printable ones and a hostile title's escape sequences.
ODD = [chr(code) for code in (*range(0x00, 0xA1), 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))]
ODD += ["\u00a0", "\u202f", "\u2028", "\u2029", "\ufeff", "\u200d", "♥", "é"]
ODD += ["\x1b[1m", "\x1b[0m", "\x1b]52;c;aGk=\x07"]


@pytest.mark.parametrize("odd", ODD)
def test_a_page_is_escaped_as_printable_escapes_it(odd: str) -> None:
    from scorekeeper.cli.export import escaped

    page = f"<p>C{odd}sar</p>\n<li>13\u00a0: x\u202f»</li>\n"
    assert escaped(page) == printable(page)


def test_every_character_that_printable_escapes_is_seen_by_the_quick_look() -> None:
    """The quick look lets through only printable characters, line feeds and the non-breaking spaces:
    none of them is one that `printable` escapes, in the whole of Unicode."""
    passed = "".join(char for char in map(chr, range(0x110000)) if char in "\n\u00a0\u202f" or char.isprintable())
    assert printable(passed) == passed


COUNTED = """
import sys
from scorekeeper.cli import terminal
real, seen = terminal.printable, []
def counted(text, *args, **kwargs):
    if len(text) > 2000:
        seen.append(len(text))
    return real(text, *args, **kwargs)
terminal.printable = counted
from scorekeeper.cli import main
try:
    main()
finally:
    print(len(seen), file=sys.stderr)
"""


def _export(home: Path, *args: str) -> tuple[bytes, int]:
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": "en", "NO_COLOR": "1"}
    ran = subprocess.run(
        [sys.executable, "-c", COUNTED, "export", "--format", "html", "--game", "marius", *args],
        env=env,
        capture_output=True,
        check=True,
    )
    return ran.stdout, int(ran.stderr.decode().split()[-1])


def test_the_page_is_searched_for_control_characters_once_at_most_and_written_as_before(marius, home: Path) -> None:
    """Before: once by `export`, then again by the stream every command writes through (`Escaping`)."""
    for _ in range(3):
        assert marius("coup", "--game", "marius", "-r", "10h", "--points", "César=40").code == 0
    page, searched = _export(home)
    assert searched == 0 and page.startswith(b"<!DOCTYPE html>")
    page, searched = _export(home, "--title", "Soir\x1b[1mée\x1b]52;c;aGk=\x07")
    assert searched == 1
    assert b"\x1b" not in page and b"\x07" not in page
    assert b"<h1>Soir\\x1b[1m\xc3\xa9e\\x1b]52;c;aGk=\\x07</h1>" in page


def test_an_export_to_a_closed_stdout_writes_nothing_and_says_no_traceback(marius, home: Path) -> None:
    """`>&-`: Python starts with no stdout; `print` writes nothing there, and so does the export."""
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": "en", "NO_COLOR": "1"}
    command = [sys.executable, "-m", "scorekeeper", "export", "--format", "html", "--game", "marius"]
    ran = subprocess.run(command, env=env, stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1), check=False)
    assert (ran.returncode, ran.stderr) == (0, b"")
