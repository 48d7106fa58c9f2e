"""`check`, `audit` and coups entered as a trick log, as typed at the table (RULES P-10, M-3, M-8)."""

import json

import pytest

# A legal coup of manille muette, César dealing (retourne J♠, so ♠ is trump) and Panisse leading.
RETOURNE = "JS"
LEGAL = [
    "AS KS 10S QS",
    "9D 8D 10D AD",
    "7D QD 9S JS",
    "8S 7S JD 7C",
    "10H QH KH 7H",
    "9H 8H JH 10C",
    "AH AC JC KD",
    "QC 8C 9C KC",
]
# The same coup with Brun's 7♥ and 10♣ swapped: he discards 10♣ on a ♥ lead at trick 5, holding 7♥.
RENONCE = [*LEGAL[:4], "10H QH KH 10C", "9H 8H JH 7H", *LEGAL[6:]]
PLAYERS = "César Panisse Escartefigue Brun"


def tricks(log):
    return [arg for trick in log for arg in ("--trick", trick)]


def test_check_lists_the_legal_cards_partner_master_discards_freely(run):
    ran = run(
        "check", "manille-muette", "--trump", "h", "--table", "O:A♠ P:10♠ O:Q♣", "--hand", "10♥ A♥ 10♣ K♣", "--json"
    )
    assert ran.code == 0
    data = json.loads(ran.out)
    assert data == {
        "legal_cards": ["10H", "AH", "10C", "KC"],
        "play": None,
        "legal": None,
        "rule": None,
        "explanation": data["explanation"],
        "cost": None,
        "records": data["records"],
    }
    assert "(P-7)" in data["explanation"]
    (explanation,) = data["records"]
    assert explanation["text"] == data["explanation"] and explanation["rule"] == "P-7"


def test_check_p5_must_trump_an_opponent_master_renonce_exits_1_with_its_cost(run):
    ran = run(
        "check", "manille-muette", "--trump", "h", "--table", "O:A♠", "--hand", "10♥ 7♥ 10♣", "--play", "10c", "--json"
    )
    assert ran.code == 1
    data = json.loads(ran.out)
    assert (data["play"], data["legal"], data["rule"]) == ("10C", False, "P-5")
    assert data["legal_cards"] == ["10H", "7H"]
    assert data["cost"] == "the coup is cancelled and the other side scores 34 (M-8)"


def test_check_p4_go_over_plain_text(run):
    ran = run("check", "manille-muette", "-t", "c", "--table", "O:K♥", "--hand", "A♥ 7♥ 8s", "--play", "7h")
    assert ran.code == 1
    assert "legal cards: A♥" in ran.out and "(P-4)" in ran.out and "scores 34 (M-8)" in ran.out


def test_check_legal_play_exits_0(run):
    ran = run("check", "manille-muette", "-t", "c", "--table", "O:K♥", "--hand", "A♥ 7♥ 8s", "--play", "Ah", "--ascii")
    assert ran.code == 0 and "AH is legal" in ran.out


def test_check_h4_hombre_espadille_and_baste_against_the_manille_led(run):
    # Clubs trump: 2♣ is the manille. A hand of espadille and baste only must play one of them.
    ran = run("check", "hombre", "--trump", "c", "--table", "2c", "--hand", "As Ac 5d", "--play", "5d", "--json")
    assert ran.code == 1
    data = json.loads(ran.out)
    assert (data["rule"], data["legal_cards"]) == ("H-4", ["AS", "AC"])
    assert "no price for a renonce at l'hombre" in data["cost"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--table", "O:A♠", "--hand", "A♠ 7h"], "A♠ is both in the hand and on the table"),
        (["--table", "O:A♠", "--hand", "7h 7h"], "7♥ is twice in the hand"),
        (["--table", "O:A♠", "--hand", "6h"], "6♥ is not in the manille deck"),
        (["--table", "P:As O:Ks P:Qs O:Js", "--hand", "7h"], "the trick already holds 4 cards"),
        (["--table", "X:As", "--hand", "7h"], "P: for the partner, O: for an opponent"),
        (["--table", "As", "--hand", "7h"], "give each card on the table as P:CARD"),
        (["--table", "O:As", "--hand", "7h", "--play", "8h"], "8♥ is not in the hand"),
        (["--table", "O:As", "--hand", ""], "--hand is empty"),
    ],
)
def test_check_impossible_positions_exit_2(run, args, message):
    ran = run("check", "manille-muette", "--trump", "h", *args)
    assert ran.code == 2 and message in ran.err and len(ran.err.splitlines()) == 1


