"""A real `scorekeeper serve` process on 127.0.0.1, its printed addresses read from its first lines."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

MARIUS = ("César", "Panisse", "Escartefigue", "Brun")


def scorekeeper(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """The real command, in another process."""
    ran = subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, timeout=60)
    if check:
        assert ran.returncode == 0, ran.stderr
    return ran


@dataclass
class Served:
    process: subprocess.Popen[str]
    view: str
    entry: str | None
    lines: list[str]

    @property
    def base(self) -> str:
        parts = urlsplit(self.view)
        return f"{parts.scheme}://{parts.netloc}"

    def token(self, which: str = "view") -> str:
        return parse_qs(urlsplit(self.view if which == "view" else self.entry or "").query)["token"][0]


def serve(*args: str, files: int | None = None) -> Served:
    """`scorekeeper serve ARGS --port 0`, once its addresses are printed (the server listens before it prints);
    with `files`, under that limit of open files (soft and hard, as `ulimit -n` sets it)."""

    def limited() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=limited if files else None,
    )
    assert process.stdout is not None
    lines = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if "Ctrl-C" in line:
            break
    assert lines and lines[0].startswith("http://127.0.0.1:"), (
        lines,
        process.stderr.read() if process.poll() is not None else "",
    )
    entry = next((re.search(r"http://\S+", line).group(0) for line in lines[1:2] if "/entry?token=" in line), None)
    return Served(process, lines[0], entry, lines)


def stop(running: Served) -> None:
    """The server stopped: asked, then killed if it will not."""
    running.process.terminate()
    try:
        running.process.wait(10)
    except subprocess.TimeoutExpired:
        running.process.kill()
        running.process.wait()


@pytest.fixture
def marius_game(home: Path) -> str:
    players = [arg for name in MARIUS for arg in ("--player", name)]
    scorekeeper("new", "manille-muette", *players, "--game", "marius")
    return "marius"


@pytest.fixture
def served(marius_game: str) -> Iterator[Served]:
    running = serve("--game", marius_game, "--entry")
    yield running
    stop(running)


TEAMS = (("Ann", "Bob"), ("Cid", "Dan"), ("Eve", "Fay"), ("Gus", "Hal"), ("Ida", "Jon"))


@pytest.fixture
def printemps(home: Path) -> str:
    """A concours of five doublettes (one sits out), its first round drawn: two tables."""
    scorekeeper("concours", "new", "Printemps", "--ruleset", "manille-muette", "--rounds", "2", "--prizes", "2")
    for one, two in TEAMS:
        scorekeeper("concours", "register", "--player", one, "--player", two)
    scorekeeper("concours", "draw")
    return "Printemps"


def table_links(name: str, base: str, entry: bool) -> dict[int, list[str]]:
    """Each table's addresses as its card gives them (from the concours file, as `concours export` does)."""
    ran = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys\n"
            "from scorekeeper.service import concours\n"
            "from scorekeeper.present.paper.qr import links\n"
            "for t in concours.tables(sys.argv[1]):\n"
            "    print(t.table, *(url for _, url in links(sys.argv[2], t.round, t.table, t.secret, sys.argv[3] == '1')))\n",
            name,
            base,
            "1" if entry else "0",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return {int(line.split()[0]): line.split()[1:] for line in ran.stdout.splitlines()}


def seats(name: str, table: int) -> list[str]:
    """Table `table`'s players in their seats, from the concours file."""
    from scorekeeper.service import concours

    return next(t.seats for t in concours.tables(name) if t.table == table)


@pytest.fixture
def concours_served(printemps: str) -> Iterator[Served]:
    running = serve("--concours", printemps, "--entry")
    yield running
    stop(running)
