"""What the referee says is records (issue 11): verdicts, duties, latitudes, proofs, notes and errors
carry their rule ids and values; the catalog words them exactly as the table reads them."""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper import i18n
from scorekeeper.cards import Card, Suit
from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record
from scorekeeper.games import load
from scorekeeper.games.manille import legal as manille
from scorekeeper.games.manille.referee import audit_log, audit_manille
from scorekeeper.games.spadille import legal as hombre
from scorekeeper.games.spadille.referee import RENONCE_COST, audit_hombre
from scorekeeper.i18n import render
from scorekeeper.referee import Cards, Relation, check_position
from scorekeeper.referee import audit as audit_module
from scorekeeper.referee import face_down as face_down_module
from scorekeeper.referee import proof as proof_module

MUETTE = load("manille-muette").rules
PLAYERS = ("Ana", "Brun", "César", "Dédé")
S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
OWN = [
    PACKAGE / "referee" / "__init__.py",
    PACKAGE / "referee" / "audit.py",
    PACKAGE / "referee" / "proof.py",
    PACKAGE / "referee" / "face_down.py",
    PACKAGE / "games" / "manille" / "legal.py",
    PACKAGE / "games" / "manille" / "referee.py",
    PACKAGE / "games" / "spadille" / "legal.py",
    PACKAGE / "games" / "spadille" / "referee.py",
    PACKAGE / "cli" / "check.py",
    PACKAGE / "cli" / "audit.py",
]


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def table(text: str) -> list[tuple[Relation, Card]]:
    relations = {"O": Relation.OPPONENT, "P": Relation.PARTNER}
    return [(relations[word[0]], Card.parse(word[2:])) for word in text.split()]


def partners(one: str, other: str) -> bool:
    """Ana and César against Brun and Dédé."""
    return PLAYERS.index(one) % 2 == PLAYERS.index(other) % 2


def log(*tricks: str) -> list[list[Card]]:
    return [cards(trick) for trick in tricks]


def nested(item: Record) -> Iterator[Record]:
    """A record and every record among its values."""
    yield item
    for value in item.values.values():
        if isinstance(value, Record):
            yield from nested(value)


def assert_worded(item: Record) -> None:
    """Every record has words in the catalog, and the words show every value."""
    for each in nested(item):
        words = i18n.message(each.event)
        assert words != each.event, f"no words for {each.event}"
        shown = {name.split("!")[0] for _, name, _, _ in string.Formatter().parse(words) if name}
        assert set(each.values) <= shown, f"{each.event}: {words!r} drops {sorted(set(each.values) - shown)}"


# --- verdicts (P-3 to P-10, H-3, H-4) --------------------------------------------------------------


def test_p5_a_renonce_verdict_carries_its_rule_and_the_duty_it_breaks():
    verdict = manille.judge(cards("10h 7h 10c"), table("O:As"), H, MUETTE, Card.parse("10c"))
    assert verdict.explanation == record(
        "verdict.renonce",
        "P-5",
        card=Card.parse("10c"),
        reason=record("duty.trump", None, suit=S, master=Card.parse("As"), cards=Cards(cards("10h 7h"))),
    )
    assert (
        render(verdict.explanation)
        == "10♣ is a renonce: void in ♠ under the opponent's A♠: must trump, holds 10♥ 7♥ (P-5)"
    )
    assert render(verdict.explanation, ascii=True).startswith(
        "10C is a renonce: void in spades under the opponent's AS"
    )


def test_p3_p4_a_legal_card_names_the_suit_to_follow_and_the_freedom_left_in_it():
    # An opponent's K♥ led: holding no higher ♥, any ♥ will do (P-4 asks nothing).
    verdict = manille.judge(cards("9h 7h 8s"), table("O:Kh"), C, MUETTE, Card.parse("7h"))
    why = verdict.explanation.values["why"]
    assert (verdict.explanation.event, verdict.explanation.rule) == ("verdict.legal", None)
    assert why.event == "verdict.reasons"
    assert (why.values["first"].event, why.values["first"].rule) == ("duty.follow", "P-3")
    assert why.values["then"] == record("latitude.cannot_go_over", "P-4", suit=H, master=Card.parse("Kh"))
    assert render(verdict.explanation) == (
        "7♥ is legal: must follow ♥: holds 9♥ 7♥ (P-3); no ♥ above the opponent's K♥: any ♥ (P-4)"
    )


