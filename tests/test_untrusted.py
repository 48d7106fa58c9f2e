"""Untrusted files (issue 6): a ruleset or a game file from someone else is data only.

Nothing in it is evaluated (code, shell, templates, format strings, terminal markup are shown as
typed), and no game name or path in it, nor any `--game` or `current`, writes outside the data
folder: each is refused with exit 2 and one line, and the tree around is listed before and after.
"""

from __future__ import annotations

import json
import os
import time
import tomllib
from pathlib import Path

import pytest
import tomli_w

MARIUS = ("César", "Panisse", "Escartefigue", "Brun")
PLAYERS = [a for p in MARIUS for a in ("-p", p)]


def payloads(trap: Path) -> list[str]:
    """Strings that do something if anything evaluates them: each would create a file in `trap`."""
    return [
        f"__import__('os').system('touch {trap}/python')",
        f"$(touch {trap}/shell)",
        f"`touch {trap}/backticks`",
        f"; touch {trap}/semicolon",
        "{{7*7}} ${7*7} #{7*7} %(name)s {0} {name!r}",
        f"{{{{ ''.__class__.__mro__[1].__subclasses__() }}}} !!python/object/apply:os.system ['touch {trap}/yaml']",
        "[/] [bold]bold[/bold] [link=file:///etc/passwd]link[/link] \\",
        "\x1b[31mred\x1b[0m",
    ]


def tree(root: Path) -> dict[str, bytes | None]:
    """Every file (with its bytes) and folder under `root`; symlinks by their target."""
    listing: dict[str, bytes | None] = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder, name)
            if path.is_symlink():
                listing[str(path)] = os.readlink(path).encode()
            else:
                listing[str(path)] = path.read_bytes() if path.is_file() else None
    return listing


def outside(before: dict[str, bytes | None], after: dict[str, bytes | None], home: Path) -> list[str]:
    """The paths created, changed or removed outside the data folder."""
    return sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p) and not p.startswith(f"{home}/"))


def refused(ran) -> None:
    assert ran.code == 2, (ran.code, ran.out, ran.err)
    assert ran.err.endswith("\n") and len(ran.err.splitlines()) == 1, ran.err


@pytest.fixture
def trap(tmp_path: Path, monkeypatch) -> Path:
    """The folder an evaluated payload would write into; the commands run from a folder beside it."""
    folder = tmp_path / "trap"
    folder.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return folder


# --- nothing is evaluated ---------------------------------------------------------------------------


def test_a_ruleset_from_someone_else_is_shown_as_typed_never_evaluated(run, home, trap, tmp_path):
    texts = payloads(trap)
    house = tmp_path / "work" / "house.toml"
    ruleset = {
        "extends": "manille-muette",
        "name": "house",
        "title": texts[0],
        "description": " | ".join(texts),
        "source": texts[4],
        "options": {text.partition("=")[0]: "partie.kind" for text in texts},
    }
    house.write_text(tomli_w.dumps(ruleset), encoding="utf-8")
    assert run("rules", "check", str(house)).code == 0
    shown = json.loads(run("rules", "show", "./house.toml", "--json").out)
    assert shown["title"] == texts[0] and shown["description"] == " | ".join(texts)
    assert {text.partition("=")[0]: "partie.kind" for text in texts}.items() <= shown["options"].items()
    out = run("rules", "show", "./house.toml").out
    assert texts[0] in out and "{{7*7}}" in out and "[/] [bold]bold[/bold]" in out
    for text in texts:  # an option named by a payload (up to its first "="): stored and replayed as data
        ran = run("new", "./house.toml", *PLAYERS, "--option", f"{text.partition('=')[0]}=seche")
        assert ran.code == 0, ran.err
        assert run("sheet").code == 0 and run("games").code == 0
    assert run("check", "./house.toml", "--trump", "h", "--table", "O:Ah", "--hand", "7h 8c").code == 0
    assert sorted(trap.iterdir()) == []


