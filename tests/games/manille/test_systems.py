"""Every manille system of the rule texts, each played from the first deal to the end of the partie.

RULES M-4 to M-16, P-6, P-7 (issue 4). Every figure below is worked by hand from the seed texts
(000 Wikipédia: muette, manillen at 4, 3 and 2; 002 jeux-de-cartes.com: coinchée, enchères, à l'envers,
à trois, à deux; 003 Whisthub) and written next to the coup that makes it.

Players are A, B, C, D in seating order (C-3); in the team systems A & C play against B & D. The first
player listed deals the first coup and the deal passes in seating order.
"""

from __future__ import annotations

import json

import pytest

from scorekeeper import games
from scorekeeper.errors import UserError
from scorekeeper.games import manille
from scorekeeper.i18n import render
from tests.games import add_coup

P4 = ("A", "B", "C", "D")
P3 = ("A", "B", "C")
P2 = ("A", "B")
AC, BD = 0, 1


def ruleset(name, **options):
    return games.load(name).with_options(options)


def play(name, players, coups, **options):
    return manille.replay(ruleset(name, **options), players, players[0], coups)


def said(result):
    """A coup's log in the words a player reads (`--explain`)."""
    return [render(line) for line in result.log]


def refused(name, players, before, coup, message, **options):
    """The coup is refused at entry (nothing recorded) with a message naming the rule."""
    with pytest.raises(UserError, match=message):
        add_coup(ruleset(name, **options), players, players[0], before, coup)


def pts(trump, who, points, **calls):
    """A coup declared by its points: trump (or "SA") named, the calls, PLAYER=N for his side."""
    return {"trump": trump, "points": {who: points}, **calls}


def ren(trump, who, **calls):
    """A coup cancelled by a renonce (M-8)."""
    return {"trump": trump, "renonce": who, **calls}


def dealer_of(players, deal):
    """C-3: the first player deals deal 1, the deal passes in seating order."""
    return players[(deal - 1) % len(players)]


def zero_sum(fiche):
    return all(sum(coup.scored) == 0 for coup in fiche.coups)


# =================================================================================================
# manillen: the Belgian manille at four (seed 000 "Variante belge"; M-2, M-4, M-6, M-9, M-10)
# 60 points a coup, baseline 30; SA x2, contre x2, surcontre x2 more, a 30-30 doubles the next coup;
# 20 deals, each team chooses 10 times (A, C deal the odd deals, B, D the even ones), twice SA at least.
# =================================================================================================

MANILLEN_18 = [
    pts("h", "A", 40),  # 1 A: AC 40-20 → 40-30 = +10 AC                                  (10, 0)
    pts("SA", "B", 36),  # 2 B: SA x2, BD 36 → 6x2 = +12 BD                                 (10, 12)
    pts("s", "C", 25, chooser="A", contre="B"),  # 3 C passes to A; contre x2; BD 35 → 5x2 = +10 (10, 22)
    pts("d", "D", 42, contre="A", surcontre="B"),  # 4 D: x4; BD 42 → 12x4 = +48            (10, 70)
    pts("c", "A", 30),  # 5 A: 30-30, nobody scores; the next coup x2                      (10, 70)
    pts("h", "B", 30, chooser="D"),  # 6 B passes to D; x2 carried; 30-30 again: next x4    (10, 70)
    pts("SA", "C", 37),  # 7 C: two ties x4, SA x2 = x8; AC 37 → 7x8 = +56                  (66, 70)
    ren("s", "A"),  # 8 D: renonce by A, "max" = 30x1 = +30 BD                              (66, 100)
    pts("SA", "A", 33, chooser="C", contre="D", surcontre="A"),  # 9 A→C: SA x2 x2 x2 = x8; 3x8 = +24 (90, 100)
    pts("d", "B", 30, contre="C"),  # 10 B: x2 but 30-30: nobody scores; next x2           (90, 100)
    ren("h", "B"),  # 11 C: x2 carried; renonce by B: 30x2 = +60 AC                         (150, 100)
    pts("c", "D", 45),  # 12 D: +15 BD                                                      (150, 115)
    pts("s", "A", 20),  # 13 A: BD 40 → +10 BD                                              (150, 125)
    pts("h", "B", 28, contre="A"),  # 14 B: contre x2; AC 32 → 2x2 = +4 AC                  (154, 125)
    pts("d", "C", 50),  # 15 C: +20 AC                                                      (174, 125)
    pts("c", "D", 52, chooser="B"),  # 16 D passes to B; +22 BD                             (174, 147)
    pts("SA", "A", 31),  # 17 A: SA x2; 1x2 = +2 AC                                         (176, 147)
    pts("s", "B", 46, contre="C", surcontre="D"),  # 18 B: x4; 16x4 = +64 BD                (176, 211)
]
MANILLEN_SCORES_18 = [
    (10, 0), (10, 12), (10, 22), (10, 70), (10, 70), (10, 70), (66, 70), (66, 100), (90, 100),
    (90, 100), (150, 100), (150, 115), (150, 125), (154, 125), (174, 125), (174, 147), (176, 147), (176, 211),
]  # fmt: skip
MANILLEN_WON = [
    pts("h", "C", 55, contre="B"),  # 19 C: x2; 25x2 = +50 AC                               (226, 211)
    pts("SA", "D", 40, contre="A"),  # 20 D: BD still owes its 2nd SA: SA x2, contre x2 = x4; 10x4 = +40 (226, 251)
]
MANILLEN_TIED = [
    pts("h", "C", 49),  # 19 C: +19 AC                                                      (195, 211)
    pts("SA", "D", 22),  # 20 D: SA x2; AC 38 → 8x2 = +16 AC                                (211, 211)
]


def test_m10_manillen_partie_of_20_deals_won_by_b_and_d():
    fiche = play("manillen", P4, MANILLEN_18 + MANILLEN_WON)
    assert [c.scores for c in fiche.coups] == [*MANILLEN_SCORES_18, (226, 211), (226, 251)]
    assert [c.multiplier for c in fiche.coups] == [1, 2, 2, 4, 1, 2, 8, 1, 8, 2, 2, 1, 1, 2, 1, 1, 2, 4, 2, 4]
    # M-10: the player left of the dealer leads; the dealer, or his partner after passe-parole, chooses.
    assert [c.dealer for c in fiche.coups] == list(P4) * 5
    assert [c.leader for c in fiche.coups[:4]] == ["B", "C", "D", "A"]
    assert [c.chooser for c in fiche.coups[:9]] == ["A", "B", "A", "D", "A", "D", "C", "D", "C"]
    assert fiche.over and fiche.winner == BD and fiche.scores == (226, 251)
    assert fiche.deals_left == 0 and fiche.multiplier_next == 1
    assert "20 deals played: B & D with 251 (M-9)" in said(fiche.coups[-1])


def test_m9_manillen_tie_at_the_top_after_20_deals_has_no_winner():
    fiche = play("manillen", P4, MANILLEN_18 + MANILLEN_TIED)
    assert fiche.scores == (211, 211)
    assert fiche.over and fiche.winner is None
    assert fiche.as_dict()["winner"] is None
    assert "20 deals played: A & C and B & D tie with 211 (M-9)" in said(fiche.coups[-1])


def test_m9_manillen_no_21st_deal():
    with pytest.raises(UserError, match="the partie is over: B & D won"):
        add_coup(ruleset("manillen"), P4, "A", MANILLEN_18 + MANILLEN_WON, pts("h", "A", 40))


def test_m6_manillen_contre_x2_surcontre_x4_by_the_right_sides():
    fiche = play("manillen", P4, MANILLEN_18[:4])
    third, fourth = fiche.coups[2], fiche.coups[3]
    assert "C passes the choice to A (passe-parole, M-10)" in said(third)
    assert "contre by B (M-6)" in said(third) and "the coup counts x2 (M-6)" in said(third)
    assert third.made == (25, 35) and third.scored == (0, 10)
    assert "surcontre by B (M-6)" in said(fourth) and "(42 - 30) x4 = 48 to B & D (M-4)" in said(fourth)


def test_m6_manillen_sans_atout_contre_surcontre_multiply_to_x8():
    # Seed 000: the surcontre "est cumulable avec le doublement de score d'une partie jouée à Sans-atout".
    fiche = play("manillen", P4, MANILLEN_18[:9])
    ninth = fiche.coups[8]
    assert ninth.multiplier == 2 * 2 * 2
    assert ninth.scored == ((33 - 30) * 8, 0)


def test_m4_manillen_30_30_doubles_the_next_coup_and_two_ties_double_twice():
    assert play("manillen", P4, MANILLEN_18[:5]).multiplier_next == 2
    fiche = play("manillen", P4, MANILLEN_18[:6])
    assert fiche.multiplier_next == 4
    assert "30-30: nobody scores (M-4)" in said(fiche.coups[5])
    assert "the next coup counts double (M-4)" in said(fiche.coups[5])
    seventh = play("manillen", P4, MANILLEN_18[:7]).coups[6]
    assert seventh.multiplier == 4 * 2  # two ties carried, then SA
    assert seventh.scored == ((37 - 30) * 8, 0)