def test_check_bad_trump(run):
    ran = run("check", "manille-muette", "--trump", "x", "--hand", "7h")
    assert ran.code == 2 and "a suit (h, ♥, coeur, …) or sa" in ran.err


def test_audit_a_legal_coup_finds_no_renonce_and_68_points(run):
    ran = run(
        "audit", "manille-muette", "--players", PLAYERS, "--trump", "s", "--leader", "Panisse", *tricks(LEGAL), "--json"
    )
    assert ran.code == 0
    data = json.loads(ran.out)
    assert data["renonces"] == []
    assert [t["winner"] for t in data["tricks"]] == [
        "Brun",
        "Panisse",
        "César",
        "César",
        "César",
        "Escartefigue",
        "Escartefigue",
        "Panisse",
    ]
    assert data["tricks"][0] == {
        "number": 1,
        "leader": "Panisse",
        "cards": [
            {"player": p, "card": c}
            for p, c in zip(["Panisse", "Escartefigue", "Brun", "César"], ["AS", "KS", "10S", "QS"], strict=True)
        ],
        "winner": "Brun",
        "points": 15,
    }
    assert sum(data["points"].values()) == 68
    assert [side["points"] for side in data["sides"]] == [37, 31]


def test_audit_proves_the_renonce_and_exits_1(run):
    ran = run(
        "audit",
        "manille-muette",
        "--players",
        PLAYERS,
        "--trump",
        "s",
        "--leader",
        "Panisse",
        *tricks(RENONCE),
        "--json",
    )
    assert ran.code == 1
    (renonce,) = json.loads(ran.out)["renonces"]
    assert (renonce["trick"], renonce["player"], renonce["card"], renonce["rule"]) == (5, "Brun", "10C", "P-3")
    assert (
        renonce["proof"]["text"]
        == "Brun discarded 10C on a hearts lead at trick 5 while holding 7H, which the same hand played at trick 6 (P-3)"
    )


def test_audit_from_a_file(run, tmp_path):
    path = tmp_path / "coup.toml"
    log = ", ".join("[" + ", ".join(f'"{c}"' for c in trick.split()) + "]" for trick in RENONCE)
    path.write_text(
        f'players = ["César", "Panisse", "Escartefigue", "Brun"]\ntrump = "s"\nleader = "Panisse"\ntricks = [{log}]\n',
        encoding="utf-8",
    )
    ran = run("audit", "manille-muette", "--file", str(path))
    assert ran.code == 1 and "while holding 7♥, which the same hand played at trick 6 (P-3)" in ran.out


@pytest.mark.parametrize(
    "log, message",
    [
        (["7s 8s 9s"], "trick 1 has 3 cards"),
        (["7s 8s 9s 10s", "7s 8c 9c 10c"], "7♠ is played twice: by Panisse at trick 1"),
        ([*LEGAL, "7s 8s 9s 10s"], "9 tricks given: a deal has only 8"),
        (["7s 8s 9s 6s"], "6♠ is not in the manille deck"),
    ],
)
def test_audit_refuses_an_inconsistent_log_naming_the_place(run, log, message):
    ran = run("audit", "manille-muette", "--players", PLAYERS, "--trump", "s", "--leader", "Panisse", *tricks(log))
    assert ran.code == 2 and message in ran.err


