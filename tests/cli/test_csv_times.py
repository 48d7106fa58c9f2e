"""The CSV's time column as a spreadsheet reads a date-time: each coup's local time to the minute
(`2026-11-26 21:40`), opened by LibreOffice as a date, in French and in English; a program's CSV
(`--dialect rfc4180`) keeps the instant as ISO text with its offset."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
import tomllib
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scorekeeper.errors import Exit
from tests.cli.libreoffice import NEEDED, convert

ROOT = Path(__file__).resolve().parents[2]
PARIS = {"TZ": "Europe/Paris"}  # an hour from UTC in winter, two in summer: never the stored UTC


def scorekeeper(*args: str) -> subprocess.CompletedProcess[str]:
    every = {**os.environ, "PYTHONPATH": str(ROOT), **PARIS}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, env=every, timeout=60
    )


@pytest.fixture
def soir(home: Path) -> list[str]:
    """A manille partie of two coups, and their times in Paris to the minute, as the ledger keeps them."""
    players = [arg for name in ("César", "Panisse", "Escartefigue", "Brun") for arg in ("-p", name)]
    assert scorekeeper("new", "manille-muette", *players, "-g", "soir").returncode == Exit.DONE
    for retourne, points in (("10h", "César=40"), ("7s", "Panisse=48")):
        assert scorekeeper("coup", "--retourne", retourne, "--points", points).returncode == Exit.DONE
    coups = tomllib.loads((home / "games" / "soir.toml").read_text(encoding="utf-8"))["coups"]
    paris = ZoneInfo(PARIS["TZ"])
    return [datetime.fromisoformat(coup["time"]).astimezone(paris).strftime("%Y-%m-%d %H:%M") for coup in coups]


@pytest.mark.parametrize(("lang", "separator"), [("fr", ";"), ("en", ","), ("nl", ";")])
def test_the_time_column_is_the_local_date_and_time_a_spreadsheet_reads(
    soir: list[str], lang: str, separator: str
) -> None:
    rows = scorekeeper("--lang", lang, "export", "--format", "csv").stdout.lstrip("\ufeff").splitlines()
    assert [row.split(separator)[1] for row in rows[1:]] == soir
    assert all(len(when) == 16 and "T" not in when and "+" not in when for when in soir)


def test_a_program_s_csv_keeps_the_instant_with_its_offset(soir: list[str]) -> None:
    rows = scorekeeper("export", "--format", "csv", "--dialect", "rfc4180").stdout.splitlines()
    instants = [datetime.fromisoformat(row.split(",")[1]) for row in rows[1:]]
    assert all(moment.tzinfo is not None for moment in instants)
    paris = [moment.astimezone(ZoneInfo(PARIS["TZ"])).strftime("%Y-%m-%d %H:%M") for moment in instants]
    assert paris == soir


@NEEDED
@pytest.mark.parametrize(("lang", "infilter"), [("fr", "CSV:59,34,76,1,,1036"), ("en", "CSV:44,34,76,1,,1033")])
def test_libreoffice_reads_each_coup_s_time_as_a_date(
    soir: list[str], tmp_path: Path, lang: str, infilter: str
) -> None:
    source = tmp_path / f"soir-{lang}.csv"
    assert scorekeeper("--lang", lang, "export", "--output", str(source)).returncode == Exit.DONE
    sheet = convert(source, infilter, "fods", tmp_path).read_text(encoding="utf-8")
    for when in soir:
        assert f'office:value-type="date" office:date-value="{when.replace(" ", "T")}:00"' in sheet, when


@pytest.mark.parametrize("spelled", ['=HYPERLINK("http://x";"y")', "hier\nsoir", "-1+1"])
def test_a_time_a_hand_edited_file_spells_wrong_is_text_the_spreadsheet_never_runs(
    soir, home: Path, spelled: str
) -> None:
    path = home / "games" / "soir.toml"
    stored = tomllib.loads(path.read_text(encoding="utf-8"))["coups"][0]["time"]
    escaped = spelled.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")  # as TOML writes it
    path.write_text(path.read_text(encoding="utf-8").replace(stored, escaped, 1), encoding="utf-8")
    ran = scorekeeper("--lang", "fr", "export", "--format", "csv")
    assert ran.returncode == Exit.DONE, ran.stderr
    rows = list(csv.reader(io.StringIO(ran.stdout.lstrip("\ufeff"), newline=""), delimiter=";"))
    assert rows[1][1] == (spelled if spelled[0].isalpha() else "'" + spelled)  # text, never a formula
