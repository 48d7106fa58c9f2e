"""En français (issue 14): the French catalog and the rule book, cards as each language writes them
(C-2 as amended), the language in effect (C-2: --lang, SCOREKEEPER_LANG, the game's, the locale), and
the Done-when commands of the issue, run as a user runs them."""

from __future__ import annotations

import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import i18n, rulesets, store
from scorekeeper.cards import Card, Rank, Suit, parse_trump, split_cards, typed
from scorekeeper.games.manille.deck import MANILLE
from scorekeeper.i18n import compile as po
from scorekeeper.i18n import rulebook
from scorekeeper.language import Language

FR, EN = Language.named("fr"), Language.named("en")

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
ENGLISH, FRENCH = po.built("en"), po.built("fr")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.speak(Language.named("en"))


def _fields(words: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(words) if name is not None}


# --- the catalogs ----------------------------------------------------------------------------------


def test_both_catalogs_have_every_key():
    """Adding a language is one catalog: every English key is in French and French has no key of its own."""
    assert sorted(set(ENGLISH) - set(FRENCH)) == []
    assert sorted(set(FRENCH) - set(ENGLISH)) == []


def test_every_french_value_is_given_with_the_english_placeholders():
    """Every value filled (no empty msgstr), each plural form with the values of its English form."""
    for key, english in ENGLISH.items():
        if not key:
            continue
        french = FRENCH[key]
        assert all(form for form in french.split("\0")), key
        for en_form, fr_form in zip(english.split("\0"), french.split("\0"), strict=True):
            assert _fields(fr_form) == _fields(en_form), key


def test_each_french_file_matches_its_english_file():
    """One French file per English file, with the same keys: a translator finds a message where it is in English."""
    for folder in po.catalog_folders():
        english = sorted(path.name for path in (folder / "en").glob("*.po"))
        assert english and sorted(path.name for path in (folder / "fr").glob("*.po")) == english, folder
        for name in english:
            assert set(po.parse(folder / "fr" / name)) == set(po.parse(folder / "en" / name)), name


def test_french_agrees_in_number_through_the_units():
    i18n.speak(Language.named("fr"))
    assert i18n.plural("unit.marks", 1).format(n=1) == "1 marque"
    assert i18n.plural("unit.marks", 2).format(n=2) == "2 marques"
    assert i18n.plural("unit.jetons", 0).format(n=0) == "0 jeton"  # hombre's words, in the French plural rule
    assert i18n.text("partie_won_in_manches", side="César et Escartefigue", won=2, against=1) == (
        "partie gagnée par César et Escartefigue, 2 manches à 1"
    )
    assert "sa propre bête est rayée" in i18n.text("bete_struck_out", bete="la bête de Ana de 27")
    assert i18n.text("side.team", players=["César", "Escartefigue"]) == "César et Escartefigue"


def test_a_language_without_a_catalog_speaks_english(monkeypatch, tmp_path):
    """A language not translated yet falls back to the English catalog, and to the English rule book."""
    english = tmp_path / "en" / "LC_MESSAGES"
    english.mkdir(parents=True)
    (english / "scorekeeper.mo").write_bytes(po.mo_path("en").read_bytes())
    monkeypatch.setattr(i18n, "_LOCALE", tmp_path)
    monkeypatch.setattr(i18n, "_catalogs", {})
    i18n.speak(Language.named("fr"))
    assert i18n.text("error.nothing_to_undo", name="x") == "nothing to undo in game x"
    assert rulebook.book("xx") == rulebook.book("en")


# --- the rule book -----------------------------------------------------------------------------------

RULE_IDS = re.compile(r"[\"']((?:[A-Z]+-\d+)(?:, [A-Z]+-\d+)*)[\"']")


def _ids_in_the_code() -> set[str]:
    """Every rule id the code names as a string ("M-5", or "M-6, M-7" for a record of two rules): each
    one a record or an error can carry."""
    return {
        rule
        for path in PACKAGE.rglob("*.py")
        for found in RULE_IDS.findall(path.read_text(encoding="utf-8"))
        for rule in found.split(", ")
    }


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_rule_id_a_record_can_carry_has_an_entry(lang):
    """A record's rule id without a rule-book entry fails here, in both languages."""
    book = rulebook.book(lang)
    assert len(_ids_in_the_code()) > 30
    assert sorted(_ids_in_the_code() - set(book)) == []
    assert all(entry["title"] and entry["rule"] for entry in book.values())