def test_m8_manillen_renonce_scores_30_times_the_multiplier_and_uses_up_the_tie():
    fiche = play("manillen", P4, MANILLEN_18[:12])
    assert fiche.coups[7].scored == (0, 30)
    assert "renonce by A: coup cancelled, +30 to B & D (M-8)" in said(fiche.coups[7])
    assert fiche.coups[10].multiplier == 2 and fiche.coups[10].scored == (60, 0)
    assert fiche.coups[11].multiplier == 1


def test_m10_manillen_sheet_shows_choices_and_sans_atout_left():
    fiche = play("manillen", P4, MANILLEN_18[:12])
    # AC chose SA at deals 7 and 9; BD only at deal 2. Deals 13 to 20 are left, four for each team.
    assert [(q.choices_left, q.sans_atout_needed) for q in fiche.quotas] == [(4, 0), (4, 1)]
    data = fiche.as_dict()
    assert data["choices"] == [
        {"players": ["A", "C"], "left": 4, "sans_atout_needed": 0},
        {"players": ["B", "D"], "left": 4, "sans_atout_needed": 1},
    ]
    assert data["deals_left"] == 8 and data["next_dealer"] == "A" and data["next_leader"] == "B"


def test_m10_manillen_the_last_choice_must_be_the_sans_atout_still_owed():
    refused(
        "manillen",
        P4,
        MANILLEN_18 + MANILLEN_WON[:1],
        pts("d", "D", 40),
        r"coup 20: B & D must still choose sans-atout 1 time and have 1 choice left, this one included: "
        r"this choice must be sans-atout \(M-10\)",
    )


def test_m10_manillen_a_team_owing_two_sans_atout_with_two_choices_left_must_choose_them():
    # AC choose SA at deals 1 and 3; every other choice is a suit, each dealer making 31 (+1).
    coups = [pts("SA" if deal in (1, 3) else "h", dealer_of(P4, deal), 31) for deal in range(1, 18)]
    fiche = play("manillen", P4, coups)
    assert [(q.choices_left, q.sans_atout_needed) for q in fiche.quotas] == [(1, 0), (2, 2)]
    refused("manillen", P4, coups, pts("h", "B", 31), r"coup 18: B & D must still choose sans-atout 2 times and have 2")
    coups.append(pts("SA", "B", 31, chooser="D"))  # the partner's SA counts for the team
    coups.append(pts("s", "C", 31))  # A & C owe nothing: a suit is theirs to choose
    refused("manillen", P4, coups, pts("c", "D", 31), r"sans-atout 1 time and have 1 choice left")
    coups.append(pts("SA", "D", 31))
    fiche = play("manillen", P4, coups)
    # AC: 8 suits at +1 and 2 SA at 1x2; BD the same: a tie at the top.
    assert fiche.over and fiche.scores == (8 + 4, 8 + 4) and fiche.winner is None
    assert [(q.choices_left, q.sans_atout_needed) for q in fiche.quotas] == [(0, 0), (0, 0)]


@pytest.mark.parametrize(
    "coup, message",
    [
        (pts("h", "C", 40, surcontre="A"), r"a surcontre answers a contre: there was none \(M-6\)"),
        (pts("h", "C", 40, contre="C"), r"C is on the side that chose trump: only the other side may contre \(M-6\)"),
        (pts("h", "C", 40, contre="A"), r"A is on the side that chose trump.*\(M-6\)"),
        (pts("h", "C", 40, contre="B", surcontre="D"), r"D is not on the side that chose trump.*\(M-6\)"),
        (pts("h", "C", 40, chooser="B"), r"B is not the partner of the dealer A: only they choose trump \(M-10\)"),
        (pts("h", "C", 40, chooser="D", contre="B"), r"D is not the partner of the dealer A.*\(M-10\)"),
        ({"retourne": "7h", "points": {"A": 40}}, r"no retourne in this system.*\(M-5\)"),
        ({"points": {"A": 40}}, r"give the trump named with --trump SUIT, or --trump sa"),
        (pts("h", "A", 40, taker="A", bid=40), r"there is no bidding in this system.*\(M-13\)"),
        (pts("h", "A", 40, exchange=1), r"only where there is one \(M-11\)"),
        (pts("h", "A", 61), r"61 points is impossible: a side makes 0 to 60 points in a coup \(M-3\)"),
    ],
)
def test_m6_m10_manillen_calls_refused_at_entry(coup, message):
    refused("manillen", P4, [], coup, message)


def test_m9_manillen_json_contract():
    data = play("manillen", P4, MANILLEN_18 + MANILLEN_WON).as_dict()
    assert data["ruleset"] == "manillen"
    assert data["sides"] == [
        {"players": ["A", "C"], "score": 226, "manches": 0},
        {"players": ["B", "D"], "score": 251, "manches": 0},
    ]
    assert data["winner"] == ["B", "D"] and data["over"] is True and data["multiplier_next"] == 1
    assert data["players"] == ["A", "B", "C", "D"]  # teams: the names, not one column each
    assert len(data["coups"]) == 20
    ninth = data["coups"][8]
    assert ninth["declared"] == {"trump": "SA", "chooser": "C", "contre": "D", "surcontre": "A", "points": {"A": 33}}
    assert (ninth["trump"], ninth["chooser"], ninth["multiplier"], ninth["scored"]) == ("SA", "C", 8, [24, 0])


# =================================================================================================
# manille-whisthub (seed 003; M-4, M-6, M-9, P-6): the dealer chooses, frapper x2, contre-frapper x2
# more, never past x4; 30-30 doubles the next coup; first team to 101.
# =================================================================================================

WHISTHUB = [
    pts("h", "A", 39),  # 1 A: seed 003's own example, 39 - 30 = +9 AC                     (9, 0)
    pts("SA", "B", 25, contre="A"),  # 2 B: SA x2, frapper x2 = x4; AC 35 → 5x4 = +20       (29, 0)
    pts("s", "C", 26, contre="B", surcontre="A"),  # 3 C: x4; BD 34 → 4x4 = +16             (29, 16)
    pts("d", "D", 30),  # 4 D: 30-30, next x2                                               (29, 16)
    pts("SA", "A", 20),  # 5 A: tie x2, SA x2 = x4; BD 40 → 10x4 = +40                      (29, 56)
    pts("c", "B", 30),  # 6 B: x1, 30-30, next x2                                          (29, 56)
    pts("h", "C", 30),  # 7 C: x2, 30-30 again, next x4                                    (29, 56)
    pts("s", "D", 30),  # 8 D: x4, a third tie: next x8, capped at x4                      (29, 56)
    pts("d", "A", 38),  # 9 A: x4 (cap); 8x4 = +32 AC                                       (61, 56)
    ren("h", "D", contre="C"),  # 10 B: frapper x2; renonce by D, "max" 30x2 = +60 AC         (121, 56)
]


def test_m9_whisthub_partie_first_team_to_101():
    fiche = play("manille-whisthub", P4, WHISTHUB)
    assert [c.scores for c in fiche.coups] == [
        (9, 0), (29, 0), (29, 16), (29, 16), (29, 56), (29, 56), (29, 56), (29, 56), (61, 56), (121, 56),
    ]  # fmt: skip
    assert [c.multiplier for c in fiche.coups] == [1, 4, 4, 1, 4, 1, 2, 4, 4, 2]
    assert fiche.over and fiche.winner == AC
    assert "A & C reach 121 ≥ 101: manche 1 won (M-9)" in said(fiche.coups[-1])
    data = fiche.as_dict()
    assert data["winner"] == ["A", "C"] and data["target"] == 101
    assert data["sides"][0]["manches"] == 1


def test_m6_whisthub_contre_frapper_refused_when_sans_atout_and_frapper_already_make_x4():
    # Seed 003: "Lorsque le donneur choisit de jouer sans atout et que l'autre équipe frappe, il n'est donc
    # plus possible de contre-frapper."
    refused(
        "manille-whisthub",
        P4,
        WHISTHUB[:1],
        pts("SA", "B", 25, contre="A", surcontre="D"),
        r"coup 2: a contre-frapper would make the coup count x8, past the cap of x4: refused \(M-6\)",
    )


def test_m6_whisthub_frapper_refused_when_tie_and_sans_atout_already_make_x4():
    fiche = play("manille-whisthub", P4, WHISTHUB[:4])
    assert fiche.multiplier_next == 2
    refused(
        "manille-whisthub",
        P4,
        WHISTHUB[:4],
        pts("SA", "A", 20, contre="B"),
        r"coup 5: a frapper would make the coup count x8, past the cap of x4: refused \(M-6\)",
    )
    # Without the sans-atout, the same frapper makes x4 and stands.
    fiche = play("manille-whisthub", P4, [*WHISTHUB[:4], pts("h", "A", 20, contre="B")])
    assert fiche.coups[4].multiplier == 4 and fiche.coups[4].scored == (0, 40)


