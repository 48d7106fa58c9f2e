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
    ("lang", "choices", "no", "yes"), [("fr", "[o/N]", "non", "oui"), ("fr", "[o/N]", "n", "o"), ("en", "[y/N]", "no", "yes")]
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
