"""scorekeeper's speed, measured (issue 6). Run: `python bench/bench.py` (add `--quick` for fewer runs).

1. Start-up at the table: `scorekeeper sheet` on a 500-coup game, `scorekeeper --help` and
   `scorekeeper coup` entered on a 100-coup game, each timed against the bare import floor of the
   dependencies, `python -c "import typer, rich.console, rich.table, tomllib"`, interleaved in one run
   so that all see the same machine. Targets: sheet <= 1.25x the floor, --help <= 1.1x; the coup's
   figure is compared before and after a change (issue 10: within the noise). `--against DIR` times
   the same three commands from the source tree in DIR too (a checkout of an earlier commit, say
   `git worktree add /tmp/before HEAD~5`), interleaved in the same rounds: before and after side by side.
2. In-process: replaying a ledger (load + recompute) of 100 to 10,000 coups, manille and hombre, and
   auditing 100 to 10,000 recorded trick logs. Targets: 10,000 coups < 0.5 s, 10,000 audits < 1 s;
   the time must grow linearly. The load is timed both ways a command can read a game: from its file
   as written (a long game has a parsed copy beside it) and from the TOML alone (a hand-edited file).

3. A coup at the table (issue 16): 20 coups entered through `scorekeeper.service.session` into a 200-coup game,
   each read from its short line, one `advance` and the durable write, per coup against the cold start of
   `scorekeeper sheet` above. Target: <= 0.1x.

4. The club's history (issue 21): `scorekeeper stats` over 1,000 realistic stored games (`club_games`:
   manille muette and à l'envers, l'hombre, a club of a dozen players who write their names as they
   please, a tenth archived, some not over), timed against a cold start of a command
   (`scorekeeper --help`). Target: within 8x, through the derived cache; the first run, which fills
   the cache, is shown beside it. Not in `--quick`; `--club` runs it alone.

5. A coup costs the same at coup 10 and at coup 2,000 (issue 28): the issue's table, a row a figure, each
   beside the import floor measured in the same rounds (interleaved), with its goal and whether it is met:
   `table` piped, per coup, on 0 / 500 / 2,000 coups; `table` at a pseudo-terminal, a line sent to the next
   prompt, at coup 10 / 500 / 2,000, manille and l'hombre (pexpect's own sleeps off: what a player waits);
   `sheet` on 500 and 2,000 asked again (the game as it was last drawn: its kept output) and, beside them
   with no goal, drawn after a change; `coup` and `undo` on 2,000; `export --format html` (manille, and l'hombre with
   each player's statement) and `chart` on 2,000; `stats` over 1,000 and 5,000 stored games entered with
   scorekeeper (`write_club`), first run and warm, the 5,000 with no goal (not in `--quick`: writing them
   takes minutes; `--issue28` runs the table alone, stats included); the replay of 10,000 coups from the
   file. Measure an installed package (`pip install .`, not `-e`).

Medians of several runs; a busy machine shows in the spread, so the figures are best read side by side.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FLOOR = [sys.executable, "-c", "import typer, rich.console, rich.table, tomllib"]
MANILLE_OPTIONS = {"partie": "seche", "manche": 10**9}  # a partie that never ends, however many coups


def median_runs(command: list[str], env: dict[str, str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def startup(runs: int, against: str | None = None) -> float:
    from scorekeeper import service, store

    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SCOREKEEPER_HOME": home, "NO_COLOR": "1", "COLUMNS": "120"}
        # An installed package has its bytecode compiled (pip does it): a machine that forbids writing
        # it would time Python compiling our modules at every start, which no player ever waits for.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["SCOREKEEPER_HOME"] = home
        created = service.new(
            "manille-muette", ["César", "Panisse", "Escartefigue", "Brun"], options=MANILLE_OPTIONS, name="bench"
        )
        with store.changing(created.name) as bench:
            bench.coups = [manille_coup(number) for number in range(500)]
        created = service.new(
            "manille-muette", ["César", "Panisse", "Escartefigue", "Brun"], options=MANILLE_OPTIONS, name="bench100"
        )
        with store.changing(created.name) as bench:
            bench.coups = [manille_coup(number) for number in range(100)]
        before_coup = {path: path.read_bytes() for path in Path(home).rglob("*bench100*") if path.is_file()}
        sheet = [sys.executable, "-m", "scorekeeper", "sheet", "--game", "bench"]
        helps = [sys.executable, "-m", "scorekeeper", "--help"]
        coup = [sys.executable, "-m", "scorekeeper", "coup", "--game", "bench100", "-r", "10h", "--points", "César=40"]
        timed_commands = [("floor", FLOOR, env), ("sheet", sheet, env), ("help", helps, env), ("coup", coup, env)]
        if against:  # the earlier tree first on the path: its scorekeeper, on the same games
            before = {**env, "PYTHONPATH": against}
            timed_commands += [
                (f"{name} before", command, before)
                for name, command in (("sheet", sheet), ("help", helps), ("coup", coup))
            ]
        results: dict[str, list[float]] = {name: [] for name, _, _ in timed_commands}
        for _, command, environment in timed_commands:  # one run first, to write the bytecode
            median_runs(command, environment, 1)
        for path, data in before_coup.items():
            path.write_bytes(data)
        for _ in range(runs):  # interleaved: each round sees the same machine
            for name, command, environment in timed_commands:
                results[name].append(median_runs(command, environment, 1))
            for path, data in before_coup.items():  # the next round enters its coup on the same 100
                path.write_bytes(data)
        floor = statistics.median(results["floor"])
        print(f"import floor (typer, rich.console, rich.table, tomllib): {floor * 1000:6.0f} ms")
        for name, label, target in (
            ("sheet", "scorekeeper sheet (500 coups)", 1.25),
            ("help", "scorekeeper --help", 1.10),
            ("coup", "scorekeeper coup (on 100 coups)", None),
        ):
            for key, when in ((name, ""), (f"{name} before", f" [{against}]")):
                if key in results:
                    taken = statistics.median(results[key])
                    aim = f" (target <= {target}x)" if target else ""
                    print(f"{label:40} {taken * 1000:6.0f} ms  {taken / floor:4.2f}x the floor{aim}{when}")
        return statistics.median(results["sheet"])


def table_coup(runs: int, cold: float, count: int = 200, coups: int = 20) -> None:
    """Issue 16: a coup entered at `scorekeeper table` on a `count`-coup game, read from its short line,
    scored by one `advance` and written durably, in process (`scorekeeper.service.session`), against `cold`, the
    cold start of `scorekeeper sheet` measured above. Target: <= 0.1x."""
    from scorekeeper import service, store
    from scorekeeper.language import Language
    from scorekeeper.service import session

    best = float("inf")
    with tempfile.TemporaryDirectory() as home:
        os.environ["SCOREKEEPER_HOME"] = home
        for run in range(runs):
            name = f"table-{run}"
            service.new(
                "manille-muette", ["César", "Panisse", "Escartefigue", "Brun"], options=MANILLE_OPTIONS, name=name
            )
            with store.changing(name) as bench:
                bench.coups = [manille_coup(number) for number in range(count)]
            table = session.Session(name)
            start = time.perf_counter()
            for number in range(coups):
                table.add(table.engine.read_line(table.state, ["10h", "césar", str(number % 69)], Language.named("en")))
            best = min(best, (time.perf_counter() - start) / coups)
    print(f"a coup at the table (on {count} coups, durable write included, in process):")
    print(f"  {best * 1000:6.1f} ms a coup  {best / cold:5.3f}x the cold start of scorekeeper sheet (target <= 0.1x)")


def manille_coup(number: int) -> dict[str, object]:
    """A varied coup: points (a tie now and then) or a renonce, a retourne of every kind."""
    cards = ["7S", "10H", "AC", "KD", "QS", "JH", "9C", "8D"]
    coup: dict[str, object] = {"retourne": cards[number % len(cards)]}
    if number % 11 == 5:
        coup["renonce"] = ["César", "Panisse", "Escartefigue", "Brun"][number % 4]
    else:
        coup["points"] = {["César", "Panisse"][number % 2]: (number * 7) % 69}
    return coup


def hombre_coup(rng: random.Random) -> dict[str, object]:
    players = ["A", "B", "C"]
    if rng.random() < 0.15:
        return {"pass": True}
    hombre = rng.choice(players)
    first = rng.choice([3, 4, 5, 5, 6, 9])
    others = [p for p in players if p != hombre]
    second = rng.randint(0, 9 - first)
    tricks = {hombre: first, others[0]: second, others[1]: 9 - first - second}
    contract = rng.choice(["demande", "demande", "sans-prendre", "retourne"])
    return {"hombre": hombre, "contract": contract, "tricks": tricks}


def timed(function: object, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        function()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best


def replay(runs: int) -> None:
    import tomllib

    from scorekeeper import service, store
    from scorekeeper.store import Ledger

    rng = random.Random(1)
    print("replay of a ledger, load + recompute (best of runs):")
    print("  read: the game file as a command reads it (its parsed copy from 8 KB on); toml: parsing its TOML")
    with tempfile.TemporaryDirectory() as home:
        os.environ["SCOREKEEPER_HOME"] = home
        for count in (100, 1_000, 10_000):
            for name, ruleset, players, options in (
                ("manille", "manille-muette", ["César", "Panisse", "Escartefigue", "Brun"], MANILLE_OPTIONS),
                ("hombre", "hombre", ["A", "B", "C"], {"poules": 10**9}),
            ):
                made = service.new(ruleset, players, options=options, name=f"{name}-{count}")
                with store.changing(made.name) as bench:
                    bench.coups = [manille_coup(n) if name == "manille" else hombre_coup(rng) for n in range(count)]
                text = store.path_of(made.name).read_text(encoding="utf-8")

                def from_file(game_name: str = made.name) -> None:
                    service.fiche(store.read(game_name))

                def from_toml(text: str = text) -> None:
                    service.fiche(Ledger.from_toml(tomllib.loads(text), "bench"))

                read, toml = timed(from_file, runs), timed(from_toml, runs)
                print(
                    f"  {name:8} {count:6} coups: read {read:6.3f} s ({read / count * 1e6:5.1f} µs a coup), "
                    f"toml {toml:6.3f} s ({toml / count * 1e6:5.1f} µs a coup)"
                )


def quota_replay(runs: int) -> None:
    """M-10: manillen keeps the sans-atout each team owes; the quota must not walk every earlier coup."""
    from scorekeeper import games
    from scorekeeper.games import manille

    players = ["A", "B", "C", "D"]
    print("replay of manillen with the sans-atout quota (best of runs):")
    for count in (5_000, 10_000):
        ruleset = games.load("manillen").with_options({"deals": count})
        coups = [{"trump": "sa" if n % 5 == 0 else "h", "points": {"A": (n * 7) % 61}} for n in range(count)]

        def replay_all(ruleset: object = ruleset, coups: list = coups) -> None:
            manille.replay(ruleset, players, "A", coups)  # type: ignore[arg-type]

        taken = timed(replay_all, runs)
        print(f"  {count:6} coups: {taken:7.3f} s  ({taken / count * 1e6:6.1f} µs a coup)")


def audits(runs: int) -> None:
    from scorekeeper import games
    from scorekeeper.games.manille import legal as manille
    from scorekeeper.games.manille.deck import MANILLE
    from scorekeeper.games.manille.referee import audit_manille
    from scorekeeper.referee import Relation

    rules = games.load("manille-muette").rules
    rng = random.Random(7)
    players = ["A", "B", "C", "D"]
    side = {"A": 0, "C": 0, "B": 1, "D": 1}
    logs = []
    for _ in range(10_000):  # random legal deals, recorded as trick logs
        deck = list(MANILLE.cards)
        rng.shuffle(deck)
        hands = {p: deck[i * 8 : (i + 1) * 8] for i, p in enumerate(players)}
        trump = rng.choice(deck).suit
        lead, tricks = 0, []
        for _ in range(8):
            order = [players[(lead + k) % 4] for k in range(4)]
            cards: list = []
            for player in order:
                seen = [
                    (Relation.PARTNER if side[other] == side[player] else Relation.OPPONENT, card)
                    for other, card in zip(order, cards, strict=False)  # the cards played so far
                ]
                card = rng.choice(manille.legal_cards(hands[player], seen, trump, rules))
                hands[player].remove(card)
                cards.append(card)
            lead = players.index(order[manille.trick_winner(cards, trump, rules)])
            tricks.append(cards)
        logs.append((trump, tricks))
    print("audit of recorded trick logs (best of runs):")
    for count in (100, 1_000, 10_000):

        def audit_all(count: int = count) -> None:
            for trump, tricks in logs[:count]:
                audit_manille(players, "A", trump, tricks, rules, lambda a, b: side[a] == side[b])

        taken = timed(audit_all, max(1, runs // 2) if count == 10_000 else runs)
        print(f"  {count:6} logs: {taken:7.3f} s  ({taken / count * 1e6:6.1f} µs a log)")


CLUB = ["César", "cesar", "Panisse", "Escartefigue", "Brun", "Fanny", "Marius", "Honorine", "Félix", "M. Brun"]


def club_games(count: int, rng: random.Random) -> list[tuple[str, list[str], dict[str, object], list[dict]]]:
    """`count` games as a club plays them over the years: (ruleset, players, options, coups), each
    played to its end but one in five, which stops on the way."""
    from scorekeeper import games

    made = []
    for number in range(count):
        kind = rng.choice(["manille-muette"] * 5 + ["manille-envers"] * 2 + ["hombre"] * 3)
        seated = rng.sample(CLUB[1:] if number % 3 else CLUB[:1] + CLUB[2:], 3 if kind == "hombre" else 4)
        options: dict[str, object] = {"poules": rng.choice([2, 3])} if kind == "hombre" else {}
        ruleset = games.load(kind).with_options(options)
        stop = rng.randint(2, 12) if rng.random() < 0.2 else None
        coups: list[dict] = []
        while stop is None or len(coups) < stop:
            coup = hombre_club_coup(seated, rng) if kind == "hombre" else manille_club_coup(seated, rng, kind)
            try:
                fiche = games.replay(ruleset, seated, seated[0], [*coups, coup])
            except Exception:  # a coup the table would not say (a taker's renonce where none can be): another
                continue
            coups.append(coup)
            if fiche.over or len(coups) > 200:
                break
        made.append((kind, seated, options, coups))
    return made


def manille_club_coup(seated: list[str], rng: random.Random, kind: str) -> dict[str, object]:
    trump = {"retourne": rng.choice(["7S", "10H", "AC", "KD", "QS", "JH", "9C", "8D"])}
    if kind == "manille-envers":
        trump = {"trump": rng.choice("hsdc")}
    if rng.random() < 0.04:
        return {**trump, "renonce": rng.choice(seated)}
    if kind == "manille-envers":
        cut = sorted(rng.sample(range(69), 2))
        return {**trump, "points": dict(zip(seated[:3], (cut[0], cut[1] - cut[0], 68 - cut[1]), strict=True))}
    return {**trump, "points": {rng.choice(seated): rng.randint(0, 68)}}


def hombre_club_coup(seated: list[str], rng: random.Random) -> dict[str, object]:
    coup = hombre_coup(rng)
    names = dict(zip(["A", "B", "C"], seated, strict=True))
    if "hombre" in coup:
        coup["hombre"] = names[coup["hombre"]]  # type: ignore[index]
        coup["tricks"] = {names[p]: n for p, n in coup["tricks"].items()}  # type: ignore[attr-defined]
    return coup


def write_club(count: int) -> None:
    """`count` club games stored in the data folder in effect, a tenth of them archived, each as a command
    writes a game: its summary kept by `history.keep`, from the sheet replayed, inside `store.changing`, last
    before the write, where `undo` and `edit` call it (service/entries.py). So a first `stats` over them is
    the first `stats` after games entered with scorekeeper, not after files copied in. Every club game is of
    at most 201 coups (`club_games`), within `history.KEEP_UP_TO` (300): none is left to `stats` to replay."""
    from scorekeeper import service, store
    from scorekeeper.service import history

    for number, (kind, seated, options, coups) in enumerate(club_games(count, random.Random(21))):
        made = service.new(kind, seated, options=options, name=f"club-{number}")
        with store.changing(made.name) as game:
            game.coups = coups
            history.keep(game, service.fiche(game))
        if number % 10 == 9:
            service.archive(made.name)


def club(runs: int, count: int = 1_000) -> None:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SCOREKEEPER_HOME": home, "NO_COLOR": "1", "COLUMNS": "120"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["SCOREKEEPER_HOME"] = home
        write_club(count)
        stats = [sys.executable, "-m", "scorekeeper", "stats"]
        cold = [sys.executable, "-m", "scorekeeper", "--help"]
        first = median_runs(stats, env, 1)  # fills the cache
        rounds: dict[str, list[float]] = {"cold": [], "stats": []}
        for _ in range(runs):
            rounds["cold"].append(median_runs(cold, env, 1))
            rounds["stats"].append(median_runs(stats, env, 1))
        start, taken = statistics.median(rounds["cold"]), statistics.median(rounds["stats"])
        print(f"the club's history, {count} stored games:")
        print(f"  cold start (scorekeeper --help)          {start * 1000:6.0f} ms")
        print(
            f"  scorekeeper stats                        {taken * 1000:6.0f} ms  {taken / start:4.1f}x (target <= 8x)"
        )
        print(f"  scorekeeper stats, first run (no cache)  {first * 1000:6.0f} ms  {first / start:4.1f}x")


def main() -> None:
    quick = "--quick" in sys.argv
    if "--club" in sys.argv:  # the history's figure alone: writing the club's games takes minutes
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        club(runs=7)
        return
    if "--issue28" in sys.argv:  # the issue's table alone, stats over 1,000 and 5,000 games included
        issue28(runs=3 if quick else 7, stats=True)
        return
    against = sys.argv[sys.argv.index("--against") + 1] if "--against" in sys.argv else None
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    cold = startup(runs=7 if quick else 21, against=against)
    table_coup(runs=3 if quick else 7, cold=cold)
    replay(runs=2 if quick else 5)
    quota_replay(runs=2 if quick else 5)
    audits(runs=2 if quick else 3)
    issue28(runs=3 if quick else 7, stats=not quick)
    if not quick:
        club(runs=7)


# --- issue 28: the cost of a coup, a read and a statistic, against the import floor ----------------------

PLAYERS = ["César", "Panisse", "Escartefigue", "Brun"]


class Row:
    """One row of the issue's table: a figure, the floor of the same rounds, the goal, met or not."""

    def __init__(self, what: str, taken: float, floor: float | None, goal: float | None, unit: str) -> None:
        self.what, self.taken, self.floor, self.goal, self.unit = what, taken, floor, goal, unit

    def __str__(self) -> str:
        value = self.taken / self.floor if self.unit == "x" and self.floor else self.taken
        now = f"{self.taken * 1000:8.1f} ms"
        floor = f"{self.floor * 1000:6.0f} ms" if self.floor else " " * 9
        ratio = f"{value:5.2f}x" if self.unit == "x" else f"{value * 1000:5.1f} ms" if self.unit == "ms" else ""
        if self.goal is None:  # a figure the issue sets no goal for
            return f"  {self.what:48} {now} {floor}  {ratio:>9}  {'(no goal)':>10}"
        goal = f"<= {self.goal}x" if self.unit == "x" else f"<= {self.goal * 1000:g} ms"
        return f"  {self.what:48} {now} {floor}  {ratio:>9}  {goal:>10}  {'met' if value <= self.goal else 'NOT met'}"


