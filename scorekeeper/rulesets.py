"""Rulesets are data: load a TOML file, resolve `extends`, validate every key, return a frozen object.

The schema below is the documentation of every key (`scorekeeper rules show NAME` prints it with the
values). A key the schema does not know, a value of the wrong type or out of range is refused with
the file, the key and what is accepted. A flag is read in exactly one place: the engine that uses it
reads the typed attribute of `ManilleRules`, never the raw table.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from scorekeeper import tomlfile
from scorekeeper.cards import DECKS, Deck, Rank
from scorekeeper.errors import UserError

if TYPE_CHECKING:
    from scorekeeper.hombre.rules import HombreRules

BUILTIN_DIRS = (
    Path(__file__).parent / "rulesets",  # installed: the wheel puts rulesets/ inside the package
    Path(__file__).parent.parent / "rulesets",  # a source checkout
)

_MISSING = object()
MOST = 10**9  # no table plays to a billion: larger numbers only make figures too long to print, or loops endless


# The schema, the rules and the ruleset are named tuples: their classes are made at every start of
# the command, several times faster than frozen dataclasses.


class Key(NamedTuple):
    """One key of the schema: its dotted name, type, what it accepts and what it means."""

    name: str
    kind: type | tuple[type, ...]
    doc: str
    choices: tuple[Any, ...] = ()
    default: Any = _MISSING
    minimum: int | None = None
    check: Callable[[Any], str | None] | None = None

    def accepted(self) -> str:
        if self.choices:
            return "one of " + ", ".join(_toml_repr(choice) for choice in self.choices)
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        words = " or ".join(_KIND_WORDS[kind] for kind in kinds)
        if self.minimum is not None:
            words += f" >= {self.minimum}"
        return words


_KIND_WORDS = {int: "a whole number", str: "a string", bool: "true or false", list: "a list", dict: "a table"}


def _toml_repr(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def _check_order(value: list[Any]) -> str | None:
    ranks = [rank.value for rank in DECKS["manille"].ranks]
    if sorted(map(str, value)) != sorted(ranks):
        return f"must list each rank of the deck once, high to low ({' '.join(ranks)})"
    return None


def _check_points(value: dict[str, Any]) -> str | None:
    ranks = {rank.value for rank in DECKS["manille"].ranks}
    for rank, points in value.items():
        if rank not in ranks:
            return f"{rank!r} is not a rank of the deck ({' '.join(sorted(ranks))})"
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            return f"points of {rank} must be a whole number >= 0"
    return None


def _check_penalty(value: Any) -> str | None:
    if isinstance(value, str) and value != "max":
        return 'must be a whole number >= 0 or "max"'
    if isinstance(value, int) and value < 0:
        return 'must be a whole number >= 0 or "max"'
    return None


COMMON_KEYS = (
    Key("game", str, "which game the ruleset plays", choices=("manille", "hombre")),
    Key("name", str, "the ruleset's name (default: the file name without .toml)", default=""),
    Key("extends", str, "a ruleset name or a path: start from it and change only what differs", default=""),
    Key("title", str, "a human title", default=""),
    Key("description", str, "what this system is, in a sentence or two", default=""),
    Key("source", str, "where the rules come from (seed text, RULES ids)", default=""),
    Key("options", dict, "short option names for `new --option NAME=VALUE`, each naming a dotted key", default={}),
)

MANILLE_KEYS = (
    Key("table.players", int, "how many players sit at the table", choices=(2, 3, 4)),
    Key(
        "table.sides",
        str,
        "who plays with whom (P-7) and who scores: teams = 1 & 3 against 2 & 4 (2 & 4 alone at two); "
        "mort = the first player with a mort against the two others (M-15); morts = each of two players "
        "with a mort (M-16); each = each for himself (M-14); taker = each for himself, the taker alone "
        "against the three others in a coup (M-13); dealer = each for himself, the dealer alone against "
        "the others in a coup (M-11)",
        choices=("teams", "mort", "morts", "each", "taker", "dealer"),
    ),
    Key(
        "table.first_lead",
        str,
        "who leads the first trick: next = the seat after the dealer (C-3), dealer, or taker",
        choices=("next", "dealer", "taker"),
    ),
    Key("cards.deck", str, "the deck (C-1): manille = 32 cards, 7 to A", choices=("manille",)),
    Key("cards.order", list, "ranks inside a suit, high to low (P-1)", check=_check_order),
    Key("cards.points", dict, "card points by rank; a rank left out is worth 0 (M-1)", check=_check_points),
    Key(
        "cards.trick_points", int, "points for each trick taken (M-2): 1 in muette, 0 in the Belgian family", minimum=0
    ),
    Key("cards.chien", int, "cards dealt to the chien, added to the dealer's tricks (M-11)", default=0, minimum=0),
    Key(
        "trump.from",
        str,
        "how trump is set: retourne = the dealer's last card (M-5); dealer = the dealer names it; "
        "dealer-or-partner = the dealer names it or passes the choice to his partner (M-7, M-10); "
        "taker = the highest bidder names it (M-13); announced = the table says it, nobody's right checked",
        choices=("retourne", "dealer", "dealer-or-partner", "taker", "announced"),
    ),
    Key("trump.sans_atout", bool, "sans-atout may be chosen (P-8)", default=False),
    Key(
        "trump.min_sans_atout",
        int,
        "sans-atout choices each team (or player) must make in the partie (M-10); needs partie.kind = deals",
        default=0,
        minimum=0,
    ),
    Key(
        "calls.contre", bool, "the other side may contre (frapper, coincher) the trump chosen (M-6, M-7)", default=False
    ),
    Key("calls.surcontre", bool, "the choosing side may answer a contre with a surcontre (M-6)", default=False),
    Key("multipliers.sans_atout", int, "a sans-atout coup counts this many times (M-6)", default=1, minimum=1),
    Key("multipliers.contre", int, "a contre multiplies by this (M-6, M-7)", default=2, minimum=1),
    Key("multipliers.surcontre", int, "a surcontre multiplies by this again (M-6)", default=2, minimum=1),
    Key("multipliers.max", int, "the most the product may reach; 0 = no cap (M-6)", default=0, minimum=0),
    Key("scoring.retourne_bonus", bool, "the dealer's side scores the retourne's card points before the coup (M-5)"),
    Key(
        "scoring.baseline",
        int,
        "the winning side scores its points above this (M-4); default: half the total",
        default=None,
        minimum=0,
    ),
    Key("scoring.tie_doubles_next", bool, "a tie doubles the next coup's multiplier (M-4)"),
    Key(
        "scoring.renonce_penalty",
        (int, str),
        'what the offended side scores for a renonce (M-8): points, or "max"',
        check=_check_penalty,
    ),
    Key(
        "scoring.share_rounding",
        str,
        "a failed bid is shared among the three others, each third rounded down or up (M-13)",
        default="down",
        choices=("down", "up"),
    ),
    Key(
        "play.undertrump",
        str,
        "may a player who cannot become master play a lower trump? (P-6)",
        choices=("free", "only-if-no-other"),
    ),
    Key(
        "partie.kind",
        str,
        "liee = two manches and a belle; seche = first to `manche` points; deals = a fixed number of deals, "
        "highest total wins; loser = the first to reach `manche` points loses (M-9, M-14)",
        choices=("liee", "seche", "deals", "loser"),
    ),
    Key("partie.manche", int, "points that win a manche (or lose the partie, kind = loser) (M-9)", default=0),
    Key("partie.belle", int, "points that win the belle of a partie liée (M-9)", default=0),
    Key("partie.deals", int, "deals in the partie, kind = deals (M-9)", default=0, minimum=0),
    Key(
        "partie.two_in_a_row",
        bool,
        "the partie also ends when one side wins two coups in a row (M-9, seed 002)",
        default=False,
    ),
)

GAMES = ("manille", "hombre")
_COMMON_NAMES = {key.name for key in COMMON_KEYS}


def schema(game: str) -> tuple[Key, ...]:
    """Every key a ruleset of `game` may have. Hombre's come with its engine, loaded only when asked for."""
    if game == "hombre":
        from scorekeeper.hombre.rules import HOMBRE_KEYS

        return COMMON_KEYS + HOMBRE_KEYS
    return COMMON_KEYS + MANILLE_KEYS


