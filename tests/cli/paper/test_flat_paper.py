"""Issue 28: the export of a game with money draws each player's statement from the sheet's figures
without putting in words the records that explain every coup, which no statement reads."""

from __future__ import annotations

import random

import pytest

from scorekeeper import i18n, service, store
from scorekeeper.cli import paper


def _hombre(count: int) -> str:
    """An l'hombre game of `count` coups, each a contract played (the bench's own kind of coup)."""
    rng = random.Random(3)
    made = service.new("hombre", ["Ana", "Bea", "Cid"], options={"poules": 10**9}, name="long")
    coups = []
    for _ in range(count):
        hombre = rng.choice(["Ana", "Bea", "Cid"])
        others = [p for p in ("Ana", "Bea", "Cid") if p != hombre]
        first = rng.choice([3, 5, 6])
        second = rng.randint(0, 9 - first)
        tricks = {hombre: first, others[0]: second, others[1]: 9 - first - second}
        coups.append({"hombre": hombre, "contract": "demande", "tricks": tricks})
    with store.changing(made.name) as game:
        game.coups = coups
    return made.name


def test_statements_render_the_payments_not_each_coups_log(monkeypatch: pytest.MonkeyPatch) -> None:
    name = _hombre(40)
    fiche = service.fiche(store.read(name))
    data = paper.heading(name, fiche, service.aside(store.read(name)))
    rendered = []
    real = i18n.render

    def counted(item, *args, **kwargs):  # type: ignore[no-untyped-def]
        rendered.append(item)
        return real(item, *args, **kwargs)

    monkeypatch.setattr(i18n, "render", counted)
    sections = paper.sections(name, data, fiche)
    payments = sum(len(result.payments) for result in fiche.coups)
    logs = sum(len(result.log) for result in fiche.coups)
    assert logs > payments  # the records the statements used to render, beside the payments they read
    # Each payment's reason once (the settlement's own lines are few), none of the coups' logs.
    assert len(rendered) <= payments + 50
    assert [heading for heading, _ in sections][1:] == [f"Statement of {p}" for p in fiche.players]


def test_statements_read_the_same_whether_or_not_the_logs_are_rendered() -> None:
    name = _hombre(12)
    fiche = service.fiche(store.read(name))
    whole, light = paper.as_data(name, fiche), paper.as_data(name, fiche, logs=False)
    assert all("log" not in coup for coup in light["coups"])
    assert [{k: v for k, v in coup.items() if k != "log"} for coup in whole["coups"]] == light["coups"]
