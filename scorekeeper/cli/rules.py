"""`scorekeeper rules list | show NAME | check FILE`."""

from __future__ import annotations

import typer

from scorekeeper import games, rulesets
from scorekeeper.cli.options import JSON, console, examples, print_json

app = typer.Typer(
    name="rules",
    help="The rulesets: list the shipped ones, show one, check your own file.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


@app.command("list", epilog=examples("scorekeeper rules list --json"))
def list_(json: bool = JSON) -> None:
    """List the shipped rulesets."""
    loaded = [games.load(name) for name in rulesets.builtin_names()]
    if json:
        print_json([_summary(ruleset) for ruleset in loaded])
        return
    from rich.table import Table

    table = Table(title="Shipped rulesets", title_justify="left")
    for column in ("name", "players", "what it is"):
        table.add_column(column)
    for ruleset in loaded:
        table.add_row(ruleset.name, str(ruleset.players), ruleset.description)
    console().print(table)


@app.command(epilog=examples("scorekeeper rules show manille-muette", "scorekeeper rules show ./house.toml"))
def show(
    name: str = typer.Argument(..., help="A shipped ruleset's name, or a path to a TOML file."),
    json: bool = JSON,
) -> None:
    """Show every setting of a ruleset, with what each key means and its rule id."""
    ruleset = games.load(name)
    if json:
        print_json({**_summary(ruleset), "settings": dict(ruleset.settings)})
        return
    from rich.table import Table
    from rich.text import Text

    out = console()
    out.print(Text.assemble((ruleset.title, "bold"), f" ({ruleset.name}, {ruleset.game})"))  # text, never markup
    out.print(ruleset.description, markup=False)
    if ruleset.source:
        out.print(f"source: {ruleset.source}", markup=False)
    table = Table()
    for column in ("key", "value", "meaning"):
        table.add_column(column)
    docs = {key.name: key.doc for key in ruleset.schema}
    for key, value in ruleset.settings.items():
        table.add_row(key, _show_value(value), docs[key])
    out.print(table)
    if ruleset.options:
        shown = ", ".join(f"{option} ({key})" for option, key in ruleset.options.items())
        out.print(f"options for `new --option NAME=VALUE`: {shown}", markup=False)


@app.command(epilog=examples("scorekeeper rules check ./house.toml"))
def check(
    file: str = typer.Argument(..., help="Path to the TOML file to check (a shipped name works too)."),
    json: bool = JSON,
) -> None:
    """Check a ruleset file: every key known, every value accepted. Exit 2 with the reason if not."""
    ruleset = games.load(file)
    if json:
        print_json({"valid": True, **_summary(ruleset)})
        return
    console().print(f"{ruleset.origin}: valid {ruleset.game} ruleset {ruleset.name!r} ({ruleset.title})", markup=False)


def _summary(ruleset: rulesets.Ruleset) -> dict[str, object]:
    return {
        "name": ruleset.name,
        "title": ruleset.title,
        "game": ruleset.game,
        "players": ruleset.players,
        "description": ruleset.description,
        "source": ruleset.source,
        "options": dict(ruleset.options),
    }


def _show_value(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, list):
        return " ".join(map(str, value))
    if value is None:
        return "(default)"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