def _home(games: dict[str, int], base: Path) -> Path:
    """A data folder holding one manille game a count of coups, each read once (its cache written, as a
    player's would be), one coup entered through the command at the end (for `undo`)."""
    from scorekeeper import service, store

    os.environ["SCOREKEEPER_HOME"] = str(base)
    for name, count in games.items():
        service.new("manille-muette", PLAYERS, options=MANILLE_OPTIONS, name=name)
        with store.changing(name) as game:
            game.coups = [manille_coup(number) for number in range(count)]
    rng = random.Random(28)  # and l'hombre's 2,000 coups, whose export adds a statement a player, and its
    for name, count in {"h2000": 2000, **HOMBRE_TABLES}.items():  # games for the table at a terminal
        service.new("hombre", ["A", "B", "C"], options={"poules": 10**9}, name=name)
        with store.changing(name) as game:
            game.coups = [hombre_coup(rng) for _ in range(count)]
    env = _env(base)
    for name in games:
        command = [sys.executable, "-m", "scorekeeper", "coup", "--game", name, "-r", "10h", "--points", "César=40"]
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True)
        subprocess.run([*SK, "sheet", "--game", name], env=env, stdout=subprocess.DEVNULL, check=True)
    return base


SK = [sys.executable, "-m", "scorekeeper"]
HOMBRE_TABLES = {"u10": 10, "u500": 500, "u2000": 2000}  # l'hombre at a terminal (`_terminal`), no coup entered


