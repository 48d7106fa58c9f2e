"""The manille fiche as data: its columns and cells, the status line, how the partie ended (M-9 to
M-18). Only catalog keys and values: the edge puts them in words and fits them to the screen."""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper.explain import Record
from scorekeeper.games.manille.fiche import CoupResult, Fiche
from scorekeeper.games.manille.rules import CALL_WORDS
from scorekeeper.games.sheet import Cell, Explained, Joined, Row, Sheet, Who, joined, said

COLUMNS = ("coup", "dealer", "trump", "calls", "said", "points")
_HEADERS = tuple(f"manille.header.{column}" for column in COLUMNS)


def trump_cell(result: CoupResult, who: Callable[[str], Who] = Who) -> Cell:
    """The retourne (C-2, in the letters of the language), the trump named or the sans-atout, and who
    chose it where the dealer did not (M-5)."""
    coup = result.coup
    if coup.retourne is not None:
        return coup.retourne
    trump: Cell = said("manille.cell.sans_atout") if coup.sans_atout else result.trump or ""
    if result.chooser and result.chooser != result.dealer:
        return said("manille.cell.trump_by", trump=trump, chooser=who(result.chooser))
    return trump


def calls_cell(result: CoupResult, words: tuple[str, str], who: Callable[[str], Who] = Who) -> Cell:
    """The calls of a coup, each in the system's own word (`words`: M-6, M-7)."""
    coup = result.coup
    calls: list[Cell] = []
    if coup.taker is not None:
        calls.append(said("manille.cell.bid", taker=who(coup.taker), bid=coup.bid))
    if coup.contre is not None:
        calls.append(said("manille.cell.contre", player=who(coup.contre), call=words[0]))
    if coup.surcontre is not None:
        calls.append(said("manille.cell.surcontre", player=who(coup.surcontre), call=words[1]))
    if coup.exchange is not None:
        calls.append(said("manille.cell.chien", exchange=coup.exchange))
    if result.multiplier > 1:
        calls.append(said("manille.cell.multiplier", multiplier=result.multiplier))
    if coup.force:
        calls.append(said("cell.forced"))  # M-10: the sans-atout still owed stays on the sheet
    return joined(calls)


def said_cell(result: CoupResult, who: Callable[[str], Who] = Who) -> Cell:
    """How the coup ended: the points, a renonce, the tricks; an entry that is no deal played (M-17, M-18)."""
    coup = result.coup
    if result.entry is not None:  # M-17, M-18: no deal played
        return said("cell.adjust", reason=coup.reason) if coup.adjust else said(f"cell.{result.entry}")
    if coup.menteur is not None:
        return said("cell.lie", player=who(coup.menteur))
    if coup.tricks is not None:
        passed = "manille.cell.tricks_let_pass" if coup.let_renonce_pass else "manille.cell.tricks"
        return said(passed, tricks=len(coup.tricks))
    if coup.renonce is not None:
        return said("manille.cell.renonce", player=who(coup.renonce))
    if coup.points is not None:
        return joined([said("manille.cell.points", player=who(name), points=won) for name, won in coup.points])
    return said("manille.cell.not_played")


def standing(fiche: Fiche) -> Record:
    """Each side's score, and how far the partie has gone: deals, the target, the manches (M-9)."""
    scores = Joined(
        tuple(
            said("manille.side_score", side=side.name, score=score)
            for side, score in zip(fiche.sides, fiche.scores, strict=True)
        )
    )
    rules = fiche.rules
    if rules.partie == "deals":
        return said("manille.standing.deals", played=fiche.deals, deals=rules.deals, scores=scores)
    if rules.partie in ("loser", "seche"):
        return said(f"manille.standing.{rules.partie}", target=fiche.target, scores=scores)
    manches = Joined(tuple(map(str, fiche.manches)), "manille.join.figures")
    if fiche.manche == 3:  # one manche each: the table calls the third the belle (M-9)
        return said("manille.standing.belle", target=fiche.target, scores=scores, manches=manches)
    return said("manille.standing.manches", manche=fiche.manche, target=fiche.target, scores=scores, manches=manches)


