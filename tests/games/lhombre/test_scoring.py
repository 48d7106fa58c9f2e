"""Danish l'hombre's deals scored by hand from RULES D-2 to D-8, through the engine and at the command line."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from scorekeeper import games
from scorekeeper.errors import CoupRefused
from scorekeeper.games.lhombre.settle import shares

TABLE = ("Ole", "Bent", "Kaj", "Mette")


def evening(*deals, players=TABLE, dealer="Ole", **options):
    """The fiche after `deals`, at a lhombre-dlu table with `options` (`--option`)."""
    ruleset = games.load("lhombre-dlu").with_options(options)
    return games.replay(ruleset, list(players), dealer, list(deals))


def points(fiche):
    return dict(zip(fiche.players, fiche.scores, strict=True))


def test_d2_the_oversidder_is_opposite_the_dealer_and_the_deal_passes_to_the_next_seat():
    """Ole deals: Kaj (opposite) sits out; Bent (forhånd), Mette, Ole play. Then Bent deals, Mette sits out."""
    fiche = evening({"pass": True}, {"pass": True}, {"pass": True}, {"pass": True}, {"pass": True})
    assert [(r.dealer, r.oversidder) for r in fiche.coups] == [
        ("Ole", "Kaj"),
        ("Bent", "Mette"),
        ("Kaj", "Ole"),
        ("Mette", "Bent"),
        ("Ole", "Kaj"),
    ]
    assert points(fiche) == dict.fromkeys(TABLE, 0)  # D-7: all pass, no score


def test_d2_the_oversidder_plays_no_card_and_takes_no_trick():
    with pytest.raises(CoupRefused) as refused:
        evening({"declarer": "Kaj", "contract": "solo", "tricks": {"Kaj": 6, "Bent": 2, "Mette": 1}})
    assert refused.value.key == "lhombre_declarer_sits_out" and refused.value.record.values["reason"].rule == "D-2"
    with pytest.raises(CoupRefused) as refused:
        evening({"declarer": "Bent", "contract": "solo", "tricks": {"Bent": 6, "Kaj": 2, "Mette": 1}})
    assert refused.value.key == "lhombre_tricks_sits_out"


@pytest.mark.parametrize(
    ("tricks", "outcome", "bent"),
    [
        ((6, 2, 1), "vundet", +8),  # more than each opponent: solo spar 4 from each of two
        ((4, 4, 1), "bet", -8),  # a tie with an opponent: bet, 4 to each
        ((3, 3, 3), "bet", -8),  # 3-3-3: bet (D-4)
        ((3, 4, 2), "kruk", -10),  # an opponent took more: kruk, 4 + 1 to each
    ],
)
def test_d4_d5_vundet_bet_kruk_from_the_tricks_paid_by_each_opponent(tricks, outcome, bent):
    fiche = evening(
        {
            "declarer": "Bent",
            "contract": "solo_spar",
            "tricks": dict(zip(("Bent", "Mette", "Ole"), tricks, strict=True)),
        }
    )
    assert fiche.coups[0].outcome == outcome
    assert points(fiche) == {"Ole": -bent // 2, "Bent": bent, "Kaj": 0, "Mette": -bent // 2}
    assert sum(fiche.scores) == 0  # D-5: under "each" the points sum to zero


def test_d4_a_nolo_is_vundet_with_no_trick_bet_with_one_kruk_with_more():
    said = [{"declarer": "Bent", "contract": "ren_nolo", "tricks": {"Bent": taken}} for taken in (0, 1, 2)]
    assert [evening(deal).coups[0].outcome for deal in said] == ["vundet", "bet", "kruk"]
    assert [points(evening(deal))["Bent"] for deal in said] == [8, -8, -10]
    made = evening({"declarer": "Bent", "contract": "nolo_ouvert", "tricks": {"Bent": 0, "Mette": 5, "Ole": 4}})
    assert points(made)["Bent"] == 12  # nolo ouvert 6 from each


def test_d4_throwing_in_after_buying_is_bet_and_a_bare_smide_is_alm_spil():
    fiche = evening({"declarer": "Bent", "smide": True}, {"declarer": "Kaj", "contract": "tourne", "smide": True})
    assert [r.outcome for r in fiche.coups] == ["bet", "bet"]
    assert fiche.coups[0].coup.contract == "alm"
    # alm. spil bet: Bent pays Mette and Ole 1; tourné bet (Bent deals, Mette out): Kaj pays Ole and Bent 2
    assert points(fiche) == {"Ole": 1 + 2, "Bent": -2 + 2, "Kaj": -4, "Mette": 1}


def test_d5_the_declarer_alone_scores_when_the_table_says_so():
    fiche = evening(
        {"declarer": "Bent", "contract": "solo", "tricks": {"Bent": 5, "Mette": 2, "Ole": 2}},
        {"declarer": "Kaj", "contract": "tourne", "outcome": "kruk"},
        payment="declarer",
    )
    assert points(fiche) == {"Ole": 0, "Bent": 3, "Kaj": -3, "Mette": 0}


def test_d6_a_tout_made_is_worth_one_more_and_failed_one_less():
    made = evening({"declarer": "Bent", "contract": "solo", "tricks": {"Bent": 9, "Mette": 0, "Ole": 0}, "tout": True})
    failed = evening(
        {"declarer": "Bent", "contract": "solo", "tricks": {"Bent": 6, "Mette": 2, "Ole": 1}, "tout": True}
    )
    assert points(made)["Bent"] == 2 * (3 + 1) and points(failed)["Bent"] == 2 * (3 - 1)
    assert failed.coups[0].outcome == "vundet"
    with pytest.raises(CoupRefused) as refused:
        evening({"declarer": "Bent", "contract": "ren_nolo", "tricks": {"Bent": 0}, "tout": True})
    assert refused.value.key == "lhombre_tout_not_here"


def test_d7_a_strafpoint_costs_its_offender_one_point_paid_to_no_one_and_is_no_deal():
    fiche = evening({"strafpoint": "Kaj", "reason": "bød uden tur"}, {"pass": True})
    assert points(fiche) == {"Ole": 0, "Bent": 0, "Kaj": -1, "Mette": 0}
    assert [r.dealer for r in fiche.coups] == ["", "Ole"]  # between deals: Ole still deals the next


def test_d3_a_contract_a_club_does_not_play_is_refused_and_its_values_are_the_rulesets():
    with pytest.raises(CoupRefused) as refused:
        evening({"declarer": "Bent", "contract": "nolo_ouvert", "outcome": "vundet"}, **{"contracts.nolo_ouvert": 0})
    assert refused.value.key == "lhombre_contract_not_played"
    dearer = evening({"declarer": "Bent", "contract": "solo", "outcome": "vundet"}, **{"contracts.solo": 5})
    assert points(dearer)["Bent"] == 10


def test_d2_three_at_a_table_all_play_and_nobody_sits_out():
    ruleset = games.load("lhombre-dlu").with_options({"players": 3})
    fiche = games.replay(
        ruleset, ["A", "B", "C"], "A", [{"declarer": "B", "contract": "alm", "tricks": {"A": 2, "B": 5, "C": 2}}]
    )
    assert fiche.coups[0].oversidder is None and points(fiche) == {"A": -1, "B": 2, "C": -1}


def test_d8_the_regnskab_at_a_rate_sums_to_zero_even_with_a_strafpoint():
    assert shares((8, -4, 0, -4), Fraction(1, 4)) == (Fraction(2), Fraction(-1), Fraction(0), Fraction(-1))
    owed = shares((-3, 15, -2, -11), Fraction(1, 4))  # a strafpoint: the points sum to -1
    assert sum(owed) == 0 and owed == (Fraction(-68, 100), Fraction(381, 100), Fraction(-44, 100), Fraction(-269, 100))


def test_d2_to_d8_an_evening_at_the_command_line_its_sheet_and_regnskab(run):
    assert run("new", "lhombre-dlu", "-p", "Ole", "-p", "Bent", "-p", "Kaj", "-p", "Mette").code == 0
    for line in (
        "Bent solo spar 6 2 1",
        "Kaj tourne kruk",
        "Mette ren nolo 1 stik",
        "pas",
        "strafpoint Bent",
        "Ole smider",
    ):
        ran = run("coup", *line.split())
        assert ran.code == 0, (line, ran.err)
    data = json.loads(run("sheet", "--json").out)
    assert [player["points"] for player in data["players"]] == [-3, 15, -2, -11]
    assert [coup["outcome"] for coup in data["coups"]] == ["vundet", "kruk", "bet", None, None, "bet"]
    assert data["oversidder"] == "Mette" and data["next_dealer"] == "Bent"
    settled = json.loads(run("settle", "--rate", "0,25", "--json").out)
    assert [r["money"] for r in settled["results"]] == [-0.68, 3.81, -0.44, -2.69]
    assert sum(t["amount"] for t in settled["transfers"]) == pytest.approx(3.81)
    words = run("settle", "--rate", "0.25").out
    assert "Mette pays Bent 2.69" in words
    mine = json.loads(run("settle", "--statement", "Bent", "--rate", "0.25", "--json").out)
    assert sum(line["points"] for line in mine["lines"]) == mine["points"] == 15


def test_d8_h12_a_rate_is_refused_in_one_line_where_it_is_no_rate_or_the_game_pays_jetons(run):
    assert run("new", "lhombre-dlu", "-p", "Ole", "-p", "Bent", "-p", "Kaj", "-p", "Mette").code == 0
    bad = run("settle", "--rate", "tre")
    assert bad.code == 2 and "--rate 'tre' is no rate" in bad.err and bad.out == ""
    for said in ("0.255", "1/3", "-1", "inf", "0"):  # money in hundredths, more than nothing
        assert run("settle", "--rate", said).code == 2
    missing = run("coup", "Bent")
    assert missing.code == 2 and "say the contract Bent played: one of alm, bedre" in missing.err
    assert run("new", "hombre", "-p", "A", "-p", "B", "-p", "C", "--game", "h").code == 0
    jetons = run("settle", "--early", "--rate", "0.25", "--game", "h")
    assert jetons.code == 2 and "settles in jetons and fiches (H-12)" in jetons.err


def test_d8_partners_add_their_members_points_and_money(run):
    """A pair's regnskab: Ole and Kaj together, Bent and Mette together; a player in two teams is refused."""
    assert run("new", "lhombre-dlu", "-p", "Ole", "-p", "Bent", "-p", "Kaj", "-p", "Mette").code == 0
    assert run("coup", "Bent", "solo", "spar", "6", "2", "1").code == 0  # Bent +8, Mette and Ole -4
    settled = json.loads(run("settle", "--rate", "0.5", "--team", "Ole+Kaj", "--team", "bent+mette", "--json").out)
    assert settled["teams"] == [
        {"players": ["Ole", "Kaj"], "points": -4, "money": -2.0},
        {"players": ["Bent", "Mette"], "points": 4, "money": 2.0},
    ]
    assert settled["transfers"] == [{"from": ["Ole", "Kaj"], "to": ["Bent", "Mette"], "amount": 2.0}]  # never within
    assert "Bent & Mette: 4 points together, 2" in run("settle", "--rate", "0.5", "--team", "bent+mette").out
    twice = run("settle", "--team", "Ole+Kaj", "--team", "Kaj+Bent")
    assert twice.code == 2 and "--team 'Kaj+Bent'" in twice.err
    hombre = run("new", "hombre", "-p", "A", "-p", "B", "-p", "C", "--game", "h")
    assert hombre.code == 0
    alone = run("settle", "--early", "--team", "A+B", "--game", "h")
    assert alone.code == 2 and "each plays alone (H-7)" in alone.err


