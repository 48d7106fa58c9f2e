"""The audit states the price (P-10, M-8): each renonce charged or not with its cost, the coup's figure as
`coup` scores it, the calls that price it; two renonces in one coup, only the first charged (M-8)."""

import json

import pytest

SEATS = "A B C D"
# Whisthub, A dealing and naming ♠, B leading: a legal coup, A & C 33 against 27.
CLEAN = ["AD 9D 7D 10D", "QS 9S KS 8S", "JS AC 10S KH", "7S 9C JH JC", "JD QD KC AH", "8D 8H 7H AS", "QC 10C 8C 7C", "KD 10H QH 9H"]  # fmt: skip
# Two renonces by A: J♥ discarded on a ♦ lead at trick 6 holding K♦, K♦ on a ♥ lead at trick 7 holding 10♥.
TWICE = ["AC KS 8C JC", "JS 7H 10S JD", "9S 7D QS AH", "AS 7C 7S AD", "8S QH QC 10D", "9D KH JH 8D", "9H 10C KD 8H", "QD 9C 10H KC"]  # fmt: skip
# Manillen-3, X dealing alone against Y and Z: Y discards 8♦ on a trump lead at trick 4 holding 9♠ and K♠.
DEALER = ["KD 7D 10D", "JD AD QH", "JS 8S QS", "10S 8D 7H", "9H 9S AH", "8C KC 9C", "10H KH 10C", "8H AS 9D", "7S KS JH", "QD JC QC"]  # fmt: skip
# Enchères, A the taker leading at ♥: C discards 9♦ on a trump lead at trick 5 holding 8♥ and 10♥.
BID = ["QS 9S KS 8S", "KC AC QC 10C", "KH JH AH 9H", "JC 10S 9C 8C", "7H 10D 8D 9D", "7C AS QD JS", "QH JD AD 8H", "7D 7S KD 10H"]  # fmt: skip
# Envers, A dealing and leading at ♥: B trumps with Q♥ on a ♦ lead at trick 3 holding J♦.
EACH = ["10C AC KC QC", "7C 8C KH 10H", "QD KD QH AD", "8H 9H 7H AH", "JC JH 7D QS", "KS 8S JS 10S", "9C AS 8D 7S", "9D JD 9S 10D"]  # fmt: skip


def tricks(log):
    return [arg for trick in log for arg in ("--trick", trick)]


def audit(run, ruleset, log, *more, leader="B", players=SEATS, trump="s"):
    return run("audit", ruleset, "--players", players, "--trump", trump, "--leader", leader, *tricks(log), *more)


def test_p10_audit_states_the_price_with_the_contre_arithmetic(run):
    ran = audit(run, "manille-whisthub", TWICE, "--contre", "B", "--json")
    assert ran.code == 1
    data = json.loads(ran.out)
    first, later = data["renonces"]
    assert (first["trick"], first["charged"]) == (6, True)
    assert first["cost"] == {"side": ["B", "D"], "points": 60, "arithmetic": "30 x 2 = 60"}
    assert first["told"]["text"] == "price: 30 x 2 = 60 to B & D (M-8)"
    assert data["points"] == {"A": 7, "B": 0, "C": 53, "D": 0}  # the tricks' card points stay
    assert data["figure"]["sides"] == [{"players": ["A", "C"], "points": 0}, {"players": ["B", "D"], "points": 60}]
    assert [line["event"] for line in data["figure"]["log"]] == ["contre_called", "coup_multiplied", "renonce_sides"]
    assert data["figure"]["log"][-1]["text"] == "renonce by A: coup cancelled, +60 to B & D (M-8)"


def test_p10_audit_states_the_price_in_text_english_and_french(run):
    ran = audit(run, "manille-whisthub", TWICE, "--frapper", "B")
    assert ran.code == 1
    assert "  price: 30 x 2 = 60 to B & D (M-8)\n" in ran.out
    assert "  renonce by A: coup cancelled, +60 to B & D (M-8)\n" in ran.out
    assert "  scored: A & C +0, B & D +60\n" in ran.out
    assert "priced as declared" not in ran.out
    ran = audit(run, "manille-whisthub", [t.replace("H", "♥").replace("S", "♠").replace("D", "♦").replace("C", "♣") for t in TWICE], "--contre", "B", "--lang", "fr")  # fmt: skip
    assert ran.code == 1
    assert "  prix : 30 x 2 = 60 pour B et D (M-8)\n" in ran.out
    assert "  non comptée : le coup était annulé au pli 6, à la renonce d'A (M-8)\n" in ran.out


