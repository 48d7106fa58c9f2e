"""L'hombre says what happened as records (issue 11): each line of a coup's log, each payment's reason, each
line of the settlement is an event with its rule id and its values; the catalog turns them into words.

The figures are the seed's worked example (H-20, seed 001 section 17.4, 3 et 2) and the rows of H-13.
"""

import json
import random
from fractions import Fraction

import pytest

from scorekeeper import i18n
from scorekeeper.cli.render import status
from scorekeeper.errors import CoupRefused, UserError
from scorekeeper.explain import Record, record
from scorekeeper.games.hombre import Bete, Contract, HombreRules, Outcome, bid, replay, settle
from scorekeeper.i18n import render

PLAYERS = ("A", "B", "C")
PASS = {"pass": True}


def coup(hombre, contract, a, b, c, **extra):
    return {"hombre": hombre, "contract": contract, "tricks": {"A": a, "B": b, "C": c}, **extra}


SEED_17_4 = [
    coup("A", "demande", 4, 4, 1),
    coup("B", "demande", 3, 3, 3),
    PASS,
    coup("B", "demande", 4, 4, 1),
    coup("C", "demande", 2, 2, 5),
    coup("B", "demande", 2, 5, 2),
    coup("B", "demande", 2, 5, 2),
]


@pytest.fixture
def seed_fiche():
    return replay(HombreRules(system="3-2"), PLAYERS, "A", SEED_17_4)


def told(lines):
    return [render(line) for line in lines]


def records_in(value):
    """Every record in a value, nested ones (a payment's why, a bête) included."""
    if isinstance(value, Record):
        yield value
        for item in value.values.values():
            yield from records_in(item)
    elif isinstance(value, (list, tuple)) and not isinstance(value, Bete):
        for item in value:
            yield from records_in(item)
    elif hasattr(value, "record"):
        yield from records_in(value.record)


# --- a coup's log ---------------------------------------------------------------------------------


def test_h20_coup_5_c_wins_with_a_s_bete_of_27_in_play_as_records(seed_fiche):
    log = seed_fiche.coups[4].log
    bete = Bete(1, "A", 27, 1)
    assert log[0] == record("deal", "H-7", dealer="B", premier="C")
    assert log[1] == record("poule_grows", "H-16", added=2, marks=11, poule=99)
    assert log[2] == record("bete_stays_in_play", "H-17", bete=bete)
    assert log[3] == record("enjeu_with_bete", "H-14", poule=99, bete=bete, enjeu=126)
    # The tricks in seating order, A B C, as the grid says them (issue 29).
    assert log[4] == record("contract_won", "H-9", hombre="C", contract=Contract.DEMANDE, tricks=(2, 2, 5))
    assert log[5] == record("poule_taken", "H-13", outcome=Outcome.WON, taker="C", poule=99)
    share = record("poule_share", "H-13", poule=99, marks=11, outcome=Outcome.WON)
    assert log[6] == record("payment", None, payer="A", payee="C", jetons=33, why=share)
    assert log[8] == record(
        "payment", None, payer="A", payee="C", jetons=27, why=record("bete_taken", "H-13", bete=bete, taker="C")
    )
    assert log[9] == record("poules_taken", "H-19", taken=1, poules=20)
    assert told(log)[3] == "enjeu: poule 99 + A's bête of 27 = 126 (H-14)"
    assert told(log)[8] == "A pays C 27: A's bête of 27, in play, taken by C (H-13)"


def test_h20_coup_6_b_strikes_out_his_own_bete_of_108(seed_fiche):
    log = seed_fiche.coups[5].log
    assert record("bete_struck_out", "H-13", bete=Bete(3, "B", 108, 4)) in log
    assert record("bete_into_play", "H-17", bete=Bete(3, "B", 108, 4)) in log


def test_the_payments_carry_their_reason_as_a_record_with_its_rule():
    fiche = replay(HombreRules(system="3-2", payments="double"), PLAYERS, "C", [coup("A", "vole", 9, 0, 0, matadors=4)])
    whys = [payment.why for payment in fiche.coups[0].payments]
    share = record("poule_share", "H-13", poule=27, marks=3, outcome=Outcome.VOLE_WON)
    half = record("half_enjeu", "H-13", enjeu=27)
    paid = record("contract_paid", "H-15", contract=Contract.SANS_PRENDRE)
    matadors = record("matadors_paid", "H-15", matadors=4, rate=2)
    assert whys == [share, share, half, half, paid, matadors, paid, matadors]
    halves = [payment for payment in fiche.coups[0].payments if payment.why.event == "half_enjeu"]
    assert [payment.jetons for payment in halves] == [Fraction(27, 2)] * 2
    assert render(halves[0].line) == "B pays A 13.5: half the enjeu of 27: vole won and no bête waiting (H-13)"