def test_p7_without_a_card_the_explanation_is_the_latitude_itself():
    verdict = manille.judge(cards("10h Ah 10c Kc"), table("O:As P:10s O:Qc"), H, MUETTE)
    assert verdict.explanation == record("latitude.partner_master_void", "P-7", suit=S)
    assert manille.judge(cards("9h"), [], S, MUETTE).explanation.event == "latitude.leads"


@pytest.mark.parametrize(
    "hand, trick, trump, event, rule",
    [
        ("9h Ah 8c", "O:Kh", S, "duty.go_over", "P-4"),
        ("8c Ks", "O:Kh P:Ah O:9s", S, "duty.over_trump", "P-5"),
        ("7s 8c", "P:Kh O:9s", S, "duty.no_undertrump", "P-6"),
        ("7s 8c", "O:Kh P:9s", S, "duty.no_undertrump_partner", "P-6"),
        ("9h 7h", "O:Kh P:Ah", S, "latitude.partner_master", "P-7"),
        ("9h 7h", "P:Kh O:9s", S, "latitude.opponent_trumped", "P-4"),
        ("Ks 7d 8s", "O:Kc", None, "latitude.sans_atout_void", "P-8"),
        ("Ks 7d 8s", "O:Kc", C, "latitude.void_in_trumps_led", "P-9"),
        ("Ks 7d 8s", "O:Kh P:8c", C, "latitude.partner_master_void", "P-7"),
        ("7c 8d", "O:Kh", S, "latitude.cannot_beat", "P-6"),
    ],
)
def test_p4_to_p9_each_reason_is_an_event_with_its_rule(hand, trick, trump, event, rule):
    rules = MUETTE.changed(undertrump="only-if-no-other")
    explanation = manille.judge(cards(hand), table(trick), trump, rules).explanation
    assert (event, rule) in {(each.event, each.rule) for each in nested(explanation)}
    assert_worded(explanation)


def test_h4_the_matador_led_is_a_value_worded_by_the_catalog():
    verdict = hombre.judge(cards("Ac 6c"), cards("7h"), H, Card.parse("6c"))
    reason = verdict.explanation.values["reason"]
    assert (verdict.explanation.rule, reason.event) == ("H-4", "duty.matador_forced")
    assert reason.values == {"matador": "manille", "lead": Card.parse("7h"), "cards": (Card.parse("Ac"),)}
    free = hombre.judge(cards("As 6c"), cards("Ac"), H)
    assert free.explanation == record("latitude.matador_not_forcing", "H-4", matador="baste",
                                      lead=Card.parse("Ac"), cards=Cards(cards("As")))  # fmt: skip
    assert render(free.explanation) == "the baste A♣ led does not force the higher A♠: any card (H-4)"


@pytest.mark.parametrize(
    "hand, trick, trump, event",
    [
        ("Kh 6d", "Kc", H, "latitude.void_no_trump"),
        ("6c 5c", "Kc", H, "latitude.any_of_suit"),
        ("2h 6h", "Kh", H, "latitude.any_trump"),
        ("5c 6d", "Kh", H, "latitude.void_in_trumps"),
        ("Ac 6c", "Kh", H, "latitude.ordinary_trump_led"),
        ("2h 6d", "Kh", H, "duty.play_a_trump"),
        ("6c 6d", "Kc", H, "duty.follow"),
    ],
)
def test_h3_h4_each_reason_is_an_event_with_its_rule(hand, trick, trump, event):
    explanation = hombre.judge(cards(hand), cards(trick), trump).explanation
    assert event in {each.event for each in nested(explanation)}
    assert all(each.rule in (None, "H-3", "H-4") for each in nested(explanation))
    assert_worded(explanation)


