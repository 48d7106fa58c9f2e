"""Manille says what happened as records, and the catalog words them (issue 11).

A coup's log is a tuple of records (rule id, event, values); the figures are the seed texts' (RULES
M-3 to M-16). The English read from them is today's, with the slips of the issue fixed: plurals from
the catalog's units, no "his bid", no count of manches in a one-manche partie, verbs that agree with
the seats of a side.
"""

from __future__ import annotations

import json
import string

import pytest

from scorekeeper import i18n
from scorekeeper.cards import Card, Suit
from scorekeeper.errors import CoupRefused
from scorekeeper.explain import Record, record
from scorekeeper.games import load, manille
from scorekeeper.games.manille import mort_of, renonce_cost
from scorekeeper.i18n import as_json, render

MARIUS = ("César", "Panisse", "Escartefigue", "Brun")  # César & Escartefigue against Panisse & Brun
P4 = ("A", "B", "C", "D")


def play(name, players, coups, **options):
    return manille.replay(load(name).with_options(options), players, players[0], coups)


def said(result):
    return [render(line) for line in result.log]


def events(result):
    return [(line.event, line.rule) for line in result.log]


def every_record(value):
    """The records of a log, nested ones (a trick's cards, a proof) included."""
    if isinstance(value, Record):
        yield value
        for item in value.values.values():
            yield from every_record(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from every_record(item)


def test_m5_the_retourne_bonus_is_a_record_of_its_card_points_and_side():
    (coup,) = play("manille-muette", MARIUS, [{"retourne": "10h", "points": {"César": 40}}]).coups
    assert events(coup) == [("dealt", None), ("retourne_trump", "M-5"), ("retourne_bonus", "M-5"),
                            ("points_made", "M-3"), ("coup_won", "M-4")]  # fmt: skip
    ten = Card.parse("10h")
    assert coup.log[1] == record("retourne_trump", "M-5", card=ten, suit=Suit.HEARTS)
    assert coup.log[2] == record("retourne_bonus", "M-5", card=ten, points=5, side="César & Escartefigue")
    camps = (("César", "Escartefigue"), ("Panisse", "Brun"))
    assert coup.log[3] == record("points_made", "M-3", camps=camps, made=(40, 28), total=68)
    assert coup.log[4] == record("coup_won", "M-4", made=40, baseline=34, points=6, side=camps[0])
    assert said(coup)[2:] == [
        "retourne 10♥: +5 to César & Escartefigue (M-5)",
        "César & Escartefigue 40, Panisse & Brun 28 of 68 (M-3)",
        "40 - 34 = 6 to César & Escartefigue (M-4)",
    ]
    assert render(coup.log[2], ascii=True) == "retourne 10H: +5 to César & Escartefigue (M-5)"


def test_a_line_said_again_is_the_same_record():
    first, second = play("manille-muette", MARIUS, [{"retourne": "9c", "points": {"Brun": 34}}] * 2).coups[:2]
    assert first.log[3] is second.log[3]  # 34-34 twice: one record, shared


def test_m6_m10_passe_parole_calls_and_multiplier_are_records():
    coups = [{"trump": "h", "points": {"A": 40}}, {"trump": "d", "points": {"B": 40}},
             {"trump": "c", "chooser": "A", "contre": "B", "points": {"B": 35}}]  # fmt: skip
    third = play("manillen", P4, coups).coups[2]
    assert third.log[1:5] == (
        record("passe_parole", "M-10", dealer="C", chooser="A"),
        record("trump_named", None, chooser="A", suit=Suit.CLUBS),
        record("contre_called", "M-6", player="B", call="contre"),  # the system's own word (issue 14)
        record("coup_multiplied", "M-6", multiplier=2),
    )
    assert said(third)[1] == "C passes the choice to A (passe-parole, M-10)"  # the message places the rule


def test_m13_a_failed_bid_is_the_bid_of_the_taker_not_his():
    coups = [{"taker": "B", "bid": 40, "trump": "h", "points": {"B": 45}},
             {"taker": "C", "bid": 50, "trump": "s", "points": {"C": 42}}]  # fmt: skip
    first, second = play("manille-encheres", P4, coups).coups
    assert first.log[-1] == record("bid_made", "M-13", taker="B", made=45, bid=40)
    assert second.log[-1] == record("bid_failed_rounded", "M-13", taker="C", made=42, bid=50, share=16, lost=2)
    assert said(first)[-1] == "B makes 45 ≥ the bid of 40: +40 (M-13)"
    assert said(second)[-1] == "C makes 42, less than the bid of 50: +16 to each other player; 2 points lost (M-13)"
    assert not any(" his " in line for coup in (first, second) for line in said(coup))


def test_m8_a_renonce_records_who_and_what_it_costs():
    fiche = play("manille-muette", MARIUS, [{"retourne": "7s", "renonce": "César"}])
    assert fiche.coups[0].log[2] == record("renonce_sides", "M-8", player="César", penalty=34, side=("Panisse", "Brun"))
    envers = play("manille-envers", P4, [{"trump": "h", "renonce": "D"}])
    assert envers.coups[0].log[-1] == record("renonce_each", "M-8, M-14", player="D", penalty=34)


def test_m8_the_cost_of_a_renonce_for_check_is_a_record_by_system():
    assert renonce_cost(load("manille-muette").rules) == record("renonce_cost.sides", "M-8", penalty=34)
    assert renonce_cost(load("manille-encheres").rules).rule == "M-8, M-13"
    cost = renonce_cost(load("manillen-3").rules)
    assert cost == record("renonce_cost.dealer", "M-8, M-11", penalty=record("renonce_cost.most", None, points=30))
    assert render(cost) == (
        "the coup is cancelled; each of the side offended scores the most the coup could score "
        "(30 times its multiplier), twice that for the dealer (M-8, M-11)"
    )


def test_p2_a_coup_entered_by_its_tricks_records_each_trick_and_the_proof_of_a_renonce():
    # manillen-2: A and B, 16 tricks of two cards; B leads, ♥ trump. A follows K♠ with 7♠ though
    # holding A♠, which he plays at trick 2 (P-4): the coup is cancelled for his renonce.
    log = ["Ks 7s", "Qs As"]
    # P-11 (issue 13): A's table cards are laid out, A♠ is not among them: it was in his hand.
    layout = {"A": [["8h", "9h"], ["10h", "Jh"], ["Qh", "Kh"], ["8d", "9d"]]}
    fiche = play("manillen-2", ("A", "B"), [{"trump": "h", "tricks": log, "let_renonce_pass": False, "layout": layout}])
    (coup,) = fiche.coups
    first = next(line for line in coup.log if line.event == "trick_won")
    cards = (record("trick_card", None, player="B", card=Card.parse("Ks")),
             record("trick_card", None, player="A", card=Card.parse("7s")))  # fmt: skip
    assert first == record("trick_won", "P-2", trick=1, cards=cards, winner="B", points=3)
    assert render(first) == "trick 1: B K♠, A 7♠: B wins +3 (P-2)"
    proven = next(line for line in coup.log if line.event == "renonce_proven")
    assert isinstance(proven.values["proof"], Record) and proven.values["proof"].rule == "P-4"
    assert render(proven).startswith("renonce: A played 7♠ on a ♠ lead at trick 1, where B's K♠ was master")


def test_m9_a_one_manche_partie_is_won_without_a_count_of_manches():
    # manille-jdc: one manche (sèche) to 60 here; A & C make 68 - 34 = 34 twice.
    coups = [{"trump": "h", "points": {"A": 68}}] * 2
    fiche = play("manille-jdc", P4, coups, **{"partie.manche": 60})
    lines = said(fiche.coups[-1])
    assert lines[-2:] == ["A & C reach 68 ≥ 60: manche 1 won (M-9)", "partie won by A & C (M-9)"]
    assert fiche.coups[-1].log[-1] == record("partie_won", "M-9", side="A & C")
    from scorekeeper.cli.render import status

    assert status(fiche) == "partie won by A & C, the first to 60"  # one manche: a points target (M-9)


def test_m13_four_players_each_alone_win_without_1_0_0_0_in_manches():
    coups = [{"taker": "A", "bid": 68, "trump": "h", "points": {"A": 68}}] * 2
    fiche = play("manille-encheres", P4, coups)
    assert said(fiche.coups[-1])[-2:] == ["A reaches 136 ≥ 100: manche 1 won (M-9)", "partie won by A (M-9)"]
    assert not any("in manches" in line for coup in fiche.coups for line in said(coup))


def test_m9_a_partie_liee_counts_its_manches():
    # Manches of 34: César & Escartefigue win the first by 5 + 34, the second by 34.
    coups = [{"retourne": "10h", "points": {"César": 68}}, {"retourne": "7c", "points": {"Panisse": 0}}]
    fiche = play("manille-muette", MARIUS, coups)
    assert fiche.over and fiche.coups[-1].log[-1] == record(
        "partie_won_in_manches", "M-9", side="César & Escartefigue", won=2, against=0
    )
    assert said(fiche.coups[-1])[-1] == "partie won by César & Escartefigue, 2-0 in manches (M-9)"


def test_m9_m14_reach_agrees_with_the_seats_of_the_side_as_data():
    muette = play("manille-muette", MARIUS, [{"retourne": "10h", "points": {"César": 68}}])
    won = muette.coups[0].log[-1]
    assert won.event == "manche_won" and won.values["seats"] == 2
    assert render(won) == "César & Escartefigue reach 39 ≥ 34: manche 1 won (M-9)"
    envers = play("manille-envers", P4, [{"trump": "h", "points": {"B": 68, "A": 0, "C": 0}}] * 2)
    lost = envers.coups[-1].log[-1]
    assert lost == record("partie_lost", "M-14", side="B", seats=1, score=136, target=100)
    assert render(lost) == "B reaches 136 ≥ 100: B loses the partie (M-14)"
    a_trois = play("manille-a-trois", ("A", "B", "C"), [{"retourne": "As", "points": {"A": 68}}])
    assert render(a_trois.coups[0].log[-1]) == "A & mort reach 38 ≥ 34: manche 1 won (M-9)"


def test_m10_quotas_say_1_time_and_1_choice_and_agree_with_a_side_of_one():
    # manillen-2: each player is a side of his own and chooses in the 10 deals he deals, SA twice at least.
    coups = [{"trump": "h", "points": {"A": 31}}] * 16
    with pytest.raises(CoupRefused) as refused:
        play("manillen-2", ("A", "B"), [*coups, {"trump": "h", "points": {"A": 31}}])
    error = refused.value
    assert error.key == "sans_atout_owed" and error.number == 17
    reason = error.reason
    assert (reason.event, reason.rule) == ("error.sans_atout_owed", "M-10")
    assert reason.values == {"side": "A", "seats": 1, "needed": 2, "left": 2}
    assert str(error) == (
        "coup 17: A must still choose sans-atout 2 times and has 2 choices left, this one included: "
        "this choice must be sans-atout (M-10)"
    )
    from scorekeeper.cli.render import status

    line = status(play("manillen-2", ("A", "B"), coups))
    assert "A: 2 choices left, sans-atout owed 2; B: 2 choices left, sans-atout owed 2" in line
    line = status(play("manillen-2", ("A", "B"), [*coups, {"trump": "SA", "points": {"A": 31}}]))
    assert "A: 1 choice left, sans-atout owed 1; B: 2 choices left" in line
    assert "(or passes to the partner)" in status(play("manillen", P4, []))


def test_m9_one_deal_played_is_one_deal():
    fiche = play(
        "manillen", P4, [{"trump": "h", "points": {"A": 40}}], **{"partie.deals": 1, "trump.min_sans_atout": 0}
    )
    assert fiche.coups[0].log[-1] == record("deals_played", "M-9", deals=1, side="A & C", points=10)
    assert said(fiche.coups[0])[-1] == "1 deal played: A & C with 10 (M-9)"


def test_m11_the_chien_goes_to_the_dealer_named_by_its_cards_in_words_that_agree_with_its_points():
    seven, king, jack = Card.parse("7c"), Card.parse("Kc"), Card.parse("Jd")
    assert (
        render(record("chien_to_dealer", "M-11", cards=(seven, king), points=3, dealer="A"))
        == "the chien, 7♣ and K♣, goes to A's tricks: 3 points (M-11)"
    )
    assert (
        render(record("chien_to_dealer", "M-11", cards=(seven, jack), points=1, dealer="A"))
        == "the chien, 7♣ and J♦, goes to A's tricks: 1 point (M-11)"
    )


def test_m15_a_mort_is_named_by_its_player_and_worded_by_the_catalog(monkeypatch):
    mort = mort_of("César")
    assert (
        mort == "César's mort" and json.dumps(mort, ensure_ascii=False) == '"César\'s mort"'
    )  # its identity, in the JSON
    assert as_json(record("dealt", None, dealer=mort))["values"] == {"dealer": "César's mort"}
    assert render(mort) == "César's mort"
    words = {"seat.mort": "le mort de {player}", "side.with_mort": "{player} et son mort"}
    real = i18n.message
    monkeypatch.setattr(i18n, "message", lambda key: words.get(key) or real(key))
    assert render(record("dealt", None, dealer=mort)) == "le mort de César deals"
    fiche = play("manille-a-trois", ("A", "B", "C"), [{"retourne": "Kc", "points": {"B": 50}}])
    assert fiche.table.seats[2] == "A's mort"
    assert render(fiche.sides[0].name) == "A et son mort"
    assert render(fiche.coups[0].log[-2]) == "A & le mort de A 18, B & C 50 of 68 (M-3)"  # a camp: its seats


def test_every_mistake_is_a_key_of_the_catalog_with_its_values():
    with pytest.raises(CoupRefused) as refused:
        play("manille-encheres", P4, [{"taker": "B", "bid": 99, "trump": "h", "points": {"B": 45}}])
    reason = refused.value.reason
    assert (reason.event, reason.rule, reason.values) == ("error.bid_impossible", "M-13", {"bid": 99, "total": 68})
    assert str(refused.value) == "coup 1: a bid of 99 is impossible: bids run from 1 to 68 points (M-13)"
    with pytest.raises(CoupRefused) as refused:
        play("manille-muette", MARIUS, [{"retourne": "10h", "points": {"César": 40}}] * 10)
    assert refused.value.key == "partie_already_won" and refused.value.number == 9  # won at the eighth


def placeholders(words):
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(words) if name}