def test_d8_an_evening_stopped_counts_in_the_clubs_stats_by_its_points(run):
    """`stop` ends a Danish evening (it has no end of its own): `stats` counts it, won by a positive regnskab."""
    assert run("new", "lhombre-dlu", "-p", "Ole", "-p", "Bent", "-p", "Kaj", "-p", "Mette").code == 0
    assert run("coup", "Bent", "solo", "spar", "6", "2", "1").code == 0
    assert run("stop", "--reason", "late").code == 0
    data = json.loads(run("stats", "--json").out)
    assert data["skipped"] == [] and data["columns"] == ["won", "lost", "points", "taken"]
    assert {p["name"]: (p["won"], p["lost"], p["points"]) for p in data["players"]} == {
        "Bent": (1, 0, 8),
        "Kaj": (0, 0, 0),
        "Mette": (0, 1, -4),
        "Ole": (0, 1, -4),
    }


def test_d8_two_nolos_in_one_deal_each_scored_against_its_two_opponents_where_the_table_allows():
    """Ole deals, Kaj sits out. Bent ren nolo with no trick, vundet 4 from each of Mette and Ole (+8); Mette
    købe nolo with two, kruk, 3 to each of Bent and Ole (-6). Ole -4 +3, Bent +8 +3, Mette -4 -6: zero sum."""
    both = {"declarer": "Bent", "contract": "ren_nolo", "tricks": {"Bent": 0}}
    both["also"] = {"declarer": "Mette", "contract": "kobe_nolo", "tricks": {"Mette": 2}}
    fiche = evening(both, double_nolo=True)
    assert points(fiche) == {"Ole": -1, "Bent": 11, "Kaj": 0, "Mette": -10}
    assert fiche.coups[0].declarers == (("Bent", "vundet"), ("Mette", "kruk"))
    figures = games.get("lhombre").figures(fiche)
    assert (figures["Mette"].taken, figures["Mette"].taken_made, figures["Bent"].taken_made) == (1, 0, 1)
    with pytest.raises(CoupRefused) as off:  # D-8: off by default
        evening(both)
    assert off.value.key == "lhombre_double_nolo_off"
    for second in (
        {"declarer": "Mette", "contract": "solo", "outcome": "vundet"},  # a nolo and a trump contract
        {"declarer": "Bent", "contract": "ren_nolo", "tricks": {"Bent": 0}},  # the same player twice
        {"declarer": "Kaj", "contract": "ren_nolo", "tricks": {"Kaj": 0}},  # the oversidder
    ):
        with pytest.raises(CoupRefused):
            evening({**both, "also": second}, double_nolo=True)