def test_a_game_file_from_someone_else_is_shown_as_typed_never_evaluated(run, home, trap):
    texts = payloads(Path("../trap"))  # the commands run beside the trap: names of 64 characters at most (C-4)
    # A player's name has no '=', ',' or ':' (they separate PLAYER=N): the markup payload without its link.
    texts[6] = texts[6].partition(" [link")[0]
    players = ["César", texts[0], texts[1], texts[6]]
    assert run("new", "manille-muette", "--game", "given", *(a for p in players for a in ("-p", p))).code == 0
    path = home / "games" / "given.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["ruleset"]["title"] = texts[5]
    data["ruleset"]["description"] = texts[4]
    data["ruleset_name"] = texts[2]
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    for points in (f"{texts[0]}=40", f"{texts[6]}=30"):
        ran = run("coup", "-r", "10h", "--points", points)
        assert ran.code == 0, ran.err
    sheet = json.loads(run("sheet", "--json").out)
    assert sheet["players"] == players
    assert [c["declared"]["points"] for c in sheet["coups"]] == [{texts[0]: 40}, {texts[6]: 30}]
    out = run("sheet", "--explain").out
    assert "[/] [bold]bold[/bold]" in out and texts[0] in out
    games = run("games")
    assert games.code == 0 and "[/]" in games.out
    assert json.loads(run("games", "--json").out)[0]["ruleset"] == texts[2]
    ran = run("audit", "manille-muette", "--players", "[/] [bold] \\ {{7*7}}", "--trump", "h", "--leader", "[bold]",
              "--trick", "7h 8h 9h 10h")  # fmt: skip
    assert ran.code == 0 and "[/]" in ran.out
    # A coup's unknown field is refused, not run.
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["coups"][0][texts[0]] = texts[1]
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    refused(run("sheet"))
    assert sorted(trap.iterdir()) == []


# --- nothing written outside the data folder ----------------------------------------------------------


BAD_NAMES = ["../evil", "../../evil", "..", ".", "a/b", "games/../../evil", "~/evil", "~evil", "C:\\evil",
             "\\\\server\\share\\evil", "evil.toml", "-evil", ".evil", "e" * 65, "evil\n", "évil", ""]  # fmt: skip
REFUSED_NAMES = ("e" * 65, "evil\n", "")  # C-4: too long, unprintable, empty; the others are names, kept inside


@pytest.mark.parametrize("name", [*BAD_NAMES, "ABSOLUTE"])
def test_a_game_name_that_is_a_path_is_refused_and_nothing_is_written_outside(run, home, tmp_path, name):
    if name not in REFUSED_NAMES:  # C-4: a name, its file name derived safely inside the games folder
        before = tree(tmp_path)
        assert run("new", "manille-muette", "--game", name, *PLAYERS).code in (0, 2)
        assert run("coup", "--game", name, "-r", "10h", "--points", "César=40").code in (0, 2)
        assert outside(before, tree(tmp_path), home) == []
        assert all(path.parent == home / "games" for path in home.rglob("*.toml"))
        return
    assert run("new", "manille-muette", "--game", "cafe", *PLAYERS).code == 0
    name = str(tmp_path / "outside" / "evil") if name == "ABSOLUTE" else name
    before = tree(tmp_path)
    for command in (
        ["new", "manille-muette", "--game", name, *PLAYERS],
        ["coup", "--game", name, "-r", "10h", "--points", "César=40"],
        ["edit", "1", "--game", name, "--points", "César=40"],
        ["sheet", "--game", name],
        ["undo", "--game", name],
        ["redo", "--game", name],
        ["settle", "--game", name],
    ):
        refused(run(*command))
    assert tree(tmp_path) == before


@pytest.mark.parametrize("says", ["../../evil", "../cafe", "/ABSOLUTE/evil", "evil/../cafe", ""])
def test_a_game_file_whose_name_says_a_path_is_refused_and_nothing_is_written_outside(run, home, tmp_path, says):
    assert run("new", "manille-muette", "--game", "cafe", *PLAYERS).code == 0
    assert run("coup", "-r", "10h", "--points", "César=40").code == 0
    path = home / "games" / "cafe.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["name"] = says.replace("/ABSOLUTE", str(tmp_path / "outside"))
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    before = tree(tmp_path)
    for command in (["coup", "-r", "7s", "--points", "César=40"], ["edit", "1", "--points", "Brun=40"], ["undo"],
                    ["redo"], ["sheet"], ["settle"]):  # fmt: skip
        refused(run(*command, "--game", "cafe"))
    assert run("games").code == 0  # listed as unreadable, written nowhere
    assert tree(tmp_path) == before


