"""Words are data (issue 25): each language's words file and each game's, compiled as the catalogs
are; cards and the short line read through the `Language` handed down; a word table in code fails."""

from __future__ import annotations

import ast
import marshal
import unicodedata
from pathlib import Path

import pytest

from scorekeeper import games, language
from scorekeeper.cards import Card, Rank, Suit, letters
from scorekeeper.i18n import compile as po
from scorekeeper.language import Language

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"

DUTCH = """
[cards]
orders = [["suit", "rank"], ["rank", "suit"]]
connectors = ["van"]
[cards.ranks]
A = ["A", "aas"]
K = ["H", "heer"]
Q = ["V", "vrouw"]
J = ["B", "boer"]
[cards.suits]
S = ["s", "schoppen"]
H = ["h", "harten"]
D = ["r", "ruiten"]
C = ["k", "klaveren"]
[of]
word = "van "
"""
DUTCH_MANILLE = """
[line]
player = "before"
[line.named]
renonce = ["verzaakt"]
"""


@pytest.fixture
def dutch(tmp_path: Path) -> Language:
    (tmp_path / "words.toml").write_text(DUTCH, encoding="utf-8")
    (tmp_path / "manille.toml").write_text(DUTCH_MANILLE, encoding="utf-8")
    return Language.from_files("nl", tmp_path / "words.toml", {"manille": tmp_path / "manille.toml"})


def test_the_languages_are_the_folders_with_a_words_file() -> None:
    """A language is its folder alone (issue 44: Danish was added so): no list of them in the code."""
    folders = sorted(path.name for path in language.FOLDERS.iterdir() if (path / "words.toml").is_file())
    assert language.codes() == tuple(folders)
    assert {"en", "fr", "nl", "da"} <= set(language.codes())


def test_each_compiled_words_file_is_its_source_compiled() -> None:
    """`python -m scorekeeper.i18n.compile` was run after the last edit of a words file."""
    sources = po.words_sources()
    # each language's own words, and each built-in game's in each language that has a file for it
    assert len(sources) >= 3 * len(language.codes())
    for folder, code, source in sources:
        compiled = language.compiled_path(folder, code)
        assert marshal.loads(compiled.read_bytes()) == po.compiled_words(source), f"recompile {source}"


def test_each_compiled_data_file_is_its_source_compiled() -> None:
    """The data a game reads at every start (manille's calls) compiled after its last edit, and read so."""
    from scorekeeper.games.manille import rules

    (calls,) = po.data_sources()
    assert marshal.loads(calls.with_suffix(".marshal").read_bytes()) == language.read_toml(calls), "recompile"
    assert rules.CALL_WORDS["frapper"] == ("frapper", "contre-frapper") and rules.CALL_RULES["coinche"] == "M-7"


def test_c2_dutch_says_the_suit_before_the_rank_in_one_word_or_two_or_with_van(dutch: Language) -> None:
    queen_of_hearts = Card(Rank.QUEEN, Suit.HEARTS)
    for said in ("harten vrouw", "hartenvrouw", "vrouw van harten", "Vh"):
        assert Card.parse(said, dutch) is queen_of_hearts, said
    assert Card.parse("klaveren boer", dutch) is Card(Rank.JACK, Suit.CLUBS)  # k: klaveren, not carreau
    assert Card.parse("Hr", dutch) is Card(Rank.KING, Suit.DIAMONDS)  # H: heer, r: ruiten
    assert letters(queen_of_hearts, dutch) == "Vh" and queen_of_hearts.format(False, dutch) == "V♥"


def test_c2_a_dutch_verb_comes_after_the_name_it_takes(dutch: Language) -> None:
    ruleset = games.load("manille-muette")
    state = games.state_after(ruleset, ["Jan", "Piet", "Klaas", "Kees"], "Jan", [])
    said = ruleset.engine.read_line(state, "hartenvrouw jan verzaakt".split(), dutch)
    assert said == {"retourne": "QH", "renonce": "Jan"}


def test_de_before_a_name_is_elided_and_contracted_as_the_language_says(dutch: Language) -> None:
    french = Language.named("fr")
    assert french.of("Escartefigue") == "d'Escartefigue" and french.of("Panisse") == "de Panisse"
    assert french.of("les tiers") == "des tiers" and dutch.of("Jan") == "van Jan"


# --- no word table in code ---------------------------------------------------------------------------


def _lists(value: object, keys: set[str]) -> list[str]:
    """The words of a words file's lists, and (in `keys`) the names its tables give: fields, values."""
    if isinstance(value, dict):
        keys |= {_fold(key) for key in value}
        return [word for item in value.values() for word in _lists(item, keys)]
    if isinstance(value, list):
        return [word for item in value if isinstance(item, str) for word in [item]]
    return []


def _foreign_words() -> set[str]:
    """Every word of a words file but English's, folded (French card words, keywords, the table's), but
    the names its tables give, which the code names too (the fields `renonce`, `contre`; contracts)."""
    words, keys = set(), set()
    for path in [*PACKAGE.glob("i18n/*/words.toml"), *PACKAGE.glob("games/*/words/*.toml")]:
        if "en" in (path.parent.name, path.stem):
            continue
        words |= {_fold(word) for word in _lists(language.read_toml(path), keys) if len(_fold(word)) > 1}
    return words - keys - {"rank", "suit"}


def _fold(word: str) -> str:
    return unicodedata.normalize("NFKD", word.strip().casefold()).encode("ascii", "ignore").decode()


def word_tables(source: str, foreign: set[str]) -> list[int]:
    """The lines of the collections of strings (tuple, list, set, dict keys or values, `dict.fromkeys`)
    where two strings or more are words of a language: a word of a words file (but English's, whose
    words are also the code's names) or a word with an accent."""
    found = []
    tree = ast.parse(source)
    names = {  # `__all__`, `__slots__`: the code's own names
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id.startswith("__") for t in node.targets)
    }
    for node in ast.walk(tree):
        if id(node) in names:
            continue
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = [*node.keys, *node.values]
        else:
            continue
        strings = [item.value for item in items if isinstance(item, ast.Constant) and isinstance(item.value, str)]
        worded = [s for s in strings if s.isalpha() and (_fold(s) in foreign or not s.isascii())]
        if len(worded) >= 2:
            found.append(node.lineno)
    return found


def test_a_word_table_in_code_is_found() -> None:
    """What this test catches: the tables issue 25 took out of the code."""
    foreign = _foreign_words()
    assert word_tables('_SAY = {"fr": {"pass": "passe", "misdeal": "maldonne"}}', foreign) == [1]
    assert word_tables('ranks = {"roi": 1, "dame": 2}', foreign) == [1]
    assert word_tables('if answer[:1] in ("y", "o"): pass', foreign) == []  # letters: the next test's
    assert word_tables('words = ("aide", "quitte")', foreign) == [1]


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_module_holds_a_word_table(path: Path) -> None:
    found = word_tables(path.read_text(encoding="utf-8"), _foreign_words())
    assert found == [], "words belong in a words file"
