"""The concours's addresses as an attacker would try them (issue 40): `--url` is checked for control
characters and spaces before anything is printed or coded, and a page holding the tables' entry
addresses (their tokens let anyone enter coups) is written the organiser's alone, 0600."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tests.cli.test_concours import _day, _drawn


@pytest.mark.parametrize(
    "url", ["http://host\t/", "http://host/\x1b[31m", "http://ho st/", "http://host/\u202e", "http://ho\nst/"]
)
def test_a_url_with_a_control_character_or_a_space_is_refused_before_anything_is_written(
    run, tmp_path: Path, url
) -> None:
    _day(run, 4)
    _drawn(run)
    out = tmp_path / "cards.html"
    ran = run("concours", "export", "--what", "cards", "--url", url, "--entry", "--output", str(out))
    assert ran.code == 2 and "--url" in ran.err and len(ran.err.splitlines()) == 1
    assert not out.exists()


def test_the_cards_with_entry_addresses_are_the_organiser_s_alone(run, tmp_path: Path) -> None:
    _day(run, 4)
    _drawn(run)
    out = tmp_path / "cards.html"
    out.write_text("old")
    os.chmod(out, 0o644)
    ran = run(
        "concours", "export", "--what", "cards", "--url", "http://192.168.1.20:8733", "--entry", "--output", str(out)
    )
    assert ran.code == 0, ran.err
    assert stat.S_IMODE(out.stat().st_mode) == 0o600 and "/entry" in out.read_text()
