"""`scorekeeper table` through a pipe (issue 16): whole parties said in short lines give the same fiche
as the same coups said with flags; a refused line is told with its number and nothing of it is stored;
a coup is one `advance`, however long the game (`scorekeeper.service.session`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper import games, service, store
from scorekeeper.cli.app import app
from scorekeeper.language import Language
from scorekeeper.service import session

FR, EN = Language.named("fr"), Language.named("en")

MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]

# The demo partie (scorekeeper/games/manille/demo.py), as the table says it and as the flags say it.
DEMO_LINES = """\
# Marius's partie at the Bar de la Marine
10h césar 40
7s panisse 48
kd brun 34
9c cesar 50

ah
js panisse 52
8d renonce escartefigue
qh césar 44
10c césar 60
7h brun 30
"""
DEMO_FLAGS = [
    ["-r", "10h", "--points", "César=40"],
    ["-r", "7s", "--points", "Panisse=48"],
    ["-r", "kd", "--points", "Brun=34"],
    ["-r", "9c", "--points", "César=50"],
    ["-r", "ah"],
    ["-r", "js", "--points", "Panisse=52"],
    ["-r", "8d", "--renonce", "Escartefigue"],
    ["-r", "qh", "--points", "César=44"],
    ["-r", "10c", "--points", "César=60"],
    ["-r", "7h", "--points", "Brun=30"],
]

# The Belgian manille's partie of tests/games/manille/test_systems.py (M-4, M-6, M-8, M-9, M-10): 20 deals, contre and
# surcontre, passe-parole, sans-atout, two 30-30 ties carried; B & D win 251 to 226.
BELGIANS = ["Anna", "Bert", "Cleo", "Dirk"]
MANILLEN = [
    ("h anna 40", ["--trump", "h", "--points", "Anna=40"]),
    ("sa bert 36", ["--trump", "sa", "--points", "Bert=36"]),
    (
        "s cleo 25 chooser anna contre bert",
        ["--trump", "s", "--points", "Cleo=25", "--chooser", "Anna", "--contre", "Bert"],
    ),
    (
        "d dirk 42 contre anna surcontre bert",
        ["--trump", "d", "--points", "Dirk=42", "--contre", "Anna", "--surcontre", "Bert"],
    ),
    ("c anna 30", ["--trump", "c", "--points", "Anna=30"]),
    ("h bert 30 chooser dirk", ["--trump", "h", "--points", "Bert=30", "--chooser", "Dirk"]),
    ("sa cleo 37", ["--trump", "sa", "--points", "Cleo=37"]),
    ("s renonce anna", ["--trump", "s", "--renonce", "Anna"]),
    (
        "sa anna 33 chooser cleo contre dirk surcontre anna",
        ["--trump", "sa", "--points", "Anna=33", "--chooser", "Cleo", "--contre", "Dirk", "--surcontre", "Anna"],
    ),
    ("d bert 30 contre cleo", ["--trump", "d", "--points", "Bert=30", "--contre", "Cleo"]),
    ("h renonce bert", ["--trump", "h", "--renonce", "Bert"]),
    ("c dirk 45", ["--trump", "c", "--points", "Dirk=45"]),
    ("s anna 20", ["--trump", "s", "--points", "Anna=20"]),
    ("h bert 28 contre anna", ["--trump", "h", "--points", "Bert=28", "--contre", "Anna"]),
    ("d cleo 50", ["--trump", "d", "--points", "Cleo=50"]),
    ("c dirk 52 chooser bert", ["--trump", "c", "--points", "Dirk=52", "--chooser", "Bert"]),
    ("sa anna 31", ["--trump", "sa", "--points", "Anna=31"]),
    (
        "s bert 46 contre cleo surcontre dirk",
        ["--trump", "s", "--points", "Bert=46", "--contre", "Cleo", "--surcontre", "Dirk"],
    ),
    ("h cleo 55 contre bert", ["--trump", "h", "--points", "Cleo=55", "--contre", "Bert"]),
    ("sa dirk 40 contre anna", ["--trump", "sa", "--points", "Dirk=40", "--contre", "Anna"]),
]

# L'hombre, seed 001 section 17.4 (H-20), 3 et 2, Ana dealing first: the worked example of tests/games/hombre/test_cli.py.
HOMBRES = ["Ana", "Bea", "Cid"]
HOMBRE = [
    ("ana demande 4 4 1", ["--hombre", "Ana", "--contract", "demande", "--tricks", "Ana=4,Bea=4,Cid=1"]),
    ("bea demande ana=3 bea=3 cid=3", ["--hombre", "Bea", "--contract", "demande", "--tricks", "Ana=3,Bea=3,Cid=3"]),
    ("passe", ["--pass"]),
    ("demande bea 4 4 1", ["--hombre", "Bea", "--contract", "demande", "--tricks", "Ana=4,Bea=4,Cid=1"]),
    ("cid demande 2 2 5", ["--hombre", "Cid", "--contract", "demande", "--tricks", "Ana=2,Bea=2,Cid=5"]),
    ("bea demande 2 5 2", ["--hombre", "Bea", "--contract", "demande", "--tricks", "Ana=2,Bea=5,Cid=2"]),
    ("Bea demande 2 5 2", ["--hombre", "Bea", "--contract", "demande", "--tricks", "Ana=2,Bea=5,Cid=2"]),
]


def cli(*args: str, stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args), input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def new(game: str, ruleset: str, players: list[str], *options: str) -> None:
    code, _, err = cli("new", ruleset, *(arg for name in players for arg in ("-p", name)), "--game", game, *options)
    assert code == 0, err


def by_flags(game: str, coups: list[list[str]]) -> None:
    for flags in coups:
        code, _, err = cli("coup", "--game", game, *flags)
        assert code == 0, err


def sheet(game: str) -> dict:
    """The game's `sheet --json`, its name and each entry's time aside: what was said and what it scores."""
    code, out, err = cli("sheet", "--game", game, "--json")
    assert code == 0, err
    data = json.loads(out)
    data.pop("name")
    for coup in data["coups"]:
        coup.pop("time")
    return data


def test_the_demo_partie_said_in_short_lines_gives_the_fiche_of_the_flags() -> None:
    new("lines", "manille-muette", MARIUS)
    code, out, err = cli("table", "--game", "lines", stdin=DEMO_LINES)
    assert (code, err) == (0, "")
    new("flags", "manille-muette", MARIUS)
    by_flags("flags", DEMO_FLAGS)
    said = sheet("lines")
    assert said == sheet("flags")
    assert said["over"] and said["winner"] == ["César", "Escartefigue"]  # M-9: 2-1 in manches, the belle 45-2
    assert [coup["scores"] for coup in said["coups"]][-3:] == [[10, 2], [41, 2], [45, 2]]
    # One result line a coup, no prompt: a comment and a blank line say nothing.
    lines = out.splitlines()
    assert len(lines) == 10 and all(line.startswith(f"coup {n}: ") for n, line in enumerate(lines, 1))
    assert lines[0].startswith("coup 1: 10h César")
    assert lines[-1].endswith("partie won by César & Escartefigue (2-1 in manches)")


def test_m6_m10_a_manillen_partie_with_contre_and_surcontre_said_in_short_lines() -> None:
    new("lines", "manillen", BELGIANS)
    code, _, err = cli("table", "--game", "lines", stdin="\n".join(line for line, _ in MANILLEN) + "\n")
    assert (code, err) == (0, "")
    new("flags", "manillen", BELGIANS)
    by_flags("flags", [flags for _, flags in MANILLEN])
    said = sheet("lines")
    assert said == sheet("flags")
    assert (
        said["over"] and said["winner"] == ["Bert", "Dirk"] and [side["score"] for side in said["sides"]] == [226, 251]
    )


def test_h20_an_hombre_partie_said_in_short_lines() -> None:
    new("lines", "hombre", HOMBRES, "--option", "system=3-2")
    code, _, err = cli("table", "--game", "lines", stdin="\n".join(line for line, _ in HOMBRE) + "\n")
    assert (code, err) == (0, "")
    new("flags", "hombre", HOMBRES, "--option", "system=3-2")
    by_flags("flags", [flags for _, flags in HOMBRE])
    said = sheet("lines")
    assert said == sheet("flags")
    assert [coup["enjeu"] for coup in said["coups"]] == [27, 72, 90, 108, 126, 126, 90]
    assert [player["balance"] for player in said["players"]] == [-72, -9, 81]


def test_m9_after_the_partie_a_revanche_goes_on_at_the_same_table() -> None:
    new("marius", "manille-muette", MARIUS)
    code, out, err = cli("table", stdin=DEMO_LINES + "revanche\n7s panisse 48\n")
    assert (code, err) == (0, "")
    assert "revanche: new game manille-muette-1, Escartefigue deals" in out  # who would have dealt coup 11
    assert out.splitlines()[-1].startswith("coup 1: 7s Panisse")
    assert store.current_name() == "manille-muette-1" and len(sheet("marius")["coups"]) == 10
    assert [coup["scores"] for coup in sheet("manille-muette-1")["coups"]] == [
        [0, 14]
    ]  # Escartefigue deals: 7s, no bonus


def test_a_refused_line_is_told_with_its_number_and_the_table_goes_on() -> None:
    new("marius", "manille-muette", MARIUS)
    script = "10h césar 40\n# the next is no coup\nbogus 40\n7s panisse 48\n7s\nredo\nkd brun 34\n"
    code, out, err = cli("table", stdin=script)
    assert code == 2
    told = err.splitlines()
    assert [line.split(":")[0] for line in told] == ["line 3", "line 5", "line 6"]
    assert "'bogus' is not a card" in told[0]
    assert "nothing to redo" in told[2]
    # Nothing of a refused line is stored: 7s alone lacks the points (M-3), and no question is asked.
    assert [coup["scores"] for coup in sheet("marius")["coups"]] == [[11, 0], [11, 14], [14, 14]]
    assert len(out.splitlines()) == 3


def test_commands_run_without_the_prefix_in_both_languages() -> None:
    new("marius", "manille-muette", MARIUS)
    script = "10h césar 40\n7s panisse 48\nannule\nundo\nrefais\nexplique 1\nnote 1 the first coup\nfiche\n"
    code, out, err = cli("table", stdin=script)
    assert (code, err) == (0, "")
    assert out.count("undone: last coup") == 2 and "redone: last coup" in out
    assert "  retourne 10♥: +5 to César & Escartefigue (M-5)" in out  # explain 1, line by line
    assert "note added to entry 1 of game marius" in out
    data = sheet("marius")
    assert [coup["scores"] for coup in data["coups"]] == [[11, 0]] and data["coups"][0]["note"] == "the first coup"
    # After the commands the table goes on from the game as they left it, not from its own copy.
    code, out, _ = cli("table", stdin="7s panisse 48\n")
    assert code == 0 and out.startswith("coup 2: ") and [c["scores"] for c in sheet("marius")["coups"]][-1] == [11, 14]


def test_a_command_at_the_table_runs_on_the_game_it_names_however_it_names_it() -> None:
    new("other", "manille-muette", MARIUS)
    by_flags("other", [["-r", "10h", "--points", "César=40"]])
    new("marius", "manille-muette", MARIUS)
    code, out, err = cli("table", stdin="undo --game=other\n")
    assert (code, err) == (0, "")
    assert "undone: last coup" in out
    assert sheet("other")["coups"] == [] and sheet("marius")["coups"] == []


def test_p5_check_at_the_table_judges_a_play_under_the_games_rules() -> None:
    new("marius", "manille-muette", MARIUS)
    code, out, err = cli("table", stdin="vérifie --trump h --table 'O:A♠' --hand '10♥ 7♥ 10♣' --play 10c\n")
    assert (code, err) == (0, "")  # a renonce found is check's answer, not a refused line
    assert "10♣ is a renonce: void in ♠ under the opponent's A♠: must trump, holds 10♥ 7♥ (P-5)" in out


def test_the_table_speaks_french_and_reads_french_cards() -> None:
    new("marius", "manille-muette", MARIUS)
    code, out, err = cli("--lang", "fr", "table", stdin="10c césar 40\nrc panisse 34\nzut\n")
    assert code == 2
    assert err.startswith("ligne 3 : ")
    assert out.splitlines()[1].startswith("coup 2 : Rc Panisse")  # R: roi, c: cœur (C-2)
    assert sheet("marius")["coups"][0]["declared"]["retourne"] == "10H"


def test_table_starts_a_game_as_new_does_and_refuses_its_options_alone() -> None:
    code, out, err = cli("table", "manille-muette", *(a for p in MARIUS for a in ("-p", p)), stdin="10h cesar 40\n")
    assert code == 0 and out.startswith("new game manille-muette-1")
    assert store.current_name() == "manille-muette-1"
    code, _, err = cli("table", "-p", "César", stdin="")
    assert code == 2 and err.startswith("scorekeeper: --player, --dealer and --option start a new game")


def test_a_partie_replays_from_a_file_through_a_real_pipe(tmp_path: Path) -> None:
    new("marius", "manille-muette", MARIUS)
    partie = tmp_path / "partie.txt"
    partie.write_text(DEMO_LINES + "10h césar 40\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    with partie.open("rb") as stdin:
        ran = subprocess.run([sys.executable, "-m", "scorekeeper", "table"], stdin=stdin, capture_output=True, env=env)
    assert ran.returncode == 2  # M-9: the partie is over before the last line
    assert ran.stderr.decode().startswith("line 13: ")
    assert "\x1b[" not in ran.stdout.decode()  # no colour through a pipe
    assert len(ran.stdout.decode().splitlines()) == 10


# --- fast: a coup is one advance --------------------------------------------------------------------


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every `advance` the manille engine makes, counted."""
    engine = type(games.get("manille"))
    calls = [0]
    real = engine.advance

    def advance(self, state, declared):  # type: ignore[no-untyped-def]
        calls[0] += 1
        return real(self, state, declared)

    monkeypatch.setattr(engine, "advance", advance)
    return calls