def test_m6_whisthub_three_ties_in_a_row_stay_capped_at_x4_and_no_frapper_is_possible():
    fiche = play("manille-whisthub", P4, WHISTHUB[:8])
    assert fiche.multiplier_next == 4  # 2 x 2 x 2 = 8, never more than 4
    assert fiche.as_dict()["multiplier_next"] == 4
    refused("manille-whisthub", P4, WHISTHUB[:7], pts("s", "D", 30, contre="A"), r"count x8, past the cap of x4")
    refused("manille-whisthub", P4, WHISTHUB[:8], pts("d", "A", 38, contre="B"), r"count x8, past the cap of x4")
    # A sans-atout on top of the cap is the dealer's choice: it is not refused, and the coup stays x4.
    fiche = play("manille-whisthub", P4, [*WHISTHUB[:8], pts("SA", "A", 38)])
    assert fiche.coups[8].multiplier == 4 and fiche.coups[8].scored == (32, 0)


def test_m4_whisthub_all_60_points_are_not_doubled():
    # Seed 003: "Lorsqu'une équipe a remporté tous les 60 points, les points ne sont pas doublés."
    fiche = play("manille-whisthub", P4, [pts("h", "B", 60)])
    assert fiche.coups[0].scored == (0, 30) and fiche.multiplier_next == 1


def test_m9_whisthub_half_manche_of_61():
    fiche = play("manille-whisthub", P4, WHISTHUB[:9], manche=61)
    assert fiche.over and fiche.winner == AC and fiche.scores == (61, 56)
    with pytest.raises(UserError, match="the partie is over: A & C won"):
        add_coup(ruleset("manille-whisthub", manche=61), P4, "A", WHISTHUB[:9], WHISTHUB[9])


@pytest.mark.parametrize(
    "coup, message",
    [
        (pts("h", "A", 40, chooser="C"), r"the dealer A names trump in this system, not C \(M-10\)"),
        (pts("h", "A", 40, contre="C"), r"C is on the side that chose trump.*\(M-6\)"),
        (pts("h", "A", 40, surcontre="C"), r"a contre-frapper answers a frapper: there was none \(M-6\)"),
        (pts("h", "A", 40, contre="B", surcontre="D"), r"D is not on the side that chose trump.*\(M-6\)"),
        ({"retourne": "Ah", "points": {"A": 40}}, r"\(M-5\)"),
    ],
)
def test_m6_whisthub_calls_refused_at_entry(coup, message):
    refused("manille-whisthub", P4, [], coup, message)


# =================================================================================================
# manille-jdc (seed 002; M-4, M-8, M-9): 68 points, 35 needed to win a coup, 34-34 annulled,
# renonce 34, first team to 100 (50, 150, 200 as options), optionally two coups won in a row.
# =================================================================================================

JDC = [
    pts("h", "A", 35),  # 1 A: 35 is enough ("au moins rassembler 35 points"): +1 AC       (1, 0)
    pts("s", "B", 34),  # 2 B: 34-34, "le tour est annulé": nobody scores, nothing doubled   (1, 0)
    ren("d", "B"),  # 3 C: renonce by B: "34 points de pénalité attribués à son adversaire"  (35, 0)
    pts("c", "D", 68),  # 4 D: every trick: 68 - 34 = +34 BD                                 (35, 34)
    pts("h", "A", 60),  # 5 A: +26 AC                                                       (61, 34)
    ren("s", "D"),  # 6 B: renonce by D: +34 AC                                             (95, 34)
    pts("d", "C", 40),  # 7 C: +6 AC                                                        (101, 34)
]


def test_m9_jdc_partie_first_team_to_100():
    fiche = play("manille-jdc", P4, JDC)
    assert [c.scores for c in fiche.coups] == [(1, 0), (1, 0), (35, 0), (35, 34), (61, 34), (95, 34), (101, 34)]
    assert all(c.multiplier == 1 for c in fiche.coups)
    assert "34-34: nobody scores (M-4)" in said(fiche.coups[1]) and fiche.coups[2].multiplier == 1
    assert "renonce by B: coup cancelled, +34 to A & C (M-8)" in said(fiche.coups[2])
    assert fiche.over and fiche.winner == AC and fiche.target == 100


def test_m4_jdc_a_side_with_34_does_not_win_the_coup():
    fiche = play("manille-jdc", P4, [pts("h", "A", 34), pts("h", "B", 33)])
    assert [c.scored for c in fiche.coups] == [(0, 0), (1, 0)]  # 33 for BD is 35 for AC


def test_m9_jdc_target_of_50_as_an_option():
    fiche = play("manille-jdc", P4, JDC[:5], manche=50)
    assert fiche.over and fiche.winner == AC and fiche.scores == (61, 34)
    assert not play("manille-jdc", P4, JDC[:4], manche=50).over


def test_m9_jdc_option_two_coups_won_in_a_row_ends_the_partie():
    # AC win coups 1 and 3, but the 34-34 of coup 2 is won by nobody: not two in a row.
    fiche = play("manille-jdc", P4, JDC[:5], two_in_a_row=True)
    assert not fiche.over
    fiche = play("manille-jdc", P4, JDC[:6], two_in_a_row=True)  # AC win coups 5 and 6 (the renonce)
    assert fiche.over and fiche.winner == AC and fiche.scores == (95, 34)
    assert "A & C win two coups in a row: partie won (M-9)" in said(fiche.coups[-1])


@pytest.mark.parametrize(
    "coup, message",
    [
        (pts("SA", "A", 40), r"sans-atout is not played in this system \(P-8\)"),
        (pts("h", "A", 40, contre="B"), r"there is no contre in this system \(M-6, M-7\)"),
        ({"retourne": "7h", "points": {"A": 40}}, r"no retourne in this system.*\(M-5\)"),
        (pts("h", "A", 69), r"69 points is impossible: a side makes 0 to 68 points in a coup \(M-3\)"),
    ],
)
def test_m9_jdc_refusals(coup, message):
    refused("manille-jdc", P4, [], coup, message)


# =================================================================================================
# manille-coinchee (seed 002; M-7): the dealer or his partner names trump, SA allowed (not doubled
# here, the seed says nothing of it), the other side may coinche: the coup counts double whoever wins.
# =================================================================================================

COINCHEE = [
    pts("h", "A", 44, contre="B"),  # 1 A: coinched, yet the dealer's side wins: 10x2 = +20 AC      (20, 0)
    pts("SA", "B", 24, chooser="D", contre="A"),  # 2 B→D: coinched and lost: AC 44, 10x2 = +20 AC (40, 0)
    pts("s", "C", 34),  # 3 C: 34-34, nobody scores                                             (40, 0)
    pts("d", "D", 34, contre="C"),  # 4 D: coinched 34-34: still nobody                           (40, 0)
    pts("SA", "A", 50),  # 5 A: SA x1: +16 AC                                                    (56, 0)
    ren("c", "A"),  # 6 B: renonce by A: +34 BD                                                 (56, 34)
    pts("h", "C", 56, chooser="A", contre="D"),  # 7 C→A: coinched: 22x2 = +44 AC                 (100, 34)
]


def test_m7_coinchee_partie_coinche_doubles_whoever_wins():
    fiche = play("manille-coinchee", P4, COINCHEE)
    assert [c.scores for c in fiche.coups] == [(20, 0), (40, 0), (40, 0), (40, 0), (56, 0), (56, 34), (100, 34)]
    assert [c.multiplier for c in fiche.coups] == [2, 2, 1, 2, 1, 1, 2]
    assert [c.chooser for c in fiche.coups] == ["A", "D", "C", "D", "A", "B", "A"]
    assert fiche.multiplier_next == 1  # no tie is carried in coinchée
    assert fiche.over and fiche.winner == AC
    assert fiche.as_dict()["winner"] == ["A", "C"]


@pytest.mark.parametrize(
    "coup, message",
    [
        (pts("h", "A", 40, contre="C"), r"C is on the side that chose trump: only the other side may coinche \(M-7\)"),
        (pts("h", "A", 40, contre="B", surcontre="A"), r"there is no surcoinche in this system \(M-7\)"),
        (pts("h", "A", 40, chooser="B"), r"B is not the partner of the dealer A.*\(M-7\)"),
    ],
)
def test_m7_coinchee_refusals(coup, message):
    refused("manille-coinchee", P4, [], coup, message)


# =================================================================================================
# manille-encheres (seed 002; M-13, P-7): each for himself; the highest bidder names trump, leads and
# plays against the three others; made, he scores his bid; failed, each other scores a third of it
# (rounded down, the rest lost). The texts give no end: the first player to 100.
# =================================================================================================


def bid(taker, amount, trump, **said):
    return {"taker": taker, "bid": amount, "trump": trump, **said}


ENCHERES = [
    bid("B", 40, "h", points={"B": 45}),  # 1 A deals: B makes 45 ≥ 40: +40 B                 (0, 40, 0, 0)
    bid("C", 50, "s", points={"C": 42}),  # 2 B: C fails: 50 // 3 = 16 each to A, B, D; 2 lost (16, 56, 0, 16)
    bid("D", 36, "d", points={"D": 36}),  # 3 C: D makes exactly his 36: +36 D                 (16, 56, 0, 52)
    bid("A", 45, "c", renonce="C"),  # 4 D: a defender's renonce: the taker's bid is made, +45 A (61, 56, 0, 52)
    bid("B", 60, "h", renonce="B"),  # 5 A: the taker's renonce: his bid fails, +20 to A, C, D (81, 56, 20, 72)
    bid("A", 30, "s", points={"C": 39}),  # 6 B: the three others made 39, A 29 < 30: +10 B, C, D (81, 66, 30, 82)
    bid("D", 20, "d", points={"D": 68}),  # 7 C: +20 D                                         (81, 66, 30, 102)
]


