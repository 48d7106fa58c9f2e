"""The manille referee as the shared audit sees it, one disputed play, and a coup's trick log (P-1 to P-10).

The audit of `scorekeeper.referee.audit` knows no game: `audited` gives it manille's trick winners,
points (M-1 card points plus M-2 trick points) and legality (`legal`), with the camps of P-7.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from scorekeeper.cards import Card, Suit
from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record
from scorekeeper.games.manille import legal
from scorekeeper.games.manille.calls import check_calls, check_taker, takes_calls
from scorekeeper.games.manille.deck import MANILLE
from scorekeeper.games.manille.declaration import Coup
from scorekeeper.games.manille.rules import ManilleRules, refuse_sans_atout
from scorekeeper.games.manille.scoring import (
    multiplier_of,
    multiplier_product,
    not_charged,
    renonce_cost,
    said,
    score_outcome,
)
from scorekeeper.games.manille.table import Table, audit_table, camps_of, split_camps
from scorekeeper.players import find_player
from scorekeeper.referee import Relation, Verdict
from scorekeeper.referee.audit import Audit, Charge, Chien, Cost, Figure, LogAudit, audit, undealt
from scorekeeper.referee.face_down import FaceDown
from scorekeeper.referee.proof import Audited, Seen

_CALLED = ("contre", "surcontre")  # the calls said by a player (M-6, M-7)
Layout = Mapping[str, Sequence[tuple[Card, Card]]]  # seat -> its table's pairs, (face up, face down) (P-11)


def audited(
    players: Sequence[str], trump: Suit | None, rules: ManilleRules, partners: Callable[[str, str], bool]
) -> Audited:
    """The manille referee (P-1 to P-10) as the audit sees it; points are M-1 card points plus M-2 trick points."""
    if len(players) != rules.seats:
        raise UserError("audit_hands_count", seats=rules.seats, given=len(players))
    points = dict(rules.points)  # a plain dict reads faster than the ruleset's read-only view

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

    def illegal_plays(tricks: Sequence[Seen], plays: Mapping[str, Sequence[Card]]) -> list[tuple[int, int]]:
        return legal.illegal_plays(tricks, plays, partners, trump, rules)

    def circumstance(rule: str, earlier: Seen, player: str) -> Record | None:
        if rule == "P-3":
            return None
        who, master = earlier[legal.trick_winner([card for _, card in earlier], trump, rules)]
        if rule == "P-6" and partners(who, player):  # P-7 is what the player will answer: say it does not lift P-6
            return record("where.partner_undertrumped", None, player=who, card=master)
        return record("where.master", None, player=who, card=master)

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


def has_partners(rules: ManilleRules) -> bool:
    """P-7: does anyone play with a partner? Not each for himself (M-14), nor two alone (M-12): there the
    table's cards need no `P:`/`O:`."""
    return rules.sides != "each" and not (rules.sides == "teams" and rules.players == 2)


