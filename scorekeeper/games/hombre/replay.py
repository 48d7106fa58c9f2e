"""The hombre replay: every declared coup played into the money, one at a time (RULES H-7, H-9 to H-19).

Pure: no I/O. `advance` is the only way a figure is made; each coup keeps its payments, each with its
explanation and rule id, and a log that tells the coup line by line. Replay is linear in the number of
coups (the waiting bêtes are a heap).
"""

from __future__ import annotations

import heapq
import operator
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from scorekeeper.errors import CoupRefused, UserError
from scorekeeper.explain import Record, record
from scorekeeper.fast import memo
from scorekeeper.games.hombre.bidding import Contract
from scorekeeper.games.hombre.coup import Coup, coup_field, declared_key
from scorekeeper.games.hombre.fiche import BeteFate, CoupResult, HombreFiche, PartialHombreFiche, after
from scorekeeper.games.hombre.money import (
    Bete,
    Payment,
    caves_needed,
    counts_toward_end,
    doubled,
    enjeu,
    half,
    marks_before_next,
    normalising_exception,
    occasional_payments,
    pay_bete,
    poule_jetons,
    take_poule,
    vole_without_waiting_bete,
)
from scorekeeper.games.hombre.outcome import Decision, Outcome, decide
from scorekeeper.games.hombre.rules import HombreRules
from scorekeeper.players import check_players as check_seating
from scorekeeper.players import find_player

PLAYERS = 3


def check_players(players: Sequence[str]) -> None:
    """L'hombre is played by three (H-7, C-3), names told apart without case or accents."""
    check_seating(players, PLAYERS)


Stakes = int | tuple[int, str, int]  # the marks, with the owner and amount of the bête in play if any


# The replay's own records below are plain classes with slots: made once and read on every coup, and
# a slot is read faster than a NamedTuple's field.


class _Block:
    """Payments in the order the table makes them, the lines of the log that tell them, and what they move."""

    __slots__ = ("payments", "lines", "moves", "losers")

    def __init__(self, payments: tuple[Payment, ...], lines: tuple[Record, ...], moves: tuple[int, ...]) -> None:
        self.payments = payments
        self.lines = lines
        self.moves = moves  # what each seat wins (+) or loses (-) by them, in half jetons
        # The seats that lose by them: only they can need a cave (H-12).
        self.losers = tuple(seat for seat, move in enumerate(moves) if move < 0)


class _Settling:
    """What a kind of coup settles: the same for every declaration with this outcome, takers, hombre,
    contract and matadors, whatever its tricks (those are told in the outcome's own line).

    Made once a partie. Its occasional payments (H-13, H-15) are made at once; the poule it takes
    (H-13), what the whole coup settles (unless a vole sweeps waiting bêtes), and the marks of the next
    poule (H-16) are made the first time their stakes are met.
    """

    __slots__ = (
        "outcome",
        "takers",
        "hombre",
        "tiers",
        "occasional",
        "poules",
        "settled",
        "following",
        "passed",
        "makes_bete",
        "sweeps_waiting",
        "counts_toward_end",
    )

    def __init__(
        self, outcome: Outcome, takers: tuple[str, ...], hombre: str | None, tiers: tuple[str, ...], occasional: _Block
    ) -> None:
        self.outcome = outcome
        self.takers = takers
        self.hombre = hombre
        self.tiers = tiers
        self.occasional = occasional  # H-13, H-15: the sans prendre or the retourne, and the matadors
        self.poules: dict[int, _Block] = {}  # the poule taken (H-13), by marks
        self.settled: dict[Stakes, _Block] = {}  # the whole coup, unless a vole sweeps waiting bêtes
        # The next marks and why (H-16), by the marks, a bête left, a bête in play.
        self.following: dict[tuple[int, bool, bool], tuple[int, Record]] = {}
        # What the outcome means for the table, asked once (H-13, H-19).
        self.passed = outcome is Outcome.PASSED
        self.makes_bete = outcome.makes_bete
        self.sweeps_waiting = outcome.sweeps_waiting
        self.counts_toward_end = counts_toward_end(outcome)


