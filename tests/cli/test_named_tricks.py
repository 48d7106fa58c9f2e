"""Who played each card: names on a trick log's cards, in `audit` and `coup` (RULES C-3, C-4, M-3)."""

import json

import pytest

from tests.cli.test_referee import LEGAL, PLAYERS, RETOURNE, tricks

# The order LEGAL is played in, Panisse leading (C-3: each next trick led by the winner of the one before).
SEATS = PLAYERS.split()
ORDERS = [
    ("Panisse", "Escartefigue", "Brun", "César"),
    ("Brun", "César", "Panisse", "Escartefigue"),
    ("Panisse", "Escartefigue", "Brun", "César"),
    ("César", "Panisse", "Escartefigue", "Brun"),
    ("César", "Panisse", "Escartefigue", "Brun"),
    ("César", "Panisse", "Escartefigue", "Brun"),
    ("Escartefigue", "Brun", "César", "Panisse"),
    ("Escartefigue", "Brun", "César", "Panisse"),
]
NAMED = [" ".join(f"{who}:{card}" for who, card in zip(order, trick.split(), strict=True)) for order, trick in
         zip(ORDERS, LEGAL, strict=True)]  # fmt: skip
AUDIT = ("audit", "manille-muette", "--players", PLAYERS, "--trump", "s", "--leader", "Panisse")


def test_m3_named_trick_log_audited_as_the_unnamed_one(run):
    named = run(*AUDIT, *tricks(NAMED), "--json")
    unnamed = run(*AUDIT, *tricks(LEGAL), "--json")
    assert named.code == unnamed.code == 0
    assert json.loads(named.out) == json.loads(unnamed.out)
    assert [side["points"] for side in json.loads(named.out)["sides"]] == [37, 31]


def test_m3_named_trick_log_in_any_language_s_card_forms(run):
    # C-2: words, French letters, symbols; folded names (C-4); some tricks named, others not.
    first = "panisse:as de pique ESCARTEFIGUE:Rpi brun:10♠ cesar:queen of spades"
    ran = run(*AUDIT, "--trick", first, *tricks(LEGAL[1:]), "--json")
    assert ran.code == 0, ran.err
    assert json.loads(ran.out) == json.loads(run(*AUDIT, *tricks(LEGAL), "--json").out)
    ran = run(*AUDIT, "--trick", first.replace("queen of spades", "dame de pique"), "--lang", "fr")
    assert ran.code == 0, ran.err
    assert "Panisse A♠  Escartefigue R♠  Brun 10♠  César D♠" in ran.out


def test_c3_named_trick_started_from_the_wrong_player_is_refused(run):
    # Escartefigue named as the leader: the same cards would read as another coup, the sides swapped.
    wrong = "Escartefigue:AS Brun:KS César:10S Panisse:QS"
    ran = run(*AUDIT, "--trick", wrong, *tricks(LEGAL[1:]))
    said = "trick 1 names Escartefigue first, but Panisse leads it (C-3, M-3)"
    assert ran.code == 2 and ran.out == "" and ran.err.splitlines() == [f"scorekeeper: {said}"]
    ran = run(*AUDIT, "--trick", wrong, "--json")
    assert ran.code == 2
    assert json.loads(ran.out) == {"error": {"key": "error.named_leader", "text": said, "rule": "C-3, M-3"}}
    ran = run(*AUDIT, "--trick", wrong, "--lang", "fr")
    assert ran.err.splitlines() == [
        "scorekeeper : le pli 1 nomme Escartefigue en premier, mais c'est Panisse qui l'entame (C-3, M-3)"
    ]


def test_c3_named_trick_led_by_the_winner_of_the_one_before(run):
    # Brun won trick 1 (10♠), so he leads trick 2, not Panisse who led trick 1.
    ran = run(*AUDIT, "--trick", NAMED[0], "--trick", "Panisse:9D Escartefigue:8D Brun:10D César:AD")
    assert ran.code == 2
    assert ran.err == "scorekeeper: trick 2 names Panisse first, but Brun leads it, having won trick 1 (C-3, M-3)\n"
    ran = run(*AUDIT, "--trick", NAMED[0], "--trick", "Panisse:9D Escartefigue:8D Brun:10D César:AD", "--lang", "fr")
    assert ran.err == (
        "scorekeeper : le pli 2 nomme Panisse en premier, mais c'est Brun qui l'entame, "
        "ayant remporté le pli 1 (C-3, M-3)\n"
    )


def test_c3_named_trick_follows_the_seating_order(run):
    ran = run(*AUDIT, "--trick", "Panisse:AS Brun:KS Escartefigue:10S César:QS")
    assert ran.code == 2
    assert ran.err == (
        "scorekeeper: trick 1 names Brun after Panisse, but Escartefigue plays next in seating order (C-3, M-3)\n"
    )
    ran = run(*AUDIT, "--trick", "Panisse:AS Brun:KS Escartefigue:10S César:QS", "--json", "--lang", "fr")
    assert json.loads(ran.out)["error"]["text"] == (
        "le pli 1 nomme Brun après Panisse, mais c'est Escartefigue qui joue ensuite dans l'ordre des places (C-3, M-3)"
    )


def test_m3_named_trick_all_or_none(run):
    ran = run(*AUDIT, "--trick", "Panisse:AS KS Brun:10S César:QS")
    assert ran.code == 2
    assert ran.err == (
        "scorekeeper: trick 1 names the players of some cards but not of 'KS': name every card's player or none "
        '(B:AS C:KS D:10S A:QS; a name with spaces is quoted, "Jean Paul":AS) (M-3)\n'
    )


