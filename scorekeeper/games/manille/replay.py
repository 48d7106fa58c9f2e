"""The manille replay: a coup at a time from the first deal, the fiche the only place figures come from.

`start` seats the table, `advance` scores one more coup from the state after the ones before (a
replay is a fold of it, and entering a coup is one more step), `fiche` reads the state as the sheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Suit
from scorekeeper.errors import CoupRefused, UserError
from scorekeeper.explain import Record, record
from scorekeeper.games.manille import partie as _partie
from scorekeeper.games.manille.calls import check_calls, check_taker, trump_of
from scorekeeper.games.manille.declaration import Coup, coup_field
from scorekeeper.games.manille.fiche import CoupResult, Fiche, PartialFiche
from scorekeeper.games.manille.partie import Partie, check_quota, quotas
from scorekeeper.games.manille.rules import ManilleRules
from scorekeeper.games.manille.scoring import (
    multiplied,
    multiplier_cap,
    multiplier_of,
    multiplier_product,
    not_charged,
    retourne_bonus,
    said,
    score_outcome,
)
from scorekeeper.games.manille.table import Table, camps_of, seating
from scorekeeper.players import check_players
from scorekeeper.rulesets import Ruleset

if TYPE_CHECKING:
    from scorekeeper.referee.audit import Audit, TrickResult


class State:
    """The partie between two coups: the table, the manches and scores, the ties carried, the lines so far."""

    __slots__ = (
        *("ruleset", "rules", "players", "table", "first", "partie", "ties", "results", "sans_atout_made"),
        *("turn", "deals", "count"),
    )

    def __init__(self, ruleset: Ruleset, players: Sequence[str], dealer: str) -> None:
        self.ruleset = ruleset
        self.rules: ManilleRules = ruleset.rules
        self.players = tuple(players)
        check_players(self.players, self.rules.players)
        self.table = seating(self.players, self.rules)
        self.first = self.players.index(dealer)
        self.partie = Partie(self.rules, len(self.table.columns))
        self.ties = 0  # coups tied in a row, each doubling the next where the system says so (M-4)
        self.results: list[CoupResult] = []
        self.sans_atout_made = [0] * len(self.table.columns)  # M-10: sans-atout chosen by each column so far
        self.turn = self.first  # the next dealer, in `players`: named dealers and misdeals move it (M-17)
        self.deals = 0  # deals played, towards `partie.deals` and M-10's quotas (M-17)
        self.count = 0  # the coups advanced, those before a restored state's (which it holds no line of) included


# What `snapshot` keeps of the partie; the rest of a state is the table, made again from the ruleset and players.
_PARTIE = ("manche", "scores", "manches", "winner", "loser", "over", "streak")


def snapshot(state: State) -> dict[str, Any]:
    """The running state as JSON data, which `restore` makes again (issue 28, `games.contract.Keeping`): the partie's
    figures, the ties carried, M-10's quotas, who deals, the deals and coups counted; never the fiche's lines
    of the coups before (`results`), which only a whole-fiche reader needs, and which it replays."""
    partie = state.partie
    return {
        "partie": {name: getattr(partie, name) for name in _PARTIE},
        "ties": state.ties,
        "sans_atout_made": list(state.sans_atout_made),
        "turn": state.turn,
        "deals": state.deals,
        "count": state.count,
    }


def restore(ruleset: Ruleset, players: Sequence[str], dealer: str, data: Any) -> State:
    """The state `snapshot` wrote as `data`, at the table `ruleset`, `players` and `dealer` seat: it goes on
    at coup `count + 1`, and its fiche holds the coups advanced after it alone (`games.contract.Partial`). Data in
    another form raises `games.snapshot.Unpacked`: a kept state damaged or forged is replayed instead."""
    from scorekeeper.games.snapshot import Unpacked
    from scorekeeper.tomlfile import MOST

    state = State(ruleset, players, dealer)
    columns = len(state.table.columns)

    def count(value: Any) -> int:
        if type(value) is not int or not 0 <= value <= MOST:  # not bool, which is an int to isinstance
            raise Unpacked("count")
        return value

    def figures(value: Any) -> list[int]:  # a score may be below zero (an agreement, M-18), as a file bounds it
        if (
            type(value) is not list
            or len(value) != columns
            or any(type(item) is not int or not -MOST <= item <= MOST for item in value)
        ):
            raise Unpacked("figures")
        return value

    def column(value: Any) -> int | None:
        if value is None:
            return None
        if count(value) >= columns:
            raise Unpacked("column")
        return count(value)

    try:
        kept = data["partie"]
        partie = state.partie
        partie.manche = count(kept["manche"])
        partie.scores = figures(kept["scores"])
        partie.manches = [count(won) for won in figures(kept["manches"])]
        partie.winner, partie.loser = column(kept["winner"]), column(kept["loser"])
        if type(kept["over"]) is not bool:
            raise Unpacked("over")
        partie.over = kept["over"]
        streak = kept["streak"]
        if type(streak) not in (list, tuple) or len(streak) != 2:
            raise Unpacked("streak")
        partie.streak = (column(streak[0]), count(streak[1]))
        state.ties = count(data["ties"])
        state.sans_atout_made = [count(made) for made in figures(data["sans_atout_made"])]
        state.turn, state.deals, state.count = count(data["turn"]), count(data["deals"]), count(data["count"])
    except (KeyError, TypeError) as error:
        raise Unpacked(str(error)) from None
    return state


def start(ruleset: Ruleset, players: Sequence[str], dealer: str) -> State:
    """The table before the first deal: `dealer` deals it, the players in seating order (C-3)."""
    return State(ruleset, players, dealer)


def advance(state: State, declared: Mapping[str, Any]) -> State:
    """The state after one more coup, as declared (M-1 to M-16); the state given is taken over.

    A coup the table cannot have said is refused with its number, and leaves the state as it was.
    """
    number = state.count + 1
    if state.partie.over:
        raise CoupRefused.of(_over(state.partie, state.table), number)
    players = state.players
    partie = state.partie.copy()
    try:
        coup = Coup.from_dict(declared, state.ruleset, state.table.seats)
        dealer = dealer_of(coup, players, state.turn)
        if coup.entry is not None:
            result, ties = entry(coup, number, partie, state.rules, state.table, dealer), state.ties
        else:
            result, ties = _play(
                coup,
                number,
                partie,
                state.rules,
                state.table,
                dealer,
                state.ties,
                players,
                players.index(dealer) - state.deals,
                state.deals,
                state.sans_atout_made,
                bool(state.ruleset.settings.get("calls.parlee")),
            )
    except UserError as error:
        raise CoupRefused.of(error, number) from None
    expected = players[state.turn % len(players)]
    if coup.dealer is not None and coup.dealer != expected:  # told after the deal line, which names him
        result = result._replace(
            log=(result.log[0], said("dealt_by_named", None, dealer=dealer, expected=expected), *result.log[1:])
        )
    state.results.append(result)
    state.count = number
    state.ties = ties
    state.turn = next_turn(coup, state.rules, players, dealer, state.turn)
    state.deals += coup.entry is None
    if state.rules.min_sans_atout:
        column = _partie.sans_atout_chooser(result, state.table)
        if column is not None:
            state.sans_atout_made[column] += 1
    if result.manche_won_by is not None and not partie.over:
        partie.next_manche()
    state.partie = partie
    return state


def check_open(state: State) -> None:
    """A coup is entered only while the partie goes on (M-9)."""
    partie = state.partie
    if partie.over:
        if partie.winner is not None:
            winner = state.table.columns[partie.winner]
            raise UserError("partie_is_over_won", side=winner.name, seats=len(winner.seats))
        raise UserError("partie_is_over")


def fiche(state: State) -> Fiche:
    """The sheet of the state: every coup's line, the scores, and who deals and leads next."""
    partie, rules, table, players = state.partie, state.rules, state.table, state.players
    next_dealer = players[state.turn % len(players)]
    # restored (`restore`), the state holds the lines of the coups after it alone: a fiche marked partial
    made = Fiche if state.count == len(state.results) else PartialFiche
    return made(
        ruleset=state.ruleset,
        table=table,
        coups=tuple(state.results),
        scores=tuple(partie.scores),
        manches=tuple(partie.manches),
        manche=partie.manche,
        target=partie.target,
        winner=partie.winner,
        loser=partie.loser,
        over=partie.over,
        next_dealer=next_dealer,
        next_leader=_leader(rules, table, next_dealer, None),
        multiplier_next=multiplier_of(rules, False, False, False, state.ties),
        quotas=tuple(quotas(rules, table, players, state.turn - state.deals, state.deals, state.sans_atout_made)),
        deals=state.deals,
    )


