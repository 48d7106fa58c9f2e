"""The trump said before the card turned (issue 39): « à carreau César 40 » says that diamonds are trumps,
never the A♦ with its bonus (M-5); where the retourne sets trump, the card turned is asked, and may be
answered by its rank alone (« dix »: the 10♦), the suit said before it being that card's."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper import store
from tests.cli.test_table_talk import MARIUS, expect_said, pexpect, spawn


def test_m5_a_carreau_is_never_the_ace_and_coup_refuses_it_without_the_card_turned(marius) -> None:
    for said in (["à", "carreau", "César", "40"], ["a", "carreau", "César", "40"], ["À", "pique,", "César", "40"]):
        refused = marius("--lang", "fr", "coup", *said)
        assert refused.code == 2, said
        assert "retourne" in refused.err and "M-5" in refused.err and "Traceback" not in refused.err
    assert store.read("marius").coups == []  # nothing stored, no A♦


def test_m5_the_suit_said_with_its_card_turned_is_that_card_s_and_another_suit_is_refused(marius) -> None:
    stored = marius("--lang", "fr", "coup", "à", "carreau", "dix", "de", "carreau", "César", "40")
    assert stored.code == 0, stored.err
    assert "+5" in stored.out  # M-5: the 10♦'s bonus, then 40 - 34 = 6 (M-4)
    other = marius("--lang", "fr", "coup", "à", "carreau", "dix", "de", "cœur", "Panisse", "40")
    assert other.code == 2 and "M-5" in other.err
    assert [(coup["retourne"], coup["trump"]) for coup in store.read("marius").coups] == [("10D", "D")]
    assert "11" in marius("--lang", "fr", "sheet").out


def test_m5_the_card_turned_asked_after_its_suit_is_answered_by_its_rank_at_a_real_terminal(home: Path) -> None:
    """« à carreau César 40 », then « dix »: the 10♦, its 5 points to César's side (M-5), 40 - 34 = 6 (M-4)."""
    child = spawn(home, "fr", "manille-muette", MARIUS)
    expect_said(child, "coup 1>")
    child.send("à carreau César 40\r")
    expect_said(child, "Retourne (la carte tournée par César) ? (M-5)")
    child.send("dix\r")
    expect_said(child, "+11 = 11")
    expect_said(child, "coup 2>")
    child.send("atout trèfle Brun 40\r")
    expect_said(child, "Retourne (la carte tournée par Panisse) ? (M-5)")
    child.send("roi\r")
    expect_said(child, "coup 3>")
    child.send("fin\r")
    child.expect(pexpect.EOF)
    child.close()
    coups = store.read("manille-muette-1").coups
    assert [(coup["retourne"], coup["points"]) for coup in coups] == [("10D", {"César": 40}), ("KC", {"Brun": 40})]


def test_m15_a_mort_s_renonce_is_counted_to_its_player_and_the_partie_is_no_damaged_file(run) -> None:
    """`renonce mort de Marius` (M-15: Marius plays his mort's hand) stored the mort's seat, which `stats`
    took for a player and called the file damaged (issue 39): the renonce is Marius's, M-8's 34 to the others."""
    assert run("new", "manille-a-trois", "-p", "Marius", "-p", "César", "-p", "Panisse").code == 0
    assert run("coup", "roi", "de", "trèfle", "renonce", "mort", "de", "Marius").code == 0
    assert run("coup", "Kc", "Marius's", "mort", "40").code == 0
    counted = run("stats", "--json")
    assert counted.code == 0 and "damaged" not in counted.err, counted.err
    players = {player["name"]: player for player in json.loads(counted.out)["players"]}
    assert (players["Marius"]["renonces"], players["César"]["renonces"]) == (1, 0)
    assert (players["César"]["manches"], players["Panisse"]["manches"]) == (1, 1)  # M-8: 34 ends manche 1
    assert "(M-8)" in run("sheet", "--explain").out
