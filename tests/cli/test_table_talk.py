"""What the table says, understood (issue 39): table talk as the table's commands, French, Dutch and
English (« qui donne ? », « le score ? », « on arrête là », « annule le dernier coup », « corrige le coup
3 … », wie deelt, de stand, stoppen, ongedaan maken, verbeter spel 3 …), folded, its punctuation
tolerated, never over a coup line (C-4: a player's name is never a command's word); and a coup said at
a terminal is never lost to a refused answer: the refusal is said and the question asked again.

The table talk of the fixtures (`tests/fixtures/lines_fr.txt`, `lines_nl.txt`, section `# table: table
talk`, `=> command WHAT ARGS`) is read through the table's own dispatch (`Table.dispatch`); every other
line of those files, a coup, is not taken for table talk."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import games, service, store
from scorekeeper.cli.table import Table, table_phrases
from scorekeeper.errors import UserError
from scorekeeper.language import Language, codes
from scorekeeper.service.session import Session
from tests.cli.test_table_words import seated, table

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]
FLEMISH = ["Jan", "Piet", "Mieke", "Rik"]


# --- the fixtures: table talk read by the table's own dispatch ----------------------------------------


def fixture_lines(code: str) -> list[tuple[str, str, tuple[str, ...], str, str, str]]:
    """Each line of `lines_CODE.txt` with its expectation: where, ruleset, players, what is said, the
    section it is in (its `# FAMILY:` heading), what it must give. Both headings of a game are read: the
    brief's `@ RULESET: P1, P2` and issue 29's `@ regles NOM` / `@ joueurs A, B`."""
    ruleset, players, section, found = "", (), "", []
    for number, line in enumerate((FIXTURES / f"lines_{code}.txt").read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("# ") and line[2:].split(":")[0] in ("table",) and ":" in line:
            section = line[2:].split(":")[0]
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("@"):
            what, _, value = line[1:].strip().partition(" ")
            named = tuple(name.strip() for name in value.split(","))
            if what.endswith(":"):
                ruleset, players = what[:-1], named
            elif what in ("regles", "rules"):
                ruleset = value.strip()
            else:
                players = named
            continue
        said, arrow, expected = line.partition(" => ")
        assert arrow, f"lines_{code}.txt:{number} has no ' => '"
        found.append((f"{code}:{number}", ruleset, players, said.strip(), section, expected.strip()))
    return found


LINES = [line for code in ("fr", "nl") for line in fixture_lines(code)]
TALK = [line for line in LINES if line[5].startswith("command ")]
COUPS = [line for line in (*LINES, *fixture_lines("en")) if not line[5].startswith("command ")]


def plain(said: str) -> str:
    """`said` with the spaces French typography puts before « : ; ? ! » and inside « » as plain spaces."""
    return said.replace("\u00a0", " ").replace("\u202f", " ")


def sitting(ruleset: str, players: tuple[str, ...] | list[str]) -> Table:
    """A table of a new game of `ruleset` with `players`, fed by no terminal (a script's)."""
    made = service.new(ruleset, list(players))
    return Table(Session(made.name), None)


def test_the_fixtures_hold_ten_lines_of_table_talk_in_french_and_in_dutch() -> None:
    for code in ("fr", "nl"):
        said = [line for line in TALK if line[0].startswith(code) and line[4] == "table"]
        assert len(said) >= 10, code
        assert {line[5].split()[1] for line in said} >= {"deals", "status", "stop", "undo", "edit", "delete"}


@pytest.mark.parametrize(("where", "ruleset", "players", "said", "section", "expected"), TALK, ids=[t[0] for t in TALK])
def test_table_talk_of_the_fixtures_is_the_table_s_command(home, where, ruleset, players, said, section, expected):
    found = sitting(ruleset, players).dispatch(said)
    assert found is not None, said
    what, _, args = found
    assert " ".join(["command", what, *args]) == expected


def test_no_coup_line_of_the_fixtures_is_taken_for_table_talk(home: Path) -> None:
    """C-4: whatever a coup line says (a card, a player, a table word of the short line), the table
    reads it as a coup, never as one of its commands."""
    tables: dict[tuple[str, tuple[str, ...]], Table] = {}
    taken = []
    for where, ruleset, players, said, _, _ in COUPS:
        table = tables.get((ruleset, players)) or tables.setdefault((ruleset, players), sitting(ruleset, players))
        if table.dispatch(said) is not None:
            taken.append((where, said))
    assert len(COUPS) >= 60 and taken == []


# --- never over a coup line --------------------------------------------------------------------------

SEATED = [("manille-muette", MARIUS), ("manillen", FLEMISH), ("hombre", ["Ana", "Bea", "Cid"])]


@pytest.mark.parametrize(("ruleset", "players"), SEATED)
def test_c4_no_phrase_of_the_table_nor_its_first_word_reads_as_a_coup(ruleset: str, players: list[str]) -> None:
    """Every word and phrase of `[table]`, in every language, is refused as a coup line by every game's
    reader in every language, as an unknown word: no coup opens with table talk."""
    loaded = games.load(ruleset)
    state = games.state_after(loaded, players, players[0], [])
    phrases = list(table_phrases())
    assert ("qui", "donne") in phrases and ("ongedaan", "maken") in phrases and ("who", "deals") in phrases
    for code in codes():
        for phrase in phrases:
            for words in (list(phrase), list(phrase[:1])):
                with pytest.raises(UserError) as refused:
                    loaded.engine.read_line(state, words, Language.named(code))
                assert refused.value.key.endswith("line_unknown_word"), (code, words)


def test_c4_a_player_named_like_a_word_of_a_phrase_keeps_his_coups(home: Path) -> None:
    """A player Score, a player Qui: « score 40 » and « qui donne » are theirs, coups; « le score ? » is
    then no phrase either (its word Score is a name), and « annule le dernier » still undoes."""
    table = sitting("manille-muette", ["Qui", "Panisse", "Score", "Brun"])
    assert table.dispatch("score 40 10h") is None
    assert table.dispatch("Qui donne Panisse 30 7s") is None
    assert table.dispatch("le score ?") is None
    assert table.dispatch("annule le dernier") == ("undo", "annule le dernier", [])
    assert table.dispatch("wie deelt?") == ("deals", "wie deelt", [])
    table.take("score 40 10h")
    assert store.read(table.session.name).coups[0]["points"] == {"Score": 40}


def test_a_phrase_cut_short_by_a_player_s_name_is_the_shorter_one(home: Path) -> None:
    """« corrige le coup 3 » with a player named Coup: `corrige`, then its words as they stand."""
    table = sitting("manille-muette", ["Coup", "Panisse", "Escartefigue", "Brun"])
    assert table.dispatch("corrige le coup 3 10h Coup 40") == (
        "edit",
        "corrige",
        ["le", "coup", "3", "10h", "Coup", "40"],
    )
    assert table.dispatch("supprime le coup 4") == ("delete", "supprime", ["le", "coup", "4"])


# --- piped: the commands run ------------------------------------------------------------------------


def test_french_table_talk_piped_runs_its_commands(home: Path) -> None:
    lines = [
        "10c césar 40",  # M-4, M-5: 6 and the retourne's 5: 11
        "7s panisse 40",  # 6 for Panisse & Brun
        "qui donne ?",
        "Le score ?",
        "supprime le coup 2.",
        "7s panisse 50",  # 16
        "annule le dernier coup",
        "corrige le coup 1 dix de pique César 44",  # 10 + 5
        "le score de César",  # refused: a question says nothing more
        "on arrête là, il est tard",
    ]
    ran = table(home, "fr", "\n".join(lines) + "\n", *seated("manille-muette", *MARIUS))
    out = plain(ran.stdout).splitlines()
    assert ran.returncode == 2  # the one refused line
    status = (
        "manche 1 en 34 : César et Escartefigue 11, Panisse et Brun 6 (manches 0-0). Escartefigue donne, Brun entame."
    )
    assert out[3] == status and out[5] == status  # qui donne ?, le score ?
    assert out[4] == "le prochain coup se dit avec la retourne (M-5) et les points d'un camp (M-3)"
    assert plain(ran.stderr).splitlines() == ["ligne 9 : « le score » se dit seul, sans « de César » après"]
    game = store.read("manille-muette-1")
    assert [coup["retourne"] for coup in game.coups] == ["10S"]
    assert game.stopped is not None and game.stopped["reason"] == "il est tard"
    assert "partie manille-muette-1 arrêtée d'un commun accord : il est tard" in plain(ran.stdout)


def test_dutch_table_talk_piped_runs_its_commands(home: Path) -> None:
    lines = ["10k Jan 40", "wie deelt?", "de stand", "ongedaan maken", "7s Piet 40", "schrap spel 1", "stoppen"]
    ran = table(home, "nl", "\n".join(lines) + "\n", *seated("manille-muette", *FLEMISH))
    assert ran.returncode == 0, ran.stderr
    out = ran.stdout.splitlines()
    status = "manche 1 tot 34: Jan en Mieke 11, Piet en Rik 0 (manches 0-0). Piet deelt, Mieke komt uit."
    assert out[2] == status and out[4] == status
    game = store.read("manille-muette-1")
    assert game.coups == [] and game.stopped is not None and game.stopped["reason"] == "aan tafel"


def test_a_refusal_of_undo_with_a_number_quotes_the_number_not_the_game(home: Path) -> None:
    """« supprime 4 frcol »: the game's name the table adds to a command was quoted as said."""
    ran = table(home, "fr", "10c césar 40\nannule 1\n", *seated("manille-muette", *MARIUS))
    assert plain(ran.stderr) == (
        "ligne 2 : annule reprend la dernière entrée et ne prend pas de numéro (1) : pour reprendre le coup 1, "
        "dites supprime 1, ou corrige 1 … pour le redire\n"
    )


# --- at a terminal: a refused answer is asked again, a coup dropped only when said ----------------------

pexpect = pytest.importorskip("pexpect", reason="pexpect drives the pseudo-terminal: pip install '.[test]'")


def spawn(home: Path, lang: str, ruleset: str, players: list[str]):
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": lang, "PYTHONPATH": str(ROOT)}
    env |= {"TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
    env.pop("NO_COLOR", None)
    args = ["-m", "scorekeeper", "table", *seated(ruleset, *players)]
    try:
        return pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", dimensions=(40, 120), timeout=10)
    except (OSError, pexpect.ExceptionPexpect) as error:  # no pseudo-terminal on this machine
        pytest.skip(f"pexpect cannot spawn a pseudo-terminal here: {error}")


def expect_said(child, words: str) -> None:
    """Wait for `words` on the terminal, a space in them any space French typography puts there."""
    child.expect("[ \u00a0\u202f]".join(map(re.escape, words.split(" "))))


def test_m3_m5_a_refused_answer_is_asked_again_and_the_coup_kept_at_a_real_terminal(home: Path) -> None:
    """« 10h » then 70 points (M-3: a side makes 0 to 68): refused once tried, said, asked again, and 40
    stores the coup. « pique brun 30 » then « dix de cœur » (M-5: the retourne makes the trump said):
    refused, asked again; a word that is no answer too; `annule` drops the coup, and only it."""
    child = spawn(home, "fr", "manille-muette", MARIUS)
    expect_said(child, "coup 1>")
    child.send("10h\r")
    expect_said(child, "Points de César et Escartefigue ? (M-3)")
    child.send("70\r")
    expect_said(child, "70 points, c'est impossible")
    expect_said(child, "la question revient ; une réponse vide ou annule laisse tomber le coup")  # said once
    expect_said(child, "Points de César et Escartefigue ? (M-3)")  # the same question, again
    child.send("40\r")
    expect_said(child, "+11 = 11")  # M-4: 40 - 34, M-5: the retourne's 5
    expect_said(child, "coup 2>")
    child.send("pique brun 30\r")
    expect_said(child, "Retourne (la carte tournée par Panisse) ? (M-5)")
    child.send("dix de cœur\r")
    expect_said(child, "ici la retourne fait l'atout")
    expect_said(child, "Retourne (la carte tournée par Panisse) ? (M-5)")
    child.send("blabla\r")
    expect_said(child, "blabla")
    expect_said(child, "Retourne (la carte tournée par Panisse) ? (M-5)")
    child.send("annule\r")
    expect_said(child, "coup abandonné : rien n'est noté")
    expect_said(child, "coup 2>")  # the coup before it kept: `annule` answered the question, undid nothing
    child.send("fin\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    game = store.read("manille-muette-1")
    assert [(coup["retourne"], coup["points"]) for coup in game.coups] == [("10H", {"César": 40})]


def test_the_table_asks_before_it_stops_the_partie_at_a_real_terminal(home: Path) -> None:
    """« wie deelt? » says who deals and comes out; « we stoppen » asks first: nee keeps the partie, ja
    stops it by agreement (`stop`), and the prompt then offers the revanche."""
    child = spawn(home, "nl", "manille-muette", FLEMISH)
    expect_said(child, "spel 1>")
    child.send("wie deelt?\r")
    expect_said(child, "Jan deelt, Piet komt uit.")
    child.send("we stoppen\r")
    expect_said(child, "De partij manille-muette-1 hier stoppen, op deze stand? [j/N]")
    child.send("nee\r")
    expect_said(child, "manille-muette-1 gaat door: niets gestopt")
    expect_said(child, "spel 1>")
    child.send("we stoppen, het is laat\r")
    expect_said(child, "[j/N]")
    child.send("ja\r")
    expect_said(child, "in onderling akkoord gestopt: het is laat")
    child.send("verlaten\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert store.read("manille-muette-1").stopped["reason"] == "het is laat"


# --- refusals in the table's words --------------------------------------------------------------------

# Lines a table gets wrong, per language and game: each refused in the table's words.
WRONG = {
    ("fr", "manille-muette"): [
        "blabla",
        "10h",
        "César 40 Panisse",
        "10h César 40 César 50",
        "renonce",
        "10h 40",
        "10h César 80",
        "pique César 40 10h",
        "10h maldonne César 40",
        "10h César 40 10",
        "10 20 30",
        "corrige 1",
        "corrige",
        "corrige le coup deux",
        "supprime",
        "supprime x",
        "annule 1",
        "refais 2",
        "explique",
        "insère 1",
        "note",
        "le score de César",
        "qui donne César",
        "10h César 40 renonce Brun",
        "10t César et Panisse 50",
    ],
    ("fr", "hombre"): ["blabla", "Ana", "Ana demande", "demande 4 3 2", "Ana demande 4 3", "passe Ana", "maldonne Ana"],
    ("nl", "manillen"): [
        "blabla",
        "Jan 40",
        "harten",
        "harten Jan 40 Piet",
        "harten 40",
        "harten Jan 80",
        "verzaakt",
        "harten misdeeld Jan 40",
        "verbeter 1",
        "verbeter",
        "schrap",
        "ongedaan 1",
        "uitleg",
        "noteer",
        "de stand van Jan",
        "harten Jan 40 Jan verzaakt",
        "harten Jan en Piet 50",
    ],
}
SEATS = {"manille-muette": MARIUS, "hombre": ["Ana", "Bea", "Cid"], "manillen": FLEMISH}
# What a refusal at the table never says (issue 39): a placeholder for the points, the short line's
# abbreviations of sans-atout, a flag, a command line.
NEVER = re.compile(r"=N\b|JOUEUR|SPELER|PLAYER=|NOM=|NAAM=|NAME=|(?<![\w-])(?:sa|zt)(?![\w-])|--[a-z]|scorekeeper ")


@pytest.mark.parametrize(("lang", "ruleset"), list(WRONG))
def test_a_refused_line_is_told_in_the_table_s_words(home: Path, lang: str, ruleset: str) -> None:
    """Every line refused, each on its own line of stderr, none with a flag, a `NOM=N`, `sa` or `zt`, nor
    the game's name glued to the words typed (« supprime 4 frcol »); a word quoted « » in French."""
    said = WRONG[(lang, ruleset)]
    ran = table(home, lang, "\n".join(said) + "\n", *seated(ruleset, *SEATS[ruleset]))
    refused = plain(ran.stderr).splitlines()
    assert ran.returncode == 2 and len(refused) == len(said), ran.stderr
    name = f"{ruleset}-1"
    for line in refused:
        assert not NEVER.search(line), line
        assert not re.search(rf"\d+\)? ?{name}", line), line  # the game's name is no word typed
    if lang == "fr":
        assert refused[0].startswith("ligne 1 : « blabla » n'est ni un")
        assert all("'" + word not in line for line in refused for word in ("blabla", "le score", "qui donne"))


def test_a_coup_s_number_and_the_coup_to_say_again_are_shown_with_the_game_s_players(home: Path) -> None:
    ran = table(
        home,
        "fr",
        "10c César 40\ncorrige 1\nsupprime\ncorrige le coup deux\nnote\n",
        *seated("manille-muette", *MARIUS),
    )
    assert plain(ran.stderr).splitlines() == [
        "ligne 2 : corrige 1 : dites après le numéro le coup tel que joué, par exemple « corrige 1 10c César 40 »",
        "ligne 3 : supprime prend le numéro d'un coup, par exemple « supprime 1 »",
        "ligne 4 : corrige le coup prend le numéro d'un coup, par exemple « corrige le coup 1 10c César 40 »",
        "ligne 5 : note prend le texte à noter, pour la partie ou pour un coup : « note au Café du Port » ou "
        "« note 2 maldonne contestée »",
    ]


def test_m17_a_maldonne_said_with_points_is_named_as_each_edge_says_it(home: Path) -> None:
    """The refusal names its entry and the field of too many as fields (`errors.Field`): the table in its
    words, the command line by its flags."""
    ran = table(home, "fr", "10h maldonne César 40\n", *seated("manille-muette", *MARIUS))
    assert plain(ran.stderr) == (
        "ligne 1 : coup 1 : rien d'autre ne se dit avec la maldonne (ici : les points) : rien ne s'est joué\n"
    )
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "scorekeeper", "coup", "--misdeal", "--points", "César=40"]
    ran = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60, check=False)
    assert (
        ran.stderr == "scorekeeper: coup 1: nothing else is said with --misdeal (here: --points): nothing was played\n"
    )


@pytest.mark.parametrize(
    ("lang", "said", "refused"),
    [
        (
            "fr",
            "10t César et Panisse 50",
            "donnez les points d'un seul camp, un joueur et son nombre, comme « César 40 » : "
            "l'autre camp a le reste (M-3)",
        ),
        (
            "fr",
            "10h César 40 renonce Brun",
            "coup 1 : un coup dit ses points (« César 40 »), une renonce (« renonce César »)"
            " ou son relevé de plis : un seul des trois",
        ),
        (
            "nl",
            "10h Jan en Piet 50",
            "geef de punten van één ploeg, een speler en het getal, zoals 'Jan 40': de andere "
            "ploeg heeft de rest (M-3)",
        ),
    ],
)
def test_m3_a_refusal_the_table_says_its_own_way_names_a_player_of_the_table(
    home: Path, lang: str, said: str, refused: str
) -> None:
    """`table.error.KEY`: what the command line says with `--points JOUEUR=N`, the table says with one
    of its players; the command line keeps its own words."""
    players = MARIUS if lang == "fr" else FLEMISH
    ran = table(home, lang, said + "\n", *seated("manille-muette", *players))
    assert plain(ran.stderr) == {"fr": "ligne 1 : ", "nl": "regel 1: "}[lang] + refused + "\n"


def test_english_table_talk_piped_runs_its_commands(home: Path) -> None:
    lines = ["10h César 40", "Who deals?", "what's the score?", "undo the last coup", "we stop here, it is late"]
    ran = table(home, "en", "\n".join(lines) + "\n", *seated("manille-muette", *MARIUS))
    assert ran.returncode == 0, ran.stderr
    out = ran.stdout.splitlines()
    status = (
        "manche 1 to 34: César & Escartefigue 11, Panisse & Brun 0 (manches 0-0). Panisse deals, Escartefigue leads."
    )
    assert out[2] == status and out[4] == status
    assert out[3] == "the next coup says the retourne (M-5) and one side's points (M-3)"
    game = store.read("manille-muette-1")
    assert game.coups == [] and game.stopped is not None and game.stopped["reason"] == "it is late"