@pytest.mark.parametrize("length", [0, 10, 200])
def test_a_coup_at_the_table_is_one_advance_whatever_the_length_of_the_game(counted: list[int], length: int) -> None:
    game = service.new("manille-muette", MARIUS, options={"partie": "seche", "manche": 10**9})
    with store.changing(game.name) as ledger:
        ledger.coups = [{"retourne": "7S", "points": {"César": n % 69}} for n in range(length)]
    table = session.Session(game.name)
    assert counted[0] == length  # opening the table replays the game once
    for number in range(20):
        table.add(table.engine.read_line(table.state, ["10h", "panisse", str(number)], EN))
    assert counted[0] == length + 20
    assert len(store.read(game.name).coups) == length + 20  # each stored at once
    assert table.fiche().scores == service.fiche(store.read(game.name)).scores


@pytest.mark.parametrize("length", [0, 200])
def test_a_coup_typed_at_the_table_is_one_advance_too(counted: list[int], length: int) -> None:
    game = service.new("manille-muette", MARIUS, options={"partie": "seche", "manche": 10**9})
    with store.changing(game.name) as ledger:
        ledger.coups = [{"retourne": "7S", "points": {"César": n % 69}} for n in range(length)]
    code, out, _ = cli("table", stdin="".join(f"10h panisse {n}\n" for n in range(20)))
    assert code == 0 and len(out.splitlines()) == 20
    assert counted[0] == length + 20  # the game replayed once at the opening, then one advance a coup


