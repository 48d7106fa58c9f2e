"""The audit of a trick log and the same log entered as a coup agree, in every manille system (M-3, P-10).

A deal is dealt at random, chien aside (M-11), morts and découverte laid out face up over face down
(M-12, M-16, P-11), and played at random: legal cards mostly, any card the player could reach now
and then. The log is then audited (`engine.audit_log`, as `scorekeeper audit` does) and entered as the
first coup of a new game (`advance`, as `scorekeeper coup --trick` does): the sides' points, chien
included, are the coup's `made`, the first renonce's player is the coup's renonçant (M-8), and the
audit's figure is what the coup scored (P-10).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cards import Card, Suit
from scorekeeper.games import load
from scorekeeper.games.contract import TrickLog
from scorekeeper.games.manille import _RENONCES, legal
from scorekeeper.games.manille.deck import MANILLE
from scorekeeper.games.manille.fiche import CoupResult
from scorekeeper.games.manille.referee import face_down
from scorekeeper.games.manille.replay import advance, start
from scorekeeper.games.manille.scoring import retourne_bonus
from scorekeeper.games.manille.table import camps_of
from scorekeeper.referee import Relation
from scorekeeper.referee.audit import LogAudit
from scorekeeper.rulesets import builtin_names

SYSTEMS = tuple(name for name in builtin_names() if load(name).game == "manille")
PLAYERS = ("Ana", "Bea", "Cid", "Dan")


def test_m3_every_manille_system_is_played_here():
    assert len(SYSTEMS) == 13
    assert {"manillen-101", "manillen-3", "manillen-2", "manille-a-deux", "manille-a-trois", "manille-encheres"} <= set(
        SYSTEMS
    )


class Deal:
    """A deal of one system, played out: the declared coup (its log included) and what the audit is told."""

    def __init__(self, system: str, rng: random.Random, cheat: float, let_pass: bool) -> None:
        self.ruleset = load(system)
        rules = self.rules = self.ruleset.rules
        self.players = PLAYERS[: rules.players]
        self.dealer = self.players[0]  # the first coup of a game: its first player deals (C-3)
        self.state = start(self.ruleset, self.players, self.dealer)
        seats = self.seats = self.state.table.seats
        cards = list(MANILLE.cards)
        rng.shuffle(cards)  # the chien, where there is one, is the last rules.chien cards: never dealt
        hands = {seat: cards[place * rules.tricks : (place + 1) * rules.tricks] for place, seat in enumerate(seats)}
        self.declared: dict[str, Any] = {}
        self.taker = None
        if rules.sides == "taker":  # M-13: a taker and his bid
            self.taker = rng.choice(self.players)
            self.declared.update(taker=self.taker, bid=rng.randint(1, rules.total))
        if rules.trump_from == "retourne":  # M-5: the dealer's last card, turned
            retourne = rng.choice(hands[self.dealer])
            self.trump: Suit | None = retourne.suit
            self.declared["retourne"] = retourne.ascii
        else:
            self.trump = rng.choice([*Suit, *([None] if rules.sans_atout else [])])
            self.declared["trump"] = "sa" if self.trump is None else self.trump.value
        self.alone = self.taker if rules.sides == "taker" else self.dealer if rules.sides == "dealer" else None
        self.leader = self._leader()
        self.layout, under = self._lay_out(rng, hands)
        self.tricks = self._play(rng, hands, under, cheat)
        self.declared["tricks"] = [[card.ascii for card in trick] for trick in self.tricks]
        if self.layout and rng.random() < 0.5:  # P-11: the table tells where the face-down cards lay, or not
            said = {who: [[up.ascii, down.ascii] for up, down in pairs] for who, pairs in self.layout.items()}
            self.declared["layout"] = said
        else:
            self.layout = None
        if let_pass:
            self.declared["let_renonce_pass"] = True

    def _leader(self) -> str:
        """C-3, M-13, M-14: the seat after the dealer, the dealer, or the taker."""
        if self.rules.first_lead == "dealer":
            return self.dealer
        if self.rules.first_lead == "taker":
            assert self.taker is not None
            return self.taker
        return self.seats[(self.seats.index(self.dealer) + 1) % len(self.seats)]

    def _lay_out(self, rng: random.Random, hands: dict[str, list[Card]]) -> tuple[dict[str, Any], dict[Card, Card]]:
        """P-11: each seat's face-down cards under face-up ones, by the name the table gives (a mort's by its
        player's); and each face-down card with the card that covers it."""
        down = face_down(self.rules, self.seats)
        if down is None:
            return {}, {}
        owner = self.state.table.owner
        layout, under = {}, {}
        for seat, count in down.down.items():
            if count:
                table = rng.sample(hands[seat], 2 * count)
                pairs = list(zip(table[:count], table[count:], strict=True))
                layout[owner[seat]] = pairs
                under.update((face_down, up) for up, face_down in pairs)
        return layout, under

    def _play(
        self, rng: random.Random, hands: dict[str, list[Card]], under: dict[Card, Card], cheat: float
    ) -> list[list[Card]]:
        """Every trick, each seat playing a legal card of those it can reach (a face-down card only once the
        card covering it is played), or, at the rate `cheat`, any of them."""
        camps = camps_of(self.state.table, self.rules, self.dealer, self.taker)
        camp = {seat: index for index, seats in enumerate(camps) for seat in seats}
        tricks, lead = [], self.seats.index(self.leader)
        played: set[Card] = set()
        for _ in range(self.rules.tricks):
            earlier: list[tuple[str, Card]] = []
            for seat in (*self.seats[lead:], *self.seats[:lead]):
                reach = [card for card in hands[seat] if card not in under or under[card] in played]
                seen = [(Relation.PARTNER if camp[who] == camp[seat] else Relation.OPPONENT, c) for who, c in earlier]
                allowed = legal.legal_cards(reach, seen, self.trump, self.rules)
                card = rng.choice(reach if rng.random() < cheat else allowed)
                hands[seat].remove(card)
                earlier.append((seat, card))
            tricks.append([card for _, card in earlier])
            played.update(tricks[-1])
            lead = self.seats.index(earlier[legal.trick_winner(tricks[-1], self.trump, self.rules)][0])
        return tricks

    def audited(self) -> LogAudit:
        """The log as `scorekeeper audit` reads it."""
        engine = self.ruleset.engine
        calls = {"bid": self.declared["bid"]} if "bid" in self.declared else None  # M-13: the bid prices it
        seats, layout = self.seats, self.layout
        log = TrickLog(seats, self.leader, self.trump, self.tricks, self.alone, layout, calls)
        return engine.audit_log(self.ruleset, log)

    def entered(self) -> CoupResult:
        """The log as `scorekeeper coup --trick` enters it: the first coup of a new game."""
        return advance(self.state, self.declared).results[-1]


