"""A table's game belongs to its table (issue 40, RULES T-9): once its result is entered from paper (or
a forfeit said, or a draw used it), the game takes no change, however its name is spelled; and no
other game takes a drawn table's name."""

from __future__ import annotations

import json

import pytest


@pytest.fixture
def bound(run) -> dict:
    """Four doublettes over 2 deals of muette; table 1's result entered from paper, table 2 still playing."""
    assert run("concours", "new", "Printemps", "--ruleset", "manille-muette", "--coups", "2").code == 0
    for at in range(1, 5):
        assert run("concours", "register", "--player", f"A{at}", "--player", f"B{at}", "--team", f"T{at}").code == 0
    drawn = json.loads(run("concours", "draw", "--json").out)
    one, two = drawn["tables"]
    assert run("coup", "--game", one["game"], "-r", "7h", "--points", f"{one['seats'][0]}=40").code == 0  # begun
    assert run("concours", "result", "1", "1", "--winner", one["teams"][0], "--points", "40-10").code == 0
    return {"one": one, "two": two}


@pytest.mark.parametrize("spelled", ["Printemps-r1-t1", "printemps-R1-T1", "PRINTEMPS-r1-t1"])
@pytest.mark.parametrize(
    "command",
    [
        ("coup", "-r", "8h", "--points", "A1=40"),
        ("undo",),
        ("edit", "1", "--points", "A1=30"),
        ("games", "delete"),  # the game itself to the trash
        ("games", "archive"),
        ("stop", "--reason", "on a perdu la feuille"),
    ],
)
def test_t9_a_table_whose_result_is_entered_takes_no_change_whatever_the_spelling(run, bound, spelled, command) -> None:
    args = [*command, spelled] if command[0] == "games" else [*command, "--game", spelled]
    ran = run(*args)
    assert ran.code == 2 and "T-9" in ran.err and "concours result --replace" in ran.err, ran.err
    sheet = json.loads(run("sheet", "--game", "Printemps-r1-t1", "--json").out)
    assert len(sheet["coups"]) == 1  # as it was


def test_t9_a_table_s_game_keeps_its_name(run, bound) -> None:
    ran = run("use", "Printemps-r1-t1")
    assert ran.code == 0
    ran = run("games", "rename", "Printemps-r1-t1", "Soirée")
    assert ran.code == 2 and "T-9" in ran.err


def test_t9_no_other_game_takes_a_drawn_table_s_name(run, bound) -> None:
    two = bound["two"]
    made = run("new", "manille-muette", "-p", "W", "-p", "X", "-p", "Y", "-p", "Z", "--game", "printemps-r1-t2")
    assert made.code == 2 and "W" in made.err and two["seats"][0] in made.err  # other players than its seats
    seats = [arg for seat in two["seats"] for arg in ("-p", seat)]
    other = run("new", "manille-muette", *seats, "--game", "Printemps-r1-t2", "--option", "partie=seche")
    assert other.code == 2 and "manille-muette" in other.err  # its own rules, not the concours's
    assert run("new", "manille-muette", "-p", "W", "-p", "X", "-p", "Y", "-p", "Z", "--game", "Soir").code == 0
    renamed = run("games", "rename", "Soir", "Printemps-r1-t2")
    assert renamed.code == 2
    assert (
        run("coup", "--game", "Printemps-r1-t2", "-r", "7h", "--points", f"{two['seats'][0]}=40").code == 0
    )  # its own


def test_t9_the_organiser_replaces_the_result_and_the_table_stays_bound_to_it(run, bound) -> None:
    one = bound["one"]
    ran = run("concours", "result", "1", "1", "--winner", one["teams"][0], "--points", "39-0", "--replace")
    assert ran.code == 0, ran.err
    assert run("coup", "--game", "Printemps-r1-t1", "-r", "8h", "--points", "A1=40").code == 2
    from scorekeeper.concours import files

    kept = files.read("Printemps").rounds[0].tables[0].result
    assert kept is not None and kept.points == (39, 0) and kept.source == "paper"
