"""What the audit asks of a game (`Audited`), and how a judged play is told: a renonce the log proves
(P-10), a play it leaves unknown. Shared by the audit and its face-down reasoning (P-11).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from scorekeeper.cards import Card, Deck, Suit
from scorekeeper.explain import Record, record
from scorekeeper.referee import Verdict

# The cards already in a trick, in play order, each with the player who played it.
Seen = Sequence[tuple[str, Card]]


# A NamedTuple, not a frozen dataclass: one is built for every coup audited, and as a dataclass with
# `Audit` it made 10,000 audits 0.37 s against 0.33 s (bench/bench.py, interleaved).
class Audited(NamedTuple):
    """What the audit asks of a game, for one coup's trump (each game's `referee.audited`)."""

    deck: Deck
    trick_size: int
    tricks: int  # in a deal
    suit_of: Callable[[Card], Suit]  # the suit a card follows (where a trump's card may be of another suit)
    trump: Suit | None
    # For every trick of a log: its winner (his place in play order), and what it is worth to him.
    trick_winners: Callable[[Sequence[Sequence[Card]]], list[int]]
    trick_points: Callable[[Sequence[Sequence[Card]]], list[int]]
    legal_cards: Callable[[Sequence[Card], Seen, str], tuple[Card, ...]]  # hand, earlier cards, player
    judge: Callable[[Sequence[Card], Seen, str, Card], Verdict]
    # What a proof under this rule must say of the trick (`where.…`: whose card was master, and for
    # whom: a partner's), given the rule, the earlier cards and the player judged; or None.
    circumstance: Callable[[str, Seen, str], Record | None]
    # The plays of a log (tricks of cards with their players), as (index of the trick, place in it), whose
    # card was not among the `legal_cards` of its player's hand, `plays[player][index:]`: the answer of
    # `legal_cards` at every play, which a game may reach faster.
    illegal_plays: Callable[[Sequence[Seen], Mapping[str, Sequence[Card]]], Sequence[tuple[int, int]]]


@dataclass(frozen=True, slots=True)
class Renonce:
    """A play the log proves illegal (P-10), with the rule, the proof and the cards that were legal."""

    trick: int
    player: str
    card: Card
    rule: str
    proof: Record  # `proof.renonce`: the play and the legal cards held, each where the log shows it played
    legal_cards: tuple[Card, ...]

    def as_dict(self) -> dict[str, Any]:
        return {**_play_dict(self), "proof": self.proof, "legal_cards": [card.ascii for card in self.legal_cards]}


@dataclass(frozen=True, slots=True)
class Unproven:
    """A play of a partial log that a card the log does not show would make a renonce: it stays unknown."""

    trick: int
    player: str
    card: Card
    rule: str
    note: Record  # `proof.unproven`: the play and the unseen cards that would make it a renonce

    def as_dict(self) -> dict[str, Any]:
        return {**_play_dict(self), "note": self.note}


@dataclass(frozen=True, slots=True)
class Cleared:
    """A disputed play of a partial log that the log clears: each card that would have made it a renonce
    is seen elsewhere in the log, played earlier by the player or by another (P-10)."""

    trick: int
    player: str
    card: Card
    note: Record  # `proof.cleared`: the play and where each card that would have condemned it went

    def as_dict(self) -> dict[str, Any]:
        return {"trick": self.trick, "player": self.player, "card": self.card.ascii, "note": self.note}


class Counted(NamedTuple):
    """P-11 by count: a play proven illegal because the player later played more legal alternatives than
    could lie face down then. `hand`: the cards held at that trick; `alternatives`: those played later,
    each of which would have made the play illegal; `down`: at most how many of them lay face down."""

    hand: tuple[Card, ...]
    alternatives: tuple[Card, ...]
    down: int


def _play_dict(play: Renonce | Unproven) -> dict[str, Any]:
    return {"trick": play.trick, "player": play.player, "card": play.card.ascii, "rule": play.rule}


def rule_of(verdict: Verdict) -> str:
    if verdict.rule is None:  # a bug: the quick test and the judge disagree on this card
        raise AssertionError("illegal_yet_no_rule_broken", verdict)
    return verdict.rule


def play_told(game: Audited, number: int, player: str, card: Card, earlier: Seen, rule: str) -> Record:
    """`Brun discarded 8♣ on a ♥ lead at trick 3`: how the card went into the trick (`play.…`)."""
    led = game.suit_of(earlier[0][1])
    lead = record("lead.trump" if led == game.trump else "lead.suit", None, suit=led)
    suit = game.suit_of(card)
    if suit == led:
        how = "play.followed"
    elif suit == game.trump:
        how = "play.undertrumped" if rule == "P-6" else "play.trumped"
    else:
        how = "play.discarded"
    return record(how, None, player=player, card=card, lead=lead, trick=number)


def renonce_proof(
    game: Audited,
    number: int,
    player: str,
    card: Card,
    earlier: Seen,
    verdict: Verdict,
    seen_at: dict[Card, tuple[int, str]],
    retourne: tuple[str, Card] | None = None,
) -> Record:
    """The renonce told with the cards that prove it: legal cards he held, each seen later in the log, or,
    where none is, the dealer's retourne the log does not show played: his from the deal, face up (M-5, P-11)."""
    held = tuple(witness for witness in verdict.legal_cards if witness in seen_at)
    rule = rule_of(verdict)
    play = play_told(game, number, player, card, earlier, rule)
    where = game.circumstance(rule, earlier, player)  # what the rule needs said of the trick, if anything
    if not held:
        assert retourne is not None and retourne[1] in verdict.legal_cards, (verdict, retourne)
        return _told("proof.renonce_retourne", rule, play=play, where=where, retourne=retourne[1])
    later = tuple(seen_at[witness][0] for witness in held)
    at = record("proof.at_trick" if len(later) == 1 else "proof.at_tricks", None, tricks=later)
    return _told("proof.renonce", rule, play=play, where=where, held=held, at=at)