# A NamedTuple for the start-up of `sheet`, which creates this class at every start (figure at `money.Bete`).
class _Reading(NamedTuple):
    """A declaration read and checked once a partie (Coup.from_dict), and decided once (H-9 to H-11)."""

    coup: Coup
    decision: Decision
    settling: _Settling


class State:
    """The state between two coups: balances, caves, the poule, the bêtes. Played one coup at a time.

    A long ledger repeats the same few declarations, and the same few kinds of coup at the same few
    stakes: nothing is done twice. Each distinct declaration is read once (`_read`), each kind of coup
    settled once for each stakes (`_Settling`), each bête's payment made once for its owner and amount;
    every line that repeats is made once for the partie. This memo of the partie is the replay's one
    large speed trick: 10,000 coups recomputed in 0.07 s with it, 0.27 s without (bench/bench.py,
    in-process, medians of runs interleaved on a busy machine; issue 25).
    """

    def __init__(self, rules: HombreRules, players: tuple[str, ...], dealer: str) -> None:
        self.rules = rules
        self.players = players
        self.first = players.index(dealer)
        self.turn = self.first  # the next dealer's seat: a dealer the table names moves it
        self.seats = {player: seat for seat, player in enumerate(players)}
        self.tiers = {hombre: tuple(p for p in players if p != hombre) for hombre in players}
        # Who is premier, and the deal line, have three forms each: made once, not once a coup.
        self.premiers = {p: after(players, p) for p in players}
        self.deal_lines = {p: record("deal", "H-7", dealer=p, premier=self.premiers[p]) for p in players}
        self.readings: dict[tuple[Any, ...], _Reading] = {}
        self.settlings: dict[tuple[Any, ...], _Settling] = {}
        self.bete_payments: dict[tuple[str, int, tuple[str, ...], bool], _Block] = {}
        self.stakes: dict[Stakes, tuple[int, int, Record]] = {}
        # What each coup's line of the fiche shows, in seating order; the balances in half jetons.
        self.halves_now = (0,) * len(players)
        self.caves_now = (1,) * len(players)  # H-12: each starts with a cave
        self.marks = rules.marks_first
        self.in_play: Bete | None = None
        self.waiting: list[tuple[int, int, Bete]] = []  # heap: largest first, then the oldest
        self.fates: dict[int, BeteFate] = {}  # every bête made, by number, so in the order made
        self.made = 0
        self.poules_tirees = 0
        self.over = False
        self.results: list[CoupResult] = []
        self.count = 0  # the coups played, those before a restored state's (which it holds no line of) included
        self.prepared: tuple[Record, ...] = (
            record("partie_starts", "H-16", marks=self.marks, poule=poule_jetons(self.marks)),
        )

    def dealer(self) -> str:
        """C-3, H-7: the deal passes to the next player after every coup, three passes included, from
        whoever dealt the last one (a dealer the table named)."""
        return self.players[self.turn % len(self.players)]

    def play(self, data: Mapping[str, Any]) -> CoupResult:
        number = self.count + 1
        if self.over:
            raise CoupRefused("coup_after_the_end", "H-19", number=number, poules=self.poules_tirees)
        expected = dealer = self.dealer()
        named = data.get("dealer") if type(data) is dict else None
        if named is not None:
            try:
                dealer = find_player(self.players, str(named))
            except UserError as error:
                raise CoupRefused.of(error, number) from None
        key = declared_key(data, dealer)
        reading = None if key is None else self.readings.get(key)
        if reading is None:
            reading = self._read(data, dealer, number, key)
        coup, decision, settling = reading
        if coup.pay is not None:
            return self._agreement(coup, number, dealer)
        self.turn = self.seats[dealer] + 1
        marks, bete = self.marks, self.in_play
        # The stakes, and what the coup settles unless a vole sweeps waiting bêtes, depend only on the
        # marks and the owner and amount of the bête in play (with the kind of coup): made once for each.
        stakes = marks if bete is None else (marks, bete.owner, bete.amount)
        poule, stake, said = self.stakes.get(stakes) or self._stake(stakes, marks, bete)
        if settling.passed:
            block = _NOTHING
        elif self.waiting and settling.sweeps_waiting:  # a vole settles the waiting bêtes too (H-13)
            block = self._settlement(settling, marks, bete, stake, number)
        else:
            block = settling.settled.get(stakes) or self._settle_kind(settling, stakes, marks, bete, stake)
        if bete is not None and settling.takers:
            self._settled(bete, settling.takers, number)
        log = [self.deal_lines[dealer], *self.prepared, said, decision.why, *block.lines]
        if dealer != expected:
            log.insert(1, record("dealt_by_named", None, dealer=dealer, expected=expected))
        bete_made = None
        if settling.makes_bete:
            bete_made = self._make_bete(settling.hombre, stake, number, log)
        if block.losers:
            self._pay(block, log)
        if settling.takers:  # the poule taken (H-13)
            self.in_play = None
        if settling.counts_toward_end:
            self.poules_tirees += 1
            # past the partie's length, under play-on, "4 of 3" would read as an error (H-19)
            past = self.poules_tirees > self.rules.poules
            event = "poules_taken_past" if past else "poules_taken"
            log.append(record(event, "H-19", taken=self.poules_tirees, poules=self.rules.poules))
        self._prepare_next(marks, bete, settling, log)
        result = CoupResult._make(  # from a tuple: quicker than sixteen arguments
            (
                number,
                dealer,
                self.premiers[dealer],
                coup,
                marks,
                poule,
                bete,
                stake,
                settling.outcome,
                settling.takers,
                block.payments,
                bete_made,
                self.halves_now,
                self.caves_now,
                self.poules_tirees,
                tuple(log),
            )
        )
        self.results.append(result)
        self.count = number
        return result

    def _read(self, data: Mapping[str, Any], dealer: str, number: int, key: tuple[Any, ...] | None) -> _Reading:
        """The declaration read and checked (Coup.from_dict) and decided (H-9 to H-11): once for all the
        declarations that say the same (`key`, from `declared_key`; None: this one only).
        """
        try:
            coup = Coup.from_dict(data, self.rules, self.players, dealer)
        except UserError as error:
            raise CoupRefused.of(error, number) from None
        if coup.passed or coup.pay is not None:
            reading = _Reading(coup, _PASSED, self._settling(coup, _PASSED))
        else:
            assert coup.hombre is not None and coup.contract is not None
            decision = _decided(coup.hombre, coup.contract, coup.tricks, coup.vole_engagee, coup.espadille_forcee)
            if coup.gano_remise:
                decision = _given_up(decision, number)
            reading = _Reading(coup, decision, self._settling(coup, decision))
        if key is not None:
            self.readings[key] = reading
        return reading

    def _settling(self, coup: Coup, decision: Decision) -> _Settling:
        """What this kind of coup settles, made once a partie: its occasional payments (H-13, H-15) at once."""
        outcome = decision.outcome
        key = (outcome, decision.takers, coup.hombre, coup.contract, coup.matador_count)
        settling = self.settlings.get(key)
        if settling is None:
            occasional = _NOTHING
            tiers: tuple[str, ...] = ()
            if coup.hombre is not None and coup.contract is not None:
                tiers = self.tiers[coup.hombre]
                paid = occasional_payments(self.rules, coup.contract, coup.matador_count, outcome, coup.hombre, tiers)
                occasional = self._block(paid)
            settling = self.settlings[key] = _Settling(outcome, decision.takers, coup.hombre, tiers, occasional)
        return settling

    def _agreement(self, coup: Coup, number: int, dealer: str) -> CoupResult:
        """M-18: jetons paid as the table agreed, recaves included (H-12); the poule, the bêtes and the
        deal stay as they were: no coup was played."""
        assert coup.pay is not None
        why = record("agreed_payment", "M-18", reason=coup.reason)
        block = self._block([Payment(payer, payee, jetons, why) for payer, payee, jetons in coup.pay])
        log = list(block.lines)
        self._pay(block, log)
        marks, bete = self.marks, self.in_play
        result = CoupResult._make(
            (
                *(number, dealer, self.premiers[dealer], coup, marks, poule_jetons(marks), bete, enjeu(marks, bete)),
                *(Outcome.AGREED, (), block.payments, None, self.halves_now, self.caves_now, self.poules_tirees),
                tuple(log),
            )
        )
        self.results.append(result)
        self.count = number
        return result

    def _stake(self, stakes: Stakes, marks: int, bete: Bete | None) -> tuple[int, int, Record]:
        """The poule (H-16), the enjeu (H-14) and the log's line for them: made once for each `stakes`."""
        poule, stake = poule_jetons(marks), enjeu(marks, bete)
        if bete is None:
            said = record("enjeu", "H-14", poule=poule)
        else:
            said = record("enjeu_with_bete", "H-14", poule=poule, bete=bete, enjeu=stake)
        self.stakes[stakes] = (poule, stake, said)
        return poule, stake, said

    def _settle_kind(self, settling: _Settling, stakes: Stakes, marks: int, bete: Bete | None, stake: int) -> _Block:
        """What a coup played settles after its outcome, when no waiting bête is swept: made once for each
        `stakes` (the marks, with the owner and amount of the bête in play if any).
        """
        block = settling.settled[stakes] = self._settlement(settling, marks, bete, stake, 0)
        return block

    def _settlement(self, settling: _Settling, marks: int, bete: Bete | None, stake: int, number: int) -> _Block:
        """H-13: every cell of the outcome's row of the H-13 table, then H-15, each payment with its line.

        The fate of the bête in play is the caller's; a vole's sweep of the waiting bêtes, made at coup
        `number`, is told here.
        """
        takers = settling.takers
        if takers:
            parts = [self._poule_taken(settling, marks)]
            if bete is not None:
                parts.append(self._bete_paid(bete, takers, False))
        else:
            parts = [self._block((), (_poule_stays_line(bete),))]
        if settling.sweeps_waiting:
            if self.waiting:
                parts += self._sweep_waiting(takers, number)
            elif settling.outcome is Outcome.VOLE_WON:
                assert settling.hombre is not None
                said = record("no_bete_waiting", "H-13", enjeu=stake)
                parts.append(self._block(vole_without_waiting_bete(stake, settling.hombre, settling.tiers), (said,)))
        parts.append(settling.occasional)
        return _joined(parts)

    def _poule_taken(self, settling: _Settling, marks: int) -> _Block:
        """H-13: the poule paid to whoever takes it; made once for each marks."""
        block = settling.poules.get(marks)
        if block is None:
            assert settling.hombre is not None
            outcome, takers = settling.outcome, settling.takers
            payments = take_poule(marks, outcome, takers, settling.hombre, self.players)
            block = settling.poules[marks] = self._block(payments, _poule_taken_lines(outcome, takers, marks))
        return block

    def _bete_paid(self, bete: Bete, takers: tuple[str, ...], waiting: bool) -> _Block:
        """H-13: a bête paid to whoever takes it, or struck out; `waiting`: swept by a vole. Its payments
        depend only on its owner and amount: made once for each.
        """
        key = (bete.owner, bete.amount, takers, waiting)
        block = self.bete_payments.get(key)
        if block is None:
            struck: list[Record] = []
            payments = pay_bete(bete, takers, waiting, struck)
            block = self.bete_payments[key] = self._block(payments, struck)
        return block

    def _block(self, payments: Sequence[Payment], said: Sequence[Record] = ()) -> _Block:
        """Lines said first, then the payments each with its line, and what they move in half jetons."""
        moves = [0] * len(self.players)
        for payment in payments:
            amount = doubled(payment.jetons)
            moves[self.seats[payment.payer]] -= amount
            moves[self.seats[payment.payee]] += amount
        return _Block(tuple(payments), (*said, *[payment.line for payment in payments]), tuple(moves))

    def _sweep_waiting(self, takers: tuple[str, ...], number: int) -> list[_Block]:
        """H-13: a vole settles every waiting bête: to the hombre when won, shared by the tiers otherwise."""
        parts = [self._block((), (record("vole_settles_waiting", "H-13", betes=len(self.waiting)),))]
        for _, _, waiting in sorted(self.waiting):
            parts.append(self._bete_paid(waiting, takers, True))
            self._settled(waiting, takers, number)
        self.waiting = []
        return parts

    def _settled(self, bete: Bete, takers: tuple[str, ...], number: int) -> None:
        if len(takers) == 2:
            status = "shared"
        else:
            status = "cancelled" if takers[0] == bete.owner else "paid"
        self.fates[bete.number] = BeteFate(bete, status, number)

    def _make_bete(self, hombre: str | None, stake: int, number: int, log: list[Record]) -> Bete:
        """H-13, H-14: the hombre who loses (remise, codille, vole annoncée lost) makes a bête of the enjeu."""
        assert hombre is not None
        self.made += 1
        bete = Bete(self.made, hombre, stake, number)
        heapq.heappush(self.waiting, (-bete.amount, bete.number, bete))
        self.fates[bete.number] = BeteFate(bete, "waiting", None)
        log.append(_bete_made_line(hombre, stake))
        return bete

    def _pay(self, block: _Block, log: list[Record]) -> None:
        """Apply the payments, then the recaves of whoever cannot pay (H-12), judged on the coup's net.

        Every player stands at zero or more after a coup, so only a seat that loses on this one can need a cave.
        """
        halves = self.halves_now = tuple(map(operator.add, self.halves_now, block.moves))
        cave = 2 * self.rules.cave  # in half jetons, like the balances
        for seat in block.losers:
            caves = self.caves_now
            if cave * caves[seat] + halves[seat] < 0:
                more = caves_needed(cave * caves[seat] + halves[seat], cave)
                self.caves_now = caves = (*caves[:seat], caves[seat] + more, *caves[seat + 1 :])
                said = {"player": self.players[seat], "more": more, "cave": self.rules.cave, "caves": caves[seat]}
                log.append(record("recave", "H-12", **said))

    def _prepare_next(self, marks: int, bete: Bete | None, settling: _Settling, log: list[Record]) -> None:
        """The end of the partie (H-19), else the poule (H-16) and the bête in play (H-17) for the next coup.

        Under `play-on` the partie ends after the coup that leaves no bête at all, in play or waiting,
        once the poules are taken: a bête made while playing on must be cleared too.
        """
        if self.poules_tirees >= self.rules.poules:
            if self.rules.end == "split" or (self.in_play is None and not self.waiting):
                self.over = True
                self.marks = 0
                self.prepared = ()
                taken, owed = self.poules_tirees, len(self.waiting)
                if owed:
                    log.append(record("partie_over_betes_split", "H-19", poules=taken, betes=owed))
                else:
                    log.append(record("partie_over", "H-19", poules=taken))
                return
            log.append(_PLAY_ON)
        exists = self.in_play is not None or bool(self.waiting)
        # The marks before the next coup depend on these alone, with the outcome: worked out once for each (H-16).
        key = (marks, exists, bete is not None)
        following = settling.following.get(key)
        if following is None:
            exception = normalising_exception(self.rules, marks, bete is not None, settling.outcome)
            following = marks_before_next(self.rules, marks, bool(settling.takers), exists, exception)
            settling.following[key] = following
        self.marks = following[0]
        self.prepared = (following[1], self._bete_into_play())

    def _bete_into_play(self) -> Record:
        """H-17: before a coup with no bête in play, the largest waiting bête goes into play (the oldest of
        two equal ones); it stays in play until the poule is taken.
        """
        if self.in_play is not None:
            return _stays_in_play_line(self.in_play)
        if not self.waiting:
            return _NO_BETE_TO_PLAY
        _, _, bete = heapq.heappop(self.waiting)
        self.in_play = bete
        self.fates[bete.number] = BeteFate(bete, "in_play", None)
        return record("bete_into_play", "H-17", bete=bete)

    def fiche(self) -> HombreFiche:
        # restored (`restore`), the state holds the lines of the coups after it alone: a fiche marked partial
        made = HombreFiche if self.count == len(self.results) else PartialHombreFiche
        return made(
            rules=self.rules,
            players=self.players,
            first_dealer=self.players[self.first],
            coups=tuple(self.results),
            balances=tuple(half(amount) for amount in self.halves_now),
            caves=self.caves_now,
            marks=self.marks,
            bete_in_play=self.in_play,
            betes_waiting=tuple(bete for _, _, bete in sorted(self.waiting)),
            betes=tuple(self.fates.values()),
            poules_tirees=self.poules_tirees,
            over=self.over,
            next_dealer=self.dealer(),
            prepared=self.prepared,
        )


