"""Shell completion (issue 19): bash through its completion protocol, zsh and fish scripts generated
and checked; names matched as folded (C-4); nothing of it loaded by a command that is not completing."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
SCOREKEEPER = str(BIN / "scorekeeper")


def _environment(**extra: str) -> dict[str, str]:
    return {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", **extra}


def complete(line: str, instruction: str = "bash_complete") -> list[str]:
    """What bash's protocol gets for the last word of `line` (a trailing space: a new, empty word), each
    value read back as bash reads the word it is sent as (`Café\\ du\\ Port`)."""
    words = line.split()
    cword = len(words) - (0 if line.endswith(" ") else 1)
    env = _environment(COMP_WORDS=line, COMP_CWORD=str(cword), _SCOREKEEPER_COMPLETE=instruction)
    ran = subprocess.run([SCOREKEEPER], env=env, capture_output=True, text=True)
    assert ran.returncode == 0 and ran.stderr == "", ran.stderr
    read = [shlex.split(line) for line in ran.stdout.splitlines() if line]
    assert all(len(words) == 1 for words in read), ran.stdout
    return [words[0] for words in read]


@pytest.fixture
def hombre(run):
    players = [arg for name in ("César", "Panisse", "Escartefigue") for arg in ("-p", name)]
    assert run("new", "hombre", *players, "-g", "café du port").code == 0


def test_commands_and_options_complete(marius) -> None:
    assert complete("scorekeeper sh") == ["sheet"]
    assert "stats" in complete("scorekeeper st") and "settle" not in complete("scorekeeper st")
    assert complete("scorekeeper sheet --ga") == ["--game"]
    assert complete("scorekeeper rules s") == ["show"]


def test_click_and_typer_orders_of_the_instruction_both_complete(marius) -> None:
    assert complete("scorekeeper sh", "complete_bash") == complete("scorekeeper sh", "bash_complete") == ["sheet"]


def test_c4_players_of_the_game_in_use_complete_without_accents(marius) -> None:
    """C-4: `ces` finds César, as the commands find him."""
    assert complete("scorekeeper coup --taker ces") == ["César"]
    assert complete("scorekeeper coup --taker ") == ["César", "Panisse", "Escartefigue", "Brun"]
    assert complete("scorekeeper settle --statement esc") == ["Escartefigue"]


def test_players_of_the_game_named_with_game(marius, hombre) -> None:
    """The current game is the hombre one; `-g marius` completes Marius's fourth player."""
    assert complete("scorekeeper coup -g marius --dealer br") == ["Brun"]
    assert complete("scorekeeper coup --dealer br") == []


def test_game_and_ruleset_names_complete(marius, hombre) -> None:
    assert complete("scorekeeper sheet -g cafe") == ["café du port"]
    assert complete("scorekeeper use ") == ["café du port", "marius"]
    assert "manille-muette" in complete("scorekeeper new manille-m")
    assert complete("scorekeeper rules show hombre") == ["hombre", "hombre-1709"]
    assert all(name.startswith("manille") for name in complete("scorekeeper check manille"))


def test_c1_cards_of_the_games_deck_and_h6_contracts_complete(marius, hombre) -> None:
    """C-1: manille's deck has no 2; l'hombre's 40 cards have. H-6: the contracts."""
    assert complete("scorekeeper coup -g marius -r 10") == ["10S", "10H", "10D", "10C"]
    assert complete("scorekeeper coup -g marius -r 2") == []
    assert "2S" in complete("scorekeeper coup -r 2")
    assert complete("scorekeeper coup --contract s") == ["sans-prendre"]


def test_games_restore_completes_the_trash_and_the_archive(run, marius, hombre) -> None:
    assert run("games", "delete", "marius").code == 0 and run("games", "archive", "café du port").code == 0
    assert complete("scorekeeper games restore ") == ["café du port", "marius"]
    assert complete("scorekeeper games delete ") == []


def test_games_restore_completes_the_id_of_each_game_of_a_name_put_away_twice(run) -> None:
    """Issue 27: `h` deleted twice is `h~1` and `h~2` in `games --trash`; the name brings back the newest
    alone, so each id completes too, one word as bash reads it (a tilde, a `$(...)` quoted)."""
    players = [arg for name in ("A", "B", "C", "D") for arg in ("-p", name)]
    for name in ("h", "h", "~x $(touch Q)", "~x $(touch Q)", "once"):
        assert run("new", "manille-muette", *players, "-g", name).code == 0
        assert run("games", "delete", name).code == 0
    assert complete("scorekeeper games restore h") == ["h", "h~1", "h~2"]
    assert complete("scorekeeper games restore ~") == ["~x $(touch Q)", "~x $(touch Q)~1", "~x $(touch Q)~2"]
    assert complete("scorekeeper games restore o") == ["once"]
    assert run("games", "restore", "h~1").code == 0 and run("games", "restore", "~x $(touch Q)~2").code == 0


def test_completion_of_a_missing_game_is_empty_not_a_mistake(run) -> None:
    assert complete("scorekeeper coup --taker ") == []
    assert complete("scorekeeper sheet -g ") == []


