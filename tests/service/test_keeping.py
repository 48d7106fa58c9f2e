"""`coup` and `undo` on a long game go on from the running state the cache kept for its coups (issue 28:
`service.reads.running`, `store.states`): one `advance` a coup, none an undo, whatever the game's length;
any change before the state kept (an edit, a delete, an insert, a fix, an undo past it, a hand edit,
another version of the code), and a kept state torn, forged or unreadable, replay from the first deal,
the figures the whole replay's. What the commands print is the same, in every language, with a state kept
and without."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import games, service, store
from scorekeeper.games import contract
from scorekeeper.service import reads
from scorekeeper.service.history import KEEP_UP_TO
from scorekeeper.store import states

PLAYERS = ["César", "Panisse", "Escartefigue", "Brun"]
LONG = {"partie": "seche", "manche": 10**9}  # a partie that never ends
COUNT = KEEP_UP_TO + 20  # beyond it, a game goes on from its kept state
ROOT = Path(__file__).resolve().parents[2]


def _coup(number: int) -> dict[str, Any]:
    cards = ["7S", "10H", "AC", "KD", "QS", "JH", "9C", "8D"]
    if number % 11 == 5:
        return {"retourne": cards[number % 8], "renonce": PLAYERS[number % 4]}
    return {"retourne": cards[number % 8], "points": {PLAYERS[number % 2]: number * 7 % 69}}


def _hombre_coup(number: int) -> dict[str, Any]:
    players = ["Ana", "Bea", "Cid"]
    if number % 7 == 3:
        return {"pass": True}
    hombre = players[number % 3]
    others = [p for p in players if p != hombre]
    first = [5, 4, 6, 3, 9][number % 5]
    second = (number * 5) % (10 - first)
    tricks = {hombre: first, others[0]: second, others[1]: 9 - first - second}
    return {"hombre": hombre, "contract": ["demande", "sans-prendre", "retourne"][number % 3], "tricks": tricks}


def _game(name: str = "long", count: int = COUNT, game: str = "manille") -> str:
    """A long game stored at once (as the bench makes it, each coup with its time as a command stores it: so
    l'hombre's coups are too long for a line, and its file is tables), then one coup said through the
    service."""
    if game == "manille":
        service.new("manille-muette", PLAYERS, options=LONG, name=name)
        made = [_coup(number) for number in range(count)]
    else:
        service.new("hombre", ["Ana", "Bea", "Cid"], options={"poules": 10**9}, name=name)
        made = [_hombre_coup(number) for number in range(count)]
    with store.changing(name) as ledger:
        ledger.coups = [{**coup, "time": "2026-11-26T07:00:00+00:00"} for coup in made]  # as commands store them
    service.add(name, _coup(count) if game == "manille" else _hombre_coup(count))
    return name


def _whole(name: str) -> Any:
    """The game's sheet as a whole replay gives it, from the first deal."""
    return service.fiche(store.read(name))


def _figures(fiche: Any) -> dict[str, Any]:
    """What `coup` and `undo` read of a fiche: every field but its lines, and l'hombre's bêtes made (those
    struck are the sheet's alone: tests/games/test_keeping.py holds the rest to the whole replay)."""
    names = fiche._fields if hasattr(fiche, "_fields") else fiche.__dataclass_fields__
    return {name: getattr(fiche, name) for name in names if name not in ("coups", "betes")}


