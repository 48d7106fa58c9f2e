"""The language is chosen once a command, and every word of the command line comes from the catalog (issue 11):
the help of every command and option, the CLI's own lines, and click's texts ("Usage:", "No such option")."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import i18n
from scorekeeper.cli.app import COMMANDS
from scorekeeper.cli.language import CLICK_MODULES
from scorekeeper.language import Language

CLI = Path(__file__).resolve().parents[2] / "scorekeeper" / "cli"


@pytest.fixture(autouse=True)
def english_after(monkeypatch: pytest.MonkeyPatch):
    """A test that speaks another language leaves English behind it, whatever the machine's locale."""
    for name in ("SCOREKEEPER_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    yield
    i18n.speak(Language.named("en"))


@pytest.mark.parametrize(
    "args",
    [
        ["--lang", "fr", "games"],
        ["games", "--lang", "fr"],
        ["games", "--lang=fr"],
        ["--lang=FR", "games", "--json"],
        ["games", "--lang", "fr_BE.UTF-8"],
    ],
)
def test_lang_is_read_anywhere_before_or_after_the_command(run, args):
    ran = run(*args)
    assert ran.code == 0, ran.err
    assert i18n.spoken().code == "fr"


def test_lang_comes_from_the_flag_else_scorekeeper_lang_else_the_locale(run, monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert run("games").code == 0 and i18n.spoken().code == "fr"
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    assert run("games").code == 0 and i18n.spoken().code == "en"
    assert run("games", "--lang", "fr").code == 0 and i18n.spoken().code == "fr"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # a locale not spoken here is passed over: English
    monkeypatch.delenv("SCOREKEEPER_LANG")
    assert run("games").code == 0 and i18n.spoken().code == "en"


def test_french_speaks_french_now_its_catalog_exists(run):
    """Issue 14: the French catalog ships; a language without one would still speak English (tests/i18n/test_french.py)."""
    assert (
        run("--lang", "fr", "sheet").err
        == "scorekeeper : pas de partie en cours : commencez-en une avec `scorekeeper new RÈGLEMENT --player ...`, ou nommez-en une avec --game\n"
    )
    assert run("sheet").err.startswith("scorekeeper: no current game")


@pytest.mark.parametrize(
    "args, env, message",
    [
        (["--lang", "de", "games"], None, "unknown language 'de': scorekeeper speaks da, en, fr or nl"),
        (["games", "--lang=klingon"], None, "unknown language 'klingon'"),
        (["games"], "xx", "unknown language 'xx'"),
        (["games", "--lang"], None, "--lang needs a language: da, en, fr or nl"),
    ],
)
def test_a_language_not_spoken_here_is_a_mistake_one_line_exit_2(run, monkeypatch, args, env, message):
    if env:
        monkeypatch.setenv("SCOREKEEPER_LANG", env)
    ran = run(*args)
    assert ran.code == 2
    assert ran.err.startswith(f"scorekeeper: {message}") and len(ran.err.splitlines()) == 1


def test_lang_shows_in_the_help_of_scorekeeper(run):
    out = run("--help").out
    assert "--lang LANG" in out and "The language to speak: da, en, fr or nl." in out
    assert "Scorekeeper and referee for manille and l'hombre played with real cards." in out


def _help_calls(path: Path) -> list[tuple[int, bool]]:
    """Each `help=` of a module, and whether its value is a catalog message (`text("help....")`)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        for keyword in getattr(node, "keywords", []) if isinstance(node, ast.Call) else []:
            if keyword.arg == "help":
                value = keyword.value
                ok = (
                    isinstance(value, ast.Call)
                    and getattr(value.func, "id", "") == "text"
                    and (
                        (isinstance(value.args[0], ast.Constant) and value.args[0].value.startswith("help."))
                        # an option of a game's (`games.options.Option.help`): tests/games/test_options.py checks those
                        or (isinstance(value.args[0], ast.Attribute) and value.args[0].attr == "help")
                    )
                )
                found.append((node.lineno, ok))
    return found


@pytest.mark.parametrize("path", sorted(CLI.glob("*.py")), ids=lambda path: path.name)
def test_every_help_in_the_cli_is_a_catalog_message(path: Path) -> None:
    assert [line for line, ok in _help_calls(path) if not ok] == []


def test_every_command_and_option_shows_the_help_of_the_catalog():
    """With each help message of the catalog marked, every command's help, every option's, and the
    examples' heading show the mark: none is written in the code."""
    code = (
        "import json, typer, click\n"
        "from importlib import import_module\n"
        "from scorekeeper import i18n\n"
        "real = i18n.message\n"
        "examples = lambda key: key.endswith('.examples') and key != 'help.examples'\n"
        "i18n.message = lambda key: f'<{key}>' if key.startswith('help.') and not examples(key) else real(key)\n"
        "from scorekeeper.cli.app import COMMANDS\n"
        "seen = {}\n"
        "for name in COMMANDS:\n"
        "    command = typer.main.get_command(import_module(f'scorekeeper.cli.{name}').app)\n"
        "    commands = {name: command}\n"
        "    if isinstance(command, click.Group):\n"
        "        commands.update({f'{name}.{sub}': c for sub, c in command.commands.items()})\n"
        "    for path, each in commands.items():\n"
        "        seen[path] = [each.help, each.epilog or '', *(p.help for p in each.params if hasattr(p, 'help'))]\n"
        "print(json.dumps(seen))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    seen = json.loads(out)
    assert set(COMMANDS) <= set(seen) and {"rules.list", "rules.show", "rules.check"} <= set(seen)
    unmarked = {
        path: [text for text in texts if text and not text.lstrip("\b\n").startswith("<help.")]
        for path, texts in seen.items()
    }
    assert {path: texts for path, texts in unmarked.items() if texts} == {}


def test_the_top_help_and_the_list_of_commands_come_from_the_catalog(run, monkeypatch):
    real = i18n.message
    monkeypatch.setattr(i18n, "message", lambda key: f"<{key}>." if key.startswith("help.") else real(key))
    out = run("--help").out
    assert "<help.scorekeeper>." in out and "<help.option.lang>." in out
    for name in COMMANDS:
        assert f"<help.{name}>." in out


class _Marked:
    """A catalog that marks click's words: what click says is seen to come from here."""

    def __init__(self, real: object) -> None:
        self.real = real

    def gettext(self, msgid: str) -> str:
        words = self.real.gettext(msgid)  # type: ignore[attr-defined]
        return f"«{words}»" if msgid in ("No such option: {name}", "Usage:", "Show this message and exit.") else words

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.real.ngettext(singular, plural, count)  # type: ignore[attr-defined]


def test_clicks_own_words_come_from_the_catalog(run, monkeypatch):
    marked = _Marked(i18n._catalog())
    monkeypatch.setattr(i18n, "_catalog", lambda: marked)
    ran = run("sheet", "--nope")
    assert ran.code == 2
    assert ran.err == "scorekeeper sheet: «No such option: --nope» (see scorekeeper sheet --help)\n"
    out = run("sheet", "--help").out
    assert out.startswith("«Usage:» scorekeeper sheet") and "«Show this message and exit.»" in out


def _click_msgids() -> set[str]:
    """Every text click and typer look up through gettext, read from their sources as they are installed."""
    found = set()
    for name in CLICK_MODULES:
        package, _, module = name.partition(".")
        source = Path(__import__(package).__file__).parent / f"{module}.py"
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("_", "ngettext"):
                found |= {
                    arg.value for arg in node.args[:2] if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                }
    return found


def test_every_text_click_looks_up_is_in_the_catalog_word_for_word():
    from scorekeeper.i18n import compile as po

    english = po.catalog("en")  # click's texts are the main catalog's, not a game's
    singular = {key.split("\0")[0]: words.split("\0")[0] for key, words in english.items()}
    plural = {key.split("\0")[1]: words.split("\0")[1] for key, words in english.items() if "\0" in key}
    texts = _click_msgids()
    assert len(texts) > 50 and "No such option: {name}" in texts
    assert {text: singular.get(text, plural.get(text)) for text in texts} == {text: text for text in texts}


@pytest.mark.parametrize("lang", ["en", "fr", "nl", "da"])
def test_the_help_of_lang_names_every_language_there_is(lang):
    """`--lang`'s help names the languages from their folders (a language is a folder of data), not a
    list written in a sentence that a new language would leave behind."""
    from scorekeeper.language import codes

    helped = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--lang", lang, "--help"], capture_output=True, text=True, timeout=60
    )
    assert helped.returncode == 0 and codes() == ("da", "en", "fr", "nl")  # Danish came as its folder (issue 44)
    said = " ".join(helped.stdout.split())
    assert {"en": "da, en, fr or nl", "fr": "da, en, fr ou nl", "nl": "da, en, fr of nl", "da": "da, en, fr eller nl"}[
        lang
    ] in said
