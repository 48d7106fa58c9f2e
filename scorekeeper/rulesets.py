"""Rulesets are data: read a TOML file, resolve `extends`, validate every key, return a frozen object.

This is the loader every game shares; it knows no game. Each game brings its own keys and turns the
validated values into its typed rules (`Game.rules_from`); `scorekeeper.games.load(NAME)` is the one place that
picks the game a file names and hands it here. The schema is the documentation of every key
(`scorekeeper rules show NAME` prints it with the values). A key the schema does not know, a value of
the wrong type or out of range is refused with the file, the key and what is accepted. A flag is read
in exactly one place: the engine that uses it reads its typed rules, never the raw table. What a key
means is a message of the catalogs (`key.NAME`, `key.GAME.NAME`), rendered where it is shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

from scorekeeper import tomlfile
from scorekeeper.cards import Deck
from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record
from scorekeeper.players import check_name

BUILTIN_DIRS = (
    Path(__file__).parent / "rulesets",  # installed: the wheel puts rulesets/ inside the package
    Path(__file__).parent.parent / "rulesets",  # a source checkout
)

_MISSING = object()
MOST = tomlfile.MOST  # the largest number a ruleset holds, key by key and anywhere in a table
MOST_EXTENDS = 32  # files in an `extends` chain: a house of a house of ... a shipped ruleset is a few


# The schema, the rules and the ruleset are NamedTuples, not frozen slotted dataclasses: `sheet` makes
# their classes at every start, a dataclass costs 0.3 to 0.7 ms more a class to create (3 to 16 fields;
# bench/classes.py), and `sheet` on a 500-coup game has about 5 ms of margin.


class Key(NamedTuple):
    """One key of the schema: its dotted name, type, what it accepts, and the catalog key of what it
    means (`doc`). `check` says what is wrong with a value (a record of the catalogs), or None. `ranks`:
    the value names card ranks (a list of them, or a table by them), which a file writes in English
    letters and `rules show` in the language's (C-2: `R D V` in French)."""

    name: str
    kind: type | tuple[type, ...]
    doc: str
    choices: tuple[Any, ...] = ()
    default: Any = _MISSING
    minimum: int | None = None
    check: Callable[[Any], Record | None] | None = None
    ranks: bool = False

    @property
    def meaning(self) -> Record:
        """What the key means, in words of the catalogs."""
        return record(self.doc)

    def accepted(self) -> Record:
        """What the key accepts, in words of the catalogs: `one of 2, 3, 4`, `a whole number >= 0`."""
        if self.choices:
            return record("accepted.one_of", choices=tuple(_toml_repr(choice) for choice in self.choices))
        types = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        kinds = tuple(record(f"kind.{kind.__name__}") for kind in types)
        if self.minimum is not None:
            return record("accepted.kinds_from", kinds=kinds, minimum=self.minimum)
        return record("accepted.kinds", kinds=kinds)


