"""Drawing the manille fiche. Everything here only formats what the engine computed, in the catalog's words."""

from __future__ import annotations

from scorekeeper.cli.grid import Grid
from scorekeeper.games.manille import CoupResult, Fiche
from scorekeeper.games.manille.rules import CALL_WORDS
from scorekeeper.i18n import message, render, text


def trump_cell(result: CoupResult, ascii: bool = False) -> str:
    coup = result.coup
    if coup.retourne is not None:
        return render(coup.retourne, ascii)  # in the letters of the language (C-2)
    trump = (
        message("manille.cell.sans_atout") if coup.sans_atout else result.trump.format(ascii) if result.trump else ""
    )
    if result.chooser and result.chooser != result.dealer:
        return text("manille.cell.trump_by", trump=trump, chooser=result.chooser)
    return trump


def calls_cell(result: CoupResult, words: tuple[str, str] = ("contre", "surcontre")) -> str:
    """The calls of a coup, each in the system's own word (`words`: M-6, M-7)."""
    coup = result.coup
    calls = []
    if coup.taker is not None:
        calls.append(text("manille.cell.bid", taker=coup.taker, bid=coup.bid))
    if coup.contre is not None:
        calls.append(text("manille.cell.contre", player=coup.contre, call=words[0]))
    if coup.surcontre is not None:
        calls.append(text("manille.cell.surcontre", player=coup.surcontre, call=words[1]))
    if coup.exchange is not None:
        calls.append(text("manille.cell.chien", exchange=coup.exchange))
    if result.multiplier > 1:
        calls.append(text("manille.cell.multiplier", multiplier=result.multiplier))
    if coup.force:
        calls.append(message("cell.forced"))  # M-10: the sans-atout still owed stays on the sheet
    return message("join.list").join(calls)


def said(result: CoupResult) -> str:
    coup = result.coup
    if result.entry is not None:  # M-17, M-18: no deal played
        return text("cell.adjust", reason=coup.reason) if coup.adjust else message(f"cell.{result.entry}")
    if coup.menteur is not None:
        return text("cell.lie", player=coup.menteur)
    if coup.tricks is not None:
        passed = "manille.cell.tricks_let_pass" if coup.let_renonce_pass else "manille.cell.tricks"
        return text(passed, tricks=len(coup.tricks))
    if coup.renonce is not None:
        return text("manille.cell.renonce", player=coup.renonce)
    if coup.points is not None:
        return message("join.list").join(
            text("manille.cell.points", player=who, points=points) for who, points in coup.points
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


def print_fiche(fiche: Fiche, title: str, ascii: bool, explain: bool) -> None:
    headers = [
        *(message(f"manille.header.{column}") for column in ("coup", "dealer", "trump", "calls", "said", "points")),
        *(render(side.name) for side in fiche.sides),
    ]
    grid = Grid(title, headers, right={0, 5, *range(6, len(headers))})
    for result in fiche.coups:
        made = message("manille.join.figures").join(map(str, result.made)) if result.made is not None else ""
        cells = [
            text("manille.cell.scored", scored=s, score=t) if s else str(t)
            for s, t in zip(result.scored, result.scores, strict=True)
        ]
        calls = calls_cell(result, CALL_WORDS[fiche.rules.call_words])
        dealer = "" if result.entry == "adjust" else result.dealer  # an agreement is dealt by nobody (M-18)
        row = [str(result.number), dealer, trump_cell(result, ascii), calls, said(result)]
        grid.add_row(*row, made, *cells)
        if result.manche_won_by is not None and fiche.rules.partie in ("liee", "seche"):
            label = [
                text("manille.cell.manche", manche=result.manche) if i == result.manche_won_by else ""
                for i in range(len(fiche.sides))
            ]
            grid.add_row("", "", "", "", "", "", *label, bold=True)
            grid.add_rule()
    lines = [grid.render()]
    for result in fiche.coups:
        if result.tricks:
            won = message("manille.join.tricks").join(
                text("manille.trick_winner", trick=trick.number, winner=trick.winner) for trick in result.tricks
            )
            lines.append(text("manille.tricks_won", number=result.number, tricks=won))
    lines.append(status(fiche))
    if explain:
        for result in fiche.coups:
            lines.append(text("manille.explain.coup", number=result.number, manche=result.manche))
            lines += ["  " + render(line, ascii) for line in result.log]
    print("\n".join(lines))
