"""`concours status` says a list of tables with none in it, in every language: never "Tables finished: ;"."""

from __future__ import annotations

import json

import pytest


def _drawn(run, *lang: str) -> list[dict]:
    assert run(*lang, "concours", "new", "Printemps", "--ruleset", "manille-muette", "--coups", "2").code == 0
    for at in range(1, 5):
        assert run("concours", "register", "--player", f"A{at}", "--player", f"B{at}", "--team", f"T{at}").code == 0
    ran = run("concours", "draw", "--json")
    assert ran.code == 0, ran.err
    return json.loads(ran.out)["tables"]


@pytest.mark.parametrize(
    ("lang", "before", "after"),
    [
        ("en", "Tables finished: none; waiting: 1 and 2.", "Tables finished: 1 and 2; waiting: none."),
        ("fr", "Tables finies : aucune ; en attente : 1 et 2.", "Tables finies : 1 et 2 ; en attente : aucune."),
        ("nl", "Tafels klaar: geen; nog bezig: 1 en 2.", "Tafels klaar: 1 en 2; nog bezig: geen."),
    ],
)
def test_t2_a_status_with_no_table_finished_or_none_waiting_says_none(run, lang: str, before: str, after: str) -> None:
    tables = _drawn(run)
    assert before in run("--lang", lang, "concours", "status").out.splitlines()
    for table in tables:
        ran = run("concours", "result", "1", str(table["table"]), "--winner", table["teams"][0], "--points", "68-41")
        assert ran.code == 0, ran.err
    assert after in run("--lang", lang, "concours", "status").out.splitlines()