def counted_proof(
    game: Audited, number: int, player: str, card: Card, earlier: Seen, verdict: Verdict, counted: Counted
) -> Record:
    """P-11: the renonce proven by count, `B discarded K♦ … while holding at least one of 7♥, …, 10♥: 8 cards
    played later, and at most 4 of B's cards lay face down at that trick`."""
    rule = rule_of(verdict)
    play = play_told(game, number, player, card, earlier, rule)
    count = record("proof.count", "P-11", played=len(counted.alternatives), down=counted.down, player=player)
    where = game.circumstance(rule, earlier, player)
    return _told("proof.renonce_counted", rule, play=play, where=where, held=counted.alternatives, count=count)


def cleared_play(
    game: Audited,
    number: int,
    player: str,
    card: Card,
    earlier: Seen,
    condemning: Mapping[str, Sequence[Card]],
    seen_at: Mapping[Card, tuple[int, str]],
) -> Cleared:
    """A disputed play cleared by the log: each card that would have made it a renonce, rule by rule
    (`condemning`), and who played it at which trick, `C's 10♣ went at trick 3` (P-10)."""
    gone = []
    for broken, cards in sorted(condemning.items()):
        by_player: dict[str, list[Card]] = {}
        for gone_card in sorted(cards, key=lambda c: seen_at[c]):  # in the order the log shows them
            by_player.setdefault(seen_at[gone_card][1], []).append(gone_card)
        went = []
        for who, held in by_player.items():
            tricks = tuple(sorted({seen_at[c][0] for c in held}))
            at = record("proof.at_trick" if len(tricks) == 1 else "proof.at_tricks", None, tricks=tricks)
            went.append(record("proof.went", None, player=who, cards=tuple(held), at=at))
        gone.append(record("proof.gone", broken, went=tuple(went)))
    # The first rule in the rule book's order tells the trick's circumstance; an under-trump is told as one.
    rule = "P-6" if "P-6" in condemning else min(condemning)
    where = game.circumstance(rule, earlier, player)
    play = play_told(game, number, player, card, earlier, rule)
    return Cleared(number, player, card, _told("proof.cleared", None, play=play, where=where, gone=tuple(gone)))


def _told(event: str, rule: str | None, **values: Any) -> Record:
    """A proof's record; where the rule needs something said of the trick (`where`), the event's
    `EVENT_where` form, which says it. The values keep their order (the JSON's)."""
    if values["where"] is None:
        return record(event, rule, **{key: value for key, value in values.items() if key != "where"})
    return record(f"{event}_where", rule, **values)


def unproven_play(
    game: Audited,
    number: int,
    player: str,
    card: Card,
    earlier: Seen,
    verdict: Verdict,
    hand: Sequence[Card],
    unseen: Sequence[Card],
) -> Unproven:
    """A play the cards shown clear but the unseen ones do not (`verdict` judges `hand` with them all).

    The note names every unseen card that, held alone, would have made the play a renonce.
    """
    rule = rule_of(verdict)
    play = play_told(game, number, player, card, earlier, rule)
    by_rule: dict[str, list[Card]] = {}
    for other in unseen:
        if card not in game.legal_cards([*hand, other], earlier, player):
            broken = rule_of(game.judge([*hand, other], earlier, player, card))
            by_rule.setdefault(broken, []).append(other)
    alternatives = [record("proof.if_held", broken, cards=tuple(cards)) for broken, cards in sorted(by_rule.items())]
    held = alternatives[-1]
    for alternative in reversed(alternatives[:-1]):
        held = record("proof.or_else", None, first=alternative, then=held)
    where = game.circumstance(rule, earlier, player)
    return Unproven(number, player, card, rule, _told("proof.unproven", None, play=play, where=where, held=held))
