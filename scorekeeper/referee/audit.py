"""The audit of a whole coup from its trick log, for manille and l'hombre (RULES P-10, M-1 to M-3, H-5).

Every card of a deal is played once, so the log rebuilds the hands: at trick k a player holds the
cards he plays from trick k on. Each play is judged against that holding. A card a rule requires stays
required when the hand holds more cards, so the cards shown can prove a renonce; in a partial log they
cannot clear a play, and the plays an unseen card would turn into renonces are listed as unknown.

The audit knows no game: a `Game` gives it the trick winner, the points of a trick and the judge;
`manille_game` and `hombre_game` adapt the two referees.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.cards import HOMBRE, MANILLE, Card, Deck, Suit
from scorekeeper.errors import UserError
from scorekeeper.referee import Relation, Verdict, hombre, manille
from scorekeeper.rulesets import ManilleRules

# The cards already in a trick, in play order, each with the player who played it.
Seen = Sequence[tuple[str, Card]]


@dataclass(frozen=True)
class Game:
    """What the audit asks of a game."""

    deck: Deck
    trick_size: int
    tricks: int  # in a deal
    suit_of: Callable[[Card], Suit]  # the suit a card follows (hombre: the black aces are trumps)
    trump: Suit | None
    trick_winner: Callable[[Sequence[Card]], int]
    trick_points: Callable[[Sequence[Card]], int]  # what the trick is worth to its winner
    legal_cards: Callable[[Sequence[Card], Seen, str], tuple[Card, ...]]  # hand, earlier cards, player
    judge: Callable[[Sequence[Card], Seen, str, Card], Verdict]
    circumstance: Callable[[str, Seen], str]  # what a proof under this rule must say of the trick


def manille_game(
    players: Sequence[str], trump: Suit | None, rules: ManilleRules, partners: Callable[[str, str], bool]
) -> Game:
    """The manille referee (P-1 to P-10) as the audit sees it; points are M-1 card points plus M-2 trick points."""
    if len(players) != rules.seats:
        raise UserError(f"this ruleset plays {rules.seats} hands (morts included), {len(players)} given")
    relation = {
        (other, player): Relation.PARTNER if partners(other, player) else Relation.OPPONENT
        for other in players
        for player in players
        if other != player
    }

    def seen_by(player: str, earlier: Seen) -> list[tuple[Relation, Card]]:
        return [(relation[other, player], card) for other, card in earlier]

    def winner(cards: Sequence[Card]) -> int:
        return manille.trick_winner(cards, trump, rules)

    def circumstance(rule: str, earlier: Seen) -> str:
        if rule == "P-3":
            return ""
        who, master = earlier[winner([card for _, card in earlier])]
        return f", where {who}'s {master} was master,"

    return Game(
        deck=MANILLE,
        trick_size=len(players),
        tricks=rules.tricks,
        suit_of=lambda card: card.suit,
        trump=trump,
        trick_winner=winner,
        trick_points=lambda cards: sum(rules.points[card.rank] for card in cards) + rules.trick_points,
        legal_cards=lambda hand, earlier, player: manille.legal_cards(hand, seen_by(player, earlier), trump, rules),
        judge=lambda hand, earlier, player, card: manille.judge(hand, seen_by(player, earlier), trump, rules, card),
        circumstance=circumstance,
    )


def hombre_game(trump: Suit) -> Game:
    """The hombre referee (H-1 to H-5) as the audit sees it: each for himself, tricks count, not points."""

    def circumstance(rule: str, earlier: Seen) -> str:
        # A matador led is named: H-4 turns on it, and a black ace leads the trump suit, not its own.
        who, lead = earlier[0]
        name = hombre.matador_name(lead, trump)
        return f", where {who} led the {name} {lead}," if name else ""

    return Game(
        deck=HOMBRE,
        trick_size=hombre.PLAYERS,
        tricks=hombre.TRICKS,
        suit_of=lambda card: hombre.suit_of(card, trump),
        trump=trump,
        trick_winner=lambda cards: hombre.trick_winner(cards, trump),
        trick_points=lambda cards: 0,
        legal_cards=lambda hand, earlier, player: hombre.legal_cards(hand, [card for _, card in earlier], trump),
        judge=lambda hand, earlier, player, card: hombre.judge(hand, [card for _, card in earlier], trump, card),
        circumstance=circumstance,
    )


# --- what the audit finds ------------------------------------------------------------------------


@dataclass(frozen=True)
class TrickResult:
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


@dataclass(frozen=True)
class Renonce:
    """A play the log proves illegal (P-10), with the rule, the proof and the cards that were legal."""

    trick: int
    player: str
    card: Card
    rule: str
    proof: str
    legal_cards: tuple[Card, ...]

    def as_dict(self) -> dict[str, Any]:
        return {**_play_dict(self), "proof": self.proof, "legal_cards": [card.ascii for card in self.legal_cards]}


@dataclass(frozen=True)
class Unproven:
    """A play of a partial log that a card the log does not show would make a renonce: it stays unknown."""

    trick: int
    player: str
    card: Card
    rule: str
    note: str

    def as_dict(self) -> dict[str, Any]:
        return {**_play_dict(self), "note": self.note}


def _play_dict(play: Renonce | Unproven) -> dict[str, Any]:
    return {"trick": play.trick, "player": play.player, "card": play.card.ascii, "rule": play.rule}


@dataclass(frozen=True)
class Audit:
    """The audit of a coup: tricks, renonces proven, points and tricks per player, and what stays unknown."""

    tricks: tuple[TrickResult, ...]
    renonces: tuple[Renonce, ...]
    points: dict[str, int]  # per player; the caller sums them by side
    tricks_won: dict[str, int]
    complete: bool
    notes: tuple[str, ...]
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


def audit_manille(
    players: Sequence[str],
    leader: str,
    trump: Suit | None,
    tricks: Sequence[Sequence[Card]],
    rules: ManilleRules,
    partners: Callable[[str, str], bool],
) -> Audit:
    """Audit a manille coup (P-10): trump None is sans-atout; `partners(a, b)` tells who plays with whom (P-7)."""
    return audit(manille_game(players, trump, rules, partners), players, leader, tricks)


def audit_hombre(players: Sequence[str], leader: str, trump: Suit, tricks: Sequence[Sequence[Card]]) -> Audit:
    """Audit an hombre coup (H-3 to H-5): three players, nine tricks, tricks counted per player."""
    return audit(hombre_game(trump), players, leader, tricks)


def audit(game: Game, players: Sequence[str], leader: str, tricks: Sequence[Sequence[Card]]) -> Audit:
    """Replay the log: each trick's cards in play order from its leader, `leader` leading the first
    and each winner the next; then judge every play against the hand the log rebuilds.
    """
    _check_table(game, players, leader, tricks)
    results, where = _replay(game, tuple(players), leader, tricks)
    complete = len(tricks) == game.tricks
    # In a partial log an unseen card may be in anyone's hand; in a complete one every hand is known.
    unseen = [] if complete else [card for card in game.deck.cards if card not in where]
    plays: dict[str, list[Card]] = {player: [] for player in players}
    for result in results:
        for player, card in result.cards:
            plays[player].append(card)
    renonces: list[Renonce] = []
    unknown: list[Unproven] = []
    for index, result in enumerate(results):
        for place in range(1, len(result.cards)):
            player, card = result.cards[place]
            hand = plays[player][index:]
            earlier = result.cards[:place]
            # A hand's last card is always legal: no need to ask the referee.
            if len(hand) > 1 and card not in game.legal_cards(hand, earlier, player):
                verdict = game.judge(hand, earlier, player, card)
                proof = _proof(game, result.number, player, card, earlier, verdict, where)
                renonces.append(Renonce(result.number, player, card, _rule(verdict), proof, verdict.legal_cards))
            elif unseen and card not in game.legal_cards(hand + unseen, earlier, player):
                verdict = game.judge(hand + unseen, earlier, player, card)
                unknown.append(_unproven(game, result.number, player, card, earlier, verdict, hand, unseen))
    points = {player: 0 for player in players}
    tricks_won = {player: 0 for player in players}
    for result in results:
        points[result.winner] += result.points
        tricks_won[result.winner] += 1
    return Audit(
        tricks=tuple(results),
        renonces=tuple(renonces),
        points=points,
        tricks_won=tricks_won,
        complete=complete,
        notes=_notes(game, len(tricks)),
        unknown=tuple(unknown),
    )


def _check_table(game: Game, players: Sequence[str], leader: str, tricks: Sequence[Sequence[Card]]) -> None:
    if len(players) != game.trick_size:
        raise UserError(f"{len(players)} players given: this game is played by {game.trick_size}")
    for place, player in enumerate(players):
        if player in players[:place]:
            raise UserError(f"{player!r} is named twice among the players ({', '.join(players)})")
    if leader not in players:
        raise UserError(f"the leader {leader!r} is not one of the players ({', '.join(players)})")
    if len(tricks) > game.tricks:
        raise UserError(f"{len(tricks)} tricks given: a deal has only {game.tricks}")


def _replay(
    game: Game, players: tuple[str, ...], leader: str, tricks: Sequence[Sequence[Card]]
) -> tuple[list[TrickResult], dict[Card, tuple[int, str]]]:
    """Each trick's players, winner and points, and where each card was played; refuses an impossible log."""
    results = []
    where: dict[Card, tuple[int, str]] = {}
    lead = players.index(leader)
    for number, cards in enumerate(tricks, 1):
        if len(cards) != game.trick_size:
            raise UserError(f"trick {number} has {len(cards)} cards: a trick has {game.trick_size}, one per player")
        order = players[lead:] + players[:lead]
        for player, card in zip(order, cards, strict=True):
            if card not in game.deck:
                raise UserError(f"trick {number}: {card}, played by {player}, is not in the {game.deck.name} deck")
            place = (number, player)
            if where.setdefault(card, place) is not place:
                first, by = where[card]
                raise UserError(f"{card} is played twice: by {by} at trick {first} and by {player} at trick {number}")
        won = game.trick_winner(cards)
        results.append(
            TrickResult(number, order[0], tuple(zip(order, cards, strict=True)), order[won], game.trick_points(cards))
        )
        lead = (lead + won) % len(players)
    return results, where