def replay(ruleset: Ruleset, players: Sequence[str], dealer: str, declared: Sequence[Mapping[str, Any]]) -> Fiche:
    """Every declared coup from the first deal: a fold of `advance`.

    >>> from scorekeeper.games import load
    >>> muette = load("manille-muette")
    >>> replay(muette, ["A", "B", "C", "D"], "A", [{"retourne": "10h", "points": {"A": 40}}]).scores
    (11, 0)
    """
    state = start(ruleset, players, dealer)
    for data in declared:
        advance(state, data)
    return fiche(state)


def dealer_of(coup: Coup, players: Sequence[str], turn: int) -> str:
    """Who dealt: the one the rotation expects (C-3, M-10), or the player the table names (`--dealer`)."""
    if coup.dealer is None:
        return players[turn % len(players)]
    if coup.dealer not in players:  # a mort never deals (M-15, M-16)
        raise UserError("dealer_not_a_player", player=coup.dealer)
    return coup.dealer


def next_turn(coup: Coup, rules: ManilleRules, players: Sequence[str], dealer: str, turn: int) -> int:
    """Who deals next: the player after this dealer, the same dealer again after a misdeal where the
    ruleset's `misdeal` says so (M-17); an agreement (M-18) deals nothing and changes nothing."""
    if coup.entry == "adjust":
        return turn
    again = coup.misdeal and rules.misdeal == "same"
    return players.index(dealer) + (0 if again else 1)