def test_p10_audit_without_calls_prices_the_coup_as_declared_and_says_so(run):
    ran = audit(run, "manille-whisthub", TWICE, "--json")
    data = json.loads(ran.out)
    assert data["renonces"][0]["cost"] == {"side": ["B", "D"], "points": 30, "arithmetic": "30"}
    assert data["notes"][-1]["event"] == "audit.priced_as_declared" and data["notes"][-1]["values"] == {"multiplier": 1}
    ran = audit(run, "manille-whisthub", TWICE)
    assert "priced as declared: no contre, surcontre or tie carried given" in ran.out


def test_p10_audit_a_tie_carried_doubles_the_price(run):
    data = json.loads(audit(run, "manille-whisthub", TWICE, "--carried", "1", "--json").out)
    assert data["renonces"][0]["cost"]["arithmetic"] == "30 x 2 = 60"


def test_m8_second_renonce_not_charged_in_the_audit(run):
    data = json.loads(audit(run, "manille-whisthub", TWICE, "--json").out)
    first, later = data["renonces"]
    assert (later["trick"], later["player"], later["card"], later["charged"], later["cost"]) == (
        7,
        "A",
        "KD",
        False,
        None,
    )
    assert later["told"]["event"] == "renonce_not_charged" and later["told"]["values"] == {"trick": 6, "player": "A"}
    ran = audit(run, "manille-whisthub", TWICE)
    assert "  not charged: the coup was cancelled at trick 6, at A's renonce (M-8)\n" in ran.out
    assert ran.out.count("price:") == 1


def test_m8_second_renonce_not_charged_in_a_trick_log_coup(run):
    assert run("new", "manille-whisthub", *[a for p in SEATS.split() for a in ("--player", p)]).code == 0
    ran = run("coup", "--trump", "s", *tricks(TWICE), "--contre", "B")
    assert ran.code == 0, ran.err
    assert "(P-3); not charged: the coup was cancelled at trick 6, at A's renonce (M-8)" in ran.out
    assert "renonce by A: coup cancelled, +60 to B & D (M-8)" in ran.out
    coup = json.loads(run("sheet", "--json").out)["coups"][0]
    later = next(line for line in coup["log"] if line["event"] == "renonce_proven_later")
    assert later["values"]["why"]["event"] == "renonce_not_charged" and later["values"]["why"]["values"]["trick"] == 6
    assert coup["scored"] == [0, 60]
    assert "not charged: the coup was cancelled at trick 6" in run("sheet", "--explain").out
    ran = run("sheet", "--explain", "--lang", "fr")
    assert "non comptée : le coup était annulé au pli 6, à la renonce d'A (M-8)" in ran.out


def test_m8_muette_renonce_costs_34_never_multiplied(run):
    ran = audit(run, "manille-muette", TWICE, "--json")
    data = json.loads(ran.out)
    assert data["renonces"][0]["cost"] == {"side": ["B", "D"], "points": 34, "arithmetic": "34"}
    assert data["figure"]["sides"][1]["points"] == 34
    assert "audit.priced_as_declared" not in [note["event"] for note in data["notes"]]  # no contre, no tie carried
    ran = audit(run, "manille-muette", TWICE, "--carried", "1")
    said = "scorekeeper: --carried 1: in this ruleset a tie carries nothing into the next coup (M-4)\n"
    assert ran.code == 2 and ran.out == "" and ran.err == said


def test_m8_m11_manillen3_the_dealer_scores_the_price_twice(run):
    ran = audit(run, "manillen-3", DEALER, "--taker", "X", "--contre", "Y", "--json", players="X Y Z", leader="Y")
    data = json.loads(ran.out)
    (renonce,) = data["renonces"]
    assert (renonce["player"], renonce["cost"]) == ("Y", {"side": ["X"], "points": 60, "arithmetic": "30 x 2 = 60"})
    assert [side["points"] for side in data["figure"]["sides"]] == [120, -60, -60]
    assert data["figure"]["log"][-1]["text"] == "renonce by Y: coup cancelled, -60 to each defender, +120 to the dealer (M-8, M-11)"  # fmt: skip


def test_m8_m13_encheres_the_bid_prices_the_renonce(run):
    args = ("--taker", "A", "--json")
    data = json.loads(audit(run, "manille-encheres", BID, *args, "--bid", "40", leader="A", trump="h").out)
    (renonce,) = data["renonces"]
    assert renonce["cost"] == {"side": ["A"], "points": 40, "arithmetic": "40"}
    assert [side["points"] for side in data["figure"]["sides"]] == [40, 0, 0, 0]
    data = json.loads(audit(run, "manille-encheres", BID, *args, leader="A", trump="h").out)
    assert data["figure"] is None and data["renonces"][0]["cost"] is None
    assert data["notes"][-1]["text"] == "no figure: the bid prices the coup (--bid N) (M-13)"


