"""Each kept cache against a cold computation (issue 42): whatever a table does to a game, in whatever order,
what a command prints with the caches as they stand is what it prints with no cache at all. Hypothesis draws
the evenings; a cold computation is the same command after the whole cache folder is removed.

- the sheet's printed bytes (`scorekeeper.kept`), the running states (`store.states`) and the parsed copies
  (`store.cache`), through `sheet` in a process of its own, in two languages and two widths;
- the club's figures (`history`: each game's summary kept by the command that wrote it, and by its stamp),
  through `history.stats`.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_kept import sk

MARIUS = ["César", "Panisse", "Escartefigue", "Brun"]
# What a table does between two looks at the sheet: a coup, an undo and a redo, an edit, a note.
STEPS = {
    "coup": ["coup", "-r", "7s", "--points", "César=38"],
    "coup2": ["coup", "-r", "9h", "--points", "Panisse=44"],
    "renonce": ["coup", "-r", "Ac", "--renonce", "Brun"],
    "undo": ["undo"],
    "redo": ["redo"],
    "edit": ["edit", "1", "--points", "Brun=41"],
    "note": ["note", "la belle"],
}
LOOKS = [((), {}), (("--explain",), {}), ((), {"SCOREKEEPER_LANG": "fr"}), ((), {"COLUMNS": "40"})]


def printed(home: Path, args: tuple[str, ...], env: dict[str, str]) -> bytes:
    ran = sk(home, "sheet", *args, **env)
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.sampled_from(sorted(STEPS)), min_size=1, max_size=5), look=st.sampled_from(LOOKS))
def test_the_sheet_with_its_caches_is_the_sheet_without_them(tmp_path_factory, steps: list[str], look) -> None:
    home = tmp_path_factory.mktemp("home")
    players = [arg for name in MARIUS for arg in ("-p", name)]
    assert sk(home, "new", "manille-muette", *players, "--game", "marius").returncode == 0
    args, env = look
    for step in steps:
        sk(home, *STEPS[step])  # a step the game refuses (an edit of no coup, a redo of nothing) changes nothing
        warm = printed(home, args, env)
        again = printed(home, args, env)  # the kept bytes, where the first kept them
        shutil.rmtree(home / "cache", ignore_errors=True)
        assert warm == again == printed(home, args, env), steps


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    evenings=st.lists(
        st.lists(
            st.sampled_from([{"retourne": "7S", "points": {"César": 38}}, {"retourne": "9H", "renonce": "Brun"}]),
            max_size=6,
        ),
        min_size=1,
        max_size=4,
    )
)
def test_the_clubs_figures_with_their_caches_are_the_figures_without_them(
    tmp_path_factory, monkeypatch, evenings
) -> None:
    from scorekeeper import service, store
    from scorekeeper.errors import UserError
    from scorekeeper.service import history

    home = tmp_path_factory.mktemp("club")
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    for at, coups in enumerate(evenings):
        made = service.new("manille-muette", MARIUS, name=f"soir-{at}")
        for coup in coups:
            try:
                service.add(made.name, coup)
            except UserError:  # the partie is over (M-9): the evening ends there
                break
    warm, again = history.stats(), history.stats()
    shutil.rmtree(store.cache_dir(), ignore_errors=True)
    assert warm == again == history.stats()