def test_hombre_renonce_cost_is_an_agreement_without_a_rule():
    assert (RENONCE_COST.rule, RENONCE_COST.event) == (None, "renonce_cost.hombre")
    assert "no price for a renonce at l'hombre" in render(RENONCE_COST)


# --- the audit's proofs and notes (P-10, H-3 to H-5) -----------------------------------------------

COUP = log(
    "10d 7d 8d 9d",
    "Ad Jd Qd Kd",
    "7h 8c 10h Jh",  # Brun discards 8♣ on ♥ while holding 9♥ (P-3)
    "10c Jc 7c Qc",
    "Ac Kc 9c 7s",
    "9h 10s Qh Kh",
    "As Qs Js 8s",
    "Ks 8h Ah 9s",
)


def test_p10_the_proof_is_the_play_and_the_cards_that_prove_it():
    (renonce,) = audit_manille(PLAYERS, "Ana", S, COUP, MUETTE, partners).renonces
    play = record(
        "play.discarded", None, player="Brun", card=Card.parse("8c"), lead=record("lead.suit", None, suit=H), trick=3
    )
    at = record("proof.at_trick", None, tricks=(6,))
    assert renonce.proof == record("proof.renonce", "P-3", play=play, held=(Card.parse("9h"),), at=at)
    assert_worded(renonce.proof)


def test_p5_the_proof_names_the_master_card_as_a_nested_record():
    (renonce,) = audit_manille(PLAYERS, "Ana", S, log("10d 7d 9d 8c", "Ad Jd Qd 7s"), MUETTE, partners).renonces
    assert (renonce.proof.event, renonce.proof.rule) == ("proof.renonce_where", "P-5")
    assert renonce.proof.values["where"] == record("where.master", None, player="Ana", card=Card.parse("10d"))
    assert_worded(renonce.proof)


def test_h3_several_cards_held_are_proven_at_several_tricks():
    result = audit_hombre(("Xavier", "Yves", "Zoé"), "Xavier", H, log("Kc 5d 4c", "2c Qc 3c", "7c 6c 5c"))
    (renonce,) = result.renonces
    assert renonce.proof.values["held"] == tuple(cards("Qc 7c"))
    assert renonce.proof.values["at"] == record("proof.at_tricks", None, tricks=(2, 3))


def test_h4_the_proof_names_the_matador_led():
    result = audit_hombre(("Xavier", "Yves", "Zoé"), "Xavier", H, log("7h 5c 4h", "Kd Ac Qd"))
    where = result.renonces[0].proof.values["where"]
    assert where == record("where.matador_led", None, player="Xavier", matador="manille", card=Card.parse("7h"))
    assert result.renonces[0].proof.values["play"].values["lead"] == record("lead.trump", None, suit=H)


def test_p10_an_unproven_play_lists_the_unseen_cards_rule_by_rule():
    result = audit_manille(PLAYERS, "Ana", S, COUP[:3], MUETTE, partners)
    (unproven,) = result.unknown
    held = unproven.note.values["held"]
    assert (unproven.note.event, unproven.note.rule) == ("proof.unproven", None)
    assert held.event == "proof.or_else"
    assert held.values["first"] == record("proof.if_held", "P-3", cards=tuple(cards("8h 9h Qh Kh Ah")))
    assert (held.values["then"].event, held.values["then"].rule) == ("proof.if_held", "P-5")
    assert render(held) == "8♥, 9♥, Q♥, K♥ or A♥ (P-3); or 7♠, 8♠, 9♠, 10♠, J♠, Q♠, K♠ or A♠ (P-5)"
    assert_worded(unproven.note)