@pytest.fixture
def advances(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many coups each engine's `advance` took, counted."""
    counted: list[int] = []
    for name in games.NAMES:
        engine = games.get(name)
        real = type(engine).advance

        def counting(self: Any, state: Any, declared: Any, real: Any = real) -> Any:
            counted.append(1)
            return real(self, state, declared)

        monkeypatch.setattr(type(engine), "advance", counting)
    return counted


def _states(home: Path) -> list[Path]:
    return sorted((home / "cache" / "states").glob("*/*.json"))


@pytest.mark.parametrize("game", ["manille", "hombre"])
def test_a_coup_and_an_undo_on_a_long_game_replay_no_coup_before(game, home, advances):
    name = _game(game=game)
    advances.clear()
    after = service.add(name, _coup(3) if game == "manille" else _hombre_coup(3))
    assert len(advances) == 1  # the coup itself: the state before it was kept
    assert isinstance(after, contract.Partial)
    whole = _whole(name)
    assert _figures(after) == _figures(whole)
    assert after.coups[-1].number == whole.coups[-1].number == COUNT + 2
    advances.clear()
    _, undone = service.undo(name)
    assert advances == []  # the state before the coup taken back, kept
    assert _figures(undone) == _figures(_whole(name))
    advances.clear()
    _, undone = service.undo(name)  # the state before that one, kept by the replay of the first coup
    assert advances == []
    assert _figures(undone) == _figures(_whole(name))


def test_a_short_game_replays_as_before_and_keeps_no_state(home, advances):
    name = _game(count=KEEP_UP_TO - 2)
    advances.clear()
    after = service.add(name, _coup(1))
    assert not isinstance(after, contract.Partial)
    assert len(advances) == KEEP_UP_TO  # every coup: a short game's figures are kept whole for `stats`
    assert _states(home) == []


def test_a_game_keeps_a_few_states(home):
    name = _game()
    for number in range(12):
        service.add(name, _coup(number))
    assert 1 < len(_states(home)) <= states.KEPT


@pytest.mark.parametrize(
    "change",
    [
        lambda name: service.edit(name, 3, {"points": {"César": 60}}),
        lambda name: service.edit(name, COUNT, {"points": {"Panisse": 61}}),
        lambda name: service.delete_entry(name, 2),
        lambda name: service.insert(name, 4, {"retourne": "7S", "points": {"Panisse": 50}}),
        lambda name: [*(service.add(name, _coup(n)) for n in range(6)), *(service.undo(name) for _ in range(7))],
        lambda name: [service.delete_entry(name, 5), service.undo(name), service.redo(name)],
        lambda name: service.note(name, "a note on coup 2", 2),
        lambda name: _fix(name),
        lambda name: _by_hand(name),
    ],
    ids=["edit", "edit-last-kept", "delete", "insert", "undo-past-it", "redo", "note", "fix", "by-hand"],
)
def test_a_change_before_the_state_kept_gives_the_whole_replay(change, home):
    name = _game()
    service.add(name, _coup(1))
    change(name)
    after = service.add(name, _coup(7))
    assert _figures(after) == _figures(_whole(name))
    assert after.coups[-1] == _whole(name).coups[-1]
    for _ in range(min(3, len(store.read(name).undo_journal))):
        _, undone = service.undo(name)
        assert _figures(undone) == _figures(_whole(name))


def _fix(name: str) -> None:
    from scorekeeper.language import Language

    language = Language.named("en")
    game = store.read(name)
    lines = service.fix_lines(game, language)
    lines[1] = (lines[0][0], lines[1][1])
    service.fix(name, [(n, words, note) for n, (words, note) in enumerate(lines, 1)], language, game.coups)


def _by_hand(name: str) -> None:
    """The file edited in a text editor: the second coup's points changed (its cache entry no longer its)."""
    path = store.path_of(name)
    text = path.read_text()
    first = text.index('    { retourne = "10H"')
    end = text.index("\n", first)
    path.write_text(text[:first] + '    { retourne = "10H", points = { Panisse = 50 } },' + text[end:])


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"{",
        b"null",
        b"[]",
        b'{"count": 1, "state": {}}',
        b'{"count": "x", "state": {}}',
        b'{"count": 321, "state": {"partie": {"manche": 1}}}',
        b'{"count": 321, "state": {"partie": {"manche": 1, "scores": [1e999, 0]}}}',
        b'{"count": 321, "state": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        b"\xff\xfe not json",
        "link",
        "folder",
        "fifo",
        "huge",
    ],
)
def test_a_kept_state_torn_forged_or_unreadable_is_replayed_never_a_failure(damage, home, advances):
    name = _game()
    for path in _states(home):
        path.unlink()
        if damage == "link":
            path.symlink_to("/dev/zero")
        elif damage == "folder":
            path.mkdir()
        elif damage == "fifo":
            os.mkfifo(path)
        elif damage == "huge":
            path.write_bytes(b" " * (states.MOST + 1))
        else:
            assert isinstance(damage, bytes)
            path.write_bytes(damage)
    advances.clear()
    after = service.add(name, _coup(2))
    assert len(advances) == COUNT + 2  # replayed from the first deal
    assert _figures(after) == _figures(_whole(name))


