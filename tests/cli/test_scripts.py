"""A table script never loses a coup (issue 27), through real processes, pipes and files: an output that
fails stops no storing and is said at the end (exit 3); a line that is not UTF-8, too long or nested too
deep is refused by its number and the rest goes on; nothing asks without a terminal; `#1` is a player."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import Exit

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("César", "Panisse", "Escartefigue", "Brun")
NIL = "7s cesar 34\n"  # a coup 34-34 with a retourne worth nothing: the partie never ends
STAYS = ": what was stored stays stored\n"


def scorekeeper(*args: str, stdin: object = subprocess.DEVNULL, **env: str) -> subprocess.CompletedProcess[str]:
    """`scorekeeper ARGS` in a process of its own, its standard input `stdin` (a file, text, or nothing)."""
    given = {"input": stdin} if isinstance(stdin, str) else {"stdin": stdin}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="backslashreplace",
        env=_env(**env),
        **given,  # type: ignore[call-overload]
    )


def _env(**env: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), **env}


def table(tmp_path: Path, script: bytes, *players: str) -> Path:
    """A game `t` with `players` (Marius's by default), and `script` in a file."""
    names = players or PLAYERS
    made = scorekeeper("new", "manille-muette", "--game", "t", *(a for name in names for a in ("-p", name)))
    assert made.returncode == 0, made.stderr
    path = tmp_path / "partie.txt"
    path.write_bytes(script)
    return path


def played(path: Path, **env: str) -> subprocess.CompletedProcess[bytes]:
    """`scorekeeper table < path`, its output as bytes."""
    with path.open("rb") as stdin:
        table = [sys.executable, "-m", "scorekeeper", "table"]
        return subprocess.run(table, stdin=stdin, capture_output=True, env=_env(**env), timeout=60)


def coups() -> list[dict]:
    shown = scorekeeper("sheet", "--game", "t", "--json")
    assert shown.returncode == 0, shown.stderr
    return list(json.loads(shown.stdout)["coups"])


# --- an output that fails ---------------------------------------------------------------------------------


@pytest.mark.parametrize("stderr", ["apart", "2>&1"])
def test_a_script_piped_into_head_stores_every_coup_and_says_where_its_output_failed(
    tmp_path: Path, stderr: str
) -> None:
    table(tmp_path, b"")
    played = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "table"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE if stderr == "apart" else subprocess.STDOUT,
        env=_env(),
    )
    assert played.stdin is not None and played.stdout is not None
    head = subprocess.Popen(["head", "-1"], stdin=played.stdout, stdout=subprocess.PIPE, text=True)
    played.stdout.close()  # head alone reads the pipe: once it is gone, the table's writes fail
    played.stdin.write(NIL.encode())
    played.stdin.flush()
    first, _ = head.communicate(timeout=60)  # head has its line and is gone before the script goes on
    played.stdin.write(NIL.encode() * 199)
    played.stdin.close()
    err = "" if played.stderr is None else played.stderr.read().decode()
    assert first.startswith("coup 1: 7s César=34")
    assert played.wait() == Exit.OUTPUT == 3, err
    assert len(coups()) == 200
    if stderr == "apart":
        assert err == "200 lines stored; the output failed at line 2 (Broken pipe)" + STAYS


def test_a_script_with_its_output_closed_stores_every_coup_and_exits_quietly(tmp_path: Path) -> None:
    """Standard output closed at the start (`>&-`): every command alike, as `sheet` (issue 43), exit 0 and
    nothing said; an output that fails as it is written (a full disk, below) is exit 3."""
    path = table(tmp_path, NIL.encode() * 3)
    with path.open("rb") as stdin:  # `table < partie.txt >&-`
        ran = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "table"],
            stdin=stdin,
            stderr=subprocess.PIPE,
            env=_env(),
            preexec_fn=lambda: os.close(1),
        )
    assert ran.returncode == 0 and len(coups()) == 3
    assert ran.stderr.decode() == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_a_script_written_to_a_full_disk_stores_every_coup_exit_3(tmp_path: Path) -> None:
    path = table(tmp_path, NIL.encode() * 4 + b"sheet\nundo\n")
    with path.open("rb") as stdin, open("/dev/full", "w") as full:
        ran = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "table"], stdin=stdin, stdout=full, stderr=subprocess.PIPE, env=_env()
        )
    err = ran.stderr.decode()
    assert ran.returncode == 3, err
    assert len(coups()) == 3  # four coups, then one undone: the undo is stored too
    assert err == "5 lines stored; the output failed at line 1 (No space left on device)" + STAYS


