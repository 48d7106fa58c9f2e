"""`scorekeeper check` (one disputed play) and `scorekeeper audit` (a whole coup's trick log)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from scorekeeper import games, rulesets, tomlfile
from scorekeeper.cards import Card, parse_trump
from scorekeeper.cli.output import ASCII, JSON, cards, console, examples, print_json
from scorekeeper.errors import UserError

if TYPE_CHECKING:  # the referee is imported by its two commands only: the others start without it
    from scorekeeper.referee import Relation

RENONCE_FOUND = 1  # exit code of check and audit when a renonce is found

CHECK_EXAMPLES = examples(
    'scorekeeper check manille-muette --trump h --table "O:A♠ P:10♠ O:Q♣" --hand "10♥ A♥ 10♣ K♣"',
    'scorekeeper check manille-muette --trump h --table "O:A♠ P:10♠ O:Q♣" --hand "10♥ A♥ 10♣ K♣" --play 10c',
    'scorekeeper check hombre --trump c --table "2c" --hand "As Ac 5d" --play 5d --json',
)
AUDIT_EXAMPLES = examples(
    'scorekeeper audit manille-muette --players "A B C D" --trump h --leader A --trick "7h 8h 9h 10h" --trick ...',
    "scorekeeper audit manille-muette --file coup.toml --json",
)


def register(app: typer.Typer) -> None:
    app.command(epilog=CHECK_EXAMPLES)(check)
    app.command(epilog=AUDIT_EXAMPLES)(audit)


def _table(text: str, ruleset: rulesets.Ruleset) -> list[tuple[Relation | None, Card]]:
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
    return RENONCE_FOUND if verdict.legal is False else 0


def _read_coup_file(path: str) -> dict[str, Any]:
    try:
        data = tomlfile.load(path)
    except FileNotFoundError:
        raise UserError(f"no coup file at {path}") from None
    except (tomlfile.NotToml, OSError) as error:
        raise UserError(f"{path}: not a readable TOML coup file ({error})") from None
    known = {"players", "trump", "leader", "tricks", "taker"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise UserError(f"{path}: unknown key {unknown[0]!r}; a coup file has {', '.join(sorted(known))}")
    return data


def audit(
    ruleset: str = typer.Argument(..., help="A ruleset name or TOML path (its play rules apply)."),
    players: str = typer.Option(None, "--players", help='The hands in play order, morts included: "A B C D".'),
    trump: str = typer.Option(None, "--trump", "-t", help="The trump suit, or sa for sans-atout."),
    leader: str = typer.Option(None, "--leader", help="Who led the first trick."),
    trick: list[str] = typer.Option([], "--trick", help="One trick's cards in play order from its leader; repeat."),
    taker: str = typer.Option(None, "--taker", help="Who plays alone: the taker (enchères), the dealer (manillen-3)."),
    file: str = typer.Option(None, "--file", help="A TOML file with players, trump, leader, tricks (and taker)."),
    json: bool = JSON,
    ascii: bool = ASCII,
) -> int:
    """Audit a whole coup from its trick log: winners, points, and every renonce with its proof (exit 1)."""
    loaded = games.load(ruleset)
    if file is not None:
        if players or trump or leader or trick:
            raise UserError("give --file or --players/--trump/--leader/--trick, not both")
        data = _read_coup_file(file)
        seats, trump_text, first, tricks = _coup_fields(data, file)
        taker = data.get("taker") if isinstance(data.get("taker"), str) else None
    else:
        if not (players and trump and leader and trick):
            raise UserError("give --players, --trump, --leader and at least one --trick (or --file)")
        seats, trump_text, first, tricks = players.split(), trump, leader, [t.split() for t in trick]
    log = [[loaded.deck.parse(card) for card in cards] for cards in tricks]
    result = loaded.engine.audit_log(loaded, seats, first, parse_trump(trump_text), log, taker)
    if json:
        print_json(result.as_dict())
    else:
        _print_audit(result, ascii)
    return RENONCE_FOUND if result.audit.renonces else 0


def _coup_fields(data: dict[str, Any], path: str) -> tuple[list[str], str, str, list[list[str]]]:
    players, trump, leader, tricks = (data.get(key) for key in ("players", "trump", "leader", "tricks"))
    if not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        raise UserError(f"{path}: 'players' must list the players' names in seating order")
    if not isinstance(trump, str) or not isinstance(leader, str):
        raise UserError(f"{path}: 'trump' and 'leader' must be given as strings")
    if not (isinstance(tricks, list) and all(isinstance(t, list | str) for t in tricks)):
        raise UserError(f"{path}: 'tricks' must be a list of tricks, each a list of cards")
    return players, trump, leader, [t.split() if isinstance(t, str) else [str(c) for c in t] for t in tricks]


def _print_audit(result: Any, ascii: bool) -> None:
    from rich.table import Table
    from rich.text import Text

    out = console()
    table = Table()
    for column in ("trick", "leader", "cards", "winner", "points"):
        table.add_column(column)
    for played in result.audit.tricks:
        shown = "  ".join(f"{who} {cards(str(card), ascii)}" for who, card in played.cards)
        row = (str(played.number), played.leader, shown, played.winner, str(played.points))
        table.add_row(*map(Text, row))  # the players' names are text as typed, never markup
    out.print(table)
    for line in result.summary:
        out.print(cards(line, ascii), markup=False)
    for renonce in result.audit.renonces:
        out.print(f"renonce ({renonce.rule}): {cards(renonce.proof, ascii)}", markup=False)
    for unproven in result.audit.unknown:
        out.print(cards(unproven.note, ascii), markup=False)
    for note in result.audit.notes:
        out.print(note, markup=False)
    if not result.audit.renonces:
        out.print("no renonce proven", markup=False)