@pytest.mark.parametrize(
    "ruleset, players, leader, trick, twice",
    [
        ("manille-muette", "A B C a", "A", "AS KS 10S QS", "a"),
        ("manille-muette", "Élodie B Elodie D", "B", "AS KS 10S QS", "Elodie"),
        ("manille-a-trois", "A B Mort mort\u200b", "A", "AS KS 10S QS", "mort\u200b"),  # a zero-width space
        ("hombre", "Ana ANA C", "C", "AS KS 7S", "ANA"),
    ],
)
def test_audit_c4_names_are_folded_as_new_folds_them(run, ruleset, players, leader, trick, twice):
    # Case, accents and invisible characters make no second player (C-4), in an audit as in `new`.
    args = ("audit", ruleset, "--players", players, "--trump", "h", "--leader", leader, "--trick", trick)
    listed = ", ".join(players.split())
    ran = run(*args, "--json")
    said = f"{twice!r} is named twice among the players ({listed}) (C-4)"
    assert ran.code == 2 and ran.err.splitlines() == [f"scorekeeper: {said}"]
    assert json.loads(ran.out) == {"error": {"key": "error.audit_player_twice", "text": said, "rule": "C-4"}}
    ran = run(*args, "--lang", "fr")
    assert ran.code == 2 and ran.out == ""
    assert ran.err.splitlines() == [f"scorekeeper : {twice!r} est nommé deux fois parmi les joueurs ({listed}) (C-4)"]


def test_audit_c4_a_name_new_refuses_is_refused(run, tmp_path):
    long = "x" * 65
    args = ("-t", "h", "--leader", "A", "--trick", "AS KS 10S QS")
    ran = run("audit", "manille-muette", "--players", f"A B C {long}", *args)
    assert ran.code == 2 and ran.out == ""
    assert ran.err.splitlines() == [f"scorekeeper: the name '{long}' is too long: 64 characters at most (C-4)"]
    path = tmp_path / "coup.toml"
    path.write_text(
        'players = ["A", "B", "C", ""]\ntrump = "h"\nleader = "A"\ntricks = ["AS KS 10S QS"]\n', encoding="utf-8"
    )
    ran = run("audit", "manille-muette", "--file", str(path))
    assert ran.code == 2 and ran.out == "" and ran.err == "scorekeeper: a name is empty (C-4)\n"


def test_audit_hombre_log_counts_tricks(run):
    ran = run("audit", "hombre", "--players", "A B C", "--trump", "h", "--leader", "A", "--trick", "Kc Qc 2c", "--json")
    assert ran.code == 0
    data = json.loads(ran.out)
    assert data["tricks"][0]["winner"] == "A" and data["tricks_won"] == {"A": 1, "B": 0, "C": 0}
    assert data["complete"] is False


def test_coup_as_a_trick_log_is_scored_from_the_tricks(marius):
    ran = marius("coup", "--retourne", RETOURNE, *tricks(LEGAL))
    assert ran.code == 0, ran.err
    sheet = json.loads(marius("sheet", "--json").out)
    coup = sheet["coups"][0]
    assert coup["made"] == [37, 31] and coup["scored"] == [1 + 3, 0]
    assert [t["winner"] for t in coup["tricks"]][:2] == ["Brun", "Panisse"]
    assert "tricks won: 1 Brun · 2 Panisse" in marius("sheet").out


def test_coup_log_with_a_renonce_is_scored_as_a_renonce_with_its_proof(marius, home):
    ran = marius("coup", "--retourne", RETOURNE, *tricks(RENONCE))
    assert ran.code == 0
    assert "renonce: Brun discarded 10♣ on a ♥ lead at trick 5 while holding 7♥" in ran.out
    assert "renonce by Brun: coup cancelled, +34 to César & Escartefigue (M-8)" in ran.out
    coup = json.loads(marius("sheet", "--json").out)["coups"][0]
    assert coup["scored"] == [1 + 34, 0]
    assert coup["declared"]["tricks"][4] == ["10H", "QH", "KH", "10C"]


def test_coup_log_renonce_let_pass_is_recorded_and_scored_on_points(marius, home):
    ran = marius("coup", "--retourne", RETOURNE, *tricks(RENONCE), "--let-renonce-pass")
    assert ran.code == 0
    assert "the table let the renonce pass" in ran.out
    coup = json.loads(marius("sheet", "--json").out)["coups"][0]
    assert coup["declared"]["let_renonce_pass"] is True
    assert coup["made"] == [37, 31]


def test_coup_partial_log_stopped_at_the_renonce(marius):
    ran = marius("coup", "--retourne", RETOURNE, *tricks(RENONCE[:6]))
    assert ran.code == 0 and "renonce by Brun" in ran.out