def test_m13_encheres_partie_first_player_to_100():
    fiche = play("manille-encheres", P4, ENCHERES)
    assert [c.scores for c in fiche.coups] == [
        (0, 40, 0, 0), (16, 56, 0, 16), (16, 56, 0, 52), (61, 56, 0, 52), (81, 56, 20, 72), (81, 66, 30, 82),
        (81, 66, 30, 102),
    ]  # fmt: skip
    # The taker leads (M-13) and plays against the three others, who are partners for P-7.
    assert [c.leader for c in fiche.coups] == ["B", "C", "D", "A", "B", "A", "D"]
    assert fiche.coups[0].camps == (("B",), ("A", "C", "D"))
    assert fiche.coups[5].made == (29, 39)
    assert "C makes 42, less than the bid of 50: +16 to each other player; 2 points lost (M-13)" in said(fiche.coups[1])
    assert fiche.over and fiche.winner == 3
    data = fiche.as_dict()
    assert data["players"] == [
        {"name": "A", "score": 81},
        {"name": "B", "score": 66},
        {"name": "C", "score": 30},
        {"name": "D", "score": 102},
    ]
    assert data["winner"] == ["D"] and data["next_leader"] is None


def test_m13_encheres_rounding_up_as_an_option():
    fiche = play("manille-encheres", P4, ENCHERES[:2], rounding="up")
    assert fiche.coups[1].scored == (17, 17, 0, 17)  # 50 / 3 rounded up


@pytest.mark.parametrize(
    "coup, message",
    [
        ({"trump": "h", "points": {"B": 40}}, r"give the taker and the bid: --taker PLAYER --bid N \(M-13\)"),
        ({"taker": "B", "trump": "h", "points": {"B": 40}}, r"\(M-13\)"),
        (bid("B", 69, "h", points={"B": 40}), r"a bid of 69 is impossible: bids run from 1 to 68 points \(M-13\)"),
        (bid("B", 40, "h", chooser="A", points={"B": 40}), r"the taker B names trump, not A \(M-13\)"),
        (bid("B", 40, "SA", points={"B": 40}), r"\(P-8\)"),
        (bid("B", 40, "h", contre="A", points={"B": 40}), r"there is no contre"),
        ({"taker": "B", "bid": 40, "retourne": "7h", "points": {"B": 40}}, r"\(M-5\)"),
    ],
)
def test_m13_encheres_refusals(coup, message):
    refused("manille-encheres", P4, [], coup, message)


# =================================================================================================
# manille-envers (seed 002; M-14): each for himself; the dealer names trump and leads; every player
# adds his own points (cards and tricks, 68 a coup); the first to 100 loses.
# =================================================================================================

ENVERS = [
    {"trump": "h", "points": {"A": 20, "B": 30, "C": 10}},  # 1 A: D has the rest, 8      (20, 30, 10, 8)
    {"trump": "s", "points": {"A": 5, "B": 25, "C": 30, "D": 8}},  # 2 B: all four, 68    (25, 55, 40, 16)
    {"trump": "d", "renonce": "D"},  # 3 C: renonce by D: 34 against D                    (25, 55, 40, 50)
    {"trump": "c", "points": {"A": 10, "B": 20, "C": 30}},  # 4 D: D 8                    (35, 75, 70, 58)
    {"trump": "h", "points": {"A": 0, "B": 26, "C": 10}},  # 5 A: D 32; B reaches 101     (35, 101, 80, 90)
]


def test_m14_envers_partie_the_first_to_100_loses():
    fiche = play("manille-envers", P4, ENVERS)
    assert [c.scores for c in fiche.coups] == [
        (20, 30, 10, 8), (25, 55, 40, 16), (25, 55, 40, 50), (35, 75, 70, 58), (35, 101, 80, 90),
    ]  # fmt: skip
    assert [c.leader for c in fiche.coups] == ["A", "B", "C", "D", "A"]  # the dealer leads
    assert "renonce by D: coup cancelled, +34 against D (M-8, M-14)" in said(fiche.coups[2])
    assert fiche.over and fiche.loser == 1 and fiche.winner == 0
    assert "B reaches 101 ≥ 100: B loses the partie (M-14)" in said(fiche.coups[-1])
    data = fiche.as_dict()
    assert data["loser"] == ["B"] and data["winner"] == ["A"]
    assert data["players"] == [
        {"name": "A", "score": 35},
        {"name": "B", "score": 101},
        {"name": "C", "score": 80},
        {"name": "D", "score": 90},
    ]
    assert data["coups"][0]["made"] == [20, 30, 10, 8]


def test_m14_envers_a_tie_at_the_bottom_names_the_loser_but_no_winner():
    last = {"trump": "h", "points": {"A": 23, "B": 26, "D": 0}}  # C has the rest, 19
    fiche = play("manille-envers", P4, [*ENVERS[:4], last])
    assert fiche.scores == (58, 101, 89, 58)
    assert fiche.over and fiche.loser == 1 and fiche.winner is None


@pytest.mark.parametrize(
    "coup, message",
    [
        ({"trump": "SA", "points": {"A": 20, "B": 30, "C": 10}}, r"sans-atout is not played in this system \(P-8\)"),
        ({"trump": "h", "chooser": "B", "points": {"A": 20, "B": 30, "C": 10}}, r"not B \(M-14\)"),
        (
            {"trump": "h", "points": {"A": 60, "B": 30, "C": 10}},
            r"the players' points add up to 100, not the 68 .*\(M-3\)",
        ),
        ({"trump": "h", "points": {"A": 20, "B": 30, "C": 10, "D": 10}}, r"add up to 70, not the 68 of a coup \(M-3\)"),
        ({"trump": "h", "points": {"A": 20, "B": 30}}, r"give every player's points.*\(M-3, M-14\)"),
        ({"trump": "h", "contre": "B", "points": {"A": 20, "B": 30, "C": 10}}, r"there is no contre"),
    ],
)
def test_m14_envers_refusals(coup, message):
    refused("manille-envers", P4, [], coup, message)


# =================================================================================================
# manille-a-trois (seed 002; M-15): A, drawn for the mort, plays his hand and the mort's against B & C;
# muette scoring (retourne, 68, partie liée of two manches of 34 and a belle of 44). Seats A, B, A's
# mort, C; the deal passes among the three players.
# =================================================================================================

# A legal coup of eight tricks, ♠ trump, A leading; as seats: A, B, M (A's mort), C.
A_TROIS_LOG = [
    "10h 9h 7d 7h",  # A wins 5 + 1 = 6 (M discards under his partner's 10♥)
    "Ah Jh 8d 8h",  # A 4 + 1 + 1 = 6
    "Kh 9s 9d 7c",  # B must trump (P-5); C, his partner master, discards (P-7): B 3 + 1 = 4
    "10d Jd Js 7s",  # C trumps over his partner; A cannot go over J♠ and under-trumps freely: C 5+1+1+1 = 8
    "10s 8s Kc Qd",  # C 5 + 3 + 2 + 1 = 11
    "As Qh Qc 8c",  # C 4 + 2 + 2 + 1 = 9
    "Ks Ac Kd 9c",  # C 3 + 4 + 3 + 1 = 11
    "Qs 10c Ad Jc",  # C 2 + 5 + 4 + 1 + 1 = 13
]  # A & mort 6 + 6 = 12; B & C 4 + 8 + 11 + 9 + 11 + 13 = 56; 68 in all

A_TROIS = [
    {"retourne": "10h", "points": {"A": 40}},  # 1 A: +5, then 40 - 34 = +6 A & mort     (11, 0)
    {"retourne": "Kc", "points": {"B": 50}},  # 2 B: +3, then +16 B & C                   (11, 19)
    {"retourne": "Js", "tricks": A_TROIS_LOG},  # 3 C: +1, then 56 - 34 = +22: manche 1 to B & C (11, 42)
    {"retourne": "As", "points": {"A": 68}},  # 4 A: +4, +34: manche 2 to A & mort        (38, 0)
    {"retourne": "Qs", "renonce": "A's mort"},  # 5 B: +2, the mort's renonce +34 B & C   (0, 36)
    {"retourne": "9d", "points": {"A's mort": 44}},  # 6 C: +10 A & mort                  (10, 36)
    {"retourne": "10c", "points": {"A": 34}},  # 7 A: +5, 34-34                          (15, 36)
    {"retourne": "7d", "points": {"C": 42}},  # 8 B: +8 B & C: the belle of 44 won        (15, 44)
]


