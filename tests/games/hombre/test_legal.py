"""L'hombre legality (RULES H-1 to H-5), hand by hand."""

from __future__ import annotations

import pytest

from scorekeeper.cards import Card, Suit
from scorekeeper.errors import UserError
from scorekeeper.games.spadille.legal import (
    is_matador,
    is_trump,
    judge,
    legal_cards,
    matadors,
    plain_order,
    suit_of,
    trick_winner,
    trump_order,
)
from scorekeeper.i18n import render

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def legal(hand: str, trick: str, trump: Suit) -> str:
    return " ".join(card.ascii for card in legal_cards(cards(hand), cards(trick), trump))


def rule_broken(hand: str, trick: str, trump: Suit, card: str) -> str | None:
    return judge(cards(hand), cards(trick), trump, Card.parse(card)).rule


# --- H-1, H-2: the order of the cards -------------------------------------------------------------


def test_h1_red_plain_order_king_queen_jack_ace_then_two_to_seven():
    assert plain_order(D) == tuple(cards("Kd Qd Jd Ad 2d 3d 4d 5d 6d 7d"))


def test_h1_black_plain_order_king_queen_jack_then_seven_to_two_without_the_ace():
    assert plain_order(C) == tuple(cards("Kc Qc Jc 7c 6c 5c 4c 3c 2c"))


def test_h1_the_black_aces_are_always_trumps():
    assert suit_of(Card.parse("Ac"), H) == H and suit_of(Card.parse("As"), D) == D
    assert is_trump(Card.parse("As"), C) and is_trump(Card.parse("Ac"), H)
    assert suit_of(Card.parse("Ah"), S) == H and not is_trump(Card.parse("Ah"), S)


def test_h2_red_trumps_espadille_manille_baste_ponte_then_king_to_six():
    assert trump_order(H) == tuple(cards("As 7h Ac Ah Kh Qh Jh 2h 3h 4h 5h 6h"))


def test_h2_black_trumps_espadille_manille_baste_then_king_to_three():
    assert trump_order(C) == tuple(cards("As 2c Ac Kc Qc Jc 7c 6c 5c 4c 3c"))
    assert trump_order(S) == tuple(cards("As 2s Ac Ks Qs Js 7s 6s 5s 4s 3s"))


def test_h2_the_matadors():
    assert matadors(D) == tuple(cards("As 7d Ac"))
    assert matadors(S) == tuple(cards("As 2s Ac"))
    assert is_matador(Card.parse("7h"), H) and not is_matador(Card.parse("7h"), D)


# --- H-5: who wins --------------------------------------------------------------------------------


def test_h5_the_highest_trump_wins():
    assert trick_winner(cards("Kh Ac Ah"), H) == 1  # the baste above the ponte
    assert trick_winner(cards("7h Ac As"), H) == 2  # the espadille above all
    assert trick_winner(cards("Kd 3h Qd"), H) == 1


def test_h5_without_trump_the_highest_card_of_the_suit_led_by_h1():
    assert trick_winner(cards("Ad 2d 7d"), S) == 0  # red: the ace above the 2 above the 7
    assert trick_winner(cards("2c 7c Kd"), H) == 1  # black: the 7 above the 2
    assert trick_winner(cards("Kc Kd Jc"), H) == 0


# --- H-3: follow suit -----------------------------------------------------------------------------


def test_h3_must_follow_suit():
    assert legal("Qc 5h 6d", "Kc", H) == "QC"
    assert rule_broken("Qc 5h 6d", "Kc", H, "6d") == "H-3"


def test_h3_the_baste_is_no_club():
    assert legal("Ac 5d", "7c", H) == "AC 5D"
    assert rule_broken("Qc Ac", "7c", H, "Ac") == "H-3"


def test_h3_no_obligation_to_go_over():
    assert legal("Kd 6d 5h", "5d", H) == "KD 6D"


def test_h3_no_obligation_to_trump():
    assert legal("5h 6c", "Kd", H) == "5H 6C"


def test_h3_trump_led_must_be_followed_with_a_trump():
    assert legal("Kh 6c", "5h", H) == "KH"
    assert rule_broken("Kh 6c", "5h", H, "6c") == "H-3"


def test_h3_trump_led_any_trump_no_obligation_to_go_over():
    assert legal("6h Ah 2c", "Kh", H) == "6H AH"


def test_h3_the_espadille_led_is_a_trump_lead():
    assert legal("6h 2c", "As", H) == "6H"


# --- H-4: the matador privilege -------------------------------------------------------------------


def test_h4_a_lone_matador_is_not_forced_by_an_ordinary_trump_lead():
    assert legal("Ac 6c", "Kh", H) == "AC 6C"
    assert legal("As 6c", "5h", H) == "AS 6C"


def test_h4_an_ordinary_trump_lead_may_be_answered_with_a_matador():
    assert legal("Ac Kh 6c", "5h", H) == "AC KH"


def test_h4_a_lone_baste_is_forced_by_the_manille_led():
    assert legal("Ac 6c", "7h", H) == "AC"
    assert rule_broken("Ac 6c", "7h", H, "6c") == "H-4"


def test_h4_espadille_and_baste_against_a_manille_lead_either_matador_no_discard():
    assert legal("As Ac 6c", "7h", H) == "AS AC"
    assert rule_broken("As Ac 6c", "7h", H, "6c") == "H-4"
    assert rule_broken("As Ac 6c", "7h", H, "As") is None


def test_h4_a_matador_led_asks_any_trump_from_a_holder_of_ordinary_trumps():
    assert legal("Ac 2h 6c", "As", H) == "AC 2H"
    assert rule_broken("Ac 2h 6c", "As", H, "6c") == "H-3"


def test_h4_the_espadille_led_forces_a_lone_manille():
    assert legal("7d 6c", "As", D) == "7D"
    assert legal("2s 6c", "As", S) == "2S"


def test_h4_the_baste_forces_nothing():
    assert legal("As 6c", "Ac", H) == "AS 6C"
    assert legal("7h 6c", "Ac", H) == "7H 6C"


def test_h4_a_matador_not_forced_lets_its_holder_play_any_card():
    assert legal("As 6c 5d", "7h", H) == "AS 6C 5D"


def test_h4_a_matador_played_second_forces_nothing():
    assert legal("Ac 6c", "Kh As", H) == "AC 6C"
    assert legal("Ac 6c", "Kh 7h", H) == "AC 6C"


def test_h4_explanation_names_the_matador_led_and_the_matadors_held():
    verdict = judge(cards("Ac 6c"), cards("7h"), H, Card.parse("6c"))
    assert render(verdict.explanation) == (
        "6♣ is a renonce: the manille 7♥ led forces a lower matador from a hand without ordinary trumps:"
        " must play A♣ (H-4)"
    )
    free = judge(cards("Ac 6c"), cards("Kh"), H)
    assert render(free.explanation) == "K♥ is an ordinary trump: it forces no matador (A♣), any card (H-4)"


def test_judge_refuses_a_card_not_in_the_hand_or_the_deck_and_a_full_trick():
    with pytest.raises(UserError, match="K♥ is not in the hand"):
        judge(cards("Ac 6c"), cards("7h"), H, Card.parse("Kh"))
    with pytest.raises(UserError, match="10♥ .in the hand. is not in the hombre deck"):
        judge(cards("10h 6c"), cards("7h"), H)
    with pytest.raises(UserError, match="already holds 3 cards"):
        judge(cards("6c"), cards("7h Kh 2h"), H)
