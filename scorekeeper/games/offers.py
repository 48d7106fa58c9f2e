"""The options each game offers, by its name: the flags of `coup` and `adjust` for the games in play, and the
flag that fills a field of a coup. Kept apart from `options` (what an option is), which the contract
names for types: this module asks the registry, which the contract must never reach back to.

>>> [option.flags[0] for option in of("manille").coup][:3]
['--retourne', '--trump', '--chooser']
>>> flag("tricks", "manille"), flag("tricks", "hombre"), flag("vole_engagee", "hombre")
('--trick', '--tricks', '--vole-engagee')
"""

from __future__ import annotations

import sys
from pathlib import Path

from scorekeeper import games
from scorekeeper.games.options import SHARED, Option, Options


def of(name: str) -> Options:
    """The options of game `name`. A built-in game's are read from its `options.py` alone: importing its
    package would load its whole engine (17 ms for manille, 26 ms for l'hombre, measured with
    `-X importtime`), which `coup --help` and a coup of the other game never use."""
    if name not in games.NAMES:
        found: Options = games.get(name).options
        return found
    module = sys.modules.get(f"scorekeeper.games.{name}.options")
    if module is None:
        from importlib.util import module_from_spec, spec_from_file_location

        spec = spec_from_file_location(f"scorekeeper.games.{name}.options", Path(__file__).parent / name / "options.py")
        assert spec is not None and spec.loader is not None
        module = sys.modules[spec.name] = module_from_spec(spec)
        spec.loader.exec_module(module)
    builtin: Options = module.OPTIONS
    return builtin


def every(names: tuple[str, ...], what: str = "coup") -> tuple[Option, ...]:
    """The options of games `names` (`what`: `coup` or `adjust`), in their order, then the shared ones;
    an option two games both take (`--pass`) once, where the first declares it."""
    found: dict[str, Option] = {}
    for options in (*(of(name) for name in names), SHARED):
        for option in getattr(options, what):
            found.setdefault(option.name, option)
    return tuple(found.values())


def flag(field: str, game: str) -> str:
    """The command line's flag for `field` of a coup of `game` (the first option that fills it), or the
    field as a flag would be spelled where no option fills it (a key typed in the entry itself)."""
    for option in (*of(game).coup, *of(game).adjust, *SHARED.coup, *SHARED.adjust):
        if option.field == field and option.flags:
            return option.flags[0]
    return "--" + field.replace("_", "-")