def test_both_rule_books_have_the_same_ids_and_choices():
    english, french = rulebook.book("en"), rulebook.book("fr")
    assert list(english) == list(french)
    assert [rule for rule in english if "choice" in english[rule]] == [
        rule for rule in french if "choice" in french[rule]
    ]


def test_rules_explain_prints_one_rule_lists_them_and_gives_json(run):
    out = run("rules", "explain", "M-5").out
    assert out.startswith("M-5 · The retourne\n")
    assert run("rules", "explain", "m5").out == out
    both = run("rules", "explain", "M-6, M-7").out  # a record citing two rules (no_contre)
    assert both.startswith("M-6 · Multipliers\n") and "\nM-7 · Coinchée\n" in both
    assert "P-3   Follow suit" in run("rules", "explain").out
    assert '"id": "H-13"' in run("rules", "explain", "H-13", "--json").out
    ran = run("rules", "explain", "Z-1")
    assert (
        ran.code == 2 and ran.err.startswith("scorekeeper: no rule 'Z-1' in the rule book") and ran.err.count("\n") == 1
    )


def test_rules_explain_answers_for_every_id_in_sheet_explain(run):
    """Done when: `rules explain` answers for every id in `sheet --explain` (the demo's and a hombre game's)."""
    cited = set(re.findall(r"\(([A-Z]+-\d+)\)", run("demo", "--explain").out))
    assert {"M-3", "M-4", "M-5", "M-8", "M-9"} <= cited
    for rule in cited:
        ran = run("rules", "explain", rule)
        assert ran.code == 0 and ran.out.startswith(f"{rule} · ")


# --- cards as each language writes them (C-2, amended) ------------------------------------------------


def test_c2_c_alone_is_coeur_in_french_and_clubs_in_english():
    assert Card.parse("Dc", FR) == Card(Rank.QUEEN, Suit.HEARTS)
    assert Card.parse("Dc", EN) == Card(Rank.QUEEN, Suit.CLUBS)
    assert parse_trump("c", FR) is Suit.HEARTS and parse_trump("c", EN) is Suit.CLUBS


def test_c2_letters_of_one_language_are_read_the_same_in_both():
    for lang in (EN, FR):
        assert [str(Card.parse(text, lang)) for text in ("Rp", "Vk", "Dt", "Ks", "Qh", "Jd", "As")] == [
            "K♠",
            "J♦",
            "Q♣",
            "K♠",
            "Q♥",
            "J♦",
            "A♠",
        ]


@pytest.mark.parametrize(
    "text, card",
    [
        ("dame de cœur", "Q♥"),
        ("valet carreau", "J♦"),
        ("as de pique", "A♠"),
        ("10 trèfle", "10♣"),
        ("queen of hearts", "Q♥"),
        ("Roi de Carreau", "K♦"),
        ("7 de coeur", "7♥"),
        ("ace of spades", "A♠"),
    ],
)
def test_c2_words_are_read_in_both_languages(text, card):
    assert str(Card.parse(text, EN)) == str(Card.parse(text, FR)) == card


def test_c2_a_hand_splits_on_commas_or_spaces_without_breaking_a_card_in_words():
    assert split_cards("7 trèfle, dame de cœur 8k", FR) == ["7 trèfle", "dame de cœur", "8k"]
    assert [str(card) for card in MANILLE.parse_many("Dc 8d, as de pique", FR)] == ["Q♥", "8♦", "A♠"]
    assert typed("Dc 7 trèfle", FR) == "QH 7C"  # the ledger keeps English letters


def _scorekeeper(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {key: value for key, value in os.environ.items() if key not in ("SCOREKEEPER_LANG", "LANG", "LC_ALL")}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, env={**environ, **env}
    )


def test_done_when_check_reads_dc_as_the_dame_de_coeur_in_french_and_qh_in_english():
    """The issue's misreading: Dc is the dame de cœur in French, so 8♦ is a renonce (P-3); `Qh` in English the same;
    the cards read are shown back with their symbols."""
    french = _scorekeeper(
        "--lang", "fr", "check", "manille-muette", "--trump", "s", "--table", "O:7h", "--hand", "Dc 8d", "--play", "8d"
    )
    english = _scorekeeper(
        "--lang", "en", "check", "manille-muette", "--trump", "s", "--table", "O:7h", "--hand", "Qh 8d", "--play", "8d"
    )
    assert french.returncode == english.returncode == 1
    assert french.stdout.splitlines()[0] == "lu : main D♥ 8♦, carte jouée 8♦"
    assert "8♦ est une renonce : doit fournir à ♥ : D♥ en main (P-3)" in french.stdout
    assert english.stdout.splitlines()[0] == "read: hand Q♥ 8♦, play 8♦"
    assert "8♦ is a renonce: must follow ♥: holds Q♥ (P-3)" in english.stdout
    ascii = _scorekeeper(
        "--lang", "fr", "check", "manille-muette", "--trump", "s", "--table", "O:7h", "--hand", "Dc 8d", "--ascii"
    )
    assert ascii.stdout.splitlines()[0] == "lu : main QH 8D"


