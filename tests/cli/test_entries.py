"""Deals that score nothing and what the table agrees (issue 15): misdeals and deals all passed (M-17),
named dealers, agreements (M-18), forced choices (M-10), codilles given up (H-9, seed 001 §11) and lies
in parlée (M-8). Each is stored as said, numbered with the coups, replayed, shown, and undoable."""

from __future__ import annotations

import json

import pytest

from scorekeeper import games, service, store
from scorekeeper.errors import UserError
from scorekeeper.i18n import render

P4 = ("A", "B", "C", "D")
HOMBRE = ("Ana", "Bea", "Cid")


def play(name, coups, players=P4, **options):
    return games.replay(games.load(name).with_options(options), players, players[0], coups)


def refused(name, coups, message, players=P4, **options):
    with pytest.raises(UserError, match=message):
        play(name, coups, players, **options)


def said(result):
    return [render(line) for line in result.log]


def pts(who, points, retourne="7H"):
    return {"retourne": retourne, "points": {who: points}}


def sa(who, points, trump="h", **more):
    return {"trump": trump, "points": {who: points}, **more}


# --- M-17: a misdeal, a deal everyone passed ----------------------------------------------------


def test_m17_a_misdeal_scores_nothing_and_the_same_dealer_deals_again():
    fiche = play("manille-muette", [{"misdeal": True}, pts("A", 40)])
    misdeal, coup = fiche.coups
    assert (misdeal.number, misdeal.entry, misdeal.scored, misdeal.dealer) == (1, "misdeal", (0, 0), "A")
    assert said(misdeal)[1] == "misdeal: nothing scored, the same dealer deals again (M-17)"
    assert (coup.number, coup.dealer, fiche.next_dealer) == (2, "A", "B")


def test_m17_where_the_ruleset_says_so_the_deal_passes_after_a_misdeal():
    fiche = play("manille-muette", [{"misdeal": True}], **{"deal.misdeal": "passes"})
    assert said(fiche.coups[0])[1] == "misdeal: nothing scored, the deal passes (M-17)"
    assert fiche.next_dealer == "B"


def test_m17_a_misdeal_is_no_deal_towards_partie_deals_nor_a_choice_towards_m10_quotas():
    before = play("manillen", [sa("A", 31)])
    after = play("manillen", [sa("A", 31), {"misdeal": True}])
    assert after.deals == before.deals == 1 and after.deals_left == 19
    assert after.quotas == before.quotas
    assert after.as_dict()["deals_played"] == 1 and after.as_dict()["coups"][1]["entry"] == "misdeal"
    twenty = [{"misdeal": True}, *[sa("A", 31, trump="SA")] * 4, *[sa("A", 31)] * 16]  # M-9: 20 deals, M-10 kept
    assert not play("manillen", twenty[:-1]).over
    fiche = play("manillen", twenty)
    assert (len(fiche.coups), fiche.deals, fiche.over) == (21, 20, True)


def test_m17_a_deal_everyone_passed_at_the_encheres_passes_the_deal_and_scores_nothing():
    fiche = play("manille-encheres", [{"pass": True}])
    assert said(fiche.coups[0])[1] == "everyone passed: nothing scored, the deal passes (M-17)"
    assert fiche.coups[0].scored == (0, 0, 0, 0) and fiche.next_dealer == "B"


def test_m17_a_deal_all_passed_is_refused_where_nobody_bids():
    refused("manille-muette", [{"pass": True}], "nobody bids in this system.*M-17")


def test_m17_nothing_else_is_said_with_a_misdeal():
    refused(
        "manille-muette",
        [{"misdeal": True, "points": {"A": 40}}],
        "nothing else is said with --misdeal \\(here: --points\\)",
    )


# --- a named dealer -------------------------------------------------------------------------------


def test_a_named_dealer_deals_and_the_rotation_continues_from_him():
    fiche = play("manille-muette", [pts("A", 40), {"dealer": "D", **pts("A", 40)}])
    assert [c.dealer for c in fiche.coups] == ["A", "D"] and fiche.next_dealer == "A"
    assert said(fiche.coups[1])[1] == "D dealt, instead of B"


