"""What an audit proves by count (P-11), what a partial log clears and why (P-10), and notes that never
contradict the verdict (issue 26), through the real command, in English and French."""

from __future__ import annotations

import json

import pytest


def told(ran):
    """The output's words, joined back where the terminal wrapped them."""
    return " ".join(ran.out.split())


def tricks(*log: str) -> list[str]:
    return [arg for trick in log for arg in ("--trick", trick)]


def symbols(args: list[str]) -> list[str]:
    """A command's cards with the suits' symbols, read alike in every language (`c` is cœur in French)."""
    suits = str.maketrans("SHDC", "♠♥♦♣")
    return [
        arg if arg.startswith("--") else " ".join(c[:-1] + c[-1].translate(suits) for c in arg.split()) for arg in args
    ]


# --- P-11: certainty by count ----------------------------------------------------------------------

# Manillen at two (M-12), ♥ trump: on A's A♠ at trick 1, B discards K♦; B plays all eight hearts later.
# At most 4 of B's 16 cards lay face down, so at least 4 hearts were in B's hand or face up: a renonce.
B_DISCARDS = tricks(
    "AS KD", "10S 7H", "8H 7C", "9H 8C", "JH 9C", "QH JC", "KH QC", "AH KC",
    "10H AC", "7D 7S", "8D 8S", "9D 9S", "JD JS", "QD QS", "AD KS", "10D 10C",
)  # fmt: skip
MANILLEN_2 = ["audit", "manillen-2", "--players", "A B", "--trump", "h", "--leader", "A", *B_DISCARDS]
COUNTED = (
    "renonce (P-5): B discarded K♦ on a ♠ lead at trick 1, where A's A♠ was master (P-5), while holding at least"
    " one of 7♥, 8♥, 9♥, J♥, Q♥, K♥, A♥ and 10♥: 8 cards played later, and at most 4 of B's cards lay face"
    " down at that trick (P-11)"
)


def test_p11_m12_eight_hearts_played_later_prove_the_discard_by_count(run):
    ran = run(*MANILLEN_2)
    assert ran.code == 1
    assert COUNTED in told(ran)
    assert "may still have lain face down" not in ran.out and "no renonce proven" not in ran.out
    assert "complete log: every hand is known, every play is proven or cleared" in told(ran)  # now true


def test_p11_m12_the_count_in_json(run):
    data = json.loads(run(*MANILLEN_2, "--json").out)
    (renonce,) = data["renonces"]
    assert (renonce["trick"], renonce["player"], renonce["card"], renonce["rule"]) == (1, "B", "KD", "P-5")
    proof = renonce["proof"]
    assert (proof["event"], proof["rule"]) == ("proof.renonce_counted_where", "P-5")
    assert proof["values"]["held"] == ["7H", "8H", "9H", "JH", "QH", "KH", "AH", "10H"]
    count = proof["values"]["count"]
    assert (count["rule"], count["values"]) == ("P-11", {"played": 8, "down": 4, "player": "B"})
    assert data["unknown"] == [] and data["cleared"] == []


def test_p11_m12_the_count_in_french(run):
    ran = run(*MANILLEN_2[:8], *symbols(B_DISCARDS), "--lang", "fr")
    assert ran.code == 1
    assert (
        "B s'est défaussé du R♦ sur une entame à ♠ au pli 1, où l'A♠ d'A était maître (P-5), en ayant au moins"
        " une carte parmi 7♥, 8♥, 9♥, V♥, D♥, R♥, A♥ et 10♥ : B en a joué 8 ensuite, et au plus 4 de ses cartes"
        " étaient face cachée à ce pli (P-11)"
    ) in told(ran)


def test_p11_m12_the_coup_entered_as_its_trick_log_scores_the_renonce(run):
    assert run("new", "manillen-2", "-p", "A", "-p", "B").code == 0  # B leads the first coup, A names trump
    # The same log with the seats swapped: B leads A♠ and A discards K♦, A's eight hearts later.
    ran = run("coup", "--trump", "h", *B_DISCARDS)
    assert ran.code == 0, ran.err
    out = told(ran)
    assert "while holding at least one of 7♥, 8♥, 9♥, J♥, Q♥, K♥, A♥ and 10♥: 8 cards played later" in out
    assert "renonce by A: coup cancelled, +30 to B (M-8)" in out
    assert json.loads(run("sheet", "--json").out)["coups"][0]["scored"] == [0, 30]


