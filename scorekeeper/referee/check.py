"""One disputed play, for any ruleset: the legal cards, the verdict, and what a renonce costs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper import manille as scoring
from scorekeeper.cards import Card, Suit
from scorekeeper.errors import UserError
from scorekeeper.players import find_player
from scorekeeper.referee import Relation, Verdict, hombre, manille
from scorekeeper.referee.audit import Audit, audit_hombre, audit_manille
from scorekeeper.rulesets import ManilleRules, Ruleset

HOMBRE_RENONCE = "RULES and the seed set no price for a renonce at l'hombre: the table decides what it costs"


def judge_play(
    ruleset: Ruleset,
    trump: Suit | None,
    trick: Sequence[tuple[Relation | None, Card]],
    hand: Sequence[Card],
    card: Card | None,
) -> Verdict:
    """The referee's verdict on `card` (or only the legal cards): P-3 to P-10 for manille, H-3 and H-4 for hombre.

    In manille each card already in the trick comes with its player's relation to the one about to play
    (P-7); at l'hombre each plays for himself and no relation is given.
    """
    rules = ruleset.rules
    if isinstance(rules, ManilleRules):
        if rules.sides == "each":  # M-14: every other player is an opponent (P-7)
            if any(relation is Relation.PARTNER for relation, _ in trick):
                raise UserError(f"{ruleset.name} is each for himself: nobody is a partner (P-7)")
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
        return manille.judge(hand, [(relation, c) for relation, c in trick if relation is not None], trump, rules, card)
    if trump is None:
        raise UserError("l'hombre is never played sans-atout: give the trump suit, like --trump h")
    if any(relation is not None for relation, _ in trick):
        raise UserError("no P:/O: prefixes at l'hombre: each plays for himself; list the cards in play order")
    return hombre.judge(hand, [c for _, c in trick], trump, card)


def renonce_cost(ruleset: Ruleset) -> str:
    """What a renonce costs under this ruleset (M-8), said in words."""
    if isinstance(ruleset.rules, ManilleRules):
        return scoring.renonce_cost(ruleset.rules)
    return HOMBRE_RENONCE


@dataclass(frozen=True)
class LogAudit:
    """The audit of a trick log, with the points summed by side where the game has sides."""

    audit: Audit
    sides: tuple[tuple[str, ...], ...]

    def side_points(self) -> tuple[int, ...]:
        return tuple(sum(self.audit.points[player] for player in side) for side in self.sides)

    @property
    def summary(self) -> tuple[str, ...]:
        lines = []
        for side, points in zip(self.sides, self.side_points(), strict=True):
            tricks = sum(self.audit.tricks_won[player] for player in side)
            lines.append(f"{' & '.join(side)}: {points} points, {tricks} trick{'s' if tricks != 1 else ''}")
        return tuple(lines)

    def as_dict(self) -> dict[str, Any]:
        sides = [
            {"players": list(side), "points": points, "tricks": sum(self.audit.tricks_won[p] for p in side)}
            for side, points in zip(self.sides, self.side_points(), strict=True)
        ]
        return {**self.audit.as_dict(), "sides": sides}


def audit_log(
    ruleset: Ruleset,
    players: Sequence[str],
    leader: str,
    trump: Suit | None,
    tricks: Sequence[Sequence[Card]],
    alone: str | None = None,
) -> LogAudit:
    """Audit a coup's trick log under a ruleset (P-10; H-3 to H-5), the camps as the system makes them (P-7).

    `players` are the hands in play order (a mort is a hand). `alone` is the player who plays alone
    against the others: the taker (M-13) or the dealer (M-11).
    """
    leader = find_player(players, leader)
    rules = ruleset.rules
    if isinstance(rules, ManilleRules):
        sides = _camps(rules, players, alone)
        side_of = {player: index for index, side in enumerate(sides) for player in side}
        result = audit_manille(players, leader, trump, tricks, rules, lambda a, b: side_of[a] == side_of[b])
        return LogAudit(result, sides)
    if trump is None:
        raise UserError("l'hombre is never played sans-atout: give the trump suit, like --trump h")
    return LogAudit(audit_hombre(players, leader, trump, tricks), tuple((player,) for player in players))


def _camps(rules: ManilleRules, players: Sequence[str], alone: str | None) -> tuple[tuple[str, ...], ...]:
    """P-7 for a trick log: fixed sides by seat (1 & 3 against 2 & 4), each alone, or one against the rest."""
    if rules.sides == "each":
        return tuple((player,) for player in players)
    if rules.sides in ("taker", "dealer"):
        role = "taker" if rules.sides == "taker" else "dealer"
        if alone is None:
            raise UserError(f"give the {role}, who plays alone against the others: --taker NAME (M-11, M-13)")
        alone = find_player(players, alone)
        return ((alone,), tuple(player for player in players if player != alone))
    if len(players) == 2:
        return ((players[0],), (players[1],))
    return (tuple(players[0::2]), tuple(players[1::2]))
