"""L'hombre at the edges of the rule texts (issue 13): espadille forcée and the vole (H-8), each system's
own payments (H-15), hands no deal can produce (H-15), a stopped vole (H-10)."""

import json

import pytest

from scorekeeper.errors import UserError
from scorekeeper.games.hombre import HombreRules, Outcome, replay
from scorekeeper.i18n import render

PLAYERS = ("A", "B", "C")


def coup(hombre, contract, a, b, c, **extra):
    return {"hombre": hombre, "contract": contract, "tricks": {"A": a, "B": b, "C": c}, **extra}


def paid_to(result, player):
    return result.net(player)


# --- item 2: H-8, seed 001 §20 « Celui qui joue espadille forcée n'est pas admis à faire la vole » ----


def test_h8_nine_tricks_in_espadille_forcee_are_a_demande_won_not_a_vole(run):
    assert run("new", "hombre", "-p", "A", "-p", "B", "-p", "C", "--option", "espadille=true").code == 0
    ran = run("coup", "--bids", "pass, pass, pass, A: demande", "--tricks", "A=9")
    assert ran.code == 0, ran.err
    assert "in espadille forcée nine tricks are never a vole (H-8)" in ran.out
    coup_ = json.loads(run("sheet", "--json").out)["coups"][0]
    assert coup_["outcome"] == "won"
    assert sum(p["jetons"] for p in coup_["payments"] if p["to"] == "A") == 18  # a vole would be 45


def test_h8_with_a_bete_of_72_in_play_the_forced_nine_take_174_not_a_vole():
    rules = HombreRules(system="3-2", payments="double", espadille_forcee=True)
    # Two remises make B's bête of 27 and C's of 72; B wins the next coup with B's own 27 in play: C's 72
    # is in play when A, forced, takes all nine.
    setup = [coup("B", "demande", 3, 3, 3), coup("C", "demande", 3, 3, 3), coup("B", "demande", 2, 5, 2)]
    before = replay(rules, PLAYERS, "C", setup)
    assert (before.bete_in_play.owner, before.bete_in_play.amount) == ("C", 72)
    forced = coup("A", "demande", 9, 0, 0, espadille_forcee=True)
    result = replay(rules, PLAYERS, "C", [*setup, forced]).coups[-1]
    assert result.outcome is Outcome.WON
    assert paid_to(result, "A") == 84  # a vole would sweep more: 174


# --- item 3: H-15, seed 001 §22.3: 2 et 1 pays simple ----------------------------------------------


def test_h15_2_et_1_pays_simple_by_default_sans_prendre_6_and_a_matador_1(run):
    assert run("new", "hombre-1709", "-p", "X", "-p", "Y", "-p", "Z", "--option", "system=2-1").code == 0
    ran = run("coup", "--hombre", "Y", "--contract", "sans-prendre", "--tricks", "Y=5,Z=3,X=1", "--matadors", "3")
    assert ran.code == 0, ran.err
    coup_ = json.loads(run("sheet", "--json").out)["coups"][0]
    assert sum(p["jetons"] for p in coup_["payments"] if p["to"] == "Y") == 30  # double would be 48


@pytest.mark.parametrize(("system", "payments"), [("2-1", "simple"), ("3-2", "double"), ("3-1", "double")])
def test_h15_each_system_pays_its_own_unless_the_option_says(run, system, payments):
    assert HombreRules(system=system).payments == payments
    other = "double" if payments == "simple" else "simple"
    assert HombreRules(system=system, payments=other).payments == other


def test_h15_the_shipped_hombre_files_leave_the_payments_to_the_system():
    from scorekeeper import games

    for name in ("hombre", "hombre-1709"):
        assert not games.load(name).settings["money.payments"]
    rules = games.load("hombre-1709").with_options({"system": "2-1", "payments": "double"})
    assert rules.rules.payments == "double"


# --- item 4: H-15, C-1: what no deal can produce is refused -----------------------------------------


@pytest.mark.parametrize("matadors", [10, 11, 12])
def test_h15_more_than_nine_matadors_is_refused_a_hand_holds_nine(run, matadors):
    assert run("new", "hombre", "-p", "A", "-p", "B", "-p", "C").code == 0
    ran = run("coup", "--hombre", "A", "--contract", "demande", "--tricks", "A=5,B=2,C=2", "--matadors", str(matadors))
    assert ran.code == 2 and ran.out == ""
    assert ran.err.count("\n") == 1 and "or 3 to 9 when the hombre held" in ran.err