# Manille à deux (M-16), ♥ trump: a mort's 8 table cards are 4 face up over 4 face down. Before trick 5
# mortM played 4 cards, at least 2 of them covers: at most 2 of its cards still lay face down, and it
# plays 3 clubs later, so it trumped at trick 5 while holding a club it could play.
A_DEUX = ["audit", "manille-a-deux", "--players", "Marius Fanny mortM mortF", "--trump", "h", "--leader", "Fanny"]
MORT_TRUMPS = tricks(
    "JS 10S 7S 9S", "9H KH 8H QH", "QD KD 10D 9D", "AC 7C 10C 8D",
    "9C AD QC JH", "KC AH KS 7H", "10H JD QS 8C", "8S AS 7D JC",
)  # fmt: skip


def test_p11_m16_a_morts_plays_count_its_covers_turned(run):
    ran = run(*A_DEUX, *MORT_TRUMPS)
    assert ran.code == 1
    assert (
        "renonce (P-3): mortM trumped with J♥ on a ♣ lead at trick 5 (P-3) while holding at least one of K♣, 8♣"
        " and J♣: 3 cards played later, and at most 2 of mortM's cards lay face down at that trick (P-11)"
    ) in told(ran)


def test_p11_where_the_count_leaves_the_doubt_the_play_stays_not_proven(run):
    # One spade played later by mortF, and up to 4 of its cards face down at trick 1: not proven.
    ran = run(*A_DEUX, *tricks("AS 9S KD 8S", "QS 7S JS 10S"))
    assert "mortF discarded K♦ on a ♠ lead at trick 1: not proven, J♠ may still have lain face down" in told(ran)
    assert "renonce (P-3): mortF" not in ran.out


# --- P-10: the notes say what holds ------------------------------------------------------------------

# A complete log of manille à deux where one play of mortM stays not proven (P-11).
MORT_DOUBTED = tricks(
    "JH 8C 7H AH", "AD JD 8S 7D", "JS QS AS 10S", "KH 9H 10H QH",
    "KS 8H 7S JC", "QC KC QD 10C", "9S 7C 9D 10D", "KD AC 9C 8D",
)  # fmt: skip


def test_p10_a_complete_log_with_a_play_not_proven_says_so_instead_of_every_play_cleared(run):
    ran = run(*A_DEUX, *MORT_DOUBTED)
    out = told(ran)
    assert ran.code == 0
    assert "mortM discarded 8♣ on a trump (♥) lead at trick 1: not proven, Q♥ or 8♥ may still have lain" in out
    assert "every play is proven or cleared" in out
    assert "complete log: every hand is known, every play is proven or cleared" not in out
    assert (
        "complete log: every hand is known; every play is proven or cleared but for the 1 play not proven above,"
        " as the log does not say which cards lay face down (P-11)"
    ) in out
    data = json.loads(run(*A_DEUX, *MORT_DOUBTED, "--json").out)
    assert [note["event"] for note in data["notes"]] == ["audit.complete_unproven"]
    assert data["notes"][0]["values"] == {"count": 1}
    french = told(run(*A_DEUX, *symbols(MORT_DOUBTED), "--lang", "fr"))
    assert (
        "relevé complet : chaque main est connue ; chaque carte jouée est prouvée ou blanchie, sauf 1 carte jouée"
        " ci-dessus que le relevé ne prouve pas, faute de dire quelles cartes étaient face cachée (P-11)"
    ) in french


# Muette, ♠ trump, Ana leads. Brun's 10♣ wins trick 1; at trick 3 Brun plays J♣ under Ana's K♣ and Dédé
# 9♣ under César's A♣: the clubs that would have gone over had already gone.
MUETTE = ["audit", "manille-muette", "--players", "Ana Brun César Dédé", "--trump", "s", "--leader", "Ana"]
CLUBS = tricks("7♣ 10♣ 8♣ Q♣", "7♦ 8♦ 9♦ 10♦", "K♣ J♣ A♣ 9♣")


