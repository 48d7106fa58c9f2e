"""The CLI's conventions over every command of the table (issue 19): one short option, one meaning;
every command that reads takes `--json`."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator

import click
import pytest

from scorekeeper.cli.app import COMMANDS, Group

# What the short options mean wherever they appear (`-h` is the help's, everywhere).
MEANINGS = {"-g": "--game", "-p": "--player", "-o": "--option"}

# Every command of the table, as the one that reads or the one that writes: a new command is sorted here
# before this test passes, and one that reads takes --json. `export` writes a file (its formats are its output).
READS = {
    "sheet", "games", "games list", "settle", "check", "audit", "rules list", "rules show", "rules check",
    "rules explain", "stats", "chart", "demo", "concours standing", "concours status", "concours list", "concours deals",
}  # fmt: skip
WRITES = {
    "new", "coup", "edit", "adjust", "undo", "redo", "use", "stop", "note", "export", "table",
    "delete", "insert", "fix", "serve",  # serve: its entry page writes (--entry)
    "games rename", "games delete", "games restore", "games archive",
    "concours", "concours new", "concours register", "concours withdraw", "concours draw", "concours result",
    "concours use", "concours delete", "concours import", "concours export",
}  # fmt: skip


def _commands() -> Iterator[tuple[str, click.Command]]:
    """Every command and subcommand, found from the command table."""
    group = Group()
    ctx = click.Context(group)
    for name in COMMANDS:
        command = group.get_command(ctx, name)
        assert command is not None
        yield name, command
        for sub_name, sub in getattr(command, "commands", {}).items():
            yield f"{name} {sub_name}", sub


ALL = dict(_commands())


def _options(command: click.Command) -> Iterator[click.Option]:
    return (param for param in command.params if isinstance(param, click.Option))


def test_one_short_option_means_one_thing_in_every_command() -> None:
    meanings: defaultdict[str, set[str]] = defaultdict(set)
    for path, command in ALL.items():
        for option in _options(command):
            longs = sorted(opt for opt in option.opts + option.secondary_opts if opt.startswith("--"))
            for short in (opt for opt in option.opts if not opt.startswith("--")):
                meanings[short].add(longs[0] if longs else path)
    assert {short: long for short, long in MEANINGS.items() if meanings[short] - {long}} == {}
    assert {short: names for short, names in meanings.items() if len(names) > 1} == {}


def test_export_output_is_no_longer_o(run, marius) -> None:
    """`-o` is an option of `new` (issue 19): export's file is `--output` alone."""
    assert run("export", "-o", "fiche.md").code == 2


def test_every_command_is_sorted_as_reading_or_writing() -> None:
    assert set(ALL) - {"games", "rules"} <= READS | WRITES and not READS & WRITES
    assert (READS | WRITES) - set(ALL) == set()


@pytest.mark.parametrize("path", sorted(READS))
def test_every_read_command_takes_json(path: str) -> None:
    assert "--json" in {opt for option in _options(ALL[path]) for opt in option.opts}


def test_chart_json_gives_its_data_with_stable_keys(run, marius) -> None:
    for coup in (("-r", "10h", "--points", "César=40"), ("-r", "7s", "--points", "Panisse=34")):
        assert run("coup", *coup).code == 0
    data = json.loads(run("chart", "--json").out)
    assert set(data) == {"name", "title", "lines", "marks"} and data["name"] == "marius"
    assert [set(line) for line in data["lines"]] == [{"label", "values"}] * 2
    sheet = json.loads(run("sheet", "--json").out)  # the chart draws the sheet's running scores
    running = [[0, *(coup["scores"][place] for coup in sheet["coups"])] for place in range(2)]
    assert [line["values"] for line in data["lines"]] == running