def test_a_new_version_of_the_code_replays(home, advances, monkeypatch):
    name = _game()
    states.code.cache_clear()
    monkeypatch.setattr(states, "code", lambda package: "another version")
    advances.clear()
    service.add(name, _coup(2))
    assert len(advances) == COUNT + 2


def test_a_rule_mended_in_the_referee_is_another_version_of_the_code(tmp_path, monkeypatch):
    """A coup said by its trick log is scored by the referee (`scorekeeper.referee`, outside the game's package):
    a file of it changed, as a checkout's edit changes it, is another version, whose states are not the old
    one's (before, `coup` went on from the old state: 8 points apart from the sheet on a 2,000-coup game)."""
    import scorekeeper

    for part in ("", "games", "referee", "games/manille"):
        (tmp_path / part).mkdir(parents=True, exist_ok=True)
        (tmp_path / part / "rules.py").write_text("")
    monkeypatch.setattr(scorekeeper, "__file__", str(tmp_path / "__init__.py"))
    package = str(tmp_path / "games" / "manille")
    states.code.cache_clear()
    try:
        before = states.code(package)
        (tmp_path / "referee" / "rules.py").write_text("# a rule mended\n")
        states.code.cache_clear()
        assert states.code(package) != before
    finally:
        states.code.cache_clear()


def test_a_state_names_what_it_was_made_from(home):
    """Another game of the same file name, players, coups, but another ruleset: not found."""
    name = _game()
    found = reads._key(store.read(name), reads.ruleset_of(store.read(name)), COUNT + 1)
    game = store.read(name)
    game.options = {**game.options, "manche": 10**8}
    assert reads._key(game, reads.ruleset_of(game), COUNT + 1) not in (None, found)
    game = store.read(name)
    game.dealer = "Panisse"
    assert reads._key(game, reads.ruleset_of(game), COUNT + 1) not in (None, found)


def _run(home: Path, lang: str, *args: str) -> str:
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_LANG": lang, "NO_COLOR": "1", "COLUMNS": "120"}
    command = [sys.executable, "-m", "scorekeeper", *args]
    done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=ROOT)
    return f"{done.returncode}\n{done.stdout}\n{done.stderr}"


@pytest.mark.parametrize("game", ["manille", "hombre"])
def test_coup_and_undo_print_the_same_with_a_state_kept_and_without(game, home, tmp_path):
    """Real processes, in English, French and Dutch: the same words, byte for byte, from a kept state and
    from a replay of the whole game (the states deleted before each command)."""
    name = _game(game=game)
    without = tmp_path / "without"
    shutil.copytree(home, without)
    said = (
        ["--retourne", "kd", "--points", "César=50"]
        if game == "manille"
        else ["--hombre", "Bea", "--contract", "demande", "--tricks", "Bea=5,Ana=2,Cid=2"]
    )
    passed = ["--retourne", "7s", "--renonce", "Brun"] if game == "manille" else ["--pass"]
    commands = [
        ("en", "coup", *said),
        ("fr", "coup", *passed),
        ("nl", "undo"),
        ("fr", "undo"),
        ("en", "undo"),
        ("nl", "redo"),
        ("fr", "coup", *said),
    ]
    for lang, *args in commands:
        kept = _run(home, lang, *args, "--game", name)
        shutil.rmtree(without / "cache" / "states", ignore_errors=True)
        replayed = _run(without, lang, *args, "--game", name)
        assert kept == replayed, args
        assert kept.startswith("0\n"), kept
    assert _states(home)
