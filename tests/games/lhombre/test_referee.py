"""The Danish referee: a play at a trump contract judged as at the French l'hombre (H-3, H-4, shared in
`games.spadille`), and at a nolo without trump, the black aces the lowest of their suits (D-1)."""

from __future__ import annotations

from scorekeeper.cards import Card
from scorekeeper.games.spadille import legal


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def test_d1_at_a_nolo_the_ace_of_spades_is_a_plain_spade_the_lowest():
    assert legal.trick_winner(cards("As 2s 7s"), None) == 2  # 7 above 2 above the ace
    assert legal.trick_winner(cards("Ah 2h 7h"), None) == 0  # a red ace keeps its place: above the 2
    assert legal.trick_winner(cards("5d Kh Ks"), None) == 0  # no trump: only the suit led wins
    assert legal.legal_cards(cards("As 5h"), cards("Ks"), None) == tuple(cards("As"))  # H-3: follow suit


def test_d1_check_at_a_nolo_and_at_a_trump_contract(run):
    nolo = run("check", "lhombre-dlu", "--trump", "sa", "--table", "Ks", "--hand", "As 5h", "--play", "5h")
    assert nolo.code == 1 and "5♥ is a renonce: must follow ♠: holds A♠ (H-3)" in nolo.out
    trumps = run("check", "lhombre-dlu", "--trump", "h", "--table", "Ks", "--hand", "As 5h", "--play", "5h")
    assert trumps.code == 0 and "5♥ is legal" in trumps.out  # the ace of spades is spadille: a trump


def test_d1_audit_of_a_nolo_finds_the_renonce_with_its_proof(run):
    """B threw 5♥ on A's K♠ at trick 1 and played 7♠ at trick 2: a renonce proven (H-3); at a nolo the 7♠
    wins trick 2 over A's 3♠ and C's A♠, the lowest spade (D-1)."""
    tricks = ("Ks 5h 2s", "3s 7s As")
    args = [arg for trick in tricks for arg in ("--trick", trick)]
    ran = run("audit", "lhombre-dlu", "--players", "A B C", "--trump", "sa", "--leader", "A", *args)
    assert ran.code == 1, ran.err
    assert "│ 2     │ A      │ A 3♠  B 7♠  C A♠ │ B      │" in ran.out
    assert "B discarded 5♥ on a ♠ lead at trick 1" in ran.out and "renonce" in ran.out
