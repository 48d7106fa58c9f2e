"""`scorekeeper check`: settle one disputed play."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from scorekeeper import games
from scorekeeper.cards import Card, parse_trump
from scorekeeper.cli import complete
from scorekeeper.cli.options import ASCII, JSON, examples_of
from scorekeeper.cli.terminal import out
from scorekeeper.errors import Exit, UserError
from scorekeeper.games.contract import Play
from scorekeeper.i18n import render, spoken, text
from scorekeeper.rulesets import Ruleset

if TYPE_CHECKING:  # the referee is imported by its two commands only: the others start without it
    from scorekeeper.language import Language
    from scorekeeper.referee import Relation

app = typer.Typer(add_completion=False, rich_markup_mode=None)


def _table(text: str, ruleset: Ruleset, lang: Language) -> list[tuple[Relation | None, Card]]:
    """`O:A♠ P:10♠ O:Q♣`, or in words, `O:as de pique P:dix de pique`: each card already in the trick,
    with its player's relation to the one to play."""
    from scorekeeper.cards import split_named
    from scorekeeper.referee import Relation

    trick: list[tuple[Relation | None, Card]] = []
    for prefix, card in split_named(text, lang):
        relation = None
        if prefix is not None:
            try:
                relation = Relation(prefix.upper())
            except ValueError:
                raise UserError("check_bad_prefix", word=f"{prefix}:{card}") from None
        trick.append((relation, ruleset.deck.parse(card, lang)))
    return trick


@app.command(help=text("help.check"), epilog=examples_of("check"))
def check(
    ruleset: str = typer.Argument(..., help=text("help.check.ruleset"), autocompletion=complete.ruleset_names),
    trump: str = typer.Option(..., "--trump", "-t", help=text("help.check.trump")),
    table: str = typer.Option("", "--table", help=text("help.check.table")),
    hand: str = typer.Option(..., "--hand", help=text("help.check.hand")),
    play: str = typer.Option(None, "--play", help=text("help.check.play"), autocompletion=complete.cards),
    json: bool = JSON,
    ascii: bool = ASCII,
) -> int:
    from scorekeeper.referee import Cards

    loaded = games.load(ruleset)
    lang = spoken().playing(loaded.game)  # the cards as the table says them (C-2: `c` is cœur in French)
    trick = _table(table, loaded, lang)
    held = loaded.deck.parse_many(hand, lang)
    if not held:
        raise UserError("check_empty_hand")
    card = loaded.deck.parse(play, lang) if play is not None else None
    verdict = games.engine(loaded).judge_play(loaded, Play(parse_trump(trump, lang), trick, held, card))
    # A renonce's cost under the ruleset (M-8), a record like the verdict's explanation.
    cost = games.engine(loaded).renonce_cost(loaded.rules) if verdict.legal is False else None
    if json:
        out.json(
            {
                "legal_cards": [c.ascii for c in verdict.legal_cards],
                "play": None if card is None else card.ascii,
                "legal": verdict.legal,
                "rule": verdict.rule,
                "explanation": render(verdict.explanation, ascii=True),
                "cost": None if cost is None else render(cost, ascii=True),
                "records": [verdict.explanation] if cost is None else [verdict.explanation, cost],
            }
        )
    else:
        # The cards read, shown back with their symbols: a misreading shows at once (C-2).
        read = (
            text("check.read", ascii, hand=Cards(held))
            if card is None
            else text("check.read_play", ascii, hand=Cards(held), play=card)
        )
        out.show(read, markup=False)
        out.show(text("check.legal_cards", ascii, cards=Cards(verdict.legal_cards)), markup=False)
        out.show(render(verdict.explanation, ascii), markup=False)
        if cost is not None:
            out.show(text("referee.renonce_line", ascii, rule=verdict.rule, what=cost), markup=False)
    return Exit.RENONCE if verdict.legal is False else Exit.DONE