class ManilleRules(NamedTuple):
    """Every setting of a manille system, typed. Each attribute is read by one rule function.

    Make one with `ManilleRules.of(...)`, which adds what follows from the settings (the last three).
    """

    players: int
    sides: str
    first_lead: str
    order: tuple[Rank, ...]
    points: Mapping[Rank, int]
    trick_points: int
    chien: int
    trump_from: str
    sans_atout: bool
    min_sans_atout: int
    contre: bool
    surcontre: bool
    sans_atout_factor: int
    contre_factor: int
    surcontre_factor: int
    max_multiplier: int
    retourne_bonus: bool
    baseline: int
    tie_doubles_next: bool
    renonce_penalty: int | str
    share_rounding: str
    undertrump: str
    partie: str
    manche: int
    belle: int
    deals: int
    two_in_a_row: bool
    seats: int  # hands played in a coup (C-3): the players, and the morts where the system has them (M-15, M-16)
    tricks: int  # tricks in a deal: the 32 cards less the chien, one per seat a trick (M-11, M-12)
    total: int  # points in a coup (M-2): card points plus trick points, 68 in muette, 60 in the Belgian family

    @classmethod
    def of(cls, **settings: Any) -> ManilleRules:
        """The rules from their settings, with the seats, tricks and total that follow from them;
        a `baseline` of None is half the total (M-4)."""
        seats = {"mort": 4, "morts": 4}.get(settings["sides"], settings["players"])
        tricks = (32 - settings["chien"]) // seats
        total = sum(settings["points"].values()) * 4 + settings["trick_points"] * tricks
        if settings["baseline"] is None:
            settings["baseline"] = total // 2
        return cls(**settings, seats=seats, tricks=tricks, total=total)

    def changed(self, **changes: Any) -> ManilleRules:
        """These rules with some settings changed, and what follows from them made again."""
        settings = {**self._asdict(), **changes}
        for derived in ("seats", "tricks", "total"):
            del settings[derived]
        return ManilleRules.of(**settings)


