"""Drawing the manille fiche. Everything here only formats what the engine computed."""

from __future__ import annotations

from scorekeeper.cli.grid import Grid
from scorekeeper.cli.options import cards
from scorekeeper.games.manille import CoupResult, Fiche


def trump_cell(result: CoupResult) -> str:
    coup = result.coup
    if coup.retourne is not None:
        return str(coup.retourne)
    named = "SA" if coup.sans_atout else result.trump.symbol if result.trump else ""
    return f"{named} {result.chooser}" if result.chooser and result.chooser != result.dealer else named


def calls_cell(result: CoupResult) -> str:
    coup = result.coup
    calls = []
    if coup.taker is not None:
        calls.append(f"{coup.taker} bids {coup.bid}")
    if coup.contre is not None:
        calls.append(f"contre {coup.contre}")
    if coup.surcontre is not None:
        calls.append(f"surcontre {coup.surcontre}")
    if coup.exchange is not None:
        calls.append(f"chien {coup.exchange}")
    if result.multiplier > 1:
        calls.append(f"x{result.multiplier}")
    return ", ".join(calls)


def said(result: CoupResult) -> str:
    coup = result.coup
    if coup.tricks is not None:
        return f"{len(coup.tricks)} tricks" + (", renonce let pass" if coup.let_renonce_pass else "")
    if coup.renonce is not None:
        return f"renonce {coup.renonce}"
    if coup.points is not None:
        return ", ".join(f"{who} {points}" for who, points in coup.points)
    return "not played"


def standing(fiche: Fiche) -> str:
    scores = ", ".join(f"{side.name} {score}" for side, score in zip(fiche.sides, fiche.scores, strict=True))
    rules = fiche.rules
    if rules.partie == "deals":
        return f"{len(fiche.coups)} of {rules.deals} deals played: {scores}"
    if rules.partie == "loser":
        return f"the first to {fiche.target} loses: {scores}"
    if rules.partie == "seche":
        return f"the first to {fiche.target}: {scores}"
    return f"manche {fiche.manche} to {fiche.target}: {scores} (manches {'-'.join(map(str, fiche.manches))})"


def ending(fiche: Fiche) -> str:
    """How the partie ended, in one line."""
    rules = fiche.rules
    winner = fiche.sides[fiche.winner].name if fiche.winner is not None else None
    if rules.partie == "loser" and fiche.loser is not None:
        loser = fiche.sides[fiche.loser]
        lost = (
            f"{loser.name} {'lose' if len(loser.players) > 1 else 'loses'} the partie with {fiche.scores[fiche.loser]}"
        )
        if fiche.winner is None:
            return lost
        wins = "win" if len(fiche.sides[fiche.winner].players) > 1 else "wins"
        return lost + f"; {winner} {wins} with {fiche.scores[fiche.winner]}"
    if winner is None:
        return f"partie over: a tie at the top ({standing(fiche)})"
    if rules.partie == "deals":
        return f"partie won by {winner} after {rules.deals} deals ({standing(fiche)})"
    if rules.partie == "liee":
        manches = "-".join(str(m) for m in sorted(fiche.manches, reverse=True))
        return f"partie won by {winner} ({manches} in manches)"
    return f"partie won by {winner}"


def status(fiche: Fiche) -> str:
    """Where the partie stands, in one line: scores, what the next coup carries, who deals and leads next."""
    if fiche.over:
        return ending(fiche)
    parts = [standing(fiche)]
    if fiche.multiplier_next > 1:
        parts.append(f"next coup x{fiche.multiplier_next}")
    for quota in fiche.quotas:
        owed = f", sans-atout owed {quota.sans_atout_needed}" if quota.sans_atout_needed else ""
        parts.append(f"{fiche.sides[quota.column].name}: {quota.choices_left} choices left{owed}")
    leads = f"{fiche.next_leader} leads" if fiche.next_leader else "the taker leads"
    chooses = {
        "dealer": " and names trump",
        "dealer-or-partner": " and names trump (or passes to his partner)",
        "taker": "; the highest bidder names trump",
    }.get(fiche.rules.trump_from, "")
    return "; ".join(parts) + f". {fiche.next_dealer} deals{chooses}, {leads}."


def short_status(fiche: Fiche) -> str:
    """The state of a game for the list of games."""
    if fiche.over:
        return ending(fiche)
    return f"{standing(fiche)}; {fiche.next_dealer} deals"


def print_coup(result: CoupResult, fiche: Fiche, ascii: bool) -> None:
    """What `coup`, `edit` print: the coup's log and the status line."""
    for line in result.log[1:]:
        print(cards(line, ascii))
    print(status(fiche))


def print_fiche(fiche: Fiche, title: str, ascii: bool, explain: bool) -> None:
    headers = ["coup", "dealer", "atout", "calls", "said", "points", *(side.name for side in fiche.sides)]
    grid = Grid(title, headers, right={0, 5, *range(6, len(headers))})
    for result in fiche.coups:
        made = "-".join(map(str, result.made)) if result.made is not None else ""
        cells = [f"{s:+} = {t}" if s else f"{t}" for s, t in zip(result.scored, result.scores, strict=True)]
        row = [str(result.number), result.dealer, cards(trump_cell(result), ascii), calls_cell(result), said(result)]
        grid.add_row(*row, made, *cells)
        if result.manche_won_by is not None and fiche.rules.partie in ("liee", "seche"):
            label = [f"manche {result.manche}" if i == result.manche_won_by else "" for i in range(len(fiche.sides))]
            grid.add_row("", "", "", "", "", "", *label, bold=True)
            grid.add_rule()
    lines = [grid.render()]
    for result in fiche.coups:
        if result.tricks:
            won = " · ".join(f"{trick.number} {trick.winner}" for trick in result.tricks)
            lines.append(f"coup {result.number}, tricks won: {won}")
    lines.append(status(fiche))
    if explain:
        for result in fiche.coups:
            lines.append(f"coup {result.number} (manche {result.manche}):")
            lines += ["  " + cards(line, ascii) for line in result.log]
    print("\n".join(lines))
