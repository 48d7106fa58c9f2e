"""The short line (issue 16): a coup in the words the table says means exactly what the options mean.

Each system's coups, generated from legal deals, are written as short lines and read back to the same
declaration, in French and in English; the demo partie said in words gives the fiche of its options;
a word that could be two things is refused with both readings (C-4); cards follow C-2's language.
"""

from __future__ import annotations

import random

import pytest

from scorekeeper import games, i18n, service
from scorekeeper.errors import UserError
from scorekeeper.games.manille.demo import COUPS, PLAYERS
from scorekeeper.language import Language
from scorekeeper.rulesets import builtin_names
from tests.games.test_invariants import NAMES, hombre_coup, manille_coup

FR, EN, NL = Language.named("fr"), Language.named("en"), Language.named("nl")

MANILLE_SYSTEMS = [name for name in builtin_names() if games.load(name).game == "manille"]
HOMBRE_SYSTEMS = [name for name in builtin_names() if games.load(name).game == "hombre"]


def read(ruleset, players, coups, words, lang=EN, asked=None):
    state = games.state_after(ruleset, players, players[0], coups)
    return ruleset.engine.read_line(state, words.split(), lang, asked)


def muette(words: str, lang=EN, asked=None):
    return read(games.load("manille-muette"), PLAYERS, [], words, lang, asked)


def test_the_issues_examples_read_as_the_options_say():
    assert muette("10h césar 40") == {"retourne": "10H", "points": {"César": 40}}
    assert muette("ac renonce brun", FR) == {"retourne": "AH", "renonce": "Brun"}  # C-2: c is cœur in French
    assert muette("ac renonce brun", EN) == {"retourne": "AC", "renonce": "Brun"}
    assert muette("donne Brun 7s panisse 48") == {"dealer": "Brun", "retourne": "7S", "points": {"Panisse": 48}}
    assert muette("maldonne") == {"misdeal": True}
    assert muette("passe") == {"pass": True}
    assert muette("César=40 dame de cœur") == {"points": {"César": 40}, "retourne": "QH"}
    whisthub = games.load("manillen")
    bert = ["Anna", "Bert", "Cid", "Dan"]
    assert read(whisthub, bert, [], "sa contre bert anna 38") == {
        "trump": "SA",
        "contre": "Bert",
        "points": {"Anna": 38},
    }
    encheres = games.load("manille-encheres")
    assert read(encheres, ["Ana", "Ben", "Cid", "Dan"], [], "ben 45 c 50", FR) == {
        "taker": "Ben",
        "bid": 45,
        "trump": "H",
        "points": {"Ben": 50},
    }
    hombre = games.load("hombre")
    three = ["Ana", "Bea", "Cid"]
    assert read(hombre, three, [], "bea demande 4 3 2") == {
        "hombre": "Bea",
        "contract": "demande",
        "tricks": {"Ana": 4, "Bea": 3, "Cid": 2},
    }
    assert read(hombre, three, [], "bea=4 cid=2 ana=3 Bea sans prendre") == {
        "tricks": {"Bea": 4, "Cid": 2, "Ana": 3},
        "hombre": "Bea",
        "contract": "sans-prendre",
    }
    assert read(hombre, three, [], "passe") == {"pass": True}


def test_a_word_that_could_be_two_things_is_refused_with_both_readings():
    ruleset = games.load("manille-muette")
    with pytest.raises(UserError) as caught:
        read(ruleset, ["Pique", "Bob", "Carl", "Dan"], [], "7h pique 40")
    assert caught.value.key == "line_ambiguous"
    assert (
        str(caught.value)
        == "'pique' could be the player Pique or the atout ♠: say it another way (a player's points: the name, then the number)"
    )
    # said another way, it is read: a count, or a player after a word that takes one
    assert read(ruleset, ["Pique", "Bob", "Carl", "Dan"], [], "7h pique=40") == {
        "retourne": "7H",
        "points": {"Pique": 40},
    }
    assert read(ruleset, ["Pique", "Bob", "Carl", "Dan"], [], "7h renonce pique") == {
        "retourne": "7H",
        "renonce": "Pique",
    }


