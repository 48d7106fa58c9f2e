"""Every command's --help in every language, walked whole: its arguments' placeholders are words of the
language (`TOUR TABLE`, not `ROUND TABLE`), and no option's help shows a backslash before its brackets
(`\\[required]`) or says its default twice."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

LANGUAGES = sorted(
    path.name
    for path in (Path(__file__).resolve().parents[2] / "scorekeeper" / "i18n").iterdir()
    if (path / "cli.po").exists()
)

# Run in its own process: a command's help is written in the language spoken when its module is imported.
WALK = """
import json, sys, click, typer
from importlib import import_module
from scorekeeper import i18n
from scorekeeper.language import Language
i18n.speak(Language.named(sys.argv[1]))
from scorekeeper.cli.app import COMMANDS
seen = {}
for name in COMMANDS:
    command = typer.main.get_command(import_module(f'scorekeeper.cli.{name}').app)
    commands = {name: command}
    if isinstance(command, click.Group):
        commands.update({f'{name} {sub}': c for sub, c in command.commands.items()})
    for path, each in commands.items():
        ctx = click.Context(each, info_name=path)
        arguments = [
            {'name': p.name, 'shown': p.make_metavar(ctx), 'spoken': p.metavar is not None
             or i18n.message(f'metavar.{p.name}') != f'metavar.{p.name}'}
            for p in each.params if isinstance(p, click.Argument)
        ]
        options = [p.get_help_record(ctx) for p in each.params if isinstance(p, click.Option)]
        seen[path] = {'arguments': arguments, 'options': [o for o in options if o is not None]}
print(json.dumps(seen))
"""


@cache
def _helps(lang: str) -> dict:
    env = {**os.environ, "SCOREKEEPER_LANG": lang}
    out = subprocess.run([sys.executable, "-c", WALK, lang], capture_output=True, text=True, check=True, env=env)
    return json.loads(out.stdout)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_argument_s_placeholder_is_a_word_of_the_language(lang: str) -> None:
    helps = _helps(lang)
    assert {"concours result", "note", "coup", "insert"} <= set(helps)
    unspoken = {path: [a["name"] for a in seen["arguments"] if not a["spoken"]] for path, seen in helps.items()}
    assert {path: names for path, names in unspoken.items() if names} == {}


@pytest.mark.parametrize(
    ("lang", "args", "usage"),
    [
        ("fr", ["concours", "result"], "TOUR TABLE"),
        ("nl", ["concours", "result"], "RONDE TAFEL"),
        ("fr", ["concours", "withdraw"], "ÉQUIPE"),
        ("nl", ["coup"], "[WOORDEN]..."),
        ("fr", ["note"], "[N] TEXTE"),
        ("en", ["concours", "result"], "ROUND TABLE"),
    ],
)
def test_a_concours_s_arguments_are_named_in_the_language_spoken(
    home: Path, lang: str, args: list[str], usage: str
) -> None:
    ran = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--lang", lang, *args, "--help"], capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines()[0].endswith(f"{OPTIONS[lang]} {usage}")


OPTIONS = {"en": "[OPTIONS]", "fr": "[OPTIONS]", "nl": "[OPTIES]"}


@pytest.mark.parametrize(
    ("lang", "usage"),
    [
        ("en", "Usage: scorekeeper [OPTIONS] COMMAND [ARGS]..."),
        ("fr", "Usage : scorekeeper [OPTIONS] COMMANDE [ARGUMENTS]..."),
        ("nl", "Gebruik: scorekeeper [OPTIES] COMMANDO [ARGUMENTEN]..."),
    ],
)
def test_the_usage_line_s_placeholders_are_words_of_the_language(home: Path, lang: str, usage: str) -> None:
    for args in ([], ["concours"]):
        ran = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "--lang", lang, *args, "--help"], capture_output=True, text=True
        )
        assert ran.returncode == 0, ran.stderr
        assert ran.stdout.splitlines()[0] == usage.replace("scorekeeper", " ".join(["scorekeeper", *args]))


def test_a_missing_round_is_named_in_french(home: Path) -> None:
    ran = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--lang", "fr", "concours", "result"], capture_output=True, text=True
    )
    assert ran.returncode == 2 and "'TOUR'" in ran.stderr and "ROUND" not in ran.stderr


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_option_s_help_shows_a_backslash_or_its_default_twice(lang: str) -> None:
    from scorekeeper.i18n import compile as po

    default = po.catalog(lang)["default: {default}"].partition(":")[0].strip().lower()  # « par défaut »
    helps = _helps(lang)
    stray = {path: [o for o, h in seen["options"] if "\\" in h] for path, seen in helps.items()}
    assert {path: options for path, options in stray.items() if options} == {}
    twice = {path: [o for o, h in seen["options"] if h.lower().count(default) > 1] for path, seen in helps.items()}
    assert {path: options for path, options in twice.items() if options} == {}


def test_stop_says_its_reason_is_required_in_plain_brackets(home: Path) -> None:
    for lang, required in (("en", "[required]"), ("fr", "[requis]"), ("nl", "[verplicht]")):
        ran = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "--lang", lang, "stop", "--help"],
            capture_output=True,
            text=True,
            env={**os.environ, "COLUMNS": "200"},
        )
        assert required in ran.stdout and "\\" not in ran.stdout, lang
