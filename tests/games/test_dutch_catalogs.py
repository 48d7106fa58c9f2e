"""In het Nederlands (issue 31): each built-in game's Dutch catalog (`games/GAME/i18n/nl/`) says every
message its English catalog says, with the same values, in Dutch's plural forms and the Flemish
tables' words. Read from the sources, so these hold before the core's Dutch folder exists."""

from __future__ import annotations

import gettext
import io
import re
import string
from pathlib import Path

import pytest

from scorekeeper import language
from scorekeeper.i18n import compile as po
from scorekeeper.players import fold_name

GAMES = sorted(path for path in language.GAMES.glob("*/i18n") if (path / "en").is_dir())
ENGLISH_BUILT = po.built("en")


def _fields(words: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(words) if name is not None}


def _specs(words: str) -> set[str]:
    return {spec for _, name, spec, _ in string.Formatter().parse(words) if name is not None and spec}


def _game(folder: Path) -> str:
    return folder.parent.name


@pytest.mark.parametrize("folder", GAMES, ids=_game)
def test_each_dutch_file_of_a_game_matches_its_english_file_key_for_key(folder: Path) -> None:
    """One Dutch file per English file, with the same keys: a translator finds a message where it is in English."""
    english = sorted(path.name for path in (folder / "en").glob("*.po"))
    assert english and sorted(path.name for path in (folder / "nl").glob("*.po")) == english
    for name in english:
        dutch, source = po.parse(folder / "nl" / name), po.parse(folder / "en" / name)
        assert sorted(set(source) - set(dutch)) == [], f"{name}: not in Dutch"
        assert sorted(set(dutch) - set(source)) == [], f"{name}: in Dutch only"


@pytest.mark.parametrize("folder", GAMES, ids=_game)
def test_every_dutch_message_of_a_game_is_filled_with_the_english_values(folder: Path) -> None:
    """Every msgstr filled, as many plural forms as Dutch has (two), each showing the values of its English form."""
    english, dutch = po.catalog("en", folder), po.catalog("nl", folder)
    wrong = []
    for key, words in english.items():
        if not key:
            continue
        forms, english_forms = dutch[key].split("\0"), words.split("\0")
        if not all(forms) or len(forms) != len(english_forms):
            wrong.append(f"{key}: {len(forms)} forms, {sum(map(bool, forms))} filled")
            continue
        wrong += [
            f"{key}: {dutch[key]!r}" for en, nl in zip(english_forms, forms, strict=False) if _fields(nl) != _fields(en)
        ]
    assert wrong == []


@pytest.mark.parametrize("folder", GAMES, ids=_game)
def test_a_dutch_message_names_only_units_and_words_the_catalogs_hold(folder: Path) -> None:
    """A spec of a Dutch message (`{n:#unit}`, `{x:@prefix}`) finds its words: a typo would show a raw key."""
    keys = {key.split("\0")[0] for key in ENGLISH_BUILT}
    wrong = []
    for key, words in po.catalog("nl", folder).items():
        for form in words.split("\0") if key else ():
            for spec in _specs(form):
                head = spec.split(":")[0]
                if head.startswith("#") and f"unit.{head[1:]}" not in keys:
                    wrong.append(f"{key}: unit.{head[1:]}")
                if head.startswith("@") and not any(known.startswith(f"{head[1:]}.") for known in keys):
                    wrong.append(f"{key}: {head}")  # `{contract:@lhombre.contract}`: lhombre.contract.solo...
    assert wrong == []


@pytest.mark.parametrize("folder", GAMES, ids=_game)
def test_a_games_dutch_catalog_counts_as_dutch_does(folder: Path) -> None:
    """Dutch's Plural-Forms: one slag, two slagen, zero slagen (n != 1), read by gettext itself."""
    header = po.catalog("nl", folder)[""]
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header and "Language: nl" in header
    catalog = gettext.GNUTranslations(io.BytesIO(po.mo_bytes(po.catalog("nl", folder))))
    units = [key for key in po.catalog("nl", folder) if "\0" in key]
    if not units:  # a game counting with the core's units alone (Danish l'hombre's points)
        return
    unit = units[0].split("\0")[0]
    assert [catalog.ngettext(unit, unit, n) for n in (0, 1, 2)] == [
        po.catalog("nl", folder)[f"{unit}\0{unit}"].split("\0")[index] for index in (1, 0, 1)
    ]


