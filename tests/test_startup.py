"""Start-up is a feature at the table: the rules core never imports the terminal libraries."""

import subprocess
import sys

CORE = [
    "scorekeeper.cards",
    "scorekeeper.players",
    "scorekeeper.rulesets",
    "scorekeeper.store",
    "scorekeeper.games",
    "scorekeeper.games.manille",
    "scorekeeper.games.manille.referee",
    "scorekeeper.games.hombre",
    "scorekeeper.games.spadille.referee",
    "scorekeeper.games.lhombre",
    "scorekeeper.referee.audit",
    "scorekeeper.service",
]


def test_the_core_imports_neither_typer_nor_rich_nor_click():
    code = (
        f"import sys; import {', '.join(CORE)}; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'rich', 'click', 'tomli_w', 'platformdirs'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_store_imports_json_tempfile_hashlib_and_platformdirs_only_when_a_call_needs_them():
    """Every command imports the store; only a write, a long game or no SCOREKEEPER_HOME pays for these."""
    lazy = {"json", "tempfile", "hashlib", "_blake2", "platformdirs", "tomli_w"}
    code = f"import sys; import scorekeeper.store; print(sorted({{m.split('.')[0] for m in sys.modules}} & {lazy!r}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


WEB = {"starlette", "uvicorn", "jinja2", "markupsafe", "segno", "anyio", "h11", "scorekeeper.web"}


def _imported(*args: str, env: dict | None = None) -> set[str]:
    """The modules a real run of `scorekeeper ARGS` imported, as `python -X importtime` lists them."""
    import os

    ran = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "scorekeeper", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
    )
    return {line.rsplit("|", 1)[-1].strip() for line in ran.stderr.splitlines() if line.startswith("import time:")}


def test_only_serve_pays_for_the_web_stack(tmp_path):
    """Starlette, uvicorn, Jinja2 and segno are imported by `serve` alone (issue 33): `sheet`, `coup --help`
    and `--help` import none of them."""
    env = {"SCOREKEEPER_HOME": str(tmp_path)}
    subprocess.run(
        [sys.executable, "-m", "scorekeeper", "demo", "--yes"],
        capture_output=True,
        env={**__import__("os").environ, **env},
    )
    for args in (["sheet"], ["coup", "--help"], ["--help"]):
        modules = _imported(*args, env=env)
        assert "scorekeeper.cli.app" in modules  # the list is read
        assert not {m for m in modules if m.split(".")[0] in WEB or m.startswith("scorekeeper.web")}, args
    served = _imported("serve", "--help", env=env)  # its help neither: the stack is imported when it serves
    assert not {m for m in served if m.split(".")[0] in WEB}


def test_a_kept_sheet_imports_neither_typer_nor_the_catalogs_nor_the_engines(tmp_path):
    """A sheet asked again of a game that did not change is printed as it was kept (`scorekeeper.kept`),
    before typer, rich, the catalogs, the store, the rulesets or any game are imported (issue 28)."""
    import os

    env = {"SCOREKEEPER_HOME": str(tmp_path)}
    demo = [sys.executable, "-m", "scorekeeper", "demo", "--yes"]
    subprocess.run(demo, capture_output=True, env={**os.environ, **env})
    assert "scorekeeper.cli.app" in _imported("sheet", env=env)  # drawn, and kept
    modules = _imported("sheet", env=env)
    assert "scorekeeper.kept" in modules
    heavy = {"typer", "click", "rich", "tomllib", "pathlib", "gettext"}
    heavy |= {"scorekeeper.i18n", "scorekeeper.store", "scorekeeper.rulesets", "scorekeeper.games"}
    heavy.add("scorekeeper.cli.app")
    assert not {module for module in modules if module in heavy or module.split(".")[0] in heavy}


def test_a_coup_of_one_game_imports_no_other_game(tmp_path):
    """`coup` declares every game's options, read from each game's `options.py` alone (`games.offers`): a coup
    on a manille game imports neither l'hombre's engine nor Danish l'hombre's (11 ms when one slipped in)."""
    env = {"SCOREKEEPER_HOME": str(tmp_path), "SCOREKEEPER_LANG": "en"}
    made = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "new", "manille-muette", "-p", "A", "-p", "B", "-p", "C", "-p", "D"],
        capture_output=True,
        env={**__import__("os").environ, **env},
    )
    assert made.returncode == 0
    modules = _imported("coup", "-r", "7s", "--points", "A=40", env=env)
    assert "scorekeeper.games.manille.declaration" in modules  # the list is read: the game played is there
    others = {"scorekeeper.games.hombre", "scorekeeper.games.lhombre", "scorekeeper.games.spadille"}
    assert not {m for m in modules if m in others or m.rpartition(".")[0] in others - {"scorekeeper.games.spadille"}}
