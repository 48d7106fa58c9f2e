"""The cache's JSON copy of a long game (`store.cache`) is written formatting only the coups that are new
(issue 28): each coup's JSON one a line at its end, taken again by the next write, in this process or the
next; whatever the changes, the copy reads back as the file's own tables."""

from __future__ import annotations

import json
import tomllib
from typing import Any

import pytest

from scorekeeper import service, store
from scorekeeper.store import cache

PLAYERS = ["César", "Panisse", "Escartefigue", "Brun"]


def _coup(number: int) -> dict[str, Any]:
    return {"retourne": ["7S", "10H", "AC", "KD"][number % 4], "points": {PLAYERS[number % 2]: number * 7 % 69}}


def _long(name: str = "long", count: int = 300) -> str:
    service.new("manille-muette", PLAYERS, options={"partie": "seche", "manche": 10**9}, name=name)
    with store.changing(name) as game:
        game.coups = [_coup(number) for number in range(count)]
    return name


def _same_as_file(name: str) -> None:
    raw = store.path_of(name).read_bytes()
    entry = cache.load(raw)
    assert entry is not None
    assert entry == tomllib.loads(raw.decode())


def test_a_write_formats_the_new_coups_alone(monkeypatch):
    name = _long()
    dumped: list[Any] = []
    real = json.dumps
    monkeypatch.setattr(json, "dumps", lambda value, *args, **kw: dumped.append(value) or real(value, *args, **kw))
    service.add(name, _coup(1))
    coups = [value for value in dumped if isinstance(value, dict) and "retourne" in value]
    assert len(coups) == 1  # the new coup alone; before, every coup again
    _same_as_file(name)


@pytest.mark.parametrize(
    "change",
    [
        lambda name: service.add(name, _coup(3)),
        lambda name: service.undo(name),
        lambda name: service.edit(name, 5, {"points": {"César": 1}}),
        lambda name: service.delete_entry(name, 2),
        lambda name: service.insert(name, 3, _coup(9)),
        lambda name: service.note(name, 'a note, with "quotes",\nand a line', 4),
        lambda name: service.note(name, "null", 6),
    ],
    ids=["add", "undo", "edit", "delete", "insert", "note", "null-note"],
)
def test_the_copy_reads_back_as_the_file_after_every_change(change):
    name = _long()
    service.add(name, _coup(1))
    service.add(name, _coup(2))
    change(name)
    _same_as_file(name)
    game = store.read(name)  # from the copy, its coups' JSON at hand, then written again in this process
    game.coups = [*game.coups[:-1], _coup(7), *game.coups[-1:]]
    with store.locked(name):
        store.write(game)
        game.coups = game.coups[1:]
        store.write(game)
    _same_as_file(name)


def test_a_copy_of_the_form_before_is_read_and_written_anew():
    """A copy written before issue 28 (`created` null, the coups among the tables): read, then replaced."""
    name = _long()
    raw = store.path_of(name).read_bytes()
    data = tomllib.loads(raw.decode())
    old = json.dumps({"created": data["created"].isoformat(), "data": {**data, "created": None}})
    cache._entry(raw).write_text(old)
    assert cache.load(raw) == data
    service.add(name, _coup(1))
    _same_as_file(name)


@pytest.mark.parametrize(
    "forged",
    [
        lambda text: text.replace(b"},\n{", b"}, {", 1),  # two coups on a line
        lambda text: text[:-4] + b"]}}",  # the last newline gone
        lambda text: text.replace(b'"coups": [\n', b'"coups": [', 1),
    ],
)
def test_a_copy_of_another_layout_is_read_and_written_whole(forged):
    name = _long()
    raw = store.path_of(name).read_bytes()
    path = cache._entry(raw)
    path.write_bytes(forged(path.read_bytes()))
    assert cache.load(raw) == tomllib.loads(raw.decode())
    service.add(name, _coup(1))
    _same_as_file(name)