def _env(home: Path) -> dict[str, str]:
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "120", "SCOREKEEPER_LANG": "en"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: the bytecode written once
    return env


def _fresh(snapshot: Path, work: Path) -> Path:
    """`work` made again as a copy of `snapshot`: a command that writes finds the game as it was."""
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(snapshot, work)
    return work


def _lines(count: int, start: int) -> str:
    """`count` coups as short lines, a retourne, a name and its points."""
    cards, names = ["10h", "7s", "kd"], ["cesar", "panisse"]
    return "".join(f"{cards[n % 3]} {names[n % 2]} {(n * 7) % 69}\n" for n in range(start, start + count))


def _processes(snapshot: Path, work: Path, runs: int) -> list[Row]:
    """The commands as a player starts them, each round timing the floor and every command in turn."""
    piped = 20  # coups piped into `table` a run; a coup's cost is the difference with a run of none, over them
    commands: dict[str, tuple[list[str], str | None, bool]] = {"floor": (FLOOR, None, False)}
    for count in (0, 500, 2000):
        game = ["table", "--game", f"g{count}"]
        commands[f"table {count} none"] = ([*SK, *game], "", True)
        commands[f"table {count} coups"] = ([*SK, *game], _lines(piped, 0), True)
    for count in (500, 2000):
        commands[f"sheet {count}"] = ([*SK, "sheet", "--game", f"g{count}"], None, False)
        # the sheet asked after a coup: the game changed since it was last drawn, so it is replayed and drawn
        commands[f"sheet {count} drawn"] = ([*SK, "sheet", "--game", f"g{count}"], None, True)
    commands["coup 2000"] = ([*SK, "coup", "--game", "g2000", "-r", "10h", "--points", "César=40"], None, True)
    commands["undo 2000"] = ([*SK, "undo", "--game", "g2000"], None, True)
    commands["export 2000"] = ([*SK, "export", "--format", "html", "--game", "g2000"], None, False)
    commands["chart 2000"] = ([*SK, "chart", "--game", "g2000"], None, False)
    commands["export hombre 2000"] = ([*SK, "export", "--format", "html", "--game", "h2000"], None, False)
    times: dict[str, list[float]] = {name: [] for name in commands}
    env = _env(work)
    _fresh(snapshot, work)
    for round_ in range(runs + 1):  # the first round writes the bytecode, and is not counted
        for name, (command, given, writes) in commands.items():
            if writes:
                _fresh(snapshot, work)
                if name.endswith("drawn"):
                    shutil.rmtree(work / "cache" / "sheets", ignore_errors=True)
            elif name.startswith("sheet"):  # asked again: drawn once in this folder just before (not timed)
                subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True)
            start = time.perf_counter()
            subprocess.run(command, env=env, input=given, text=True, stdout=subprocess.DEVNULL, check=True)
            if round_:
                times[name].append(time.perf_counter() - start)
    med = {name: statistics.median(taken) for name, taken in times.items()}
    floor = med["floor"]
    rows = [
        Row(
            f"table piped, a coup, on {count:,} coups",
            (med[f"table {count} coups"] - med[f"table {count} none"]) / piped,
            floor,
            0.008,
            "ms",
        )
        for count in (0, 500, 2000)
    ]
    goals = ((500, 1.0), (2000, 1.5))
    rows += [Row(f"sheet on {count:,} coups", med[f"sheet {count}"], floor, goal, "x") for count, goal in goals]
    rows += [  # what a player pays for the sheet after each coup: no goal in the issue, shown beside it
        Row(f"sheet on {count:,} coups, drawn (changed since)", med[f"sheet {count} drawn"], floor, None, "x")
        for count, _ in goals
    ]
    rows += [Row(f"{name} on 2,000 coups", med[f"{name} 2000"], floor, 1.3, "x") for name in ("coup", "undo")]
    rows.append(Row("export --format html on 2,000 coups", med["export 2000"], floor, 2.5, "x"))
    rows.append(Row("chart on 2,000 coups", med["chart 2000"], floor, 2.0, "x"))
    rows.append(Row("export --format html, l'hombre, 2,000 coups", med["export hombre 2000"], floor, 2.5, "x"))
    return rows