def test_coup_partial_log_without_renonce_is_refused(marius, home):
    ran = marius("coup", "--retourne", RETOURNE, *tricks(LEGAL[:3]))
    assert ran.code == 2 and "the log stops at trick 3 of 8 and proves no renonce" in ran.err


def test_coup_retourne_must_be_the_dealers_card(marius):
    ran = marius("coup", "--retourne", "KS", *tricks(LEGAL))  # K♠ was played by Escartefigue, César deals
    assert ran.code == 2 and "the retourne K♠ belongs to the dealer César, but Escartefigue played it" in ran.err


def test_coup_tricks_and_points_together_are_refused(marius):
    ran = marius("coup", "--retourne", RETOURNE, "--points", "César=40", *tricks(LEGAL))
    assert ran.code == 2 and "only one of them" in ran.err


def test_coup_tricks_file(marius, tmp_path):
    path = tmp_path / "tricks.toml"
    path.write_text("tricks = [" + ", ".join('"' + t + '"' for t in LEGAL) + "]\n", encoding="utf-8")
    assert marius("coup", "--retourne", RETOURNE, "--tricks-file", str(path)).code == 0
    assert json.loads(marius("sheet", "--json").out)["coups"][0]["made"] == [37, 31]


def test_check_c3_a_position_the_seating_cannot_give_is_refused(run):
    # At four in two teams the card just before you is always an opponent's.
    ran = run("check", "manille-muette", "--trump", "h", "--table", "O:A♠ O:9♠", "--hand", "7h")
    assert ran.code == 2 and "P: O: in play order (C-3)" in ran.err
    ran = run("check", "manille-muette", "--trump", "h", "--hand", "As Ac 7c 8c 9c 10c Jc Qc Kc")
    assert ran.code == 2 and "a hand of 9 cards: a deal gives 8 each" in ran.err


@pytest.mark.parametrize("ruleset", ["manille-a-trois", "manille-a-deux"])
@pytest.mark.parametrize(
    "table, order, seated",
    [("O:K♠ P:A♠", "P: O:", "P:K♠ O:A♠"), ("P:K♠ P:A♠ P:Q♠", "O: P: O:", "O:K♠ P:A♠ O:Q♠"), ("P:K♠", "O:", "O:K♠")],
)
def test_check_c3_a_mort_sits_opposite_its_player_so_the_sides_alternate(run, ruleset, table, order, seated):
    # À trois and à deux the seats alternate between the two sides as two teams do at four (C-3).
    # À trois one mort (issue 43: « the mort »), à deux two (« each mort »).
    en, fr = (
        ("the mort sits", "le mort est placé")
        if ruleset == "manille-a-trois"
        else ("each mort sits", "chaque mort est placé")
    )
    ran = run("check", ruleset, "--trump", "h", "--table", table, "--hand", "7h")
    assert ran.code == 2 and ran.out == ""
    assert ran.err.splitlines() == [
        f"scorekeeper: {en} opposite its player, so the two sides alternate: the cards before you come"
        f" from {order} in play order (C-3)"
    ]
    ran = run("check", ruleset, "--trump", "h", "--table", table, "--hand", "7h", "--lang", "fr")
    assert ran.code == 2 and ran.err.splitlines() == [
        f"scorekeeper : {fr} en face de son joueur, les deux camps alternent donc : les cartes avant"
        f" vous viennent de {order} dans l'ordre du jeu (C-3)"
    ]
    ran = run("check", ruleset, "--trump", "h", "--table", seated, "--hand", "7h")
    assert ran.code == 0 and "legal cards: 7♥" in ran.out


def test_check_m13_a_renonce_in_encheres_fails_or_makes_the_bid(run):
    ran = run(
        "check",
        "manille-encheres",
        "--trump",
        "h",
        "--table",
        "O:A♠",
        "--hand",
        "10♥ 7♥ 10♣",
        "--play",
        "10c",
        "--json",
    )
    assert (
        json.loads(ran.out)["cost"]
        == "by the taker, the bid fails; by another player, the taker's bid is made (M-8, M-13)"
    )