def test_m15_a_trois_partie_liee_won_in_the_belle():
    fiche = play("manille-a-trois", P3, A_TROIS)
    assert [side.name for side in fiche.sides] == ["A & mort", "B & C"]
    assert [c.scores for c in fiche.coups] == [
        (11, 0), (11, 19), (11, 42), (38, 0), (0, 36), (10, 36), (15, 36), (15, 44),
    ]  # fmt: skip
    assert [c.manche for c in fiche.coups] == [1, 1, 1, 2, 3, 3, 3, 3]
    assert [c.manche_won_by for c in fiche.coups] == [None, None, 1, 0, None, None, None, 1]
    # The seat after the dealer leads: after B comes A's mort, after C comes A (C-3).
    assert [c.leader for c in fiche.coups[:3]] == ["B", "A's mort", "A"]
    third = fiche.coups[2]
    assert third.made == (12, 56) and third.scored == (0, 1 + 22)
    assert [t.winner for t in third.tricks] == ["A", "A", "B", "C", "C", "C", "C", "C"]
    assert fiche.coups[4].scored == (0, 2 + 34)
    assert fiche.over and fiche.winner == 1 and fiche.manches == (1, 2)
    assert fiche.as_dict()["winner"] == ["B", "C"]
    assert "players" in fiche.as_dict() and fiche.as_dict()["players"] == ["A", "B", "C"]


def test_m15_a_trois_trump_is_the_retourne():
    refused("manille-a-trois", P3, [], pts("h", "A", 40), r"give the dealer's last card with --retourne \(M-5\)")
    said = {"retourne": "7h", "trump": "s", "points": {"A": 40}}
    refused("manille-a-trois", P3, [], said, r"the retourne sets trump here: give --retourne, not --trump \(M-5\)")
    refused("manille-a-trois", P3, [], {"retourne": "7h", "contre": "B", "points": {"A": 40}}, r"no contre")


# =================================================================================================
# manille-a-deux (seed 002; M-16): each of two players plays his hand and his mort; trump is the last
# card dealt (the retourne, M-5); muette scoring; one manche of 44.
# =================================================================================================

A_DEUX = [
    {"retourne": "10d", "points": {"A": 44}},  # 1 A: +5, then 44 - 34 = +10 A & mort     (15, 0)
    {"retourne": "Ac", "points": {"B's mort": 50}},  # 2 B: +4, then +16 B & mort          (15, 20)
    {"retourne": "9h", "points": {"A": 34}},  # 3 A: 34-34                                 (15, 20)
    {"retourne": "Qc", "points": {"B": 52}},  # 4 B: +2, +18                               (15, 40)
    {"retourne": "8s", "points": {"A's mort": 36}},  # 5 A: +2 A & mort                    (17, 40)
    {"retourne": "10h"},  # 6 B: the retourne +5 takes B & mort to 45: won, the coup is not played (17, 45)
]


def test_m16_a_deux_manche_of_44_ended_by_the_retourne():
    fiche = play("manille-a-deux", P2, A_DEUX)
    assert [side.name for side in fiche.sides] == ["A & mort", "B & mort"]
    assert [c.scores for c in fiche.coups] == [(15, 0), (15, 20), (15, 20), (15, 40), (17, 40), (17, 45)]
    assert [c.leader for c in fiche.coups] == ["B", "A's mort", "B", "A's mort", "B", None]
    assert not fiche.coups[-1].played
    assert fiche.over and fiche.winner == 1
    assert fiche.as_dict()["winner"] == ["B"]


def test_m16_a_deux_points_for_the_retourne_that_ends_the_partie_are_refused():
    refused("manille-a-deux", P2, A_DEUX[:5], {"retourne": "10h", "points": {"A": 30}}, r"is not played \(M-5\)")


def test_m16_a_deux_a_mort_renonce_scores_34_for_the_other_side():
    fiche = play("manille-a-deux", P2, [{"retourne": "7s", "renonce": "B's mort"}])
    assert fiche.scores == (34, 0)


# =================================================================================================
# manillen-3 (seed 000 "Manillen à 3"; M-11): the dealer alone against two, 10 cards each and a chien
# of two that goes to the dealer's tricks; each defender scores (defenders' points - 30), the dealer
# twice (his points - 30), times the multiplier: the sum is always zero. 30 deals, each player at
# least twice sans-atout. The Belgian multipliers and the 30-30 doubling stand (M-6, M-4).
# =================================================================================================

# A legal coup, ♥ trump, A dealing and B leading; the chien is 7♣ K♣ (3 points, A's).
MANILLEN_3_LOG = [
    "10d Jd 7d",  # B 5 + 1 = 6 (C, his partner master, follows as he likes: P-7)
    "Ad Qd 8d",  # B 4 + 2 = 6
    "Kd 9c 9d",  # B 3 (C void, partner master: discards)
    "10c Jc 9h",  # A trumps: 5 + 1 = 6
    "10s Js 7s",  # A 5 + 1 = 6
    "As Qs 8s",  # A 4 + 2 = 6
    "Ks 8h 9s",  # B void must trump: 3
    "Ac Qc Jh",  # A trumps: 4 + 2 + 1 = 7
    "Kh 10h 7h",  # B goes over: 3 + 5 = 8
    "8c Ah Qh",  # C trumps, A cannot over-trump: 4 + 2 = 6
]  # A 6 + 6 + 6 + 7 = 25 (+3 of the chien = 28); B & C 6 + 6 + 3 + 3 + 8 + 6 = 32


def filler(deal):
    """A quiet coup: the dealer names ♥ and makes 32: +4 for him, -2 for each defender."""
    return pts("h", dealer_of(P3, deal), 32)


MANILLEN_3_12 = [
    pts("h", "A", 40, exchange=2),  # 1 A: defenders 20: each -10, A +20                     (20, -10, -10)
    pts("SA", "B", 25, exchange=1),  # 2 B: SA x2; defenders 35: each +10, B -20             (30, -30, 0)
    pts("s", "C", 36, contre="A", surcontre="C"),  # 3 C: x4; defenders 24: each -24, C +48  (6, -54, 48)
    pts("d", "A", 30),  # 4 A: 30-30, nobody scores; next x2                                 (6, -54, 48)
    pts("c", "B", 30),  # 5 B: x2, 30-30 again; next x4                                      (6, -54, 48)
    pts("SA", "C", 33),  # 6 C: x4 x2 = x8; defenders 27: each -3x8 = -24, C +48             (-18, -78, 96)
    ren("h", "A"),  # 7 A: the dealer's renonce: 30 to each defender, -60 for A               (-78, -48, 126)
    ren("s", "C", contre="A"),  # 8 B: contre x2; a defender's renonce: 60 against each defender, +120 B (-138, 72, 66)
    pts("d", "C", 32),  # 9 C: defenders 28: each -2, C +4                                    (-140, 70, 70)
    {"trump": "h", "exchange": 2, "tricks": MANILLEN_3_LOG},  # 10 A: 28; defenders 32: each +2, A -4 (-144, 72, 72)
    filler(11),  # 11 B: +4 B, -2 A, -2 C                                                     (-146, 76, 70)
    pts("SA", "C", 31),  # 12 C: SA x2; defenders 29: each -2, C +4                           (-148, 74, 74)
]
MANILLEN_3_SCORES_12 = [
    (20, -10, -10), (30, -30, 0), (6, -54, 48), (6, -54, 48), (6, -54, 48), (-18, -78, 96), (-78, -48, 126),
    (-138, 72, 66), (-140, 70, 70), (-144, 72, 72), (-146, 76, 70), (-148, 74, 74),
]  # fmt: skip
MANILLEN_3_FILLERS = [filler(deal) for deal in range(13, 25)]  # four rounds of A, B, C dealing: net zero
MANILLEN_3_TO_29 = [
    pts("SA", "A", 45),  # 25 A: SA x2; defenders 15: each -30, A +60                         (-88, 44, 44)
    filler(26),  # 26 B                                                                       (-90, 48, 42)
    filler(27),  # 27 C                                                                       (-92, 46, 46)
    pts("SA", "A", 40, contre="B"),  # 28 A: x4; defenders 20: each -40, A +80                (-12, 6, 6)
    pts("SA", "B", 30),  # 29 B: 30-30; next x2                                               (-12, 6, 6)
]
MANILLEN_3_WON = pts("d", "C", 35)  # 30 C: x2; defenders 25: each -5x2 = -10, C +20           (-22, -4, 26)
MANILLEN_3_TIED = pts("d", "C", 30)  # 30 C: x2, 30-30: nobody scores                         (-12, 6, 6)


def test_m11_manillen_3_partie_of_30_deals_zero_sum():
    fiche = play("manillen-3", P3, MANILLEN_3_12 + MANILLEN_3_FILLERS + MANILLEN_3_TO_29 + [MANILLEN_3_WON])
    scores = [c.scores for c in fiche.coups]
    assert scores[:12] == MANILLEN_3_SCORES_12
    assert scores[23] == (-148, 74, 74)  # the four rounds of fillers changed nothing
    assert scores[24:] == [(-88, 44, 44), (-90, 48, 42), (-92, 46, 46), (-12, 6, 6), (-12, 6, 6), (-22, -4, 26)]
    assert zero_sum(fiche) and all(sum(s) == 0 for s in scores)
    assert [c.multiplier for c in fiche.coups[:8]] == [1, 2, 4, 1, 2, 8, 1, 2]
    assert fiche.coups[27].multiplier == 4 and fiche.coups[29].multiplier == 2
    assert fiche.over and fiche.winner == 2 and fiche.scores == (-22, -4, 26)
    assert "30 deals played: C with 26 (M-9)" in said(fiche.coups[-1])
    data = fiche.as_dict()
    assert data["players"] == [{"name": "A", "score": -22}, {"name": "B", "score": -4}, {"name": "C", "score": 26}]
    assert data["winner"] == ["C"] and data["deals_left"] == 0 and len(data["coups"]) == 30


