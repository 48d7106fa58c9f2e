"""A mistake under `--json` (issue 26): besides its one line on stderr, exit 2, every command that takes
`--json` prints `{"error": {"key", "text", "rule"}}` on stdout; the text is the line without the
`scorekeeper: ` prefix, its cards in ASCII (C-2), the rule the error cites or null."""

from __future__ import annotations

import json

import pytest

from tests.cli.test_conventions import ALL

TAKES_JSON = sorted(path for path, command in ALL.items() if "--json" in {o for p in command.params for o in p.opts})


def _error(ran) -> dict:
    """The JSON error of a mistake, after checking what every mistake shows: exit 2, one line on stderr."""
    assert ran.code == 2 and len(ran.err.splitlines()) == 1
    data = json.loads(ran.out)
    assert list(data) == ["error"] and list(data["error"]) == ["key", "text", "rule"]
    return data["error"]


def test_json_error_every_command_that_takes_json_is_known() -> None:
    assert {"sheet", "games", "games list", "check", "audit", "rules show", "stats", "stop", "demo"} <= set(TAKES_JSON)


@pytest.mark.parametrize("path", TAKES_JSON)
def test_json_error_a_usage_mistake_in_every_command(run, path: str) -> None:
    ran = run(*path.split(), "--json", "--no-such-option")
    error = _error(ran)
    assert error == {"key": "cli.usage_mistake", "text": ran.err.strip(), "rule": None}
    assert "--no-such-option" in error["text"]


@pytest.mark.parametrize("path", TAKES_JSON)
def test_json_error_a_user_error_in_every_command(run, path: str) -> None:
    """A `UserError` (an unknown language: every command reads `--lang`), its key the catalog's."""
    ran = run(*path.split(), "--json", "--lang", "zz")
    error = _error(ran)
    assert error["key"] == "error.unknown_language" and error["rule"] is None
    assert ran.err == f"scorekeeper: {error['text']}\n" and "'zz'" in error["text"]


@pytest.mark.parametrize("path", TAKES_JSON)
def test_json_error_without_json_nothing_on_stdout(run, path: str) -> None:
    ran = run(*path.split(), "--lang", "zz")
    assert ran.code == 2 and ran.out == "" and ran.err.startswith("scorekeeper: unknown language 'zz'")


@pytest.mark.parametrize(
    "args, key",
    [
        (("sheet", "--json", "--game", "nosuch"), "error.no_game"),
        (("settle", "--json"), "error.no_current_game"),
        (("chart", "--json", "-g", "a", "-g", "b"), "error.option_twice"),
        (("rules", "show", "nosuch", "--json"), "error.unknown_ruleset"),
        (("check", "manille-muette", "--trump", "zz", "--hand", "7h", "--json"), "error.bad_trump"),
        (("audit", "manille-muette", "--json", "--trump", "h", "--players", "A B C D", "--leader", "E"), None),
    ],
)
def test_json_error_says_the_commands_own_mistake(run, args, key) -> None:
    ran = run(*args)
    error = _error(ran)
    assert key is None or error["key"] == key
    assert error["key"].startswith("error.") and ran.err == f"scorekeeper: {error['text']}\n"


def test_json_error_p8_carries_its_rule_in_english_and_french(run) -> None:
    args = ("check", "manille-muette", "--trump", "sa", "--table", "O:7h", "--hand", "9h 8h", "--json")
    english = _error(run(*args))
    assert english == {
        "key": "error.no_sans_atout_retourne",
        "text": "sans-atout is not played in this system: the retourne sets trump (P-8)",
        "rule": "P-8",
    }
    ran = run("--lang", "fr", *args)
    french = _error(ran)
    assert french == {**english, "text": "on ne joue pas sans-atout dans ce système : la retourne fait l'atout (P-8)"}
    assert ran.err == f"scorekeeper : {french['text']}\n"


def test_json_error_c2_cards_in_ascii_the_line_with_symbols(run) -> None:
    ran = run("check", "manille-muette", "--trump", "h", "--table", "O:7h", "--hand", "7h 8h", "--json")
    error = _error(ran)
    assert error["key"] == "error.card_in_hand_and_on_table"
    assert error["text"] == "7H is both in the hand and on the table: each card exists once"
    assert ran.err == "scorekeeper: 7♥ is both in the hand and on the table: each card exists once\n"


def test_json_error_only_where_the_command_reads_json(run) -> None:
    """`--json` as an option's value is not the flag; after `--` it is no option; `coup` takes none."""
    ran = run("sheet", "--game", "--json")
    assert ran.code == 2 and ran.out == ""
    ran = run("coup", "--json")
    assert ran.code == 2 and ran.out == ""
    ran = run("rules", "show", "--", "--json")
    assert ran.code == 2 and ran.out == "" and "'--json'" in ran.err