def ending(fiche: Fiche) -> Record:
    """How the partie ended (M-9, M-14), in one line."""
    rules = fiche.rules
    sides = fiche.sides
    if rules.partie == "loser" and fiche.loser is not None:
        loser = sides[fiche.loser]
        lost = {"side": loser.name, "seats": len(loser.seats), "score": fiche.scores[fiche.loser]}
        if fiche.winner is None:
            return said("manille.ending.lost", **lost)
        winner = sides[fiche.winner]
        won = {"winner": winner.name, "winner_seats": len(winner.seats), "winner_score": fiche.scores[fiche.winner]}
        return said("manille.ending.lost_and_won", **lost, **won)
    if fiche.winner is None:
        return said("manille.ending.tie", standing=standing(fiche))
    winner_name = sides[fiche.winner].name
    if rules.partie == "deals":
        return said("manille.ending.after_deals", side=winner_name, deals=rules.deals, standing=standing(fiche))
    if rules.partie == "liee":
        against = max(won for side, won in enumerate(fiche.manches) if side != fiche.winner)
        return said("manille.ending.in_manches", side=winner_name, won=fiche.manches[fiche.winner], against=against)
    if rules.partie == "seche":  # one manche to a points target: a Flemish table's boom (M-9)
        return said("manille.ending.target", side=winner_name, target=fiche.target)
    return said("manille.ending.won", side=winner_name)


def status(fiche: Fiche) -> Record:
    """Where the partie stands: scores, what the next coup carries (M-6, M-10), who deals and leads next."""
    if fiche.over:
        return ending(fiche)
    parts: list[Cell] = [standing(fiche)]
    if fiche.multiplier_next > 1:
        parts.append(said("manille.status.next_multiplier", multiplier=fiche.multiplier_next))
    for quota in fiche.quotas:
        side, owed = fiche.sides[quota.column].name, quota.sans_atout_needed
        if owed:
            parts.append(said("manille.status.choices_owed", side=side, left=quota.choices_left, owed=owed))
        else:
            parts.append(said("manille.status.choices", side=side, left=quota.choices_left))
    if fiche.next_leader:
        leads = said("manille.status.leads", leader=fiche.next_leader)
    else:
        leads = said("manille.status.taker_leads")
    after = said(f"manille.next.{fiche.rules.trump_from}", dealer=fiche.next_dealer, leads=leads)
    return said("manille.status", parts=Joined(tuple(parts), "manille.join.status"), next=after)


def short_status(fiche: Fiche) -> Record:
    """The state of a game for the list of games."""
    if fiche.over:
        return ending(fiche)
    return said("manille.short_status", standing=standing(fiche), dealer=fiche.next_dealer)


def echo(result: CoupResult) -> tuple[Record, ...]:
    """What `coup` says of a coup before the status: its log, the deal said first left out (an agreement
    is dealt by nobody, M-18)."""
    return result.log if result.entry == "adjust" else result.log[1:]


def announced(result: CoupResult) -> tuple[Record, ...]:
    """What the table announces under a coup's line: the manche it won (M-9). The end of the partie is
    the status line's."""
    return tuple(said for said in result.log if said.event == "manche_won")


def sheet(fiche: Fiche, start: int = 0) -> Sheet:
    """The fiche's columns and the rows of its entries from `start` (from 0; the guided table's new row
    alone: a row says its own entry only), each player a `Who` (`layout` fits them to the screen)."""
    seats = {str(seat): seat for seat in fiche.table.seats}  # a mort's seat as the table names it (M-15, M-16)

    def who(value: str) -> Who:
        return Who(seats.get(value, value))

    rows = []
    words = CALL_WORDS[fiche.rules.call_words]
    manches = fiche.rules.partie in ("liee", "seche")
    for result in fiche.coups[start:]:
        made = joined(tuple(map(str, result.made)), "manille.join.figures") if result.made is not None else ""
        dealer = "" if result.entry == "adjust" else who(result.dealer)  # an agreement is dealt by nobody (M-18)
        cells = (
            str(result.number),
            dealer,
            trump_cell(result, who),
            calls_cell(result, words, who),
            said_cell(result, who),
            made,
        )
        label = None
        if result.manche_won_by is not None and manches:
            label = tuple(
                said("manille.cell.manche", manche=result.manche) if i == result.manche_won_by else ""
                for i in range(len(fiche.sides))
            )
        rows.append(Row(cells, tuple(zip(result.scored, result.scores, strict=True)), mark(result), label))
    sides = tuple(Who(side.name) for side in fiche.sides)
    return Sheet(COLUMNS, _HEADERS, frozenset({"coup", "points"}), sides, tuple(rows))


