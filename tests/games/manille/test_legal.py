"""Manille legality (RULES P-1 to P-10), hand by hand."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cards import Card, Rank, Suit
from scorekeeper.errors import UserError
from scorekeeper.games import load
from scorekeeper.games.manille import ManilleRules
from scorekeeper.games.manille.deck import MANILLE
from scorekeeper.games.manille.legal import check_position, illegal_plays, judge, legal_cards, trick_winner
from scorekeeper.i18n import render
from scorekeeper.referee import Relation

FREE = load("manille-muette").rules
STRICT = FREE.changed(undertrump="only-if-no-other")
S, H = Suit.SPADES, Suit.HEARTS


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def table(text: str) -> list[tuple[Relation, Card]]:
    """`O:Kh P:9s`: each card already played, with its player's relation to the one about to play."""
    relations = {"O": Relation.OPPONENT, "P": Relation.PARTNER}
    return [(relations[word[0]], Card.parse(word[2:])) for word in text.split()]


def legal(hand: str, trick: str, trump: Suit | None, rules=FREE) -> str:
    return " ".join(card.ascii for card in legal_cards(cards(hand), table(trick), trump, rules))


def rule_broken(hand: str, trick: str, trump: Suit | None, card: str, rules=FREE) -> str | None:
    return judge(cards(hand), table(trick), trump, rules, Card.parse(card)).rule


# --- P-1, P-2: who wins ---------------------------------------------------------------------------


def test_p1_the_manille_beats_the_manillon_which_beats_the_king():
    assert trick_winner(cards("Ah Kh 10h Qh"), S, FREE) == 2
    assert trick_winner(cards("Kh Ah Qh Jh"), S, FREE) == 1


def test_p1_below_the_jack_9_8_7():
    assert trick_winner(cards("7h 9h 8h Jh"), S, FREE) == 3
    assert trick_winner(cards("7h 8h 9h"), S, FREE) == 2


def test_p2_the_highest_trump_wins():
    assert trick_winner(cards("10h 7s Ah 9s"), S, FREE) == 3


def test_p2_without_trump_the_highest_card_of_the_suit_led_wins():
    assert trick_winner(cards("Kh 10c Ah 10d"), S, FREE) == 2


def test_p2_a_card_of_another_plain_suit_never_wins():
    assert trick_winner(cards("7h 10c Ad 10d"), S, FREE) == 0


def test_p8_sans_atout_no_card_trumps():
    assert trick_winner(cards("9h 10s Ah 10c"), None, FREE) == 2


# --- P-3 follow suit ------------------------------------------------------------------------------


def test_p3_must_follow_suit():
    assert legal("9h 8c 7s", "O:Kh", S) == "9H"
    assert rule_broken("9h 8c 7s", "O:Kh", S, "8c") == "P-3"


def test_p3_follow_suit_comes_before_trumping():
    assert rule_broken("9h 8c 7s", "O:Kh", S, "7s") == "P-3"


def test_p3_holds_for_a_follower_whose_partner_is_master():
    assert legal("7h 10c", "O:9h P:Ah", S) == "7H"


def test_p3_explanation_names_the_suit_and_the_cards_held():
    verdict = judge(cards("9h 8c"), table("O:Kh"), S, FREE, Card.parse("8c"))
    assert render(verdict.explanation) == "8♣ is a renonce: must follow ♥: holds 9♥ (P-3)"
    assert verdict.legal is False and verdict.legal_cards == tuple(cards("9h"))


# --- P-4 go over ----------------------------------------------------------------------------------


def test_p4_must_go_over_an_opponents_card():
    assert legal("9h Ah 10h 8c", "O:Kh", S) == "AH 10H"
    assert rule_broken("9h Ah 10h 8c", "O:Kh", S, "9h") == "P-4"


def test_p4_goes_over_the_master_card_not_the_card_led():
    assert legal("10h Qh Jh", "O:9h P:Kh O:Ah", S) == "10H"


def test_p4_without_a_higher_card_any_card_of_the_suit():
    assert legal("9h 8h 7c", "O:Kh", S) == "9H 8H"


def test_p4_when_an_opponent_has_trumped_any_card_of_the_suit_is_enough():
    assert legal("9h Ah 7c", "P:Kh O:7s", S) == "9H AH"
    assert rule_broken("9h Ah 7c", "P:Kh O:7s", S, "9h") is None