@pytest.mark.parametrize(
    "current", [b"../../evil", b"../games/cafe", b"/ABSOLUTE/evil", b"..", b"games/cafe", b"\xff\xfe", b"cafe/..", b""]
)
def test_a_current_file_pointing_outside_is_refused_and_nothing_is_written_outside(run, home, tmp_path, current):
    assert run("new", "manille-muette", "--game", "cafe", *PLAYERS).code == 0
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "evil.toml").write_bytes((home / "games" / "cafe.toml").read_bytes())
    (home / "current").write_bytes(current.replace(b"/ABSOLUTE", str(tmp_path / "outside").encode()))
    before = tree(tmp_path)
    for command in (["coup", "-r", "7s", "--points", "César=40"], ["undo"], ["redo"], ["sheet"], ["settle"],
                    ["edit", "1", "--points", "Brun=40"]):  # fmt: skip
        refused(run(*command))
    assert tree(tmp_path) == before


def test_symlinks_in_the_data_folder_are_replaced_never_written_through(run, home, tmp_path):
    """A game file or `current` that is a link to a file elsewhere: the write replaces the link."""
    assert run("new", "manille-muette", "--game", "cafe", *PLAYERS).code == 0
    elsewhere = tmp_path / "outside"
    elsewhere.mkdir()
    game = home / "games" / "cafe.toml"
    (elsewhere / "cafe.toml").write_bytes(game.read_bytes())
    (elsewhere / "current").write_bytes(b"cafe")
    game.unlink()
    game.symlink_to(elsewhere / "cafe.toml")
    (home / "current").unlink()
    (home / "current").symlink_to(elsewhere / "current")
    before = tree(elsewhere)
    assert run("coup", "--game", "cafe", "-r", "10h", "--points", "César=40").code == 0
    assert run("undo").code == 0 and run("redo").code == 0
    assert tree(elsewhere) == before
    assert not game.is_symlink() and len(tomllib.loads(game.read_text(encoding="utf-8"))["coups"]) == 1


EXTENDS = ["/etc/passwd", "../../../../../../etc/passwd", "/dev/null", "/", "..", "~", "~/x.toml", "/nonexistent.toml",
           "outside", "outside/", "house.toml", "loop.toml", "C:\\Windows\\x.toml", "\\\\server\\share\\x.toml",
           "file:///etc/passwd", "https://example.com/x.toml", "x" * 5000, "x" * 300 + ".toml", "a\nb.toml",
           "manille-muette.toml", "../manille-muette", "rulesets/manille-muette.toml", "", "[/]"]  # fmt: skip


@pytest.mark.parametrize("extends", EXTENDS)
def test_a_ruleset_extending_an_odd_path_is_refused_and_nothing_is_written(run, home, tmp_path, trap, extends):
    work = tmp_path / "work"
    (tmp_path / "outside").mkdir()
    (work / "loop.toml").write_text(tomli_w.dumps({"extends": "house.toml", "game": "manille"}), encoding="utf-8")
    (work / "house.toml").write_text(tomli_w.dumps({"extends": extends, "title": "house"}), encoding="utf-8")
    before = tree(tmp_path)
    for command in (["rules", "check", "house.toml"], ["rules", "show", "./house.toml"],
                    ["new", "./house.toml", *PLAYERS], ["check", "./house.toml", "--trump", "h", "--hand", "7h"]):  # fmt: skip
        refused(run(*command))
    assert tree(tmp_path) == before


@pytest.mark.parametrize(
    "section, key, value",
    [("partie", "deals", 10**18), ("multipliers", "contre", 10**4000), ("partie", "manche", 10**12)],
)
def test_a_ruleset_number_too_large_to_play_is_refused_at_once(run, home, tmp_path, section, key, value):
    """A partie of 10**18 deals counted its sans-atout quotas deal by deal; a multiplier of 4,000 digits
    made scores too long to print: both are refused with the key and the largest number accepted."""
    house = tmp_path / "work" / "house.toml"
    house.parent.mkdir(exist_ok=True)
    house.write_text(tomli_w.dumps({"extends": "manillen", section: {key: value}}), encoding="utf-8")
    started = time.monotonic()
    for command in (["rules", "check", str(house)], ["new", str(house), *PLAYERS]):
        ran = run(*command)
        refused(ran)
        assert f"key '{section}.{key}' must be at most 1,000,000,000" in ran.err
    assert time.monotonic() - started < 5
    assert not (home / "games").exists() or not list((home / "games").glob("*.toml"))


def test_a_partie_of_a_billion_deals_is_counted_without_a_loop(run, home):
    """M-10: the choices left are counted from the deals left, not deal by deal."""
    started = time.monotonic()
    assert run("new", "manillen", *PLAYERS, "-o", "deals=1000000000").code == 0
    ran = run("coup", "--trump", "h", "--points", "César=40")
    assert ran.code == 0 and "499999999 choices left" in ran.out
    assert time.monotonic() - started < 5