def test_p10_the_notes_of_a_log_are_records_and_one_for_all_complete_logs():
    complete = audit_manille(PLAYERS, "Ana", S, COUP, MUETTE, partners).notes
    assert complete == (record("audit.complete", None),)
    assert audit_manille(PLAYERS, "Ana", S, COUP, MUETTE, partners).notes is complete  # built once
    partial = audit_manille(PLAYERS, "Ana", S, COUP[:1], MUETTE, partners).notes
    assert partial == (
        record("audit.partial", None, shown=1, tricks=8),
        record("audit.partial_counts", None, shown=1),
    )
    assert render(partial[1]) == "points and tricks count only the 1 trick shown"  # not "1 tricks"
    assert render(audit_manille(PLAYERS, "Ana", S, COUP[:3], MUETTE, partners).notes[1]).endswith("the 3 tricks shown")


def test_m3_the_summary_counts_points_and_tricks_with_their_plural():
    # One trick of 7, 8, 9 cards: only the M-2 trick point; César wins it for Ana & César.
    result = audit_log(MUETTE, list(PLAYERS), "Ana", H, log("7s 8s 9s 8c"), None)
    assert result.summary == (
        record("audit.side", None, side=("Ana", "César"), points=1, tricks=1),
        record("audit.side", None, side=("Brun", "Dédé"), points=0, tricks=0),
    )
    assert [render(line) for line in result.summary] == [
        "Ana & César: 1 point, 1 trick",
        "Brun & Dédé: 0 points, 0 tricks",
    ]


def test_the_quick_path_builds_no_record(monkeypatch):
    """Legal cards and the audit of a legal, complete log ask for no words: the reasons stay lazy."""
    audit_module._notes(MUETTE.tricks, MUETTE.tricks, 0)  # the complete log's note, built once for all

    def refused(*args: object, **values: object) -> None:
        raise AssertionError("a record was built")

    for module in (manille, hombre, audit_module, proof_module, face_down_module):
        monkeypatch.setattr(module, "record", refused)
    legal = log(
        *"AS KS 10S QS|9D 8D 10D AD|7D QD 9S JS|8S 7S JD 7C|10H QH KH 7H|9H 8H JH 10C|AH AC JC KD|QC 8C 9C KC".split(
            "|"
        )
    )
    players = ("César", "Panisse", "Escartefigue", "Brun")
    result = audit_manille(
        players, "Panisse", S, legal, MUETTE, lambda a, b: players.index(a) % 2 == players.index(b) % 2
    )
    assert result.renonces == () and result.complete
    assert manille.legal_cards(cards("9h Ah 8c"), table("O:Kh"), S, MUETTE) == tuple(cards("Ah"))
    assert hombre.legal_cards(cards("Ac 6c"), cards("7h"), H) == tuple(cards("Ac"))


# --- errors: keys of the catalog, with their values --------------------------------------------------


@pytest.mark.parametrize(
    "call, key, text",
    [
        (lambda: check_position(cards("9h 9h"), [], manille.MANILLE, 4), "card_twice_in_hand",
         "9♥ is twice in the hand: each card exists once"),
        (lambda: check_position(cards("9h"), cards("9h"), manille.MANILLE, 4), "card_in_hand_and_on_table",
         "9♥ is both in the hand and on the table: each card exists once"),
        (lambda: check_position(cards("9h"), cards("7c 7c"), manille.MANILLE, 4), "card_twice_on_table",
         "7♣ is twice on the table: each card exists once"),
        (lambda: check_position(cards("9h"), cards("7c 8c 9c 10c"), manille.MANILLE, 4), "trick_full",
         "the trick already holds 4 cards: a trick has 4, nobody is left to play"),
        (lambda: manille.judge(cards("9h 8c"), table("O:Kh"), S, MUETTE, Card.parse("10h")), "card_not_in_hand",
         "10♥ is not in the hand (9♥ 8♣): the card played must come from it"),
        (lambda: audit_hombre(("A",), "A", H, []), "audit_players_count",
         "1 player given: this game is played by 3"),  # not "1 players"
        (lambda: audit_manille(PLAYERS, "Ana", S, log("10d 7d 8d 9d", "Ad"), MUETTE, partners), "audit_trick_size",
         "trick 2 has 1 card: a trick has 4, one per player"),  # not "1 cards"
        (lambda: audit_log(load("manille-encheres").rules, list(PLAYERS), "Ana", H, [], None), "audit_needs_taker",
         "give the taker, who plays alone against the others: --taker NAME (M-11, M-13)"),
    ],
)  # fmt: skip
def test_a_mistake_is_an_error_key_with_its_values(call, key, text):
    with pytest.raises(UserError) as raised:
        call()
    assert raised.value.key == key and str(raised.value) == text