def mark(result: CoupResult) -> Cell:
    """Beside the running scores alone: a sans-atout (P-8), a contre and a surcontre (M-6, M-7: klop and
    tegenklop at a Flemish table, issue 43), a manche won (M-9), a renonce (M-8), an entry that is no coup
    (M-17, M-18)."""
    kind = result.entry or ("renonce" if result.coup.renonce is not None else None)
    calls = _calls(result)
    if kind is None and result.manche_won_by is None and not calls:
        return ""  # the common row
    marks: list[Cell] = [said(f"sheet_width.mark.{call}") for call in calls]
    if kind is not None:
        marks.append(said(f"sheet_width.mark.{kind}"))
    if result.manche_won_by is not None:
        marks.append(said("sheet_width.mark.manche", manche=result.manche))
    return joined(marks, "sheet_width.mark.join")


def _calls(result: CoupResult) -> list[str]:
    """What multiplied a coup as it was called: sans-atout, a contre, a surcontre (an entry that is no coup
    has none)."""
    if result.entry is not None:
        return []
    coup = result.coup
    return [
        call
        for call, said in (("sans_atout", coup.sans_atout), ("contre", coup.contre), ("surcontre", coup.surcontre))
        if said
    ]


def after(fiche: Fiche, narrow: bool) -> list[Cell]:
    """The lines under the grid: who won each trick of a coup entered by its tricks (not on a phone:
    `sheet --detail N` has them), the status, and on a phone what the marks say."""
    lines: list[Cell] = [] if narrow else [tricks_won(result) for result in fiche.coups if result.tricks]
    return [*lines, status(fiche), *(_marks_said(fiche) if narrow else [])]


def _marks_said(fiche: Fiche) -> list[Cell]:
    """What the marks of a narrow sheet say, for those it shows: the calls, a manche won, a renonce."""
    called = {call for result in fiche.coups for call in _calls(result)}
    shown = [call for call in ("sans_atout", "contre", "surcontre") if call in called] + [
        kind
        for kind, found in (
            ("manche", any(result.manche_won_by is not None for result in fiche.coups)),
            ("renonce", any(result.entry is None and result.coup.renonce is not None for result in fiche.coups)),
        )
        if found
    ]
    marks = tuple(said(f"sheet_width.marks.{kind}") for kind in shown)
    return [Joined(marks, "sheet_width.marks.join")] if shown else []


def tricks_won(result: CoupResult) -> Record:
    """Who won each trick of a coup entered by its tricks (P-1 to P-10)."""
    won = tuple(said("manille.trick_winner", trick=trick.number, winner=trick.winner) for trick in result.tricks)
    return said("manille.tricks_won", number=result.number, tricks=Joined(won, "manille.join.tricks"))


def detail(result: CoupResult) -> list[Cell]:
    """Under a coup's cells in `sheet --detail N`: who won each trick, and its calculation."""
    return [*([tricks_won(result)] if result.tricks else []), *result.log]


def explained(fiche: Fiche) -> list[Explained]:
    """Every coup's calculation (`--explain`)."""
    if not fiche.rules.in_manches:
        return [(said("manille.explain.coup_alone", number=result.number), result.log) for result in fiche.coups]
    return [
        (said("manille.explain.coup", number=result.number, manche=result.manche), result.log) for result in fiche.coups
    ]