def _hombre_lines(count: int, start: int) -> str:
    """`count` coups of l'hombre as short lines: a taker, his contract and the tricks in seat order, or a pass
    (never C as the taker: `c` could be the atout ♣ too, and the table asks)."""
    said = ["a demande 5 2 2", "pass", "b demande 2 5 2", "b sans-prendre 2 5 2", "a demande 3 3 3"]
    return "".join(f"{said[n % len(said)]}\n" for n in range(start, start + count))


def _terminal(snapshot: Path, work: Path, runs: int, floor: float) -> list[Row]:
    """`table` at a pseudo-terminal: a coup's line sent, timed to the next prompt, at coup 10, 500 and
    2,000 (the median of `runs` coups a game), manille and l'hombre. What a player waits: pexpect's own
    sleep before each `send` (`delaybeforesend`, 0.05 s) is off, else the row times it (60-72 ms, flat), and
    so is its sleep after each read of the output (`delayafterread`, 0.1 ms, a few reads a coup);
    `PROMPT_TOOLKIT_NO_CPR` spares the prompt its question of the cursor's place, which a terminal answers
    but a pexpect child never does (prompt_toolkit would wait for it). Needs pexpect (`pip install '.[test]'`)."""
    try:
        import pexpect
    except ImportError:
        print("  (table at a terminal: pexpect is not installed)")
        return []
    rows = []
    games = [("manille", f"t{count}", count, count + 1, _lines) for count in (10, 500, 2000)]
    games += [("l'hombre", name, count, count, _hombre_lines) for name, count in HOMBRE_TABLES.items()]
    for label, game, count, stored, lines in games:
        _fresh(snapshot, work)
        env = {**_env(work), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
        env.pop("NO_COLOR", None)
        args = [*SK[1:], "table", "--game", game]
        child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", dimensions=(40, 100), timeout=30)
        child.delaybeforesend = child.delayafterread = None  # pexpect's own sleeps: not the player's wait
        number = stored  # a manille game of the snapshot has one coup more, entered by `coup`
        child.expect_exact(f"coup {number + 1}>")
        taken = []
        for line in lines(runs + 1, 0).splitlines():
            number += 1
            start = time.perf_counter()
            child.send(line + "\r")
            child.expect_exact(f"coup {number + 1}>")
            taken.append(time.perf_counter() - start)
        child.send("quit\r")
        child.expect(pexpect.EOF)
        median = statistics.median(taken[1:])  # the first coup after the prompt loads what a coup needs
        rows.append(Row(f"table at a terminal, {label}, coup {count:,}", median, floor, 0.030, "ms"))
    return rows


def _stats(count: int, runs: int) -> list[Row]:
    """`stats` over `count` stored games (`club_games`), written as commands write them (`write_club`: each
    game's summary kept as it is written), the first run (no cache of `stats` yet) and warm, each against
    the floor measured beside it. The issue sets the goal over 1,000 games; over 5,000, none."""
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder) / "home"
        os.environ["SCOREKEEPER_HOME"] = str(home)
        write_club(count)
        snapshot = Path(folder) / "snapshot"
        shutil.copytree(home, snapshot)
        env = _env(home)
        cold: list[float] = []
        warm: list[float] = []
        floors: list[float] = []
        for _ in range(runs):
            floors.append(median_runs(FLOOR, env, 1))
            _fresh(snapshot, home)
            cold.append(median_runs([*SK, "stats"], env, 1))
            warm.append(median_runs([*SK, "stats"], env, 1))
        floor = statistics.median(floors)
        goal = 3.0 if count <= 1_000 else None
        return [
            Row(f"stats over {count:,} games, first run", statistics.median(cold), floor, goal, "x"),
            Row(f"stats over {count:,} games, warm", statistics.median(warm), floor, goal, "x"),
        ]


