"""Manille at the edges of the rule texts (issue 13): the renonce under a coinche (M-8), the multiplier
carried by ties (M-4, M-6), the sans-atout quota's work (M-10), options that do not fit (M-9)."""

from __future__ import annotations

import json

import pytest

from scorekeeper.errors import UserError
from scorekeeper.games import manille
from scorekeeper.i18n import render
from tests.games.manille.test_systems import play, ruleset, said

P4 = ("Jean", "Paul", "Marie", "Luc")


# --- item 6: M-8, a renonce under a coinche: the ruleset's renonce_multiplied decides ---------------

RENONCE_UNDER_COINCHE = {"trump": "c", "contre": "Paul", "renonce": "Jean"}


def test_m8_coinchee_renonce_under_a_coinche_scores_34_and_says_the_x2_does_not_apply():
    fiche = play("manille-coinchee", P4, [RENONCE_UNDER_COINCHE])
    result = fiche.coups[-1]
    assert result.scored == (0, 34)
    assert result.multiplier == 1
    lines = said(result)
    assert "the coup counts x2 (M-7)" not in lines
    assert "the renonce penalty is not multiplied: the coup's x2 does not apply to it (M-8)" in lines
    assert "renonce by Jean: coup cancelled, +34 to Paul & Luc (M-8)" in lines


def test_m8_coinchee_with_renonce_multiplied_the_coinche_doubles_the_34():
    fiche = play("manille-coinchee", P4, [RENONCE_UNDER_COINCHE], **{"scoring.renonce_multiplied": True})
    result = fiche.coups[-1]
    assert result.scored == (0, 68)
    assert result.multiplier == 2
    lines = said(result)
    assert "the coup counts x2 (M-7)" in lines
    assert "renonce by Jean: coup cancelled, +68 to Paul & Luc (M-8)" in lines


def test_m8_the_sheet_explain_and_json_agree_on_the_renonce_under_a_coinche(run):
    assert run("new", "manille-coinchee", *(a for p in P4 for a in ("-p", p))).code == 0
    ran = run("coup", "--trump", "c", "--coinche", "Paul", "--renonce", "Jean")
    assert ran.code == 0, ran.err
    assert "x2" not in ran.out.replace("the coup's x2 does not apply", "")
    data = json.loads(run("sheet", "--json").out)
    assert data["coups"][0]["scored"] == [0, 34] and data["coups"][0]["multiplier"] == 1
    assert "x2" not in run("sheet").out


def test_m8_max_penalty_is_multiplied_unless_the_ruleset_says_not():
    coup = {"trump": "sa", "contre": "B", "renonce": "A"}
    players = ("A", "B", "C", "D")
    assert play("manillen", players, [coup]).coups[-1].scored == (0, 120)  # 30 x sans-atout x2 x contre x2
    lower = play("manillen", players, [coup], **{"scoring.renonce_multiplied": False}).coups[-1]
    assert lower.scored == (0, 30)


def test_m8_p10_the_referee_tells_the_renonce_cost_with_the_multiplier_only_where_it_applies():
    plain = render(manille.renonce_cost(ruleset("manille-coinchee").rules))
    assert plain == "the coup is cancelled and the other side scores 34 (M-8)"
    times = render(manille.renonce_cost(ruleset("manille-coinchee", **{"scoring.renonce_multiplied": True}).rules))
    assert times == "the coup is cancelled and the other side scores 34 times the coup's multiplier (M-8)"


# --- item 8: M-4, M-6: a tie doubles the next coup, but not without end ------------------------------


def test_m4_m6_ties_carried_stop_at_x1024_and_the_log_says_so():
    tie = {"trump": "h", "points": {"A": 30}}
    players = ("A", "B", "C", "D")
    fiche = play("manillen", players, [tie] * 11 + [{"trump": "h", "points": {"A": 40}}], **{"partie.deals": 100})
    last = fiche.coups[-1]
    assert last.multiplier == 1024
    assert said(last)[2:5] == [
        "the coup counts x1024 (M-6)",
        "carried from the tied coups before it (11 at 30-30): x2048 (M-4)",
        "x1024 is the most a coup counts: the ties carried multiply it no further (M-6)",
    ]
    assert fiche.coups[-2].multiplier == 1024 and "the most a coup counts" not in " ".join(said(fiche.coups[-3]))


