"""Two writers (issue 6): two processes adding coups to one game at the same moment.

Both coups are kept, or the second waits for the first, or it is refused with "game busy" (exit 2,
one line): never a lost update. At the end the game holds exactly the coups whose command exited 0.
"""

from __future__ import annotations

import subprocess
import time

import pytest

from scorekeeper import service, store
from tests.store.cli_writers import MARIUS, declared, environment, writer

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
    coups = service.said(store.read("duel").coups)[300:]
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
    assert service.said(store.read("duel").coups) == [declared(0)]


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


def at_once(env: dict[str, str], rounds: list[list[tuple[str, int]]]) -> dict[str, list[int]]:
    """Each round's writers (game, coup number) started together, waited for; the coups each game was
    told were stored. A writer is stored (exit 0) or told the game is busy (exit 2): nothing else."""
    stored: dict[str, list[int]] = {}
    for writers in rounds:
        started = [(name, number, writer(name, number, env, subprocess.PIPE)) for name, number in writers]
        for name, number, proc in started:
            _, err = proc.communicate(timeout=60)
            assert proc.returncode in (0, 2) and (proc.returncode == 0 or "busy" in err), err
            stored.setdefault(name, []).extend([number] if proc.returncode == 0 else [])
    return stored


def kept_exactly(name: str, numbers: list[int]) -> bool:
    return sorted(service.said(store.read(name).coups), key=repr) == sorted((declared(n) for n in numbers), key=repr)


@pytest.mark.slow
def test_two_writers_many_rounds_long_run(run, home):
    assert run(*NEW, "--game", "duel").code == 0
    stored = at_once(environment(home), [[("duel", n), ("duel", n + 1)] for n in range(0, 600, 2)])
    assert kept_exactly("duel", stored["duel"])


@pytest.mark.slow
def test_six_writers_eighty_coups_each_all_stored_long_run(run, home):
    """Issue 12's attack, run long: 6 writers x 80 coups into one game, every coup reported is stored."""
    assert run(*NEW, "--game", "six").code == 0
    stored = at_once(environment(home), [[("six", n) for n in range(s, s + 6)] for s in range(0, 480, 6)])
    assert len(stored["six"]) >= 400 and kept_exactly("six", stored["six"])


@pytest.mark.slow
def test_games_whose_names_start_alike_written_at_once_never_sweep_each_others_temp_files(run, home):
    """Issue 12 item 2, run long: `a` and `a.toml.x` written at once, 400 writes, every one stored."""
    for name in ("a", "a.toml.x"):
        assert run(*NEW, "--game", name).code == 0
    stored = at_once(environment(home), [[("a", n), ("a.toml.x", n)] for n in range(200)])
    assert stored == {"a": list(range(200)), "a.toml.x": list(range(200))}
    assert kept_exactly("a", stored["a"]) and kept_exactly("a.toml.x", stored["a.toml.x"])
