"""The audit of a whole coup from its trick log, for any trick game (RULES P-10, M-1 to M-3, H-5).

Every card of a deal is played once, so the log rebuilds the hands: at trick k a player holds the
cards he plays from trick k on. Each play is judged against that holding. A card a rule requires stays
required when the hand holds more cards, so the cards shown can prove a renonce. In a partial log a
play is cleared only where every card that would have condemned it is seen elsewhere in the log (the
disputed ones are listed as cleared, with where those cards went), and the plays an unseen card would
turn into renonces are listed as unknown.

The audit knows no game: an `Audited` gives it the tricks' winners and points, the plays a hand did not
allow, and the judge that explains them; each game's `referee.audited` adapts its own referee.
The log is read a whole at a time: a complete, legal log (the common case) costs one pass to replay
it and one quick test of its plays, and only a renonce or a partial log asks for the judge's reasons.

Where a deck is not all dealt into hands (a chien, M-11), the game says whose tricks the cards left
aside go to (`Chien`): a complete log names them, a partial one cannot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from functools import cache
from itertools import chain, count
from typing import Any, NamedTuple, NoReturn

from scorekeeper.cards import Card, Deck
from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record
from scorekeeper.players import check_name, find_player, fold_name
from scorekeeper.referee.face_down import FaceDown, face_down_plays
from scorekeeper.referee.proof import (
    Audited,
    Cleared,
    Counted,
    Renonce,
    Seen,
    Unproven,
    cleared_play,
    counted_proof,
    renonce_proof,
    rule_of,
    unproven_play,
)


# A NamedTuple, not a frozen dataclass: one is built for every trick audited (figures at the games'
# `legal._Table`, which is built for every play: 0.8 µs against 2.1 µs).
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


# A NamedTuple for the same measured reason as `proof.Audited`: one is built for every coup audited.
class Audit(NamedTuple):
    """The audit of a coup: tricks, renonces proven, points and tricks per player, and what stays unknown."""

    tricks: tuple[TrickResult, ...]
    renonces: tuple[Renonce, ...]
    points: dict[str, int]  # per player; the caller sums them by side
    tricks_won: dict[str, int]
    complete: bool
    notes: tuple[Record, ...]
    unknown: tuple[Unproven, ...] = ()
    cleared: tuple[Cleared, ...] = ()  # a partial log's disputed plays, cleared by cards seen elsewhere

    def as_dict(self) -> dict[str, Any]:
        return {
            "tricks": [trick.as_dict() for trick in self.tricks],
            "renonces": [renonce.as_dict() for renonce in self.renonces],
            "points": dict(self.points),
            "tricks_won": dict(self.tricks_won),
            "complete": self.complete,
            "notes": list(self.notes),
            "unknown": [unproven.as_dict() for unproven in self.unknown],
            "cleared": [cleared.as_dict() for cleared in self.cleared],
        }


# --- the audit -----------------------------------------------------------------------------------


def audit(
    game: Audited,
    players: Sequence[str],
    leader: str,
    tricks: Sequence[Sequence[Card]],
    face_down: FaceDown | None = None,
    retourne: tuple[str, Card] | None = None,
    named: Sequence[Sequence[str] | None] | None = None,
) -> Audit:
    """Replay the log: each trick's cards in play order from its leader, `leader` leading the first
    and each winner the next; then judge every play against the hand the log rebuilds.

    With `face_down` (P-11) a play is judged against the cards the player could play then: a card
    under another is not among them, and a later card that may have lain face down proves nothing.
    With `retourne`, the dealer and the card turned at the deal (M-5): it is his from the deal, face up,
    until he plays it (P-11), so a log that stops before he plays it still knows he holds it.
    With `named`, the players typed on each trick's cards (None for a trick without), they are held to
    the players the replay seats there (`check_named`).
    """
    _check_table(game, players, leader, tricks)
    results, plays = _replay(game, tuple(players), leader, tricks)
    check_named(players, results, named)
    complete = len(tricks) == game.tricks
    logged = [result.cards for result in results]
    kept = _kept_retourne(plays, retourne)
    if kept is not None:  # still in the dealer's hand where the log stops: each of his plays is judged with it
        plays[kept[0]].append(kept[1])
    # Each play proven illegal, and the hand that proves it (None: the log's) or the count (P-11).
    hands: dict[tuple[int, int], list[Card] | Counted | None]
    doubts: dict[tuple[int, int], Unproven] = {}
    if face_down is None or not any(face_down.down.values()):
        # At the last trick of the log each hand shown holds one card, always legal: no need to ask.
        hands = dict.fromkeys(game.illegal_plays(logged if kept else logged[:-1], plays))
    else:
        hands, doubts = face_down_plays(game, logged, plays, face_down, [] if complete else _unseen(game, plays))
    unknown = list(doubts.values())
    renonces: list[Renonce] = []
    for (index, place), certain in sorted(hands.items(), key=lambda item: item[0]):  # in play order (M-8)
        number, (player, card), earlier = index + 1, logged[index][place], logged[index][:place]
        if isinstance(certain, Counted):
            verdict = game.judge(certain.hand, earlier, player, card)
            proof = counted_proof(game, number, player, card, earlier, verdict, certain)
        else:
            hand = plays[player][index:] if certain is None else certain
            verdict = game.judge(hand, earlier, player, card)
            proof = renonce_proof(game, number, player, card, earlier, verdict, _where(results), kept)
        renonces.append(Renonce(number, player, card, rule_of(verdict), proof, verdict.legal_cards))
    doubted_plays = set(doubts)
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
                unknown.append(unproven_play(game, number, player, card, earlier, verdict, hand, unseen))
                doubted_plays.add((index, place))
    cleared = () if complete else _cleared(game, logged, plays, results, hands.keys() | doubted_plays)
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
        notes=_notes(len(tricks), game.tricks, len(unknown)),
        unknown=tuple(unknown),
        cleared=cleared,
    )


def check_named(
    players: Sequence[str], results: Sequence[TrickResult], named: Sequence[Sequence[str] | None] | None
) -> None:
    """C-3, M-3: the players named on a trick's cards (`B:AS C:KS ...`, folded as C-4 folds them) are
    those who play it, in that order: its leader (the first trick's as given, each next one the winner
    of the trick before), then the next seats in seating order. A log started from the wrong player
    would read as another coup with the sides swapped: it is refused, naming the trick and both names."""
    for result, names in zip(results, named or (), strict=False):
        if names is None:
            continue
        seats = [seat for seat, _ in result.cards]
        for place, (name, seat) in enumerate(zip(names, seats, strict=True)):
            if find_player(players, name) == seat:
                continue
            if place:
                said = {"previous": seats[place - 1]}
                raise UserError("named_out_of_turn", "C-3, M-3", trick=result.number, given=name, expected=seat, **said)
            key, won = ("named_leader", {}) if result.number == 1 else ("named_leader_won", {"won": result.number - 1})
            raise UserError(key, "C-3, M-3", trick=result.number, given=name, expected=seat, **won)


def _cleared(
    game: Audited,
    logged: Sequence[Seen],
    plays: Mapping[str, Sequence[Card]],
    results: Sequence[TrickResult],
    settled: Set[tuple[int, int]],
) -> tuple[Cleared, ...]:
    """A partial log's disputed plays that it clears (P-10): neither proven nor left unknown, yet a card
    would have made each a renonce had the player held it, and every such card is seen elsewhere in the
    log (played earlier by the player, or by another). Asked only of partial logs: one quick test a play,
    the reasons only for the plays it flags."""
    seen_at = _where(results)
    found = []
    for index, trick in enumerate(logged):
        for place in range(1, len(trick)):
            if (index, place) in settled:
                continue
            player, card = trick[place]
            earlier, hand = trick[:place], plays[player][index:]
            on_table = {c for _, c in earlier}
            gone = [c for c in seen_at if c not in on_table and c not in hand]
            if card in game.legal_cards([*hand, *gone], earlier, player):
                continue  # no card seen elsewhere would have condemned it
            if card not in game.legal_cards(hand, earlier, player):
                continue  # a face-down card of its own condemns it; the layout clears it (P-11)
            condemning: dict[str, list[Card]] = {}
            for other in gone:
                if card not in game.legal_cards([*hand, other], earlier, player):
                    broken = rule_of(game.judge([*hand, other], earlier, player, card))
                    condemning.setdefault(broken, []).append(other)
            found.append(cleared_play(game, index + 1, player, card, earlier, condemning, seen_at))
    return tuple(found)


def _kept_retourne(plays: Mapping[str, Sequence[Card]], retourne: tuple[str, Card] | None) -> tuple[str, Card] | None:
    """The dealer and his retourne where the log does not show it played (M-5, P-11); a retourne the log
    shows in another's hand is the caller's to refuse."""
    if retourne is None or retourne[0] not in plays or any(retourne[1] in cards for cards in plays.values()):
        return None
    return retourne


def _unseen(game: Audited, plays: Mapping[str, Sequence[Card]]) -> list[Card]:
    """The cards of the deck a partial log does not show."""
    shown = set().union(*plays.values())
    return [card for card in game.deck.cards if card not in shown]


def _check_table(game: Audited, players: Sequence[str], leader: str, tricks: Sequence[Sequence[Card]]) -> None:
    if len(players) != game.trick_size:
        raise UserError("audit_players_count", given=len(players), size=game.trick_size)
    for player in players:  # C-4: a name as `new` takes it, told apart from the others as `new` tells them
        check_name(player)
    folded = [fold_name(player) for player in players]
    if len(set(folded)) != len(folded):
        twice = next(player for place, player in enumerate(players) if folded[place] in folded[:place])
        raise UserError("audit_player_twice", "C-4", name=twice, players=tuple(players))
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


@cache
def _notes(shown: int, tricks: int, unproven: int) -> tuple[Record, ...]:
    """What the log lets the audit say: all of it, or what it cannot (one tuple for all the logs alike).
    A complete log knows every hand, yet where cards lay face down it may leave plays not proven (P-11)."""
    if shown == tricks:
        if unproven:
            return (record("audit.complete_unproven", "P-11", count=unproven),)
        return (record("audit.complete", None),)
    return (
        record("audit.partial", None, shown=shown, tricks=tricks),
        record("audit.partial_counts", None, shown=shown),
    )


class Cost(NamedTuple):
    """What a renonce costs (P-10, M-8): the players it goes to (or counts against), the points each scores,
    and how they are reached (`30 x 2 = 60`, or `34`)."""

    side: tuple[str, ...]
    points: int
    arithmetic: str

    def as_dict(self) -> dict[str, Any]:
        return {"side": list(self.side), "points": self.points, "arithmetic": self.arithmetic}


class Charge(NamedTuple):
    """A renonce as the coup's figure takes it (P-10): charged or not, its cost where the game sets one,
    and what is said of it: the price, or why it is not charged (M-8: the coup was cancelled before)."""

    charged: bool
    cost: Cost | None
    told: Record

    def as_dict(self) -> dict[str, Any]:
        return {"charged": self.charged, "cost": None if self.cost is None else self.cost.as_dict(), "told": self.told}


class Figure(NamedTuple):
    """The coup's outcome as its game scores the coup entered (P-10): each column's score, and the records
    that say why (the calls, the multiplier, the renonce or the points made)."""

    columns: tuple[tuple[str, ...], ...]
    scored: tuple[int, ...]
    log: tuple[Record, ...]

    def as_dict(self) -> dict[str, Any]:
        sides = [{"players": list(c), "points": p} for c, p in zip(self.columns, self.scored, strict=True)]
        return {"sides": sides, "log": list(self.log)}

    @property
    def told(self) -> Record:
        """Each column's score in one line (`audit.figure_sides`)."""
        scores = tuple(
            record("audit.figure_side", None, side=column, points=points)
            for column, points in zip(self.columns, self.scored, strict=True)
        )
        return record("audit.figure_sides", None, scores=scores)


