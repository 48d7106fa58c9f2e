"""In het Nederlands (issue 31): Dutch is a folder of data. Cards as Flemish tables write them (C-2:
`A H V B`, `h r k s`, the suit first in words; `V` and `k` by the language in effect), the short line
in Dutch, files read in the language they name, the locale, and the Done-when commands run as a user
runs them, with no French or English sentence."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import i18n, language
from scorekeeper.cards import Card, CardError, Rank, Suit, card_words, letters, parse_trump, split_cards
from scorekeeper.i18n import rulebook
from scorekeeper.language import Language

NL, FR, EN = Language.named("nl"), Language.named("fr"), Language.named("en")
FLEMISH = ("Jan", "Piet", "Klaas", "Kees")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.speak(Language.named("en"))


def _scorekeeper(home: Path, *args: str, stdin: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {key: value for key, value in os.environ.items() if key not in ("SCOREKEEPER_LANG", "LANG", "LC_ALL")}
    environ |= {"SCOREKEEPER_HOME": str(home), "COLUMNS": "200", "NO_COLOR": "1", **env}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, env=environ, input=stdin
    )


def _coups(home: Path) -> list[dict]:
    import json

    return list(json.loads(_scorekeeper(home, "sheet", "--json").stdout)["coups"])


def _declared(home: Path) -> list[dict]:
    return [coup["declared"] for coup in _coups(home)]


def _seated(home: Path, ruleset: str, *extra: str) -> None:
    players = [arg for name in FLEMISH for arg in ("-p", name)]
    made = _scorekeeper(home, "--lang", "nl", "new", ruleset, *players, *extra)
    assert made.returncode == 0, made.stderr


# --- the language is a folder ----------------------------------------------------------------------


def test_dutch_is_spoken_here_as_a_folder_of_data():
    assert "nl" in language.codes()
    assert NL.of("Jan") == "van Jan" and NL.says_yes("ja") and not NL.says_yes("nee")


@pytest.mark.parametrize("locale", ["nl_BE.UTF-8", "nl_NL.UTF-8", "nl_BE", "nl"])
def test_c2_a_dutch_locale_speaks_dutch(locale):
    assert i18n.language_of(None, {"LANG": locale}) == "nl"
    assert i18n.language_of(None, {"LC_ALL": locale, "LANG": "fr_FR.UTF-8"}) == "nl"


def test_dutch_dates_are_babels_nl_be():
    dates = NL.words["dates"]
    assert dates["months"][2] == "mrt" and dates["months_wide"][10] == "november" and "HH:mm" in dates["time"]


# --- cards as Flemish tables write them (C-2) ------------------------------------------------------


@pytest.mark.parametrize(
    "said, card",
    [
        ("harten vrouw", "Q♥"),
        ("hartenvrouw", "Q♥"),
        ("vrouw van harten", "Q♥"),
        ("schoppen aas", "A♠"),
        ("ruiten 10", "10♦"),
        ("klaveren boer", "J♣"),
        ("Heer van Ruiten", "K♦"),
        ("de harten vrouw", "Q♥"),
        ("Vh", "Q♥"),
        ("Hr", "K♦"),
        ("Bk", "J♣"),
        ("As", "A♠"),
        ("10♥", "10♥"),
        ("Dc", "Q♣"),  # French D read everywhere; c is clubs in Dutch as in English
    ],
)
def test_c2_dutch_card_forms_are_read(said, card):
    assert str(Card.parse(said, NL)) == card


@pytest.mark.parametrize("said", ["hV", "kV", "h10", "♥10", "sV", "harten", "vrouw", "harten vrouw van", "11h"])
def test_c2_dutch_letters_are_rank_then_suit_and_only_words_come_suit_first(said):
    """`hV` is refused: letters are always rank then suit; only words may come suit first (C-2)."""
    with pytest.raises(CardError):
        Card.parse(said, NL)


def test_c2_v_and_k_read_by_the_language_in_effect():
    """V is vrouw in Dutch and valet in French and English; k is klaveren in Dutch and carreau in the others."""
    assert Card.parse("Vk", NL) is Card(Rank.QUEEN, Suit.CLUBS)
    assert Card.parse("Vk", FR) is Card.parse("Vk", EN) is Card(Rank.JACK, Suit.DIAMONDS)
    assert parse_trump("k", NL) is Suit.CLUBS and parse_trump("k", FR) is parse_trump("k", EN) is Suit.DIAMONDS
    assert parse_trump("c", NL) is Suit.CLUBS and parse_trump("c", FR) is Suit.HEARTS


def test_c2_dutch_letters_of_one_language_are_read_in_every_language():
    """H (heer), B (boer) and r (ruiten) belong to Dutch alone: French and English read them too."""
    for spoken in (NL, FR, EN):
        assert [str(Card.parse(said, spoken)) for said in ("Hr", "Bs", "Ar", "Hh")] == ["K♦", "J♠", "A♦", "K♥"]
        assert str(Card.parse("vrouw van harten", spoken)) == "Q♥"


def test_c2_dutch_output_writes_h_v_b_with_the_symbols():
    queen, king, jack = Card(Rank.QUEEN, Suit.HEARTS), Card(Rank.KING, Suit.CLUBS), Card(Rank.JACK, Suit.SPADES)
    assert [card.format(False, NL) for card in (queen, king, jack)] == ["V♥", "H♣", "B♠"]
    assert [letters(card, NL) for card in (queen, king, jack)] == ["Vh", "Hk", "Bs"]
    assert queen.format(True, NL) == "QH"  # --ascii and the ledger: English letters


def test_c2_a_dutch_hand_splits_without_breaking_a_card_in_words():
    said = split_cards("harten vrouw, 7 klaveren Hr schoppen aas", NL)
    assert said == ["harten vrouw", "7 klaveren", "Hr", "schoppen aas"]
    assert card_words(NL)[:5] == ("aas", "heer", "koning", "vrouw", "boer")  # koning: a Flemish table's too (issue 39)


def test_c2_manille_names_its_cards_in_dutch_too():
    playing = NL.playing("manille")
    assert str(Card.parse("manille van ruiten", playing)) == "10♦"
    assert str(Card.parse("manillon van schoppen", playing)) == "A♠"


# --- the short line in Dutch ------------------------------------------------------------------------


def _read(ruleset: str, line: str, players: tuple[str, ...] = FLEMISH) -> dict:
    from scorekeeper import games

    loaded = games.load(ruleset)
    state = games.state_after(loaded, list(players), players[0], [])
    return loaded.engine.read_line(state, line.split(), NL)


def test_the_short_line_in_dutch_reads_the_table_s_words():
    assert _read("manille-muette", "10h jan 40") == {"retourne": "10H", "points": {"Jan": 40}}
    assert _read("manille-muette", "hartenvrouw jan verzaakt") == {"retourne": "QH", "renonce": "Jan"}
    assert _read("manillen", "zonder troef jan 40") == {"trump": "SA", "points": {"Jan": 40}}
    assert _read("manillen", "harten klop piet jan 40") == {"trump": "H", "contre": "Piet", "points": {"Jan": 40}}
    said = _read("manillen", "k klop piet tegenklop jan jan 40")
    assert said == {"trump": "C", "contre": "Piet", "surcontre": "Jan", "points": {"Jan": 40}}
    assert _read("manillen", "ruiten jan en klaas maakt 40 punten klop piet") == {
        "trump": "D",
        "contre": "Piet",
        "points": {"Jan": 40},
    }


def test_a_dutch_keyword_is_no_player_s_name():
    """C-4: a word the line reads otherwise is refused as a name, in every language spoken here."""
    players = ("-p", "Jan", "-p", "Klop", "-p", "A", "-p", "B")
    ran = _scorekeeper(Path(os.environ["SCOREKEEPER_HOME"]), "new", "manillen", *players)
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1 and "Klop" in ran.stderr


def test_a_table_script_in_dutch_says_its_coups_and_the_table_s_words(tmp_path):
    """`ongedaan`, `opnieuw`, `blad`, `uitleg 3`, `verlaten`: the table's words in Dutch (a real process)."""
    home = tmp_path / "home"
    _seated(home, "manillen")
    lines = ["harten klop piet jan 40", "zonder troef jan verzaakt", "ruiten jan 50", "ongedaan", "opnieuw"]
    script = "\n".join([*lines, "blad", "uitleg 3", "verlaten", "k jan 40", ""])
    ran = _scorekeeper(home, "table", stdin=script, SCOREKEEPER_LANG="nl")
    assert ran.returncode == 0, ran.stderr
    assert "│    3 │" in ran.stdout and ran.stdout.rstrip().endswith("(M-4)")  # the sheet, then coup 3 explained
    assert [coup["trump"] for coup in _coups(home)] == ["H", "SA", "D"]  # `verlaten` left before the last line


