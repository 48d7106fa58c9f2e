"""Start-up is a feature at the table: the rules core never imports the terminal libraries."""

import subprocess
import sys

CORE = [
    "scorekeeper.cards",
    "scorekeeper.players",
    "scorekeeper.rulesets",
    "scorekeeper.ledger",
    "scorekeeper.manille",
    "scorekeeper.hombre",
    "scorekeeper.referee.audit",
    "scorekeeper.referee.check",
    "scorekeeper.game",
]


def test_the_core_imports_neither_typer_nor_rich_nor_click():
    code = (
        f"import sys; import {', '.join(CORE)}; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'rich', 'click', 'tomli_w', 'platformdirs'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
