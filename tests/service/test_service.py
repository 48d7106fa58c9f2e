"""The service as a Python user handles it: every name from `scorekeeper.service`, an edit replayed."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from scorekeeper import service


def test_an_edit_replays_the_coup_it_changes(home) -> None:
    """The same coup, its 40 points said of César then of Panisse: 11 to 0, then 5 to 6."""
    game = service.new("manille-muette", ["César", "Panisse", "Escartefigue", "Brun"])
    assert service.add(game.name, {"retourne": "10h", "points": {"César": 40}}).scores == (11, 0)
    assert service.edit(game.name, 1, {"points": {"Panisse": 40}}).scores == (5, 6)
    assert [coup["points"] for coup in service.read(game.name).coups] == [{"Panisse": 40}]


def test_every_name_of_the_service_is_found_in_its_module() -> None:
    found = {name: getattr(service, name) for name in service.__all__}
    assert found["add"].__module__ == "scorekeeper.service.entries"
    assert found["rename"].__module__ == "scorekeeper.service.life"
    assert found["fiche"].__module__ == "scorekeeper.service.reads"
    assert dir(service) == sorted(found)


def test_the_names_mypy_imports_are_the_names_the_service_loads() -> None:
    """The facade's TYPE_CHECKING imports (mypy's) and its table of homes (the lazy loader's) name the same
    names in the same modules; what the entries use among themselves (`append`, `read_words`) is in neither."""
    tree = ast.parse(Path(service.__file__).read_text(encoding="utf-8"))
    checking = next(
        node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    imported: dict[str, list[str]] = {}
    for node in checking.body:
        assert isinstance(node, ast.ImportFrom) and node.module is not None
        assert all(alias.asname == alias.name for alias in node.names)  # `as` itself: a re-export to mypy
        imported.setdefault(node.module, []).extend(alias.name for alias in node.names)
    assert {module: sorted(names) for module, names in imported.items()} == {
        module: sorted(names) for module, names in service._NAMES.items()
    }
    assert {"append", "read_words"}.isdisjoint(service.__all__) and len(service.__all__) == 43


def test_a_name_the_service_does_not_have_is_an_attribute_error() -> None:
    assert not hasattr(service, "store")


def test_the_service_package_alone_imports_neither_the_games_nor_the_rulesets() -> None:
    """`--help` and a command's notices import the package; its modules, and the games, only on use."""
    code = "import sys, scorekeeper.service; print(sorted(m for m in sys.modules if m.startswith('scorekeeper.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert eval(out) == ["scorekeeper.service"]  # noqa: S307 (our own subprocess's list of names)