def test_m8_m14_envers_the_renonce_counts_against_the_renoncant(run):
    data = json.loads(audit(run, "manille-envers", EACH, "--json", leader="A", trump="h").out)
    (renonce,) = data["renonces"]
    assert renonce["player"] == "B" and renonce["cost"] == {"side": ["B"], "points": 34, "arithmetic": "34"}
    assert renonce["told"]["text"] == "price: 34 against B (M-8)"


def test_m4_a_clean_complete_log_figures_as_coup_scores_it(run):
    data = json.loads(audit(run, "manille-whisthub", CLEAN, "--contre", "B", "--json").out)
    assert data["renonces"] == [] and [side["points"] for side in data["sides"]] == [33, 27]
    assert data["figure"]["sides"] == [{"players": ["A", "C"], "points": 6}, {"players": ["B", "D"], "points": 0}]
    assert data["figure"]["log"][-1]["text"] == "(33 - 30) x2 = 6 to A & C (M-4)"
    # the same log entered as a coup: the same figure on the sheet
    assert run("new", "manille-whisthub", *[a for p in SEATS.split() for a in ("--player", p)]).code == 0
    assert run("coup", "--trump", "s", *tricks(CLEAN), "--contre", "B").code == 0
    coup = json.loads(run("sheet", "--json").out)["coups"][0]
    assert coup["scored"] == [6, 0] and coup["log"][-1]["text"] == data["figure"]["log"][-1]["text"]


def test_p10_a_partial_log_without_renonce_has_no_figure(run):
    ran = audit(run, "manille-whisthub", CLEAN[:3])
    assert ran.code == 0 and "no figure: the log stops at trick 3 of 8 and proves no renonce\n" in ran.out
    assert "figure, as coup scores it" not in ran.out
    assert "priced as declared" not in ran.out  # nothing is priced: how it would be goes unsaid
    ran = audit(run, "manille-whisthub", CLEAN[:3], "--lang", "fr", "--json")
    data = json.loads(ran.out)
    assert data["figure"] is None
    assert data["notes"][-1]["text"] == "pas de chiffre : le relevé s'arrête au pli 3 sur 8 et ne prouve aucune renonce"  # fmt: skip


@pytest.mark.parametrize(
    "ruleset, more, message",
    [
        (
            "manille-whisthub",
            ("--contre", "A"),
            "A is on the side that chose trump: only the other side may frapper (M-6)",
        ),  # fmt: skip
        ("manille-muette", ("--contre", "B"), "M-6"),
        ("manille-whisthub", ("--surcontre", "A"), "M-6"),
        ("manille-whisthub", ("--bid", "40"), "M-13"),
        (
            "manille-whisthub",
            ("--carried", "-1"),
            "--carried -1: the ties carried into a coup are counted from 0 (M-4)",
        ),  # fmt: skip
        ("manille-whisthub", ("--contre", "Q"), "Q"),
    ],
)
def test_p10_audit_refuses_calls_as_coup_refuses_them(run, ruleset, more, message):
    ran = audit(run, ruleset, CLEAN, *more)
    assert ran.code == 2 and ran.out == "" and len(ran.err.splitlines()) == 1 and message in ran.err
    ran = audit(run, ruleset, CLEAN, *more, "--json")
    assert ran.code == 2 and message in json.loads(ran.out)["error"]["text"]


def test_p10_hombre_audit_takes_no_call_and_says_its_renonce_has_no_price(run):
    args = ("audit", "hombre", "--players", "A B C", "--trump", "h", "--leader", "A", "--trick", "Kc Qc 2c")
    ran = run(*args, "--contre", "B")
    assert ran.code == 2 and ran.err == "scorekeeper: --contre prices no coup at l'hombre: no call is said or carried there\n"  # fmt: skip
    ran = run("audit", "hombre", "--players", "A B C", "--trump", "c", "--leader", "A", "--trick", "2c Kh Qc", "--trick", "Ks 5c 3c", "--json")  # fmt: skip
    data = json.loads(ran.out)
    assert data["figure"] is None
    assert all(
        r["charged"] and r["cost"] is None and r["told"]["event"] == "renonce_cost.hombre" for r in data["renonces"]
    )
