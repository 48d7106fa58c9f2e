"""The referee at the edges of the rule texts (issue 13): the reasons it gives (P-4, P-5, H-4) and the
face-down cards of the découverte and the morts (P-11)."""

from __future__ import annotations

import json

import pytest


def told(ran):
    """The verdict's line, joined back where the terminal wrapped it."""
    return " ".join(ran.out.split())


# --- item 7: the reasons must be as right as the legal cards ----------------------------------------


@pytest.mark.parametrize(
    ("hand", "reason", "wrong"),
    [
        # P-4: all the ♥ held go over the 9♥; once "no ♥ above the opponent's 9♥".
        ("Kh", "all the ♥ held go over the opponent's 9♥: any of them (P-4)", "no ♥ above"),
        ("Kh Ah 8c", "must follow ♥: holds K♥ A♥ (P-3); all the ♥ held go over the opponent's 9♥: any of them", "no ♥"),
        # P-5: void, both trumps beat the 9♥; once "cannot beat the opponent's 9♥".
        ("10s As", "void in ♥, every card held is a trump over the opponent's 9♥: any of them (P-5)", "cannot beat"),
        ("8c 9d", "void in ♥, cannot beat the opponent's 9♥: any card (P-6)", "every card held"),
    ],
)
def test_p4_to_p6_the_reason_agrees_with_the_legal_cards(run, hand, reason, wrong):
    ran = run("check", "manille-muette", "--trump", "s", "--table", "O:9h", "--hand", hand)
    assert ran.code == 0
    assert reason in told(ran) and wrong not in told(ran)


def test_h4_the_manille_led_forces_the_lower_baste_and_leaves_the_higher_espadille(run):
    ran = run("check", "hombre", "--trump", "h", "--table", "7h", "--hand", "As Ac 3c")
    assert "legal cards: A♠ A♣" in told(ran)
    line = (
        "the manille 7♥ led forces a lower matador from a hand without ordinary trumps, or a higher one instead: "
        "must play one of A♠ A♣ (H-4)"
    )
    assert line in told(ran)
    data = json.loads(run("check", "hombre", "--trump", "h", "--table", "7h", "--hand", "As Ac 3c", "--json").out)
    assert data["records"][0]["event"] == "duty.matador_forced_or_higher"


def test_h4_without_a_higher_matador_the_forced_one_is_named_alone(run):
    ran = run("check", "hombre", "--trump", "h", "--table", "7h", "--hand", "Ac 3c")
    assert "forces a lower matador from a hand without ordinary trumps: must play A♣ (H-4)" in told(ran)


# --- item 1: P-11, face-down cards (seed 000 « Une carte face cachée ne peut pas être regardée avant que
# la carte qui la recouvre ne soit jouée »; seed 002 « Après chaque levée on retourne les cartes des
# morts qui montrent leur dos ») -------------------------------------------------------------------

A_DEUX = ["audit", "manille-a-deux", "--players", "Marius Fanny mortM mortF", "--trump", "h", "--leader", "Fanny"]
A_DEUX_TRICKS = ["--trick", "AS 9S KD 8S", "--trick", "QS 7S JS 10S"]


def test_p11_a_morts_later_card_that_may_have_lain_face_down_proves_nothing(run):
    ran = run(*A_DEUX, *A_DEUX_TRICKS)
    out = told(ran)
    assert (
        "mortF discarded K♦ on a ♠ lead at trick 1: not proven, J♠ may still have lain face down at that trick (P-11)"
        in out
    )
    assert "renonce (P-3): mortF" not in out
    # Marius's own hand was dealt whole: the 10♠ he played later proves his renonce.
    assert "renonce (P-4): Marius played 8♠" in out and ran.code == 1


def test_p11_the_layout_places_the_face_down_cards_and_the_proof_follows(run):
    under = run(*A_DEUX, *A_DEUX_TRICKS, "--layout", "mortF: KD/JS", "--json")
    data = json.loads(under.out)
    assert [r["player"] for r in data["renonces"]] == ["Marius"]  # J♠ lay under K♦: mortF could not play it
    whole = run(*A_DEUX, *A_DEUX_TRICKS, "--layout", "mortF: KD/7H AD/8D AC/8C AH/9H", "--json")
    assert [r["player"] for r in json.loads(whole.out)["renonces"]] == ["mortF", "Marius"]  # J♠ lay face up