def test_m4_after_thousands_of_ties_the_game_still_replays():
    tie = {"trump": "h", "points": {"A": 30}}
    fiche = play("manillen", ("A", "B", "C", "D"), [tie] * 15_000, **{"partie.deals": 1_000_000_000})
    assert fiche.multiplier_next == 1024
    assert fiche.coups[-1].multiplier == 1024 and str(fiche.coups[-1].scores)


# --- item 9: M-10, the sans-atout quota kept as the coups are played (linear) ------------------------


def test_m10_the_quota_looks_at_each_earlier_coup_once_not_at_every_coup_again(monkeypatch):
    from scorekeeper.games.manille import partie

    looked = []
    real = partie.sans_atout_chooser

    def counting(result, table):
        looked.append(result.number)
        return real(result, table)

    monkeypatch.setattr(partie, "sans_atout_chooser", counting)
    count = 400
    coups = [{"trump": "sa" if n % 5 == 0 else "h", "points": {"A": (n * 7) % 61}} for n in range(count)]
    fiche = play("manillen", ("A", "B", "C", "D"), coups, deals=count)
    assert looked == list(range(1, count + 1))  # once each: 400 looks, where walking them all made 80,000
    assert [(q.choices_left, q.sans_atout_needed) for q in fiche.quotas] == [(0, 0), (0, 0)]


# --- item 10: M-9, M-14: options that do not fit together, and what `rules show` derived -------------


def test_m9_jdc_partie_liee_plays_the_belle_to_the_manches_target():
    rules = ruleset("manille-jdc", partie="liee").rules
    assert (rules.partie, rules.manche, rules.belle) == ("liee", 100, 100)
    assert ruleset("manille-jdc", partie="liee", target=50).rules.belle == 50
    assert ruleset("manille-muette").rules.belle == 44  # a belle the file sets stays its own


def test_m9_a_belle_below_the_manche_is_refused():
    with pytest.raises(UserError) as refused:
        ruleset("manille-muette", manche=50)
    assert "the belle of a partie liée (44) is below the manche (50)" in str(refused.value)


@pytest.mark.parametrize("name", ["manille-muette", "manille-jdc", "manille-a-deux", "manillen"])
def test_m14_partie_loser_is_refused_where_players_have_partners(name):
    with pytest.raises(UserError) as refused:
        ruleset(name, **{"partie.kind": "loser", "partie.manche": 34})
    assert "(M-14)" in str(refused.value)
    assert ruleset("manille-envers").rules.partie == "loser"  # each for himself: the first to 100 loses


def test_rules_show_says_what_was_derived(run):
    shown = run("rules", "show", "manille-jdc").out
    assert "34, half of the 68 points of a coup" in shown
    assert "100, the manche's target (not set), for a partie liée" in shown
    data = json.loads(run("rules", "show", "hombre-1709", "--json").out)
    assert data["derived"]["money.payments"]["values"] == {"payments": "double", "system": "3-2"}


def test_m7_a_coinche_is_cited_as_the_coinchee_s_rule_and_its_chooser_refusal_too():
    """issue 43: a coinche and the x2 it gives cite M-7, never M-6 (the Belgian contre keeps M-6); the
    coinchée's trump chosen by one who is not the dealer's partner is refused citing M-7, not M-10."""
    lines = said(play("manille-coinchee", P4, [{"trump": "c", "contre": "Paul", "points": {"Jean": 40}}]).coups[-1])
    assert "coinche by Paul (M-7)" in lines and "the coup counts x2 (M-7)" in lines
    assert not any("(M-6)" in line for line in lines)
    with pytest.raises(UserError) as refused:
        play("manille-coinchee", P4, [{"trump": "c", "chooser": "Paul", "points": {"Jean": 40}}])
    assert refused.value.rule == "M-7"
    belgian = said(play("manillen", P4, [{"trump": "s", "contre": "Paul", "points": {"Jean": 40}}]).coups[-1])
    assert "the coup counts x2 (M-6)" in belgian