def test_m11_manillen_3_the_dealer_plays_alone_and_scores_twice():
    fiche = play("manillen-3", P3, MANILLEN_3_12[:3])
    third = fiche.coups[2]
    assert third.camps == (("C",), ("A", "B"))
    assert third.made == (36, 24) and third.scored == (-24, -24, 48)
    assert "each defender (24 - 30) x4 = -24; C twice (36 - 30) x4 = +48 (M-11)" in said(third)
    assert [c.leader for c in fiche.coups] == ["B", "C", "A"]  # left of the dealer
    assert fiche.coups[0].coup.exchange == 2 and fiche.as_dict()["coups"][0]["declared"]["exchange"] == 2


def test_m8_m11_manillen_3_a_renonce_keeps_the_sum_at_zero():
    fiche = play("manillen-3", P3, MANILLEN_3_12[:8])
    assert fiche.coups[6].scored == (-60, 30, 30)
    assert "renonce by A: coup cancelled, +30 to each defender, -60 to the dealer (M-8, M-11)" in said(fiche.coups[6])
    assert fiche.coups[7].scored == (-60, 120, -60)


def test_m11_manillen_3_a_coup_by_its_trick_log_gives_the_chien_to_the_dealer():
    tenth = play("manillen-3", P3, MANILLEN_3_12[:10]).coups[9]
    assert tenth.dealer == "A" and tenth.leader == "B"
    assert tenth.made == (25 + 3, 32) and tenth.scored == (-4, 2, 2)
    assert "the chien, 7♣ and K♣, goes to A's tricks: 3 points (M-11)" in said(tenth)
    assert [t.winner for t in tenth.tricks] == ["B", "B", "B", "A", "A", "A", "B", "A", "B", "C"]


def test_m11_manillen_3_tie_at_the_top_after_30_deals():
    fiche = play("manillen-3", P3, MANILLEN_3_12 + MANILLEN_3_FILLERS + MANILLEN_3_TO_29 + [MANILLEN_3_TIED])
    assert fiche.scores == (-12, 6, 6)
    assert fiche.over and fiche.winner is None and fiche.multiplier_next == 4
    assert "30 deals played: B and C tie with 6 (M-9)" in said(fiche.coups[-1])


def test_m10_m11_manillen_3_each_player_owes_two_sans_atout():
    before = MANILLEN_3_12 + MANILLEN_3_FILLERS
    fiche = play("manillen-3", P3, before)
    # A has chosen no SA with deals 25 and 28 left; B one, with 26 and 29; C two, with 27 and 30.
    assert [(q.choices_left, q.sans_atout_needed) for q in fiche.quotas] == [(2, 2), (2, 1), (2, 0)]
    refused("manillen-3", P3, before, pts("h", "A", 45), r"coup 25: A must still choose sans-atout 2 time")
    before += MANILLEN_3_TO_29[:3]
    refused("manillen-3", P3, before, pts("h", "A", 40), r"coup 28: A must still choose sans-atout 1 time")
    before += MANILLEN_3_TO_29[3:4]
    refused("manillen-3", P3, before, pts("s", "B", 30), r"coup 29: B must still choose sans-atout 1 time.*\(M-10\)")


@pytest.mark.parametrize(
    "coup, message",
    [
        (pts("h", "A", 40, contre="A"), r"A is on the side that chose trump: only the other side may contre \(M-6\)"),
        (pts("h", "A", 40, surcontre="A"), r"a surcontre answers a contre: there was none \(M-6\)"),
        (pts("h", "A", 40, contre="B", surcontre="C"), r"C is not on the side that chose trump.*\(M-6\)"),
        (pts("h", "A", 40, chooser="B"), r"the dealer A names trump in this system, not B \(M-11\)"),
        (pts("h", "A", 40, exchange=3), r"the dealer exchanges 0, 1 or 2 cards with the chien.*\(M-11\)"),
        (pts("h", "A", 40, taker="A", bid=30), r"\(M-13\)"),
    ],
)
def test_m11_manillen_3_refusals(coup, message):
    refused("manillen-3", P3, [], coup, message)


# =================================================================================================
# manillen-2, "découverte" (seed 000; M-12): Belgian scoring between two players, 16 tricks of 2 cards;
# the dealer names trump or sans-atout, the non-dealer leads. 20 deals, each player twice SA at least.
# =================================================================================================

MANILLEN_2_8 = [
    pts("h", "A", 40),  # 1 A: +10 A                                                  (10, 0)
    pts("SA", "B", 36),  # 2 B: SA x2: 6x2 = +12 B                                     (10, 12)
    pts("s", "A", 25, contre="B"),  # 3 A: x2; B 35: +10 B                              (10, 22)
    pts("d", "B", 28, contre="A", surcontre="B"),  # 4 B: x4; A 32: 2x4 = +8 A          (18, 22)
    pts("c", "A", 30),  # 5 A: 30-30; next x2                                          (18, 22)
    pts("SA", "B", 34, contre="A"),  # 6 B: tie x2, SA x2, contre x2 = x8: 4x8 = +32 B  (18, 54)
    pts("SA", "A", 38),  # 7 A: SA x2: 8x2 = +16 A                                      (34, 54)
    ren("h", "A"),  # 8 B: renonce by A: 30 to B                                       (34, 84)
]
MANILLEN_2_FILLERS = [pts("h", dealer_of(P2, deal), 32) for deal in range(9, 17)]  # each dealer +2: (42, 92)
MANILLEN_2_TO_19 = [
    pts("d", "A", 50),  # 17 A: +20 A                                                   (62, 92)
    pts("s", "B", 20),  # 18 B: A 40: +10 A                                             (72, 92)
    pts("SA", "A", 55),  # 19 A: his second SA, owed: 25x2 = +50 A                       (122, 92)
]


def test_m12_manillen_2_partie_of_20_deals_won_by_a():
    fiche = play("manillen-2", P2, MANILLEN_2_8 + MANILLEN_2_FILLERS + MANILLEN_2_TO_19 + [pts("c", "B", 50)])
    scores = [c.scores for c in fiche.coups]
    assert scores[:8] == [(10, 0), (10, 12), (10, 22), (18, 22), (18, 22), (18, 54), (34, 54), (34, 84)]
    assert scores[15] == (42, 92)
    assert scores[16:] == [(62, 92), (72, 92), (122, 92), (122, 112)]  # 20 B: +20 B
    assert [c.multiplier for c in fiche.coups[:8]] == [1, 2, 2, 4, 1, 8, 2, 1]
    assert [c.leader for c in fiche.coups[:2]] == ["B", "A"]  # the non-dealer leads
    assert fiche.coups[0].camps == (("A",), ("B",))
    assert fiche.over and fiche.winner == 0
    data = fiche.as_dict()
    assert data["winner"] == ["A"] and data["sides"][0] == {"players": ["A"], "score": 122, "manches": 0}


def test_m12_manillen_2_tie_at_the_top_after_20_deals():
    fiche = play("manillen-2", P2, MANILLEN_2_8 + MANILLEN_2_FILLERS + MANILLEN_2_TO_19 + [pts("c", "B", 60)])
    assert fiche.scores == (122, 122)  # 20 B: all 60, +30
    assert fiche.over and fiche.winner is None


def test_m10_m12_manillen_2_the_sans_atout_owed_at_the_last_choice():
    before = MANILLEN_2_8 + MANILLEN_2_FILLERS + MANILLEN_2_TO_19[:2]
    assert [(q.choices_left, q.sans_atout_needed) for q in play("manillen-2", P2, before).quotas] == [(1, 1), (1, 0)]
    refused("manillen-2", P2, before, pts("h", "A", 55), r"coup 19: A must still choose sans-atout 1 time.*\(M-10\)")


@pytest.mark.parametrize(
    "coup, message",
    [
        (pts("h", "A", 40, chooser="B"), r"the dealer A names trump in this system, not B \(M-12\)"),
        (pts("h", "A", 40, contre="A"), r"A is on the side that chose trump.*\(M-6\)"),
        (pts("h", "A", 40, surcontre="A"), r"a surcontre answers a contre: there was none \(M-6\)"),
        (pts("h", "A", 40, contre="B", surcontre="B"), r"B is not on the side that chose trump.*\(M-6\)"),
    ],
)
def test_m12_manillen_2_refusals(coup, message):
    refused("manillen-2", P2, [], coup, message)


# =================================================================================================
# The command line, system by system (`new`, `coup`, `sheet --json`), and its refusals: exit 2, one
# line naming the rule, nothing written.
# =================================================================================================


def players(*names):
    return [arg for name in names for arg in ("-p", name)]


def sheet(run):
    ran = run("sheet", "--json")
    assert ran.code == 0, ran.err
    return json.loads(ran.out)


def coup_ok(run, *args):
    ran = run("coup", *args)
    assert ran.code == 0, ran.err
    return ran.out