# --- files read in their language (C-2) -------------------------------------------------------------


def test_c2_a_french_fix_list_read_in_a_dutch_session_gives_the_same_cards(tmp_path):
    """`fix --print` writes `# lang: fr` first; a Dutch session reads the list in French: Dc is the dame de
    cœur, not the vrouw of klaveren, and nothing changes."""
    home = tmp_path / "home"
    _seated(home, "manille-muette")
    for line in ("Vk jan 40", "hartenvrouw jan verzaakt", "schoppen aas piet 50"):
        assert _scorekeeper(home, "coup", *line.split(), SCOREKEEPER_LANG="nl").returncode == 0
    before = _declared(home)
    french = _scorekeeper(home, "--lang", "fr", "fix", "--print").stdout
    assert french.splitlines()[0] == "# lang: fr" and "Dc" in french
    listed = tmp_path / "liste.txt"
    listed.write_text(french, encoding="utf-8")
    ran = _scorekeeper(home, "fix", "--from", str(listed), SCOREKEEPER_LANG="nl")
    assert ran.returncode == 0 and _declared(home) == before
    # Without its first line the list is read in the game's language, Dutch: Dc is the vrouw of klaveren.
    listed.write_text(french.partition("\n")[2], encoding="utf-8")
    assert _scorekeeper(home, "fix", "--from", str(listed)).returncode == 0
    assert _declared(home) != before
    # A session told French by SCOREKEEPER_LANG still reads it in its game's language: a file travels
    # with its game (C-2 names the game's own language, then --lang; not the variable).
    assert _scorekeeper(home, "fix", "--from", str(listed), SCOREKEEPER_LANG="fr").returncode == 0
    assert _declared(home) != before
    # `--lang` overrules both: the same list read in French gives the cards back.
    assert _scorekeeper(home, "--lang", "fr", "fix", "--from", str(listed)).returncode == 0
    assert _declared(home) == before


