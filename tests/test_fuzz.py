"""Bad input never crashes (issue 6): thousands of malformed inputs thrown at every command.

Each command ends in exit 0 (the input happened to be valid), or exit 2 with exactly one line on
stderr and every game file byte for byte as it was; `check` and `audit` may also exit 1 for a
renonce. Never a traceback: the `run` fixture re-raises any exception that is not SystemExit.

The inputs are near misses (cards, points, names, bids, trick logs as a table would mistype them),
plain junk, TOML rulesets given as files, hand-edited and truncated game files, and a damaged
`current` file. The default run throws a few hundred at each test; `pytest -m slow` thousands.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import tomli_w
import typer
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli.app import app
from scorekeeper.games import load
from scorekeeper.games.manille.deck import MANILLE
from scorekeeper.games.manille.legal import legal_cards, trick_winner
from scorekeeper.referee import Relation
from scorekeeper.rulesets import builtin_names

DEFAULT = 200  # examples a test in the default run
SLOW = 3000  # examples a test in the slow run


def fuzz(examples: int) -> Callable[[Any], Any]:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,  # the fixture's games are restored before every example
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
        ],
    )


# --- what a table types, right and wrong -----------------------------------------------------------

# A shell never passes a NUL byte in an argument (argv is C strings): the rest of Unicode may come.
JUNK = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=12)
ODD = st.sampled_from(
    ["", " ", "-", "--", "=", ",", ":", "1e3", "0x10", "40.0", "-0", "+5", "٣", "inf", "nan", "None", "true",
     "\n", "a\nb", "\t", "é", "\u0301", "🂡", "'", '"', "\\", "[", "]]", "{", "$(touch pwned)", "{{7*7}}",
     "__import__('os')", "[/]", "[bold]", "[link=x]", "x\\", "%s", "../x", "/tmp/x", "." * 3, "9" * 40, "1" * 5000,
     "C\udce9sar", "\udcff"]  # what Python makes of bytes from a terminal that is not UTF-8
)  # fmt: skip
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "R", "D", "V", "1", "11", "0", "B"]
SUITS = ["s", "h", "d", "c", "♠", "♥", "♦", "♣", "♥\ufe0f", "pique", "pi", "coeur", "cœur", "co", "carreau",
         "trefle", "trèfle", "tr", "x", "", " h", "sa"]  # fmt: skip
CARD = st.one_of(
    st.builds(lambda r, s, u: (r + s).upper() if u else r + s, st.sampled_from(RANKS), st.sampled_from(SUITS),
              st.booleans()),
    st.text("0123456789AKQJRDVakqjrdvshdcx♠♥♦♣ ", max_size=5),
    JUNK,
    ODD,
)  # fmt: skip
CARDS = st.one_of(st.lists(CARD, max_size=10).map(" ".join), st.lists(CARD, max_size=10).map(",".join), JUNK, ODD)
SUIT = st.one_of(st.sampled_from([*SUITS, "SA", "sans-atout", "nt", "sans atout"]), JUNK, ODD)
NUMBER = st.one_of(st.integers(-100, 100).map(str), st.integers(-(10**30), 10**30).map(str), JUNK, ODD)

MARIUS = ("César", "Panisse", "Escartefigue", "Brun")
OMBRE = ("Ana", "Bea", "Cid")
BELGES = ("Anna", "Bert", "Carla", "Dirk")
EVERYONE = [*MARIUS, *OMBRE, *BELGES, "cesar", "CÉSAR", " Panisse ", "Nobody", "A", "mort", "César's mort"]
NAME = st.one_of(st.sampled_from(EVERYONE), JUNK, ODD)


def _pairs(value: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    pair = st.builds(lambda who, n, sep: f"{who}{sep}{n}", NAME, value, st.sampled_from(["=", "=", ":", " = ", ""]))
    return st.one_of(st.lists(pair, min_size=1, max_size=4).map(",".join), JUNK, ODD)


POINTS = _pairs(st.one_of(st.integers(0, 68).map(str), NUMBER))
TRICK_COUNTS = _pairs(st.one_of(st.integers(0, 9).map(str), NUMBER))
CONTRACT = st.one_of(
    st.sampled_from(["demande", "retourne", "sans-prendre", "sans prendre", "Sans_Prendre", "vole", "pass", "passe"]),
    JUNK,
    ODD,
)
CALL = st.one_of(CONTRACT, st.builds(lambda who, c, sep: f"{who}{sep}{c}", NAME, CONTRACT, st.sampled_from([":", "="])))
BIDS = st.one_of(st.lists(CALL, max_size=7).map(", ".join), JUNK, ODD)
GAME = st.one_of(
    st.sampled_from(["marius", "ombre", "belge", "nope", "MARIUS", "../marius", "/tmp/x", ".marius", "marius.toml",
                     "a" * 65, "-x", "games/marius", "current"]),
    JUNK,
    ODD,
)  # fmt: skip
RULESET_NAME = st.one_of(
    st.sampled_from([*builtin_names(), "Manille-Muette", "manille", "hombre-1710", "rules", "nope.toml", "/", "."]),
    JUNK,
    ODD,
)
FLAG = st.none()


# --- seed games ------------------------------------------------------------------------------------


def legal_log(seed: int, dealer: int) -> tuple[str, list[list[str]]]:
    """A whole manille muette coup played with legal cards only (P-3 to P-6): the retourne and the log."""
    rules = load("manille-muette").rules
    cards = list(MANILLE.cards)
    random.Random(seed).shuffle(cards)
    hands = [cards[i * 8 : (i + 1) * 8] for i in range(4)]
    retourne = hands[dealer][-1]  # M-5: the dealer's last card, turned
    trump, leader = retourne.suit, (dealer + 1) % 4
    log = []
    for _ in range(8):
        trick: list[tuple[int, Any]] = []
        for turn in range(4):
            seat = (leader + turn) % 4
            seen = [(Relation.PARTNER if (who - seat) % 2 == 0 else Relation.OPPONENT, c) for who, c in trick]
            card = random.Random(seed + len(log) * 4 + turn).choice(legal_cards(hands[seat], seen, trump, rules))
            hands[seat].remove(card)
            trick.append((seat, card))
        log.append([card.ascii for _, card in trick])
        leader = trick[trick_winner([c for _, c in trick], trump, rules)][0]
    return retourne.ascii, log


# Coup 3 of marius: Escartefigue (seat 2) deals, Brun leads.
MARIUS_RETOURNE, MARIUS_LOG = legal_log(2024, dealer=2)


def _new(run, ruleset: str, name: str, players: tuple[str, ...], *options: str) -> None:
    args = ["new", ruleset, "--game", name, *(a for p in players for a in ("-p", p))]
    args += [a for option in options for a in ("--option", option)]
    assert run(*args).code == 0


@dataclass
class Ran:
    code: int
    out: str
    err: str


class Tables:
    """The seed games, restored to their bytes before every example; `attempt` runs one command."""

    def __init__(self, run: Callable[..., Any], home: Path, work: Path) -> None:
        self.run, self.home, self.work = run, home, work  # work: where files given on the command line go
        self.files = {path: path.read_bytes() for path in self.games.glob("*.toml")}
        self.current = (home / "current").read_bytes()

    def __repr__(self) -> str:  # a falsifying example shows the inputs drawn, not the seed files
        return "tables"

    @property
    def games(self) -> Path:
        return self.home / "games"

    def restore(self) -> None:
        for path in self.games.glob("*.toml"):
            if path not in self.files:
                path.unlink()
        for path, data in self.files.items():
            path.write_bytes(data)
        (self.home / "current").write_bytes(self.current)

    def snapshot(self) -> dict[Path, bytes]:
        return {path: path.read_bytes() for path in self.games.glob("*.toml")}

    def attempt(self, args: list[str], codes: tuple[int, ...] = (0, 2)) -> Any:
        """Run one command on the restored games and check that it ended well."""
        self.restore()
        before = self.snapshot()
        with time_limit(10, args):
            ran = self.run(*args)
        settled(ran, codes, args)
        if ran.code != 0:
            assert self.snapshot() == before, f"{args}: a refused command changed a game file"
        assert not list(self.games.glob(".*.tmp")), f"{args}: a temp file was left behind"
        assert not (self.work / "pwned").exists(), f"{args}: an argument was run as a shell command"
        return ran


@contextmanager
def time_limit(seconds: float, args: list[str]) -> Iterator[None]:
    """Fail a command still running after `seconds`: a loop sized by its input (a partie of 10**12 deals
    counted deal by deal) would otherwise hang the test instead of failing it."""

    def stop(*_: Any) -> None:
        raise TimeoutError(f"{args}: still running after {seconds} s")

    if not hasattr(signal, "setitimer"):  # Windows: no time limit
        yield
        return
    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def settled(ran: Any, codes: tuple[int, ...], args: Any) -> None:
    """Exit 0, or a refusal told in exactly one line on stderr (exit 1: check or audit found a renonce)."""
    assert ran.code in codes, f"{args}: exit {ran.code}, stderr {ran.err!r}"
    if ran.code == 2:
        assert ran.err.endswith("\n") and len(ran.err.splitlines()) == 1 and ran.err.strip(), (
            f"{args}: exit {ran.code} must say why in one line on stderr, got {ran.err!r}"
        )


@pytest.fixture
def run():
    """conftest's `run`, with the click command built once: typer builds it anew on every invoke,
    which is most of the time of a refused command, and the fuzz runs thousands."""
    runner, command = CliRunner(), typer.main.get_command(app)

    def invoke(*args: str) -> Ran:
        result = runner.invoke(command, list(args))
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception  # a traceback: the test fails
        return Ran(result.exit_code, result.stdout, result.stderr)

    return invoke


@pytest.fixture
def tables(run, home, tmp_path, monkeypatch) -> Tables:
    """Marius's manille muette (3 coups, one a trick log), an hombre (2 coups) and a manillen (1 coup)."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    _new(run, "manille-muette", "marius", MARIUS)
    assert run("coup", "-r", "10h", "--points", "César=40").code == 0
    assert run("coup", "-r", "7s", "--renonce", "brun").code == 0
    tricks = [a for trick in MARIUS_LOG for a in ("--trick", " ".join(trick))]
    ran = run("coup", "-r", MARIUS_RETOURNE, *tricks)
    assert ran.code == 0, ran.err
    _new(run, "manillen", "belge", BELGES)
    assert run("coup", "--trump", "sa", "--contre", "Bert", "--points", "Anna=38").code == 0
    _new(run, "hombre", "ombre", OMBRE)
    assert run("coup", "--pass").code == 0
    assert run("coup", "--hombre", "Bea", "--contract", "demande", "--tricks", "Ana=4,Bea=3,Cid=2").code == 0
    return Tables(run, home, work)