def test_h15_ten_trumps_are_refused_not_paid_as_ten_matadors(run):
    assert run("new", "hombre", "-p", "A", "-p", "B", "-p", "C").code == 0
    trumps = "As 7h Ac Ah Kh Qh Jh 6h 5h 4h"
    ran = run(
        "coup", "--hombre", "A", "--contract", "demande", "--tricks", "A=5,B=2,C=2", "--trump", "h", "--trumps", trumps
    )
    assert ran.code == 2 and "10 cards given as trumps, but a hand holds 9 (H-15)" in ran.err
    assert json.loads(run("sheet", "--json").out)["coups"] == []


def test_c1_check_refuses_an_hombre_hand_of_eleven_cards(run):
    ran = run("check", "hombre", "--trump", "h", "--hand", "As Ac Ah Kh Qh Jh 7h 6h 5h 4h 3h")
    assert ran.code == 2 and ran.err.strip().endswith("a hand of 11 cards: a deal gives 9 each (C-1)")


@pytest.mark.parametrize("chien", [32, 36, 40])
def test_c1_a_chien_of_the_whole_deck_or_more_is_refused(run, chien):
    ran = run("new", "manille-muette", *(a for p in "ABCD" for a in ("-p", p)), "--option", f"cards.chien={chien}")
    assert ran.code == 2 and f"a chien of {chien} cards leaves no card to deal to 4 hands (C-1)" in ran.err.replace(
        " from a deck of 32", ""
    )


# --- item 5: H-10, seed 001 §10 « l'hombre a perdu dès qu'un des tiers fait une levée » ----------------


def test_h10_a_vole_annoncee_entered_with_the_tricks_played_until_it_stopped(run):
    assert run("new", "hombre", "-p", "A", "-p", "B", "-p", "C").code == 0
    ran = run("coup", "--hombre", "A", "--contract", "vole", "--tricks", "A=6,B=1")
    assert ran.code == 0, ran.err
    assert (
        "A in vole, 6-1-0: vole manquée, play stopped at trick 7, the first a tiers took; both tiers win (H-10)"
        in ran.out
    )
    coup_ = json.loads(run("sheet", "--json").out)["coups"][0]
    assert coup_["outcome"] == "vole_manquee"


def test_h10_h11_a_vole_engagee_stopped_at_the_sixth_trick_is_a_vole_engagee_lost():
    rules = HombreRules(system="3-2", payments="double")
    stopped = coup("A", "demande", 5, 1, 0, vole_engagee=True)
    nine = coup("A", "demande", 5, 4, 0, vole_engagee=True)
    played, full = (replay(rules, PLAYERS, "C", [c]).coups[-1] for c in (stopped, nine))
    assert played.outcome is full.outcome is Outcome.VOLE_ENGAGEE_LOST
    assert played.payments == full.payments
    assert any("play stopped at trick 6, the first a tiers took (H-10, H-11)" in render(line) for line in played.log)


@pytest.mark.parametrize(
    "tricks",
    [{"A": 5, "B": 1, "C": 1}, {"A": 5, "B": 2}, {"A": 5}],  # two tiers took a trick; one took two; nobody
)
def test_h10_fewer_than_nine_tricks_are_refused_unless_the_vole_stopped_at_a_tiers_first_trick(tricks):
    """A vole refused says the real reason (issue 30): play stops at the first trick a tiers takes (H-10);
    five tricks and none to the tiers are a laying down, which a vole annoncée knows not (H-11)."""
    rules = HombreRules()
    reason = (
        "lays the hand down after five tricks" if len(tricks) == 1 else "play stops at the first trick a tiers takes"
    )
    with pytest.raises(UserError, match=reason):
        replay(rules, PLAYERS, "C", [{"hombre": "A", "contract": "vole", "tricks": tricks}])
    with pytest.raises(UserError, match="the tricks must make nine in all"):
        replay(rules, PLAYERS, "C", [{"hombre": "A", "contract": "demande", "tricks": {"A": 6, "B": 1}}])