@pytest.mark.parametrize("name", ["manille-muette", "manillen", "manillen-3", "manille-encheres", "manille-envers",
                                  "manille-a-trois", "manille-a-deux", "manille-coinchee"])  # fmt: skip
def test_every_event_of_a_coup_has_words_that_show_all_its_values(name):
    ruleset = load(name)
    rules = ruleset.rules
    trump = {"retourne": "10h"} if rules.trump_from == "retourne" else {"trump": "h"}
    taker = {"taker": "A", "bid": 30} if rules.sides == "taker" else {}
    points = {"A": 30, "B": 38, "C": 0} if rules.sides == "each" else {"A": 30}
    fiche = play(name, P4[: rules.players], [{**trump, **taker, "points": points}, {**trump, **taker, "renonce": "B"}])
    found = [*every_record(tuple(line for coup in fiche.coups for line in coup.log))]
    assert len(found) > 6
    for line in found:
        words = i18n.message(line.event)
        assert words != line.event, f"no words for {line.event}"
        assert not set(line.values) - placeholders(words), f"{line.event}: {words!r} drops a value"


def test_the_demo_sheet_in_json_carries_its_log_as_records(run):
    ran = run("demo", "--json")
    first = json.loads(ran.out)["coups"][0]["log"]
    assert [line["event"] for line in first[:3]] == ["dealt", "retourne_trump", "retourne_bonus"]
    bonus = first[2]
    assert bonus["rule"] == "M-5" and bonus["values"]["card"] == "10H" and bonus["text"].startswith("retourne 10H: +5")