def entry(coup: Coup, number: int, partie: Partie, rules: ManilleRules, table: Table, dealer: str) -> CoupResult:
    """A line that is no deal played: a misdeal or a deal everyone passed (M-17), scoring nothing, or
    what the table agreed (M-18), scored like any points, manches and partie included."""
    scored = [0] * len(table.columns)
    log: list[Record] = [said("dealt", None, dealer=dealer)]
    won_by = None
    if coup.misdeal:
        log.append(said("misdeal_same_dealer" if rules.misdeal == "same" else "misdeal_deal_passes", "M-17"))
    elif coup.all_passed:
        if rules.trump_from != "taker":
            raise UserError("pass_without_bidding", "M-17")
        log.append(said("all_passed_deal_passes", "M-17"))
    else:
        assert coup.adjust is not None
        log = []
        for who, points in coup.adjust:
            scored[table.column_of(who)] += points
            side = table.columns[table.column_of(who)]
            log.append(record("adjusted", "M-18", side=side.name, seats=len(side.seats), points=points))
        log.append(record("adjust_reason", None, reason=coup.reason))
        partie.add(scored)
        won_by = partie.close_manche(log, table.columns)
    # number, manche, dealer; no leader, trump, chooser, play, camps or points made; scored, scores, x1.
    fields = (number, partie.manche, dealer, None, coup, None, None, False, (), None, tuple(scored))
    return CoupResult(*fields, tuple(partie.scores), 1, won_by, tuple(log))


def lie(coup: Coup, parlee: bool, log: list[Record]) -> str | None:
    """M-8: in parlée (the ruleset's `calls.parlee`), lying about one's hand costs what a renonce costs;
    told as a lie first. The flag is no rule of the score (parlée scores as the muette): it is read here,
    from the ruleset's settings, and not kept in `ManilleRules`."""
    if coup.menteur is None:
        return None
    if not parlee:
        raise UserError("menteur_not_parlee", "M-8")
    log.append(said("lie", "M-8", player=coup.menteur))
    return coup.menteur


def _over(partie: Partie, table: Table) -> UserError:
    if partie.winner is not None:
        return UserError("partie_already_won", side=table.columns[partie.winner].name)
    return UserError("partie_already_over")


