"""`store.head_lang` reads a game's own language as `head` does, without the TOML reader where the file is
as the store writes it (issue 28), and through `head` for any other."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from scorekeeper import store


@pytest.mark.parametrize(
    ("top", "lang"),
    [
        ('format = 1\nname = "a"\nlang = "fr"\ncoups = [\n]\n', "fr"),  # as the store writes it
        ('format = 1\nname = "a"\ncoups = [\n]\n', None),  # no language
        ('format = 1\n"lang" = "nl"\nname = "a"\n', "nl"),  # quoted by hand: read by `head`
        ('lang="nl" # by hand\nname = "a"\n', "nl"),
        ('name = """x\nlang = "nl"\n"""\nlang = "fr"\n', "fr"),  # a line inside a string of several lines
        ('name = "a"\ncoups = [\n]\nlang = "fr"\n', "fr"),  # written before issue 28: after the coups
        ('lang = "fr"\nlang = "nl"\n', None),  # not TOML: `head` says nothing
        ('lang = "f\\u0072"\n', "fr"),  # an escape: read by `head`
    ],
)
def test_head_lang_is_what_head_reads(tmp_path: Path, top: str, lang: str | None) -> None:
    path = tmp_path / "g.toml"
    path.write_text(top, encoding="utf-8")
    assert store.head_lang(path) == store.head(path).get("lang") == lang


def test_a_game_as_stored_has_its_language_read_without_the_toml_reader(home: Path) -> None:
    from scorekeeper import service

    made = service.new("manille-muette", ["A", "B", "C", "D"], lang="nl")
    path = store.path_of(made.name)
    sys.modules.pop("tomllib", None)
    assert store.head_lang(path) == "nl" and "tomllib" not in sys.modules
