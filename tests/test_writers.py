"""Two writers (issue 6): two processes adding coups to one game at the same moment.

Both coups are kept, or the second waits for the first, or it is refused with "game busy" (exit 2,
one line): never a lost update. At the end the game holds exactly the coups whose command exited 0.
"""

from __future__ import annotations

import subprocess
import time

import pytest
from cli_writers import MARIUS, declared, environment, writer

from scorekeeper import service, store

ROUNDS = 30
NEW = ["new", "manille-muette", "-o", "partie=seche", "-o", "manche=100000", *(a for p in MARIUS for a in ("-p", p))]


def fill(name: str, count: int) -> None:
    """`count` coups written at once, so that each writer's read-replay-write under the lock takes a while."""
    with store.changing(name) as the_game:
        the_game.coups.extend(declared(number) for number in range(10_000, 10_000 + count))
    assert len(service.fiche(store.read(name)).coups) == count


def test_two_writers_at_the_same_moment_never_lose_an_update(run, home):
    assert run(*NEW, "--game", "duel").code == 0
    fill("duel", 300)
    env = environment(home)
    written, busy, number = [], 0, 0
    for _ in range(ROUNDS):
        pair = [
            (number, writer("duel", number, env, subprocess.PIPE)),
            (number + 1, writer("duel", number + 1, env, subprocess.PIPE)),
        ]
        number += 2
        for sent, proc in pair:
            _, err = proc.communicate(timeout=60)
            assert proc.returncode in (0, 2), f"coup {sent}: exit {proc.returncode}: {err}"
            if proc.returncode == 0:
                written.append(sent)
            else:
                assert len(err.splitlines()) == 1 and "busy" in err, err
                busy += 1
    coups = store.read("duel").coups[300:]
    assert len(coups) == len(written), f"{len(written)} commands exited 0, the game holds {len(coups)} coups"
    assert sorted(coups, key=repr) == sorted((declared(n) for n in written), key=repr)
    assert len(written) + busy == 2 * ROUNDS


def test_the_second_writer_waits_for_the_first_then_writes(run, home):
    assert run(*NEW, "--game", "duel").code == 0
    with store.locked("duel"):  # the first writer, between its read and its write
        second = writer("duel", 0, environment(home), subprocess.PIPE)
        time.sleep(1.5)  # long enough for the second to start and reach the lock
        assert second.poll() is None, "the second writer did not wait for the lock"
        assert store.read("duel").coups == []
    _, err = second.communicate(timeout=60)
    assert second.returncode == 0, err
    assert store.read("duel").coups == [declared(0)]


def test_a_writer_that_waits_too_long_is_told_the_game_is_busy(run, home, monkeypatch):
    assert run(*NEW, "--game", "duel").code == 0
    path = home / "games" / "duel.toml"
    before = path.read_bytes()
    monkeypatch.setattr(store.files, "LOCK_WAIT", 0.2)
    with store.locked("duel"):
        ran = run("coup", "--game", "duel", "-r", "7s", "--points", "César=40")
    assert ran.code == 2
    assert ran.err == "scorekeeper: game duel is busy: another scorekeeper is writing it; try again\n"
    assert path.read_bytes() == before


@pytest.mark.slow
def test_two_writers_many_rounds_long_run(run, home):
    assert run(*NEW, "--game", "duel").code == 0
    env = environment(home)
    written = []
    for number in range(0, 600, 2):
        pair = [
            (number, writer("duel", number, env, subprocess.PIPE)),
            (number + 1, writer("duel", number + 1, env, subprocess.PIPE)),
        ]
        for sent, proc in pair:
            _, err = proc.communicate(timeout=60)
            assert proc.returncode in (0, 2) and (proc.returncode == 0 or "busy" in err), err
            written += [sent] if proc.returncode == 0 else []
    coups = store.read("duel").coups
    assert sorted(coups, key=repr) == sorted((declared(n) for n in written), key=repr)
