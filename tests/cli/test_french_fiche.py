"""The fiche in French as the table reads it (issue 29): the muette's points « compté », no empty « annonces »
column before the first coup, the third manche called the belle, no manche where a system has none, and the
coinchée's surcoinche refused in its own word under its own rule (M-7)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import MARIUS

PLAYERS = [arg for name in MARIUS for arg in ("--player", name)]


def _new(run, ruleset: str, *players: str) -> None:
    assert run("--lang", "fr", "new", ruleset, *(players or PLAYERS)).code == 0


def test_the_muette_fiche_counts_and_shows_no_empty_calls_column_before_the_first_coup(run):
    _new(run, "manille-muette")
    header = run("--lang", "fr", "sheet").out.splitlines()[2]
    assert "compté" in header and "annoncé" not in header
    assert "annonces" not in header  # nothing was called yet, as after the first coup of a muette
    assert "calls" not in run("sheet").out.splitlines()[2]


def test_m9_the_third_manche_of_a_partie_liee_is_the_belle(run):
    _new(run, "manille-muette")
    run("coup", "--retourne", "7s", "--points", "César=68")
    second = run("--lang", "fr", "coup", "--retourne", "7s", "--points", "Panisse=68").out
    assert "la belle en 44 : César et Escartefigue 0, Panisse et Brun 0 (manches 1-1)" in second
    assert "manche 3" not in second
    assert "the belle to 44: César & Escartefigue 0" in run("sheet").out


def test_m9_a_system_without_manches_names_none(run):
    _new(run, "manillen")
    run("coup", "--trump", "h", "--points", "César=40")
    explained = run("--lang", "fr", "sheet", "--explain").out
    assert "coup 1 :" in explained and "(manche" not in explained
    exported = run("--lang", "fr", "export", "--format", "md").out
    assert "- César et Escartefigue : 10\n" in exported and "manche" not in exported.split("\n\n")[-1]
    assert "coup 1:" in run("sheet", "--explain").out


def test_m7_the_coinchee_refuses_a_surcoinche_in_its_own_word(run):
    _new(run, "manille-coinchee")
    refused = run(
        "--lang", "fr", "coup", "--trump", "h", "--contre", "Panisse", "--surcontre", "César", "--points", "César=40"
    )
    assert refused.code == 2
    assert refused.err.strip().endswith("il n'y a pas de surcoinche dans ce système (M-7)")
    assert "surcontre" not in refused.err
    english = run("coup", "--trump", "h", "--contre", "Panisse", "--surcontre", "César", "--points", "César=40")
    assert english.err.strip().endswith("there is no surcoinche in this system (M-7)")


def _help(lang: str, command: str) -> str:
    """A command's help, in a process of its own: its words are read when its module is first imported."""
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--lang", lang, command, "--help"], capture_output=True, text=True
    )
    return done.stdout


def test_click_speaks_french_typography_and_placeholders(run):
    """« Options : » with its space, placeholders in French (`--game TEXTE`, `--output FICHIER`), and an
    extra argument said plainly; in English all stays as click writes it."""
    french = _help("fr", "export")
    assert "\nOptions :\n" in french and "Options:" not in french
    assert "--game TEXTE" in french and "--output FICHIER" in french
    assert "TEXT " not in french and "FILE" not in french
    assert "INTEGER" not in _help("fr", "stats")
    refused = run("--lang", "fr", "undo", "2")
    assert refused.code == 2 and "argument de trop : 2" in refused.err and "inattendu" not in refused.err
    english = _help("en", "export")
    assert "\nOptions:\n" in english and "--game TEXT" in english and "--output FILE" in english
