"""Drawing the manille fiche. Everything here only formats what the engine computed, in the catalog's words."""

from __future__ import annotations

from scorekeeper.cli.render.layout import Name, Row, Sheet, as_said
from scorekeeper.games.manille import CoupResult, Fiche
from scorekeeper.games.manille.rules import CALL_WORDS
from scorekeeper.i18n import message, render, text


def trump_cell(result: CoupResult, ascii: bool = False, name: Name = as_said) -> str:
    coup = result.coup
    if coup.retourne is not None:
        return render(coup.retourne, ascii)  # in the letters of the language (C-2)
    trump = (
        message("manille.cell.sans_atout") if coup.sans_atout else result.trump.format(ascii) if result.trump else ""
    )
    if result.chooser and result.chooser != result.dealer:
        return text("manille.cell.trump_by", trump=trump, chooser=name(result.chooser))
    return trump


def calls_cell(result: CoupResult, words: tuple[str, str] = ("contre", "surcontre"), name: Name = as_said) -> str:
    """The calls of a coup, each in the system's own word (`words`: M-6, M-7)."""
    coup = result.coup
    calls = []
    if coup.taker is not None:
        calls.append(text("manille.cell.bid", taker=name(coup.taker), bid=coup.bid))
    if coup.contre is not None:
        calls.append(text("manille.cell.contre", player=name(coup.contre), call=words[0]))
    if coup.surcontre is not None:
        calls.append(text("manille.cell.surcontre", player=name(coup.surcontre), call=words[1]))
    if coup.exchange is not None:
        calls.append(text("manille.cell.chien", exchange=coup.exchange))
    if result.multiplier > 1:
        calls.append(text("manille.cell.multiplier", multiplier=result.multiplier))
    if coup.force:
        calls.append(message("cell.forced"))  # M-10: the sans-atout still owed stays on the sheet
    return message("join.list").join(calls)


def said(result: CoupResult, name: Name = as_said) -> str:
    coup = result.coup
    if result.entry is not None:  # M-17, M-18: no deal played
        return text("cell.adjust", reason=coup.reason) if coup.adjust else message(f"cell.{result.entry}")
    if coup.menteur is not None:
        return text("cell.lie", player=name(coup.menteur))
    if coup.tricks is not None:
        passed = "manille.cell.tricks_let_pass" if coup.let_renonce_pass else "manille.cell.tricks"
        return text(passed, tricks=len(coup.tricks))
    if coup.renonce is not None:
        return text("manille.cell.renonce", player=name(coup.renonce))
    if coup.points is not None:
        return message("join.list").join(
            text("manille.cell.points", player=name(who), points=points) for who, points in coup.points
        )
    return message("manille.cell.not_played")


def standing(fiche: Fiche) -> str:
    scores = message("join.list").join(
        text("manille.side_score", side=side.name, score=score)
        for side, score in zip(fiche.sides, fiche.scores, strict=True)
    )
    rules = fiche.rules
    if rules.partie == "deals":
        return text("manille.standing.deals", played=fiche.deals, deals=rules.deals, scores=scores)
    if rules.partie in ("loser", "seche"):
        return text(f"manille.standing.{rules.partie}", target=fiche.target, scores=scores)
    manches = message("manille.join.figures").join(map(str, fiche.manches))
    return text("manille.standing.manches", manche=fiche.manche, target=fiche.target, scores=scores, manches=manches)


def ending(fiche: Fiche) -> str:
    """How the partie ended, in one line."""
    rules = fiche.rules
    sides = fiche.sides
    if rules.partie == "loser" and fiche.loser is not None:
        loser = sides[fiche.loser]
        lost = {"side": loser.name, "seats": len(loser.seats), "score": fiche.scores[fiche.loser]}
        if fiche.winner is None:
            return text("manille.ending.lost", **lost)
        winner = sides[fiche.winner]
        won = {"winner": winner.name, "winner_seats": len(winner.seats), "winner_score": fiche.scores[fiche.winner]}
        return text("manille.ending.lost_and_won", **lost, **won)
    if fiche.winner is None:
        return text("manille.ending.tie", standing=standing(fiche))
    winner_name = sides[fiche.winner].name
    if rules.partie == "deals":
        return text("manille.ending.after_deals", side=winner_name, deals=rules.deals, standing=standing(fiche))
    if rules.partie == "liee":
        against = max(won for side, won in enumerate(fiche.manches) if side != fiche.winner)
        won = fiche.manches[fiche.winner]
        return text("manille.ending.in_manches", side=winner_name, won=won, against=against)
    return text("manille.ending.won", side=winner_name)


def status(fiche: Fiche) -> str:
    """Where the partie stands, in one line: scores, what the next coup carries, who deals and leads next."""
    if fiche.over:
        return ending(fiche)
    parts = [standing(fiche)]
    if fiche.multiplier_next > 1:
        parts.append(text("manille.status.next_multiplier", multiplier=fiche.multiplier_next))
    for quota in fiche.quotas:
        side, owed = fiche.sides[quota.column].name, quota.sans_atout_needed
        if owed:
            parts.append(text("manille.status.choices_owed", side=side, left=quota.choices_left, owed=owed))
        else:
            parts.append(text("manille.status.choices", side=side, left=quota.choices_left))
    if fiche.next_leader:
        leads = text("manille.status.leads", leader=fiche.next_leader)
    else:
        leads = message("manille.status.taker_leads")
    after = text(f"manille.next.{fiche.rules.trump_from}", dealer=fiche.next_dealer, leads=leads)
    return text("manille.status", parts=message("manille.join.status").join(parts), next=after)