@pytest.mark.parametrize(
    ("tricks", "event", "rule", "extra"),
    [
        ((5, 2, 2), "contract_won", "H-9", {}),
        ((3, 3, 3), "remise", "H-9", {}),
        ((2, 5, 2), "codille", "H-9", {"winner": "B", "most": 5}),
        ((1, 4, 4), "codille_shared", "H-9", {}),
        ((9, 0, 0), "vole_engagee_won", "H-11", {}),
    ],
)
def test_h9_h11_the_outcome_is_a_record_of_the_hombre_the_contract_and_the_tricks(tricks, event, rule, extra):
    result = replay(HombreRules(), PLAYERS, "C", [coup("A", "demande", *tricks)]).coups[0]
    said = {"hombre": "A", "contract": Contract.DEMANDE, "tricks": tricks, **extra}
    assert result.log[3] == record(event, rule, **said)


def test_three_passes_and_the_prepared_poule_are_records():
    fiche = replay(HombreRules(system="3-2"), PLAYERS, "C", [PASS])
    assert fiche.coups[0].log[0] == record("deal", "H-7", dealer="C", premier="A")
    assert fiche.coups[0].log[1] == record("partie_starts", "H-16", marks=3, poule=27)
    assert record("all_passed", "H-7") in fiche.coups[0].log
    assert fiche.prepared == (
        record("poule_grows_exception", "H-16", added=3, marks=6, poule=54),
        record("no_bete_to_play", "H-17"),
    )


# --- the settlement -------------------------------------------------------------------------------


def test_h19_the_settlement_s_lines_are_records(seed_fiche):
    settlement = settle(seed_fiche, early=True)
    assert settlement.log[0] == record("partie_stops", "H-19", coups=7)
    assert settlement.log[1] == record("player_result", "H-19", player="A", holdings=128, caves=1, cave=200, result=-72)
    assert settlement.log[3] == record(
        "player_result_won", "H-19", player="C", holdings=281, caves=1, cave=200, result=81
    )
    assert settlement.transfers[0].record == record(
        "transfer", "H-19", payer="A", payee="C", jetons=72, fiches=3, rest=12
    )
    assert settlement.log[-2:] == tuple(transfer.record for transfer in settlement.transfers)
    assert told(settlement.log)[-1] == "B pays C 9 jetons (9 jetons) (H-19)"


def test_h19_a_bete_split_at_the_end_is_a_third_of_the_bete():
    rules = HombreRules(system="3-2", poules=1, end="split")
    coups = [coup("A", "demande", 3, 3, 3), coup("B", "demande", 3, 3, 3), coup("C", "demande", 2, 2, 5)]
    split = settle(replay(rules, PLAYERS, "A", coups)).split
    assert [payment.why for payment in split] == [record("bete_split", "H-19", bete=Bete(2, "B", 72, 2))] * 2


# --- errors are keys ------------------------------------------------------------------------------


def test_a_refused_call_is_a_key_with_the_call_and_its_reason():
    with pytest.raises(UserError) as refused:
        bid(HombreRules(), ["Trois", "Un", "Deux"], "Trois", ["sans-prendre", "demande"])
    error = refused.value
    assert (error.key, error.values["number"], error.values["call"]) == ("call_refused", 2, "demande")
    reason = error.values["reason"]
    assert (reason.key, reason.rule) == ("bid_too_low", "H-7")
    assert reason.values == {"contract": Contract.DEMANDE, "player": "Un", "best": Contract.SANS_PRENDRE}


def test_a_bad_coup_in_a_replay_is_a_key_with_its_number():
    with pytest.raises(CoupRefused) as refused:
        replay(HombreRules(), PLAYERS, "C", [PASS, coup("A", "demande", 5, 2, 1)])
    assert refused.value.key == "tricks_not_nine" and refused.value.number == 2
    assert refused.value.record.event == "error.coup_refused" and refused.value.reason.event == "error.tricks_not_nine"


# --- the slips are gone ---------------------------------------------------------------------------


def test_one_mark_one_poule_one_coup_one_cave_one_jeton_are_singular():
    rules = HombreRules(system="2-1", poules=1, end="split")
    # A codille on the fresh poule: B takes it, A's bête remains, each adds 1 mark (2-1).
    fiche = replay(rules, PLAYERS, "C", [coup("A", "demande", 2, 5, 2)])
    assert told(fiche.prepared)[0] == "the poule was taken, a bête remains: each adds 1 mark, 1 each, poule 9 (H-16)"
    assert status(fiche).startswith("next coup: poule 1 mark each = 9 jetons")
    fiche = replay(rules, PLAYERS, "C", [coup("A", "demande", 2, 5, 2), coup("B", "demande", 2, 5, 2)])
    assert "the partie is over: 1 poule taken by the hombre (H-19)" in told(fiche.coups[-1].log)
    settlement = settle(replay(rules, PLAYERS, "C", [PASS]), early=True)
    assert told(settlement.log)[0] == "the partie stops after 1 coup: the marks of the poule are taken back (H-19)"
    assert told(settlement.log)[1] == "A: 200 jetons - 1 cave of 200 = 0 (H-19)"
    one = record("transfer_in_jetons", "H-19", payer="A", payee="B", jetons=1, fiches=0, rest=1)
    assert render(one) == "A pays B 1 jeton (1 jeton) (H-19)"