def _toml_repr(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


COMMON_KEYS = (
    Key("game", str, "key.game"),
    Key("name", str, "key.name", default=""),
    Key("extends", str, "key.extends", default=""),
    Key("title", str, "key.title", default=""),
    Key("description", str, "key.description", default=""),
    Key("source", str, "key.source", default=""),
    Key("options", dict, "key.options", default={}),
)

_COMMON_NAMES = {key.name for key in COMMON_KEYS}


class Validator(Protocol):
    """What the loader needs of the game a file names: its name, its keys and decks, its typed rules. The
    whole contract is the games' (`games.contract.Game`); the loader knows only this part of it, so that
    it depends on no game, not even for types (`games.engine(ruleset)` gives the whole game back)."""

    @property
    def name(self) -> str: ...
    @property
    def keys(self) -> tuple[Key, ...]: ...
    @property
    def decks(self) -> Mapping[str, Deck]: ...
    def rules_from(self, values: Mapping[str, Any], origin: str | Record) -> Any: ...


class Ruleset(NamedTuple):
    """A loaded, validated ruleset. `table` is the resolved TOML (no `extends`), kept for the ledger."""

    name: str
    game: str
    title: str
    description: str | Record  # as its file writes it, or a house's: what it extends, and its file
    source: str
    deck: Deck
    options: Mapping[str, str]
    rules: Any  # the game's typed rules (its engine's `rules_from`)
    settings: Mapping[str, Any]  # every schema key's value, defaults filled
    table: Mapping[str, Any]
    engine: Validator  # the game it was built for: `games.engine(ruleset)` as the whole contract
    origin: str | Record = ""  # the file's path, or what the table was made from (a game, options)

    @property
    def schema(self) -> tuple[Key, ...]:
        """Every key a ruleset of this game may have, the common ones first."""
        return COMMON_KEYS + self.engine.keys

    @property
    def players(self) -> int:
        """How many players sit at the table (C-3)."""
        return int(self.settings["table.players"])

    def with_options(self, options: Mapping[str, Any]) -> Ruleset:
        """This ruleset with `new --option` values applied, validated like the file itself."""
        if not options:
            return self
        table = _deep_copy(self.table)
        for option, value in options.items():
            dotted = self.options.get(option, option)
            if dotted not in {key.name for key in self.schema} or "." not in dotted:
                names = tuple(sorted(self.options)) or (record("word.none"),)
                raise UserError("unknown_option", option=option, ruleset=self.name, options=names)
            _set_dotted(table, dotted, value)
        given = tuple(f"{option}={value}" for option, value in options.items())  # as typed: KEY=VALUE
        return build(table, record("origin.with_options", ruleset=self.name, options=given), self.engine)


def _deep_copy(table: Mapping[str, Any]) -> dict[str, Any]:
    return {
        k: _deep_copy(v) if isinstance(v, Mapping) else list(v) if isinstance(v, list) else v for k, v in table.items()
    }


def _set_dotted(table: dict[str, Any], dotted: str, value: Any) -> None:
    *parents, last = dotted.split(".")
    for part in parents:
        table = table.setdefault(part, {})
    table[last] = value


def parse_option(text: str) -> tuple[str, Any]:
    """`KEY=VALUE` from the command line; the value is a whole number, true/false, or a string."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip() or not raw.strip():
        raise UserError("bad_option", text=text)
    raw = raw.strip()
    value: Any = raw
    if re.fullmatch(r"-?\d+", raw):
        if len(raw) > 100:  # int() refuses 4300 digits and more; no setting needs a hundred
            raise UserError("option_too_long", option=key.strip(), digits=len(raw))
        value = int(raw)
    elif raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    return key.strip(), value


# --- loading -------------------------------------------------------------------------------------


def builtin_names() -> list[str]:
    """Names of the rulesets shipped with scorekeeper."""
    for folder in BUILTIN_DIRS:
        if folder.is_dir():
            return sorted(path.stem for path in folder.glob("*.toml"))
    return []


def _builtin_path(name: str) -> Path | None:
    for folder in BUILTIN_DIRS:
        path = folder / f"{name}.toml"
        if _is_file(path):
            return path
    return None


def _is_file(path: Path) -> bool:
    """`Path.is_file`, where a name the system refuses (too long, say) is no file either."""
    try:
        return path.is_file()
    except OSError:
        return False


def looks_like_path(name: str) -> bool:
    return name.endswith(".toml") or "/" in name or "\\" in name


def resolve(name_or_path: str) -> tuple[dict[str, Any], str]:
    """The table of a ruleset by shipped name (`games.NAMES`' rulesets) or by path to a TOML file, its `extends`
    merged in, and where it came from; `build` validates it for its game."""
    return _resolve(name_or_path, base=Path.cwd(), seen=())


def _locate(name_or_path: str, base: Path) -> Path:
    if looks_like_path(name_or_path):
        path = base / name_or_path
        try:
            path = base / Path(name_or_path).expanduser()  # an absolute path (~ expanded) stays as it is
        except RuntimeError:  # `~name/` of a user the system does not know: a path that names no file
            pass
        if not _is_file(path):
            raise UserError("no_ruleset_file", path=str(path))
        return path
    shipped = _builtin_path(name_or_path)
    if shipped is None:
        raise UserError("unknown_ruleset", name=name_or_path, shipped=tuple(builtin_names()))
    return shipped


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomlfile.load(path)
    except tomlfile.NotToml as error:
        raise UserError("ruleset_not_toml", path=str(path), reason=tomlfile.reason(error)) from None
    except OSError as error:
        raise UserError("ruleset_unreadable", path=str(path), reason=tomlfile.reason(error)) from None


def _resolve(name_or_path: str, base: Path, seen: tuple[Path, ...]) -> tuple[dict[str, Any], str]:
    """The file's table with its `extends` chain merged in (the file wins, key by key)."""
    path = _locate(name_or_path, base).resolve()
    if path in seen:
        chain = " -> ".join(p.name for p in (*seen, path))  # file names: notation, not words
        raise UserError("extends_loop", path=str(path), chain=chain)
    if len(seen) >= MOST_EXTENDS:
        raise UserError("extends_too_deep", path=str(seen[0]), most=MOST_EXTENDS)
    table = _read_toml(path)
    table.setdefault("name", path.stem)
    parent = table.pop("extends", None)
    if parent is None:
        return table, str(path)
    if not isinstance(parent, str) or not parent:
        raise UserError("bad_extends", path=str(path))
    parent_table, _ = _resolve(parent, path.parent, (*seen, path))
    if "description" not in table:  # the parent's words no longer describe a house that changed them
        # Data, as the game file keeps it: the edge says it in the player's language (`_description`).
        table["description"] = {"parent": str(parent_table.get("title") or parent), "file": path.name}
    return _merge(parent_table, table), str(path)


def _merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _flatten(table: Mapping[str, Any], known: set[str], prefix: str = "") -> dict[str, Any]:
    """Dotted keys down to the schema's leaves (a leaf may itself be a table, like cards.points)."""
    flat: dict[str, Any] = {}
    for key, value in table.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, Mapping) and dotted not in known:
            flat.update(_flatten(value, known, dotted + "."))
        else:
            flat[dotted] = value
    return flat


def _validate(flat: dict[str, Any], schema: tuple[Key, ...], origin: str | Record) -> dict[str, Any]:
    by_name = {key.name: key for key in schema}
    for dotted in flat:
        if dotted not in by_name:
            section = dotted.rpartition(".")[0]
            siblings = sorted(k.name for k in schema if k.name.rpartition(".")[0] == section) or sorted(by_name)
            raise UserError("unknown_key", origin=origin, key=dotted, accepted=tuple(siblings))
    values: dict[str, Any] = {}
    for key in schema:
        value = flat.get(key.name, key.default)
        if value is _MISSING:
            raise UserError("missing_key", origin=origin, key=key.name, meaning=key.meaning, accepted=key.accepted())
        if value is not None and value is not key.default:
            _validate_value(key, value, origin)
        values[key.name] = value
    return values


def _validate_value(key: Key, value: Any, origin: str | Record) -> None:
    kinds = key.kind if isinstance(key.kind, tuple) else (key.kind,)
    wrong_type = not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)
    problem = None
    if wrong_type or (key.choices and value not in key.choices):
        problem = record("problem.must_be", accepted=key.accepted(), value=_toml_repr(value))
    elif key.minimum is not None and isinstance(value, int) and value < key.minimum:
        problem = record("problem.must_be", accepted=key.accepted(), value=value)
    elif isinstance(value, int | float) and not isinstance(value, bool) and not abs(value) <= MOST:
        problem = _too_large(value)
    elif key.check is not None:
        problem = key.check(value)
    if problem:
        raise UserError("bad_key", origin=origin, key=key.name, problem=problem)