# --- P-5 trump, over-trump ------------------------------------------------------------------------


def test_p5_void_must_trump_when_an_opponent_is_master():
    assert legal("7s Ks 8c", "O:Kh", S) == "7S KS"
    assert rule_broken("7s Ks 8c", "O:Kh", S, "8c") == "P-5"


def test_p5_must_overtrump_an_opponents_trump():
    assert legal("7s Ks 8c", "O:Kh P:Ah O:9s", S) == "KS"
    assert rule_broken("7s Ks 8c", "O:Kh P:Ah O:9s", S, "7s") == "P-5"
    assert rule_broken("7s Ks 8c", "O:Kh P:Ah O:9s", S, "8c") == "P-5"


def test_p5_explanation_names_the_trump_to_beat():
    verdict = judge(cards("7s Ks 8c"), table("O:Kh P:Ah O:9s"), S, FREE, Card.parse("8c"))
    assert render(verdict.explanation) == "8♣ is a renonce: must over-trump the opponent's 9♠: holds K♠ (P-5)"


def test_p5_applies_when_the_opponent_is_master_after_the_partner_led():
    assert legal("7s 8c", "P:Ah O:10h", S) == "7S"


# --- P-6 under-trump ------------------------------------------------------------------------------


def test_p6_free_a_player_who_cannot_become_master_plays_any_card():
    assert legal("7s 8c", "O:Kh P:7h O:As", S) == "7S 8C"
    assert rule_broken("7s 8c", "O:Kh P:7h O:As", S, "7s") is None


def test_p6_only_if_no_other_discards_rather_than_undertrumps():
    assert legal("7s 8c", "O:Kh P:7h O:As", S, STRICT) == "8C"
    assert rule_broken("7s 8c", "O:Kh P:7h O:As", S, "7s", STRICT) == "P-6"


def test_p6_only_if_no_other_undertrumps_when_holding_only_lower_trumps():
    assert legal("7s 8s", "O:Kh P:7h O:As", S, STRICT) == "7S 8S"


def test_p6_only_if_no_other_partner_trump_may_be_overtrumped_never_undertrumped():
    assert legal("7s As 8c", "O:Kh P:9s", S, STRICT) == "AS 8C"
    assert rule_broken("7s As 8c", "O:Kh P:9s", S, "7s", STRICT) == "P-6"
    assert legal("7s As 8c", "O:Kh P:9s", S) == "7S AS 8C"


def test_p6_only_if_no_other_a_higher_trump_is_the_other_card():
    assert legal("7s As", "O:Kh P:9s", S, STRICT) == "AS"


def test_p6_only_if_no_other_does_not_touch_a_trump_lead():
    assert legal("7s 8s 8c", "O:Ks", S, STRICT) == "7S 8S"
    assert legal("7s As 8c", "P:Ks", S, STRICT) == "7S AS"


def test_p6_only_if_no_other_needs_a_trump_in_the_trick():
    assert legal("7s 8c", "O:Kh P:Ah", S, STRICT) == "7S 8C"


def test_p6_explanation_names_the_trump_and_the_other_cards():
    verdict = judge(cards("7s 8c"), table("P:Kh O:9s"), S, STRICT, Card.parse("7s"))
    assert render(verdict.explanation) == "7♠ is a renonce: may not under-trump 9♠ while holding 8♣ (P-6)"


def test_p6_p7_under_a_partners_trump_the_explanation_says_it_is_the_partners_and_still_barred():
    # The answer a muette player gives, P-7 (partner master: trump or discard freely), is met in the words.
    verdict = judge(cards("7s 8c"), table("O:Kh P:9s"), S, STRICT, Card.parse("7s"))
    assert render(verdict.explanation) == (
        "7♠ is a renonce: may not under-trump 9♠, the partner's trump, while holding 8♣: this ruleset forbids"
        " under-trumping even a partner, and P-7 does not lift that (P-6)"
    )


# --- P-7 partner master ---------------------------------------------------------------------------


def test_p7_partner_master_follow_suit_freely():
    assert legal("7h 10h", "O:9h P:Ah", S) == "7H 10H"
    verdict = judge(cards("7h 10h"), table("O:9h P:Ah"), S, FREE, Card.parse("7h"))
    assert verdict.legal is True and render(verdict.explanation) == "7♥ is legal: partner master: any ♥ (P-7)"