def test_p11_a_layout_under_the_players_name_is_his_morts(run):
    by_player = json.loads(run(*A_DEUX, *A_DEUX_TRICKS, "--layout", "Fanny: KD/JS", "--json").out)
    assert [r["player"] for r in by_player["renonces"]] == ["Marius"]


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        (
            "mortF: JS/KD",
            "mortF played K♦ before J♠, which covered it: a face-down card is played only after its cover (P-11)",
        ),
        ("mortF: 7H/JS", "mortF played J♠ before 7♥, which covered it"),
        ("Marius: KD/JS", "K♦ is in mortM's layout, but mortF played it (P-11)"),
        ("mortF KD/JS", "--layout 'mortF KD/JS': write NAME: UP/DOWN UP/DOWN"),
        (
            "mortF: KD/7H AD/8D AC/8C AH/9H QD/QC",
            "mortF: 5 pairs in the layout, but 4 cards lie face down there (P-11)",
        ),
    ],
)
def test_p11_a_layout_the_log_contradicts_is_refused_in_one_line(run, layout, message):
    ran = run(*A_DEUX, *A_DEUX_TRICKS, "--layout", layout)
    assert ran.code == 2 and ran.out == "" and ran.err.count("\n") == 1
    assert message in ran.err


def test_p11_a_layout_where_nothing_lies_face_down_is_refused(run):
    muette = ["audit", "manille-muette", "--players", "A B C D", "--trump", "h", "--leader", "A"]
    ran = run(*muette, "--trick", "7S 8S 9S 10S", "--layout", "A: KD/JS")
    assert ran.code == 2 and "A: no card lies face down at that seat in this game" in ran.err


def test_p11_a_tricks_file_gives_the_layout(run, tmp_path):
    coup_file = tmp_path / "coup.toml"
    coup_file.write_text(
        'players = ["Marius", "Fanny", "mortM", "mortF"]\ntrump = "h"\nleader = "Fanny"\n'
        'tricks = [["AS", "9S", "KD", "8S"], ["QS", "7S", "JS", "10S"]]\nlayout = {mortF = [["KD", "JS"]]}\n',
        encoding="utf-8",
    )
    data = json.loads(run("audit", "manille-a-deux", "--file", str(coup_file), "--json").out)
    assert [r["player"] for r in data["renonces"]] == ["Marius"]


MANILLEN_2 = ["new", "manillen-2", "-p", "Hugo", "-p", "Inès"]
HUGO_DISCARDS = ["--trump", "h", "--trick", "AS KD", "--trick", "8S 7S"]


def test_p11_m12_decouverte_no_renonce_scored_on_a_card_that_may_have_lain_face_down(run):
    assert run(*MANILLEN_2).code == 0
    ran = run("coup", *HUGO_DISCARDS)
    assert ran.code == 2 and "the log stops at trick 2 of 16 and proves no renonce" in ran.err  # no renonce scored
    assert json.loads(run("sheet", "--json").out)["coups"] == []


def test_p11_m12_decouverte_with_the_layout_the_renonce_is_scored_and_edit_keeps_it(run):
    assert run(*MANILLEN_2).code == 0
    ran = run("coup", *HUGO_DISCARDS, "--layout", "Hugo: QH/8H 10H/9H JH/8D 8C/9C")
    assert ran.code == 0, ran.err
    assert "renonce by Hugo: coup cancelled, +30 to Inès (M-8)" in ran.out
    data = json.loads(run("sheet", "--json").out)
    assert data["coups"][0]["declared"]["layout"] == {"Hugo": [["QH", "8H"], ["10H", "9H"], ["JH", "8D"], ["8C", "9C"]]}
    edited = run("edit", "1", "--layout", "Hugo: KD/7S")
    assert edited.code == 2 and "proves no renonce" in edited.err  # 7♠ lay under K♦: nothing proven


def test_p7_m12_check_takes_the_tables_cards_without_prefix_where_nobody_has_a_partner(run):
    ran = run("check", "manillen-2", "--trump", "h", "--table", "AS", "--hand", "KS 7h", "--play", "7h")
    assert ran.code == 1 and "7♥ is a renonce: must follow ♠: holds K♠ (P-3)" in told(ran)
