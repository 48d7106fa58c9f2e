"""P-11, the face-down reasoning of the audit: where cards lie face down on the table (M-12 découverte,
M-16's morts), a play is judged against the cards the player could play then, and a card that may have
lain face down proves nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.cards import Card
from scorekeeper.errors import UserError
from scorekeeper.explain import record
from scorekeeper.referee.proof import Audited, Counted, Seen, Unproven, play_told, rule_of, unproven_play


@dataclass(frozen=True, slots=True)
class FaceDown:
    """P-11: the table cards of the seats that have some lying face down (M-12 découverte, M-16's morts).

    `down` counts each such seat's face-down cards; `layout` gives, seat by seat, the pairs the log
    knows, each `(face up, face down)`: the card under another is turned up at the end of the trick
    where its cover is played, and cannot be played before. A seat's card the layout does not place
    may have lain face down, unless the layout names all of the seat's face-down cards.
    """

    down: Mapping[str, int]
    layout: Mapping[str, tuple[tuple[Card, Card], ...]]


def face_down_plays(
    game: Audited,
    logged: Sequence[Seen],
    plays: Mapping[str, Sequence[Card]],
    face_down: FaceDown,
    unseen: Sequence[Card],
) -> tuple[dict[tuple[int, int], list[Card] | Counted | None], dict[tuple[int, int], Unproven]]:
    """P-11: the plays proven illegal, each with the hand it is judged against (the cards the player
    certainly could play then) or the count that proves it, and the plays that a card which may have
    lain face down, or in a partial log an `unseen` card, would condemn.
    """
    covers, doubtful = _table_cards(logged, plays, face_down)
    proven: dict[tuple[int, int], list[Card] | Counted | None] = {}
    unknown: dict[tuple[int, int], Unproven] = {}
    for index, trick in enumerate(logged):
        for place in range(1, len(trick)):
            player, card = trick[place]
            earlier = trick[:place]
            before = set(plays[player][:index])
            # Under a cover not yet played before this trick, a card lies face down: not playable yet.
            hand = [c for c in plays[player][index:] if c not in covers[player] or covers[player][c] in before]
            if card in game.legal_cards(hand, earlier, player):
                if unseen and card not in game.legal_cards([*hand, *unseen], earlier, player):
                    verdict = game.judge([*hand, *unseen], earlier, player, card)
                    unknown[index, place] = unproven_play(game, index + 1, player, card, earlier, verdict, hand, unseen)
                continue
            certain = [c for c in hand if c == card or c not in doubtful[player]]
            if card not in game.legal_cards(certain, earlier, player):
                proven[index, place] = certain
                continue
            maybe = [
                c for c in hand if c not in certain and card not in game.legal_cards([*certain, c], earlier, player)
            ]
            down = _down_at_most(face_down, covers[player], player, before, index, game.tricks)
            if len(maybe) > down:  # more alternatives played later than could lie face down: one was at hand
                proven[index, place] = Counted(tuple(hand), tuple(maybe), down)
                continue
            rule = rule_of(game.judge(hand, earlier, player, card))
            play = play_told(game, index + 1, player, card, earlier, rule)
            note = record("proof.maybe_face_down", "P-11", play=play, cards=tuple(maybe))
            unknown[index, place] = Unproven(index + 1, player, card, rule, note)
    return proven, unknown


def _down_at_most(
    face_down: FaceDown, covers: Mapping[Card, Card], player: str, before: set[Card], index: int, tricks: int
) -> int:
    """P-11 by count: at most how many of the seat's face-down cards that the layout does not place may
    still lie face down at trick `index + 1`, the seat having played `before`.

    A placed card lies face down until its cover is played; an unplaced one is counted face down unless
    the count of plays says otherwise: a face-down card is played only after its cover, so of the plays
    the seat's hand could not have made (its cards less its table's), at least half were covers.
    """
    down = face_down.down.get(player, 0)
    placed_down = sum(1 for cover in covers.values() if cover not in before)
    covers_played = -(-max(0, index - (tricks - 2 * down)) // 2)  # rounded up
    return max(0, min(down - len(covers), down - covers_played - placed_down))


def _table_cards(
    logged: Sequence[Seen], plays: Mapping[str, Sequence[Card]], face_down: FaceDown
) -> tuple[dict[str, dict[Card, Card]], dict[str, frozenset[Card]]]:
    """P-11: each seat's face-down cards with their covers (from the layout), and the cards the layout
    leaves unplaced that may have lain face down; a layout the log contradicts is refused."""
    covers: dict[str, dict[Card, Card]] = {player: {} for player in plays}
    doubtful: dict[str, frozenset[Card]] = {}
    trick_of = {card: (number, player) for number, trick in enumerate(logged, 1) for player, card in trick}
    for player in plays:
        pairs = face_down.layout.get(player, ())
        down = face_down.down.get(player, 0)
        if pairs and not down:
            raise UserError("layout_no_face_down", "P-11", player=player)
        if len(pairs) > down:
            raise UserError("layout_too_many", "P-11", player=player, pairs=len(pairs), down=down)
        placed: set[Card] = set()
        for up, under in pairs:
            for card in (up, under):
                if card in placed:
                    raise UserError("layout_card_twice", "P-11", player=player, card=card)
                placed.add(card)
                if card in trick_of and trick_of[card][1] != player:
                    raise UserError("layout_card_elsewhere", "P-11", player=player, card=card, by=trick_of[card][1])
            if under in trick_of and (up not in trick_of or trick_of[up][0] >= trick_of[under][0]):
                raise UserError("layout_played_face_down", "P-11", player=player, card=under, cover=up)
            covers[player][under] = up
        unplaced = frozenset(card for card in plays[player] if card not in placed)
        doubtful[player] = unplaced if down and len(pairs) < down else frozenset()
    return covers, doubtful
