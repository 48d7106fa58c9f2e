"""`scorekeeper check`: settle one disputed play."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from scorekeeper import games
from scorekeeper.cards import Card, parse_trump
from scorekeeper.cli.options import ASCII, JSON, cards, console, examples, print_json
from scorekeeper.errors import Exit, UserError
from scorekeeper.rulesets import Ruleset

if TYPE_CHECKING:  # the referee is imported by its two commands only: the others start without it
    from scorekeeper.referee import Relation

app = typer.Typer(add_completion=False, rich_markup_mode=None)


def _table(text: str, ruleset: Ruleset) -> list[tuple[Relation | None, Card]]:
    """`O:A♠ P:10♠ O:Q♣`: each card already in the trick, with its player's relation to the one to play."""
    from scorekeeper.referee import Relation

    trick: list[tuple[Relation | None, Card]] = []
    for word in text.replace(",", " ").split():
        prefix, colon, card = word.rpartition(":")
        relation = None
        if colon:
            try:
                relation = Relation(prefix.upper())
            except ValueError:
                raise UserError(f"bad prefix in {word!r}: P: for the partner, O: for an opponent") from None
        trick.append((relation, ruleset.deck.parse(card)))
    return trick


@app.command(
    epilog=examples(
        'scorekeeper check manille-muette --trump h --table "O:A♠ P:10♠ O:Q♣" --hand "10♥ A♥ 10♣ K♣"',
        'scorekeeper check manille-muette --trump h --table "O:A♠ P:10♠ O:Q♣" --hand "10♥ A♥ 10♣ K♣" --play 10c',
        'scorekeeper check hombre --trump c --table "2c" --hand "As Ac 5d" --play 5d --json',
    )
)
def check(
    ruleset: str = typer.Argument(..., help="A ruleset name or TOML path (its play rules apply)."),
    trump: str = typer.Option(..., "--trump", "-t", help="The trump suit, or sa for sans-atout."),
    table: str = typer.Option("", "--table", help='Cards already in the trick, in play order: "O:A♠ P:10♠ O:Q♣".'),
    hand: str = typer.Option(..., "--hand", help='The hand of the player about to play: "10♥ A♥ 10♣ K♣".'),
    play: str = typer.Option(None, "--play", help="The card he played: legal, or which rule it breaks."),
    json: bool = JSON,
    ascii: bool = ASCII,
) -> int:
    """Settle one disputed play: the legal cards, and whether the card played was a renonce (exit 1)."""
    loaded = games.load(ruleset)
    trick = _table(table, loaded)
    held = loaded.deck.parse_many(hand)
    if not held:
        raise UserError("--hand is empty: give the cards of the player about to play")
    card = loaded.deck.parse(play) if play is not None else None
    verdict = loaded.engine.judge_play(loaded, parse_trump(trump), trick, held, card)
    cost = loaded.engine.renonce_cost(loaded.rules) if verdict.legal is False else None
    if json:
        print_json(
            {
                "legal_cards": [c.ascii for c in verdict.legal_cards],
                "play": None if card is None else card.ascii,
                "legal": verdict.legal,
                "rule": verdict.rule,
                "explanation": cards(verdict.explanation, True),
                "cost": cost,
            }
        )
    else:
        out = console()
        out.print(f"legal cards: {cards(' '.join(map(str, verdict.legal_cards)), ascii)}", markup=False)
        out.print(cards(verdict.explanation, ascii), markup=False)
        if cost:
            out.print(f"renonce ({verdict.rule}): {cost}", markup=False)
    return Exit.RENONCE if verdict.legal is False else Exit.DONE
