"""The seed's worked example (H-20, seed 001 section 17.4, 3 et 2) figure by figure, and the bête series of
H-18 as they come out of the engine in every system."""

import pytest

from scorekeeper.games.hombre import HombreRules, Outcome, replay
from scorekeeper.i18n import render

PLAYERS = ("A", "B", "C")
PASS = {"pass": True}


def coup(hombre, contract, a, b, c, **extra):
    return {"hombre": hombre, "contract": contract, "tricks": {"A": a, "B": b, "C": c}, **extra}


def remise(hombre):
    """The hombre ties the tiers with most (H-9): 3-3-3."""
    return coup(hombre, "demande", 3, 3, 3)


def codille(hombre):
    """A tiers has more tricks than the hombre (H-9): 5 to the next player, 2 to each other."""
    winner = PLAYERS[(PLAYERS.index(hombre) + 1) % 3]
    tricks = {player: 5 if player == winner else 2 for player in PLAYERS}
    return {"hombre": hombre, "contract": "demande", "tricks": tricks}


# Section 17.4 as declared at the table. A deals first (any dealer: money does not depend on the seat).
SEED_17_4 = [
    coup("A", "demande", 4, 4, 1),  # 1: "Le joueur A s'engage et perd remise"
    coup("B", "demande", 3, 3, 3),  # 2: "Le joueur B s'engage et perd remise"
    PASS,  # 3: "Les trois joueurs passent"
    coup("B", "demande", 4, 4, 1),  # 4: "Le joueur B s'engage et perd remise"
    coup("C", "demande", 2, 2, 5),  # 5: "Le joueur C s'engage en demande et gagne"
    coup("B", "demande", 2, 5, 2),  # 6: "Le joueur B s'engage en demande et gagne"
    coup("B", "demande", 2, 5, 2),  # 7: "Le joueur B s'engage en demande et gagne"
]


@pytest.fixture
def seed_fiche():
    return replay(HombreRules(system="3-2"), PLAYERS, "A", SEED_17_4)


def test_h20_enjeux_27_72_90_108_126_126_90(seed_fiche):
    assert [result.enjeu for result in seed_fiche.coups] == [27, 72, 90, 108, 126, 126, 90]


def test_h20_poule_and_bete_in_play_coup_by_coup(seed_fiche):
    assert [result.poule for result in seed_fiche.coups] == [27, 45, 63, 81, 99, 18, 18]
    in_play = [(r.bete.owner, r.bete.amount) if r.bete else None for r in seed_fiche.coups]
    assert in_play == [None, ("A", 27), ("A", 27), ("A", 27), ("A", 27), ("B", 108), ("B", 72)]


def test_h20_bêtes_made_27_72_108(seed_fiche):
    made = [(r.bete_made.owner, r.bete_made.amount) for r in seed_fiche.coups if r.bete_made]
    assert made == [("A", 27), ("B", 72), ("B", 108)]
    assert [r.outcome for r in seed_fiche.coups] == [Outcome.REMISE] * 2 + [Outcome.PASSED, Outcome.REMISE] + [
        Outcome.WON
    ] * 3


def test_h20_coup_5_a_loses_60_b_33_c_wins_93(seed_fiche):
    fifth = seed_fiche.coups[4]
    assert [(p.payer, p.payee, p.jetons) for p in fifth.payments] == [("A", "C", 33), ("B", "C", 33), ("A", "C", 27)]
    assert [fifth.net(player) for player in PLAYERS] == [-60, -33, 93]


def test_h20_coups_6_and_7_b_wins_12_and_strikes_out_his_own_bete(seed_fiche):
    for result, amount in zip(seed_fiche.coups[5:], (108, 72), strict=True):
        assert [result.net(player) for player in PLAYERS] == [-6, 12, -6]
        assert f"B's bête of {amount} is owed to its owner: struck out (H-13)" in [render(line) for line in result.log]
    assert [(fate.bete.amount, fate.status, fate.settled_at) for fate in seed_fiche.betes] == [
        (27, "paid", 5),
        (72, "cancelled", 7),
        (108, "cancelled", 6),
    ]