# P-8: a sans-atout is refused where the ruleset has none, by `check`, `audit` and `coup` alike (one rule:
# `refuse_sans_atout`); where the retourne sets trump, the refusal says so.
NO_SANS_ATOUT = "sans-atout is not played in this system (P-8)"
RETOURNE_SETS_TRUMP = "sans-atout is not played in this system: the retourne sets trump (P-8)"
WITHOUT_SANS_ATOUT = [
    ("manille-muette", RETOURNE_SETS_TRUMP),
    ("manille-parlee", RETOURNE_SETS_TRUMP),
    ("manille-a-trois", RETOURNE_SETS_TRUMP),
    ("manille-a-deux", RETOURNE_SETS_TRUMP),
    ("manille-jdc", NO_SANS_ATOUT),
    ("manille-envers", NO_SANS_ATOUT),
    ("manille-encheres", NO_SANS_ATOUT),
]
P8_KEYS = {RETOURNE_SETS_TRUMP: "error.no_sans_atout_retourne", NO_SANS_ATOUT: "error.no_sans_atout"}
WITH_SANS_ATOUT = ["manillen", "manillen-2", "manillen-3", "manille-whisthub", "manille-coinchee"]


def refused_in_one_line(ran, message, as_json=None):
    """Refused in one line on stderr, exit 2; with `--json`, as `{"error": ...}` on stdout too, `as_json` its
    key and rule."""
    assert ran.code == 2 and ran.err == f"scorekeeper: {message}\n"
    if as_json is None:
        assert ran.out == ""
    else:
        key, rule = as_json
        assert json.loads(ran.out) == {"error": {"key": key, "text": message, "rule": rule}}


@pytest.mark.parametrize("ruleset, message", WITHOUT_SANS_ATOUT)
@pytest.mark.parametrize("sa", ["sa", "SA", "sans-atout"])
def test_p8_check_refuses_sans_atout_where_the_ruleset_has_none(run, ruleset, message, sa):
    ran = run("check", ruleset, "--trump", sa, "--table", "O:K♠", "--hand", "7♥ 8♣", "--play", "7h")
    refused_in_one_line(ran, message)


@pytest.mark.parametrize("ruleset", WITH_SANS_ATOUT)
def test_p8_check_sans_atout_where_the_ruleset_has_it_void_discards_freely(run, ruleset):
    ran = run("check", ruleset, "--trump", "sa", "--table", "O:K♠", "--hand", "7♥ 8♣", "--play", "7h")
    assert ran.code == 0
    assert "7♥ is legal: sans-atout, void in ♠: discards freely (P-8)" in ran.out


def test_p8_check_and_audit_refuse_sans_atout_in_french(run, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "fr")
    said = "on ne joue pas sans-atout dans ce système : la retourne fait l'atout (P-8)"
    ran = run("check", "manille-muette", "--trump", "sa", "--hand", "7♥ 8♣")
    assert ran.code == 2 and ran.out == "" and ran.err == f"scorekeeper : {said}\n"
    ran = run("audit", "manille-jdc", "--players", PLAYERS, "--trump", "sa", "--leader", "Panisse", *tricks(LEGAL))
    assert ran.code == 2 and ran.out == ""
    assert ran.err == "scorekeeper : on ne joue pas sans-atout dans ce système (P-8)\n"


@pytest.mark.parametrize("ruleset, message", [WITHOUT_SANS_ATOUT[0], WITHOUT_SANS_ATOUT[4]])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_p8_audit_refuses_sans_atout_where_the_ruleset_has_none(run, ruleset, message, json_flag):
    args = ["--players", PLAYERS, "--trump", "sa", "--leader", "Panisse", *tricks(LEGAL[:2]), *json_flag]
    refused_in_one_line(run("audit", ruleset, *args), message, (P8_KEYS[message], "P-8") if json_flag else None)


def test_p8_audit_sans_atout_where_the_ruleset_has_it(run):
    ran = run("audit", "manillen", "--players", "A B C D", "--trump", "sa", "--leader", "A", "--trick", "AS KS 10S QS")
    assert ran.code == 0 and "A & C: 14 points, 1 trick" in ran.out and "no renonce proven" in ran.out


