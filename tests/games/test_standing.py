"""A game says its players' figures as one typed record (`standing.Figures`, issue 25), and what a partie
stopped by agreement comes to (RULES M-9, M-8, H-9 to H-11, H-19)."""

from __future__ import annotations

from scorekeeper import games
from scorekeeper.games.hombre import ENGINE as HOMBRE
from scorekeeper.games.hombre import HombreRules, replay
from scorekeeper.games.manille import demo
from scorekeeper.standing import FIGURES, Figures

SEED = [
    {"hombre": hombre, "contract": "demande", "tricks": {"A": a, "B": b, "C": c}}
    for hombre, a, b, c in (("A", 4, 4, 1), ("B", 3, 3, 3), ("B", 4, 4, 1), ("C", 2, 2, 5), ("B", 2, 5, 2))
]


def test_m9_m8_manille_counts_the_winning_side_its_manches_points_and_renonces() -> None:
    ruleset = games.load(demo.RULESET)
    fiche = games.replay(ruleset, demo.PLAYERS, demo.PLAYERS[0], demo.COUPS)
    figures = ruleset.engine.figures(fiche)
    assert figures["César"] == Figures(won=1, manches=2, points=79)
    assert figures["Escartefigue"] == Figures(won=1, manches=2, renonces=1, points=79)
    assert figures["Brun"] == Figures(lost=1, manches=1, points=69)
    assert ruleset.engine.stopped(fiche) == ["César", "Escartefigue"]  # the side ahead (45 to 2)


def test_h9_h19_hombre_counts_each_coup_as_hombre_and_the_balance_of_a_partie_not_over() -> None:
    fiche = replay(HombreRules(system="3-2"), ("A", "B", "C"), "A", SEED)
    figures = HOMBRE.figures(fiche)
    assert not fiche.over  # no one won or lost yet: the jetons are the balances so far
    assert figures["A"] == Figures(jetons=-60, taken=1, outcomes={"remise": 1})
    assert figures["B"] == Figures(jetons=-15, taken=3, taken_made=1, outcomes={"remise": 2, "won": 1})
    assert figures["C"] == Figures(jetons=75, taken=1, taken_made=1, outcomes={"won": 1})
    stopped = HOMBRE.stopped(fiche)  # H-19: the settlement `settle --early` makes, the bêtes owed split
    assert [result["result"] for result in stopped.as_dict()["results"]] == [-36, -63, 99]


def test_the_figures_keep_the_history_s_keys_in_its_order() -> None:
    assert list(Figures(won=1, outcomes={"won": 1}).as_dict()) == [*FIGURES, "outcomes"]
    assert Figures(outcomes={"won": 1}).as_dict()["outcomes"] == {"won": 1}
