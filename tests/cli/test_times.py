"""Entry times are stored in UTC with their offset and shown in local time (issue 27): two coups said two
seconds apart under two time zones are two seconds apart; a naive time of an older file is local time,
and times are compared as instants, never as text. Through real processes, each with its own TZ."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("-p", "A", "-p", "B", "-p", "C", "-p", "D")
# The months as British English abbreviates them (CLDR's en_GB, through Babel): `sheet` writes "22 Nov 2026".
ENGLISH_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec".split()


def scorekeeper(tz: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TZ": tz}
    ran = subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, env=env)
    assert ran.returncode == 0, ran.stderr
    return ran


def test_two_coups_said_under_two_time_zones_are_seconds_apart() -> None:
    scorekeeper("Europe/Paris", "new", "manille-muette", *PLAYERS, "--game", "tz")
    scorekeeper("America/New_York", "coup", "-r", "10h", "--points", "A=40")
    scorekeeper("Asia/Tokyo", "coup", "-r", "7s", "--points", "B=48")
    times = [coup["time"] for coup in json.loads(scorekeeper("UTC", "sheet", "--json").stdout)["coups"]]
    first, second = map(datetime.fromisoformat, times)
    assert first.utcoffset() == second.utcoffset() == timedelta(0)  # stored in UTC, the offset written
    assert timedelta(0) <= second - first < timedelta(minutes=1)
    # Shown in the reader's local time: Paris is UTC+1 in winter, UTC+2 in summer, never a day apart.
    said = scorekeeper("Europe/Paris", "sheet").stdout.splitlines()[-1]
    paris = first.astimezone(_zone("Europe/Paris"))
    assert said.startswith(f"said from {paris.day} {ENGLISH_MONTHS[paris.month - 1]} {paris.year}, {paris:%H:%M} to ")
    # one day: the end by its hour alone, the second coup's (a minute later where the two straddled one)
    assert said.endswith(f" to {second.astimezone(_zone('Europe/Paris')):%H:%M}")
    csv = scorekeeper("Asia/Tokyo", "export", "--format", "csv").stdout.splitlines()
    assert (
        csv[1].split(",")[1] == f"{first.astimezone(_zone('Asia/Tokyo')):%Y-%m-%d %H:%M}"
    )  # as a spreadsheet reads it
    csv = scorekeeper("Asia/Tokyo", "export", "--format", "csv", "--dialect", "rfc4180").stdout.splitlines()
    assert csv[1].split(",")[1] == first.astimezone(_zone("Asia/Tokyo")).isoformat()  # as a program does


def test_a_naive_time_of_an_older_file_is_local_time_and_times_compare_as_instants(home: Path) -> None:
    scorekeeper("UTC", "new", "manille-muette", *PLAYERS, "--game", "old")
    path = home / "games" / "old.toml"
    text = path.read_text()
    scorekeeper("UTC", "coup", "-r", "10h", "--points", "A=40")
    scorekeeper("UTC", "coup", "-r", "7s", "--points", "B=48")
    stored = path.read_text()
    times = [line.split('time = "')[1].split('"')[0] for line in stored.splitlines() if 'time = "' in line]
    # Coup 1 said in Paris at 21:40 by an older scorekeeper (naive, local); coup 2 at 21:00 UTC, later.
    # One at a time: the two coups may well have been said in the same second.
    stored = stored.replace(times[0], "2026-11-22T21:40:00", 1).replace(times[1], "2026-11-22T21:00:00+00:00", 1)
    path.write_text(stored)
    assert text != stored
    (game,) = json.loads(scorekeeper("Europe/Paris", "games", "--json").stdout)
    assert game["last_played"] == "2026-11-22T21:00:00+00:00"  # text would say the naive 21:40 is later
    assert scorekeeper("Europe/Paris", "sheet").stdout.splitlines()[-1] == "said from 22 Nov 2026, 21:40 to 22:00"
    listed = scorekeeper("Europe/Paris", "games").stdout
    assert re.search(r"22 Nov(,| 2026,) 22:00 ", listed) and "22:00:00" not in listed  # to the minute (issue 39)


def _zone(name: str):
    from zoneinfo import ZoneInfo

    return ZoneInfo(name)