def _replay_10000(runs: int) -> Row:
    """The replay of 10,000 manille coups from the file, as a command reads it, in process (best of runs)."""
    from scorekeeper import service, store

    with tempfile.TemporaryDirectory() as home:
        os.environ["SCOREKEEPER_HOME"] = home
        service.new("manille-muette", PLAYERS, options=MANILLE_OPTIONS, name="replay")
        with store.changing("replay") as game:
            game.coups = [manille_coup(number) for number in range(10_000)]
        taken = timed(lambda: service.fiche(store.read("replay")), runs)
        return Row("replay of 10,000 coups from the file", taken, None, 0.25, "ms")


def issue28(runs: int, stats: bool) -> None:
    """Issue 28's table, a row a figure beside the import floor of the same rounds."""
    with tempfile.TemporaryDirectory() as folder:
        games = {"g0": 0, "g500": 500, "g2000": 2000, "t10": 10, "t500": 500, "t2000": 2000}
        snapshot = _home(games, Path(folder) / "snapshot")
        work = Path(folder) / "work"
        print("issue 28: a coup costs the same at coup 10 and at coup 2,000 (medians; the floor of the same rounds)")
        print(f"  {'what':48} {'now':>11} {'floor':>9}  {'ratio':>9}  {'goal':>10}")
        rows = _processes(snapshot, work, runs)
        for row in rows:
            print(row)
        floor = rows[0].floor or 0.0
        for row in _terminal(snapshot, work, max(runs, 5), floor):
            print(row)
    if stats:
        for count in (1_000, 5_000):
            for row in _stats(count, max(3, runs // 2)):
                print(row)
    else:
        print("  (stats over 1,000 and 5,000 games: not in --quick; bench.py --issue28)")
    print(_replay_10000(max(2, runs // 2)))


if __name__ == "__main__":
    main()
