"""Issue 29 at a real terminal (pexpect), in French and English, at 80 and 40 columns: a confirmation in
the language's own answers (`[o/N]`: o, oui, n, non), the table's words in its help and Tab, the prompt of
a partie over offering the revanche."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal: pip install '.[test]'")

ROOT = Path(__file__).resolve().parents[2]
MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]


def spawn(home: Path, lang: str, columns: int, *args: str):
    env = {
        **os.environ,
        "SCOREKEEPER_HOME": str(home),
        "PYTHONPATH": str(ROOT),
        "TERM": "xterm",
        "PROMPT_TOOLKIT_NO_CPR": "1",
    }
    env.pop("COLUMNS", None)
    try:
        return pexpect.spawn(
            sys.executable,
            ["-m", "scorekeeper", "--lang", lang, *args],
            env=env,
            encoding="utf-8",
            dimensions=(40, columns),
            timeout=15,
        )
    except (OSError, pexpect.ExceptionPexpect) as error:  # no pseudo-terminal on this machine
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")


@pytest.mark.parametrize("columns", [80, 40])
@pytest.mark.parametrize(
    ("lang", "choices", "no", "yes"),
    [("fr", "[o/N]", "non", "oui"), ("fr", "[o/N]", "n", "o"), ("en", "[y/N]", "no", "yes")],
)
def test_a_confirmation_at_a_terminal_takes_the_language_s_own_answers(
    home: Path, columns: int, lang: str, choices: str, no: str, yes: str
) -> None:
    first = spawn(home, lang, columns, "demo")
    first.expect(pexpect.EOF)
    first.close()
    assert first.exitstatus == 0
    asked = spawn(home, lang, columns, "demo")
    asked.expect_exact(choices)
    asked.sendline("peut-être" if lang == "fr" else "maybe")  # no answer: asked again, naming the answers
    asked.expect_exact(yes)
    asked.expect_exact(choices)
    asked.sendline(no)
    asked.expect(pexpect.EOF)
    asked.close()
    assert asked.exitstatus != 0  # a no aborts
    again = spawn(home, lang, columns, "demo")
    again.expect_exact(choices)
    again.sendline(yes)
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0


PROMPTS = {
    "fr": ("partie finie : revanche ou fin>", "coup 1>", "revanche : nouvelle partie", "contr"),
    "en": ("partie over: revanche or quit>", "coup 1>", "revanche: new game", "contr"),
}


@pytest.mark.parametrize("columns", [80, 40])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_partie_over_asks_for_the_revanche_or_to_leave_not_for_a_coup(home: Path, columns: int, lang: str) -> None:
    over, first, revanche, _ = PROMPTS[lang]
    demo = spawn(home, lang, columns, "demo")  # Marius's partie, won in 10 coups (M-9)
    demo.expect(pexpect.EOF)
    demo.close()
    table = spawn(home, lang, columns, "table", "--game", "demo")
    table.expect_exact(over)
    assert "coup 11>" not in table.before
    table.sendline("revanche")
    table.expect_exact(revanche)
    table.expect_exact(first)
    table.sendline("fin" if lang == "fr" else "quit")
    table.expect(pexpect.EOF)
    table.close()
    assert table.exitstatus == 0


@pytest.mark.parametrize("columns", [80, 40])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_muette_s_tab_and_aide_offer_no_contre(home: Path, columns: int, lang: str) -> None:
    players = [arg for player in MARIUS for arg in ("-p", player)]
    table = spawn(home, lang, columns, "table", "manille-muette", *players)
    table.expect_exact("coup 1>")
    table.send("aide\r")
    table.expect_exact("renonce Brun")
    table.expect_exact("coup 1>")
    assert "contre" not in table.before and "demande" not in table.before
    table.send("10c cesar 40 contr\t")  # Tab has no contre to offer in a muette: the word stays as typed
    table.send("\r")
    table.expect("[«'][ \u00a0\u202f]?contr[ \u00a0\u202f]?[»']")  # quoted as the language quotes (issue 39)
    table.send("\x04")
    table.expect(pexpect.EOF)
    table.close()
