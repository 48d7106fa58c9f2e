"""Drawing the fiche. Everything here only formats what the core computed."""

from __future__ import annotations

from scorekeeper.cli.output import cards, console
from scorekeeper.manille import CoupResult, Fiche


def said(result: CoupResult) -> str:
    coup = result.coup
    if coup.tricks is not None:
        return f"{len(coup.tricks)} tricks" + (", renonce let pass" if coup.let_renonce_pass else "")
    if coup.renonce is not None:
        return f"renonce {coup.renonce}"
    if coup.points is not None:
        return f"{coup.points[0]} {coup.points[1]}"
    return "not played"


def status(fiche: Fiche) -> str:
    """Where the partie stands, in one line: scores, manches, who deals and leads next."""
    if fiche.winner is not None:
        manches = "-".join(str(m) for m in sorted(fiche.manches, reverse=True))
        return f"partie won by {fiche.sides[fiche.winner].name} ({manches} in manches)"
    scores = ", ".join(f"{side.name} {score}" for side, score in zip(fiche.sides, fiche.scores, strict=True))
    manches = "-".join(map(str, fiche.manches))
    times = f"; next coup x{fiche.multiplier_next}" if fiche.multiplier_next > 1 else ""
    return (
        f"manche {fiche.manche} to {fiche.target}: {scores} (manches {manches}){times}. "
        f"{fiche.next_dealer} deals, {fiche.next_leader} leads."
    )


def short_status(fiche: Fiche) -> str:
    """The state of a game for the list of games."""
    if fiche.winner is not None:
        return f"won by {fiche.sides[fiche.winner].name}"
    scores = "-".join(map(str, fiche.scores))
    return f"manche {fiche.manche}: {scores}, manches {'-'.join(map(str, fiche.manches))}; {fiche.next_dealer} deals"


def print_coup(result: CoupResult, fiche: Fiche, ascii: bool) -> None:
    """What `coup`, `edit`, `undo` print: the coup's log and the status line."""
    out = console()
    for line in result.log[1:]:
        out.print(cards(line, ascii), markup=False)
    out.print(status(fiche), markup=False)


def print_fiche(fiche: Fiche, title: str, ascii: bool, explain: bool) -> None:
    from rich.table import Table

    out = console()
    table = Table(title=title, title_justify="left")
    table.add_column("coup", justify="right")
    table.add_column("dealer")
    table.add_column("retourne")
    table.add_column("said")
    table.add_column("points", justify="right")
    for side in fiche.sides:
        table.add_column(side.name, justify="right")
    for result in fiche.coups:
        made = "-".join(map(str, result.made)) if result.made is not None else ""
        retourne = cards(str(result.coup.retourne), ascii) if result.coup.retourne else ""
        cells = [f"+{s} = {t}" if s else f"{t}" for s, t in zip(result.scored, result.scores, strict=True)]
        table.add_row(str(result.number), result.dealer, retourne, said(result), made, *cells)
        if result.manche_won_by is not None:
            table.add_row(
                "",
                "",
                "",
                "",
                "",
                *[
                    ("manche " + str(result.manche)) if i == result.manche_won_by else ""
                    for i in range(len(fiche.sides))
                ],
                style="bold",
            )
            table.add_section()
    out.print(table)
    for result in fiche.coups:
        if result.tricks:
            won = " · ".join(f"{trick.number} {trick.winner}" for trick in result.tricks)
            out.print(f"coup {result.number}, tricks won: {won}", markup=False)
    out.print(status(fiche), markup=False)
    if explain:
        for result in fiche.coups:
            out.print(f"coup {result.number} (manche {result.manche}):", markup=False)
            for line in result.log:
                out.print("  " + cards(line, ascii), markup=False)