def _leader(rules: ManilleRules, table: Table, dealer: str, taker: str | None) -> str | None:
    """Who leads the first trick: the seat after the dealer (C-3), the dealer (M-14) or the taker (M-13)."""
    if rules.first_lead == "dealer":
        return dealer
    if rules.first_lead == "taker":
        return taker
    return table.seats[(table.seats.index(dealer) + 1) % len(table.seats)]


def _play(
    coup: Coup,
    number: int,
    partie: Partie,
    rules: ManilleRules,
    table: Table,
    dealer: str,
    ties: int,
    players: Sequence[str],
    first: int,
    deals: int,
    quotas_made: Sequence[int],
    parlee: bool = False,
) -> tuple[CoupResult, int]:
    """One coup: trump and calls checked, the retourne scored, then the coup scored; the ties carried."""
    check_taker(coup, rules)
    deal = deals + 1  # this deal's number, towards `partie.deals` (M-9, M-17)
    log: list[Record] = [said("dealt", None, dealer=dealer)]
    trump, chooser, named = trump_of(coup, rules, dealer)
    log += named
    camps = camps_of(table, rules, dealer, coup.taker)
    log += check_calls(coup, rules, camps, chooser, dealer, ties)
    log += check_quota(coup, rules, table, players, first, deals, quotas_made, chooser)
    product = multiplier_product(rules, coup.sans_atout, coup.contre is not None, coup.surcontre is not None, ties)
    multiplier = min(product, multiplier_cap(rules))
    multiplied_at = len(log)  # the multiplier is told here once the outcome shows that it applies (M-8)
    scored = [0] * len(table.columns)
    manche = partie.manche
    won_by = None
    bonus = retourne_bonus(coup.retourne, rules) if coup.retourne is not None else 0
    if bonus:
        scored[table.column_of(dealer)] += bonus
        partie.add(scored)
        side = table.columns[table.column_of(dealer)].name
        log.append(said("retourne_bonus", "M-5", card=coup.retourne, points=bonus, side=side))
        won_by = partie.close_manche(log, table.columns)
    played = won_by is None
    leader = _leader(rules, table, dealer, coup.taker) if played else None
    made: tuple[int, ...] | None = None
    tricks: tuple[TrickResult, ...] = ()
    coup_winner = None
    if not played:
        told = multiplied(rules, product, multiplier, coup.contre is not None, coup)
        log.append(said("retourne_ended_manche", "M-5"))
        if coup.points is not None or coup.renonce is not None or coup.tricks is not None or coup.menteur:
            raise CoupRefused("retourne_ends_manche", "M-5", field=coup_field("retourne"), card=coup.retourne)
    else:
        assert leader is not None
        renonce, points = coup.renonce or lie(coup, parlee, log), coup.points
        if coup.tricks is not None:
            audit = _audit(coup, rules, table, camps, dealer, leader, trump)
            renonce, made, tricks = _trick_outcome(coup, audit, camps, log, rules, dealer)
        elif points is not None:
            made = _made(points, rules, table, camps)
        if renonce is None and made is None:
            raise UserError("outcome_missing")
        outcome = score_outcome(rules, table, camps, coup, renonce, made, product)
        gains, multiplier, coup_winner, told = outcome.gains, outcome.multiplier, outcome.winner, outcome.multiplied
        log += outcome.lines
        ties = ties + 1 if outcome.tie else 0
        partie.add(gains)
        scored = [a + b for a, b in zip(scored, gains, strict=True)]
        won_by = partie.close_manche(log, table.columns)
    # told where the calls are, once the outcome shows whether the multiplier applies (M-8)
    log[multiplied_at:multiplied_at] = told
    # Where sides are fixed (the only systems with two_in_a_row) a camp is a column: name its column.
    winner_column = table.column_of(camps[coup_winner][0]) if played and coup_winner is not None else None
    partie.after_coup(deal, winner_column, log, table.columns)
    result = CoupResult(
        number=number,
        manche=manche,
        dealer=dealer,
        leader=leader,
        coup=coup,
        trump=trump,
        chooser=chooser,
        played=played,
        camps=camps,
        made=made,
        scored=tuple(scored),
        scores=tuple(partie.scores),
        multiplier=multiplier,
        manche_won_by=won_by,
        log=tuple(log),
        tricks=tricks,
    )
    return result, ties


