"""README.fr.md and README.nl.md as a reader follows them (issue 39): every command of their `sh` blocks
runs, in order, in one fresh SCOREKEEPER_HOME, as the reader types it, and where a plain block follows
a `sh` block it is what the block's last command prints, word for word. Only two kinds of line are
read and not run: `scorekeeper serve` (a server, waiting for its phones: its pages are tested in
tests/web) and a line the guide abridges with « ... »; the install line runs its `scorekeeper` part.

After changing what a command prints: `python tests/cli/test_readme_languages.py` writes the blocks anew,
then read the diff."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDES = ("README.fr.md", "README.nl.md", "README.da.md")
FENCE = re.compile(r"^```(\w*)$")
ASSIGNMENT = re.compile(r"^[A-Z_]+=")
WIDTH = "100"  # the guides' blocks are as wide as a terminal of 100 columns shows them


class Block(NamedTuple):
    kind: str  # "sh", "" (a plain block: what a command printed), "text"...
    start: int  # the line of its opening fence, 0-based
    lines: list[str]


def blocks(text: str) -> list[Block]:
    found: list[Block] = []
    lines = text.split("\n")
    at = 0
    while at < len(lines):
        fence = FENCE.match(lines[at])
        if fence is None:
            at += 1
            continue
        end = next(index for index in range(at + 1, len(lines)) if lines[index] == "```")
        found.append(Block(fence.group(1), at, lines[at + 1 : end]))
        at = end + 1
    return found


def commands(line: str) -> list[tuple[dict[str, str], list[str]]]:
    """The scorekeeper command lines of one line of a `sh` block, each with the environment it sets
    first (`LANG=nl_BE.UTF-8 scorekeeper demo`) and its words; installs and comments left out."""
    said = []
    for part in re.split(r" && | ; ", line):
        words = shlex.split(part, comments=True)
        env = {}
        while words and ASSIGNMENT.match(words[0]):
            key, _, value = words.pop(0).partition("=")
            env[key] = value
        if words and Path(words[0]).name == "scorekeeper":
            said.append((env, words[1:]))
    return said


def run(env: dict[str, str], words: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    kept = {key: value for key, value in os.environ.items() if key not in ("LANG", "LC_ALL", "SCOREKEEPER_LANG")}
    kept |= env | {"SCOREKEEPER_HOME": str(home), "COLUMNS": WIDTH, "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "scorekeeper", *words]
    return subprocess.run(command, capture_output=True, text=True, env=kept, timeout=120, check=False, cwd=home)


def runnable(line: str) -> bool:
    return "..." not in line and not re.match(r"\s*scorekeeper serve\b", line)


def followed(guide: str, home: Path) -> list[tuple[Block, str, str]]:
    """Each plain block that shows an output, with what its command printed; every command run."""
    shown = []
    found = blocks((ROOT / guide).read_text(encoding="utf-8"))
    for block, after in zip(found, [*found[1:], None], strict=True):
        if block.kind != "sh":
            continue
        printed = ""
        for line in filter(runnable, block.lines):
            for env, words in commands(line):
                ran = run(env, words, home)
                assert ran.returncode in (0, 1), f"{guide}: {line}\n{ran.stderr}"  # 1: a renonce found
                assert "Traceback" not in ran.stderr, ran.stderr
                printed = ran.stdout
        if after is not None and after.kind == "" and after.start - block.start - len(block.lines) <= 3:
            shown.append((after, "\n".join(after.lines), printed.rstrip("\n")))
    return shown


@pytest.mark.parametrize("guide", GUIDES)
def test_the_guide_starts_with_the_install_and_its_demo(guide) -> None:
    first = blocks((ROOT / guide).read_text(encoding="utf-8"))[0]
    assert first.kind == "sh" and first.lines[0].startswith("python3 -m venv .venv && .venv/bin/pip install . && ")
    assert "demo" in first.lines[0]


@pytest.mark.parametrize("guide", GUIDES)
def test_every_command_of_the_guide_runs_and_prints_what_the_guide_shows(guide, tmp_path: Path) -> None:
    shown = followed(guide, tmp_path)
    assert shown, "a guide shows at least what its demo prints"
    for block, said, printed in shown:
        assert said == printed, f"{guide}, line {block.start + 1}"


def write() -> None:
    """Each guide's output blocks written anew from what their commands print now."""
    import tempfile

    for guide in GUIDES:
        path = ROOT / guide
        with tempfile.TemporaryDirectory() as home:
            shown = followed(guide, Path(home))
        lines = path.read_text(encoding="utf-8").split("\n")
        for block, _, printed in reversed(shown):
            lines[block.start + 1 : block.start + 1 + len(block.lines)] = printed.split("\n")
        path.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    write()
