"""The house as data (issue 42): each module is in one room, and a room imports only the rooms its arrows
allow; no import cycle. cli and web are siblings over `present` (what every screen shows) and the service:
neither imports the other, but for `serve`, which starts the web application.

Every `import` of a scorekeeper module is read from the source (those inside functions and under
TYPE_CHECKING too: a lazy import is still an arrow), and any arrow the house does not draw fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorekeeper.games import NAMES

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"

# Each module's room, by the longest prefix of its name found here; any other module of the package is core.
ROOMS = {
    "scorekeeper.cli": "cli",
    "scorekeeper.__main__": "cli",
    "scorekeeper.kept": "cli",  # `sheet`'s printed bytes kept: the command line's own cache
    "scorekeeper.web": "web",
    "scorekeeper.present": "present",
    "scorekeeper.service": "service",
    "scorekeeper.concours": "concours",
    "scorekeeper.games": "games",
    "scorekeeper.referee": "referee",
    "scorekeeper.store": "store",
}
# The rooms each room may import (besides itself). Nothing imports cli or web, but the one arrow below.
ARROWS = {
    "cli": {"web", "present", "service", "games", "referee", "concours", "core"},
    "web": {"present", "service", "games", "concours", "core"},
    "present": {"service", "games", "concours", "core"},
    "service": {"concours", "games", "store", "core"},
    "concours": {"store", "core"},
    "games": {"referee", "core"},
    "referee": {"core"},
    "store": {"core"},
    "core": set(),
}
# Arrows only some modules of a room may draw: the command line reaches the web stack through `serve` alone.
ONLY_FROM = {("cli", "web"): {"scorekeeper.cli.serve"}}


def room(module: str) -> str:
    found = [prefix for prefix in ROOMS if module == prefix or module.startswith(prefix + ".")]
    return ROOMS[max(found, key=len)] if found else "core"


def layer(module: str) -> str:
    """The room, by its older name in the tests below."""
    return room(module)


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def imports(name: str, path: Path, known: set[str], typing: bool | None = None) -> set[str]:
    """The scorekeeper modules `name` imports, each as the longest known module its import names; with
    `typing` True only those under a top-level `if TYPE_CHECKING:`, with False all the others."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if typing is not None:
        guarded = [n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"]
        kept = [s for n in guarded for s in n.body] if typing else [n for n in tree.body if n not in guarded]
        tree = ast.Module(body=kept, type_ignores=[])
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                )
            # `from package import module` names the module; `from module import name`, the module
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target.startswith("scorekeeper") and target != name:
                found.add(target)
    return found


ALL_ARROWS = {name: imports(name, path, set(modules())) for name, path in modules().items()}
GRAPH = ALL_ARROWS  # every arrow counts, those the type checker alone reads too: no arrow up, no cycle


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_every_import_is_an_arrow_of_the_house(module: str) -> None:
    here = room(module)
    stray = sorted(
        target
        for target in GRAPH[module]
        if room(target) != here
        and (room(target) not in ARROWS[here] or module not in ONLY_FROM.get((here, room(target)), {module}))
    )
    assert stray == [], f"{module} ({here}) imports outside the house's arrows: {[(t, room(t)) for t in stray]}"


def test_the_house_is_a_tree_of_rooms_with_no_arrow_back() -> None:
    """The arrows themselves never run both ways, nor into a room nobody lives in."""
    for here, theirs in ARROWS.items():
        assert theirs <= set(ARROWS), here
        assert not any(here in ARROWS[there] for there in theirs), here
    assert set(ROOMS.values()) | {"core"} == set(ARROWS)


def test_a_stray_arrow_would_fail() -> None:
    """The check fails on what the house does not draw (issue 42: a store import in a game, the sheet's
    cache in the referee, the web reading the command line's modules)."""
    for module, target in [
        ("scorekeeper.games.manille.engine", "scorekeeper.store"),
        ("scorekeeper.referee.audit", "scorekeeper.kept"),
        ("scorekeeper.web.app", "scorekeeper.cli.table"),
        ("scorekeeper.present.words", "scorekeeper.cli.terminal"),
        ("scorekeeper.cli.coup", "scorekeeper.web.app"),
    ]:
        here, there = room(module), room(target)
        assert there not in ARROWS[here] or module not in ONLY_FROM.get((here, there), {module})


def test_a_game_imports_no_other_game() -> None:
    crossing = [
        (module, target)
        for module, targets in GRAPH.items()
        for target in targets
        if module.startswith("scorekeeper.games.")
        and target.startswith("scorekeeper.games.")
        and module.split(".")[2] != target.split(".")[2]
        and target.split(".")[2] in NAMES  # what all games share (`games.line`) is no other game
    ]
    assert crossing == []


def test_the_referee_and_the_core_name_no_game() -> None:
    """Not even for types: a loaded ruleset knows of its game what validating a file needs
    (`rulesets.Validator`), and the registry gives the whole game back (`games.engine`)."""
    named = [
        (module, target)
        for module, targets in GRAPH.items()
        for target in targets
        if layer(module) in ("core", "referee") and target.startswith("scorekeeper.games")
    ]
    assert named == []


def test_a_game_speaks_no_words() -> None:
    """`i18n` is the edge's: a game says its sheet, its refusals and its explanations as catalog keys and
    values (`games.sheet`, `explain.Record`), which the edge puts in words."""
    speaking = sorted(
        module
        for module, targets in GRAPH.items()
        if module.startswith("scorekeeper.games") and any(target.startswith("scorekeeper.i18n") for target in targets)
    )
    assert speaking == []


def test_no_import_cycle() -> None:
    """Depth-first search over the whole graph: a module met again on the current path closes a cycle."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    cycles = []

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(GRAPH.get(module, ())):
            # a package's own submodules import it as their parent: only its __init__'s arrows count
            if target == module.rpartition(".")[0] and module in GRAPH.get(target, set()):
                continue
            if state.get(target) == 1:
                cycles.append(path[path.index(target) :] + [target])
            elif target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in sorted(GRAPH):
        if module not in state:
            visit(module, [module])
    assert cycles == []


def test_the_check_reads_real_imports() -> None:
    """The graph is not empty by mistake: the CLI reaches the service, the service the registry."""
    assert "scorekeeper.service" in set().union(*(GRAPH[m] for m in GRAPH if layer(m) == "cli"))
    assert "scorekeeper.games" in GRAPH["scorekeeper.service.reads"]
    assert "scorekeeper.referee.audit" in GRAPH["scorekeeper.games.manille.referee"]


def test_no_command_reads_the_store() -> None:
    """A command opens a game through the service, which returns what it draws: no `cli` module imports
    the store, even lazily or for its types."""
    reading = sorted(
        module
        for module, targets in ALL_ARROWS.items()
        if layer(module) == "cli" and any(target.startswith("scorekeeper.store") for target in targets)
    )
    assert reading == []
    assert "scorekeeper.store" in ALL_ARROWS["scorekeeper.service.reads"]  # the check reads real imports