# The French and English words of the table that a Flemish table says in Dutch (the glossary,
# README.nl.md): a Dutch message never says them, save in what the user types as it is, which the
# check leaves out: a flag (`--renonce`), a ruleset's key or value (`trump.sans_atout`, `kind = deals`,
# 'retourne'), a quoted or backticked example, a placeholder.
FOREIGN = [
    *("atout", "pli", "plis", "donneur", "donne", "renonce", "contre", "surcontre", "coup", "coups", "partie"),
    *("enchère", "trick", "tricks", "dealer", "trump", "deal", "deals", "score", "side", "player", "the", "and"),
]
TYPED = re.compile(r"--[\w-]+|\b[\w.-]+ = [\w-]*|'[^']*'|`[^`]*`|\"[^\"]*\"|\{[^}]*\}|\b\w+(\.\w+)+\b")
# The values a message lists for the user to type, among its words.
LISTED = {
    ("key.manille.table.first_lead", "dealer"),  # "next = ..., dealer, of taker": trump.from's values
    ("help.coup.contre", "contre"),  # the systems' own names of the call: "(contre, frapper, coinche)"
    ("help.coup.surcontre", "surcontre"),
    ("error.audit_call_unknown", "contre"),  # what `audit --price` reads: "contre, surcontre, bid of carried"
    ("error.audit_call_unknown", "surcontre"),
}


@pytest.mark.parametrize("folder", GAMES, ids=_game)
def test_a_dutch_message_says_the_flemish_tables_words_not_the_french_ones(folder: Path) -> None:
    """troef, slag, deler, verzaken, kloppen: not atout, pli, donneur, renonce, contre."""
    said = []
    for key, words in po.catalog("nl", folder).items():
        for form in words.split("\0") if key else ():
            plain = TYPED.sub(" ", form).lower()
            said += [
                f"{key}: {word}"
                for word in FOREIGN
                if re.search(rf"(?<![\w-]){word}(?![\w-])", plain) and (key, word) not in LISTED
            ]
    assert said == []


def test_the_manille_catalog_says_kloppen_and_tegenkloppen_for_the_belgian_calls() -> None:
    """The contre (x2) is a klop, the surcontre (x4) a tegenklop; Whisthub's frapper keeps its own word."""
    manille = po.catalog("nl", language.GAMES / "manille" / "i18n")
    assert (manille["call.contre"], manille["call.surcontre"]) == ("klop", "tegenklop")
    assert (manille["verb.contre"], manille["verb.surcontre"]) == ("kloppen", "tegenkloppen")
    assert manille["call.frapper"] == "frapper"
    assert manille["renonce_proven"].startswith("verzaking")


def _line_words(game: str, code: str) -> set[str] | None:
    """Every keyword game `game`'s short line reads in language `code` and in those it reads too
    (`also`), folded; None where the game has no words file for `code`."""
    folder = language.GAMES / game / "words"
    if not (folder / f"{code}.toml").is_file():
        return None
    own = language.read_toml(folder / f"{code}.toml").get("line", {})
    words = set()
    for other in [code, *own.get("also", ())]:
        source = folder / f"{other}.toml"
        line = language.read_toml(source).get("line", {}) if source.is_file() else {}
        words |= {
            fold_name(word)
            for part in ("named", "counted", "flags", "contracts")
            for said in line.get(part, {}).values()
            for word in said
        }
    return words


@pytest.mark.parametrize("code", ["en", "fr", "nl"])
@pytest.mark.parametrize("folder", GAMES, ids=_game)
def test_the_word_a_mistake_at_the_table_names_a_field_by_is_one_the_table_reads(folder: Path, code: str) -> None:
    """`table.field.FIELD`: a mistake at the table says a field as the short line says it, so the word
    it names must be one the line reads in that language."""
    read = _line_words(_game(folder), code)
    if read is None:
        pytest.skip(f"no short line for {_game(folder)} in {code} yet (games/{_game(folder)}/words/{code}.toml)")
    named = {key: words for key, words in po.catalog(code, folder).items() if key.startswith("table.field.")}
    assert named
    unread = [
        f"{key}: {words!r}"
        for key, words in named.items()
        if not words.startswith("{") and fold_name(words) not in read  # `{tricks = [...]}`: a field's form
    ]
    assert unread == []
