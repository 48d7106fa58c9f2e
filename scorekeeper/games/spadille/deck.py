"""L'hombre's deck (C-1): the 40 cards of the Spanish pack, no eight, nine or ten."""

from scorekeeper.cards import Deck, Rank

HOMBRE = Deck(
    "hombre",
    (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO),
)
