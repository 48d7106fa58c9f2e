"""The concours in its own words (issue 40): plurals agree (« 1 table », « la table 2 n'a pas de
résultat »), no « round 0 of 3 », a player of an individuel is a player and never a « team », a draw is
numbered (« tirage n° », never « graine »), halves are written « 0,5 » in French and Dutch, and a
concours keeps the language it was made in."""

from __future__ import annotations

import re

import pytest


@pytest.fixture(autouse=True)
def _no_language_told(monkeypatch) -> None:
    monkeypatch.delenv("SCOREKEEPER_LANG")  # the concours's own language speaks where none is told (C-2)
    monkeypatch.setenv("LANG", "C.UTF-8")


def _individuel(run, lang: str = "fr", players=("Ana", "Bea", "Cid", "Dan")) -> None:
    assert (
        run(
            "--lang", lang, "concours", "new", "Été", "--ruleset", "manillen", "--format", "individuel", "--rounds", "2"
        ).code
        == 0
    )
    for name in players:
        assert run("concours", "register", "-p", name).code == 0


def test_a_concours_keeps_its_language_and_says_players_of_an_individuel(run) -> None:
    assert (
        run(
            "--lang", "fr", "concours", "new", "Été", "--ruleset", "manillen", "--format", "individuel", "--rounds", "2"
        ).code
        == 0
    )
    assert run("concours", "status").out == "Été : aucun tour tiré, 2 tours à jouer, 0 joueur inscrit.\n"
    assert run("concours", "register", "-p", "Ana").out == "Joueur 1 : Ana ; 1 joueur inscrit.\n"
    assert run("concours", "register", "-p", "Bea").out == "Joueur 2 : Bea ; 2 joueurs inscrits.\n"
    assert "Team" not in run("--lang", "en", "concours", "register", "-p", "Cid").out  # told English: a player
    assert run("--lang", "en", "concours", "status").out.startswith(
        "Été: no round drawn yet, 2 rounds to play, 3 players"
    )


def test_a_draw_is_numbered_and_one_table_is_one(run) -> None:
    _individuel(run)
    drawn = run("concours", "draw").out
    assert re.match(r"Tour 1 \(tirage n° [0-9]+\) : 1 table\.", drawn), drawn
    assert "graine" not in drawn and "seed" not in drawn


def test_halves_in_french_and_dutch_and_the_elided_name(run) -> None:
    _individuel(run)
    run("concours", "draw")
    assert run("concours", "result", "1", "1", "--draw", "--points", "100-100").code == 0
    shown = run("concours", "standing").out
    assert shown.startswith("Classement d'Été après le tour 1 :") and "gagnées 0,5" in shown
    assert "gewonnen 0,5" in run("--lang", "nl", "concours", "standing").out
    assert "won 0.5" in run("--lang", "en", "concours", "standing").out


def test_one_table_waiting_is_said_in_the_singular(run) -> None:
    _individuel(run, players=("Ana", "Bea", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal"))
    run("concours", "draw")
    assert run("concours", "result", "1", "1", "--draw", "--points", "100-100").code == 0
    refused = run("concours", "draw")
    assert refused.code == 2 and "la table 2 n'a pas de résultat" in refused.err
    refused = run("--lang", "en", "concours", "draw")
    assert "table 2 has no result" in refused.err