def test_in_french_the_failed_output_is_said_in_french(tmp_path: Path) -> None:
    path = table(tmp_path, NIL.encode())
    with path.open("rb") as stdin, open("/dev/full", "w") as full:
        ran = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "table"],
            stdin=stdin,
            stdout=full,
            stderr=subprocess.PIPE,
            env=_env(SCOREKEEPER_LANG="fr"),
        )
    assert ran.returncode == 3
    assert ran.stderr.decode().startswith("1 ligne enregistrée ; la sortie a échoué à la ligne 1 (")


# --- lines refused by their number ------------------------------------------------------------------------


@pytest.mark.parametrize("before", [1, 100])  # the line before and after 8 KB, where the decoder reads ahead
def test_a_line_that_is_not_utf8_is_refused_by_its_number_and_the_rest_goes_on(tmp_path: Path, before: int) -> None:
    comments = (b"# " + b"-" * 97 + b"\n") * before  # 100 bytes a line
    path = table(tmp_path, comments + b"7s c\xe9sar 34\n" + NIL.encode() * 3)
    for env in ({"PYTHONIOENCODING": "utf-8"}, {"LC_ALL": "C.UTF-8"}):  # strict like en_US.UTF-8; C's own
        ran = played(path, **env)
        err = ran.stderr.decode()
        assert ran.returncode == 2, err
        assert err == f"line {before + 1}: this line is not UTF-8 text (7s c\\xe9sar 34): save the script as UTF-8\n"
    assert len(coups()) == 2 * 3


def test_a_10_mb_line_is_refused_by_its_number_quoting_its_first_60_characters(tmp_path: Path) -> None:
    path = table(tmp_path, b"x" * 10_000_000 + b"\n" + NIL.encode() + b"y" * 4097 + NIL.encode() + b"z" * 4096 + b"\n")
    ran = played(path)
    err = ran.stderr.decode().splitlines()
    assert ran.returncode == 2
    assert err[0] == f"line 1: a line of more than 4096 characters, {'x' * 60!r}…: a coup is one short line"
    assert err[1].startswith(f"line 3: a line of more than 4096 characters, {'y' * 60!r}…")  # no line break at 4097
    assert err[2].startswith("line 4: 'zzz") and len(err) == 3  # 4,096 is a line's length, read as words
    assert len(coups()) == 1


@pytest.mark.parametrize(
    "deep",
    [
        "{" + ".".join(["a"] * 1000) + " = 1}",
        "{a = " + "[" * 1500 + "]" * 1500 + "}",
        "{a = " + "{a = " * 500 + "1" + "}" * 500 + "}",
    ],
    ids=["dotted keys", "arrays", "tables"],
)
def test_a_line_nested_1000_deep_is_one_clear_line(tmp_path: Path, deep: str) -> None:
    path = table(tmp_path, (deep + "\n" + NIL).encode())
    ran = played(path)
    assert ran.stderr.decode().startswith("line 1: ") and "Traceback" not in ran.stderr.decode()
    assert ran.returncode == 2 and len(coups()) == 1
    if len(deep) <= 4096:
        assert ran.stderr.decode() == "line 1: a line written as a table nests 8 deep at most\n"


# --- nothing asks without a terminal ----------------------------------------------------------------------


