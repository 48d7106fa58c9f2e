"""A coup's options are the games' data; an engine's refusal names a field, which each edge says its own way.

The command line makes typer's options of the games' `Option`s (`cli.declare`), says a field as its flag,
the table in its words; a game that is not built in brings its own options, which become flags too.
"""

from __future__ import annotations

import pytest

from scorekeeper import games, i18n, service, store
from scorekeeper.cli import complete
from scorekeeper.errors import CoupRefused, Field
from scorekeeper.games.hombre.bidding import Contract
from scorekeeper.games.hombre.options import CONTRACTS
from scorekeeper.games.offers import every, flag, of
from scorekeeper.games.options import SHARED, Completes, Kind, Option, Options
from scorekeeper.language import Language
from scorekeeper.present.said import at_the_table, said

MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_options_help_is_a_message_of_the_catalog(lang: str) -> None:
    i18n.speak(Language.named(lang))
    for option in (*every(games.NAMES), *every(games.NAMES, "adjust")):
        assert option.help.startswith("help.") and i18n.message(option.help) != option.help, option.name
    i18n.speak(Language.named("en"))


def test_options_are_frozen_values_and_each_name_is_one_parameter() -> None:
    option = of("manille").coup[0]
    with pytest.raises(AttributeError):
        option.name = "other"  # type: ignore[misc]
    names = [option.name for option in every(games.NAMES)]
    # --pass, --contract and --tricks, which the games of l'hombre share, once each (the first to declare one)
    assert len(names) == len(set(names)) == 36
    assert names[:2] == ["retourne", "trump"] and names[-5:] == ["misdeal", "dealer", "force", "menteur", "words"]


def test_h6_the_contracts_an_option_completes_are_the_engines() -> None:
    assert CONTRACTS == tuple(contract.value for contract in Contract)
    contract = next(option for option in of("hombre").coup if option.name == "contract")
    assert contract.completes is Completes.CHOICES and complete.choices(contract.choices)("sa") == ["sans-prendre"]


def test_a_field_is_said_as_the_flag_of_its_own_game() -> None:
    assert (flag("tricks", "manille"), flag("tricks", "hombre")) == ("--trick", "--tricks")
    assert (flag("contre", "manille"), flag("adjust", "manille"), flag("pay", "hombre")) == (
        "--contre",
        "--score",
        "--pay",
    )
    assert flag("dealer", "hombre") == "--dealer"  # one of the options every game takes
    assert flag("no_such_field", "manille") == "--no-such-field"  # a key typed in the entry itself


def test_h11_a_refusal_names_its_field_and_each_edge_says_it_its_way() -> None:
    game = service.new("hombre", ["Ana", "Bea", "Cid"])
    coup = {"hombre": "Ana", "contract": "vole", "tricks": {"Ana": 9, "Bea": 0, "Cid": 0}, "vole_engagee": True}
    with pytest.raises(CoupRefused) as refused:
        service.add(game.name, coup)
    error = refused.value
    assert (error.key, error.rule, error.field, error.number) == (
        "vole_engagee_on_vole",
        "H-11",
        Field("vole_engagee", "hombre"),
        1,
    )
    assert said(error) == (
        "coup 1: a vole annoncée is already the whole vole: --vole-engagee is for the other contracts (H-11)"
    )
    assert (
        at_the_table(error)
        == "coup 1: a vole annoncée is already the whole vole: engagée is for the other contracts (H-11)"
    )
    i18n.speak(Language.named("fr"))
    assert (
        at_the_table(error)
        == "coup 1 : une vole annoncée est déjà toute la vole : engagée est pour les autres contrats (H-11)"
    )
    i18n.speak(Language.named("en"))


def test_m5_a_refusal_may_name_two_fields_each_said_by_the_edge() -> None:
    game = service.new("manille-muette", MARIUS)
    with pytest.raises(CoupRefused) as refused:
        service.add(game.name, {"retourne": "10h", "trump": "s", "points": {"César": 40}})  # the 10♥'s suit is no ♠
    assert refused.value.field == Field("retourne", "manille")
    assert said(refused.value) == "coup 1: the retourne sets trump here: give --retourne, not --trump (M-5)"
    assert (
        at_the_table(refused.value)
        == "coup 1: the retourne sets trump here: give the card turned, not a suit or sans-atout (M-5)"
    )
    assert refused.value.reason.values["trump"] == Field("trump", "manille")