class Ruleset(NamedTuple):
    """A loaded, validated ruleset. `table` is the resolved TOML (no `extends`), kept for the ledger."""

    name: str
    game: str
    title: str
    description: str
    source: str
    deck: Deck
    options: Mapping[str, str]
    rules: ManilleRules | HombreRules
    settings: Mapping[str, Any]  # every schema key's value, defaults filled
    table: Mapping[str, Any]
    origin: str = ""

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
            if dotted not in {key.name for key in schema(self.game)} or "." not in dotted:
                names = ", ".join(sorted(self.options)) or "none"
                raise UserError(
                    f"unknown option {option!r} for {self.name}: options are {names}, or any dotted key of the ruleset"
                )
            _set_dotted(table, dotted, value)
        given = ", ".join(f"{option}={value}" for option, value in options.items())
        return build(table, origin=f"{self.name} with option {given}")


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
        raise UserError(f"bad option {text!r}: write KEY=VALUE, like partie=seche or manche=44")
    raw = raw.strip()
    value: Any = raw
    if re.fullmatch(r"-?\d+", raw):
        if len(raw) > 100:  # int() refuses 4300 digits and more; no setting needs a hundred
            raise UserError(f"bad option {key.strip()!r}: a number of {len(raw)} digits is not a setting")
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


def load(name_or_path: str) -> Ruleset:
    """A ruleset by shipped name (`manille-muette`) or by path to a TOML file."""
    table, origin = _resolve(name_or_path, base=Path.cwd(), seen=())
    return build(table, origin=origin)


def _locate(name_or_path: str, base: Path) -> Path:
    if looks_like_path(name_or_path):
        path = base / Path(name_or_path).expanduser()  # an absolute path (~ expanded) stays as it is
        if not _is_file(path):
            raise UserError(f"no ruleset file at {path}")
        return path
    path = _builtin_path(name_or_path)
    if path is None:
        known = ", ".join(builtin_names())
        raise UserError(
            f"unknown ruleset {name_or_path!r}: shipped rulesets are {known}; or give a path to a .toml file"
        )
    return path


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomlfile.load(path)
    except tomlfile.NotToml as error:
        raise UserError(f"{path}: not valid TOML ({error})") from None
    except OSError as error:
        raise UserError(f"{path}: cannot be read ({error})") from None


