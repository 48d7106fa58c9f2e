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

Medians of several runs; a busy machine shows in the spread, so the figures are best read side by side.
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


def club(runs: int, count: int = 1_000) -> None:
    from scorekeeper import service, store

    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SCOREKEEPER_HOME": home, "NO_COLOR": "1", "COLUMNS": "120"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["SCOREKEEPER_HOME"] = home
        for number, (kind, seated, options, coups) in enumerate(club_games(count, random.Random(21))):
            made = service.new(kind, seated, options=options, name=f"club-{number}")
            with store.changing(made.name) as game:
                game.coups = coups
            if number % 10 == 9:
                service.archive(made.name)
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
    against = sys.argv[sys.argv.index("--against") + 1] if "--against" in sys.argv else None
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    cold = startup(runs=7 if quick else 21, against=against)
    table_coup(runs=3 if quick else 7, cold=cold)
    replay(runs=2 if quick else 5)
    quota_replay(runs=2 if quick else 5)
    audits(runs=2 if quick else 3)
    if not quick:
        club(runs=7)


if __name__ == "__main__":
    main()
