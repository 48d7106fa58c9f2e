"""T-8: every partie the engine plays to its end is one a paper result may say, and nothing past it:
the bounds of `partie.paper_result` hold every real partie (hypothesis plays them), in muette (manches
of 34, a belle of 44, retournes), Whisthub (one manche of 101, calls to x4) and manillen (20 deals)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.errors import UserError
from scorekeeper.games import load, manille
from scorekeeper.games.manille.partie import most_in_a_coup, paper_result

PLAYERS = ["A", "B", "C", "D"]
CARDS = [f"{rank}{suit}" for rank in ("7", "8", "9", "J", "Q", "K", "A", "10") for suit in "SHDC"]


def coups(name: str):
    """A coup as the table says it in `name`: a retourne or a trump, calls, one side's points, or a renonce."""
    points = st.integers(0, 68 if name == "manille-muette" else 60)
    side = st.sampled_from(PLAYERS)
    if name == "manille-muette":
        one_side = st.dictionaries(side, points, min_size=1, max_size=1)
        said = st.fixed_dictionaries({"retourne": st.sampled_from(CARDS), "points": one_side})
        renonce = st.fixed_dictionaries({"retourne": st.sampled_from(CARDS), "renonce": side})
    else:
        trump = st.sampled_from(["H", "S", "D", "C", "SA"])
        said = st.fixed_dictionaries({"trump": trump, "points": st.dictionaries(side, points, min_size=1, max_size=1)})
        renonce = st.fixed_dictionaries({"trump": trump, "renonce": side})
    return st.one_of(said, said, said, renonce)


def outcome(name: str, said: list[dict]):
    """The partie played coup by coup to its end (None if it did not end), as the summary counts it."""
    ruleset = load(name)
    engine = manille.ENGINE
    state = engine.start(ruleset, PLAYERS, "A")
    for coup in said:
        try:
            state = engine.advance(state, coup)
        except UserError:  # a coup this partie refuses (a quota, a call): the table says another
            continue
        fiche = engine.fiche(state)
        if fiche.over:
            return ruleset.rules, fiche
    return None


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["manille-muette", "manille-whisthub", "manillen"]).flatmap(
    lambda name: st.tuples(st.just(name), st.lists(coups(name), min_size=20, max_size=80))))  # fmt: skip
def test_t8_every_partie_played_to_its_end_is_a_result_paper_may_give(played) -> None:
    name, said = played
    ended = outcome(name, said)
    if ended is None:
        return
    rules, fiche = ended
    data = fiche.as_dict()
    points = tuple(sum(coup["scored"][side] for coup in data["coups"]) for side in (0, 1))
    manches = tuple(side["manches"] for side in data["sides"])
    winner = data["winner"]
    won = (0.5, 0.5) if not winner else tuple(float(side["players"] == winner) for side in data["sides"])
    paper_result(rules, won, manches, points)  # never refused


def test_t8_the_most_a_deal_scores_is_the_coup_s_and_the_retourne_s() -> None:
    assert most_in_a_coup(load("manille-muette").rules) == 34 + 5  # 68 - 34, and the 10's 5 points (M-5)
    assert most_in_a_coup(load("manille-whisthub").rules) == 30 * 4  # never more than x4 (seed 003)