def options(table: dict[str, st.SearchStrategy[str | None]], most: int = 6) -> st.SearchStrategy[list[str]]:
    """A few options drawn from `table` (None: a flag), now and then a stray word or an unknown option."""
    names = sorted(table)
    one = st.sampled_from(names).flatmap(lambda o: table[o].map(lambda v: [o] if v is None else [o, v]))
    stray = st.one_of(JUNK, ODD, st.sampled_from(["--nope", "-x", "--", "--help=no", "--json=1"])).map(lambda w: [w])
    return st.lists(st.one_of(one, one, one, stray), max_size=most).map(lambda ps: [a for p in ps for a in p])


@st.composite
def trick_log(draw: st.DrawFn) -> list[str]:
    """A trick log as typed: Marius's legal one, cut, shuffled, with a card changed, or made up."""
    log = [list(trick) for trick in MARIUS_LOG]
    if draw(st.booleans()):
        log = log[: draw(st.integers(0, 8))]
    for _ in range(draw(st.integers(0, 3))):
        if not log:
            break
        trick = draw(st.integers(0, len(log) - 1))
        what = draw(st.sampled_from(["swap", "card", "drop", "twice", "trick"]))
        if what == "swap" and len(log) > 1:
            other = draw(st.integers(0, len(log) - 1))
            i, j = draw(st.integers(0, 3)), draw(st.integers(0, 3))
            if i < len(log[trick]) and j < len(log[other]):
                log[trick][i], log[other][j] = log[other][j], log[trick][i]
        elif what == "card" and log[trick]:
            log[trick][draw(st.integers(0, len(log[trick]) - 1))] = draw(CARD)
        elif what == "drop" and log[trick]:
            log[trick].pop()
        elif what == "twice":
            log.append(list(log[trick]))
        elif what == "trick":
            log[trick] = draw(st.lists(CARD, max_size=5))
    sep = draw(st.sampled_from([" ", ",", ", ", "  "]))
    return [a for trick in log for a in ("--trick", sep.join(trick))]