def test_d8_two_nolos_said_in_one_line_in_danish_and_shown_on_the_fiche(run):
    made = run("new", "lhombre-dlu", "-p", "Ole", "-p", "Bent", "-p", "Kaj", "-p", "Mette", "-o", "double_nolo=true")
    assert made.code == 0, made.err
    ran = run("--lang", "da", "coup", "Bent", "ren", "nolo", "0", "og", "Mette", "købe", "nolo", "2", "stik")
    assert ran.code == 0, ran.err
    data = json.loads(run("sheet", "--json").out)
    assert data["coups"][0]["outcomes"] == ["vundet", "kruk"]
    assert [player["points"] for player in data["players"]] == [-1, 11, 0, -10]
    assert "Bent ren nolo, 0, vundet & Mette købe nolo, 2, kruk" in " ".join(run("sheet").out.split())


def test_d8_a_double_nolo_edited_to_one_contract_statements_and_a_line_of_three(run):
    made = run("new", "lhombre-dlu", "-p", "Ole", "-p", "Bent", "-p", "Kaj", "-p", "Mette", "-o", "double_nolo=true")
    assert made.code == 0, made.err
    assert run("coup", "Bent", "ren", "nolo", "0", "and", "Mette", "kobe", "nolo", "2").code == 0
    mine = json.loads(run("settle", "--statement", "Mette", "--json").out)
    assert mine["points"] == -10 and [
        (line["declarer"], line["contract"], line["outcome"], line["points"]) for line in mine["lines"]
    ] == [("Bent", "ren_nolo", "vundet", -4), ("Mette", "kobe_nolo", "kruk", -6)]  # a line each nolo, -10
    three = run(
        "coup", "Bent", "ren", "nolo", "0", "and", "Mette", "ren", "nolo", "1", "and", "Ole", "ren", "nolo", "2"
    )
    assert three.code == 2 and "D-8" in three.err and len(three.err.strip().splitlines()) == 1
    many = run("coup", "Bent", "ren", "nolo", "0", *("and",) * 1200)
    assert many.code == 2 and len(many.err.strip().splitlines()) == 1
    edited = run("edit", "1", "Bent", "solo", "5", "2", "2")
    assert edited.code == 0, edited.err
    data = json.loads(run("sheet", "--json").out)
    assert "also" not in data["coups"][0]["declared"] and data["coups"][0]["outcomes"] == ["vundet"]