def face_down(rules: ManilleRules, seats: Sequence[str], layout: Layout | None = None) -> FaceDown | None:
    """P-11: the seats whose table cards lie partly face down, and the layout the log gives of them.

    M-12 (découverte, two players alone): each player has 8 cards on the table, 4 face down under 4
    face up. M-16 (morts): each mort is 8 table cards, 4 face down under 4 face up; the mort is the
    third and fourth seat, and a layout given under a player's name is his mort's. None elsewhere.
    """
    if rules.sides == "morts":
        down = {seat: rules.tricks // 2 for seat in seats[2:]}
        mort = {seats[0]: seats[2], seats[1]: seats[3]}
    elif rules.sides == "teams" and rules.players == 2:
        down = {seat: rules.tricks // 4 for seat in seats}
        mort = {}
    else:
        if layout:
            raise UserError("layout_no_face_down", "P-11", player=next(iter(layout)))
        return None
    given: dict[str, tuple[tuple[Card, Card], ...]] = {}
    for name, pairs in (layout or {}).items():
        seat = mort.get(find_player(seats, name), find_player(seats, name))
        if seat in given:
            raise UserError("layout_seat_twice", "P-11", player=seat)
        given[seat] = tuple(pairs)
    return FaceDown(down, given)


def audit_manille(
    players: Sequence[str],
    leader: str,
    trump: Suit | None,
    tricks: Sequence[Sequence[Card]],
    rules: ManilleRules,
    partners: Callable[[str, str], bool],
    layout: Layout | None = None,
    retourne: tuple[str, Card] | None = None,
    named: Sequence[Sequence[str] | None] | None = None,
) -> Audit:
    """Audit a manille coup (P-10): trump None is sans-atout; `partners(a, b)` tells who plays with whom (P-7);
    where table cards lie face down (P-11), `layout` places them as far as the log knows; `retourne`, the
    dealer and the card he turned (M-5), is in his hand until the log shows it played (P-11); `named`, the
    players typed on each trick's cards, must be those who play them (C-3, M-3)."""
    cards_down = face_down(rules, players, layout)
    return audit(audited(players, trump, rules, partners), players, leader, tricks, cards_down, retourne, named)


def judge_play(
    rules: ManilleRules,
    name: str,
    trump: Suit | None,
    trick: Sequence[tuple[Relation | None, Card]],
    hand: Sequence[Card],
    card: Card | None,
) -> Verdict:
    """The verdict on `card` (or only the legal cards), P-3 to P-10; each card on the table comes with its
    player's relation to the one about to play (P-7); trump None is sans-atout (P-8)."""
    if trump is None:
        refuse_sans_atout(rules)
    if not has_partners(rules):  # M-12, M-14: every other player is an opponent (P-7)
        if any(relation is Relation.PARTNER for relation, _ in trick):
            raise UserError("each_for_himself", "P-7", ruleset=name)
        trick = [(Relation.OPPONENT, c) for _, c in trick]
    if any(relation is None for relation, _ in trick):
        raise UserError("table_needs_relations")
    if len(hand) > rules.tricks:
        raise UserError("hand_too_big", "C-1", held=len(hand), tricks=rules.tricks)
    if rules.sides in ("teams", "mort", "morts"):
        # C-3: fixed sides sit one seat in two (two teams at four, a player and a mort opposite at à trois and
        # à deux): the seat before you is an opponent's, the one before it a partner's, and so on.
        seated = [
            Relation.PARTNER if (len(trick) - place) % 2 == 0 else Relation.OPPONENT for place in range(len(trick))
        ]
        if [relation for relation, _ in trick] != seated:
            key = {"teams": "teams_seating", "mort": "mort_seating"}.get(rules.sides, "morts_seating")
            raise UserError(key, "C-3", order=" ".join(relation.value + ":" for relation in seated))
    elif rules.sides in ("dealer", "taker"):
        # C-3: one alone against the others (M-11, M-13): the one alone sees opponents only; any other sees
        # one opponent at most (the one alone) and his partners, who are all the others but the two of them.
        partners = sum(relation is Relation.PARTNER for relation, _ in trick)
        if partners > rules.players - 2 or (partners and len(trick) - partners > 1):
            raise UserError("alone_seating", "C-3", most=rules.players - 2)
    return legal.judge(hand, [(relation, c) for relation, c in trick if relation is not None], trump, rules, card)


def audit_log(
    rules: ManilleRules,
    players: Sequence[str],
    leader: str,
    trump: Suit | None,
    tricks: Sequence[Sequence[Card]],
    alone: str | None,
    layout: Layout | None = None,
    calls: Mapping[str, Any] | None = None,
) -> LogAudit:
    """A coup's trick log audited with the camps of the system (P-7): the hands in play order, morts included;
    `alone` plays against the others where the system has one alone (M-11, M-13); trump None is sans-atout (P-8).

    With the coup's `calls` as `coup` declares them (`contre`, `surcontre`, `bid`; `carried`, the ties
    carried into it, M-4), checked as `coup` checks them, the coup is priced as `coup` scores it (P-10).
    """
    if trump is None:
        refuse_sans_atout(rules)
    leader = find_player(players, leader)
    if rules.sides in ("taker", "dealer"):
        if alone is None:
            raise UserError("audit_needs_taker" if rules.sides == "taker" else "audit_needs_dealer", "M-11, M-13")
        alone = find_player(players, alone)
    elif alone is not None:  # no one plays alone here: the taker given would be quietly ignored
        raise UserError("audit_no_taker", "M-11, M-13", taker=alone)
    sides = split_camps(tuple(players), rules.sides, alone)
    table = audit_table(tuple(players), rules.sides)
    dealer = _dealer(rules, table.seats, leader, alone)
    coup, carried, told = _calls(rules, table, sides, trump, dealer, alone, calls or {})
    side_of = {player: index for index, side in enumerate(sides) for player in side}
    result = audit_manille(players, leader, trump, tricks, rules, lambda a, b: side_of[a] == side_of[b], layout)
    # M-11: the chien is the dealer's, who plays alone there and is given; a table's own ruleset with a
    # chien and other sides does not tell the audit who dealt, so its audit leaves the chien out.
    dealt_aside = chien(rules, result, alone) if alone is not None and rules.sides == "dealer" else None
    return _priced(LogAudit(result, sides, dealt_aside), rules, table, coup, carried, told, dealer)


def _dealer(rules: ManilleRules, seats: Sequence[str], leader: str, alone: str | None) -> str:
    """Who dealt the coup audited: the one alone at manillen-3 (M-11), the leader where the dealer leads
    (M-14), else the seat before the leader (C-3; at the enchères the taker leads, M-13, and deals nothing
    that prices the coup)."""
    if rules.sides == "dealer" and alone is not None:
        return alone
    if rules.first_lead == "dealer":
        return leader
    return seats[seats.index(leader) - 1]


def _calls(
    rules: ManilleRules,
    table: Table,
    camps: Sequence[Sequence[str]],
    trump: Suit | None,
    dealer: str,
    alone: str | None,
    calls: Mapping[str, Any],
) -> tuple[Coup, int, list[Record]]:
    """The coup's calls as `coup` declares and checks them (M-6, M-7, M-13), and the ties carried into it
    (M-4); what is told of them."""
    unknown = sorted(set(calls) - {"contre", "surcontre", "bid", "carried"})
    if unknown:
        raise UserError("audit_call_unknown", call=unknown[0])
    contre, surcontre = (None if calls.get(key) is None else find_player(table.seats, calls[key]) for key in _CALLED)
    for key in ("bid", "carried"):
        if calls.get(key) is not None and (isinstance(calls[key], bool) or not isinstance(calls[key], int)):
            raise UserError("not_a_whole_number", key=key, value=calls[key])
    taker = alone if rules.sides == "taker" else None
    bid, carried = calls.get("bid"), calls.get("carried") or 0
    coup = Coup(trump=trump, sans_atout=trump is None, contre=contre, surcontre=surcontre, taker=taker, bid=bid)
    if carried < 0:
        raise UserError("audit_carried_negative", "M-4", carried=carried)
    if carried and not rules.tie_doubles_next:
        raise UserError("audit_carried_no_tie", "M-4", carried=carried)
    if coup.bid is not None or rules.sides != "taker":
        check_taker(coup, rules)
    chooser = {"taker": taker, "announced": None}.get(rules.trump_from, dealer)
    return coup, carried, check_calls(coup, rules, camps, chooser, dealer, carried)


def _priced(
    audited: LogAudit, rules: ManilleRules, table: Table, coup: Coup, carried: int, told: list[Record], dealer: str
) -> LogAudit:
    """P-10, M-8: the first renonce in play order is charged, the coup cancelled there, and each later one is
    not; the coup's figure as `coup` scores it: the renonce's, or, with no renonce, the points of a whole
    log (M-4, M-11, M-13, M-14); a partial log without a renonce has none."""
    audit, camps = audited.audit, camps_of(table, rules, dealer, coup.taker)
    columns = tuple(side.seats for side in table.columns)
    product = multiplier_product(rules, coup.sans_atout, coup.contre is not None, coup.surcontre is not None, carried)
    priced: list[Record] = []
    if not (coup.contre or coup.surcontre or carried) and takes_calls(rules):
        declared = multiplier_of(rules, coup.sans_atout, False, False, 0)
        priced.append(record("audit.priced_as_declared", None, multiplier=declared))
    if rules.sides == "taker" and coup.bid is None:  # M-13: the bid prices the coup, and it was not given
        unpriced = record("renonce_price.unknown", None, cost=renonce_cost(rules))
        later = (Charge(False, None, not_charged(audit.renonces[0])) for _ in audit.renonces[1:])
        charges = (Charge(True, None, unpriced), *later) if audit.renonces else ()
        return replace(audited, charges=charges, priced=(*priced, record("audit.price_needs_bid", "M-13")))
    log = list(told)
    if audit.renonces:
        first = audit.renonces[0]
        outcome = score_outcome(rules, table, camps, coup, first.player, None, product)
        assert outcome.price is not None
        price = outcome.price
        later = (Charge(False, None, not_charged(first)) for _ in audit.renonces[1:])
        charges = (Charge(True, Cost(price.side, price.points, price.arithmetic), price.told), *later)
    elif audit.complete:
        made, aside = made_by_tricks(rules, audit, camps, dealer)
        log += [] if aside is None else [aside]
        outcome = score_outcome(rules, table, camps, coup, None, made, product)
        charges = ()
    else:
        # Nothing is priced, so how it would have been priced goes unsaid.
        return replace(audited, priced=(record("audit.no_figure", None, shown=len(audit.tricks), tricks=rules.tricks),))
    figure = Figure(columns, tuple(outcome.gains), (*log, *outcome.multiplied, *outcome.lines))
    return replace(audited, charges=charges, figure=figure, priced=tuple(priced))


def chien(rules: ManilleRules, result: Audit, dealer: str) -> Chien | None:
    """M-11: the chien goes to the dealer's tricks, its cards the 32 less those played (known from a complete
    log only), its points their card points (M-1: a chien is no trick). None where the system has no chien."""
    if not rules.chien:
        return None
    cards = undealt(MANILLE, result)
    points = None if cards is None else sum(rules.points[card.rank] for card in cards)
    return Chien("M-11", dealer, cards, points)


def made_by_tricks(
    rules: ManilleRules, result: Audit, camps: Sequence[Sequence[str]], dealer: str
) -> tuple[tuple[int, ...], Record | None]:
    """M-3, M-11: the points each camp made in a whole trick log, the chien's (never played) in the dealer's,
    and the line that names the chien: one count for a trick-log coup and the audit's figure."""
    made = [sum(result.points[seat] for seat in camp) for camp in camps]
    aside = chien(rules, result, dealer)
    if aside is None:
        return tuple(made), None
    assert aside.cards is not None and aside.points is not None  # the log is complete
    made[next(i for i, camp in enumerate(camps) if dealer in camp)] += aside.points
    return tuple(made), said("chien_to_dealer", "M-11", cards=aside.cards, points=aside.points, dealer=dealer)
