"""A plain coup (its trump and its points or renonce) is read by a shorter way than the whole form (issue 28,
fast.py): the same Coup, or the same refusal, as the whole reading gives."""

from __future__ import annotations

import itertools

import pytest

from scorekeeper import games
from scorekeeper.errors import UserError
from scorekeeper.games.manille import declaration
from scorekeeper.games.manille.declaration import Coup

PLAYERS = ["César", "Panisse", "Escartefigue", "Brun"]
RETOURNES = [None, "7S", "10h", "ZZ", 7, ""]
TRUMPS = [None, "h", "SA", "x", 3]
POINTS = [
    None,
    {"César": 40},
    {"cesar": 0},
    {"Panisse": 68},
    {"César": 69},
    {"César": -1},
    {"César": True},
    {"Fanny": 3},
    {},
    [],
    {"César": 30, "Panisse": 30},
    {"César": 30, "cesar": 3},
]
RENONCES = [None, "Brun", "brun", "Fanny", 4]


def read(data: dict, ruleset) -> object:
    try:
        return Coup.from_dict(data, ruleset, PLAYERS)
    except UserError as error:
        return (type(error).__name__, error.key, error.values)


@pytest.mark.parametrize("system", ["manille-muette", "manille-envers", "manille-coinchee"])
def test_a_plain_coup_reads_as_the_whole_form_reads_it_refusals_included(monkeypatch, system):
    ruleset = games.load(system)
    said = []
    for retourne, trump, points, renonce in itertools.product(RETOURNES, TRUMPS, POINTS, RENONCES):
        fields = {"retourne": retourne, "trump": trump, "points": points, "renonce": renonce}
        said.append({key: value for key, value in fields.items() if value is not None})
    plain = [read(data, ruleset) for data in said]
    monkeypatch.setattr(declaration, "_PLAIN", frozenset())  # every coup read the whole way
    assert plain == [read(data, ruleset) for data in said]
    assert sum(isinstance(coup, Coup) for coup in plain) > 50  # not only refusals


def test_a_plain_coup_is_read_the_short_way(monkeypatch):
    ruleset = games.load("manille-muette")
    monkeypatch.setattr(declaration, "_read_tricks", None)  # the whole way would call it
    assert Coup.from_dict({"retourne": "7S", "points": {"César": 40}}, ruleset, PLAYERS).points == (("César", 40),)
