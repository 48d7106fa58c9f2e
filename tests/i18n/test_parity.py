"""Every language against English, the same test for each (issue 42): each catalog folder (the core's and
each built-in game's) and each language in it has every English key and no other, each message with
English's placeholders, and one file for each English file. A language is found by its folder alone: a new
one is held to the same test without a line here. A message a language lacks is said in English."""

from __future__ import annotations

import string
from pathlib import Path

import pytest

from scorekeeper import i18n
from scorekeeper.i18n import compile as po
from scorekeeper.language import Language

PAIRS = [(folder, lang) for folder in po.catalog_folders() for lang in po.languages(folder) if lang != "en"]


def _name(pair: tuple[Path, str]) -> str:
    folder, lang = pair
    return f"{folder.parent.name if folder != po.HERE else 'core'}-{lang}"


def _fields(words: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(words) if name is not None}


def test_every_language_is_found_by_its_folder():
    assert {lang for _, lang in PAIRS} >= {"fr", "nl"}
    assert set(po.languages()) == {path.name for path in po.HERE.iterdir() if path.is_dir() and any(path.glob("*.po"))}


@pytest.mark.parametrize("pair", PAIRS, ids=[_name(pair) for pair in PAIRS])
def test_a_language_has_every_english_key_and_no_other_with_its_placeholders(pair):
    folder, lang = pair
    english, other = po.catalog("en", folder), po.catalog(lang, folder)
    assert sorted(set(english) - set(other)) == [], "missing"
    assert sorted(set(other) - set(english)) == [], "not in English"
    for key, words in english.items():
        if not key:
            continue
        assert all(form for form in other[key].split("\0")), key
        for en_form, form in zip(words.split("\0"), other[key].split("\0"), strict=False):
            assert _fields(form) == _fields(en_form), key


@pytest.mark.parametrize("pair", PAIRS, ids=[_name(pair) for pair in PAIRS])
def test_a_language_has_a_file_for_each_english_file_with_its_keys(pair):
    folder, lang = pair
    english = sorted(path.name for path in (folder / "en").glob("*.po"))
    assert english and sorted(path.name for path in (folder / lang).glob("*.po")) == english
    for name in english:
        assert set(po.parse(folder / lang / name)) == set(po.parse(folder / "en" / name)), name


def test_a_message_a_language_lacks_is_said_in_english_never_as_its_key(tmp_path, monkeypatch):
    """A language whose catalog lacks a message (being translated) says that one in English, the others in
    its own words."""
    french = po.built("fr")
    kept = {key: words for key, words in french.items() if key != "error.nothing_to_undo"}
    for lang, entries in (("fr", kept), ("en", po.built("en"))):
        path = tmp_path / lang / "LC_MESSAGES" / "scorekeeper.mo"
        path.parent.mkdir(parents=True)
        path.write_bytes(po.mo_bytes(entries))
    monkeypatch.setattr(i18n, "_LOCALE", tmp_path)
    monkeypatch.setattr(i18n, "_catalogs", {})
    was = i18n.spoken()
    try:
        i18n.speak(Language.named("fr"))
        assert i18n.text("error.nothing_to_undo", name="café") == "nothing to undo in game café"
        assert i18n.message("error.game_busy").startswith("la partie {name} est occupée")
    finally:
        i18n.speak(was)
