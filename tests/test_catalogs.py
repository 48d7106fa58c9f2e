"""The message catalogs: compiled as their sources say, every message filled from its values (issue 11)."""

from __future__ import annotations

from scorekeeper.i18n import compile as po


def test_each_compiled_catalog_is_its_sources_compiled() -> None:
    """`python -m scorekeeper.i18n.compile` was run after the last edit of a .po file."""
    for lang in po.languages():
        assert po.mo_path(lang).read_bytes() == po.mo_bytes(po.catalog(lang)), f"recompile the {lang} catalog"


def test_the_english_catalog_says_its_plural_forms() -> None:
    header = po.catalog("en")[""]
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header
