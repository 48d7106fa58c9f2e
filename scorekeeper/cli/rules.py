"""`scorekeeper rules list | show NAME | check FILE`."""

from __future__ import annotations

import typer

from scorekeeper import games, rulesets
from scorekeeper.cli.options import JSON, console, examples_of, print_json
from scorekeeper.i18n import render, text

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
        print_json([_summary(ruleset) for ruleset in loaded])
        return
    from rich.table import Table

    table = Table(title=text("cli.rules.shipped"), title_justify="left")
    for column in ("cli.rules.column.name", "cli.rules.column.players", "cli.rules.column.description"):
        table.add_column(text(column))
    for ruleset in loaded:
        table.add_row(ruleset.name, str(ruleset.players), ruleset.description)
    console().print(table)


@app.command(help=text("help.rules.show"), epilog=examples_of("rules.show"))
def show(
    name: str = typer.Argument(..., help=text("help.rules.show.name")),
    json: bool = JSON,
) -> None:
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
        out.print(text("cli.rules.source", source=ruleset.source), markup=False)
    table = Table()
    for column in ("cli.rules.column.key", "cli.rules.column.value", "cli.rules.column.meaning"):
        table.add_column(text(column))
    meanings = {key.name: key.meaning for key in ruleset.schema}
    for key, value in ruleset.settings.items():
        table.add_row(key, _show_value(value), render(meanings[key]))
    out.print(table)
    if ruleset.options:
        shown = [f"{option} ({key})" for option, key in ruleset.options.items()]  # names as typed: notation
        out.print(text("cli.rules.options", options=shown), markup=False)


@app.command(help=text("help.rules.check"), epilog=examples_of("rules.check"))
def check(
    file: str = typer.Argument(..., help=text("help.rules.check.file")),
    json: bool = JSON,
) -> None:
    ruleset = games.load(file)
    if json:
        print_json({"valid": True, **_summary(ruleset)})
        return
    said = text("cli.rules.valid", origin=ruleset.origin, game=ruleset.game, name=ruleset.name, title=ruleset.title)
    console().print(said, markup=False)


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
        return text("cli.rules.default")
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
