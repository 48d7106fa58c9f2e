"""French typography (issue 39): a non-breaking space keeps « : ; ! ? » and the closing guillemet with
the word before them and the opening one with the word after it, on every screen: the terminal never
breaks there (`grid.wrap`), a printed or served page gets U+00A0 (`i18n.typeset`, from `[typography]`
of the French words file); English and Dutch pages are left as they are."""

from __future__ import annotations

import re

import pytest

from scorekeeper import i18n
from scorekeeper.cli.grid import wrap
from scorekeeper.language import Language

MARKS = (":", ";", "!", "?", "»")


@pytest.mark.parametrize("width", [40, 24, 12])
def test_no_terminal_line_starts_with_a_french_mark_or_ends_on_an_opening_guillemet(width) -> None:
    said = ("scorekeeper : coup 1 : « à carreau » se lit comme l'atout ; dites la carte retournée : "
            "« dix » ou « 10♦ » ? Panisse et Brun 14 !")  # fmt: skip
    for line in wrap(said, width, "  "):
        assert not line.strip().startswith(MARKS), line
        assert not line.rstrip().endswith("«"), line
    assert " ".join(part.strip() for part in wrap(said, width)) == said  # nothing lost, nothing added


def test_a_french_page_keeps_each_mark_with_its_word_and_the_others_are_untouched() -> None:
    try:
        i18n.speak(Language.named("fr"))
        assert i18n.typeset("manche 1 : César 40 ; « dix » ? oui !") == (
            "manche 1\xa0: César 40\xa0; «\xa0dix\xa0»\xa0? oui\xa0!"
        )
        assert i18n.typeset("César:40") == "César:40"  # a space is kept, never added
        i18n.speak(Language.named("nl"))
        assert i18n.typeset("stand : 40 ?") == "stand : 40 ?"
    finally:
        i18n.speak(Language.named("en"))


def test_the_french_export_prints_no_breakable_space_before_a_mark(run) -> None:
    assert run("--lang", "fr", "demo").code == 0
    page = run("--lang", "fr", "export", "--format", "html").out
    text = re.sub(r"<[^>]+>", "", re.sub(r"<(style|script)[^>]*>.*?</\1>", "", page, flags=re.S))
    assert "\xa0:" in text or "\xa0;" in text
    assert not re.search(r" [:;!?»]|« ", text), re.findall(r".{20} [:;!?»]|« .{20}", text)[:3]


@pytest.mark.parametrize(
    ("master", "said"),
    [
        ("A♠", "sous l'A♠ adverse"),
        ("D♠", "sous la D♠ adverse"),
        ("R♠", "sous le R♠ adverse"),
        ("10♠", "sous le 10♠"),
    ],  # fmt: skip
)
def test_p5_a_card_takes_its_article_as_french_agrees_it(run, master, said) -> None:
    """The ace elides (« l'A♠ »), the dame is feminine (« la D♠ »), the others take « le » (`[articles]`)."""
    ran = run("--lang", "fr", "check", "manille-muette", "--trump", "c", "--table", f"O:{master}",
              "--hand", "10c 7t", "--play", "7t")  # fmt: skip
    assert ran.code == 1 and said in " ".join(ran.out.split())


def test_p6_a_trick_log_says_de_l_as_and_de_la_dame() -> None:
    from scorekeeper.cards import Card
    from scorekeeper.i18n import text

    try:
        i18n.speak(Language.named("fr"))
        trumped = [text("play.trumped", player="Brun", card=Card.parse(card), lead=Card.parse("7S"), trick=3)
                   for card in ("AH", "QH", "9H")]  # fmt: skip
        assert trumped == ["Brun a coupé de l'A♥ sur 7♠ au pli 3", "Brun a coupé de la D♥ sur 7♠ au pli 3",
                           "Brun a coupé du 9♥ sur 7♠ au pli 3"]  # fmt: skip
    finally:
        i18n.speak(Language.named("en"))