@pytest.mark.parametrize(
    ("words", "key"),
    [
        ("10h césar", "line_number_missing"),
        ("10h 40", "line_number_alone"),
        ("10h césar 40 7s", "line_said_twice"),
        ("10h zoé 40", "line_unknown_word"),
        ("10h renonce", "line_name_missing"),
        ("10h zoé=40", "unknown_player"),
    ],
)
def test_a_line_that_makes_no_sense_names_what_is_wrong(words, key):
    with pytest.raises(UserError) as caught:
        muette(words)
    assert caught.value.key == key


def test_a_number_alone_answers_the_question_asked():
    # M-3: the dealer's side, César & Escartefigue, asked for its points
    assert muette("40", asked="points") == {"points": {"César": 40}}
    envers = games.load("manille-envers")
    assert read(envers, NAMES, [], "d 20 30 10", asked="points") == {
        "trump": "D",
        "points": {"Ana": 20, "Bert": 30, "Carla": 10},
    }


def test_the_engine_asks_for_what_a_coup_lacks():
    ruleset = games.load("manille-muette")
    state = games.state_after(ruleset, PLAYERS, PLAYERS[0], [])
    with pytest.raises(UserError) as caught:
        ruleset.engine.advance(state, {})
    asked = ruleset.engine.ask(state, {}, caught.value, EN)
    assert asked.field == "retourne"
    assert i18n.render(asked.words) == "Retourne (the card César turned)? (M-5)"
    with pytest.raises(UserError) as caught:
        ruleset.engine.advance(state, {"retourne": "7S"})
    asked = ruleset.engine.ask(state, {"retourne": "7S"}, caught.value, EN)
    assert (asked.field, i18n.render(asked.words)) == ("points:César", "Points of César and Escartefigue? (M-3)")
    assert ruleset.engine.read_line(state, ["40"], EN, asked.field) == {"points": {"César": 40}}
    # M-13: at the enchères, the taker's points, the taker said before the question
    encheres = games.load("manille-encheres")
    four = ["Ana", "Ben", "Cid", "Dan"]
    state = games.state_after(encheres, four, "Ana", [])
    with pytest.raises(UserError) as caught:
        encheres.engine.advance(state, {"taker": "Ben", "bid": 45, "trump": "H"})
    asked = encheres.engine.ask(state, {"taker": "Ben", "bid": 45, "trump": "H"}, caught.value, EN)
    assert encheres.engine.read_line(state, ["50"], EN, asked.field) == {"points": {"Ben": 50}}
    with pytest.raises(UserError) as caught:
        ruleset.engine.advance(state, {"retourne": "7S", "points": {"César": 90}})
    assert ruleset.engine.ask(state, {}, caught.value, EN) is None  # a mistake, not a lack


def _round_trip(ruleset, players, declared_coups):
    """Every entry written as a line, in each language, reads back to the same stored entry."""
    state = games.state_after(ruleset, players, players[0], [])
    engine = ruleset.engine
    words_said = 0
    for entry in declared_coups:
        for lang in (FR, EN, NL):
            line = engine.write_line(state, entry, lang)
            assert engine.read_line(state, line.split(), lang) == entry, (line, entry)
            words_said += not line.startswith("{")
        state = engine.advance(state, entry)
    return words_said


@pytest.mark.parametrize("system", MANILLE_SYSTEMS)
def test_every_manille_coup_reads_back_from_its_line(system):
    ruleset = games.load(system)
    rules = ruleset.rules
    rng = random.Random(16)
    players = NAMES[: rules.players]
    coups: list[dict] = []
    for _ in range(12):
        before = games.replay(ruleset, players, players[0], coups)
        if before.over:
            break
        coup, points = manille_coup(ruleset, players, before.next_dealer, rng)
        coup.pop("tricks")
        table = before.table
        if rules.sides == "each":
            coup["points"] = {seat: points[seat] for seat in players[1:]}
        else:
            seat = players[1]
            camp = [s for s in table.seats if table.column_of(s) == table.column_of(seat)]
            coup["points"] = {seat: sum(points[s] for s in camp)} if rules.sides in ("teams", "mort", "morts") else None
            if coup["points"] is None:
                alone = coup.get("taker") or before.next_dealer
                coup["points"] = {alone: points[alone]}
        try:
            after = games.replay(ruleset, players, players[0], [*coups, coup])
        except UserError:
            continue
        coups.append(after.coups[-1].coup.to_dict())
    assert len(coups) >= 3
    assert _round_trip(ruleset, players, coups) == 3 * len(coups)  # said in words in each language