def test_c4_named_trick_a_name_holding_a_colon_and_a_folded_name(run):
    # The name is the longest before a card's last `:`, so `B:C:7s` is B:C's 7♠; `élodie` is Élodie (C-4).
    args = ("audit", "manille-muette", "--players", "Élodie B:C Jean D", "--trump", "h", "--leader", "B:C")
    ran = run(*args, "--trick", 'B:C:7s "jean":8s D:9s élodie:10s', "--json")
    assert ran.code == 0, ran.err
    played = [(card["player"], card["card"]) for card in json.loads(ran.out)["tricks"][0]["cards"]]
    assert played == [("B:C", "7S"), ("Jean", "8S"), ("D", "9S"), ("Élodie", "10S")]
    ran = run(*args, "--trick", "B:7s Jean:8s D:9s Élodie:10s")
    assert ran.code == 2 and ran.err == "scorekeeper: unknown player 'B': the players are Élodie, B:C, Jean, D\n"


def test_c4_named_trick_a_name_with_a_space_in_a_coup_file(run, tmp_path):
    path = tmp_path / "coup.toml"
    path.write_text(
        'players = ["Élodie", "B:C", "Jean Paul", "D"]\ntrump = "h"\nleader = "Jean Paul"\n'
        "tricks = ['\"Jean Paul\":7s D:8s elodie:9s B:C:10s', "
        '["B:C:Ks", "Jean Paul:Qs", "D:Js", "Élodie:As"]]\n',
        encoding="utf-8",
    )
    ran = run("audit", "manille-muette", "--file", str(path), "--json")
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert [[card["player"] for card in trick["cards"]] for trick in data["tricks"]] == [
        ["Jean Paul", "D", "Élodie", "B:C"],
        ["B:C", "Jean Paul", "D", "Élodie"],
    ]
    path.write_text(path.read_text(encoding="utf-8").replace('"Jean Paul":7s D:8s', 'D:7s "Jean Paul":8s'), "utf-8")
    ran = run("audit", "manille-muette", "--file", str(path))
    assert ran.code == 2 and ran.err == "scorekeeper: trick 1 names D first, but Jean Paul leads it (C-3, M-3)\n"


def test_m3_named_trick_log_coup_scored_as_the_unnamed_one(marius, home):
    ran = marius("coup", "--retourne", RETOURNE, *tricks(NAMED))
    assert ran.code == 0, ran.err
    # The tricks, with who played each card, come before the score (P-2, then M-3 and M-4).
    lines = ran.out.splitlines()
    assert lines[2] == "trick 1: Panisse A♠, Escartefigue K♠, Brun 10♠, César Q♠: Brun wins +15 (P-2)"
    assert lines[10:12] == [
        "César & Escartefigue 37, Panisse & Brun 31 of 68 (M-3)",
        "37 - 34 = 3 to César & Escartefigue (M-4)",
    ]
    coup = json.loads(marius("sheet", "--json").out)["coups"][0]
    assert coup["made"] == [37, 31] and coup["scored"] == [1 + 3, 0]
    assert coup["declared"]["tricks"][1] == ["Brun:9D", "César:8D", "Panisse:10D", "Escartefigue:AD"]
    explained = marius("sheet", "--explain", "--lang", "fr").out
    assert "pli 1 : Panisse A♠, Escartefigue R♠, Brun 10♠, César D♠ : Brun prend +15 (P-2)" in explained


def test_m3_named_trick_log_coup_from_the_wrong_player_writes_nothing(marius, home):
    wrong = ["Escartefigue:AS Brun:KS César:10S Panisse:QS", *LEGAL[1:]]
    ran = marius("coup", "--retourne", RETOURNE, *tricks(wrong))
    said = "coup 1: trick 1 names Escartefigue first, but Panisse leads it (C-3, M-3)"
    assert ran.code == 2 and ran.out == "" and ran.err.splitlines() == [f"scorekeeper: {said}"]
    assert json.loads(marius("sheet", "--json").out)["coups"] == []
    ran = marius("coup", "--retourne", RETOURNE, "--trick", wrong[0], "--lang", "fr")  # LEGAL's 7C is 7♥ in French
    assert ran.code == 2
    assert "le pli 1 nomme Escartefigue en premier, mais c'est Panisse qui l'entame (C-3, M-3)" in ran.err


def test_m3_named_trick_log_coup_tricks_file(marius, tmp_path):
    path = tmp_path / "tricks.toml"
    path.write_text("tricks = [" + ", ".join(f"'{t}'" for t in NAMED) + "]\n", encoding="utf-8")
    assert marius("coup", "--retourne", RETOURNE, "--tricks-file", str(path)).code == 0
    assert json.loads(marius("sheet", "--json").out)["coups"][0]["made"] == [37, 31]


@pytest.mark.parametrize("mort", ["mort", "MORT", "A's mort", "a's MORT"])
def test_m15_named_trick_a_mort_by_its_seat_or_mort_alone(run, home, mort):
    # Seats at à trois: A, B, A's mort, C (C-3). C deals, A leads; the first trick of the A_TROIS log.
    assert run("new", "manille-a-trois", "-p", "A", "-p", "B", "-p", "C", "--dealer", "C").code == 0
    first = f'A:10h B:9h "{mort}":7d C:7h'
    log = ["Ah Jh 8d 8h", "Kh 9s 9d 7c", "10d Jd Js 7s", "10s 8s Kc Qd", "As Qh Qc 8c", "Ks Ac Kd 9c", "Qs 10c Ad Jc"]
    ran = run("coup", "-r", "Js", "--trick", first, *tricks(log))
    assert ran.code == 0, ran.err
    assert "trick 1: A 10♥, B 9♥, A's mort 7♦, C 7♥: A wins +6 (P-2)" in ran.out
    assert json.loads(run("sheet", "--json").out)["coups"][0]["declared"]["tricks"][0][2] == "A's mort:7D"
