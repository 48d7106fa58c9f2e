"""Manille's deck (C-1): the 32 cards, seven to ace in every suit."""

from scorekeeper.cards import Deck, Rank

MANILLE = Deck("manille", (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))
