"""The manille referee as the shared audit sees it, one disputed play, and a coup's trick log (P-1 to P-10).

The audit of `scorekeeper.referee.audit` knows no game: `audited` gives it manille's trick winners,
points (M-1 card points plus M-2 trick points) and legality (`legal`), with the camps of P-7.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scorekeeper.cards import MANILLE, Card, Suit
from scorekeeper.errors import UserError
from scorekeeper.games.manille import legal
from scorekeeper.games.manille.rules import ManilleRules
from scorekeeper.games.manille.table import split_camps
from scorekeeper.players import find_player
from scorekeeper.referee import Relation, Verdict
from scorekeeper.referee.audit import Audit, Audited, LogAudit, Seen, audit


def audited(
    players: Sequence[str], trump: Suit | None, rules: ManilleRules, partners: Callable[[str, str], bool]
) -> Audited:
    """The manille referee (P-1 to P-10) as the audit sees it; points are M-1 card points plus M-2 trick points."""
    if len(players) != rules.seats:
        raise UserError(f"this ruleset plays {rules.seats} hands (morts included), {len(players)} given")
    points = rules.points.copy()  # a plain dict reads faster than the ruleset's read-only view

    def seen_by(player: str, earlier: Seen) -> list[tuple[Relation, Card]]:
        return [(Relation.PARTNER if partners(other, player) else Relation.OPPONENT, card) for other, card in earlier]

    def trick_points(tricks: Sequence[Sequence[Card]]) -> list[int]:
        worth = []
        for cards in tricks:
            total = rules.trick_points  # M-2, and M-1 for each card
            for card in cards:
                total += points[card.rank]
            worth.append(total)
        return worth

    def illegal_plays(tricks: Sequence[Seen], plays: dict[str, Sequence[Card]]) -> list[tuple[int, int]]:
        return legal.illegal_plays(tricks, plays, partners, trump, rules)

    def circumstance(rule: str, earlier: Seen) -> str:
        if rule == "P-3":
            return ""
        who, master = earlier[legal.trick_winner([card for _, card in earlier], trump, rules)]
        return f", where {who}'s {master} was master,"

    return Audited(
        deck=MANILLE,
        trick_size=len(players),
        tricks=rules.tricks,
        suit_of=lambda card: card.suit,
        trump=trump,
        trick_winners=lambda tricks: legal.trick_winners(tricks, trump, rules),
        trick_points=trick_points,
        legal_cards=lambda hand, earlier, player: legal.legal_cards(hand, seen_by(player, earlier), trump, rules),
        judge=lambda hand, earlier, player, card: legal.judge(hand, seen_by(player, earlier), trump, rules, card),
        circumstance=circumstance,
        illegal_plays=illegal_plays,
    )


def audit_manille(
    players: Sequence[str],
    leader: str,
    trump: Suit | None,
    tricks: Sequence[Sequence[Card]],
    rules: ManilleRules,
    partners: Callable[[str, str], bool],
) -> Audit:
    """Audit a manille coup (P-10): trump None is sans-atout; `partners(a, b)` tells who plays with whom (P-7)."""
    return audit(audited(players, trump, rules, partners), players, leader, tricks)


def judge_play(
    rules: ManilleRules,
    name: str,
    trump: Suit | None,
    trick: Sequence[tuple[Relation | None, Card]],
    hand: Sequence[Card],
    card: Card | None,
) -> Verdict:
    """The verdict on `card` (or only the legal cards), P-3 to P-10; each card on the table comes with its
    player's relation to the one about to play (P-7)."""
    if rules.sides == "each":  # M-14: every other player is an opponent (P-7)
        if any(relation is Relation.PARTNER for relation, _ in trick):
            raise UserError(f"{name} is each for himself: nobody is a partner (P-7)")
        trick = [(Relation.OPPONENT, c) for _, c in trick]
    if any(relation is None for relation, _ in trick):
        raise UserError("give each card on the table as P:CARD (partner) or O:CARD (opponent), like O:A♠ P:10♠")
    if len(hand) > rules.tricks:
        raise UserError(f"a hand of {len(hand)} cards: a deal gives {rules.tricks} each (C-1)")
    if rules.sides == "teams" and rules.players == 4:
        # C-3: the player before you is an opponent, the one before him your partner, and so on.
        seated = [
            Relation.PARTNER if (len(trick) - place) % 2 == 0 else Relation.OPPONENT for place in range(len(trick))
        ]
        if [relation for relation, _ in trick] != seated:
            order = " ".join(f"{relation.value}:" for relation in seated)
            raise UserError(f"at four in two teams the cards before you come from {order} in play order (C-3)")
    return legal.judge(hand, [(relation, c) for relation, c in trick if relation is not None], trump, rules, card)


def audit_log(
    rules: ManilleRules,
    players: Sequence[str],
    leader: str,
    trump: Suit | None,
    tricks: Sequence[Sequence[Card]],
    alone: str | None,
) -> LogAudit:
    """A coup's trick log audited with the camps of the system (P-7): the hands in play order, morts included;
    `alone` plays against the others where the system has one alone (M-11, M-13)."""
    leader = find_player(players, leader)
    if rules.sides in ("taker", "dealer"):
        role = "taker" if rules.sides == "taker" else "dealer"
        if alone is None:
            raise UserError(f"give the {role}, who plays alone against the others: --taker NAME (M-11, M-13)")
        alone = find_player(players, alone)
    sides = split_camps(tuple(players), rules.sides, alone)
    side_of = {player: index for index, side in enumerate(sides) for player in side}
    result = audit_manille(players, leader, trump, tricks, rules, lambda a, b: side_of[a] == side_of[b])
    return LogAudit(result, sides)
