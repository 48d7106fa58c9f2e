"""A hand-edited or damaged concours file (issue 40): refused in one line naming the key, with no
traceback; never a standing made of `nan`, a team dropped silently or six players at a table of four."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_concours import _day, _drawn


@pytest.mark.parametrize(
    ("was", "made", "key"),
    [
        ("    40,\n    10,", "    nan,\n    10,", "rounds[1].tables[1].result"),
        ("    1.0,\n    0.0,", "    inf,\n    0.0,", "rounds[1].tables[1].result"),
        ('seats = [\n    "', 'seats = [\n    "X1",\n    "X2",\n    "', "rounds[1].tables[1].seats"),
        ("sides = [\n    [\n        ", "sides = [\n    [\n        99,\n        ", "rounds[1].tables[1].sides"),
        ("seats = 4", 'seats = "four"', "settings"),
        ("number = 2", "number = 1", "entrants.number"),
        ("secret = ", "nothing = ", None),  # a secret missing is made again: nothing to refuse
        ('game = "Printemps-r1-t1"', 'gamez = "Printemps-r1-t1"', "rounds[1].game"),
    ],
)
def test_a_damaged_concours_file_is_refused_in_one_line_naming_its_key(run, home, was, made, key) -> None:
    _day(run, 4)
    drawn = _drawn(run)
    table = drawn["tables"][0]
    assert run("concours", "result", "1", "1", "--winner", table["teams"][0], "--points", "40-10").code == 0
    path = home / "concours" / "Printemps.toml"
    text = path.read_text()
    assert was in text
    path.write_text(text.replace(was, made, 1))
    for command in (("standing",), ("status",), ("draw",), ("export", "--what", "standing"), ("standing", "--json")):
        ran = run("concours", *command)
        if key is None:
            assert ran.code in (0, 2) and "Traceback" not in ran.err
            continue
        assert ran.code == 2 and f"({key})" in ran.err and len(ran.err.splitlines()) == 1, (command, ran.err)
        assert "nan" not in ran.out


def test_a_sound_file_is_read_as_written(run) -> None:
    _day(run, 4)
    _drawn(run)
    assert json.loads(run("concours", "status", "--json").out)["round"] == 1