@pytest.mark.parametrize("first", ["# lang: de", "# lang:", "# LANG: ../../nl", "#lang: klingon"])
def test_c2_a_file_naming_a_language_not_spoken_here_is_refused_and_nothing_written(tmp_path, first):
    """The refusal names the language given and the languages spoken here; it is said in the game's
    language, Dutch here (the partie was made with --lang nl), as every message of a command is."""
    home = tmp_path / "home"
    _seated(home, "manille-muette")
    listed = tmp_path / "list.txt"
    listed.write_text(f"{first}\n10h Jan=40\n", encoding="utf-8")
    ran = _scorekeeper(home, "fix", "--from", str(listed))
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1
    assert "onbekende taal" in ran.stderr and "en, fr of nl" in ran.stderr
    script = _scorekeeper(home, "table", stdin=f"{first}\n10h jan 40\n")
    assert script.returncode == 2 and "regel 1: onbekende taal" in script.stderr
    assert _coups(home) == []


def test_c2_a_table_script_is_read_in_the_language_it_names(tmp_path):
    home = tmp_path / "home"
    _seated(home, "manille-muette")
    ran = _scorekeeper(home, "table", stdin="# lang: fr\nDc jan 40\n", SCOREKEEPER_LANG="nl")
    assert ran.returncode == 0, ran.stderr
    assert _declared(home)[0]["retourne"] == "QH"  # the dame de cœur, as the French file says
    ran = _scorekeeper(home, "table", stdin="Dc piet 40\n")
    assert ran.returncode == 0 and _declared(home)[1]["retourne"] == "QC"  # the game's Dutch: vrouw of klaveren
    ran = _scorekeeper(home, "--lang", "nl", "table", stdin="# lang: fr\nDc jan 40\n")
    assert ran.returncode == 0 and _declared(home)[2]["retourne"] == "QC"  # --lang overrules the first line


# --- the rule book in Dutch ---------------------------------------------------------------------------


def test_the_dutch_rule_book_has_every_rule_and_choice_of_the_english_one():
    english, dutch = rulebook.book("en"), rulebook.book("nl")
    assert list(dutch) == list(english)
    chosen = [rule for rule in english if "choice" in english[rule]]
    assert [rule for rule in dutch if "choice" in dutch[rule]] == chosen
    assert all(entry["title"] and entry["rule"] for entry in dutch.values())
    assert "harten" in dutch["C-2"]["rule"] and "kloppen" in dutch["M-6"]["rule"].lower()


def test_the_shipped_rulesets_are_described_in_dutch():
    from scorekeeper import rulesets

    dutch = rulebook._rulesets("nl")
    assert set(dutch) == set(rulesets.builtin_names())
    assert all(words["title"] and words["description"] and words["source"] for words in dutch.values())


