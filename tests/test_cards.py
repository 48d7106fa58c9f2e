import pytest

from scorekeeper.cards import Card, CardError, Rank, Suit, SuitError, format_cards, parse_trump
from scorekeeper.errors import UserError
from scorekeeper.games.manille.deck import MANILLE
from scorekeeper.games.spadille.deck import HOMBRE


@pytest.mark.parametrize(
    "text, rank, suit",
    [
        ("10h", Rank.TEN, Suit.HEARTS),
        ("10♥", Rank.TEN, Suit.HEARTS),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("As", Rank.ACE, Suit.SPADES),
        ("a♠", Rank.ACE, Suit.SPADES),
        ("Rpi", Rank.KING, Suit.SPADES),
        ("R pique", Rank.KING, Suit.SPADES),
        ("Dco", Rank.QUEEN, Suit.HEARTS),
        ("dd", Rank.QUEEN, Suit.DIAMONDS),
        ("Vtr", Rank.JACK, Suit.CLUBS),
        ("7trèfle", Rank.SEVEN, Suit.CLUBS),
        ("7 trefle", Rank.SEVEN, Suit.CLUBS),
        ("9cœur", Rank.NINE, Suit.HEARTS),
        ("9coeur", Rank.NINE, Suit.HEARTS),
        ("8carreau", Rank.EIGHT, Suit.DIAMONDS),
        ("8ca", Rank.EIGHT, Suit.DIAMONDS),
        ("Q♦️", Rank.QUEEN, Suit.DIAMONDS),  # with the emoji variation selector phones add
        ("  jC ", Rank.JACK, Suit.CLUBS),
    ],
)
def test_c2_every_accepted_notation_reads(text, rank, suit):
    assert Card.parse(text) == Card(rank, suit)


def test_c2_format_round_trips_in_symbols_and_ascii():
    for card in HOMBRE.cards + MANILLE.cards:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.ascii) == card
    assert str(Card.parse("10h")) == "10♥"
    assert Card.parse("10h").ascii == "10H"
    assert format_cards([Card.parse("As"), Card.parse("7c")], ascii=True) == "AS 7C"


@pytest.mark.parametrize("text", ["11h", "10x", "h10", "", "1h", "Ah♥", "roi de rien", "Zs"])
def test_c2_bad_notation_lists_the_accepted_forms(text):
    with pytest.raises(CardError) as caught:
        Card.parse(text)
    message = str(caught.value)
    assert "10h" in message and "pique/pi" in message and "R D V" in message
    assert isinstance(caught.value, UserError)


def test_c1_manille_deck_has_32_cards_7_to_ace():
    assert len(MANILLE) == 32 == len(set(MANILLE.cards))
    assert MANILLE.parse("7s") == Card(Rank.SEVEN, Suit.SPADES)
    with pytest.raises(CardError, match=r"6♥ is not in the manille deck \(32 cards"):
        MANILLE.parse("6h")


def test_c1_hombre_deck_has_40_cards_without_10_9_8():
    assert len(HOMBRE) == 40 == len(set(HOMBRE.cards))
    assert HOMBRE.parse("2s") == Card(Rank.TWO, Suit.SPADES)
    for text in ("10h", "9c", "8d"):
        with pytest.raises(CardError, match="not in the hombre deck"):
            HOMBRE.parse(text)


def test_c2_parse_many_takes_spaces_and_commas():
    assert MANILLE.parse_many("10♥ A♥, 10♣ K♣") == [Card.parse(t) for t in ("10h", "ah", "10c", "kc")]


def test_c2_suit_alone_reads_every_form():
    assert [Suit.parse(t) for t in ("h", "♥", "coeur", "CO", "trèfle", "pi", "ca")] == [
        Suit.HEARTS,
        Suit.HEARTS,
        Suit.HEARTS,
        Suit.HEARTS,
        Suit.CLUBS,
        Suit.SPADES,
        Suit.DIAMONDS,
    ]
    with pytest.raises(CardError, match="unknown suit"):
        Suit.parse("x")


def test_a_card_mistake_is_an_error_key_with_its_values_and_the_forms_in_catalog_words():
    """Issue 11: the core says what was wrong as data; the catalog words it, the accepted forms included."""
    with pytest.raises(CardError) as caught:
        Card.parse("11h")
    assert (caught.value.key, caught.value.values["text"]) == ("bad_card", "11h")
    assert str(caught.value).startswith("bad card '11h': write rank then suit, like 10h, As, Qd, 7♣, Rpi; ranks A K")
    assert str(caught.value).endswith("suits are ♠ ♥ ♦ ♣, s h d c, pique/pi coeur/co carreau/ca trefle/tr")
    with pytest.raises(CardError) as caught:
        MANILLE.parse("6h")
    assert caught.value.key == "not_in_deck"
    assert caught.value.values == {
        "card": Card(Rank.SIX, Suit.HEARTS),
        "deck": "manille",
        "count": 32,
        "ranks": "7 8 9 10 J Q K A",
    }
    assert str(caught.value) == "6♥ is not in the manille deck (32 cards, ranks 7 8 9 10 J Q K A)"
    with pytest.raises(SuitError) as caught:
        parse_trump("x")
    assert (caught.value.key, str(caught.value)) == (
        "bad_trump",
        "bad trump 'x': a suit (h, ♥, coeur, …) or sa for sans-atout",
    )