def _rule(verdict: Verdict) -> str:
    if verdict.rule is None:
        raise AssertionError(f"the referees disagree on {verdict.card}: illegal, yet no rule broken")
    return verdict.rule


def _verb(game: Game, card: Card, led: Suit, rule: str) -> str:
    suit = game.suit_of(card)
    if suit == led:
        return f"played {card}"
    if suit == game.trump:
        return f"under-trumped with {card}" if rule == "P-6" else f"trumped with {card}"
    return f"discarded {card}"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _what(game: Game, number: int, player: str, card: Card, earlier: Seen, rule: str) -> str:
    """`Brun discarded 8♣ on a ♥ lead at trick 3`, with what the rule needs said of the trick."""
    led = game.suit_of(earlier[0][1])
    lead = f"a {led.symbol} lead" if led != game.trump else f"a trump ({led.symbol}) lead"
    context = game.circumstance(rule, earlier)
    return f"{player} {_verb(game, card, led, rule)} on {lead} at trick {number}{context}"


def _proof(
    game: Game,
    number: int,
    player: str,
    card: Card,
    earlier: Seen,
    verdict: Verdict,
    where: dict[Card, tuple[int, str]],
) -> str:
    """The renonce told with the cards that prove it: legal cards he held, each seen later in the log."""
    held = verdict.legal_cards
    later = [str(where[witness][0]) for witness in held]
    tricks = f"trick {later[0]}" if len(later) == 1 else f"tricks {_and(later)}"
    rule = _rule(verdict)
    what = _what(game, number, player, card, earlier, rule)
    return f"{what} while holding {_and([str(c) for c in held])}, which he played at {tricks} ({rule})"


def _unproven(
    game: Game,
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
    what = _what(game, number, player, card, earlier, rule)
    by_rule: dict[str, list[str]] = {}
    for other in unseen:
        if card not in game.legal_cards([*hand, other], earlier, player):
            broken = _rule(game.judge([*hand, other], earlier, player, card))
            by_rule.setdefault(broken, []).append(str(other))
    held = "; or ".join(f"{' or '.join(cards)} ({broken})" for broken, cards in sorted(by_rule.items()))
    note = f"{what.rstrip(',')}: not proven, the log does not show his whole hand; it was a renonce if he held {held}"
    return Unproven(number, player, card, rule, note)


def _notes(game: Game, shown: int) -> tuple[str, ...]:
    if shown == game.tricks:
        return ("complete log: every hand is known, every play is proven or cleared",)
    return (
        f"partial log: {shown} of {game.tricks} tricks; a hand is known only by the cards it plays in the log,"
        " so a renonce can be proven but a play cannot be cleared",
        f"points and tricks count only the {shown} trick{'s' if shown != 1 else ''} shown",
    )