def test_bash_completes_through_its_own_protocol(marius) -> None:
    """The script bash sources, run by bash: COMP_WORDS/COMP_CWORD in, COMPREPLY out."""
    script = (
        "source <(scorekeeper --show-completion bash)\n"
        "COMP_WORDS=(scorekeeper coup --taker ces); COMP_CWORD=3\n"
        "_scorekeeper_completion scorekeeper\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    ran = subprocess.run(["bash", "-c", script], env=_environment(), capture_output=True, text=True)
    assert ran.stdout == "César\n", ran.stderr


def _script(shell: str) -> str:
    ran = subprocess.run([SCOREKEEPER, "--show-completion", shell], env=_environment(), capture_output=True, text=True)
    assert ran.returncode == 0 and ran.stderr == ""
    return ran.stdout


@pytest.mark.parametrize(
    ("shell", "check", "says"),
    [
        ("bash", ["bash", "-n"], "complete -o default -F _scorekeeper_completion scorekeeper"),
        ("zsh", ["zsh", "-n"], "compdef _scorekeeper_completion scorekeeper"),
        ("fish", ["fish", "--no-execute"], "complete --command scorekeeper"),
    ],
)
def test_show_completion_gives_a_script_the_shell_reads(shell: str, check: list[str], says: str, tmp_path) -> None:
    script = _script(shell)
    assert says in script and f"_SCOREKEEPER_COMPLETE=complete_{shell}" in script
    if shutil.which(check[0]) is None:
        pytest.skip(f"{check[0]} is not installed: the script was checked by its content")
    path = tmp_path / f"scorekeeper.{shell}"
    path.write_text(script)
    ran = subprocess.run([*check, str(path)], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr


def test_zsh_and_fish_complete_through_the_scripts_protocol(marius) -> None:
    zsh = _environment(_SCOREKEEPER_COMPLETE="complete_zsh", _TYPER_COMPLETE_ARGS="scorekeeper coup --taker ces")
    ran = subprocess.run([SCOREKEEPER], env=zsh, capture_output=True, text=True)
    assert ran.returncode == 0 and "compadd" in ran.stdout and "-- $'C\\xc3\\xa9sar'; fi\n" in ran.stdout
    fish = _environment(
        _SCOREKEEPER_COMPLETE="complete_fish",
        _TYPER_COMPLETE_FISH_ACTION="get-args",
        _TYPER_COMPLETE_ARGS="scorekeeper coup --taker ces",
    )
    ran = subprocess.run([SCOREKEEPER], env=fish, capture_output=True, text=True)
    assert ran.stdout.splitlines() == ["César"] and ran.returncode == 0


def test_install_completion_writes_the_script_and_says_where(tmp_path) -> None:
    env = _environment(HOME=str(tmp_path))
    ran = subprocess.run([SCOREKEEPER, "--install-completion", "bash"], env=env, capture_output=True, text=True)
    installed = tmp_path / ".bash_completions" / "scorekeeper.sh"
    assert (
        ran.returncode == 0
        and ran.stdout == f"bash completion installed in {installed}: it works in the next terminal you open.\n"
    )
    assert "_scorekeeper_completion" in installed.read_text()
    assert f"source '{installed}'" in (tmp_path / ".bashrc").read_text()


def test_a_shell_without_completion_is_one_line_exit_2(tmp_path) -> None:
    ran = subprocess.run(
        [SCOREKEEPER, "--show-completion", "tcsh"], env=_environment(HOME=str(tmp_path)), capture_output=True, text=True
    )
    assert ran.returncode == 2 and ran.stdout == ""
    assert ran.stderr == "scorekeeper: no completion for the shell 'tcsh': name one of bash, zsh or fish\n"
    assert list(tmp_path.iterdir()) == []


def test_show_completion_without_a_shell_finds_the_one_it_runs_in() -> None:
    ran = subprocess.run(
        [SCOREKEEPER, "--show-completion"], env=_environment(SHELL="/bin/bash"), capture_output=True, text=True
    )
    assert ran.returncode == 0 and "_SCOREKEEPER_COMPLETE=complete_" in ran.stdout


def test_a_repeated_option_half_typed_still_completes(marius) -> None:
    """`-r` given twice is refused when the command runs, not while the line is being typed."""
    assert complete("scorekeeper coup -r 10h -r 10") == ["10S", "10H", "10D", "10C"]


def test_completion_options_are_in_the_help(run) -> None:
    out = run("--help").out
    assert "--install-completion [SHELL]" in out and "--show-completion [SHELL]" in out


def test_a_command_that_is_not_completing_loads_no_completion_machinery(marius) -> None:
    """Start-up: typer's completion classes are registered, and its filter replaced, only when completing."""
    code = (
        "import sys, click.shell_completion as shell, typer.core\n"
        "from scorekeeper.cli import main\n"
        "try: main(['sheet', '--game', 'marius'])\n"
        "except SystemExit: pass\n"
        "print(shell.get_completion_class('bash').__module__, typer.core._typer_param_setup_autocompletion_compat.__module__)"
    )
    out = subprocess.run([sys.executable, "-c", code], env=_environment(), capture_output=True, text=True).stdout
    assert out.splitlines()[-1] == "click.shell_completion typer.core"