def test_cli_manillen_sans_atout_contre_surcontre_and_passe_parole(run):
    assert run("new", "manillen", *players(*P4), "--game", "belge").code == 0
    out = coup_ok(run, "--trump", "sa", "--contre", "B", "--points", "A=40")
    assert "the coup counts x4 (M-6)" in out and "(40 - 30) x4 = 40 to A & C (M-4)" in out
    out = coup_ok(run, "--trump", "h", "--chooser", "D", "--contre", "A", "--surcontre", "B", "--points", "B=30")
    assert "B passes the choice to D (passe-parole, M-10)" in out and "next coup x2" in out
    coup_ok(run, "--trump", "s", "--points", "C=45")  # C deals: x2 carried, 15x2 = +30 AC
    data = sheet(run)
    assert [side["score"] for side in data["sides"]] == [70, 0]
    assert [c["multiplier"] for c in data["coups"]] == [4, 4, 2]
    assert data["multiplier_next"] == 1 and data["deals_left"] == 17
    assert data["choices"] == [
        {"players": ["A", "C"], "left": 8, "sans_atout_needed": 1},
        {"players": ["B", "D"], "left": 9, "sans_atout_needed": 2},
    ]
    assert data["next_dealer"] == "D" and data["next_leader"] == "A"


def test_cli_manillen_20_deals_and_the_winner(run):
    assert run("new", "manillen", *players(*P4)).code == 0
    for declared in MANILLEN_18 + MANILLEN_WON:
        args = ["--trump", declared["trump"]]
        for call in ("chooser", "contre", "surcontre", "renonce"):
            if call in declared:
                args += [f"--{call}", declared[call]]
        if "points" in declared:
            ((who, points),) = declared["points"].items()
            args += ["--points", f"{who}={points}"]
        out = coup_ok(run, *args)
    assert "partie won by B & D after 20 deals" in out
    data = sheet(run)
    assert data["winner"] == ["B", "D"] and data["over"] is True
    assert [side["score"] for side in data["sides"]] == [226, 251]
    ran = run("coup", "--trump", "h", "--points", "A=40")
    assert ran.code == 2 and "the partie is over: B & D won" in ran.err


def test_cli_whisthub_frapper_contre_frapper_and_the_cap(run):
    assert run("new", "manille-whisthub", *players(*P4), "--option", "manche=61").code == 0
    coup_ok(run, "--trump", "h", "--frapper", "B", "--contre-frapper", "C", "--points", "A=45")  # x4: +60
    ran = run("coup", "--trump", "sa", "--frapper", "A", "--contre-frapper", "D", "--points", "B=40")
    assert ran.code == 2 and "past the cap of x4: refused (M-6)" in ran.err and len(ran.err.splitlines()) == 1
    out = coup_ok(run, "--trump", "sa", "--frapper", "A", "--points", "A=31")  # x4: +4 → 64 ≥ 61
    assert "partie won by A & C" in out
    data = sheet(run)
    assert data["coups"][1]["declared"] == {"trump": "SA", "contre": "A", "points": {"A": 31}}
    assert [side["score"] for side in data["sides"]] == [64, 0] and data["winner"] == ["A", "C"]


def test_cli_jdc_two_in_a_row_option(run):
    assert run("new", "manille-jdc", *players(*P4), "--option", "two_in_a_row=true").code == 0
    coup_ok(run, "--trump", "h", "--points", "A=40")
    out = coup_ok(run, "--trump", "c", "--renonce", "B")
    assert "A & C win two coups in a row: partie won (M-9)" in out
    assert sheet(run)["winner"] == ["A", "C"] and [s["score"] for s in sheet(run)["sides"]] == [40, 0]


def test_cli_coinchee_coinche_doubles_for_the_winner(run):
    assert run("new", "manille-coinchee", *players(*P4)).code == 0
    coup_ok(run, "--trump", "h", "--chooser", "C", "--coinche", "B", "--points", "B=40")  # BD win 6x2
    data = sheet(run)
    assert data["coups"][0]["chooser"] == "C" and data["coups"][0]["scored"] == [0, 12]


def test_cli_encheres_taker_and_bid(run):
    assert run("new", "manille-encheres", *players(*P4)).code == 0
    out = coup_ok(run, "--taker", "C", "--bid", "40", "--trump", "d", "--points", "C=38")
    assert "+13 to each other player; 1 point lost (M-13)" in out
    data = sheet(run)
    assert data["players"] == [
        {"name": "A", "score": 13},
        {"name": "B", "score": 13},
        {"name": "C", "score": 0},
        {"name": "D", "score": 13},
    ]
    assert data["coups"][0]["leader"] == "C" and data["next_leader"] is None


def test_cli_envers_every_players_points(run):
    assert run("new", "manille-envers", *players(*P4)).code == 0
    coup_ok(run, "--trump", "h", "--points", "A=20,B=30,C=10")
    coup_ok(run, "--trump", "s", "--points", "A=60", "--points", "B=8,C=0")
    data = sheet(run)
    assert data["players"] == [
        {"name": "A", "score": 80},
        {"name": "B", "score": 38},
        {"name": "C", "score": 10},
        {"name": "D", "score": 8},
    ]
    assert data["loser"] is None and data["winner"] is None and data["target"] == 100
    out = coup_ok(run, "--trump", "d", "--points", "A=20,B=20,C=20")
    assert "A loses the partie with 100; D wins with 16" in out
    assert sheet(run)["loser"] == ["A"] and sheet(run)["winner"] == ["D"]


def test_cli_a_trois_coup_by_its_trick_log(run):
    assert run("new", "manille-a-trois", *players(*P3)).code == 0
    coup_ok(run, "-r", "10h", "--points", "A=40")
    coup_ok(run, "-r", "Kc", "--points", "B=50")
    trick_args = [arg for trick in A_TROIS_LOG for arg in ("--trick", trick)]
    out = coup_ok(run, "-r", "Js", *trick_args)
    assert "manche 1 won (M-9)" in out
    data = sheet(run)
    assert data["coups"][2]["made"] == [12, 56] and data["coups"][2]["scored"] == [0, 23]
    assert data["sides"] == [
        {"players": ["A"], "score": 0, "manches": 0},
        {"players": ["B", "C"], "score": 0, "manches": 1},
    ]
    assert data["next_leader"] == "B"


def test_cli_a_deux_a_mort_named_in_the_points(run):
    assert run("new", "manille-a-deux", *players(*P2)).code == 0
    coup_ok(run, "-r", "10d", "--points", "B's mort=24")  # A & mort 44: +5 +10
    data = sheet(run)
    assert [side["score"] for side in data["sides"]] == [15, 0]
    assert data["coups"][0]["camps"] == [["A", "A's mort"], ["B", "B's mort"]]


def test_cli_manillen_3_exchange_and_zero_sum(run):
    assert run("new", "manillen-3", *players(*P3)).code == 0
    coup_ok(run, "--trump", "sa", "--exchange", "2", "--points", "A=35")  # SA x2: defenders 25, each -10; A +20
    # B deals: x4; the defenders A & C make 40: each (40 - 30) x4 = +40, B twice -40 = -80.
    coup_ok(run, "--trump", "c", "--contre", "A", "--surcontre", "B", "--points", "A=40")
    data = sheet(run)
    assert data["players"] == [{"name": "A", "score": 60}, {"name": "B", "score": -90}, {"name": "C", "score": 30}]
    assert all(sum(c["scored"]) == 0 for c in data["coups"])
    assert data["deals_left"] == 28 and data["next_dealer"] == "C" and data["next_leader"] == "A"


def test_cli_manillen_2_twenty_deals(run):
    assert run("new", "manillen-2", *players(*P2)).code == 0
    for deal in range(1, 21):
        trump = "sa" if deal in (1, 2, 3, 4) else "h"
        coup_ok(run, "--trump", trump, "--points", f"{dealer_of(P2, deal)}=35")
    data = sheet(run)
    # Each player: two SA (5x2 = 10 each) and eight suits (5 each): 20 + 40 = 60.
    assert [side["score"] for side in data["sides"]] == [60, 60]
    assert data["over"] is True and data["winner"] is None