def _resolve(name_or_path: str, base: Path, seen: tuple[Path, ...]) -> tuple[dict[str, Any], str]:
    """The file's table with its `extends` chain merged in (the file wins, key by key)."""
    path = _locate(name_or_path, base).resolve()
    if path in seen:
        chain = " -> ".join(p.name for p in (*seen, path))
        raise UserError(f"{path}: extends itself in a loop ({chain})")
    table = _read_toml(path)
    table.setdefault("name", path.stem)
    parent = table.pop("extends", None)
    if parent is None:
        return table, str(path)
    if not isinstance(parent, str) or not parent:
        raise UserError(f'{path}: key "extends" must be a ruleset name or a path to a .toml file')
    parent_table, _ = _resolve(parent, path.parent, (*seen, path))
    if "description" not in table:  # the parent's words no longer describe a house that changed them
        table["description"] = f"{parent_table.get('title') or parent}, with the house rules of {path.name}"
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


def _validate(flat: dict[str, Any], schema: tuple[Key, ...], origin: str) -> dict[str, Any]:
    by_name = {key.name: key for key in schema}
    for dotted in flat:
        if dotted not in by_name:
            section = dotted.rpartition(".")[0]
            siblings = sorted(k.name for k in schema if k.name.rpartition(".")[0] == section) or sorted(by_name)
            raise UserError(f"{origin}: unknown key {dotted!r}; accepted here: {', '.join(siblings)}")
    values: dict[str, Any] = {}
    for key in schema:
        value = flat.get(key.name, key.default)
        if value is _MISSING:
            raise UserError(f"{origin}: missing key {key.name!r} ({key.doc}); accepted: {key.accepted()}")
        if value is not None and value is not key.default:
            _validate_value(key, value, origin)
        values[key.name] = value
    return values


def _validate_value(key: Key, value: Any, origin: str) -> None:
    kinds = key.kind if isinstance(key.kind, tuple) else (key.kind,)
    wrong_type = not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)
    problem = None
    if wrong_type:
        problem = f"must be {key.accepted()}, not {_toml_repr(value)}"
    elif key.choices and value not in key.choices:
        problem = f"must be {key.accepted()}, not {_toml_repr(value)}"
    elif key.minimum is not None and isinstance(value, int) and value < key.minimum:
        problem = f"must be {key.accepted()}, not {value}"
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MOST:
        problem = f"must be at most {MOST:,}, not a number of {len(str(abs(value)))} digits"
    elif key.check is not None:
        problem = key.check(value)
    if problem:
        raise UserError(f"{origin}: key {key.name!r} {problem}")


def build(table: Mapping[str, Any], origin: str) -> Ruleset:
    """Validate a resolved table (no `extends` left) and build the typed ruleset."""
    game = table.get("game")
    if game not in GAMES:
        raise UserError(f'{origin}: key "game" must be one of {", ".join(GAMES)}, not {game!r}')
    keys = schema(game)
    known = {key.name for key in keys}
    values = _validate(_flatten(table, known), keys, origin)
    options = values["options"]
    for option, dotted in options.items():
        if not isinstance(dotted, str) or dotted not in known or "." not in dotted:
            raise UserError(f"{origin}: option {option!r} names {dotted!r}, which is not a key of the ruleset")
    rules: ManilleRules | HombreRules
    if game == "manille":
        rules = _manille_rules(values, origin)
    else:
        from scorekeeper.hombre.rules import hombre_rules

        rules = hombre_rules(values)
    return Ruleset(
        name=values["name"],
        game=game,
        title=values["title"] or values["name"],
        description=values["description"],
        source=values["source"],
        deck=DECKS[values["cards.deck"]],
        options=MappingProxyType(dict(options)),
        rules=rules,
        settings=MappingProxyType({k: v for k, v in values.items() if k not in _COMMON_NAMES}),
        table=MappingProxyType(_deep_copy(table)),
        origin=origin,
    )