def test_a_field_without_table_words_is_said_at_the_table_as_a_line_names_it_never_as_its_flag() -> None:
    """Issue 39: the table never says a flag; a field it has no word of its own for is said as a refusal of
    the short line names it (`field.contract`)."""
    refused = CoupRefused("passed_coup_with", "H-7", field=Field("contract", "hombre"), passed=Field("pass", "hombre"))
    assert at_the_table(refused) == "all three passed (H-7): a passed coup says no contract; give passe alone"
    assert said(refused) == "all three passed (H-7): a passed coup says no --contract; give --pass alone"


def test_m5_the_command_line_says_a_refused_coup_as_before_in_both_languages(run) -> None:
    assert run("new", "manillen", *(arg for name in MARIUS for arg in ("-p", name)), "--game", "belge").code == 0
    ran = run("coup", "-r", "7h", "--points", "César=40")
    assert (ran.code, ran.err) == (
        2,
        "scorekeeper: coup 1: no retourne in this system: trump is named, give it with --trump (M-5)\n",
    )
    ran = run("--lang", "fr", "coup", "-r", "7h", "--points", "César=40")
    assert ran.err == (
        "scorekeeper : coup 1 : pas de retourne dans ce système : l'atout se nomme, donnez-le avec --trump (M-5)\n"
    )


# --- a game from elsewhere brings its options ------------------------------------------------------

TOY = Options(
    coup=(
        Option.of("trumps_led", Kind.INT, help="help.coup.matadors"),
        Option.of("slam", Kind.FLAG, help="help.coup.vole_engagee"),
        Option.of("retourne", Kind.CARD, flags=("--retourne", "-r")),  # one it shares
    )
)


class Toy:
    name = "toy"
    options = TOY


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """A current game of a game that is not built in (as `SCOREKEEPER_GAMES` would bring one): what
    `coup` declares to it is kept."""
    got: list[dict] = []
    monkeypatch.setenv("SCOREKEEPER_GAMES", "toys.toy")
    monkeypatch.setattr(service, "game_of", lambda name: "toy")
    builtin = games.get
    monkeypatch.setattr(games, "get", lambda name: Toy() if name == "toy" else builtin(name))
    monkeypatch.setattr(service, "add", lambda name, declared, words=(), language=None: got.append(declared) or _stop())
    game = service.new("manille-muette", MARIUS)
    store.set_current(game.name)
    return got


class _Stopped(Exception):
    pass


def _stop() -> None:
    raise _Stopped  # what was declared is all this test asks of the command


def test_a_game_from_elsewhere_brings_its_own_options_to_coup(run, toy: list[dict]) -> None:
    help_text = run("coup", "--help").out
    assert "--trumps-led INTEGER" in help_text and "--slam" in help_text
    assert help_text.index("--menteur") < help_text.index("--trumps-led") < help_text.index("--ascii")
    with pytest.raises(_Stopped):
        run("coup", "--trumps-led", "3", "--slam", "-r", "10h")
    assert toy == [{"retourne": "10H", "trumps_led": 3, "slam": True}]


def test_without_a_game_from_elsewhere_coup_reads_no_game_to_declare_its_options(run, monkeypatch) -> None:
    """A coup reads no game to declare its options (only `--help` reads the game in play, for its own options,
    issue 42); no option of a game from elsewhere is declared."""
    assert "--trumps-led" not in run("coup", "--help").out
    assert "--slam" not in run("coup", "--help").out
    monkeypatch.setattr(service, "game_of", lambda name: pytest.fail("read the game"))
    assert run("coup", "10h", "César", "40").code == 2  # no game yet: said, and nothing read to declare options


def test_the_shared_options_are_declared_once_for_every_game() -> None:
    assert [option.name for option in SHARED.coup] == ["misdeal", "dealer", "force", "menteur", "words"]
    assert [option.flags for option in every(games.NAMES, "adjust")] == [("--score",), ("--pay",), ("--reason",)]


# --- one way for a soft failure ---------------------------------------------------------------------


def test_a_run_notes_what_it_stored_and_the_mark_it_could_not_write(home) -> None:
    home.mkdir()
    (home / "current").mkdir()  # the mark cannot be written
    with store.noticing() as notices:
        game = service.new("manille-muette", MARIUS, name="cafe")
    assert notices.stored == ["cafe"] and game.name == "cafe"
    assert [(note.event, note.values["name"]) for note in notices.notes] == [("warning.not_marked", "cafe")]
    with store.noticing() as later:
        service.add("cafe", {"retourne": "10h", "points": {"César": 40}})
    assert later.stored == ["cafe"] and later.notes == []