@pytest.mark.parametrize(
    "said",
    [
        ["--trump", "sa", "--points", "César=40"],
        ["--retourne", "7s", "--trump", "sa", "--points", "César=40"],
        ["sa", "césar", "40"],
        ["7s", "sa", "césar", "40"],
        ["--trump", "sa", *tricks(LEGAL)],
    ],
)
def test_p8_coup_refuses_sans_atout_in_muette_and_writes_nothing(marius, home, said):
    files = {path: path.read_bytes() for path in home.rglob("*") if path.is_file()}
    refused_in_one_line(marius("coup", *said), f"coup 1: {RETOURNE_SETS_TRUMP}")
    assert {path: path.read_bytes() for path in home.rglob("*") if path.is_file()} == files


def test_p8_coup_refuses_sans_atout_where_a_suit_is_named(run, home):
    assert run("new", "manille-jdc", *[arg for name in "ABCD" for arg in ("--player", name)]).code == 0
    files = {path: path.read_bytes() for path in home.rglob("*") if path.is_file()}
    refused_in_one_line(run("coup", "sa", "a", "40"), f"coup 1: {NO_SANS_ATOUT}")
    refused_in_one_line(run("coup", "--trump", "sa", "--points", "A=40"), f"coup 1: {NO_SANS_ATOUT}")
    assert {path: path.read_bytes() for path in home.rglob("*") if path.is_file()} == files


def _muette_abcd(run):
    assert run("new", "manille-muette", *[arg for name in "ABCD" for arg in ("--player", name)]).code == 0


def test_p11_m5_the_retourne_is_the_dealers_a_discard_beside_it_is_a_proven_renonce(run):
    # A deals and turns 7♠: it is his from the deal, face up, so discarding 8♦ under D's J♣ is a renonce (P-5).
    _muette_abcd(run)
    ran = run("coup", "-r", "7s", "--trick", "7C 9C JC 8D")
    assert (ran.code, ran.err) == (0, "")
    assert ran.out.splitlines()[:5] == [
        "retourne 7♠: atout ♠ (M-5)",
        "trick 1: B 7♣, C 9♣, D J♣, A 8♦: D wins +2 (P-2)",
        "renonce: A discarded 8♦ on a ♣ lead at trick 1, where D's J♣ was master, while holding 7♠, the retourne,"
        " the dealer's from the deal and face up until played (P-5)",
        "renonce by A: coup cancelled, +34 to B & D (M-8)",
        "B & D reach 34 ≥ 34: manche 1 won (M-9)",
    ]


def test_p11_m5_the_retourne_is_the_dealers_in_french(run):
    _muette_abcd(run)
    ran = run("--lang", "fr", "coup", "-r", "7p", "--trick", "7T 9T VT 8K")
    assert (ran.code, ran.err) == (0, "")
    assert ran.out.splitlines()[:4] == [
        "retourne 7♠ : atout ♠ (M-5)",
        "pli 1 : B 7♣, C 9♣, D V♣, A 8♦ : D prend +2 (P-2)",
        "renonce : A s'est défaussé du 8♦ sur une entame à ♣ au pli 1, où le V♣ de D était maître, en ayant 7♠,"
        " la retourne, au donneur dès la donne et visible jusqu'à ce que le donneur la joue (P-5)",
        "renonce d'A : coup annulé, +34 pour B et D (M-8)",
    ]


def test_p11_m5_the_retourne_proves_nothing_where_the_discard_was_free(run, home):
    # C, A's partner, is master: A may discard (P-7), retourne or not; the log still proves no renonce.
    _muette_abcd(run)
    files = {path: path.read_bytes() for path in home.rglob("*") if path.is_file()}
    refused_in_one_line(
        run("coup", "-r", "7s", "--trick", "7C JC 9C 8D"),
        "coup 1: the log stops at trick 1 of 8 and proves no renonce: give every trick, or the points",
    )
    assert {path: path.read_bytes() for path in home.rglob("*") if path.is_file()} == files


# --- manillen-3's chien (M-11): the 32 less the 30 cards played, to the dealer's tricks ---------------