def undealt(deck: Deck, result: Audit) -> tuple[Card, ...] | None:
    """The cards of the deck that no trick holds (a chien), in the deck's order: what a complete log does
    not show. A partial log cannot tell them from the cards still in hand: None."""
    if not result.complete:
        return None
    played = {card for trick in result.tricks for _, card in trick.cards}
    return tuple(card for card in deck.cards if card not in played)


@dataclass(frozen=True, slots=True)
class Chien:
    """The cards of a deck not all dealt into hands (manillen-3's chien): never played, they count in the
    tricks of one player, `to`; `rule` is the game's for it. `cards` and `points` are None where the log
    is partial, which cannot tell them from the cards still in hand."""

    rule: str
    to: str
    cards: tuple[Card, ...] | None
    points: int | None

    @property
    def told(self) -> Record:
        """`chien: 7♣ and K♣, 3 points, to A`, or that a partial log leaves it unknown."""
        if self.cards is None:
            return record("audit.chien_unknown", self.rule, player=self.to)
        return record("audit.chien", self.rule, cards=self.cards, points=self.points, player=self.to)

    def as_dict(self) -> dict[str, Any] | None:
        if self.cards is None:
            return None
        return {"cards": [card.ascii for card in self.cards], "points": self.points, "to": self.to}