def test_d8_makkerspil_the_oversidder_plays_the_declarers_partners_cards_and_the_pairs_are_summed(run):
    """Nils & Sofus against Erik & Walter, partners opposite. Nils deals: Sofus sits out (D-2); Erik declares
    and his partner Walter was dealt in, so Sofus takes Walter's cards: Erik solo spar 6, Sofus 2, Nils 1,
    vundet, 4 from each of the other pair. Erik deals: Walter out; Sofus's partner Nils was dealt in, Walter
    plays his cards: Sofus tourné vundet, 2 from each of Walter and Erik. Pairs: Nils & Sofus -4, Erik &
    Walter +4."""
    made = run("new", "lhombre-dlu", "-p", "Nils", "-p", "Erik", "-p", "Sofus", "-p", "Walter", "-o", "makkerspil=true")
    assert made.code == 0, made.err
    assert run("coup", "Erik", "solo", "spar", "6", "2", "1").code == 0
    assert run("coup", "Sofus", "tourne", "vundet").code == 0
    data = json.loads(run("sheet", "--json").out)
    first = data["coups"][0]
    assert first["declared"]["tricks"] == {"Erik": 6, "Sofus": 2, "Nils": 1} and first["oversidder"] == "Walter"
    assert [player["points"] for player in data["players"]] == [-4, 6, 0, -2]
    settled = json.loads(run("settle", "--rate", "0.5", "--json").out)
    assert [(team["players"], team["points"]) for team in settled["teams"]] == [
        (["Nils", "Sofus"], -4),
        (["Erik", "Walter"], 4),
    ]
    split = run("settle", "--team", "Nils+Erik")  # not a pair of this table
    assert split.code == 2 and "Nils+Sofus" in split.err and len(split.err.strip().splitlines()) == 1
    assert run("settle", "--team", "sofus+nils", "--team", "Walter+Erik").code == 0  # the pairs, said any way
    three = run("new", "lhombre-dlu", "-p", "A", "-p", "B", "-p", "C", "-o", "makkerspil=true", "-o", "players=3")
    assert three.code == 2 and "D-8" in three.err and len(three.err.strip().splitlines()) == 1


def test_d8_makkerspil_asks_the_tricks_of_the_three_at_the_table_and_refuses_two_nolos(run):
    from scorekeeper import games
    from scorekeeper.errors import UserError
    from scorekeeper.language import Language

    ruleset = games.load("lhombre-dlu").with_options({"makkerspil": True})
    state = games.state_after(ruleset, ["Nils", "Erik", "Sofus", "Walter"], "Nils", [])
    engine = games.engine(ruleset)
    asked = engine.ask(
        state, {"declarer": "Erik", "contract": "solo"}, UserError("lhombre_tricks_or_outcome"), Language.named("en")
    )
    assert asked is not None and asked.words.values["players"] == ("Erik", "Sofus", "Nils")  # Sofus plays Walter's
    both = run(
        "new",
        "lhombre-dlu",
        "-p",
        "A",
        "-p",
        "B",
        "-p",
        "C",
        "-p",
        "D",
        "-o",
        "makkerspil=true",
        "-o",
        "double_nolo=true",
    )
    assert both.code == 2 and "D-8" in both.err and len(both.err.strip().splitlines()) == 1