# A deals and plays alone against B & C, trump ♥, B leads; A's tricks make 25, B & C's 32: the chien,
# 7♣ and K♣, is the 3 points the log lacks (suits as signs, so that the log reads alike in French).
MANILLEN_3 = [
    "10♦ J♦ 7♦",
    "A♦ Q♦ 8♦",
    "K♦ 9♣ 9♦",
    "10♣ J♣ 9♥",
    "10♠ J♠ 7♠",
    "A♠ Q♠ 8♠",
    "K♠ 8♥ 9♠",
    "A♣ Q♣ J♥",
    "K♥ 10♥ 7♥",
    "8♣ A♥ Q♥",
]


def _audit_manillen_3(run, log, *more):
    table = ("--players", "A B C", "--taker", "A", "--trump", "h", "--leader", "B")
    return run("audit", "manillen-3", *table, *tricks(log), *more)


def test_m11_audit_names_the_chien_and_adds_its_points_to_the_dealers_tricks(run):
    ran = _audit_manillen_3(run, MANILLEN_3)
    assert (ran.code, ran.err) == (0, "")
    lines = ran.out.splitlines()
    assert lines[lines.index("A: 28 points, 4 tricks") - 1 :][:3] == [
        "chien: 7♣ and K♣, 3 points, to A's tricks (M-11)",
        "A: 28 points, 4 tricks",
        "B & C: 32 points, 6 tricks",
    ]
    data = json.loads(_audit_manillen_3(run, MANILLEN_3, "--json").out)
    assert data["chien"] == {"cards": ["7C", "KC"], "points": 3, "to": "A"}
    assert [side["points"] for side in data["sides"]] == [25 + 3, 32]  # the sides count the chien: 60 in all
    assert data["points"] == {"A": 25, "B": 26, "C": 6}  # a player's points stay his tricks'


def test_m11_audit_names_the_chien_in_french(run):
    ran = _audit_manillen_3(run, MANILLEN_3, "--lang", "fr")
    assert (ran.code, ran.err) == (0, "")
    lines = ran.out.splitlines()
    assert lines[lines.index("A : 28 points, 4 plis") - 1 :][:3] == [
        "chien : 7♣ et R♣, 3 points, aux plis d'A (M-11)",
        "A : 28 points, 4 plis",
        "B et C : 32 points, 6 plis",
    ]
    data = json.loads(_audit_manillen_3(run, MANILLEN_3, "--lang", "fr", "--json").out)
    assert data["chien"] == {"cards": ["7C", "KC"], "points": 3, "to": "A"}


def test_m11_a_partial_log_leaves_the_chien_unknown_and_says_so(run):
    ran = _audit_manillen_3(run, MANILLEN_3[:9])  # 27 cards shown: the chien is 2 of the 5 others
    assert ran.code == 0
    told = (
        "chien: unknown, its cards are among those a partial log does not show; it goes to A's tricks and is not"
        " counted here (M-11)"
    )
    assert told in " ".join(line.strip() for line in ran.out.splitlines())  # rich folds the line
    assert "A: 25 points, 4 tricks" in ran.out  # 25: the tricks shown, nothing for the chien
    data = json.loads(_audit_manillen_3(run, MANILLEN_3[:9], "--json").out)
    assert data["chien"] is None and data["complete"] is False
    assert data["notes"][-1]["event"] == "audit.chien_unknown" and data["notes"][-1]["text"] == told
    assert [side["points"] for side in data["sides"]] == [25, 26]
    french = json.loads(_audit_manillen_3(run, MANILLEN_3[:9], "--lang", "fr", "--json").out)
    assert french["chien"] is None and french["notes"][-1]["text"] == (
        "chien : inconnu, ses cartes sont parmi celles qu'un relevé partiel ne montre pas ; le chien va aux plis d'A et"
        " n'est pas compté ici (M-11)"
    )