def test_every_error_key_raised_by_the_referee_has_words():
    keys = {key for path in OWN for key in re.findall(r'UserError\(\s*"(\w+)"', path.read_text(encoding="utf-8"))}
    keys |= {"audit_needs_dealer"}  # chosen by a conditional expression
    assert len(keys) >= 30
    assert [key for key in sorted(keys) if i18n.message(f"error.{key}") == f"error.{key}"] == []


# --- the commands' JSON --------------------------------------------------------------------------


def test_check_json_adds_the_records_beside_the_rendered_explanation_and_cost(run):
    ran = run("check", "hombre", "--trump", "c", "--table", "2c", "--hand", "As Ac 5d", "--play", "5d", "--json")
    data = json.loads(ran.out)
    explanation, cost = data["records"]
    assert (explanation["rule"], explanation["event"]) == ("H-4", "verdict.renonce")
    assert explanation["values"]["reason"]["values"] == {"matador": "manille", "lead": "2C", "cards": "AS AC"}
    assert explanation["text"] == data["explanation"]
    assert cost["event"] == "renonce_cost.hombre" and cost["text"] == data["cost"]


def test_check_json_of_a_manille_renonce_carries_the_rule_broken_and_the_cost(run):
    ran = run("check", "manille-muette", "--trump", "h", "--table", "O:A♠", "--hand", "10♥ 7♥ 10♣", "--play", "10c", "--json")  # fmt: skip
    data = json.loads(ran.out)
    explanation, cost = data["records"]
    assert explanation["rule"] == "P-5" and cost["rule"] == "M-8"
    assert cost["text"] == data["cost"] == "the coup is cancelled and the other side scores 34 (M-8)"


def test_audit_json_carries_proofs_notes_and_unknown_plays_as_records(run):
    ran = run("audit", "manille-muette", "--players", "A B C D", "--trump", "h", "--leader", "A",
              "--trick", "7s 8s 9s 10s", "--trick", "Ks 7c Qs Js", "--json")  # fmt: skip
    data = json.loads(ran.out)
    assert [note["event"] for note in data["notes"]] == ["audit.partial", "audit.partial_counts", "audit.no_figure"]
    assert [unknown["note"]["event"] for unknown in data["unknown"]] == ["proof.unproven", "proof.unproven_where"]
    where = data["unknown"][1]["note"]["values"]["where"]
    assert where["values"] == {"player": "D", "card": "KS"}
    assert data["unknown"][1]["note"]["text"].startswith(
        "C played JS on a spades lead at trick 2, where D's KS was master:"
    )


def test_audit_text_reads_the_renonce_with_its_rule(run):
    log = ["AS KS 10S QS", "9D 8D 10D AD", "7D QD 9S JS", "8S 7S JD 7C", "10H QH KH 10C", "9H 8H JH 7H", "AH AC JC KD"]
    tricks = [arg for trick in log for arg in ("--trick", trick)]
    ran = run("audit", "manille-muette", "--players", "César Panisse Escartefigue Brun", "--trump", "s",
              "--leader", "Panisse", *tricks, "--ascii")  # fmt: skip
    assert ran.code == 1
    assert (
        "renonce (P-3): Brun discarded 10C on a hearts lead at trick 5 while holding 7H, which the same hand played at trick 6 (P-3)"
        in ran.out
    )
    assert "points and tricks count only the 7 tricks shown" in ran.out
    assert "no renonce proven" not in ran.out
