"""C-2: the cards of a trick log as the table says them, the manille's own words included ("manille de
carreau" is the 10♦, "manillon de pique" the A♠), in `audit --trick` and `coup --trick`."""

import json

SPOKEN = "manillon de pique, roi de pique, manille de pique, dame de pique"  # A♠ K♠ 10♠ Q♠


def test_c2_audit_reads_the_manilles_words_in_a_trick(run):
    ran = run("--lang", "fr", "audit", "manille-muette", "--players", "A B C D", "--trump", "p", "--leader", "A",
              "--trick", SPOKEN, "--json")  # fmt: skip
    cards = [played["card"] for played in json.loads(ran.out)["tricks"][0]["cards"]]
    assert ran.code == 0 and cards == ["AS", "KS", "10S", "QS"]


def test_c2_coup_reads_the_manilles_words_in_a_trick_log(run):
    assert run("--lang", "fr", "new", "manille-muette", "-p", "A", "-p", "B", "-p", "C", "-p", "D").code == 0
    ran = run("--lang", "fr", "coup", "-r", "valet de pique", "--trick", SPOKEN)
    # Read whole, the trick stops the log at trick 1: refused for that, never for a card it cannot read.
    assert ran.code == 2 and "le relevé s'arrête au pli 1 sur 8" in ran.err