def _joined(parts: Sequence[_Block]) -> _Block:
    """The parts of a coup's settlement, in the order the table settles them, as one."""
    first = parts[0]
    payments, lines, moves = first.payments, first.lines, first.moves
    for part in parts[1:]:
        payments += part.payments
        lines += part.lines
        moves = tuple(map(operator.add, moves, part.moves))
    return _Block(payments, lines, moves)


_PASSED = Decision(Outcome.PASSED, (), record("all_passed", "H-7"))


def _given_up(decision: Decision, number: int) -> Decision:
    """H-9 (seed 001 §11): a tiers who won codille thanks to a gano may give it up: the coup is a remise."""
    if decision.outcome is not Outcome.CODILLE:
        raise CoupRefused("gano_remise_not_codille", "H-9", field=coup_field("gano_remise"), number=number)
    why = record("codille_given_up", "H-9", players=decision.takers, codille=decision.why)
    return Decision(Outcome.REMISE, (), why)


_NOTHING = _Block((), (), (0,) * PLAYERS)
_PLAY_ON = record("play_on", "H-19")
_NO_BETE_TO_PLAY = record("no_bete_to_play", "H-17")
_POULE_STAYS = record("poule_stays", "H-13")
_SHARES_CANCEL = record("tiers_shares_cancel", "H-13")