def _made(
    points: Sequence[tuple[str, int]], rules: ManilleRules, table: Table, camps: Sequence[Sequence[str]]
) -> tuple[int, ...]:
    """M-3: the points each camp made. One camp's points give the other's; each for himself, all but one."""

    def camp_of(player: str) -> int:
        for i, camp in enumerate(camps):
            if player in camp:
                return i
        return next(i for i, camp in enumerate(camps) if any(table.owner[s] == player for s in camp))

    if rules.sides != "each":
        if len(points) != 1:
            raise UserError("one_side_points", "M-3")
        who, value = points[0]
        made = [rules.total - value] * 2
        made[camp_of(who)] = value
        return tuple(made)
    given = {camp_of(who): value for who, value in points}
    missing = [i for i in range(len(camps)) if i not in given]
    if len(missing) > 1:
        raise UserError("every_player_points", "M-3, M-14")
    given_sum = sum(given.values())
    if given_sum > rules.total or (not missing and given_sum != rules.total):
        raise UserError("points_sum", "M-3", points=given_sum, total=rules.total)
    if missing:
        given[missing[0]] = rules.total - given_sum
    return tuple(given[i] for i in range(len(camps)))


def _audit(
    coup: Coup,
    rules: ManilleRules,
    table: Table,
    camps: Sequence[Sequence[str]],
    dealer: str,
    leader: str,
    trump: Suit | None,
) -> Audit:
    """The referee's audit of a coup entered as a trick log (M-3, P-10); the retourne is the dealer's card (M-5)."""
    from scorekeeper.games.manille.referee import audit_manille  # only coups entered by tricks pay for the referee

    assert coup.tricks is not None
    camp_of = {seat: i for i, camp in enumerate(camps) for seat in camp}
    layout = None if coup.layout is None else dict(coup.layout)
    retourne = None if coup.retourne is None else (dealer, coup.retourne)
    audit = audit_manille(
        table.seats,
        leader,
        trump,
        coup.tricks,
        rules,
        lambda a, b: camp_of[a] == camp_of[b],
        layout,
        retourne,
        coup.named,
    )
    if coup.retourne is not None:
        played_by = next((who for trick in audit.tricks for who, card in trick.cards if card == coup.retourne), None)
        if played_by not in (None, dealer):
            raise UserError("retourne_played_by_another", card=coup.retourne, dealer=dealer, player=played_by)
        if played_by is None and audit.complete:
            raise UserError("retourne_not_played", card=coup.retourne, dealer=dealer)
    return audit


def _trick_outcome(
    coup: Coup, audit: Audit, camps: Sequence[Sequence[str]], log: list[Record], rules: ManilleRules, dealer: str
) -> tuple[str | None, tuple[int, ...] | None, tuple[TrickResult, ...]]:
    """From the audit: a renonce proven (M-8, P-10), or the points each camp made (M-3), and the tricks.

    The chien, never played, goes to the dealer's tricks (M-11): its cards are those the log lacks.
    """
    from scorekeeper.games.manille import referee  # imported already by `_audit`, which made `audit`

    for trick in audit.tricks:
        cards = tuple(said("trick_card", None, player=who, card=card) for who, card in trick.cards)
        log.append(
            record("trick_won", "P-2", trick=trick.number, cards=cards, winner=trick.winner, points=trick.points)
        )
    log += (cleared.note for cleared in audit.cleared)  # a partial log's disputed plays it clears (P-10)
    if audit.renonces:
        first, *later = audit.renonces
        log.append(record("renonce_proven", None, proof=first.proof))
        if not coup.let_renonce_pass:
            log += (record("renonce_proven_later", None, proof=found.proof, why=not_charged(first)) for found in later)
            return first.player, None, audit.tricks
        log += (record("renonce_proven", None, proof=found.proof) for found in later)
        log.append(said("renonce_let_pass", None))
    log += (unproven.note for unproven in audit.unknown)  # P-11: a play a face-down card leaves unproven
    if not audit.complete:
        stops = "log_stops_let_pass" if audit.renonces else "log_stops"
        raise UserError(stops, trick=len(audit.tricks), tricks=rules.tricks)
    made, chien = referee.made_by_tricks(rules, audit, camps, dealer)
    if chien is not None:
        log.append(chien)
    return None, made, audit.tricks