COUP_OPTIONS: dict[str, st.SearchStrategy[str | None]] = {
    "--game": GAME,
    "--retourne": CARD,
    "-r": CARD,
    "--trump": SUIT,
    "--chooser": NAME,
    "--contre": NAME,
    "--frapper": NAME,
    "--surcontre": NAME,
    "--taker": NAME,
    "--bid": NUMBER,
    "--exchange": NUMBER,
    "--points": POINTS,
    "--renonce": NAME,
    "--trick": CARDS,
    "--let-renonce-pass": FLAG,
    "--pass": FLAG,
    "--hombre": NAME,
    "--contract": CONTRACT,
    "--tricks": TRICK_COUNTS,
    "--matadors": NUMBER,
    "--vole-engagee": FLAG,
    "--bids": BIDS,
    "--hand": CARDS,
    "--trumps": CARDS,
    "--espadille-forcee": FLAG,
    "--ascii": FLAG,
}


# --- TOML files: tricks files, rulesets, game files ------------------------------------------------

SCALAR = st.one_of(
    st.integers(-5, 70),
    st.integers(-(2**63), 2**63 - 1),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["max", "liee", "seche", "teams", "retourne", "manille", "hombre", "3-2", "demande", "A", "10h"]),
    st.just(datetime(2024, 1, 1, 12, 0)),
)