def test_caves_are_counted_in_words_not_cave_s():
    rules = HombreRules(system="3-2", cave=22)
    fiche = replay(rules, PLAYERS, "C", [coup("A", "sans-prendre", 2, 5, 2, matadors=9)])  # nine at most (H-15)
    assert "A cannot pay and takes 3 more caves of 22, 4 in all (H-12)" in told(fiche.coups[0].log)
    # A's bête of 27 is split too at the early end (9 to each other): 1 jeton left.
    assert "A: 1 jeton - 4 caves of 22 = -87 (H-19)" in told(settle(fiche, early=True).log)


def test_a_bete_owed_to_its_owner_and_the_passed_coup_s_option_say_no_himself_and_no_internal_key():
    fiche = replay(HombreRules(system="3-2"), PLAYERS, "A", SEED_17_4)
    assert "B's bête of 108 is owed to its owner: struck out (H-13)" in told(fiche.coups[5].log)
    with pytest.raises(UserError) as refused:
        replay(HombreRules(espadille_forcee=True), PLAYERS, "A", [{"pass": True, "espadille_forcee": True}])
    assert str(refused.value) == (
        "coup 1: all three passed, then the holder of the espadille was forced to play (H-8): say it with the bids,"
        ' --bids "pass, pass, pass" --espadille-forcee --hombre NAME'
    )


def random_coup(rng):
    if rng.random() < 0.15:
        return PASS
    hombre = rng.choice(PLAYERS)
    contract = rng.choice(["demande", "sans-prendre", "retourne", "vole"])
    made = rng.choice([9, 9, 6, 5, 4, 3, 2, 1]) if contract != "vole" else rng.choice([9, 8, 5])
    first = rng.randint(0, 9 - made)
    tiers = [player for player in PLAYERS if player != hombre]
    declared = {
        "hombre": hombre,
        "contract": contract,
        "tricks": {hombre: made, tiers[0]: first, tiers[1]: 9 - made - first},
    }
    if contract != "vole" and made >= 5 and rng.random() < 0.3:
        declared["vole_engagee"] = True
    if rng.random() < 0.3:
        declared["matadors"] = rng.choice([3, 4])
    return declared


@pytest.mark.parametrize("seed", range(12))
def test_every_record_of_random_parties_has_words_that_show_each_value_and_no_he_or_his(seed):
    rng = random.Random(seed)
    rules = HombreRules(system=rng.choice(["3-2", "2-1", "3-1"]), poules=1000, cave=rng.choice([20, 200]))
    fiche = replay(rules, PLAYERS, "A", [random_coup(rng) for _ in range(60)])
    settlement = settle(fiche, early=True)
    every = [
        *(line for result in fiche.coups for line in result.log),
        *(payment.why for result in fiche.coups for payment in result.payments),
        *fiche.prepared,
        *settlement.log,
    ]
    for found in records_in(every):
        words = i18n.message(found.event)
        assert words != found.event, f"no words for {found.event}"
        assert all(f"{{{name}" in words for name in found.values), (found.event, words)
        said = render(found)
        assert not {"he", "his", "himself", "him"} & set(said.replace(",", " ").replace(":", " ").split()), said
        assert "(s)" not in said
    json.dumps(fiche.as_dict(), default=i18n.as_json)


def test_the_json_of_a_payment_and_a_bete_are_records():
    fiche = replay(HombreRules(system="3-2"), PLAYERS, "A", SEED_17_4[:2])
    data = json.loads(json.dumps(fiche.as_dict(), default=i18n.as_json))
    why = data["coups"][1]["log"][3]
    assert why["event"] == "enjeu_with_bete" and why["rule"] == "H-14"
    assert why["values"]["bete"] == {
        "rule": None,
        "event": "bete",
        "values": {"owner": "A", "amount": 27},
        "text": "A's bête of 27",
    }
    assert data["betes"][0]["status"] == "in_play"
    assert data["coups"][0]["outcome"] == "remise"


def test_every_error_and_record_key_written_in_l_hombre_s_files_has_words():
    import ast
    from pathlib import Path

    package = Path(__file__).resolve().parents[3] / "scorekeeper"
    names = ("bidding", "coup", "outcome", "money", "fiche", "settle", "__init__", "sheet", "paper")
    files = [package / "games" / "hombre" / f"{name}.py" for name in names]
    files += [package / "games" / "spadille" / f"{name}.py" for name in ("matadors", "legal")]  # shared (D-1)
    keys = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("UserError", "record", "text", "said"):
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    keys.add(("error." if node.func.id == "UserError" else "") + first.value)
    assert len(keys) > 80
    assert [key for key in sorted(keys) if i18n.message(key) == key] == []
