"""The audit of a whole coup from its trick log, for manille and l'hombre (RULES P-10, M-1 to M-3, H-5).

Every card of a deal is played once, so the log rebuilds the hands: at trick k a player holds the
cards he plays from trick k on. Each play is judged against that holding. A card a rule requires stays
required when the hand holds more cards, so the cards shown can prove a renonce; in a partial log they
cannot clear a play, and the plays an unseen card would turn into renonces are listed as unknown.

The audit knows no game: an `Audited` gives it the tricks' winners and points, the plays a hand did not
allow, and the judge that explains them; each game's `referee.audited` adapts its own referee.
The log is read a whole at a time: a complete, legal log (the common case) costs one pass to replay
it and one quick test of its plays, and only a renonce or a partial log asks for the judge's reasons.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain, count
from typing import Any, NamedTuple, NoReturn

from scorekeeper.cards import Card, Deck, Suit
from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record
from scorekeeper.referee import Verdict

# The cards already in a trick, in play order, each with the player who played it.
Seen = Sequence[tuple[str, Card]]


# The audit's values are named tuples where one is built for every log (the game, the audit) or for
# every trick: they build several times faster than frozen dataclasses.


class Audited(NamedTuple):
    """What the audit asks of a game, for one coup's trump (each game's `referee.audited`)."""

    deck: Deck
    trick_size: int
    tricks: int  # in a deal
    suit_of: Callable[[Card], Suit]  # the suit a card follows (hombre: the black aces are trumps)
    trump: Suit | None
    # For every trick of a log: its winner (his place in play order), and what it is worth to him.
    trick_winners: Callable[[Sequence[Sequence[Card]]], list[int]]
    trick_points: Callable[[Sequence[Sequence[Card]]], list[int]]
    legal_cards: Callable[[Sequence[Card], Seen, str], tuple[Card, ...]]  # hand, earlier cards, player
    judge: Callable[[Sequence[Card], Seen, str, Card], Verdict]
    # What a proof under this rule must say of the trick (`where.…`: whose card was master), or None.
    circumstance: Callable[[str, Seen], Record | None]
    # The plays of a log (tricks of cards with their players), as (index of the trick, place in it), whose
    # card was not among the `legal_cards` of its player's hand, `plays[player][index:]`: the answer of
    # `legal_cards` at every play, which a game may reach faster.
    illegal_plays: Callable[[Sequence[Seen], Mapping[str, Sequence[Card]]], Sequence[tuple[int, int]]]


class FaceDown(NamedTuple):
    """P-11: the table cards of the seats that have some lying face down (M-12 découverte, M-16's morts).

    `down` counts each such seat's face-down cards; `layout` gives, seat by seat, the pairs the log
    knows, each `(face up, face down)`: the card under another is turned up at the end of the trick
    where its cover is played, and cannot be played before. A seat's card the layout does not place
    may have lain face down, unless the layout names all of the seat's face-down cards.
    """

    down: Mapping[str, int]
    layout: Mapping[str, tuple[tuple[Card, Card], ...]]


# --- what the audit finds ------------------------------------------------------------------------


class TrickResult(NamedTuple):
    """One trick: who led, the cards in play order with who played each, who won it and its points."""

    number: int
    leader: str
    cards: tuple[tuple[str, Card], ...]
    winner: str
    points: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "leader": self.leader,
            "cards": [{"player": player, "card": card.ascii} for player, card in self.cards],
            "winner": self.winner,
            "points": self.points,
        }


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


def _play_dict(play: Renonce | Unproven) -> dict[str, Any]:
    return {"trick": play.trick, "player": play.player, "card": play.card.ascii, "rule": play.rule}


class Audit(NamedTuple):
    """The audit of a coup: tricks, renonces proven, points and tricks per player, and what stays unknown."""

    tricks: tuple[TrickResult, ...]
    renonces: tuple[Renonce, ...]
    points: dict[str, int]  # per player; the caller sums them by side
    tricks_won: dict[str, int]
    complete: bool
    notes: tuple[Record, ...]
    unknown: tuple[Unproven, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "tricks": [trick.as_dict() for trick in self.tricks],
            "renonces": [renonce.as_dict() for renonce in self.renonces],
            "points": dict(self.points),
            "tricks_won": dict(self.tricks_won),
            "complete": self.complete,
            "notes": list(self.notes),
            "unknown": [unproven.as_dict() for unproven in self.unknown],
        }


# --- the audit -----------------------------------------------------------------------------------


def audit(
    game: Audited,
    players: Sequence[str],
    leader: str,
    tricks: Sequence[Sequence[Card]],
    face_down: FaceDown | None = None,
) -> Audit:
    """Replay the log: each trick's cards in play order from its leader, `leader` leading the first
    and each winner the next; then judge every play against the hand the log rebuilds.

    With `face_down` (P-11) a play is judged against the cards the player could play then: a card
    under another is not among them, and a later card that may have lain face down proves nothing.
    """
    _check_table(game, players, leader, tricks)
    results, plays = _replay(game, tuple(players), leader, tricks)
    complete = len(tricks) == game.tricks
    logged = [result.cards for result in results]
    hands: dict[tuple[int, int], list[Card] | None]  # each play proven illegal, and the hand that proves it
    doubts: dict[tuple[int, int], Unproven] = {}
    if face_down is None or not any(face_down.down.values()):
        # At the last trick of the log each hand shown holds one card, always legal: no need to ask.
        hands = dict.fromkeys(game.illegal_plays(logged[:-1], plays))
    else:
        hands, doubts = _face_down_plays(game, logged, plays, face_down, [] if complete else _unseen(game, plays))
    unknown = list(doubts.values())
    renonces: list[Renonce] = []
    for (index, place), certain in hands.items():
        number, (player, card), earlier = index + 1, logged[index][place], logged[index][:place]
        hand = plays[player][index:] if certain is None else certain
        verdict = game.judge(hand, earlier, player, card)
        proof = _proof(game, number, player, card, earlier, verdict, _where(results))
        renonces.append(Renonce(number, player, card, _rule(verdict), proof, verdict.legal_cards))
    if not complete and face_down is None:
        # In a partial log an unseen card may be in anyone's hand (in a complete one every hand is
        # known): each hand is doubted with them, the cards he plays from a trick on, then the unseen.
        unseen = _unseen(game, plays)
        doubted = {player: [*cards, *unseen] for player, cards in plays.items()}
        for index, place in game.illegal_plays(logged, doubted):
            if (index, place) not in hands:
                number, (player, card), earlier = index + 1, logged[index][place], logged[index][:place]
                verdict = game.judge(doubted[player][index:], earlier, player, card)
                hand = plays[player][index:]
                unknown.append(_unproven(game, number, player, card, earlier, verdict, hand, unseen))
    points = dict.fromkeys(players, 0)
    tricks_won = dict.fromkeys(players, 0)
    for result in results:
        points[result.winner] += result.points
        tricks_won[result.winner] += 1
    return Audit(
        tricks=tuple(results),
        renonces=tuple(renonces),
        points=points,
        tricks_won=tricks_won,
        complete=complete,
        notes=_notes(len(tricks), game.tricks),
        unknown=tuple(unknown),
    )


def _unseen(game: Audited, plays: Mapping[str, Sequence[Card]]) -> list[Card]:
    """The cards of the deck a partial log does not show."""
    shown = set().union(*plays.values())
    return [card for card in game.deck.cards if card not in shown]


def _face_down_plays(
    game: Audited,
    logged: Sequence[Seen],
    plays: Mapping[str, Sequence[Card]],
    face_down: FaceDown,
    unseen: Sequence[Card],
) -> tuple[dict[tuple[int, int], list[Card] | None], dict[tuple[int, int], Unproven]]:
    """P-11: the plays proven illegal, each with the hand it is judged against (the cards the player
    certainly could play then), and the plays that a card which may have lain face down, or in a
    partial log an `unseen` card, would condemn.
    """
    covers, doubtful = _table_cards(logged, plays, face_down)
    proven: dict[tuple[int, int], list[Card] | None] = {}
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
                    unknown[index, place] = _unproven(game, index + 1, player, card, earlier, verdict, hand, unseen)
                continue
            certain = [c for c in hand if c == card or c not in doubtful[player]]
            if card not in game.legal_cards(certain, earlier, player):
                proven[index, place] = certain
                continue
            maybe = [
                c for c in hand if c not in certain and card not in game.legal_cards([*certain, c], earlier, player)
            ]
            rule = _rule(game.judge(hand, earlier, player, card))
            play = _play(game, index + 1, player, card, earlier, rule)
            note = record("proof.maybe_face_down", "P-11", play=play, cards=tuple(maybe))
            unknown[index, place] = Unproven(index + 1, player, card, rule, note)
    return proven, unknown


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


def _check_table(game: Audited, players: Sequence[str], leader: str, tricks: Sequence[Sequence[Card]]) -> None:
    if len(players) != game.trick_size:
        raise UserError("audit_players_count", given=len(players), size=game.trick_size)
    if len(set(players)) != len(players):
        twice = next(player for place, player in enumerate(players) if player in players[:place])
        raise UserError("audit_player_twice", name=twice, players=tuple(players))
    if leader not in players:
        raise UserError("audit_unknown_leader", leader=leader, players=tuple(players))
    if len(tricks) > game.tricks:
        raise UserError("audit_too_many_tricks", given=len(tricks), tricks=game.tricks)


def _replay(
    game: Audited, players: tuple[str, ...], leader: str, tricks: Sequence[Sequence[Card]]
) -> tuple[list[TrickResult], dict[str, list[Card]]]:
    """Each trick's players, winner and points, and each player's cards in the order he played them;
    refuses an impossible log."""
    size = game.trick_size
    played = set(chain.from_iterable(tricks))
    # One test for the whole log; trick by trick only to say what is wrong.
    if set(map(len, tricks)) - {size} or len(played) != size * len(tricks) or not _cards_of(game.deck) >= played:
        _refuse(game, players, leader, tricks)
    orders = [players[lead:] + players[:lead] for lead in range(size)]  # each trick's players, by its leader
    lead = players.index(leader)
    results: list[TrickResult] = []
    seated = []  # each trick's cards in the players' order, to be read by column
    for number, cards, won, points in zip(
        count(1), tricks, game.trick_winners(tricks), game.trick_points(tricks), strict=False
    ):
        order = orders[lead]
        pairs = tuple(zip(order, cards))  # noqa: B905  (lengths checked above; the keyword costs a third)
        results.append(TrickResult(number, order[0], pairs, order[won], points))
        seated.append((*cards[size - lead :], *cards[: size - lead]))
        lead = (lead + won) % size
    if not seated:
        return results, {player: [] for player in players}
    return results, dict(zip(players, map(list, zip(*seated, strict=True)), strict=True))


@cache
def _cards_of(deck: Deck) -> frozenset[Card]:
    return frozenset(deck.cards)


def _where(results: Sequence[TrickResult]) -> dict[Card, tuple[int, str]]:
    """Each card of the log, with the trick where it was played and who played it."""
    return {card: (result.number, player) for result in results for player, card in result.cards}


def _refuse(game: Audited, players: tuple[str, ...], leader: str, tricks: Sequence[Sequence[Card]]) -> NoReturn:
    """The log holds a trick of the wrong size, a card outside the deck or a card played twice: say the
    first, in play order."""
    where: dict[Card, tuple[int, str]] = {}
    lead = players.index(leader)
    for number, cards in enumerate(tricks, 1):
        if len(cards) != game.trick_size:
            raise UserError("audit_trick_size", trick=number, held=len(cards), size=game.trick_size)
        order = players[lead:] + players[:lead]
        for player, card in zip(order, cards, strict=True):
            if card not in game.deck:
                raise UserError("audit_card_not_in_deck", trick=number, card=card, player=player, deck=game.deck.name)
            place = (number, player)
            if where.setdefault(card, place) is not place:
                first, by = where[card]
                raise UserError("audit_card_twice", card=card, first=by, first_trick=first, player=player, trick=number)
        lead = (lead + game.trick_winners([cards])[0]) % len(players)
    raise AssertionError("refused_yet_every_trick_passes", tricks)


def _rule(verdict: Verdict) -> str:
    if verdict.rule is None:  # a bug: the quick test and the judge disagree on this card
        raise AssertionError("illegal_yet_no_rule_broken", verdict)
    return verdict.rule


def _play(game: Audited, number: int, player: str, card: Card, earlier: Seen, rule: str) -> Record:
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


def _proof(
    game: Audited,
    number: int,
    player: str,
    card: Card,
    earlier: Seen,
    verdict: Verdict,
    seen_at: dict[Card, tuple[int, str]],
) -> Record:
    """The renonce told with the cards that prove it: legal cards he held, each seen later in the log."""
    held = verdict.legal_cards
    later = tuple(seen_at[witness][0] for witness in held)
    at = record("proof.at_trick" if len(later) == 1 else "proof.at_tricks", None, tricks=later)
    rule = _rule(verdict)
    play = _play(game, number, player, card, earlier, rule)
    where = game.circumstance(rule, earlier)  # what the rule needs said of the trick, if anything
    if where is None:
        return record("proof.renonce", rule, play=play, held=held, at=at)
    return record("proof.renonce_where", rule, play=play, where=where, held=held, at=at)


def _unproven(
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
    rule = _rule(verdict)
    play = _play(game, number, player, card, earlier, rule)
    by_rule: dict[str, list[Card]] = {}
    for other in unseen:
        if card not in game.legal_cards([*hand, other], earlier, player):
            broken = _rule(game.judge([*hand, other], earlier, player, card))
            by_rule.setdefault(broken, []).append(other)
    alternatives = [record("proof.if_held", broken, cards=tuple(cards)) for broken, cards in sorted(by_rule.items())]
    held = alternatives[-1]
    for alternative in reversed(alternatives[:-1]):
        held = record("proof.or_else", None, first=alternative, then=held)
    where = game.circumstance(rule, earlier)
    if where is None:
        return Unproven(number, player, card, rule, record("proof.unproven", None, play=play, held=held))
    return Unproven(number, player, card, rule, record("proof.unproven_where", None, play=play, where=where, held=held))


@cache
def _notes(shown: int, tricks: int) -> tuple[Record, ...]:
    """What the log lets the audit say: all of it, or what it cannot (one tuple for all the logs alike)."""
    if shown == tricks:
        return (record("audit.complete", None),)
    return (
        record("audit.partial", None, shown=shown, tricks=tricks),
        record("audit.partial_counts", None, shown=shown),
    )


@dataclass(frozen=True, slots=True)
class LogAudit:
    """The audit of a trick log, with the points summed by side where the game has sides."""

    audit: Audit
    sides: tuple[tuple[str, ...], ...]

    def side_points(self) -> tuple[int, ...]:
        return tuple(sum(self.audit.points[player] for player in side) for side in self.sides)

    @property
    def summary(self) -> tuple[Record, ...]:
        """Each side's points and tricks (`audit.side`)."""
        return tuple(
            record("audit.side", None, side=side, points=points, tricks=sum(self.audit.tricks_won[p] for p in side))
            for side, points in zip(self.sides, self.side_points(), strict=True)
        )

    def as_dict(self) -> dict[str, Any]:
        sides = [
            {"players": list(side), "points": points, "tricks": sum(self.audit.tricks_won[p] for p in side)}
            for side, points in zip(self.sides, self.side_points(), strict=True)
        ]
        return {**self.audit.as_dict(), "sides": sides}