@pytest.mark.parametrize("system", HOMBRE_SYSTEMS)
def test_every_hombre_coup_reads_back_from_its_line(system):
    ruleset = games.load(system)
    rng = random.Random(16)
    players = ["Ana", "Bea", "Cid"]  # as the generator seats them
    coups = []
    for n in range(12):
        coup = hombre_coup(ruleset.rules, players[n % 3], rng)
        for key in ("hand", "trump", "bids"):
            coup.pop(key, None)
        try:
            games.replay(ruleset, players, players[0], [*coups, coup])
        except UserError:
            continue
        coups.append(coup)
    assert len(coups) >= 8
    assert _round_trip(ruleset, players, coups) == 3 * len(coups)  # said in words in each language


def test_what_words_cannot_say_is_written_as_the_entry_itself():
    ruleset = games.load("manille-muette")
    state = games.state_after(ruleset, PLAYERS, PLAYERS[0], [])
    agreement = {"adjust": {"César": 10}, "reason": "Brun left early"}
    line = ruleset.engine.write_line(state, agreement, FR)
    assert line == '{adjust = {"César" = 10}, reason = "Brun left early"}'
    assert ruleset.engine.read_line(state, line.split(" "), FR) == agreement


def test_the_demo_partie_said_in_words_gives_the_fiche_of_its_options(home):
    lines = ["10h césar 40", "7s panisse 48", "kd brun 34", "9c césar 50", "ah", "js panisse 52"]
    lines += ["8d renonce escartefigue", "qh cesar 44", "10c césar 60", "7h brun 30"]
    by_words = service.new("manille-muette", list(PLAYERS), name="words")
    for line in lines:
        service.add(by_words.name, {}, line.split())
    stored = [{k: v for k, v in coup.items() if k != "time"} for coup in service.read("words").coups]
    assert stored == [dict(coup) for coup in COUPS]
    fiche = service.fiche(service.read("words"))
    assert (fiche.scores, fiche.manches, fiche.winner) == ((45, 2), (2, 1), 0)  # the belle to César & Escartefigue


def test_a_mort_is_named_as_the_table_says_it():
    # M-16: at manille à deux each player plays a mort; its seat is said "mort de Bea" or "Ana's mort"
    ruleset = games.load("manille-a-deux")
    assert read(ruleset, ["Ana", "Bea"], [], "7h renonce mort d'ana", FR) == {
        "retourne": "7H",
        "renonce": "Ana's mort",
    }
    assert read(ruleset, ["Ana", "Bea"], [], "7h renonce Bea's mort") == {"retourne": "7H", "renonce": "Bea's mort"}


def test_hombre_asks_for_the_hombre_then_the_tricks():
    ruleset = games.load("hombre")
    three = ["Ana", "Bea", "Cid"]
    state = games.state_after(ruleset, three, "Ana", [])
    asked = []
    for declared in ({}, {"hombre": "Bea"}, {"hombre": "Bea", "contract": "demande"}):
        with pytest.raises(UserError) as caught:
            ruleset.engine.advance(state, declared)
        asked.append(ruleset.engine.ask(state, declared, caught.value, EN).field)
    assert asked == ["hombre", "contract", "tricks"]
    # H-9: the tricks asked for, in seating order
    assert ruleset.engine.read_line(state, ["5", "2", "2"], EN, "tricks") == {"tricks": {"Ana": 5, "Bea": 2, "Cid": 2}}


# --- the words of the line are each language's data ----------------------------------------------------

FLEMISH = ["Jan", "Piet", "Klaas", "Kees"]