def short_status(fiche: Fiche) -> str:
    """The state of a game for the list of games."""
    if fiche.over:
        return ending(fiche)
    return text("manille.short_status", standing=standing(fiche), dealer=fiche.next_dealer)


def print_coup(result: CoupResult, fiche: Fiche, ascii: bool) -> None:
    """What `coup`, `edit` print: the coup's log (the deal said first is left out) and the status line."""
    for line in result.log if result.entry == "adjust" else result.log[1:]:  # an agreement is dealt by nobody
        print(render(line, ascii))
    print(status(fiche))


COLUMNS = ("coup", "dealer", "trump", "calls", "said", "points")


def sheet(fiche: Fiche, ascii: bool, name: Name) -> Sheet:
    """The fiche's columns and rows (`layout` fits them to the screen), each player named by `name`."""
    seats = {str(seat): seat for seat in fiche.table.seats}  # a mort's seat as the table names it (M-15, M-16)
    name = _seated(name, seats)
    rows = []
    words = CALL_WORDS[fiche.rules.call_words]
    manches = fiche.rules.partie in ("liee", "seche")
    marks: dict[str, str] = {}  # each mark's words, looked up once a sheet
    for result in fiche.coups:
        made = message("manille.join.figures").join(map(str, result.made)) if result.made is not None else ""
        figures = tuple(
            (text("manille.cell.scored", scored=s, score=t) if s else str(t), str(t))
            for s, t in zip(result.scored, result.scores, strict=True)
        )
        dealer = "" if result.entry == "adjust" else name(result.dealer)  # an agreement is dealt by nobody (M-18)
        cells = (
            str(result.number),
            dealer,
            trump_cell(result, ascii, name),
            calls_cell(result, words, name),
            said(result, name),
            made,
        )
        label = None
        if result.manche_won_by is not None and manches:
            label = tuple(
                text("manille.cell.manche", manche=result.manche) if i == result.manche_won_by else ""
                for i in range(len(fiche.sides))
            )
        rows.append(Row(cells, figures, mark(result, marks), label))
    headers = tuple(message(f"manille.header.{column}") for column in COLUMNS)
    sides = tuple(name(side.name) for side in fiche.sides)
    return Sheet(COLUMNS, headers, frozenset({"coup", "points"}), sides, tuple(rows))


def _seated(name: Name, seats: dict[str, str]) -> Name:
    """`name` for a seat said as a plain string (`César's mort`), which the table knows by its words."""
    return lambda value: name(seats.get(value, value) if isinstance(value, str) else value)


def mark(result: CoupResult, words: dict[str, str] | None = None) -> str:
    """Beside the running scores alone: a manche won (M-9), a renonce (M-8), an entry that is no coup
    (M-17, M-18). `words` keeps the marks' words found, for the next rows."""
    kind = result.entry or ("renonce" if result.coup.renonce is not None else None)
    if kind is None and result.manche_won_by is None:
        return ""  # the common row: nothing to look up
    words = {} if words is None else words
    marks = []
    if kind is not None:
        if kind not in words:
            words[kind] = message(f"sheet_width.mark.{kind}")
        marks.append(words[kind])
    if result.manche_won_by is not None:
        marks.append(text("sheet_width.mark.manche", manche=result.manche))
    return " ".join(marks)


def after(fiche: Fiche, narrow: bool) -> list[str]:
    """The lines under the grid: who won each trick of a coup entered by its tricks (not on a phone:
    `sheet --detail N` has them), the status, and on a phone what the marks say."""
    lines = [] if narrow else [tricks_won(result) for result in fiche.coups if result.tricks]
    return [*lines, status(fiche), *(_marks_said(fiche) if narrow else [])]


def _marks_said(fiche: Fiche) -> list[str]:
    """What the marks of a narrow sheet say, for those it shows: a manche won, a renonce."""
    shown = [
        kind
        for kind, found in (
            ("manche", any(result.manche_won_by is not None for result in fiche.coups)),
            ("renonce", any(result.entry is None and result.coup.renonce is not None for result in fiche.coups)),
        )
        if found
    ]
    return (
        [message("sheet_width.marks.join").join(message(f"sheet_width.marks.{kind}") for kind in shown)]
        if shown
        else []
    )


def tricks_won(result: CoupResult) -> str:
    won = message("manille.join.tricks").join(
        text("manille.trick_winner", trick=trick.number, winner=trick.winner) for trick in result.tricks
    )
    return text("manille.tricks_won", number=result.number, tricks=won)


def detail(result: CoupResult, ascii: bool) -> list[str]:
    """Under a coup's cells in `sheet --detail N`: who won each trick, and its calculation."""
    return [*([tricks_won(result)] if result.tricks else []), *(render(line, ascii) for line in result.log)]


def explained(fiche: Fiche, ascii: bool) -> list[str]:
    """Every coup's calculation (`--explain`)."""
    lines = []
    for result in fiche.coups:
        lines.append(text("manille.explain.coup", number=result.number, manche=result.manche))
        lines += ["  " + render(line, ascii) for line in result.log]
    return lines
