"""`scorekeeper serve` under load (issues 33, 41). Run: `python bench/serve.py` (`--clients N`, `--coups N`,
`--idle N`, `--files N`).

A real server on 127.0.0.1 (and nowhere else), 50 pages connected to its live channel (server-sent events,
read as a browser reads them), then coups stored one by one by this process through the service (the same
durable write as `coup` and `table`): for each coup and each page, the time from the write's return to the
page's event that shows it. Meanwhile (issue 41) `--idle` sockets (300) are held open saying nothing, each
opened again as soon as the server closes it, the server runs under a limit of `--files` open files (256),
and a phone loads the page with its token twice a second: each load's time. Targets: the 99th percentile
within 1 s, and the phone's loads too; the server's memory (its resident
set, with every page connected) under 100 MB. Every loop is bounded in count and time; the server is
stopped at the end. Timing figures on a shared machine are noisy: read them beside the machine's load.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ("César", "Panisse", "Escartefigue", "Brun")
LINES = ["--retourne 10h --points César=40", "--retourne 7s --points Panisse=48", "--retourne Kd --points Brun=30"]


async def client(port: int, token: str, seen: dict[int, float], ready: asyncio.Event, done: asyncio.Event) -> None:
    """One page: the stream read line by line, the time each fiche's coup count is first seen."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /events?token={token} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    first = True
    while not done.is_set():
        try:
            line = await asyncio.wait_for(reader.readline(), 1.0)
        except TimeoutError:
            continue
        if not line:
            break
        if line.startswith(b"data: "):
            count = json.loads(line[6:])["count"]
            seen.setdefault(count, time.monotonic())
            if first:
                first = False
                ready.set()
    writer.close()


async def idle(port: int, done: asyncio.Event, opened: list[int]) -> None:
    """A socket that says nothing, opened again a moment after the server closes it (an attacker, a dead phone)."""
    while not done.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.2)
            continue
        opened[0] += 1
        with contextlib.suppress(OSError):
            while not done.is_set() and not reader.at_eof():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(reader.read(1), 0.5)
        writer.close()
        await asyncio.sleep(0.1)


async def phone(port: int, token: str, done: asyncio.Event, loads: list[float]) -> None:
    """A phone loading the page with its token twice a second: how long each whole answer takes."""
    while not done.is_set():
        started = time.monotonic()
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=("127.0.0.2", 0)
            )  # another machine
            writer.write(f"GET /?token={token} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            await writer.drain()
            answer = await asyncio.wait_for(reader.read(), 10)
            writer.close()
            loads.append(time.monotonic() - started if answer.startswith(b"HTTP/1.1 200") else float("inf"))
        except (OSError, TimeoutError):
            loads.append(float("inf"))
        await asyncio.sleep(0.5)


def limited(files: int) -> Callable[[], None]:
    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    return limit


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def main(clients: int, coups: int, idles: int, files: int) -> int:
    home = tempfile.mkdtemp(prefix="serve-bench-")
    os.environ["SCOREKEEPER_HOME"] = home
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    players = [arg for name in PLAYERS for arg in ("--player", name)]
    command = [sys.executable, "-m", "scorekeeper"]
    subprocess.run(
        [*command, "new", "manille-muette", *players, "--game", "bench", "-o", "manche=1000", "-o", "partie.belle=0"],
        check=True,
        env=env,
        capture_output=True,
    )
    server = subprocess.Popen(
        [*command, "serve", "--game", "bench", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=limited(files) if files else None,
    )
    try:
        address = server.stdout.readline().strip()  # type: ignore[union-attr]
        parts = urlsplit(address)
        port, token = parts.port, parse_qs(parts.query)["token"][0]
        assert port is not None and parts.hostname == "127.0.0.1"
        seen = [dict[int, float]() for _ in range(clients)]
        ready = [asyncio.Event() for _ in range(clients)]
        done = asyncio.Event()
        tasks = [asyncio.create_task(client(port, token, seen[i], ready[i], done)) for i in range(clients)]
        await asyncio.wait_for(asyncio.gather(*(event.wait() for event in ready)), 30)
        opened, loads = [0], list[float]()
        attackers = [asyncio.create_task(idle(port, done, opened)) for _ in range(idles)]
        await asyncio.sleep(1)  # the idle sockets opened before the phone comes
        attackers.append(asyncio.create_task(phone(port, token, done, loads)))
        memory = rss_mb(server.pid)

        from scorekeeper import service

        stored: dict[int, float] = {}
        for number in range(1, coups + 1):
            retourne, points = ["10H", "7S", "KD"][number % 3], {PLAYERS[number % 4]: 20 + number % 40}
            service.add("bench", {"retourne": retourne, "points": points})
            stored[number] = time.monotonic()
            await asyncio.sleep(0.3)  # a coup at a real table takes minutes; here a few a second
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(len(s) <= coups for s in seen):
            await asyncio.sleep(0.05)
        memory = max(memory, rss_mb(server.pid))
        done.set()
        await asyncio.gather(*tasks, *attackers, return_exceptions=True)
    finally:
        server.terminate()
        server.wait(10)
    delays = sorted(s.get(n, float("inf")) - stored[n] for s in seen for n in stored)
    missed = sum(d == float("inf") for d in delays)
    p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))]
    print(f"{clients} pages, {coups} coups: {len(delays)} deliveries, {missed} missed")
    print(
        f"  from the write to the page: median {statistics.median(delays) * 1000:.0f} ms, "
        f"p99 {p99 * 1000:.0f} ms, max {delays[-1] * 1000:.0f} ms (target p99 < 1000 ms)"
    )
    loads.sort()
    late = loads[min(len(loads) - 1, int(len(loads) * 0.99))] if loads else float("inf")
    print(f"  {idles} idle sockets held ({opened[0]} opened), the server's limit {files or 'unchanged'} files:")
    print(
        f"  a phone's page: {len(loads)} loads, median {statistics.median(loads or [float('inf')]) * 1000:.0f} ms, "
        f"p99 {late * 1000:.0f} ms (target p99 < 1000 ms)"
    )
    print(f"  server memory with {clients} pages connected: {memory:.1f} MB (target < 100 MB)")
    return 0 if p99 < 1.0 and late < 1.0 and memory < 100 and not missed else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--coups", type=int, default=20)
    parser.add_argument("--idle", type=int, default=300, help="sockets held open saying nothing")
    parser.add_argument("--files", type=int, default=256, help="the server's limit of open files (0: unchanged)")
    arguments = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    sys.exit(
        asyncio.run(
            main(min(arguments.clients, 500), min(arguments.coups, 200), min(arguments.idle, 900), arguments.files)
        )
    )