def test_m11_m3_the_audit_and_the_coup_agree_on_the_chien(run):
    assert run("new", "manillen-3", "--player", "A", "--player", "B", "--player", "C").code == 0
    ran = run("coup", "--trump", "h", *tricks(MANILLEN_3))
    assert (ran.code, ran.err) == (0, "")
    assert "the chien, 7♣ and K♣, goes to A's tricks: 3 points (M-11)" in ran.out.splitlines()
    coup = json.loads(run("sheet", "--json").out)["coups"][0]
    audited = json.loads(_audit_manillen_3(run, MANILLEN_3, "--json").out)
    assert coup["made"] == [side["points"] for side in audited["sides"]] == [28, 32]
    assert coup["scored"] == [2 * (28 - 30), 32 - 30, 32 - 30]
    assert run("undo").code == 0
    ran = run("--lang", "fr", "coup", "--trump", "h", *tricks(MANILLEN_3))
    assert (ran.code, ran.err) == (0, "")
    assert "le chien, 7♣ et R♣, va aux plis d'A : 3 points (M-11)" in ran.out.splitlines()


def test_m11_a_game_that_deals_its_whole_deck_has_no_chien_in_its_audit(run):
    log = ("--players", PLAYERS, "--trump", "s", "--leader", "Panisse", *tricks(LEGAL))
    ran = run("audit", "manille-muette", *log)
    assert ran.code == 0 and "chien" not in ran.out
    data = json.loads(run("audit", "manille-muette", *log, "--json").out)
    assert "chien" not in data and [side["points"] for side in data["sides"]] == [37, 31]


@pytest.mark.parametrize(
    ("ruleset", "table"),
    [
        ("manillen-3", "P:AS P:KS"),  # M-11: a defender has one partner, the dealer none
        ("manille-encheres", "P:AS P:KS P:QS"),  # M-13: three partners, where the taker is an opponent to all
        ("manille-encheres", "P:AS O:KS O:QS"),  # two opponents: only the taker is one, to a defender
    ],
)
def test_c3_check_refuses_seats_no_table_of_one_alone_can_have(run, ruleset, table):
    """issue 43: where one plays alone against the others (M-11, M-13), the cards before you are all an
    opponent's, or at most one is (the one alone) beside partners: anything else is refused, exit 2."""
    ran = run("check", ruleset, "--trump", "h", "--table", table, "--hand", "10h 7h", "--play", "7h")
    assert ran.code == 2 and ran.out == "" and "one plays alone against the others" in ran.err and "(C-3)" in ran.err


@pytest.mark.parametrize(
    ("ruleset", "table"),
    [
        ("manillen-3", "O:AS P:KS"),
        ("manillen-3", "O:AS O:KS"),
        ("manille-encheres", "P:AS O:KS P:QS"),
        ("manille-encheres", "O:AS O:KS O:QS"),
    ],
)
def test_c3_check_takes_the_seats_of_one_alone_and_of_his_opponents(run, ruleset, table):
    assert run("check", ruleset, "--trump", "h", "--table", table, "--hand", "10h 7h", "--play", "7h").code == 0


def test_c3_the_a_trois_refusal_speaks_of_its_one_mort(run):
    ran = run("check", "manille-a-trois", "--trump", "h", "--table", "P:AS P:KS", "--hand", "10h 7h", "--play", "7h")
    assert ran.code == 2 and "the mort sits opposite its player" in ran.err and "each mort" not in ran.err


WHISTHUB_TRICKS = [
    "AC KS 8C JC",
    "JS 7H 10S JD",
    "9S 7D QS AH",
    "AS 7C 7S AD",
    "8S QH QC 10D",
    "9D KH JH 8D",
    "9H 10C KD 8H",
    "QD 9C 10H KC",
]


@pytest.mark.parametrize(("carried", "capped"), [(1, False), (2, False), (3, True)])
def test_m6_audit_carried_says_when_the_x4_cap_stopped_the_ties(run, carried, capped):
    """issue 43: at Whisthub (max x4) three ties carried would make x8: the audit counts x4 and says the cap
    stopped them, as a coup after three ties does; one or two ties are within the cap and say nothing of it."""
    tricks = [arg for trick in WHISTHUB_TRICKS for arg in ("--trick", trick)]
    ran = run(
        "audit",
        "manille-whisthub",
        "--players",
        "A B C D",
        "--trump",
        "s",
        "--leader",
        "B",
        "--carried",
        str(carried),
        *tricks,
    )
    assert ran.code == 1
    said = "x4 is the most a coup counts: the ties carried multiply it no further (M-6)" in ran.out
    assert said == capped, ran.out
    assert f"+{30 * min(2**carried, 4)} to B & D (M-8)" in ran.out