def test_p10_a_partial_log_says_what_it_cleared_and_why(run):
    ran = run(*MUETTE, *CLUBS)
    assert ran.code == 0
    out = told(ran)
    assert (
        "Brun played J♣ on a ♣ lead at trick 3, where Ana's K♣ was master: legal, Brun's 10♣ went at trick 1"
        " and César's A♣ went at trick 3 (P-4)"
    ) in out
    assert (
        "Dédé played 9♣ on a ♣ lead at trick 3, where César's A♣ was master: legal, Brun's 10♣ went at trick 1 (P-4)"
    ) in out
    assert "a play cannot be cleared" not in out
    assert (
        "partial log: 3 of 8 tricks; a hand is known only by the cards it plays in the log, so a renonce can be"
        " proven, and a play is cleared only where each card that would have made it a renonce is seen elsewhere"
        " in the log"
    ) in out
    # Plays nobody disputes are not listed: the leads, César's 8♣ under the 10♣ (nothing goes over it).
    assert out.count(": legal,") == 2


def test_p10_the_cleared_plays_in_json_and_french(run):
    data = json.loads(run(*MUETTE, *CLUBS, "--json").out)
    assert [(c["trick"], c["player"], c["card"]) for c in data["cleared"]] == [(3, "Brun", "JC"), (3, "Dédé", "9C")]
    note = data["cleared"][1]["note"]
    assert note["event"] == "proof.cleared_where"
    (gone,) = note["values"]["gone"]
    assert gone["rule"] == "P-4" and gone["values"]["went"][0]["values"]["cards"] == ["10C"]
    assert note["text"] == (
        "Dédé played 9C on a clubs lead at trick 3, where César's AC was master: legal, Brun's 10C went at trick 1 (P-4)"
    )
    assert data["renonces"] == [] and data["unknown"] == []
    french = told(run(*MUETTE, *CLUBS, "--lang", "fr"))
    assert (
        "Dédé a joué 9♣ sur une entame à ♣ au pli 3, où l'A♣ de César était maître : légal, Brun a joué 10♣ au pli 1"
        " (P-4)"
    ) in french
    assert "une carte jouée n'est blanchie que si chaque carte qui en aurait fait une renonce est vue" in french


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_p10_a_complete_legal_log_clears_nothing_by_name(run, lang):
    # A complete log knows every hand: its note says so, and no play is listed as cleared.
    legal = tricks(
        "AS KS 10S QS", "9D 8D 10D AD", "7D QD 9S JS", "8S 7S JD 7C",
        "10H QH KH 7H", "9H 8H JH 10C", "AH AC JC KD", "QC 8C 9C KC",
    )  # fmt: skip
    ran = run("audit", "manille-muette", "--players", "César Panisse Escartefigue Brun", "--trump", "s",
              "--leader", "Panisse", *symbols(legal), "--json", "--lang", lang)  # fmt: skip
    data = json.loads(ran.out)
    assert data["cleared"] == [] and [note["event"] for note in data["notes"]] == ["audit.complete"]


# The muette coup of tests/cli/test_referee.py with Brun's 7♥ and 10♣ swapped, stopped at trick 6.
RETOURNE = "JS"
STOPPED = tricks("AS KS 10S QS", "9D 8D 10D AD", "7D QD 9S JS", "8S 7S JD 7C", "10H QH KH 10C", "9H 8H JH 7H")


def test_p10_a_trick_log_coup_says_what_its_log_cleared(run):
    players = [arg for name in ("César", "Panisse", "Escartefigue", "Brun") for arg in ("-p", name)]
    assert run("new", "manille-muette", *players).code == 0
    ran = run("coup", "--retourne", RETOURNE, *STOPPED)
    assert ran.code == 0, ran.err
    out = told(ran)
    assert (
        "Escartefigue played K♠ on a trump (♠) lead at trick 1, where Panisse's A♠ was master: legal, Brun's 10♠"
        " went at trick 1 (P-4)"
    ) in out
    assert "renonce by Brun: coup cancelled, +34 to César & Escartefigue (M-8)" in out
    events = [line["event"] for line in json.loads(run("sheet", "--json").out)["coups"][0]["log"]]
    assert events.count("proof.cleared_where") == 2 and events.count("proof.cleared") == 2
    assert events.index("proof.cleared_where") < events.index("renonce_proven")