def test_a_named_dealer_at_hombre_gets_the_poule_rotation_from_him():
    coup = {"hombre": "Bea", "contract": "demande", "tricks": {"Ana": 2, "Bea": 5, "Cid": 2}}
    fiche = play("hombre", [{**coup, "dealer": "Cid"}], players=HOMBRE)
    assert fiche.coups[0].dealer == "Cid" and fiche.next_dealer == "Ana"
    assert render(fiche.coups[0].log[1]) == "Cid dealt, instead of Ana"


# --- M-18: what the table agrees ------------------------------------------------------------------


def test_m18_an_agreement_gives_points_to_a_players_side_with_its_reason():
    fiche = play("manille-muette", [pts("A", 40), {"adjust": {"B": 10}, "reason": "a card seen"}])
    agreed = fiche.coups[1]
    assert (agreed.number, agreed.entry, agreed.scored, fiche.scores) == (2, "adjust", (0, 10), (6, 10))
    assert said(agreed) == ["the table agrees: +10 to B & D (M-18)", "reason: a card seen"]
    assert fiche.next_dealer == "B"  # an agreement deals nothing


def test_m18_an_agreement_counts_like_any_score_and_can_end_the_manche_and_the_partie():
    fiche = play("manille-muette", [{"adjust": {"A": 34}, "reason": "agreed"}], partie="seche")
    assert fiche.over and fiche.winner == 0
    assert "manche 1 won" in said(fiche.coups[0])[2]


def test_m18_an_agreement_needs_its_reason_and_a_figure():
    refused("manille-muette", [{"adjust": {"A": 3}}], "say why the table agreed")
    refused("manille-muette", [{"adjust": {"A": 0}, "reason": "x"}], "not zero")


def test_m18_at_lhombre_an_agreement_is_jetons_one_player_pays_another_zero_sum():
    coup = {"hombre": "Bea", "contract": "demande", "tricks": {"Ana": 2, "Bea": 5, "Cid": 2}}
    paid = {"pay": [{"from": "Bea", "to": "Ana", "jetons": 12}], "reason": "price of the renonce"}
    fiche = play("hombre", [coup, paid], players=HOMBRE)
    agreed = fiche.coups[1]
    assert agreed.outcome.value == "agreed" and agreed.net("Ana") == 12 and agreed.net("Bea") == -12
    assert sum(fiche.balances) == 0 and fiche.next_dealer == "Bea" and fiche.marks == fiche.coups[0].marks
    assert said(agreed) == ["Bea pays Ana 12: agreed at the table: price of the renonce (M-18)"]


def test_m18_points_at_lhombre_and_jetons_at_manille_are_refused():
    refused("hombre", [{"adjust": {"Ana": 3}, "reason": "x"}], "at l'hombre the table agrees on jetons", HOMBRE)
    refused("manille-muette", [{"pay": [], "reason": "x"}], "at manille the table agrees on points")


# --- M-10: a forced choice -------------------------------------------------------------------------


def test_m10_a_choice_the_quota_refuses_is_recorded_with_force_marked_and_the_sans_atout_still_owed():
    sixteen = [sa("A", 31)] * 16
    refused("manillen", [*sixteen, sa("A", 31)], "must still choose sans-atout")
    fiche = play("manillen", [*sixteen, sa("A", 31, force=True)])
    forced = fiche.coups[-1]
    assert forced.scored == (1, 0) and forced.coup.force
    assert said(forced)[2].startswith("forced: the table played this choice although A & C must still choose")
    assert fiche.quotas[0].sans_atout_needed == 2  # still owed, on the sheet
    assert fiche.as_dict()["coups"][-1]["declared"]["force"] is True


def test_m10_force_is_refused_where_nothing_needs_forcing():
    refused("manillen", [sa("A", 31, force=True)], "this choice is allowed")
    refused("manille-muette", [{**pts("A", 40), "force": True}], "no quota of sans-atout")


# --- H-9: a codille given up ------------------------------------------------------------------------


def test_h9_seed_001_11_a_codille_won_thanks_to_a_gano_given_up_is_settled_as_a_remise():
    coup = {"hombre": "Bea", "contract": "demande", "tricks": {"Ana": 5, "Bea": 3, "Cid": 1}}
    codille = play("hombre", [coup], players=HOMBRE)
    remise = play("hombre", [{**coup, "gano_remise": True}], players=HOMBRE)
    assert codille.coups[0].outcome.value == "codille" and remise.coups[0].outcome.value == "remise"
    assert remise.coups[0].takers == () and remise.coups[0].bete_made.owner == "Bea"
    assert "Ana won it thanks to a gano and gave it up: settled as a remise (H-9)" in said(remise.coups[0])[3]