def _manille_rules(values: dict[str, Any], origin: str) -> ManilleRules:
    points = {rank: 0 for rank in DECKS["manille"].ranks}
    points.update({Rank(rank): value for rank, value in values["cards.points"].items()})
    rules = ManilleRules.of(
        players=values["table.players"],
        sides=values["table.sides"],
        first_lead=values["table.first_lead"],
        order=tuple(Rank(str(rank)) for rank in values["cards.order"]),
        points=MappingProxyType(points),
        trick_points=values["cards.trick_points"],
        chien=values["cards.chien"],
        trump_from=values["trump.from"],
        sans_atout=values["trump.sans_atout"],
        min_sans_atout=values["trump.min_sans_atout"],
        contre=values["calls.contre"],
        surcontre=values["calls.surcontre"],
        sans_atout_factor=values["multipliers.sans_atout"],
        contre_factor=values["multipliers.contre"],
        surcontre_factor=values["multipliers.surcontre"],
        max_multiplier=values["multipliers.max"],
        retourne_bonus=values["scoring.retourne_bonus"],
        baseline=values["scoring.baseline"],
        tie_doubles_next=values["scoring.tie_doubles_next"],
        renonce_penalty=values["scoring.renonce_penalty"],
        share_rounding=values["scoring.share_rounding"],
        undertrump=values["play.undertrump"],
        partie=values["partie.kind"],
        manche=values["partie.manche"],
        belle=values["partie.belle"],
        deals=values["partie.deals"],
        two_in_a_row=values["partie.two_in_a_row"],
    )
    _check_manille(rules, origin)
    return rules


def _check_manille(rules: ManilleRules, origin: str) -> None:
    """What no single key can say: keys that must agree with each other."""

    def refuse(message: str) -> None:
        raise UserError(f"{origin}: {message}")

    if rules.baseline > rules.total:
        refuse(f"key 'scoring.baseline' must be at most the {rules.total} points of a coup")
    if (32 - rules.chien) % rules.seats:
        refuse(f"key 'cards.chien': the {32 - rules.chien} cards left do not deal evenly to {rules.seats} hands")
    seated = {"teams": (2, 4), "mort": (3,), "morts": (2,), "each": (3, 4), "taker": (4,), "dealer": (3,)}
    if rules.players not in seated[rules.sides]:
        counts = " or ".join(map(str, seated[rules.sides]))
        refuse(f"key 'table.players': sides = {rules.sides!r} is for {counts} players, not {rules.players}")
    if rules.partie in ("liee", "seche", "loser") and rules.manche < 1:
        refuse(f"key 'partie.manche' must be a whole number >= 1 for partie.kind = {rules.partie!r}")
    if rules.partie == "liee" and rules.belle < 1:
        refuse("key 'partie.belle' must be a whole number >= 1 for a partie liée")
    if rules.partie == "deals" and rules.deals < 1:
        refuse("key 'partie.deals' must be a whole number >= 1 for partie.kind = 'deals'")
    if rules.min_sans_atout and (rules.partie != "deals" or not rules.sans_atout):
        refuse("key 'trump.min_sans_atout' needs partie.kind = 'deals' and trump.sans_atout = true")
    if rules.two_in_a_row and rules.sides not in ("teams", "mort", "morts"):
        refuse("key 'partie.two_in_a_row' needs fixed sides: table.sides = 'teams', 'mort' or 'morts' (M-9)")
    if rules.surcontre and not rules.contre:
        refuse("key 'calls.surcontre' needs calls.contre = true")
    if rules.retourne_bonus and rules.trump_from != "retourne":
        refuse("key 'scoring.retourne_bonus' needs trump.from = 'retourne'")
    taker = (rules.sides == "taker", rules.trump_from == "taker", rules.first_lead == "taker")
    if any(taker) and not all(taker):
        refuse("table.sides, trump.from and table.first_lead are 'taker' together or not at all (M-13)")
    if rules.trump_from == "dealer-or-partner" and not (rules.sides == "teams" and rules.players == 4):
        refuse("trump.from = 'dealer-or-partner' needs a partner: table.sides = 'teams' at four")