def test_a_line_that_would_ask_is_refused_naming_yes_and_the_next_lines_are_coups(tmp_path: Path) -> None:
    assert scorekeeper("demo").returncode == 0
    path = table(tmp_path, b"demo\n" + NIL.encode() * 2 + b"fix\nfix --from -\n" + NIL.encode())
    ran = played(path)
    err = ran.stderr.decode().splitlines()
    assert ran.returncode == 2 and len(coups()) == 3
    assert err[0].startswith('line 1: no terminal to ask "A game named demo exists: replace it')
    assert err[0].endswith("say yes beforehand with --yes")
    assert err[1].startswith("line 4: no terminal for an editor: give the list with --from FILE")
    assert err[2].startswith("line 5: a line of a script cannot read standard input")
    assert len(err) == 3


def test_a_command_that_would_ask_without_a_terminal_is_refused_exit_2_naming_yes() -> None:
    assert scorekeeper("demo").returncode == 0
    assert scorekeeper("coup", "--game", "demo", "-r", "7h").returncode == 2  # the partie is over: the demo is as made
    before = scorekeeper("sheet", "--game", "demo", "--json").stdout
    for stdin in (subprocess.DEVNULL, "y\n"):  # an answer on a pipe is no answer
        ran = scorekeeper("demo", stdin=stdin)
        assert ran.returncode == 2 and ran.stdout == ""
        assert ran.stderr.endswith("say yes beforehand with --yes\n") and ran.stderr.count("\n") == 1
    assert scorekeeper("sheet", "--game", "demo", "--json").stdout == before
    assert scorekeeper("demo", "--yes").returncode == 0
    ran = scorekeeper("fix", "--game", "demo", stdin="")
    assert ran.returncode == 2 and "no terminal for an editor: give the list with --from FILE" in ran.stderr


# --- a player named #1 ------------------------------------------------------------------------------------


def test_a_comment_is_a_hash_and_a_space_so_a_player_named_hash_1_says_coups(tmp_path: Path) -> None:
    players = ("#1", "Panisse", "# x", "Brun")
    path = table(tmp_path, b"# Marius's partie\n#\n#\tthird\n#1 40 7s\n7s # x 40\n8h #1 30\n", *players)
    ran = played(path)
    assert ran.returncode == 0, ran.stderr
    stored = coups()
    assert [coup["declared"]["points"] for coup in stored] == [{"#1": 40}, {"# x": 40}, {"#1": 30}]
    assert scorekeeper("note", "--game", "t", "1", "a # note #1").returncode == 0
    stored = coups()
    printed = scorekeeper("fix", "--game", "t", "--print")
    assert printed.stdout.splitlines()[:2] == ["# lang: en", "7s #1=40  # a # note #1"]
    fixed = scorekeeper("fix", "--game", "t", "--from", "-", stdin=printed.stdout)  # fix --print | fix --from -
    assert fixed.returncode == 0 and fixed.stdout == "nothing changed\n", fixed.stderr
    assert coups() == stored


# --- a script's language (C-2, issue 43) ------------------------------------------------------------------


def test_c2_a_script_read_under_another_language_than_its_lang_line_says_so_on_stderr(tmp_path: Path) -> None:
    path = table(tmp_path, "# lang: fr\n10h césar 40\n".encode())
    with path.open("rb") as stdin:
        ran = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "--lang", "nl", "table"],
            stdin=stdin,
            capture_output=True,
            env=_env(),
            timeout=60,
        )
    assert ran.returncode == 0
    assert ran.stderr.decode().splitlines() == [
        "scorekeeper: let op: de eerste regel van het bestand zegt # lang: fr; het wordt gelezen in nl, zoals --lang zegt"
    ]
    assert [coup["declared"]["retourne"] for coup in coups()] == ["10H"]
    assert played(path).stderr == b""  # read in the language it names: nothing to say


def test_c2_a_second_lang_line_in_a_joined_script_is_refused_not_a_comment(tmp_path: Path) -> None:
    path = table(tmp_path, "# lang: fr\n10h césar 40\n# lang: nl\n7s panisse 48\n".encode())
    ran = played(path)
    assert ran.returncode == Exit.MISTAKE
    assert ran.stderr.decode().splitlines() == [
        "line 3: a second # lang: line (nl): a script says its language once, on its first line; a script made of two"
        " is read in two runs (C-2)"
    ]
    assert [coup["declared"]["retourne"] for coup in coups()] == ["10H", "7S"]