# --- Done when: the whole table in Dutch, no French or English sentence ------------------------------

# Words of an English or a French sentence that no Dutch sentence holds ("de", "en", "is", "of", "won"
# are Dutch words too, and coup, manche, belle, renonce are the game's own).
FOREIGN = {
    "the",
    "and",
    "wins",
    "deals",
    "nobody",
    "played",
    "dealer",
    "scores",
    "trick",
    "tricks",
    "leads",
    "names",
    "le",
    "la",
    "les",
    "et",
    "du",
    "des",
    "donne",
    "entame",
    "gagnée",
    "pli",
    "plis",
    "atout",
    "camp",
    "joueur",
}


def _foreign(text: str) -> set[str]:
    return set(re.findall(r"[a-zà-ÿ]+", text.lower())) & FOREIGN


def _dutch_partie(home: Path) -> list[str]:
    _seated(home, "manillen")
    outputs = []
    for line in ("harten klop piet jan 40", "k klop jan tegenklop piet piet 50", "zonder troef kees verzaakt"):
        ran = _scorekeeper(home, "coup", *line.split(), SCOREKEEPER_LANG="nl")
        assert ran.returncode == 0, ran.stderr
        outputs.append(ran.stdout)
    return outputs


def test_done_when_a_manillen_partie_with_kloppen_and_tegenkloppen_is_stored(tmp_path):
    home = tmp_path / "home"
    _dutch_partie(home)
    said = _declared(home)
    assert [coup.get("contre") for coup in said] == ["Piet", "Jan", None]
    assert said[1]["surcontre"] == "Piet" and said[2] == {"trump": "SA", "renonce": "Kees"}
    assert _coups(home)[1]["multiplier"] == 4  # kloppen x2, tegenkloppen x2 more (M-6)
    assert _scorekeeper(home, "sheet", LANG="nl_BE.UTF-8").returncode == 0


def test_done_when_the_manillen_partie_speaks_only_dutch(tmp_path):
    home = tmp_path / "home"
    said = _dutch_partie(home)
    sheet = _scorekeeper(home, "sheet", "--explain", LANG="nl_BE.UTF-8")
    for output in [*said, sheet.stdout]:
        assert _foreign(output) == set(), output


# The Dutch demo is a Flemish café's manillen (issue 39), at café De Zwaan.
CAFE = "café De Zwaan"


def test_done_when_the_demo_speaks_only_dutch(tmp_path):
    ran = _scorekeeper(tmp_path / "home", "demo", "--explain", LANG="nl_BE.UTF-8")
    assert ran.returncode == 0 and f"Manillen (Belgisch) in {CAFE}" in ran.stdout
    assert _foreign(ran.stdout) == set(), ran.stdout


def test_done_when_an_hombre_partie_speaks_only_dutch(tmp_path):
    home = tmp_path / "home"
    made = _scorekeeper(home, "--lang", "nl", "new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid")
    coup = _scorekeeper(home, "coup", "ana", "sans-prendre", "5", "2", "2", "harten", SCOREKEEPER_LANG="nl")
    sheet = _scorekeeper(home, "sheet", SCOREKEEPER_LANG="nl")
    assert made.returncode == coup.returncode == sheet.returncode == 0, coup.stderr
    for output in (made.stdout, coup.stdout, sheet.stdout):
        assert _foreign(output) == set(), output


CHECKED = ("--trump", "s", "--table", "O:7h", "--hand", "Vh 8r", "--play", "8r")


def test_done_when_check_reads_dutch_cards(tmp_path):
    """Vh is the vrouw of harten in Dutch, 8r the 8 of ruiten: 7♥ led, V♥ held, 8♦ played is a renonce (P-3)."""
    ran = _scorekeeper(tmp_path, "--lang", "nl", "check", "manille-muette", *CHECKED)
    assert ran.returncode == 1 and "V♥ 8♦" in ran.stdout.splitlines()[0] and "(P-3)" in ran.stdout


def test_done_when_check_and_audit_speak_only_dutch(tmp_path):
    check = _scorekeeper(tmp_path, "--lang", "nl", "check", "manille-muette", *CHECKED)
    tricks = ["AS KS 10S QS", "9D 8D 10D AD", "7D QD 9S JS", "8S 7S JD 7C", "10H QH KH 10C", "9H 8H JH 7H"]
    audit = _scorekeeper(
        tmp_path,
        "--lang",
        "nl",
        "audit",
        "manille-muette",
        "--players",
        "Jan Piet Klaas Kees",
        "--trump",
        "s",
        "--leader",
        "Piet",
        *[arg for trick in tricks for arg in ("--trick", trick)],
    )
    assert "(P-3)" in audit.stdout
    for output in (check.stdout, audit.stdout):
        assert _foreign(output) == set(), output