@pytest.mark.parametrize(
    "system, seated, before, args, rule",
    [
        ("manillen", P4, [], ["--trump", "h", "--surcontre", "C", "--points", "A=40"], "M-6"),
        ("manillen", P4, [], ["--trump", "h", "--contre", "C", "--points", "A=40"], "M-6"),
        ("manillen", P4, [], ["--trump", "h", "--chooser", "B", "--points", "A=40"], "M-10"),
        ("manillen", P4, [], ["--retourne", "7h", "--points", "A=40"], "M-5"),
        (
            "manille-whisthub",
            P4,
            [["--trump", "h", "--points", "A=30"]],
            ["--trump", "sa", "--frapper", "A", "--points", "B=40"],
            "M-6",
        ),
        ("manille-whisthub", P4, [], ["--trump", "h", "--chooser", "C", "--points", "A=40"], "M-10"),
        ("manille-jdc", P4, [], ["--trump", "sa", "--points", "A=40"], "P-8"),
        ("manille-coinchee", P4, [], ["--trump", "h", "--coinche", "B", "--surcontre", "A", "--points", "A=40"], "M-7"),
        ("manille-coinchee", P4, [], ["--trump", "h", "--coinche", "C", "--points", "A=40"], "M-7"),
        ("manille-encheres", P4, [], ["--taker", "B", "--trump", "h", "--points", "B=40"], "M-13"),
        ("manille-encheres", P4, [], ["--trump", "h", "--points", "B=40"], "M-13"),
        ("manille-envers", P4, [], ["--trump", "sa", "--points", "A=20,B=30,C=10"], "P-8"),
        ("manille-envers", P4, [], ["--trump", "h", "--points", "A=60,B=30,C=10"], "M-3"),
        ("manille-a-trois", P3, [], ["--trump", "h", "--points", "A=40"], "M-5"),
        ("manille-a-deux", P2, [], ["--points", "A=40"], "M-5"),
        ("manillen-3", P3, [], ["--trump", "h", "--exchange", "3", "--points", "A=40"], "M-11"),
        ("manillen-3", P3, [], ["--trump", "h", "--chooser", "B", "--points", "A=40"], "M-11"),
        ("manillen-2", P2, [], ["--trump", "h", "--contre", "A", "--points", "A=40"], "M-6"),
        ("manillen-2", P2, [], ["--trump", "h", "--chooser", "B", "--points", "A=40"], "M-12"),
    ],
)
def test_cli_a_refused_call_is_exit_2_one_line_with_its_rule_and_nothing_written(
    run, home, system, seated, before, args, rule
):
    assert run("new", system, *players(*seated)).code == 0
    for said in before:
        coup_ok(run, *said)
    files = {path: path.read_bytes() for path in home.rglob("*") if path.is_file()}
    ran = run("coup", *args)
    assert ran.code == 2
    assert f"({rule}" in ran.err or f", {rule})" in ran.err
    assert len(ran.err.strip().splitlines()) == 1 and "Traceback" not in ran.err
    assert {path: path.read_bytes() for path in home.rglob("*") if path.is_file()} == files


# =================================================================================================
# check and audit with each system's partners (P-6, P-7): each for himself, the Whisthub under-trump
# rule, the dealer alone at three, the mort.
# =================================================================================================


def test_cli_check_envers_each_for_himself_every_card_is_an_opponents(run):
    # ♥ trump, 10♠ led by another player; void in ♠: he is an opponent, so 7♥ must trump (P-5).
    ran = run("check", "manille-envers", "--trump", "h", "--table", "10♠", "--hand", "7♥ K♣", "--play", "Kc", "--json")
    assert ran.code == 1
    data = json.loads(ran.out)
    assert (data["rule"], data["legal_cards"]) == ("P-5", ["7H"])
    assert data["cost"] == "the coup is cancelled and 34 points are scored against the renonçant (M-8, M-14)"
    # In manillen the same 10♠ led by the partner and still master leaves him free (P-7).
    ran = run("check", "manillen", "--trump", "h", "--table", "P:10♠ O:7♠", "--hand", "7♥ K♣", "--play", "Kc", "--json")
    assert ran.code == 0 and json.loads(ran.out)["legal"] is True
    ran = run("check", "manille-envers", "--trump", "h", "--table", "P:10♠", "--hand", "7♥ K♣")
    assert ran.code == 2 and "nobody is a partner (P-7)" in ran.err


def test_cli_check_whisthub_p6_no_under_trump_while_another_card_may_be_played(run):
    # ♠ led, the partner trumped 7♥, the opponent over-trumped 9♥: 8♥ cannot win; he must discard K♣.
    args = ["--trump", "h", "--table", "O:A♠ P:7♥ O:9♥", "--hand", "8♥ K♣", "--play", "8h", "--json"]
    ran = run("check", "manille-whisthub", *args)
    assert ran.code == 1
    data = json.loads(ran.out)
    assert (data["rule"], data["legal_cards"]) == ("P-6", ["KC"])
    assert "the most the coup could score (30 times its multiplier) (M-8)" in data["cost"]
    ran = run("check", "manillen", *args)  # undertrump = "free" in manillen
    assert ran.code == 0 and json.loads(ran.out)["legal"] is True


def test_cli_check_whisthub_p6_a_partners_trump_is_never_under_trumped_unless_only_lower_trumps(run):
    ran = run(
        "check",
        "manille-whisthub",
        "--trump",
        "h",
        "--table",
        "O:A♠ P:9♥ O:7♠",
        "--hand",
        "8♥ K♣",
        "--play",
        "8h",
        "--json",
    )
    assert ran.code == 1 and json.loads(ran.out)["rule"] == "P-6"
    ran = run(
        "check",
        "manille-whisthub",
        "--trump",
        "h",
        "--table",
        "O:A♠ P:9♥ O:7♠",
        "--hand",
        "8♥ 7♥",
        "--play",
        "8h",
        "--json",
    )
    assert ran.code == 0 and json.loads(ran.out)["legal_cards"] == ["8H", "7H"]


def test_cli_audit_manillen_3_the_dealer_alone_against_two_partners(run):
    tricks = [arg for trick in MANILLEN_3_LOG for arg in ("--trick", trick)]
    ran = run(
        "audit", "manillen-3", "--players", "A B C", "--taker", "A", "--trump", "h", "--leader", "B", *tricks, "--json"
    )
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert data["renonces"] == [] and data["complete"] is True
    assert [t["winner"] for t in data["tricks"]] == ["B", "B", "B", "A", "A", "A", "B", "A", "B", "C"]
    assert [t["points"] for t in data["tricks"]] == [6, 6, 3, 6, 6, 6, 3, 7, 8, 6]
    assert data["sides"] == [
        {"players": ["A"], "points": 25 + 3, "tricks": 4},  # the chien's 3 (M-11), never played, are A's
        {"players": ["B", "C"], "points": 32, "tricks": 6},
    ]
    ran = run("audit", "manillen-3", "--players", "A B C", "--trump", "h", "--leader", "B", *tricks)
    assert ran.code == 2 and "give the dealer" in ran.err and "(M-11, M-13)" in ran.err


def test_cli_audit_manillen_3_proves_a_defender_who_did_not_trump(run):
    # Trick 7: B, void in ♠ under the dealer's K♠, discards 8♣ while holding 10♥ (P-5).
    log = [*MANILLEN_3_LOG[:6], "Ks 8c 9s", "Jh 10h 7h"]
    tricks = [arg for trick in log for arg in ("--trick", trick)]
    ran = run(
        "audit", "manillen-3", "--players", "A B C", "--taker", "A", "--trump", "h", "--leader", "B", *tricks, "--json"
    )
    assert ran.code == 1
    (renonce,) = json.loads(ran.out)["renonces"]
    assert (renonce["trick"], renonce["player"], renonce["card"], renonce["rule"]) == (7, "B", "8C", "P-5")
    assert renonce["proof"]["text"] == (  # the JSON's words, its cards in letters
        "B discarded 8C on a spades lead at trick 7, where A's KS was master, while holding 10H, "
        "which the same hand played at trick 8 (P-5)"
    )


def test_cli_audit_a_trois_the_mort_is_the_partner_of_its_player(run):
    tricks = [arg for trick in A_TROIS_LOG for arg in ("--trick", trick)]
    ran = run("audit", "manille-a-trois", "--players", "A B M C", "--trump", "s", "--leader", "A", *tricks, "--json")
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert data["renonces"] == []
    assert data["sides"] == [
        {"players": ["A", "M"], "points": 12, "tricks": 2},
        {"players": ["B", "C"], "points": 56, "tricks": 6},
    ]
    # Trick 3: C discards 7♣ under his partner B's trump. Were B an opponent, C must over-trump (P-5).
    ran = run("audit", "manille-envers", "--players", "A B M C", "--trump", "s", "--leader", "A", *tricks, "--json")
    assert ran.code == 1
    assert [(r["trick"], r["player"], r["rule"]) for r in json.loads(ran.out)["renonces"]][0] == (3, "C", "P-5")


def test_cli_audit_manillen_2_two_card_tricks_each_player_against_the_other(run):
    # ♥ trump, B (the non-dealer) leads K♠; A plays 7♠ though he holds A♠, which he plays at trick 2 (P-4).
    ran = run(
        "audit",
        "manillen-2",
        "--players",
        "A B",
        "--trump",
        "h",
        "--leader",
        "B",
        "--trick",
        "Ks 7s",
        "--trick",
        "Qs As",
        "--layout",  # P-11 (issue 13): A's table cards, A♠ not among them: it was in his hand
        "A: 8h/9h 10h/Jh Qh/Kh 8d/9d",
        "--json",
    )
    assert ran.code == 1
    data = json.loads(ran.out)
    assert [(t["winner"], t["points"]) for t in data["tricks"]] == [("B", 3), ("A", 6)]
    (renonce,) = data["renonces"]
    assert (  # the JSON's words, its cards in letters
        renonce["proof"]["text"]
        == "A played 7S on a spades lead at trick 1, where B's KS was master, while holding AS, which the same hand played at trick 2 (P-4)"
    )
    assert data["notes"][0]["text"].startswith("partial log: 2 of 16 tricks")