def test_h20_after_coup_7_a_minus_72_b_minus_9_c_plus_81(seed_fiche):
    assert seed_fiche.balances == (-72, -9, 81)
    assert seed_fiche.as_dict()["players"][0] == {
        "name": "A",
        "balance": -72,
        "caves": 1,
        "holdings": 128,
        "fiches": 6,
        "jetons": 8,
    }


def test_h20_poule_back_to_3_marks_each_before_coup_8(seed_fiche):
    assert seed_fiche.marks == 3 and seed_fiche.poule == 27
    assert seed_fiche.bete_in_play is None and seed_fiche.betes_waiting == ()
    poule = seed_fiche.as_dict()["poule"]
    assert {**poule, "log": [render(line) for line in poule["log"]]} == {
        "marks": 3,
        "jetons": 27,
        "log": [
            "the poule was taken and no bête is left: each puts 3 marks, poule 27 (H-16)",
            "no bête to put in play (H-17)",
        ],
    }


def test_h20_every_coup_is_zero_sum(seed_fiche):
    for result in seed_fiche.coups:
        assert sum(result.net(player) for player in PLAYERS) == 0


# --- H-18: the normalised bête series, out of the engine ------------------------------------------

SERIES = {
    "3-2": [27, 54, 72, 90, 108, 126, 144],
    "2-1": [18, 27, 36, 45, 54, 63, 72],
    "3-1": [27, 36, 45, 54, 63, 72, 81],
}


def betes_made(system, coups):
    fiche = replay(HombreRules(system=system), PLAYERS, "A", coups)
    return [result.bete_made.amount for result in fiche.coups if result.bete_made is not None]


@pytest.mark.parametrize("system", SERIES)
def test_h18_a_codille_on_the_fresh_poule_then_remises_make_the_whole_series(system):
    # The codille makes bête n° 1 and takes the poule; the next poule holds it in play (n° 2, with the
    # 3-et-2 exception), and each remise leaves the poule to grow by one step (+18 or +9).
    coups = [codille("A"), remise("B"), remise("C"), remise("A"), remise("B"), remise("C"), remise("A")]
    assert betes_made(system, coups) == SERIES[system]


@pytest.mark.parametrize("system", SERIES)
def test_h18_passes_on_a_fresh_poule_grow_it_along_the_series(system):
    # Nobody plays: the enjeu (the bête the next hombre would make) climbs the series step by step.
    fiche = replay(HombreRules(system=system), PLAYERS, "A", [PASS] * 6 + [remise("A")])
    assert [result.enjeu for result in fiche.coups] == SERIES[system]
    assert fiche.coups[-1].bete_made.amount == SERIES[system][6]


def test_h18_3_et_2_a_remise_on_the_fresh_poule_skips_54_as_in_the_seed():
    # Seed 17.4: "la n°1, la n°3, et la n°5": 27, then 72, then 108 after a pass.
    assert betes_made("3-2", [remise("A"), remise("B"), PASS, remise("B")]) == [27, 72, 108]


def test_h18_3_et_2_a_vole_annoncee_lost_on_the_fresh_poule_then_remises_also_follow_the_series():
    vole_lost = coup("A", "vole", 8, 1, 0)
    assert betes_made("3-2", [vole_lost, remise("B"), remise("C"), remise("A")]) == [27, 54, 72, 90]


@pytest.mark.parametrize("system", SERIES)
def test_h18_after_a_win_the_largest_waiting_bete_goes_into_play_and_the_series_goes_on(system):
    # Three bêtes, A wins the poule with n° 1 in play; n° 3 (the largest waiting) comes into play on a
    # poule that restarts from nothing, and the remises on it make n° 4 and n° 5.
    coups = [codille("A"), remise("B"), remise("C"), coup("A", "demande", 5, 2, 2), remise("B"), remise("C")]
    assert betes_made(system, coups) == SERIES[system][:5]