def test_tab_completes_the_dutch_words_from_the_words_files():
    """The table's words and the line's calls offered by Tab are those the Dutch words files say."""
    from scorekeeper import games
    from scorekeeper.cli.table import table_words

    ruleset = games.load("manillen")
    state = ruleset.engine.start(ruleset, list(FLEMISH), "Jan")
    said = ruleset.engine.vocabulary(state, NL)
    assert {"klop", "tegenklop", "verzaakt", "deler", "pas"} <= set(said["calls"]) and "Vh" in said["cards"]
    assert {"ongedaan", "opnieuw", "blad", "uitleg", "verlaten"} <= set(table_words())


# --- what landed beside Dutch: the kaarting (RULES T), `settle --statement`, `serve` -------------------

# The kaarting's words English and French say that Dutch does not (a ronde, a ploeg, a tafel, the loting).
CONCOURS_FOREIGN = FOREIGN | {
    "round",
    "rounds",
    "team",
    "teams",
    "table",
    "tables",
    "standing",
    "seed",
    "draw",
    "bye",
    "sits",
    "won",
    "tour",
    "tours",
    "équipe",
    "équipes",
    "tirage",
    "classement",
    "exempt",
    "graine",
    "inscrites",
}


def test_the_kaarting_s_verbs_are_said_in_dutch_and_do_what_the_english_ones_do(tmp_path):
    """`inschrijven`, `loting`, `uitslag`, `klassement`, `toestand`: the organiser's verbs as a Flemish
    kaarting says them (the `[concours]` words of nl/words.toml), in any language spoken."""
    from scorekeeper.cli.concours import verb_of

    said = {"inschrijven": "register", "terugtrekken": "withdraw", "loting": "draw", "uitslag": "result"}
    said |= {"klassement": "standing", "toestand": "status", "Nieuw": "new", "lijst": "list", "schrappen": "delete"}
    assert {word: verb_of(word) for word in said} == said
    home = tmp_path / "home"
    ran = [_scorekeeper(home, "--lang", "nl", "concours", "new", "Lente", "--ruleset", "manille-muette")]
    for team, first, second in (("Zwaluwen", "Jan", "Piet"), ("Mussen", "Klaas", "Kees")):
        ran.append(
            _scorekeeper(home, "concours", "inschrijven", "-p", first, "-p", second, "--team", team, LANG="nl_BE")
        )
    ran.append(_scorekeeper(home, "concours", "loting", SCOREKEEPER_LANG="nl"))
    ran.append(_scorekeeper(home, "concours", "toestand", SCOREKEEPER_LANG="nl"))
    table = re.search(r"Tafel 1: (\w+), (\w+);", ran[-2].stdout)
    assert table is not None, ran[-2].stdout
    points, manches = ("68-41", "2-0") if table[1] == "Zwaluwen" else ("41-68", "0-2")  # a partie liée: 2 manches (T-8)
    ran.append(
        _scorekeeper(
            home,
            "concours",
            "uitslag",
            "1",
            "1",
            "--winner",
            "Zwaluwen",
            "--points",
            points,
            "--manches",
            manches,
            SCOREKEEPER_LANG="nl",
        )
    )
    ran.append(_scorekeeper(home, "concours", "klassement", SCOREKEEPER_LANG="nl"))
    assert [each.returncode for each in ran] == [0] * len(ran), [each.stderr for each in ran]
    assert ran[1].stdout == "Ploeg 1: Zwaluwen (Jan en Piet); 1 ploeg ingeschreven.\n"
    assert ran[-1].stdout.splitlines() == [
        "Klassement van Lente na ronde 1:",
        "1. Zwaluwen: gewonnen 1, punten 68, verschil +27",
        "2. Mussen: gewonnen 0, punten 41, verschil -27",
    ]
    for each in ran:
        assert set(re.findall(r"[a-zà-ÿ]+", each.stdout.lower())) & CONCOURS_FOREIGN == set(), each.stdout