@pytest.mark.parametrize(
    ("lang", "written"),
    [
        (NL, ["zt Jan verzaakt", "h klop Jan tegenklop Piet Piet=40", "deler Piet 10h Kees verzaakt"]),
        (FR, ["sa renonce Jan", "c contre Jan surcontre Piet Piet=40", "donne Piet 10c renonce Kees"]),
        (EN, ["sa renonce Jan", "h contre Jan surcontre Piet Piet=40", "deal Piet 10h renonce Kees"]),
    ],
    ids=["nl", "fr", "en"],
)
def test_m8_a_line_is_written_back_in_the_order_and_words_of_its_language(lang, written):
    """A Flemish table says `Jan verzaakt` (the name before its verb, `after_player` in words/nl.toml) and
    `zt` for sans-atout; French and English write `renonce Jan` and `sa`, as before. Each reads back."""
    belgian, muette = games.load("manillen"), games.load("manille-muette")
    entries = [
        (belgian, {"trump": "SA", "renonce": "Jan"}),
        (belgian, {"trump": "H", "contre": "Jan", "surcontre": "Piet", "points": {"Piet": 40}}),
        (muette, {"dealer": "Piet", "retourne": "10H", "renonce": "Kees"}),
    ]
    said = []
    for ruleset, entry in entries:
        state = games.state_after(ruleset, FLEMISH, FLEMISH[0], [])
        said.append(ruleset.engine.write_line(state, entry, lang))
        assert ruleset.engine.read_line(state, said[-1].split(), lang) == entry
    assert said == written


@pytest.mark.parametrize(("lang", "offered"), [(NL, ("zt", "zonder troef")), (FR, ("sa",)), (EN, ("sa",))])
def test_m7_the_question_of_trump_offers_sans_atout_in_the_words_of_the_language(lang, offered):
    """The answers Tab offers when the table asks for trump are the game's words of the language in effect
    (`[cards] sans_atout`), each read as sans-atout; a system without sans-atout offers none."""
    ruleset = games.load("manillen")
    state = games.state_after(ruleset, FLEMISH, FLEMISH[0], [])
    with pytest.raises(UserError) as caught:
        ruleset.engine.advance(state, {"points": {"Jan": 40}})
    asked = ruleset.engine.ask(state, {"points": {"Jan": 40}}, caught.value, lang)
    assert (asked.field, asked.choices) == ("trump", offered)
    for word in offered:
        assert ruleset.engine.read_line(state, word.split(), lang, asked.field) == {"trump": "SA"}
    without = games.load("manille-envers")
    assert not without.rules.sans_atout
    state = games.state_after(without, FLEMISH, FLEMISH[0], [])
    with pytest.raises(UserError) as caught:
        without.engine.advance(state, {"points": {"Jan": 40}})
    assert without.engine.ask(state, {"points": {"Jan": 40}}, caught.value, lang).choices == ()


def test_h6_the_contracts_offered_and_written_are_the_words_file_s(tmp_path):
    """L'hombre's contracts as a language's words file says them (`[line.contracts]`, the first of each),
    not as the code names them: a language that says `vraag` for the demande offers and writes `vraag`."""
    (tmp_path / "words.toml").write_text("", encoding="utf-8")
    (tmp_path / "hombre.toml").write_text(
        '[line.contracts]\ndemande = ["vraag", "demande"]\nretourne = ["keer"]\n'
        'sans-prendre = ["zonder"]\nvole = ["vole"]\n[line.named]\ndealer = ["deler"]\n',
        encoding="utf-8",
    )
    spoken = Language.from_files("nl", tmp_path / "words.toml", {"hombre": tmp_path / "hombre.toml"})
    ruleset = games.load("hombre")
    three = ["Ana", "Bea", "Cid"]
    state = games.state_after(ruleset, three, "Ana", [])
    declared = {"hombre": "Bea"}
    with pytest.raises(UserError) as caught:
        ruleset.engine.advance(state, declared)
    asked = ruleset.engine.ask(state, declared, caught.value, spoken)
    assert asked.choices == ("vraag", "keer", "zonder", "vole")
    assert ruleset.engine.vocabulary(state, spoken)["contracts"] == ("vraag", "keer", "zonder", "vole")
    entry = {"hombre": "Bea", "contract": "demande", "tricks": {"Ana": 2, "Bea": 5, "Cid": 2}}
    line = ruleset.engine.write_line(state, entry, spoken)
    assert line == "Bea vraag Ana=2 Bea=5 Cid=2"
    assert ruleset.engine.read_line(state, line.split(), spoken) == entry
