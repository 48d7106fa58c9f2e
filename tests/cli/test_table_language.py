"""The language of the commands a table runs in its process (C-2): they speak the table's, and a file they
read (`fix --from`) is read in the language its first line names, else its game's, unless the table's
user gave `--lang`. Real processes: the table reads its script on standard input."""

from __future__ import annotations

from pathlib import Path

# A real process with the environment the test says, and the declarations stored: test_dutch's own.
from tests.i18n.test_dutch import FLEMISH, _declared, _scorekeeper


def _a_dutch_game_and_its_french_list(home: Path, folder: Path) -> tuple[list[dict], Path]:
    """A Dutch manille-muette game of three coups, and its `fix` list written in French (`# lang: fr`): `Dc`
    there is the dame de cœur, which Dutch reads as the vrouw of klaveren."""
    players = [arg for name in FLEMISH for arg in ("-p", name)]
    assert _scorekeeper(home, "--lang", "nl", "new", "manille-muette", *players).returncode == 0
    for line in ("Vh jan 40", "hartenvrouw jan verzaakt", "schoppen aas piet 50"):
        assert _scorekeeper(home, "--lang", "nl", "coup", *line.split()).returncode == 0
    french = _scorekeeper(home, "--lang", "fr", "fix", "--print").stdout
    assert french.splitlines()[0] == "# lang: fr" and "Dc" in french
    listed = folder / "liste.txt"
    listed.write_text(french, encoding="utf-8")
    return _declared(home), listed


def test_c2_fix_from_a_file_at_a_table_reads_the_language_its_first_line_names(tmp_path: Path) -> None:
    """A Dutch table runs `fix --from` a French list: read in French, nothing changes, and the table's own
    words are still Dutch (`er is niets veranderd`), with SCOREKEEPER_LANG or without."""
    home = tmp_path / "home"
    before, listed = _a_dutch_game_and_its_french_list(home, tmp_path)
    for env in ({}, {"SCOREKEEPER_LANG": "nl"}):
        ran = _scorekeeper(home, "table", stdin=f"fix --from {listed}\n", **env)
        assert ran.returncode == 0, ran.stderr
        assert _declared(home) == before, env
        assert "niets veranderd" in ran.stdout


def test_c2_the_table_s_user_giving_lang_rules_the_files_its_commands_read(tmp_path: Path) -> None:
    """`--lang nl` said to the table reads the French list in Dutch: `Dc` is then the vrouw of klaveren, and
    the coups change (C-2: the user's --lang first)."""
    home = tmp_path / "home"
    before, listed = _a_dutch_game_and_its_french_list(home, tmp_path)
    ran = _scorekeeper(home, "--lang", "nl", "table", stdin=f"fix --from {listed}\n")
    assert ran.returncode == 0, ran.stderr
    changed = _declared(home)
    assert changed != before and changed[1]["retourne"] == "QC"
    # Without it, the same table reads the list in French again: the coups as they were.
    assert _scorekeeper(home, "table", stdin=f"fix --from {listed}\n").returncode == 0
    assert _declared(home) == before