def test_a_kaarting_refuses_in_dutch_naming_the_dutch_verb(tmp_path):
    home = tmp_path / "home"
    assert _scorekeeper(home, "--lang", "nl", "concours", "new", "Lente", "--ruleset", "manille-muette").returncode == 0
    early = _scorekeeper(
        home, "concours", "uitslag", "1", "1", "--winner", "Zwaluwen", "--points", "1-0", SCOREKEEPER_LANG="nl"
    )
    assert (early.returncode, early.stdout, early.stderr.count("\n")) == (2, "", 1)
    assert early.stderr.startswith("scorekeeper: geen ronde 1: tot nu toe 0 geloot")
    over = _scorekeeper(
        home, "concours", "new", "Lente", "--ruleset", "manille-muette", "--rounds", "0", SCOREKEEPER_LANG="nl"
    )
    assert over.returncode == 2 and over.stderr.startswith("scorekeeper: 0 rondes: een kaarting speelt er 1 tot")


def test_the_rule_book_s_kaarting_rules_are_said_in_dutch(tmp_path):
    ran = _scorekeeper(tmp_path, "--lang", "nl", "rules", "explain", "T-4")
    assert ran.returncode == 0 and ran.stdout.startswith("T-4 · Vrije rondes\n")
    assert _foreign(ran.stdout) == set() and "kaarting" in ran.stdout


def test_done_when_an_hombre_statement_and_the_whole_settlement_speak_only_dutch(tmp_path):
    home = tmp_path / "home"
    made = _scorekeeper(home, "--lang", "nl", "new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid")
    coups = [("ana", "sans-prendre", "5", "2", "2", "harten"), ("cid", "demande", "4", "3", "2", "ruiten")]
    ran = [made, *(_scorekeeper(home, "coup", *coup, SCOREKEEPER_LANG="nl") for coup in coups)]
    ran.append(_scorekeeper(home, "settle", "--statement", "Cid", SCOREKEEPER_LANG="nl"))
    ran.append(_scorekeeper(home, "settle", "--early", "--whole", "--statement", "Cid", SCOREKEEPER_LANG="nl"))
    assert [each.returncode for each in ran] == [0] * len(ran), [each.stderr for each in ran]
    assert ran[3].stdout.startswith("Overzicht van Cid\n") and "tot hier: " in ran[3].stdout
    assert "bij de afrekening: betaalde Ana 9 jetons: " in ran[4].stdout
    for each in ran:
        assert _foreign(each.stdout) == set(), each.stdout


def test_serve_s_help_speaks_only_dutch(tmp_path):
    ran = _scorekeeper(tmp_path, "--lang", "nl", "serve", "--help")
    assert ran.returncode == 0 and "ingavepagina" in ran.stdout and "Voorbeelden:" in ran.stdout
    words = set(re.findall(r"[a-z]+", re.sub(r"--[a-z-]+", "", ran.stdout.lower())))  # options keep their names
    assert words & (FOREIGN | {"page", "phone", "entry", "listen", "port", "free"}) == set(), ran.stdout


def test_a_dutch_export_s_csv_is_for_excel_as_belgium_sets_it(tmp_path):
    """Excel in a Belgian (or Dutch) locale splits cells on `;` and writes 13,5: the `[paper] csv` of
    nl/words.toml is excel-fr's dialect, with the BOM that keeps "César" whole; `--dialect` overrules it."""
    home = tmp_path / "home"
    _dutch_partie(home)
    ran = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "export", "--format", "csv"],
        capture_output=True,
        env={**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": "nl"},
    )
    assert ran.returncode == 0 and ran.stdout.startswith("\ufeff".encode())
    header = ran.stdout.decode("utf-8-sig").splitlines()[0]
    assert ";" in header and "," not in header, header
    plain = _scorekeeper(home, "export", "--format", "csv", "--dialect", "rfc4180", SCOREKEEPER_LANG="nl")
    assert plain.returncode == 0 and "," in plain.stdout.splitlines()[0] and ";" not in plain.stdout.splitlines()[0]


def test_a_dutch_statement_counts_one_jeton_as_one():
    """« tot hier: +1 jeton », not "1 jetons": the amount carries its unit and its plural (`+#jetons`)."""
    from fractions import Fraction

    from scorekeeper.games import hombre

    i18n.speak(Language.named("nl"))
    i18n.bring(Path(hombre.__file__).parent)
    said = [i18n.text("paper.statement.so_far", result=Fraction(value)) for value in (1, -1, Fraction(27, 2))]
    assert said == ["tot hier: +1 jeton", "tot hier: -1 jeton", "tot hier: +13,5 jetons"]