def test_p7_partner_master_discard_freely():
    assert legal("7s 8c", "O:9h P:Ah", S) == "7S 8C"


def test_p7_partner_master_with_a_trump_may_be_left_alone():
    assert legal("7s 8c", "O:Kh P:7s O:Ah", S) == "7S 8C"


def test_p7_the_partners_card_overtaken_by_an_opponent_no_longer_frees():
    assert legal("7s 8c", "P:9h O:Ah", S) == "7S"


# --- P-8 sans-atout, P-9 trump led ----------------------------------------------------------------


def test_p8_sans_atout_void_discards_freely():
    assert legal("7s 8c", "O:Kh", None) == "7S 8C"
    assert legal("7s 8c", "O:Kh P:7h O:As", None, STRICT) == "7S 8C"


def test_p8_sans_atout_still_follows_suit_and_goes_over():
    assert legal("Ah 9h 7s", "O:Kh", None) == "AH"
    assert rule_broken("Ah 9h 7s", "O:Kh", None, "7s") == "P-3"


def test_p9_trump_led_follow_with_trumps_and_go_over():
    assert legal("7s Ks 8c", "O:9s", S) == "KS"
    assert rule_broken("7s Ks 8c", "O:9s", S, "8c") == "P-3"
    assert rule_broken("7s Ks 8c", "O:9s", S, "7s") == "P-4"


def test_p9_trump_led_void_in_trumps_any_card():
    assert legal("8c 9d", "O:9s", S) == "8C 9D"


# --- P-10 the verdict -----------------------------------------------------------------------------


def test_p10_the_first_rule_broken_is_named():
    # 8♣ breaks P-3 (holds 9♥), and would also break P-4 and P-5 for a void player: P-3 is named.
    verdict = judge(cards("9h Ah 8c 7s"), table("O:Kh"), S, FREE, Card.parse("8c"))
    assert (verdict.legal, verdict.rule, verdict.legal_cards) == (False, "P-3", tuple(cards("Ah")))


def test_p10_without_a_card_only_the_legal_cards_and_why():
    verdict = judge(cards("9h Ah 8c"), table("O:Kh"), S, FREE)
    assert (verdict.card, verdict.legal, verdict.rule) == (None, None, None)
    assert verdict.legal_cards == tuple(cards("Ah"))
    assert render(verdict.explanation) == "must go over the opponent's K♥: holds A♥ (P-4)"


def test_p10_the_leader_plays_any_card():
    assert legal("9h Ah 8c", "", S) == "9H AH 8C"
    assert render(judge(cards("9h"), [], S, FREE).explanation) == "leads the trick: any card"


def test_judge_refuses_a_card_not_in_the_hand():
    with pytest.raises(UserError, match="10♥ is not in the hand"):
        judge(cards("9h 8c"), table("O:Kh"), S, FREE, Card.parse("10h"))


def test_judge_refuses_a_card_in_the_hand_and_on_the_table():
    with pytest.raises(UserError, match="K♥ is both in the hand and on the table"):
        judge(cards("Kh 8c"), table("O:Kh"), S, FREE)


def test_check_position_refuses_a_card_twice_a_card_outside_the_deck_a_full_trick():
    with pytest.raises(UserError, match="9♥ is twice in the hand"):
        check_position(cards("9h 9h"), [], MANILLE, 4)
    with pytest.raises(UserError, match="6♥ .in the hand. is not in the manille deck"):
        check_position([Card(Rank.SIX, H)], [], MANILLE, 4)
    with pytest.raises(UserError, match="already holds 4 cards"):
        check_position(cards("9h"), cards("7c 8c 9c 10c"), MANILLE, 4)


# --- P-3 to P-10 for the audit: every play of a log at once, without the reasons ---------------------

# Every seating the rulesets make: two, three and four seats; teams, a mort, one against the rest, each alone.
SYSTEMS = ("manille-muette", "manille-a-deux", "manille-a-trois", "manille-whisthub", "manillen-2", "manillen-3")