def test_m8_m13_encheres_renonce_counts_as_the_bid_and_a_house_penalty_is_honoured():
    """issue 43: enchères says `renonce_penalty = "bid"` (M-13): a renonce by another makes the taker's bid,
    by the taker fails it, the point lost to the thirds said; a house ruleset's 20 is scored instead."""
    against = play("manille-encheres", P4, [{"trump": "s", "taker": "Paul", "bid": 60, "renonce": "Jean"}]).coups[-1]
    assert against.scored == (0, 60, 0, 0)
    by_taker = play("manille-encheres", P4, [{"trump": "s", "taker": "Paul", "bid": 40, "renonce": "Paul"}]).coups[-1]
    assert by_taker.scored == (13, 0, 13, 13)
    assert "renonce by the taker Paul: the bid of 40 fails, +13 to each other player; 1 point lost (M-8, M-13)" in said(
        by_taker
    )
    house = {"scoring.renonce_penalty": 20}
    assert play("manille-encheres", P4, [{"trump": "s", "taker": "Paul", "bid": 60, "renonce": "Jean"}], **house).coups[
        -1
    ].scored == (0, 20, 0, 0)
    assert play("manille-encheres", P4, [{"trump": "s", "taker": "Paul", "bid": 60, "renonce": "Paul"}], **house).coups[
        -1
    ].scored == (20, 0, 20, 20)
    assert ruleset("manille-encheres").rules.renonce_penalty == "bid"
    with pytest.raises(UserError) as refused:
        ruleset("manille-muette", **{"scoring.renonce_penalty": "bid"})
    assert refused.value.key == "bid_penalty_without_taker"


def test_m13_the_json_pairs_made_with_camps_and_scored_with_columns():
    """issue 43: at enchères `made` is the taker's and the three others' (two camps) while `scored` is each
    player's (four columns): each coup says the columns its `scored` and `scores` pair with."""
    fiche = play("manille-encheres", P4, [{"trump": "s", "taker": "Paul", "bid": 40, "points": {"Paul": 50}}])
    coup = fiche.as_dict()["coups"][-1]
    assert coup["camps"] == [["Paul"], ["Jean", "Marie", "Luc"]] and coup["made"] == [50, 18]
    assert dict(zip(map(tuple, coup["columns"]), coup["scored"], strict=True)) == {
        ("Jean",): 0,
        ("Paul",): 40,
        ("Marie",): 0,
        ("Luc",): 0,
    }
    teams = play("manille-muette", P4, [{"retourne": "10H", "points": {"Jean": 40}}]).as_dict()["coups"][-1]
    assert teams["columns"] == [["Jean", "Marie"], ["Paul", "Luc"]] == teams["camps"]


def test_m4_m6_a_belgian_x8_says_the_30_30_carried_into_it():
    """issue 43: in a partie of 20 Belgian deals, two coups tied 30-30 then a sans-atout: the x8 says its x4
    came from the two ties carried, at 30-30; a coup with no tie before it says nothing of ties."""
    tie = {"trump": "s", "points": {"A": 30}}
    fiche = play("manillen", ("A", "B", "C", "D"), [tie, tie, {"trump": "SA", "points": {"C": 40}}])
    assert fiche.coups[-1].multiplier == 8
    lines = said(fiche.coups[-1])
    at = lines.index("the coup counts x8 (M-6)")
    assert lines[at + 1] == "carried from the tied coups before it (2 at 30-30): x4 (M-4)"
    alone = said(play("manillen", ("A", "B", "C", "D"), [{"trump": "SA", "points": {"C": 40}}]).coups[-1])
    assert "the coup counts x2 (M-6)" in alone and not any("tied coups" in line for line in alone)