def test_a_change_made_by_another_command_is_read_before_the_next_coup() -> None:
    game = service.new("manille-muette", MARIUS)
    table = session.Session(game.name)
    table.add({"retourne": "10h", "points": {"César": 40}})
    table.add({"retourne": "7s", "points": {"Panisse": 48}})
    service.undo(game.name)  # another terminal takes coup 2 back
    after = table.add({"retourne": "kd", "points": {"Brun": 34}})
    assert table.reloaded and after.scores == (11, 3)  # M-5: Panisse deals coup 2 again, his retourne +3
    assert [coup["retourne"] for coup in store.read(game.name).coups] == ["10H", "KD"]


def test_a_refused_coup_leaves_the_table_as_it_was() -> None:
    game = service.new("manille-muette", MARIUS)
    table = session.Session(game.name)
    table.add({"retourne": "10h", "points": {"César": 40}})
    stamp = table.stamp
    with pytest.raises(Exception, match="69"):
        table.add({"retourne": "7s", "points": {"Panisse": 69}})  # M-3: 68 points in a coup
    assert table.stamp == stamp and len(table.fiche().coups) == 1 and len(store.read(game.name).coups) == 1


class Answers:
    """A terminal that answers the table's questions from a list, and notes what was asked."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []

    def question(self, asked) -> str | None:
        from scorekeeper.i18n import render

        self.asked.append(render(asked.words))
        return self.answers.pop(0) if self.answers else None


def test_m14_an_answer_joins_what_the_line_said(capsys: pytest.CaptureFixture[str]) -> None:
    from scorekeeper.cli.table import Table

    game = service.new("manille-envers", ["Ana", "Bert", "Carla", "Dirk"])
    # `c ana 20` lacks the others' points: `bert 30 carla 10` completes it (Dirk has the rest, M-14),
    # after an answer that is no answer at all (a card to a question about points) is refused.
    terminal = Answers("7h", "bert 30 carla 10")
    Table(session.Session(game.name), terminal).coup("c ana 20")
    assert terminal.asked == ["Points of Ana, Bert, Carla and Dirk, in that order? (M-14)"] * 2
    assert "'7h' does not answer the question" in capsys.readouterr().out
    assert store.read(game.name).coups[0]["points"] == {"Ana": 20, "Bert": 30, "Carla": 10}


def test_a_line_that_lacks_something_in_a_script_says_what_is_asked_at_a_terminal() -> None:
    new("marius", "manille-muette", MARIUS)
    code, _, err = cli("table", stdin="10h césar 40\n7s\n")
    assert code == 2
    assert err.strip() == "line 2: the coup is not whole: Points of Panisse and Brun? (M-3)"


def test_a_mistake_at_the_table_is_told_in_the_words_of_the_line() -> None:
    # M-5: manillen names trump; a card said as a retourne is refused, saying what to say instead of --trump
    new("belge", "manillen", ["Ana", "Bert", "Cid", "Dan"])
    code, _, err = cli("table", stdin="7h ana 40\nh ana 40\n")
    assert code == 2
    assert (
        err.strip()
        == "line 1: coup 1: no retourne in this system: trump is named, give it with a suit or sans-atout (M-5)"
    )
    code, _, err = cli("coup", "7h", "ana", "40")  # the command itself still names its option
    assert "give it with --trump" in err


def test_the_tables_commands_in_the_infinitive_as_a_french_table_says_them() -> None:
    """Issue 29: `annuler`, `refaire`, `expliquer 1`, `corriger`, `supprimer`, `vérifier`, `quitter`."""
    new("marius", "manille-muette", MARIUS)
    script = (
        "10h césar 40\n7s panisse 48\nannuler\nrefaire\nexpliquer 1\ncorriger 2 --points Panisse=50\n"
        "vérifier --trump c --table 'O:as de pique' --hand '7p 8c'\nsupprimer 2\nquitter\n9h brun 30\n"
    )
    code, out, err = cli("table", stdin=script)
    assert (code, err) == (0, "")
    assert "undone: last coup" in out and "redone: last coup" in out
    assert "  retourne 10♥: +5 to César & Escartefigue (M-5)" in out
    assert "legal cards: 7♠" in out  # vérifier: the cards in words after O:
    assert [c["scores"] for c in sheet("marius")["coups"]] == [[11, 0]]  # corrected, deleted; nothing after quitter


@pytest.fixture
def english_after():
    """A test run in French in this process leaves English behind it for the next."""
    yield
    from scorekeeper import i18n

    i18n.speak(EN)


def test_check_takes_cards_in_words_after_p_and_o(run, english_after) -> None:
    """Issue 29: `--table "O:as de pique"` is the ace of spades an opponent played (C-2, C-3)."""
    ran = run("--lang", "fr", "check", "manille-muette", "--trump", "c", "--table", "O:as de pique", "--hand", "7p 8c")
    assert ran.code == 0 and "cartes jouables : 7♠" in ran.out
    ran = run(
        "--lang",
        "fr",
        "check",
        "manille-muette",
        "-t",
        "c",
        "--table",
        "P:la manille de pique, O:manillon de pique",
        "--hand",
        "sept de pique, dame de carreau",
        "--play",
        "la dame de carreau",
    )
    assert ran.code == 1 and "D♦ est une renonce" in ran.out
    ran = run("--lang", "fr", "check", "manille-muette", "-t", "c", "--table", "X:as de pique", "--hand", "7p")
    assert ran.code == 2 and "X:as de pique" in ran.err
