"""`scorekeeper rules list | show NAME | check FILE | explain [ID]`."""

from __future__ import annotations

import typer

from scorekeeper import games, rulesets
from scorekeeper.cli import complete
from scorekeeper.cli.options import JSON, examples_of
from scorekeeper.cli.terminal import out
from scorekeeper.i18n import render, text
from scorekeeper.i18n.rulebook import described, description_of, source_of

app = typer.Typer(
    name="rules",
    help=text("help.rules"),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


@app.command("list", help=text("help.rules.list"), epilog=examples_of("rules.list"))
def list_(json: bool = JSON) -> None:
    loaded = [games.load(name) for name in rulesets.builtin_names()]
    if json:
        out.json([_summary(ruleset) for ruleset in loaded])
        return
    from rich.table import Table

    table = Table(title=text("cli.rules.shipped"), title_justify="left")
    for column in ("cli.rules.column.name", "cli.rules.column.players", "cli.rules.column.description"):
        table.add_column(text(column))
    for ruleset in loaded:
        table.add_row(ruleset.name, str(ruleset.players), described(ruleset)[1])
    out.show(table)


@app.command(help=text("help.rules.show"), epilog=examples_of("rules.show"))
def show(
    name: str = typer.Argument(..., help=text("help.rules.show.name"), autocompletion=complete.ruleset_names),
    json: bool = JSON,
) -> None:
    ruleset = games.load(name)
    derived = games.get(ruleset.game).derived(ruleset)  # keys left to follow from others, and their values
    if json:
        out.json({**_summary(ruleset), "settings": dict(ruleset.settings), "derived": derived})
        return
    from rich.table import Table
    from rich.text import Text

    title, description = described(ruleset)
    out.show(Text.assemble((title, "bold"), f" ({ruleset.name}, {ruleset.game})"))  # text, never markup
    out.show(description, markup=False)
    if ruleset.source:
        out.show(text("cli.rules.source", source=source_of(ruleset)), markup=False)
    table = Table()
    for column in ("cli.rules.column.key", "cli.rules.column.value", "cli.rules.column.meaning"):
        table.add_column(text(column))
    meanings = {key.name: key.meaning for key in ruleset.schema}
    ranked = {key.name for key in ruleset.schema if key.ranks}
    for key, value in ruleset.settings.items():
        shown = render(derived[key]) if key in derived else _show_value(value, key in ranked)
        table.add_row(key, shown, render(meanings[key]))
    out.show(table)
    if ruleset.options:
        shown = [f"{option} ({key})" for option, key in ruleset.options.items()]  # names as typed: notation
        out.show(text("cli.rules.options", options=shown), markup=False)


@app.command(help=text("help.rules.check"), epilog=examples_of("rules.check"))
def check(
    file: str = typer.Argument(..., help=text("help.rules.check.file")),
    json: bool = JSON,
) -> None:
    ruleset = games.load(file)
    if json:
        out.json({"valid": True, **_summary(ruleset)})
        return
    said = text("cli.rules.valid", origin=ruleset.origin, game=ruleset.game, name=ruleset.name, title=ruleset.title)
    out.show(said, markup=False)


@app.command(help=text("help.rules.explain"), epilog=examples_of("rules.explain"))
def explain(
    rule: str = typer.Argument(None, help=text("help.rules.explain.rule")),
    json: bool = JSON,
) -> None:
    """One rule of the shipped rule book, or the list of them, in the language in effect (issue 14)."""
    from scorekeeper.i18n import rulebook

    if rule is None:
        if json:
            out.json(rulebook.entries())
            return
        for each in rulebook.entries():
            out.words(text("cli.rulebook.line", id=each["id"], title=each["title"]))
        return
    # A record may cite two rules ("M-6, M-7"): each is explained.
    found = [rulebook.entry(part) for part in rule.split(",") if part.strip()] or [rulebook.entry(rule)]
    if json:
        out.json(found[0] if len(found) == 1 else found)
        return
    for entry in found:
        out.show(text("cli.rulebook.title", id=entry["id"], title=entry["title"]), markup=False)
        out.show(entry["rule"], markup=False)
        if "choice" in entry:
            out.show(text("cli.rulebook.choice", choice=entry["choice"]), markup=False)


def _summary(ruleset: rulesets.Ruleset) -> dict[str, object]:
    return {
        "name": ruleset.name,
        "title": ruleset.title,
        "game": ruleset.game,
        "players": ruleset.players,
        "description": description_of(ruleset),
        "source": ruleset.source,
        "options": dict(ruleset.options),
    }


def _show_value(value: object, ranks: bool = False) -> str:
    """A setting as `rules show` writes it; card ranks (`ranks`) in the letters of the language in effect."""
    said = _rank if ranks else str
    if isinstance(value, dict):
        return ", ".join(f"{said(k)}={v}" for k, v in value.items())
    if isinstance(value, list):
        return " ".join(map(said, value))
    if value is None:
        return text("cli.rules.default")
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _rank(value: object) -> str:
    """A rank as the language in effect writes it (C-2: `R` for `K` in French); what is no rank as written."""
    from scorekeeper.cards import Rank, rank_letter
    from scorekeeper.i18n import spoken

    try:
        return rank_letter(Rank(str(value)), spoken())
    except ValueError:
        return str(value)
