"""The referee of the hombre family as the shared audit sees it, one disputed play, and a coup's trick log
(H-1 to H-5; at a Danish nolo, `trump` None, D-1). Each game says whether a play without trump is one of its
own (`nolo`): the French l'hombre has none."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.cards import Card, Suit
from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record
from scorekeeper.games.spadille import legal
from scorekeeper.games.spadille.deck import HOMBRE
from scorekeeper.players import find_player
from scorekeeper.referee import Relation, Verdict
from scorekeeper.referee.audit import Audit, Charge, LogAudit, audit
from scorekeeper.referee.proof import Audited, Seen

RENONCE_COST = record("renonce_cost.hombre", None)  # RULES and the seed set no price: the table decides


def audited(trump: Suit | None) -> Audited:
    """The hombre referee (H-1 to H-5) as the audit sees it: each for himself, tricks count, not points."""

    def circumstance(rule: str, earlier: Seen, player: str) -> Record | None:
        # A matador led is named: H-4 turns on it, and a black ace leads the trump suit, not its own.
        who, lead = earlier[0]
        name = legal.matador_name(lead, trump) if trump is not None else None
        return record("where.matador_led", None, player=who, matador=name, card=lead) if name else None

    def legal_cards(hand: Sequence[Card], earlier: Seen, player: str) -> tuple[Card, ...]:
        return legal.legal_cards(hand, [card for _, card in earlier], trump)

    def illegal_plays(tricks: Sequence[Seen], plays: Mapping[str, Sequence[Card]]) -> list[tuple[int, int]]:
        return [
            (index, place)
            for index, trick in enumerate(tricks)
            for place, (player, card) in enumerate(trick)
            if place and card not in legal_cards(plays[player][index:], trick[:place], player)
        ]

    return Audited(
        deck=HOMBRE,
        trick_size=legal.PLAYERS,
        tricks=legal.TRICKS,
        suit_of=lambda card: legal.suit_of(card, trump),
        trump=trump,
        trick_winners=lambda tricks: [legal.trick_winner(cards, trump) for cards in tricks],
        trick_points=lambda tricks: [0] * len(tricks),
        legal_cards=legal_cards,
        judge=lambda hand, earlier, player, card: legal.judge(hand, [card for _, card in earlier], trump, card),
        circumstance=circumstance,
        illegal_plays=illegal_plays,
    )


def audit_hombre(players: Sequence[str], leader: str, trump: Suit | None, tricks: Sequence[Sequence[Card]]) -> Audit:
    """Audit an hombre coup (H-3 to H-5): three players, nine tricks, tricks counted per player."""
    return audit(audited(trump), players, leader, tricks)


def _trump(trump: Suit | None, nolo: bool) -> Suit | None:
    """The trump, or None at a nolo where the game has one (D-1); else no play is without trump."""
    if trump is None and not nolo:
        raise UserError("hombre_sans_atout")
    return trump


def judge_play(
    trump: Suit | None,
    trick: Sequence[tuple[Relation | None, Card]],
    hand: Sequence[Card],
    card: Card | None,
    nolo: bool = False,
) -> Verdict:
    """The verdict on `card` (or only the legal cards), H-3 and H-4: each plays for himself, no relation given."""
    suit = _trump(trump, nolo)
    if any(relation is not None for relation, _ in trick):
        raise UserError("hombre_no_relations")
    if len(hand) > legal.TRICKS:  # H-15: a hand of nine cards, fewer as the tricks are played
        raise UserError("hand_too_big", "C-1", held=len(hand), tricks=legal.TRICKS)
    return legal.judge(hand, [c for _, c in trick], suit, card)


def audit_log(
    players: Sequence[str],
    leader: str,
    trump: Suit | None,
    tricks: Sequence[Sequence[Card]],
    calls: Mapping[str, Any],
    nolo: bool = False,
) -> LogAudit:
    """A coup's trick log audited (H-3 to H-5); each player is his own side. No call prices an hombre coup
    (a contre, a tie carried are manille's): one given is refused. Each renonce is told with the price the
    rules give it: none, the table decides."""
    if calls:
        raise UserError("audit_call_hombre", call=sorted(calls)[0])
    leader = find_player(players, leader)
    audited = audit_hombre(players, leader, _trump(trump, nolo), tricks)
    # no card scores a point at l'hombre: a partial log's counts are of tricks alone
    notes = tuple(
        record("audit.partial_tricks", None, **note.values) if note.event == "audit.partial_counts" else note
        for note in audited.notes
    )
    charges = tuple(Charge(True, None, RENONCE_COST) for _ in audited.renonces)
    sides = tuple((player,) for player in players)
    return LogAudit(audited._replace(notes=notes), sides, charges=charges, points_counted=False)