def _nested(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    keys = st.text(max_size=6) | st.sampled_from(EVERYONE)
    return st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=3))


VALUE = st.recursive(SCALAR, _nested, max_leaves=8)


def mutate_table(draw: st.DrawFn, table: dict[str, Any], extra_keys: list[str]) -> dict[str, Any]:
    """A hand edit: a few values replaced, keys dropped or added, anywhere in the tree."""
    for _ in range(draw(st.integers(1, 4))):
        parent: Any = table
        while True:  # walk down to a random table or list
            keys = list(parent.keys()) if isinstance(parent, dict) else list(range(len(parent)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            if isinstance(parent[key], dict | list) and draw(st.booleans()):
                parent = parent[key]
                continue
            break
        keys = list(parent.keys()) if isinstance(parent, dict) else list(range(len(parent)))
        what = draw(st.sampled_from(["replace", "replace", "drop", "add"]))
        if what == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(extra_keys) | st.text(max_size=6))] = draw(VALUE)
        elif what == "add":
            parent.append(draw(VALUE))
        elif keys and what == "drop":
            del parent[draw(st.sampled_from(keys))]
        elif keys:
            parent[draw(st.sampled_from(keys))] = draw(VALUE)
    return table


def damage_text(draw: st.DrawFn, data: bytes) -> bytes:
    """A file cut short (a copy interrupted), a few bytes changed, or a few characters typed in."""
    what = draw(st.sampled_from(["cut", "bytes", "text"]))
    if what == "cut":
        return data[: draw(st.integers(0, max(0, len(data) - 1)))]
    if what == "bytes":
        data = bytearray(data)
        for _ in range(draw(st.integers(1, 4))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        return bytes(data)
    at = draw(st.integers(0, len(data)))
    typed = draw(st.one_of(JUNK, ODD, st.sampled_from(['"', "[", "]", "=", "\n[x]\n", "#", "'''"])))
    return data[:at] + typed.encode(errors="surrogateescape") + data[at:]


@st.composite
def toml_file(draw: st.DrawFn, table: dict[str, Any], extra_keys: list[str]) -> bytes:
    """A TOML file from someone else: a valid table edited by hand, or its text damaged."""
    if draw(st.booleans()):
        edited = mutate_table(draw, tomllib.loads(tomli_w.dumps(table)), extra_keys)
        try:
            return tomli_w.dumps(edited).encode()
        except (TypeError, ValueError):  # not every edit can be written as TOML (a float key, ...)
            return tomli_w.dumps(table).encode()
    return damage_text(draw, tomli_w.dumps(table).encode())


RULESET_KEYS = ["extends", "name", "game", "title", "options", "table", "cards", "scoring", "partie", "money",
                "bidding", "trump", "calls", "multipliers", "play", "x"]  # fmt: skip
GAME_KEYS = ["format", "name", "players", "dealer", "ruleset_name", "options", "ruleset", "coups", "journal",
             "undo", "redo", "op", "index", "coup", "retourne", "points", "renonce", "tricks", "trump", "pass",
             "hombre", "contract", "matadors", "bids", "hand", "trumps", "vole_engagee"]  # fmt: skip
EXTENDS = st.sampled_from(
    ["manille-muette", "hombre", "./self.toml", "self.toml", "other.toml", "../work/self.toml", "/nonexistent.toml",
     "/", ".", "", "nope", "~/x.toml", "a\\b.toml", "games/marius.toml"]
)  # fmt: skip


SHIPPED = {name: Path(load(name).origin).read_text(encoding="utf-8") for name in builtin_names()}


@st.composite
def ruleset_file(draw: st.DrawFn) -> bytes:
    """A ruleset someone wrote: a shipped one edited (`extends` included), or damaged."""
    base = tomllib.loads(SHIPPED[draw(st.sampled_from(sorted(SHIPPED)))])
    if draw(st.booleans()):
        base = {"extends": draw(EXTENDS), **{k: v for k, v in base.items() if draw(st.booleans())}}
    return draw(toml_file(base, RULESET_KEYS))


def write_file(tables: Tables, name: str, data: bytes) -> str:
    (tables.work / name).write_bytes(data)
    return name


# --- the tests ---------------------------------------------------------------------------------------


def coup_case(tables: Tables, data: st.DataObject) -> None:
    args = ["coup", *data.draw(options(COUP_OPTIONS), label="options")]
    if data.draw(st.booleans(), label="a trick log"):
        args += data.draw(trick_log(), label="log")
    if data.draw(st.integers(0, 4), label="a tricks file") == 0:
        text = data.draw(toml_file({"tricks": MARIUS_LOG}, ["tricks", "x"]), label="tricks file")
        args += ["--tricks-file", write_file(tables, "coup.toml", text)]
    tables.attempt(args)


def edit_case(tables: Tables, data: st.DataObject) -> None:
    number = data.draw(st.one_of(st.integers(-2, 5).map(str), NUMBER), label="number")
    tables.attempt(["edit", number, *data.draw(options(COUP_OPTIONS, most=4), label="options")])


def table_case(tables: Tables, data: st.DataObject) -> None:
    """undo, redo, sheet, games, settle, demo: few options, but every game and flag."""
    command = data.draw(st.sampled_from(["undo", "redo", "sheet", "games", "settle", "demo"]))
    flags = {"--game": GAME, "-g": GAME, "--json": FLAG, "--explain": FLAG, "--ascii": FLAG, "--early": FLAG}
    for _ in range(data.draw(st.integers(1, 3), label="repeats")):  # undo undo redo ...
        tables.attempt([command, *data.draw(options(flags, most=3), label="options")])


NEW_OPTION = st.one_of(
    st.builds(
        lambda k, v: f"{k}={v}",
        st.sampled_from(
            [
                "partie",
                "manche",
                "belle",
                "system",
                "payments",
                "poules",
                "end",
                "retourne",
                "scoring.renonce_penalty",
                "table.players",
                "cards.order",
                "cards.points",
                "partie.deals",
                "deals",
                "multipliers.contre",
                "money.cave",
                "money.fiche",
                "options",
                "game",
                "name",
                "extends",
                "x.y",
                "table",
            ]
        ),
        st.one_of(
            st.sampled_from(["seche", "liee", "44", "0", "-1", "max", "3-2", "true", "split", "9" * 12, "1" * 5000]),
            NUMBER,
        ),
    ),  # fmt: skip
    JUNK,
    ODD,
)


def new_case(tables: Tables, data: st.DataObject) -> None:
    ruleset = data.draw(
        st.one_of(RULESET_NAME, st.sampled_from(["manillen", "hombre"]), st.just("file")), label="ruleset"
    )
    if ruleset == "file":
        ruleset = "./" + write_file(tables, "house.toml", data.draw(ruleset_file(), label="ruleset file"))
        write_file(tables, "self.toml", data.draw(ruleset_file(), label="extended"))
    players = data.draw(st.one_of(st.sampled_from([MARIUS, OMBRE, BELGES[:2], BELGES[:3]]), st.lists(NAME, max_size=5)))
    args = ["new", ruleset, *(a for p in players for a in ("-p", p))]
    args += data.draw(options({"--game": GAME, "--dealer": NAME, "--option": NEW_OPTION, "-o": NEW_OPTION}, most=3))
    tables.attempt(args)


TABLE_CARDS = st.one_of(
    st.lists(st.builds(lambda p, c: p + c, st.sampled_from(["", "O:", "P:", "o:", "X:", ":", "O::"]), CARD),
             max_size=4).map(" ".join),
    JUNK,
)  # fmt: skip


def referee_case(tables: Tables, data: st.DataObject) -> None:
    command = data.draw(st.sampled_from(["check", "audit"]), label="command")
    ruleset = data.draw(st.one_of(st.sampled_from(["manille-muette", "hombre", "manille-encheres", "manille-a-trois",
                                                   "manillen-3", "manille-envers"]), RULESET_NAME))  # fmt: skip
    if command == "check":
        opts = {
            "--trump": SUIT,
            "--table": TABLE_CARDS,
            "--hand": CARDS,
            "--play": CARD,
            "--json": FLAG,
            "--ascii": FLAG,
        }
        args = ["check", ruleset, "--trump", data.draw(SUIT), "--hand", data.draw(CARDS)]
    else:
        players = st.one_of(st.lists(NAME, max_size=5).map(" ".join), st.sampled_from([" ".join(MARIUS), "A B C D"]))
        opts = {"--players": players, "--trump": SUIT, "--leader": NAME, "--trick": CARDS, "--taker": NAME,
                "--json": FLAG, "--ascii": FLAG}  # fmt: skip
        args = ["audit", ruleset, "--players", " ".join(MARIUS), "--trump", "h", "--leader", "Brun"]
        if data.draw(st.booleans(), label="log"):
            args += data.draw(trick_log(), label="log")
        if data.draw(st.integers(0, 3), label="file") == 0:
            coup = {"players": list(MARIUS), "trump": "h", "leader": "Brun", "tricks": MARIUS_LOG}
            text = data.draw(toml_file(coup, ["players", "trump", "leader", "taker"]), label="coup file")
            args = ["audit", ruleset, "--file", write_file(tables, "audit.toml", text)]
    tables.attempt(args + data.draw(options(opts, most=4), label="options"), codes=(0, 1, 2))


def rules_case(tables: Tables, data: st.DataObject) -> None:
    """A ruleset file from someone else, given to every command that reads one."""
    house = write_file(tables, "house.toml", data.draw(ruleset_file(), label="ruleset"))
    write_file(tables, "self.toml", data.draw(ruleset_file(), label="extended"))
    write_file(tables, "other.toml", data.draw(ruleset_file(), label="other"))
    path = data.draw(st.sampled_from([house, "./" + house, str(tables.work / house)]))
    command = data.draw(st.sampled_from(["check", "show", "show --json", "list", "new", "referee"]))
    codes: tuple[int, ...] = (0, 2)
    if command == "new":
        players = data.draw(st.sampled_from([MARIUS, OMBRE, BELGES[:2], BELGES[:3]]))
        args = ["new", path, *(a for p in players for a in ("-p", p))]
    elif command == "referee":
        args = [
            "check",
            path,
            "--trump",
            "h",
            "--table",
            "O:Ah",
            "--hand",
            data.draw(st.sampled_from(["7h 8c", "2h 5d"])),
        ]
        codes = (0, 1, 2)
    elif command == "list":
        args = ["rules", "list", path]
    else:
        args = ["rules", *command.split(), path]
    tables.attempt(args, codes)


GAME_COMMANDS = [
    ["sheet"],
    ["sheet", "--json"],
    ["sheet", "--explain", "--ascii"],
    ["games"],
    ["games", "--json"],
    ["undo"],
    ["redo"],
    ["settle", "--early"],
    ["settle", "--json"],
    ["coup", "-r", "Jd", "--points", "César=40"],
    ["coup", "--trump", "h", "--points", "Anna=40"],
    ["coup", "--pass"],
    ["coup", "--hombre", "Ana", "--contract", "demande", "--tricks", "Ana=5,Bea=2,Cid=2"],
    ["edit", "1", "--points", "César=50"],
    ["edit", "2", "--tricks", "Ana=9", "--hombre", "ana", "--contract", "vole"],
    ["edit", "1", "--pass"],
]


def game_file_case(tables: Tables, data: st.DataObject) -> None:
    """A game file edited by hand or cut short: every command on it refuses it in one line, or copes."""
    path = data.draw(st.sampled_from(sorted(tables.files)), label="game")
    original = tables.files[path]
    damaged = data.draw(toml_file(tomllib.loads(original.decode()), GAME_KEYS), label="game file")
    command = data.draw(st.sampled_from(GAME_COMMANDS), label="command")
    tables.files[path] = damaged
    try:
        ran = tables.attempt([*command, "--game", path.stem] if command[0] != "games" else command)
    finally:
        tables.files[path] = original
    if command[0] in ("sheet", "games") and ran.code == 2:
        assert "scorekeeper" in ran.err


def current_case(tables: Tables, data: st.DataObject) -> None:
    """The `current` file damaged, emptied or pointing anywhere: commands without --game cope."""
    current = data.draw(
        st.one_of(
            st.sampled_from(
                [
                    b"",
                    b"marius",
                    b"marius\n",
                    b"\n\nombre",
                    b"../marius",
                    b"/tmp/x",
                    b"nope",
                    b"\xff\xfe",
                    b"marius\x00",
                    b"MARIUS",
                    b"a" * 100,
                    b".marius",
                    b"games/marius",
                ]
            ),
            st.binary(max_size=20),
            JUNK.map(str.encode),
        ),  # fmt: skip
        label="current",
    )
    saved = tables.current
    tables.current = current
    try:
        tables.attempt(data.draw(st.sampled_from(GAME_COMMANDS), label="command"))
    finally:
        tables.current = saved


WORDS = ["new", "coup", "edit", "undo", "redo", "sheet", "games", "demo", "settle", "check", "audit", "rules",
         "list", "show", *COUP_OPTIONS, "--json", "--explain", "--player", "-p", "--option", "--dealer", "--file",
         "--table", "--play", "--players", "--leader", "--early", "manille-muette", "hombre", "marius", "1",
         "César=40", "10h", "-h"]  # fmt: skip


def argv_case(tables: Tables, data: st.DataObject) -> None:
    """Any words at all, in any order: the commands' names and options mixed with junk."""
    words = data.draw(st.lists(st.one_of(st.sampled_from(WORDS), st.sampled_from(WORDS), JUNK, ODD), max_size=8))
    if "-h" in words or "--help" in words or not words:
        return  # help is printed and exits 0; nothing to fuzz
    tables.attempt(words, codes=(0, 1, 2))


CASES = {
    "coup": coup_case,
    "edit": edit_case,
    "table": table_case,
    "new": new_case,
    "referee": referee_case,
    "rules": rules_case,
    "game_file": game_file_case,
    "current": current_case,
    "argv": argv_case,
}


@pytest.mark.parametrize("case", sorted(CASES))
@fuzz(DEFAULT)
@given(data=st.data())
def test_bad_input_ends_in_one_line_and_exit_2_with_nothing_written(tables, case, data):
    CASES[case](tables, data)


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(CASES))
@fuzz(SLOW)
@given(data=st.data())
def test_bad_input_ends_in_one_line_and_exit_2_with_nothing_written_long_run(tables, case, data):
    CASES[case](tables, data)


