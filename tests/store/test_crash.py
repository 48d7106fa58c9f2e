"""Nothing lost on a crash (issue 6): writers killed with SIGKILL at random moments.

Real `scorekeeper coup` processes write coups into a few games, several at a time, and each is
killed at a random moment of its run (its run time is measured first). Afterwards every game file
parses, holds every coup whose command had exited 0 before the kill, in order, and nothing else but
coups of the killed commands (a kill after the rename and before the exit keeps the coup).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time

import pytest

from scorekeeper import service, store
from tests.store.cli_writers import CARDS, MARIUS, environment, writer

KILLS = 200  # the figure
WRITERS = 4  # games written at the same time, one writer each

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")


def test_sigkill_at_random_moments_loses_no_coup_that_was_reported(run, home):
    """At least 200 writers killed mid-run: every file parses and holds every coup reported written."""
    kill_writers(run, home, KILLS)


@pytest.mark.slow
def test_sigkill_a_thousand_times_loses_no_coup_that_was_reported(run, home):
    """The attack of issue 12, run long: 1,000 kills, 0 acknowledged coups lost."""
    kill_writers(run, home, 1000)


def kill_writers(run, home, kills_wanted: int) -> None:
    """Writers started together, each killed at a random moment, until `kills_wanted` were killed."""
    names = [f"cafe-{n}" for n in range(WRITERS)]
    for name in names:
        # A partie that never ends: one manche of 100,000 points.
        args = ["new", "manille-muette", "--game", name, "-o", "partie=seche", "-o", "manche=100000"]
        assert run(*args, *(a for p in MARIUS for a in ("-p", p))).code == 0
    env = environment(home)
    seed = int.from_bytes(os.urandom(4), "big")
    rng = random.Random(seed)
    told = f"random seed {seed}"
    sent = {name: 0 for name in names}  # coups sent to each game so far
    kept = {name: [] for name in names}  # (number, reported) of every writer, in the order they ran

    def round_of(delays: list[float | None]) -> tuple[list[float], int]:
        """One writer per game, all started together; each killed after its delay (None: let it finish)."""
        started = time.monotonic()
        procs = []
        for name in names:
            procs.append((name, sent[name], writer(name, sent[name], env)))
            sent[name] += 1
        killed, times = 0, []
        by_delay = sorted(zip(procs, delays, strict=True), key=lambda pair: 1e9 if pair[1] is None else pair[1])
        for (name, number, proc), delay in by_delay:
            if delay is None:
                proc.wait(timeout=60)
                times.append(time.monotonic() - started)
            else:
                try:
                    proc.wait(timeout=max(0.0, started + delay - time.monotonic()))
                except subprocess.TimeoutExpired:
                    proc.send_signal(signal.SIGKILL)
                    proc.wait(timeout=60)
                    killed += proc.returncode == -signal.SIGKILL
            assert proc.returncode in (0, -signal.SIGKILL), f"coup {number} in {name}: exit {proc.returncode} ({told})"
            kept[name].append((number, proc.returncode == 0))
        return times, killed

    # The run time of a writer at this load, measured: the kills fall anywhere in it, and a little after.
    times = [t for _ in range(2) for t in round_of([None] * WRITERS)[0]]
    longest = sorted(times)[len(times) // 2] * 1.15
    kills, rounds = 0, 0
    while kills < kills_wanted:
        rounds += 1
        assert rounds < kills_wanted * 3, f"only {kills} kills in {rounds} rounds ({told})"
        # Anywhere in the run, and more often in its second half, where the coup is replayed and written.
        killed = round_of([rng.uniform(rng.choice([0.0, 0.5, 0.5]) * longest, longest) for _ in names])[1]
        kills += killed
        # The load changes (other tests, a cold cache at first): keep about half the writers killed.
        longest *= 0.9 if killed < WRITERS // 2 else 1.05 if killed == WRITERS else 1.0

    reported = survived = 0
    for name in names:
        coups = store.read(name).coups  # parses, or UserError: the file was damaged
        service.fiche(store.read(name))  # and replays
        numbers = [_number_of(coup, told) for coup in coups]
        said = [number for number, ok in kept[name] if ok]
        reported += len(said)
        assert [n for n in numbers if n in set(said)] == said, f"{name}: a coup reported written is lost ({told})"
        unreported = {number for number, ok in kept[name] if not ok}
        assert set(numbers) - set(said) <= unreported, f"{name}: a coup nobody sent ({told})"
        assert numbers == sorted(numbers), f"{name}: coups out of order ({told})"
        survived += len(set(numbers) - set(said))
    assert reported >= WRITERS * 2  # the measured rounds at least
    leftovers = [path for path in (home / "games").iterdir() if path.suffix == ".tmp"]
    print(
        f"\n{kills} writers killed in {rounds} rounds ({told}); {reported} coups reported and kept; "
        f"{survived} coups of killed writers kept (killed after the rename); "
        f"{len(leftovers)} temp files left by writers killed mid-write"
    )


def _number_of(coup: dict[str, object], told: str) -> int:
    """Which writer wrote this coup: the inverse of `declared`."""
    card = str(coup["retourne"])
    points = coup["points"]["César"]  # type: ignore[index]
    assert card in CARDS and isinstance(points, int), f"unexpected coup {coup} ({told})"
    return points * 32 + CARDS.index(card)