def _agree(system: str, seed: int, cheat: float, let_pass: bool) -> None:
    deal = Deal(system, random.Random(seed), cheat, let_pass)
    audited, coup = deal.audited(), deal.entered()
    assert coup.leader == deal.leader and coup.camps == audited.sides
    assert [trick.winner for trick in coup.tricks] == [trick.winner for trick in audited.audit.tricks]
    renonces = [line.values["player"] for line in coup.log if line.event in _RENONCES]
    if audited.audit.renonces and not let_pass:  # M-8: the first renonce in play order cancels the coup
        assert renonces == [audited.audit.renonces[0].player] and coup.made is None
    else:  # M-3, M-11: every card's points, the chien's with the dealer's
        assert renonces == [] and coup.made == audited.side_points()
        assert sum(audited.side_points()) == deal.rules.total
    assert (audited.chien is not None) == bool(deal.rules.chien)
    # P-10: the audit's figure is what the coup scored, the retourne's points aside (M-5: scored before the
    # coup is played, and standing whatever the coup's outcome, M-8).
    if audited.audit.renonces and let_pass:  # the audit prices the renonce; the table let it pass
        return
    assert audited.figure is not None
    scored = list(coup.scored)
    if "retourne" in deal.declared:
        scored[deal.state.table.column_of(deal.dealer)] -= retourne_bonus(
            Card.parse(deal.declared["retourne"]), deal.rules
        )
    column_of = {column.seats: index for index, column in enumerate(deal.state.table.columns)}
    assert {
        column_of[seats]: points for seats, points in zip(audited.figure.columns, audited.figure.scored, strict=False)
    } == dict(enumerate(scored))


agreeing = given(
    system=st.sampled_from(SYSTEMS),
    seed=st.integers(0, 2**32 - 1),
    cheat=st.sampled_from([0.0, 0.05, 0.2, 1.0]),
    let_pass=st.booleans(),
)


@settings(max_examples=300, deadline=None)
@agreeing
def test_m3_m8_m11_p10_the_audit_and_a_trick_log_coup_agree_in_every_system(system, seed, cheat, let_pass):
    _agree(system, seed, cheat, let_pass)


def test_m11_the_property_reaches_manillen_3s_chien_and_renonces():
    """The deals above do reach what they are about: a chien, a renonce at each system, a legal coup."""
    found = {"chien": 0, "renonce": 0, "legal": 0}
    for seed in range(40):
        deal = Deal("manillen-3", random.Random(seed), 0.2, False)
        audited = deal.audited()
        found["chien"] += audited.chien is not None and audited.chien.points is not None
        found["renonce" if audited.audit.renonces else "legal"] += 1
        _agree("manillen-3", seed, 0.2, False)
    assert found["chien"] == 40 and found["renonce"] and found["legal"]