def test_h9_gano_remise_is_refused_when_the_coup_is_no_codille():
    coup = {"hombre": "Bea", "contract": "demande", "tricks": {"Ana": 2, "Bea": 5, "Cid": 2}, "gano_remise": True}
    refused("hombre", [coup], "only for a codille won by a tiers.*H-9", HOMBRE)


# --- M-8: a lie in parlée ----------------------------------------------------------------------------


def test_m8_a_lie_in_parlee_is_priced_as_a_renonce_and_shown_as_a_lie():
    fiche = play("manille-parlee", [{"retourne": "7H", "menteur": "B"}])
    lie = fiche.coups[0]
    assert lie.scored == (34, 0)  # as the renonce: 34 to the offended side
    assert "B lied about the cards held: priced as a renonce (M-8)" in said(lie)
    assert lie.coup.to_dict() == {"retourne": "7H", "menteur": "B"}


def test_m8_a_lie_is_refused_where_nobody_talks():
    refused("manille-muette", [{"retourne": "7H", "menteur": "B"}], "only in parlée")


# --- through the command line: stored as said, numbered, shown, undone ---------------------------------


def test_the_entries_through_the_cli_are_stored_shown_in_json_and_undone(marius):
    assert marius("coup", "--misdeal").code == 0
    assert marius("coup", "--dealer", "Brun", "--retourne", "10h", "--points", "César=40").code == 0
    ran = marius("adjust", "--score", "Panisse=+10", "--reason", "a card seen")
    assert ran.code == 0 and "reason: a card seen" in ran.out
    game = store.read("marius")
    assert game.coups[0].get("misdeal") is True and game.coups[1].get("dealer") == "Brun"
    assert game.coups[2]["adjust"] == {"Panisse": 10} and game.coups[2]["reason"] == "a card seen"
    sheet = marius("sheet").out
    assert "misdeal" in sheet and "agreed: a card seen" in sheet
    data = json.loads(marius("sheet", "--json").out)
    assert [c.get("entry") for c in data["coups"]] == ["misdeal", None, "adjust"]
    assert data["next_dealer"] == "César"  # Brun dealt coup 2: the deal passed to César
    assert marius("undo").code == 0 and len(store.read("marius").coups) == 2
    assert marius("edit", "1", "--retourne", "7h", "--points", "César=34").code == 0
    assert "misdeal" not in store.read("marius").coups[0]


def test_the_entries_refused_through_the_cli_in_one_line_and_nothing_written(marius):
    for args, words in [
        (("adjust", "--score", "César=+10"), "say why the table agreed"),
        (("adjust", "--reason", "x"), "say what the table agreed"),
        (("adjust", "--score", "César", "--reason", "x"), "--score takes NAME=+10"),
        (("adjust", "--pay", "Brun:César=3", "--reason", "x"), "at manille the table agrees on points"),
        (("coup", "--menteur", "Brun", "--retourne", "7h"), "only in parlée"),
        (("coup", "--misdeal", "--retourne", "7h"), "nothing else is said with --misdeal"),
    ]:
        ran = marius(*args)
        assert ran.code == 2 and words in ran.err and len(ran.err.strip().splitlines()) == 1, args
    assert store.read("marius").coups == []


def test_adjust_pay_at_lhombre_through_the_cli(run):
    assert run("new", "hombre", "--player", "Ana", "--player", "Bea", "--player", "Cid", "--game", "h").code == 0
    ran = run("adjust", "--pay", "Bea:Ana=12", "--reason", "price of the renonce")
    assert ran.code == 0 and "Bea pays Ana 12: agreed at the table: price of the renonce (M-18)" in ran.out
    assert service.fiche(store.read("h")).balances == (12, -12, 0)
    given_up = run("coup", "--hombre", "Bea", "--contract", "demande", "--tricks", "Ana=5,Bea=3,Cid=1", "--gano-remise")
    assert given_up.code == 0 and "settled as a remise" in given_up.out