def _too_large(value: float) -> Record:
    if isinstance(value, int):
        return record("problem.too_large", most=MOST, digits=len(str(abs(value))))
    return record("problem.out_of_bounds", most=MOST, value=value)


def _description(said: Any, origin: str | Record) -> Any:
    """A house ruleset's description when its file writes none: the title of what it extends and its
    file's name (a table of the two, as `_resolve` makes it), as a record the edge puts in words. Any
    other value is left to the schema's check. A game file made before holds the words themselves."""
    if not isinstance(said, Mapping):
        return said
    if set(said) != {"parent", "file"} or not all(isinstance(value, str) for value in said.values()):
        description = next(key for key in COMMON_KEYS if key.name == "description")
        problem = record("problem.must_be", accepted=description.accepted(), value=_toml_repr(dict(said)))
        raise UserError("bad_key", origin=origin, key="description", problem=problem)
    return record("ruleset.house_description", parent=said["parent"], file=said["file"])


def _check_name(name: Any, origin: str | Record) -> None:
    """A ruleset's name names its games (`NAME-1`...): a name as C-4 takes a game's, never blank (`"   "`
    would make games named `   -1`)."""
    if isinstance(name, str):
        try:
            check_name(name)
        except UserError:
            problem = record("problem.not_a_name", value=_toml_repr(name))
            raise UserError("bad_key", origin=origin, key="name", problem=problem) from None


def build(table: Mapping[str, Any], origin: str | Record, engine: Validator) -> Ruleset:
    """Validate a resolved table (no `extends` left) against the common keys and `engine`'s, and build it."""
    keys = COMMON_KEYS + engine.keys
    known = {key.name for key in keys}
    beyond = tomlfile.too_large(dict(table))
    if beyond is not None:  # in a table the schema checks no further, like cards.points
        raise UserError("bad_key", origin=origin, key=beyond[0], problem=_too_large(beyond[1]))
    if "name" in table:  # a table built in code may have none
        _check_name(table["name"], origin)
    description = _description(table.get("description", ""), origin)
    checked = {**table, "description": ""} if isinstance(description, Record) else table  # the stored keeps its data
    values = _validate(_flatten(checked, known), keys, origin)
    options = values["options"]
    for option, dotted in options.items():
        if not isinstance(dotted, str) or dotted not in known or "." not in dotted:
            raise UserError("bad_option_key", origin=origin, option=option, key=dotted)
    return Ruleset(
        name=values["name"],
        game=engine.name,
        title=values["title"] or values["name"],
        description=description if isinstance(description, Record) else values["description"],
        source=values["source"],
        deck=engine.decks[values["cards.deck"]],
        options=MappingProxyType(dict(options)),
        rules=engine.rules_from(values, origin),
        settings=MappingProxyType({k: v for k, v in values.items() if k not in _COMMON_NAMES}),
        table=MappingProxyType(_deep_copy(table)),
        engine=engine,
        origin=origin,
    )