ENGLISH_WORDS = {
    "the",
    "won",
    "wins",
    "deals",
    "nobody",
    "and",
    "of",
    "to",
    "is",
    "not",
    "played",
    "dealer",
    "scores",
    "trick",
}


def test_done_when_a_french_locale_prints_a_french_fiche_and_lang_en_the_english_one():
    french = _scorekeeper("demo", "--explain", LANG="fr_FR.UTF-8")
    assert french.returncode == 0
    assert "partie gagnée par César et Escartefigue (2 manches à 1)" in french.stdout
    words = set(re.findall(r"[a-zà-ÿ]+", french.stdout.lower()))
    assert words & ENGLISH_WORDS == set()
    english = _scorekeeper("--lang", "en", "demo", "--yes", LANG="fr_FR.UTF-8")  # the demo kept: replaced
    assert "partie won by César & Escartefigue (2-1 in manches)" in english.stdout


def test_done_when_coup_help_is_french():
    ran = _scorekeeper("--lang", "fr", "coup", "--help")
    assert ran.returncode == 0
    assert "Entrer le coup suivant" in ran.stdout and "Afficher ce message et quitter." in ran.stdout
    assert "Exemples :" in ran.stdout and "Usage :" in ran.stdout


# --- the language in effect: --lang, SCOREKEEPER_LANG, the game's own, the locale (C-2) ----------------


def test_c2_a_game_speaks_the_language_it_was_created_in_unless_told_another(tmp_path):
    home = {"SCOREKEEPER_HOME": str(tmp_path / "home")}
    players = [arg for name in ("César", "Panisse", "Escartefigue", "Brun") for arg in ("-p", name)]
    assert _scorekeeper("--lang", "fr", "new", "manille-muette", *players, "--game", "cafe", **home).returncode == 0
    assert _scorekeeper("coup", "--retourne", "Dc", "--points", "César=40", **home).returncode == 0
    sheet = _scorekeeper("sheet", LANG="en_US.UTF-8", **home).stdout
    assert "D♥" in sheet and "donneur" in sheet  # the game's French: c is cœur, the words French
    assert "dealer" in _scorekeeper("sheet", SCOREKEEPER_LANG="en", **home).stdout
    assert "dealer" in _scorekeeper("--lang", "en", "sheet", **home).stdout


def test_c2_an_old_game_file_without_a_language_still_loads(marius):
    game = store.read("marius")
    assert game.lang == "en"  # created under the pinned English
    data = game.to_toml()
    del data["lang"]
    assert store.Ledger.from_toml(data, "old.toml").lang is None


# --- each system's own words (M-6, M-7) -----------------------------------------------------------------


@pytest.mark.parametrize(
    "ruleset, said, lang, line",
    [
        ("manille-whisthub", ["--frapper", "B"], "en", "frapper by B (M-6)"),
        ("manille-whisthub", ["--frapper", "B"], "fr", "frapper de B (M-6)"),
        ("manillen", ["--contre", "B"], "fr", "contre de B (M-6)"),
        ("manille-coinchee", ["--coinche", "B"], "fr", "coinche de B (M-7)"),
    ],
)
def test_m6_m7_each_system_says_its_calls_in_its_own_words(run, ruleset, said, lang, line):
    assert run("new", ruleset, "-p", "A", "-p", "B", "-p", "C", "-p", "D").code == 0
    out = run("--lang", lang, "coup", "--trump", "h" if lang == "en" else "c", *said, "--points", "A=40").out
    assert line in out.splitlines()


def test_m6_whisthub_refuses_a_frapper_by_the_choosing_side_in_its_words(run):
    """Today's bug: 'only the other side may contre' at Whisthub."""
    assert run("new", "manille-whisthub", "-p", "A", "-p", "B", "-p", "C", "-p", "D").code == 0
    ran = run("--lang", "fr", "coup", "--trump", "c", "--frapper", "C", "--points", "A=40")
    assert ran.code == 2
    assert (
        ran.err == "scorekeeper : coup 1 : C est du camp qui a choisi l'atout : seul l'autre camp peut frapper (M-6)\n"
    )