def test_the_seed_log_is_legal_and_scored(tables):
    """The fuzz starts from a legal log: the marius game holds it, scored on its points (M-3)."""
    ran = tables.attempt(["sheet", "--json", "--game", "marius"])
    assert '"tricks": [' in ran.out and ran.code == 0


NOT_UTF8 = [
    ["new", "manille-muette", "-p", b"C\xe9sar", "-p", "B", "-p", "C", "-p", "D"],
    ["coup", "--game", "marius", "-r", "7s", "--points", b"C\xe9sar=40"],
    ["audit", "manille-muette", "--players", b"\xff B C D", "--trump", "h", "--leader", "B", "--trick", "7h 8h 9h 10h", "--json"],
    ["rules", "check", b"\xff.toml"],
    ["check", "manille-muette", "--trump", "h", "--hand", b"7h \xff"],
]  # fmt: skip


@pytest.mark.parametrize("args", NOT_UTF8)
def test_arguments_that_are_not_utf8_are_refused_in_one_line(tables, home, args):
    """A terminal in Latin-1 sends bytes that are not UTF-8: refused in one line, even where stdout is strict."""
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONIOENCODING": "utf-8:strict"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(Path(__file__).resolve().parents[1]), env.get("PYTHONPATH")]))
    command = [
        sys.executable.encode(),
        b"-m",
        b"scorekeeper",
        *(a if isinstance(a, bytes) else a.encode() for a in args),
    ]
    ran = subprocess.run(command, env=env, capture_output=True, timeout=60)
    assert ran.returncode == 2 and len(ran.stderr.splitlines()) == 1, ran.stderr.decode(errors="replace")
    assert b"is not UTF-8 text" in ran.stderr
    assert tables.snapshot() == tables.files
