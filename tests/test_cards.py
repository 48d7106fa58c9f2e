import pytest

from scorekeeper.cards import HOMBRE, MANILLE, Card, CardError, Rank, Suit, format_cards
from scorekeeper.errors import UserError


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


@pytest.mark.parametrize("text", ["11h", "10x", "h10", "", "1h", "Ah♥", "roi de pique", "Zs"])
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