def test_rules_show_speaks_french_for_a_shipped_ruleset_and_keeps_a_users_own_words(run, tmp_path):
    assert run("--lang", "fr", "rules", "show", "manillen").out.startswith("Manillen (belge) (manillen, manille)\n")
    house = tmp_path / "maison.toml"
    house.write_text('extends = "manillen"\ntitle = "Chez Marius"\n', encoding="utf-8")
    assert run("--lang", "fr", "rules", "show", str(house)).out.startswith("Chez Marius (maison, manille)\n")


@pytest.mark.parametrize("name", sorted(rulesets.builtin_names()))
def test_rules_show_says_a_shipped_ruleset_s_source_in_french(run, name):
    """« M-1 à M-5 », never the file's English "M-1 to M-5" (issue 29): each shipped ruleset's source in French."""
    out = run("--lang", "fr", "rules", "show", name).out
    (source,) = [line for line in out.splitlines() if line.startswith("source : ")]
    assert re.search(r"règles? [A-Z]-\d", source) and not re.search(r"\bto\b|RULES|\bits\b|\S;", source), (
        source
    )  # « ; » spaced


def test_rules_show_keeps_the_source_of_a_users_own_ruleset_and_english_its_files(run, tmp_path):
    assert (
        "source: seed 000 (Wikipédia FR, manille muette); RULES M-1 to M-5"
        in run("rules", "show", "manille-muette").out
    )
    house = tmp_path / "maison.toml"
    house.write_text('extends = "manille-muette"\nsource = "our café, M-1 to M-5"\n', encoding="utf-8")
    assert "source : our café, M-1 to M-5" in run("--lang", "fr", "rules", "show", str(house)).out


def test_c2_rules_show_writes_the_ranks_in_the_language_s_letters(run):
    """`K Q J` is `R D V` in French (C-2), in the order and in the points; English keeps its letters."""
    french = run("--lang", "fr", "rules", "show", "manille-muette").out
    assert "10 A R D V 9 8 7" in french and "10=5, A=4, R=3, D=2, V=1" in french
    english = run("--lang", "en", "rules", "show", "manille-muette").out
    assert "10 A K Q J 9 8 7" in english and "10=5, A=4, K=3, Q=2, J=1" in english


def test_c2_a_coup_typed_at_a_french_table_is_kept_in_the_ledgers_english_letters(tmp_path):
    """--trick, a tricks file, --retourne and --trump: `c` is cœur at a French table, and the ledger keeps
    English letters, so that the game reads the same in any language later."""
    from scorekeeper import games
    from scorekeeper.cli import declare
    from scorekeeper.games.offers import every
    from scorekeeper.games.options import Kind

    options = {option.name: option for option in every(games.NAMES)}

    def said(**given: object) -> dict:
        unsaid = {
            option: [] if option.many else False if option.kind is Kind.FLAG else None for option in options.values()
        }
        return {**unsaid, **{options[name]: value for name, value in given.items()}}

    log = tmp_path / "plis.toml"
    log.write_text('tricks = [["7c", "8c", "9c", "10c"], "Dc Vc Rc Ac"]\n', encoding="utf-8")
    i18n.speak(Language.named("fr"))
    typed_said = declare.declaration(said(retourne="Dc", trump="c", trick=["7 trèfle, 8c 9c 10c"]))
    assert (typed_said["retourne"], typed_said["trump"], typed_said["tricks"]) == (
        "QH",
        "H",
        [["7C", "8H", "9H", "10H"]],
    )
    from_file = declare.declaration(said(tricks_file=str(log)))
    assert from_file["tricks"] == [["7H", "8H", "9H", "10H"], ["QH", "JH", "KH", "AH"]]
    i18n.speak(Language.named("en"))
    assert declare.declaration(said(trick=["7c 8c 9c 10c"]))["tricks"] == [["7C", "8C", "9C", "10C"]]


def test_c2_lhombre_coup_shows_the_hand_read_back_with_its_symbols(run):
    """Every command that reads cards shows them back (C-2): the hombre's trumps, typed in French."""
    assert run("new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid").code == 0
    said = ("--hombre", "Ana", "--contract", "sans-prendre", "--tricks", "Ana=5,Bea=2,Cid=2", "--trump", "c")
    out = run("--lang", "fr", "coup", *said, "--trumps", "as de pique, 7c At Rc").out
    assert out.splitlines()[0] == "lu : les atouts A♠ 7♥ A♣ R♥"