@dataclass(frozen=True, slots=True)
class LogAudit:
    """The audit of a trick log, with the points summed by side where the game has sides; each renonce's
    charge and the coup's figure where the game prices them (P-10), and what it says of the pricing.

    Where the deck is not all dealt into hands, `chien` is what was left aside; its points are in the
    side of the player whose tricks they go to (`side_points`), never in a player's `points` (his tricks')."""

    audit: Audit
    sides: tuple[tuple[str, ...], ...]
    chien: Chien | None = None
    charges: tuple[Charge, ...] = ()  # one for each of `audit.renonces`
    figure: Figure | None = None
    priced: tuple[Record, ...] = ()  # how the figure was priced, or why there is none
    points_counted: bool = True  # False where cards score no points (l'hombre): tricks alone are told

    def side_points(self) -> tuple[int, ...]:
        chien = self.chien
        extra = 0 if chien is None or chien.points is None else chien.points
        return tuple(
            sum(self.audit.points[player] for player in side) + (extra if chien and chien.to in side else 0)
            for side in self.sides
        )

    @property
    def summary(self) -> tuple[Record, ...]:
        """The chien where there is one, then each side's points and tricks (`audit.side`)."""
        won = self.audit.tricks_won
        if not self.points_counted:
            return tuple(
                record("audit.side_tricks", None, side=side, tricks=sum(won[p] for p in side)) for side in self.sides
            )
        sides = tuple(
            record("audit.side", None, side=side, points=points, tricks=sum(won[p] for p in side))
            for side, points in zip(self.sides, self.side_points(), strict=True)
        )
        return sides if self.chien is None else (self.chien.told, *sides)

    def as_dict(self) -> dict[str, Any]:
        sides = [
            {"players": list(side), "points": points, "tricks": sum(self.audit.tricks_won[p] for p in side)}
            for side, points in zip(self.sides, self.side_points(), strict=True)
        ]
        audited = self.audit.as_dict()
        if self.charges:
            audited["renonces"] = [
                {**renonce, **charge.as_dict()}
                for renonce, charge in zip(audited["renonces"], self.charges, strict=True)
            ]
        audited["notes"] += self.priced
        audited["figure"] = None if self.figure is None else self.figure.as_dict()
        if self.chien is None:  # a game that deals its whole deck: no `chien` key
            return {**audited, "sides": sides}
        if self.chien.cards is None:  # unknown: `chien` is null, and a note says why
            audited["notes"].append(self.chien.told)
        return {**audited, "sides": sides, "chien": self.chien.as_dict()}
