from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from scorekeeper.cli.app import app
from scorekeeper.errors import UserError
from scorekeeper.present.said import said

# An error carries its key and values, and the edge renders it (`errors`): the tests read a mistake's
# words as the command line would say it, through `str()` (pytest's `match=`).
UserError.__str__ = said  # type: ignore[assignment,method-assign]

MARIUS = ("César", "Panisse", "Escartefigue", "Brun")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own SCOREKEEPER_HOME: no test ever touches the user's games."""
    folder = tmp_path / "home"
    monkeypatch.setenv("SCOREKEEPER_HOME", str(folder))
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")  # the tests read English, whatever the machine's locale
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    yield folder
    # A command run in this process in another language (`--lang fr`) leaves that language spoken: the
    # next test, which may render records without a command, hears English again.
    from scorekeeper import i18n
    from scorekeeper.language import Language

    i18n.speak(Language.named("en"))


@pytest.fixture(autouse=True)
def written_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write of the suite's games is byte for byte what formatting the whole game writes: the lines
    a write takes from the file before are those of the same coups (`scorekeeper.store.written`)."""
    import tomli_w

    from scorekeeper.store import files, written

    def checked(data: dict, before: written.Written | None = None) -> written.Written:
        made = written.dumps(data, before)
        assert made.text == tomli_w.dumps(data)
        return made

    monkeypatch.setattr(files, "dumps", checked)


@dataclass
class Ran:
    code: int
    out: str
    err: str


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str) -> Ran:
        result = runner.invoke(app, list(args))
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return Ran(result.exit_code, result.stdout, result.stderr)

    return invoke


@pytest.fixture
def marius(run):
    """A manille-muette game with Marius's four players, César dealing first."""
    players = [arg for name in MARIUS for arg in ("--player", name)]
    assert run("new", "manille-muette", *players, "--game", "marius").code == 0
    return run
