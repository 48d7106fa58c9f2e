"""Why the system refused a file or a stream is said in the language spoken (« fichier ou dossier
introuvable »), never in the system's English, for the reasons a user meets; English keeps the system's
own words."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import tomlfile

ROOT = Path(__file__).resolve().parents[2]


def scorekeeper(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, env=env, timeout=60
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("fr", "(fichier ou dossier introuvable)"),
        ("nl", "(bestand of map bestaat niet)"),
        ("en", "(No such file or directory)"),
    ],
)
def test_a_concours_import_of_a_missing_file_says_why_in_the_language(home: Path, lang: str, said: str) -> None:
    ran = scorekeeper("--lang", lang, "concours", "import", str(home / "nowhere.toml"))
    assert ran.returncode == 2 and said in ran.stderr and ran.stderr.count("\n") == 1, ran.stderr


@pytest.mark.parametrize(("lang", "said"), [("fr", "dossier introuvable"), ("nl", "map bestaat niet")])
def test_an_export_to_a_missing_folder_says_why_in_the_language(
    home: Path, tmp_path: Path, lang: str, said: str
) -> None:
    assert scorekeeper("new", "manille-muette", "-p", "A", "-p", "B", "-p", "C", "-p", "D").returncode == 0
    ran = scorekeeper("--lang", lang, "export", "-f", "csv", "--output", str(tmp_path / "elsewhere" / "no" / "x.csv"))
    assert ran.returncode == 2 and said in ran.stderr and "No such" not in ran.stderr, ran.stderr


def test_every_reason_said_has_words_in_every_language_and_english_is_the_system_s() -> None:
    from scorekeeper.i18n import compile as po

    for name in tomlfile.SAID_ERRNOS:
        code = getattr(errno, name)
        assert po.catalog("en")[f"reason.errno.{name}"] == os.strerror(code)
        for lang in ("fr", "nl"):
            assert po.catalog(lang)[f"reason.errno.{name}"] not in ("", os.strerror(code)), (lang, name)
    assert tomlfile.system_reason(OSError(errno.ENOTSUP, "odd")) == "odd"  # any other: the system's words