# The log's lines below are memoised (`fast.memo`), one for all the parties of a process: 10,000 coups
# recomputed in 0.073 s with them, 0.078 s without (bench/bench.py, medians interleaved; issue 25).


@memo
def _poule_stays_line(bete: Bete | None) -> Record:
    """H-13: no one takes the poule (remise), and the bête in play, if any, stays."""
    return _POULE_STAYS if bete is None else record("poule_and_bete_stay", "H-13", bete=bete)


@memo
def _stays_in_play_line(bete: Bete) -> Record:
    """H-17, as the log says it before every coup the bête stays in play (made once for each bête)."""
    return record("bete_stays_in_play", "H-17", bete=bete)


@memo
def _bete_made_line(hombre: str, stake: int) -> Record:
    """H-14, as the log says it (made once for each hombre and enjeu: a long partie meets them again)."""
    return record("bete_made", "H-14", hombre=hombre, enjeu=stake)


@memo
def _decided(
    hombre: str, contract: Contract, tricks: tuple[tuple[str, int], ...], vole_engagee: bool, forced: bool
) -> Decision:
    """`decide`, memoised: a partie has few distinct trick counts, and a long replay meets them again."""
    return decide(hombre, contract, dict(tricks), vole_engagee, forced)


@memo
def _poule_taken_lines(outcome: Outcome, takers: tuple[str, ...], marks: int) -> tuple[Record, ...]:
    """H-13: who takes the poule, as the log says it (`codille: B takes the poule of 27 (H-13)`)."""
    if len(takers) == 1:
        return (record("poule_taken", "H-13", outcome=outcome, taker=takers[0], poule=poule_jetons(marks)),)
    return (record("poule_shared", "H-13", outcome=outcome, takers=takers, poule=poule_jetons(marks)), _SHARES_CANCEL)


