"""A concours's day, simulated and measured (issue 32). Run: `python bench/concours.py` (`--quick`: fewer
teams and rounds, to see it run; `--keep DIR`: the village's data folder kept in DIR, a new folder).

1. Doublettes: 104 teams over 6 rounds, 312 parties of 15 coups each (manille muette, `--coups 15`), every
   coup entered through the service as `scorekeeper coup` enters it (`service.add`, the table's game made
   at its first coup as a command makes it), every round drawn through `service.concours.draw`. Printed:
   each draw's time (goal: <= 1 s); each round's tables' games made, the median time of one (goal: flat, the
   sixth round's as the first's); `scorekeeper concours standing` and `status` after the last round, the CPU
   of a whole process against the import floor (`python -c "import typer, rich.console, rich.table, tomllib"`)
   and a cold start (`scorekeeper --help`), interleaved in the same rounds (goal: <= 2x a cold start); the
   whole data folder's size (goal: < 20 MB).
2. Individuel: 260 players over 5 rounds, results entered from the paper (`service.concours.result`): each
   draw's time (goal: <= 5 s) and whether any player partnered the same player twice (goal: never).

Times on a shared machine are noisy: the process timings are medians of interleaved runs, in CPU seconds; for
a figure to quote, time `scorekeeper concours standing` against the floor in pairs, over several runs, as well.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

FLOOR = [sys.executable, "-c", "import typer, rich.console, rich.table, tomllib"]
CARDS = [f"{rank}{suit}" for rank in ("7", "8", "9", "10", "J", "Q", "K", "A") for suit in "HDCS"]


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def timed_draw(name: str, number: int, goal: float) -> Any:
    """Round `number` drawn through the service, as `concours draw` draws it; its time printed."""
    from scorekeeper.service import concours

    begun = time.perf_counter()
    _, drawn = concours.draw(name)
    took = time.perf_counter() - begun
    print(
        f"  round {number}: drawn in {took:.3f} s ({len(drawn.tables)} tables, {len(drawn.byes)} sitting out;"
        f" goal <= {goal} s)"
    )
    return drawn


def doublettes(teams: int, rounds: int, coups: int, runs: int) -> None:
    from scorekeeper import service
    from scorekeeper.service import concours, tables

    rng = random.Random(32)
    concours.new("Village", "manille-muette", rounds=rounds, coups=coups, lang="en")
    for at in range(1, teams + 1):
        concours.register("Village", [f"Joueur{at}a", f"Joueur{at}b"], f"Doublette {at}")
    entered = 0
    started = time.perf_counter()
    for number in range(1, rounds + 1):
        drawn = timed_draw("Village", number, 1)
        making = []
        for table in drawn.tables:
            begun = time.process_time()  # CPU: the fsyncs of its write and a loaded machine's waits aside
            tables.made(table.game)  # its first coup makes it: C-4 looks for its name among every game stored
            making.append(time.process_time() - begun)
            for _ in range(coups):
                scorer = rng.choice(table.seats)
                service.add(table.game, {"retourne": rng.choice(CARDS), "points": {scorer: rng.randrange(0, 69)}})
                entered += 1
        print(
            f"    its {len(making)} tables' games made in "
            f"{1000 * statistics.median(making):.1f} ms of CPU each (median),"
            f" the last among {len(service.names())} games (goal: flat, whatever the games stored)"
        )
    spent = time.perf_counter() - started
    print(f"  {entered} coups entered in {spent:.0f} s ({1000 * spent / entered:.1f} ms a coup, through the service)")
    env = {**os.environ}
    commands = {
        "floor": FLOOR,
        "help": [sys.executable, "-m", "scorekeeper", "--help"],
        "standing": [sys.executable, "-m", "scorekeeper", "concours", "standing"],
        "status": [sys.executable, "-m", "scorekeeper", "concours", "status"],
    }
    timed: dict[str, list[float]] = {key: [] for key in commands}
    for _ in range(runs):  # interleaved: every command sees the same machine; CPU time, which a loaded one spares
        for key, command in commands.items():
            before = os.times()
            subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            after = os.times()
            timed[key].append(
                after.children_user + after.children_system - before.children_user - before.children_system
            )
    floor, help_ = statistics.median(timed["floor"]), statistics.median(timed["help"])
    for key in ("standing", "status"):
        spent = statistics.median(timed[key])
        print(
            f"  concours {key}: {1000 * spent:.0f} ms of CPU; "
            f"import floor {1000 * floor:.0f} ms ({spent / floor:.2f}x); "
            f"cold start (--help) {1000 * help_:.0f} ms ({spent / help_:.2f}x; goal <= 2x)"
        )
    size = folder_size(Path(os.environ["SCOREKEEPER_HOME"]))
    print(f"  data folder: {size / 1e6:.2f} MB for {len(service.names())} games (goal < 20 MB)")


def individuel(players: int, rounds: int) -> None:
    from scorekeeper.concours import files
    from scorekeeper.service import concours

    rng = random.Random(260)
    concours.new("Kampioenschap", "manillen", format="individuel", rounds=rounds, lang="en")
    with files.changing("Kampioenschap") as made:  # 260 registrations, as `register` writes them, at once
        from scorekeeper.concours.model import Entrant

        made.entrants = [Entrant(n, f"Speler {n}", (f"Speler {n}",)) for n in range(1, players + 1)]
    for number in range(1, rounds + 1):
        drawn = timed_draw("Kampioenschap", number, 5)
        for table in drawn.tables:
            winner = rng.randrange(2)
            points = f"{rng.randrange(35, 69)}-{rng.randrange(0, 34)}"
            if winner:
                points = "-".join(reversed(points.split("-")))
            concours.result("Kampioenschap", number, table.number, str(table.sides[winner][0]), points)
    duos = [frozenset(side) for drawn in files.read("Kampioenschap").rounds for t in drawn.tables for side in t.sides]
    repeats = len(duos) - len(set(duos))
    print(f"  {len(duos)} duos formed over {rounds} rounds; partners repeated: {repeats} (goal: 0)")


def main() -> None:
    quick = "--quick" in sys.argv
    kept = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
    with tempfile.TemporaryDirectory() as home:
        os.environ["SCOREKEEPER_HOME"] = kept or home  # --keep DIR: the village's data folder kept, to time again
        os.environ["SCOREKEEPER_LANG"] = "en"
        teams, rounds = (16, 3) if quick else (104, 6)
        print(f"A concours of {teams} doublettes over {rounds} rounds, {teams // 2 * rounds} parties of 15 coups:")
        doublettes(teams, rounds, 15, 3 if quick else 7)
    with tempfile.TemporaryDirectory() as home:
        os.environ["SCOREKEEPER_HOME"] = home
        players, rounds = (40, 3) if quick else (260, 5)
        print(f"An individual concours of {players} players over {rounds} rounds:")
        individuel(players, rounds)


if __name__ == "__main__":
    main()
