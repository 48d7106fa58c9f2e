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
    "scorekeeper.games.hombre.referee",
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
