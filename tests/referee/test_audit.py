"""The audit of a coup from its trick log (RULES P-10, M-1 to M-3, H-3 to H-5), and random deals."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorekeeper.cards import Card, Rank, Suit
from scorekeeper.errors import UserError
from scorekeeper.games import load
from scorekeeper.games.manille import legal as manille
from scorekeeper.games.manille.deck import MANILLE
from scorekeeper.games.manille.referee import audit_manille, face_down
from scorekeeper.games.spadille import legal as hombre
from scorekeeper.games.spadille.deck import HOMBRE
from scorekeeper.games.spadille.referee import audit_hombre
from scorekeeper.i18n import as_json, render
from scorekeeper.referee import Relation

MUETTE = load("manille-muette").rules
PLAYERS = ("Ana", "Brun", "César", "Dédé")


def partners(one: str, other: str) -> bool:
    """Ana and César against Brun and Dédé."""
    return PLAYERS.index(one) % 2 == PLAYERS.index(other) % 2


def log(*tricks: str) -> list[list[Card]]:
    return [[Card.parse(word) for word in trick.split()] for trick in tricks]


# Trump ♠, Ana leads. At trick 3 Brun discards 8♣ on Ana's 7♥ while holding 9♥ (played at trick 6).
COUP = log(
    "10d 7d 8d 9d",  # Ana leads, wins
    "Ad Jd Qd Kd",  # Ana
    "7h 8c 10h Jh",  # Ana leads; Brun's renonce; César wins
    "10c Jc 7c Qc",  # César
    "Ac Kc 9c 7s",  # César leads; Brun trumps
    "9h 10s Qh Kh",  # Brun leads; César trumps
    "As Qs Js 8s",  # César
    "Ks 8h Ah 9s",  # César
)


def audit_coup(tricks: Sequence[Sequence[Card]], rules=MUETTE):
    return audit_manille(PLAYERS, "Ana", Suit.SPADES, tricks, rules, partners)


# --- manille logs ---------------------------------------------------------------------------------


def test_p10_a_discard_is_proven_by_the_suit_card_played_later():
    result = audit_coup(COUP)
    assert len(result.renonces) == 1
    renonce = result.renonces[0]
    assert (renonce.trick, renonce.player, renonce.card, renonce.rule) == (3, "Brun", Card.parse("8c"), "P-3")
    assert renonce.legal_cards == (Card.parse("9h"),)
    assert (
        render(renonce.proof)
        == "Brun discarded 8♣ on a ♥ lead at trick 3 while holding 9♥, which the same hand played at trick 6 (P-3)"
    )


def test_m3_the_log_gives_winners_leaders_and_points():
    result = audit_coup(COUP)
    assert [trick.leader for trick in result.tricks] == "Ana Ana Ana César César Brun César César".split()
    assert [trick.winner for trick in result.tricks] == "Ana Ana César César Brun César César César".split()
    assert [trick.points for trick in result.tricks] == [6, 11, 7, 9, 8, 11, 8, 8]
    assert result.points == {"Ana": 17, "Brun": 8, "César": 43, "Dédé": 0}
    assert result.tricks_won == {"Ana": 2, "Brun": 1, "César": 5, "Dédé": 0}
    assert sum(result.points.values()) == MUETTE.total == 68
    assert result.tricks[5].cards == tuple(zip(("Brun", "César", "Dédé", "Ana"), log("9h 10s Qh Kh")[0], strict=True))
    assert result.complete and result.unknown == ()


def test_m2_without_trick_points_a_coup_makes_60():
    belgian = MUETTE.changed(trick_points=0)
    assert sum(audit_coup(COUP, belgian).points.values()) == 60


def test_p10_the_renonce_of_a_partial_log_is_proven_once_the_card_is_shown():
    result = audit_coup(COUP[:6])
    assert [(r.trick, r.player, r.rule) for r in result.renonces] == [(3, "Brun", "P-3")]
    assert not result.complete


def test_p10_a_partial_log_cannot_prove_what_it_does_not_show():
    result = audit_coup(COUP[:3])
    assert result.renonces == ()
    assert [(u.trick, u.player, u.card, u.rule) for u in result.unknown] == [(3, "Brun", Card.parse("8c"), "P-3")]
    assert render(result.unknown[0].note) == (
        "Brun discarded 8♣ on a ♥ lead at trick 3: not proven, the log does not show the whole hand;"
        " it was a renonce if the hand held 8♥, 9♥, Q♥, K♥ or A♥ (P-3);"
        " or 7♠, 8♠, 9♠, 10♠, J♠, Q♠, K♠ or A♠ (P-5)"
    )
    assert render(result.notes[0]).startswith("partial log: 3 of 8 tricks")
    assert result.points == {"Ana": 17, "Brun": 0, "César": 7, "Dédé": 0}


def test_p5_the_proof_names_the_master_card():
    # Dédé holds 7♠ at trick 1 yet discards 8♣ under Ana's 10♦ (he trumps with it at trick 2).
    tricks = log("10d 7d 9d 8c", "Ad Jd Qd 7s")
    result = audit_coup(tricks)
    assert [(r.trick, r.player, r.rule) for r in result.renonces] == [(1, "Dédé", "P-5")]
    assert render(result.renonces[0].proof) == (
        "Dédé discarded 8♣ on a ♦ lead at trick 1, where Ana's 10♦ was master, while holding 7♠,"
        " which the same hand played at trick 2 (P-5)"
    )


def test_p6_the_audit_reads_the_undertrump_setting():
    # Ana leads K♥; César trumps with 9♠; Dédé, void, under-trumps with 7♠ while holding 8♣ (trick 2).
    tricks = log("Kh 7h 9s 7s", "10d 8c Jd 7d")
    assert audit_manille(PLAYERS, "Ana", Suit.SPADES, tricks, MUETTE, partners).renonces == ()
    strict = MUETTE.changed(undertrump="only-if-no-other")
    renonces = audit_manille(PLAYERS, "Ana", Suit.SPADES, tricks, strict, partners).renonces
    assert [(r.trick, r.player, r.card, r.rule) for r in renonces] == [(1, "Dédé", Card.parse("7s"), "P-6")]
    assert render(renonces[0].proof).startswith(
        "Dédé under-trumped with 7♠ on a ♥ lead at trick 1, where César's 9♠ was master,"
    )


def test_p10_as_dict_is_json_ready_with_ascii_cards():
    data = as_json(audit_coup(COUP).as_dict())
    assert data["tricks"][0] == {
        "number": 1,
        "leader": "Ana",
        "cards": [
            {"player": "Ana", "card": "10D"},
            {"player": "Brun", "card": "7D"},
            {"player": "César", "card": "8D"},
            {"player": "Dédé", "card": "9D"},
        ],
        "winner": "Ana",
        "points": 6,
    }
    assert data["renonces"] == [
        {
            "trick": 3,
            "player": "Brun",
            "card": "8C",
            "rule": "P-3",
            "proof": data["renonces"][0]["proof"],
            "legal_cards": ["9H"],
        }
    ]
    proof = data["renonces"][0]["proof"]
    assert (proof["rule"], proof["event"]) == ("P-3", "proof.renonce")
    assert (
        proof["text"]
        == "Brun discarded 8C on a hearts lead at trick 3 while holding 9H, which the same hand played at trick 6 (P-3)"
    )
    assert data["points"] == {"Ana": 17, "Brun": 8, "César": 43, "Dédé": 0}
    assert data["complete"] is True


# --- inconsistent logs ----------------------------------------------------------------------------


def test_m3_a_card_twice_is_refused_with_both_places():
    tricks = log("10d 7d 8d 9d", "Ad 10d Qd Kd")
    with pytest.raises(UserError, match="10♦ is played twice: by Ana at trick 1 and by Brun at trick 2"):
        audit_coup(tricks)


def test_m3_a_trick_of_the_wrong_size_is_refused_with_its_number():
    with pytest.raises(UserError, match="trick 2 has 3 cards: a trick has 4"):
        audit_coup(log("10d 7d 8d 9d", "Ad Jd Qd"))


def test_m3_more_tricks_than_a_deal_is_refused():
    with pytest.raises(UserError, match="9 tricks given: a deal has only 8"):
        audit_coup([*COUP, *log("7h 8h 9h 10h")])


def test_m3_a_card_outside_the_deck_is_refused_with_its_place():
    tricks = [[Card(Rank.SIX, Suit.HEARTS), *log("7d 8d 9d")[0]]]
    with pytest.raises(UserError, match="trick 1: 6♥, played by Ana, is not in the manille deck"):
        audit_coup(tricks)


def test_m3_the_table_must_match_the_ruleset():
    with pytest.raises(UserError, match="the leader 'Zoé' is not one of the players"):
        audit_manille(PLAYERS, "Zoé", Suit.SPADES, COUP, MUETTE, partners)
    with pytest.raises(UserError, match=r"this ruleset plays 4 hands \(morts included\), 3 given"):
        audit_manille(PLAYERS[:3], "Ana", Suit.SPADES, COUP, MUETTE, partners)
    with pytest.raises(UserError, match="'Ana' is named twice"):
        audit_manille(("Ana", "Brun", "Ana", "Dédé"), "Ana", Suit.SPADES, COUP, MUETTE, partners)


# --- hombre logs ----------------------------------------------------------------------------------


def test_h4_the_audit_proves_a_forced_baste_kept_back():
    # Trump ♥. Xavier leads the manille; Yves, with the lone baste, discards 5♣ and trumps with it later.
    tricks = log("7h 5c 4h", "Kd Ac Qd")
    result = audit_hombre(("Xavier", "Yves", "Zoé"), "Xavier", Suit.HEARTS, tricks)
    assert [(r.trick, r.player, r.card, r.rule) for r in result.renonces] == [(1, "Yves", Card.parse("5c"), "H-4")]
    assert render(result.renonces[0].proof) == (
        "Yves discarded 5♣ on a trump (♥) lead at trick 1, where Xavier led the manille 7♥, while holding A♣,"
        " which the same hand played at trick 2 (H-4)"
    )
    assert [trick.winner for trick in result.tricks] == ["Xavier", "Yves"]
    assert result.tricks_won == {"Xavier": 1, "Yves": 1, "Zoé": 0}
    assert result.points == {"Xavier": 0, "Yves": 0, "Zoé": 0}
    # The baste on a ♦ lead is legal with the cards shown, a renonce had Yves kept a ♦ back.
    assert [(u.trick, u.player, u.rule) for u in result.unknown] == [(2, "Yves", "H-3")]


def test_h3_the_proof_names_every_card_of_the_suit_held_and_where_it_was_played():
    # Trump ♥. Yves discards 5♦ on Xavier's K♣ while holding Q♣ and 7♣, played at tricks 2 and 3.
    tricks = log("Kc 5d 4c", "2c Qc 3c", "7c 6c 5c")
    result = audit_hombre(("Xavier", "Yves", "Zoé"), "Xavier", Suit.HEARTS, tricks)
    assert [render(renonce.proof) for renonce in result.renonces] == [
        "Yves discarded 5♦ on a ♣ lead at trick 1 while holding Q♣ and 7♣, which the same hand played at tricks 2 and 3 (H-3)"
    ]
    assert [trick.winner for trick in result.tricks] == ["Xavier", "Yves", "Yves"]
    assert result.unknown == ()


def test_h3_an_hombre_log_is_three_players_and_nine_tricks():
    with pytest.raises(UserError, match="4 players given: this game is played by 3"):
        audit_hombre(PLAYERS, "Ana", Suit.HEARTS, [])
    with pytest.raises(UserError, match="10♥, played by Xavier, is not in the hombre deck"):
        audit_hombre(("Xavier", "Yves", "Zoé"), "Xavier", Suit.HEARTS, log("10h 5c 4h"))
    with pytest.raises(UserError, match="10 tricks given: a deal has only 9"):
        audit_hombre(("Xavier", "Yves", "Zoé"), "Xavier", Suit.HEARTS, log(*["7h 5c 4h"] * 10))


# --- random deals ---------------------------------------------------------------------------------

Earlier = list[tuple[str, Card]]
Legal = Callable[[list[Card], Earlier, str], tuple[Card, ...]]


@dataclasses.dataclass(frozen=True)
class Swap:
    """The one illegal card played in a deal, and what the referee says of it."""

    trick: int
    player: str
    card: Card
    rule: str
    legal_cards: tuple[Card, ...]


def play(
    players: Sequence[str],
    hands: dict[str, list[Card]],
    leader: str,
    winner: Callable[[Sequence[Card]], int],
    legal: Legal,
    judge: Callable[[list[Card], Earlier, str, Card], str | None],
    seed: int,
    swap_turn: int | None = None,
) -> tuple[list[list[Card]], list[int], Swap | None]:
    """Play a deal, a random legal card each turn, except an illegal one at turn `swap_turn`.

    Returns the log, the turns where an illegal card existed, and the swap made. The same seed
    replays the same cards up to the swap.
    """
    rng = random.Random(seed)
    hands = {player: list(hand) for player, hand in hands.items()}
    tricks, illegal_turns, swap = [], [], None
    lead, turn = players.index(leader), 0
    for number in range(1, len(hands[leader]) + 1):
        earlier: Earlier = []
        for player in (*players[lead:], *players[:lead]):
            hand = hands[player]
            allowed = legal(hand, earlier, player)
            wrong = [card for card in hand if card not in allowed]
            if wrong:
                illegal_turns.append(turn)
            if turn == swap_turn:
                card = rng.choice(wrong)
                verdict = judge(hand, earlier, player, card)
                swap = Swap(number, player, card, verdict.rule, verdict.legal_cards)
            else:
                card = rng.choice(allowed)
            hand.remove(card)
            earlier.append((player, card))
            turn += 1
        tricks.append([card for _, card in earlier])
        lead = (lead + winner(tricks[-1])) % len(players)
    return tricks, illegal_turns, swap


def deal(deck: Sequence[Card], players: Sequence[str], size: int, seed: int) -> dict[str, list[Card]]:
    cards = list(deck)
    random.Random(seed).shuffle(cards)
    return {player: cards[place * size : (place + 1) * size] for place, player in enumerate(players)}


def _manille_deal(seed: int, trump: Suit | None, undertrump: str, data: st.DataObject) -> None:
    rules = MUETTE.changed(undertrump=undertrump)
    leader = PLAYERS[seed % 4]
    hands = deal(MANILLE.cards, PLAYERS, 8, seed)

    def seen(earlier: Earlier, player: str) -> list[tuple[Relation, Card]]:
        return [(Relation.PARTNER if partners(who, player) else Relation.OPPONENT, card) for who, card in earlier]

    def legal(hand: list[Card], earlier: Earlier, player: str) -> tuple[Card, ...]:
        return manille.legal_cards(hand, seen(earlier, player), trump, rules)

    def judge(hand: list[Card], earlier: Earlier, player: str, card: Card):
        return manille.judge(hand, seen(earlier, player), trump, rules, card)

    def winner(cards: Sequence[Card]) -> int:
        return manille.trick_winner(cards, trump, rules)

    tricks, illegal_turns, _ = play(PLAYERS, hands, leader, winner, legal, judge, seed)
    result = audit_manille(PLAYERS, leader, trump, tricks, rules, partners)
    assert result.renonces == () and result.unknown == () and result.complete
    assert sum(result.points.values()) == rules.total == 68
    assert sum(result.tricks_won.values()) == 8
    cut = data.draw(st.integers(1, 7), label="tricks kept")
    assert audit_manille(PLAYERS, leader, trump, tricks[:cut], rules, partners).renonces == ()

    assume(illegal_turns)
    swap_turn = data.draw(st.sampled_from(illegal_turns), label="turn of the illegal card")
    tricks, _, swap = play(PLAYERS, hands, leader, winner, legal, judge, seed, swap_turn)
    result = audit_manille(PLAYERS, leader, trump, tricks, rules, partners)
    assert [(r.trick, r.player, r.card, r.rule, set(r.legal_cards)) for r in result.renonces] == [
        (swap.trick, swap.player, swap.card, swap.rule, set(swap.legal_cards))
    ]


def _hombre_deal(seed: int, trump: Suit, data: st.DataObject) -> None:
    players = ("Xavier", "Yves", "Zoé")
    leader = players[seed % 3]
    hands = deal(HOMBRE.cards, players, 9, seed)

    def legal(hand: list[Card], earlier: Earlier, player: str) -> tuple[Card, ...]:
        return hombre.legal_cards(hand, [card for _, card in earlier], trump)

    def judge(hand: list[Card], earlier: Earlier, player: str, card: Card):
        return hombre.judge(hand, [card for _, card in earlier], trump, card)

    def winner(cards: Sequence[Card]) -> int:
        return hombre.trick_winner(cards, trump)

    tricks, illegal_turns, _ = play(players, hands, leader, winner, legal, judge, seed)
    result = audit_hombre(players, leader, trump, tricks)
    assert result.renonces == () and result.unknown == () and result.complete
    assert sum(result.tricks_won.values()) == 9 and set(result.points.values()) == {0}
    cut = data.draw(st.integers(1, 8), label="tricks kept")
    assert audit_hombre(players, leader, trump, tricks[:cut]).renonces == ()

    assume(illegal_turns)
    swap_turn = data.draw(st.sampled_from(illegal_turns), label="turn of the illegal card")
    tricks, _, swap = play(players, hands, leader, winner, legal, judge, seed, swap_turn)
    result = audit_hombre(players, leader, trump, tricks)
    assert [(r.trick, r.player, r.card, r.rule, set(r.legal_cards)) for r in result.renonces] == [
        (swap.trick, swap.player, swap.card, swap.rule, set(swap.legal_cards))
    ]


seeds = st.integers(0, 2**32 - 1)
manille_deals = given(
    seed=seeds,
    trump=st.sampled_from([*Suit, None]),
    undertrump=st.sampled_from(["free", "only-if-no-other"]),
    data=st.data(),
)
hombre_deals = given(seed=seeds, trump=st.sampled_from(list(Suit)), data=st.data())


@settings(max_examples=200, deadline=None)
@manille_deals
def test_p10_random_legal_manille_deals_are_cleared_and_one_illegal_card_is_caught(seed, trump, undertrump, data):
    _manille_deal(seed, trump, undertrump, data)


@settings(max_examples=200, deadline=None)
@hombre_deals
def test_h3_h4_random_legal_hombre_deals_are_cleared_and_one_illegal_card_is_caught(seed, trump, data):
    _hombre_deal(seed, trump, data)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None)
@manille_deals
def test_p10_thousands_of_random_manille_deals(seed, trump, undertrump, data):
    _manille_deal(seed, trump, undertrump, data)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None)
@hombre_deals
def test_h3_h4_thousands_of_random_hombre_deals(seed, trump, data):
    _hombre_deal(seed, trump, data)


# --- every play of a log, as the referee judges one play ------------------------------------------

# Two, three and four seats: teams, a mort, two morts, one against the rest, each for himself.
SYSTEMS = ("manille-muette", "manille-a-deux", "manille-a-trois", "manille-whisthub", "manillen-2", "manillen-3")


def _cheating_deal(rng: random.Random, players: Sequence[str], leader: str, trump: Suit | None, rules, partners, cheat):
    """A deal played out, each player playing any card of his hand at a rate of `cheat`, else a legal one."""
    hands = deal(MANILLE.cards, players, rules.tricks, rng.randrange(2**32))
    tricks, lead = [], players.index(leader)
    for _ in range(rules.tricks):
        earlier: Earlier = []
        for player in (*players[lead:], *players[:lead]):
            seen = [(Relation.PARTNER if partners(who, player) else Relation.OPPONENT, c) for who, c in earlier]
            legal = manille.legal_cards(hands[player], seen, trump, rules)
            card = rng.choice(hands[player] if rng.random() < cheat else legal)
            hands[player].remove(card)
            earlier.append((player, card))
        tricks.append([card for _, card in earlier])
        lead = players.index(earlier[manille.trick_winner(tricks[-1], trump, rules)][0])
    return tricks


def _judged_play_by_play(players: Sequence[str], leader: str, trump: Suit | None, tricks, rules, partners, down=None):
    """What the audit must find (P-10), asked of `legal_cards` and `judge` at every play: the renonces
    proven, the plays of a partial log that an unseen card would make renonces, and those it clears.

    P-11: a seat in `down` has that many table cards lying face down, and no layout is given: any card
    it plays later may have lain face down, so none proves a renonce alone; the play stays unknown unless
    the seat played later more legal alternatives than could still lie face down (a face-down card is
    played after its cover: of the plays its hand could not have made, at least half were covers)."""
    logged, lead = [], players.index(leader)
    for cards in tricks:
        logged.append(list(zip((*players[lead:], *players[:lead]), cards, strict=True)))
        lead = players.index(logged[-1][manille.trick_winner(cards, trump, rules)][0])
    plays = {player: [card for pairs in logged for who, card in pairs if who == player] for player in players}
    shown = {card for cards in tricks for card in cards}
    unseen = [] if len(tricks) == rules.tricks else [card for card in MANILLE.cards if card not in shown]
    renonces, unknown, cleared, down = [], [], [], down or {}
    for index, pairs in enumerate(logged):
        for place, (player, card) in enumerate(pairs):
            hand = plays[player][index:]
            seen = [(Relation.PARTNER if partners(who, player) else Relation.OPPONENT, c) for who, c in pairs[:place]]
            if place and len(hand) > 1 and card not in manille.legal_cards(hand, seen, trump, rules):
                verdict = manille.judge(hand, seen, trump, rules, card)
                alternatives = [c for c in hand if card not in manille.legal_cards([card, c], seen, trump, rules)]
                covers = -(-max(0, index - (rules.tricks - 2 * down.get(player, 0))) // 2)
                if player in down and len(alternatives) <= down[player] - covers:
                    unknown.append((index + 1, player, card, verdict.rule))
                else:
                    renonces.append((index + 1, player, card, verdict.rule, verdict.legal_cards))
            elif place and unseen and card not in manille.legal_cards(hand + unseen, seen, trump, rules):
                unknown.append((index + 1, player, card, manille.judge(hand + unseen, seen, trump, rules, card).rule))
            elif place and unseen:  # a partial log clears a play that a card seen elsewhere would condemn
                gone = [c for c in shown if c not in hand and c not in {c for _, c in pairs[:place]}]
                if card not in manille.legal_cards(hand + gone, seen, trump, rules):
                    cleared.append((index + 1, player, card))
    return renonces, unknown, cleared


def _every_play(seed: int, system: str, undertrump: str, trump: Suit | None, cheat: float, shown: int) -> None:
    rules = load(system).rules.changed(undertrump=undertrump)
    rng = random.Random(seed)
    players = tuple(f"seat {place}" for place in range(rules.seats))
    side = {player: rng.randrange(rules.seats) for player in players}  # P-7: any seating of the camps

    def partners(one: str, other: str) -> bool:
        return side[one] == side[other]

    leader = rng.choice(players)
    tricks = _cheating_deal(rng, players, leader, trump, rules, partners, cheat)[:shown]
    result = audit_manille(players, leader, trump, tricks, rules, partners)
    cards_down = face_down(rules, players)  # P-11: the découverte's and the morts' table cards
    down = {} if cards_down is None else {seat: count for seat, count in cards_down.down.items() if count}
    renonces, unknown, cleared = _judged_play_by_play(players, leader, trump, tricks, rules, partners, down)
    assert [(r.trick, r.player, r.card, r.rule, r.legal_cards) for r in result.renonces] == renonces
    assert [(u.trick, u.player, u.card, u.rule) for u in result.unknown] == unknown
    assert [(c.trick, c.player, c.card) for c in result.cleared] == cleared


every_play = given(
    seed=seeds,
    system=st.sampled_from(SYSTEMS),
    undertrump=st.sampled_from(["free", "only-if-no-other"]),
    trump=st.sampled_from([*Suit, None]),
    cheat=st.sampled_from([0.0, 0.1, 0.3, 1.0]),
    shown=st.integers(0, 16),
)


@settings(max_examples=200, deadline=None)
@every_play
def test_p3_to_p10_the_audit_judges_every_play_of_a_log_as_legal_cards_does(
    seed, system, undertrump, trump, cheat, shown
):
    _every_play(seed, system, undertrump, trump, cheat, shown)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None)
@every_play
def test_p3_to_p10_thousands_of_logs_judged_play_by_play(seed, system, undertrump, trump, cheat, shown):
    _every_play(seed, system, undertrump, trump, cheat, shown)