# What `snapshot` keeps of a state: the rest (the seats, the lines made once, the memos) is made again from
# the rules and players, or as the coups after it meet it.
_KEPT = ("turn", "halves_now", "caves_now", "marks", "in_play", "waiting", "made", "poules_tirees", "over", "prepared")


def snapshot(state: State) -> dict[str, Any] | None:
    """The running state as JSON data, which `restore` makes again (issue 28, `contract.Keeping`): the balances and
    caves, the marks, the bête in play and those waiting, the poules taken, the lines the next coup opens
    with, the coups counted; never the fiche's lines of the coups before (`results`), nor the bêtes struck
    (paid, shared, cancelled), which only a whole-fiche reader shows: at 2,000 coups, 235 bytes read back
    in 27 µs, where with the bêtes struck it was 40 KB and 1.3 ms, and the replay 21 ms. None where it holds
    a value `games.snapshot` cannot write (nothing kept: the next command replays)."""
    from scorekeeper.games.snapshot import pack

    owed = tuple(fate for fate in state.fates.values() if fate.status in _OWED)  # a bête struck never changes again
    kept = (*(getattr(state, name) for name in _KEPT), owed, state.count)
    try:
        return pack(kept, _CLASSES)
    except TypeError:
        return None


def restore(rules: HombreRules, players: Sequence[str], dealer: str, data: Any) -> State:
    """The state `snapshot` wrote as `data`, at the table `rules`, `players` and `dealer` seat: it goes on at
    coup `count + 1`, and its fiche holds the coups played after it alone (`games.contract.Partial`). Data in another
    form raises `games.snapshot.Unpacked`: a kept state damaged or forged is replayed instead."""
    from scorekeeper.games.snapshot import Unpacked, unpack
    from scorekeeper.tomlfile import MOST

    state = start_with(rules, players, dealer)
    kept = unpack(data, _CLASSES)
    if type(kept) is not tuple or len(kept) != len(_KEPT) + 2:
        raise Unpacked("state")
    values = dict(zip(_KEPT, kept, strict=False))
    fates, count = kept[-2:]
    seats = len(state.players)

    def counts(value: Any) -> bool:
        return type(value) is int and 0 <= value <= MOST

    def bete(value: Any) -> bool:
        return type(value) is Bete and counts(value.number) and value.owner in state.players and counts(value.amount)

    def figures(value: Any) -> bool:  # as a file bounds its numbers
        return (
            type(value) is tuple
            and len(value) == seats
            and all(type(item) is int and -MOST <= item <= MOST for item in value)
        )

    waiting = values["waiting"]
    if not (
        all(counts(values[name]) for name in ("turn", "marks", "made", "poules_tirees"))
        and counts(count)
        and figures(values["halves_now"])
        and figures(values["caves_now"])
        and type(values["over"]) is bool
        and (values["in_play"] is None or bete(values["in_play"]))
        and type(waiting) is list
        and all(
            type(item) is tuple and len(item) == 3 and bete(item[2]) and item[:2] == (-item[2].amount, item[2].number)
            for item in waiting
        )
        and type(values["prepared"]) is tuple
        and all(type(line) is Record for line in values["prepared"])
        and type(fates) is tuple
        and all(type(fate) is BeteFate and bete(fate.bete) and fate.status in _OWED for fate in fates)
    ):
        raise Unpacked("state")
    for name, value in values.items():
        setattr(state, name, value)
    heapq.heapify(state.waiting)  # a heap as it was made, whatever order the data gives
    state.fates = {fate.bete.number: fate for fate in fates}
    state.count = count
    return state


_CLASSES: dict[str, type] = {"Bete": Bete, "BeteFate": BeteFate, "Outcome": Outcome}
_OWED = ("waiting", "in_play")  # a bête's fates until it is struck


def start_with(rules: HombreRules, players: Sequence[str], dealer: str) -> State:
    """The table before the first deal: `dealer` deals it, the players in seating order (C-3)."""
    players = tuple(players)
    check_players(players)
    return State(rules, players, find_player(players, dealer))


def advance(state: State, declared: Mapping[str, Any]) -> State:
    """The state after one more coup, as declared (H-7 to H-19); the state given is taken over.

    A coup the table cannot have said is refused with its number, and leaves the state as it was.
    """
    state.play(declared)
    return state


def check_open(state: State) -> None:
    """A coup is entered only while the partie goes on (H-19)."""
    if state.over:
        raise UserError("partie_over", "H-19", poules=state.poules_tirees)


def replay(rules: HombreRules, players: Sequence[str], dealer: str, coups: Sequence[Mapping[str, Any]]) -> HombreFiche:
    """Replay every declared coup from the first deal (`dealer` deals it; players in seating order, C-3)."""
    state = start_with(rules, players, dealer)
    for data in coups:
        state.play(data)
    return state.fiche()
