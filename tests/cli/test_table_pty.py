"""`scorekeeper table` at a real terminal (issue 16): a pseudo-terminal driven by pexpect, as a player
types: the prompt, a coup and its lines, a question asked and answered, Tab completing names typed
without accents (C-4), undo, quit, and the history kept in the data folder."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from scorekeeper import store

pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal: pip install '.[test]'")

ROOT = Path(__file__).resolve().parents[2]
MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]


@pytest.fixture
def table(home: Path):
    env = {
        **os.environ,
        "SCOREKEEPER_HOME": str(home),
        "SCOREKEEPER_LANG": "en",
        "PYTHONPATH": str(ROOT),
        "TERM": "xterm",
        "PROMPT_TOOLKIT_NO_CPR": "1",  # no cursor position request a test would have to answer
    }
    env.pop("NO_COLOR", None)
    args = ["-m", "scorekeeper", "table", "manille-muette", *(a for p in MARIUS for a in ("-p", p))]
    try:
        child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", dimensions=(40, 100), timeout=10)
    except (OSError, pexpect.ExceptionPexpect) as error:  # no pseudo-terminal on this machine
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")
    yield child
    child.close(force=True)


def test_a_coup_a_question_tab_undo_and_quit_at_a_real_terminal(table, home: Path) -> None:
    table.expect_exact("the next coup says the retourne (M-5) and one side's points (M-3)")
    table.expect_exact("coup 1>")
    table.send("10h cesar 40\r")
    table.expect_exact("+11 = 11")  # the coup's line of the fiche, at once (M-4, M-5: 6 and the retourne's 5)
    table.expect_exact("Panisse deals, Escartefigue leads")
    table.expect_exact("coup 2>")
    # A coup that lacks its retourne: asked, answered, and only then stored.
    table.send("panisse 48\r")
    table.expect_exact("Retourne (the card Panisse turned)?")
    table.send("7s\r")
    table.expect_exact("+14 = 14")  # M-4: 48 - 34
    table.expect_exact("coup 3>")
    # Tab completes a name typed without its accent or its end (C-4).
    table.send("esc\t")
    table.expect_exact("Escartefigue")
    table.send("\x15")  # Ctrl-U: the line cleared
    table.send("7c ces\t 40\r")  # one Tab puts the name in: the line says César 40
    table.expect_exact("+6 = 17")  # M-4: 40 - 34, after César & Escartefigue's 11
    table.expect_exact("coup 4>")
    # An empty answer to a question drops the coup: nothing stored.
    table.send("brun 30\r")
    table.expect_exact("Retourne (the card Brun turned)?")
    table.send("\r")
    table.expect_exact("coup abandoned: nothing stored")
    table.expect_exact("coup 4>")
    table.send("annule\r")
    table.expect_exact("undone: last coup (3)")
    table.expect_exact("coup 3>")
    table.send("\x1b[A")  # the up arrow: the line typed before
    table.expect_exact("annule")
    table.send("\x15quit\r")
    table.expect_exact("kept:")
    table.expect(pexpect.EOF)
    table.close()
    assert table.exitstatus == 0
    game = store.read("manille-muette-1")
    assert [coup["retourne"] for coup in game.coups] == ["10H", "7S"]
    history = (home / "table_history").read_text(encoding="utf-8")  # the arrows walk it back
    assert "+10h cesar 40" in history and "+annule" in history and "+7s" not in history  # answers are not lines


# Typed, Tab's word, the points, a renonce, undo, redo, quit: as each table says them.
SAID = {
    "fr": (
        "as de tr\t",
        "trèfle",
        "César et Escartefigue font 40 points",
        "dix de carreau renonce d'Escartefigue",
        "annuler",
        "refaire",
        "quitter",
    ),
    "en": (
        "ace of cl\t",
        "clubs",
        "César and Escartefigue made 40 points",
        "ten of diamonds Escartefigue revoked",
        "undo",
        "redo",
        "quit",
    ),
}


@pytest.mark.parametrize("columns", [80, 40])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_spoken_lines_infinitives_and_tab_on_card_words_at_a_real_terminal(home: Path, columns: int, lang: str) -> None:
    """Issue 29: a renonce and points as said, a card in words completed by Tab (`as de tr`), and the
    table's commands in the infinitive, in French and English, at 80 and 40 columns."""
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": lang, "PYTHONPATH": str(ROOT)}
    env |= {"TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
    env.pop("NO_COLOR", None)
    args = ["-m", "scorekeeper", "table", "manille-muette", *(a for p in MARIUS for a in ("-p", p))]
    try:
        child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", dimensions=(40, columns), timeout=10)
    except (OSError, pexpect.ExceptionPexpect) as error:
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")
    said = SAID[lang]
    prompt = "coup {}>"
    child.expect_exact(prompt.format(1))
    child.send(said[0])  # Tab puts in the suit's word, as the language writes it
    child.expect_exact(said[1])
    child.send(f" {said[2]}\r")
    child.expect_exact(prompt.format(2))
    child.send(f"{said[3]}\r")
    child.expect_exact(prompt.format(3))
    child.send(f"{said[4]}\r")
    child.expect_exact(prompt.format(2))
    child.send(f"{said[5]}\r")
    child.expect_exact(prompt.format(3))
    child.send(f"{said[6]}\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    game = store.read("manille-muette-1")
    assert [coup.get("retourne") for coup in game.coups] == ["AC", "10D"]
    assert game.coups[0]["points"] == {"César": 40} and game.coups[1]["renonce"] == "Escartefigue"


# The question of trump, Tab on what was typed, the word it puts in, and the word that leaves the table.
TRUMP = {
    "nl": ("Troef (een kleur, of zonder troef)?", "zo\t", "zonder troef", "verlaten"),
    "fr": ("Atout (une couleur, ou sans-atout) ?", "s\t", "sa", "quitter"),
}


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_m7_tab_offers_sans_atout_as_the_language_says_it_when_the_table_asks_for_trump(home: Path, lang: str) -> None:
    """A coup said without its trump at a Belgian table: the table asks for it, and Tab offers sans-atout in
    the game's words of the language in effect (`[cards] sans_atout` of words/LANG.toml): `zonder troef`
    in Dutch, `sa` in French (words are data, never code)."""
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": lang, "PYTHONPATH": str(ROOT)}
    env |= {"TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
    env.pop("NO_COLOR", None)
    flemish = ("Jan", "Piet", "Klaas", "Kees")
    args = ["-m", "scorekeeper", "table", "manillen", *(a for p in flemish for a in ("-p", p))]
    try:
        child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", dimensions=(40, 100), timeout=10)
    except (OSError, pexpect.ExceptionPexpect) as error:
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")
    question, typed, offered, leave = TRUMP[lang]
    child.expect_exact(" 1>")
    child.send("jan 40\r")
    child.expect_exact(question)
    child.send(typed)  # one Tab puts the word in: the one answer that begins so
    child.expect_exact(offered)
    child.send("\r")
    child.expect_exact(" 2>")
    child.send(f"{leave}\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    game = store.read("manillen-1")
    assert [(coup["trump"], coup["points"]) for coup in game.coups] == [("SA", {"Jan": 40})]