@st.composite
def positions(
    draw: st.DrawFn,
) -> tuple[list[tuple[str, Card]], list[list[Card]], dict[str, int], Suit | None, ManilleRules]:
    """A trick in progress and each of its players' hands, his card included, under any system and setting.

    The cards come from a few suits, trump often among them; a card in the trick is often of the led
    suit or a trump, and a hand often void in the led suit: so the positions where P-4 to P-7 decide
    come up often.
    """
    system = load(draw(st.sampled_from(SYSTEMS))).rules
    rules = system.changed(undertrump=draw(st.sampled_from(["free", "only-if-no-other"])))
    suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4, unique=True))
    trump = draw(st.sampled_from([*suits, *Suit, None]))
    deck = draw(st.permutations([card for card in MANILLE.cards if card.suit in suits]))
    size = draw(st.integers(2, min(rules.seats, len(deck))))
    for place in range(1, size):  # the deck is shuffled: the next card of the suit asked is a random one
        suit = draw(st.sampled_from([deck[0].suit, trump, trump, None]))
        chosen = next((card for card in deck[place:] if suit in (None, card.suit)), deck[place])
        deck.remove(chosen)
        deck.insert(place, chosen)
    players = [f"seat {place}" for place in range(size)]
    side = {player: draw(st.integers(0, size - 1)) for player in players}  # P-7: teams, a mort, each alone
    led, rest, hands = deck[0].suit, deck[size:], []
    for card in deck[:size]:
        void = draw(st.booleans())
        more = [other for other in rest if not (void and other.suit is led)]
        more = more[: draw(st.integers(0, min(rules.tricks - 1, len(more))))]
        hands.append([card, *more])
        rest = [other for other in rest if other not in more]
    return list(zip(players, deck, strict=False)), hands, side, trump, rules


@settings(max_examples=500, deadline=None)
@given(positions())
def test_p3_to_p10_the_audits_quick_test_agrees_with_legal_cards(position):
    _agrees_with_legal_cards(position)


@pytest.mark.slow
@settings(max_examples=20000, deadline=None)
@given(positions())
def test_p3_to_p10_the_audits_quick_test_agrees_with_legal_cards_in_thousands_of_positions(position):
    _agrees_with_legal_cards(position)


def _agrees_with_legal_cards(position) -> None:
    trick, hands, side, trump, rules = position

    def partners(other: str, player: str) -> bool:
        return side[other] == side[player]

    def seen_by(player: str, earlier: list[tuple[str, Card]]) -> list[tuple[Relation, Card]]:
        return [(Relation.PARTNER if partners(other, player) else Relation.OPPONENT, c) for other, c in earlier]

    expected = [
        (0, place)
        for place, (player, card) in enumerate(trick)
        if place and card not in legal_cards(hands[place], seen_by(player, trick[:place]), trump, rules)
    ]
    plays = {player: hand for (player, _), hand in zip(trick, hands, strict=True)}
    assert illegal_plays([trick], plays, partners, trump, rules) == expected


def _partners_of_last(players: list[str], partnered: tuple[bool, ...]) -> Callable[[str, str], bool]:
    """P-7 as the last player of a trick sees it: `partnered[place]` tells whether the player there is
    his partner (nobody else's relation is ever asked)."""
    allies = {(other, players[-1]) for other, partner in zip(players, partnered, strict=False) if partner}
    return lambda other, player: (other, player) in allies


def test_p3_to_p10_the_audits_quick_test_agrees_with_legal_cards_in_every_small_position():
    """Every trick of two to four cards drawn from six, every relation to the earlier players and
    every hand of the last player among the cards left: led suit, trumps low and high, a plain card."""
    universe = cards("10h 7h As 9s 7s 8c")
    for trump, undertrump in itertools.product((S, H, None), ("free", "only-if-no-other")):
        rules = FREE.changed(undertrump=undertrump)
        for size in (2, 3, 4):
            players = [f"seat {place}" for place in range(size)]
            for played, partnered in itertools.product(
                itertools.permutations(universe, size), itertools.product((False, True), repeat=size - 1)
            ):
                partners = _partners_of_last(players, partnered)
                trick = list(zip(players, played, strict=True))
                seen = [
                    (Relation.PARTNER if partners(other, players[-1]) else Relation.OPPONENT, card)
                    for other, card in trick[:-1]
                ]
                left = [card for card in universe if card not in played]
                for kept in itertools.product((False, True), repeat=len(left)):
                    hand = [played[-1], *itertools.compress(left, kept)]
                    legal = played[-1] in legal_cards(hand, seen, trump, rules)
                    plays = {player: [card] for player, card in trick}
                    plays[players[-1]] = hand
                    assert illegal_plays([trick], plays, partners, trump, rules) == ([] if legal else [(0, size - 1)])
