"""The settings of an hombre system, typed, and the dotted TOML keys that declare them (RULES H-6 to H-19).

A ruleset file says `game = "hombre"` and sets these keys; `hombre_rules` turns the validated flat
dict into `HombreRules`. Each setting is read by exactly one rule function of the engine.

>>> rules = HombreRules(system="3-2", payments="simple")
>>> rules.marks_first, rules.marks_added, rules.matador_rate, rules.sans_prendre_rate, rules.retourne_rate
(3, 2, 1, 6, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.errors import UserError
from scorekeeper.rulesets import Key

SYSTEMS = ("3-2", "2-1", "3-1")
PAYMENTS = ("double", "simple")
ENDS = ("split", "play-on")

# H-16: "I et A": I marks each on a fresh poule, A marks added before every other coup.
_MARKS = {"3-2": (3, 2), "2-1": (2, 1), "3-1": (3, 1)}
# H-15: per matador per tiers, and the sans prendre; the retourne is half the sans prendre.
_RATES = {"double": (2, 12), "simple": (1, 6)}


@dataclass(frozen=True, slots=True)
class HombreRules:
    """Every setting of an hombre system. The defaults are the seed's own recommendation (conclusion of
    seed 001): 3 et 1, the retourne contract, double payments, 20 poules, play on until no bête is left.

    The payments are a setting of their own, whatever the system: the seed (22.3) pays 2 et 1 at the
    simple rates, which a 2-et-1 ruleset says with `money.payments = "simple"`.
    """

    system: str = "3-1"  # H-16: "3-2", "2-1" or "3-1"
    payments: str = "double"  # H-15: "double" (2 a matador, 12 sans prendre) or "simple" (1, 6)
    retourne_contract: bool = True  # H-6: is the retourne a contract?
    espadille_forcee: bool = False  # H-8
    poules: int = 20  # H-19: poules taken by the hombre in a partie
    end: str = "play-on"  # H-19: "split" the bêtes left at the end, or "play-on" until none is left
    cave: int = 200  # H-12: jetons in a cave
    fiche: int = 20  # H-12: jetons in a fiche

    def __post_init__(self) -> None:
        for name, value, accepted in (
            ("system", self.system, SYSTEMS),
            ("payments", self.payments, PAYMENTS),
            ("end", self.end, ENDS),
        ):
            if value not in accepted:
                raise UserError(f"hombre {name} must be one of {', '.join(accepted)}, not {value!r}")
        for name, number in (("poules", self.poules), ("cave", self.cave), ("fiche", self.fiche)):
            if isinstance(number, bool) or not isinstance(number, int) or number < 1:
                raise UserError(f"hombre {name} must be a whole number >= 1, not {number!r}")

    @property
    def marks_first(self) -> int:
        """H-16: the I of "I et A", the marks each player puts on a fresh poule."""
        return _MARKS[self.system][0]

    @property
    def marks_added(self) -> int:
        """H-16: the A of "I et A", the marks each player adds before any other coup."""
        return _MARKS[self.system][1]

    @property
    def normalising_exceptions(self) -> bool:
        """H-16: only 3 et 2 needs its three exceptions for the bêtes to form a regular series."""
        return self.system == "3-2"

    @property
    def matador_rate(self) -> int:
        """H-15: jetons per matador, paid to or by each tiers."""
        return _RATES[self.payments][0]

    @property
    def sans_prendre_rate(self) -> int:
        """H-15: jetons of the sans prendre, paid to or by each tiers."""
        return _RATES[self.payments][1]

    @property
    def retourne_rate(self) -> int:
        """H-15, seed 24.1: the retourne is paid half the sans prendre (6 or 3)."""
        return self.sans_prendre_rate // 2


HOMBRE_KEYS = (
    Key("table.players", int, "how many players sit at the table: l'hombre is played by three (H-7)", choices=(3,)),
    Key("cards.deck", str, "the deck (C-1): hombre = 40 cards, no 10, 9, 8", choices=("hombre",)),
    Key(
        "money.system",
        str,
        'poule marks "I et A" (H-16): 3-2 (the 1709 rules, with its three exceptions), 2-1 or 3-1',
        choices=SYSTEMS,
    ),
    Key(
        "money.payments",
        str,
        "occasional payments (H-15): double = 2 a matador, 12 sans prendre, 6 retourne; simple = 1, 6, 3",
        choices=PAYMENTS,
    ),
    Key("money.cave", int, "jetons in a cave, each player's start and each recave (H-12)", default=200, minimum=1),
    Key("money.fiche", int, "jetons in a fiche (H-12)", default=20, minimum=1),
    Key(
        "bidding.retourne_contract",
        bool,
        "the retourne contract (H-6): trump is the top card of the talon, at least two cards exchanged",
    ),
    Key(
        "bidding.espadille_forcee",
        bool,
        "espadille forcée (H-8): after three passes the holder of the espadille must play demande, no vole",
        default=False,
    ),
    Key("partie.poules", int, "length of the partie: poules taken by the hombre, 20, 30 or 40 (H-19)", minimum=1),
    Key(
        "partie.end",
        str,
        "bêtes still owed at the end (H-19): split = split evenly among the three; play-on = play until none is left",
        choices=ENDS,
    ),
)

_FIELDS = {
    "money.system": "system",
    "money.payments": "payments",
    "money.cave": "cave",
    "money.fiche": "fiche",
    "bidding.retourne_contract": "retourne_contract",
    "bidding.espadille_forcee": "espadille_forcee",
    "partie.poules": "poules",
    "partie.end": "end",
}


def rules_from(values: Mapping[str, Any], origin: str) -> HombreRules:
    """The typed settings from the validated values of a ruleset file (`origin`); see `hombre_rules`."""
    return hombre_rules(values)


def hombre_rules(values: Mapping[str, Any]) -> HombreRules:
    """The typed settings from the validated flat dict of dotted keys (other keys are ignored).

    A key left out takes its schema default; a key without one is required.
    """
    settings: dict[str, Any] = {}
    for key in HOMBRE_KEYS:
        field_name = _FIELDS.get(key.name)
        if field_name is None:
            continue
        if key.name in values and values[key.name] is not None:
            settings[field_name] = values[key.name]
        elif isinstance(key.default, (bool, int, str)):
            settings[field_name] = key.default
        else:
            raise UserError(f"missing key {key.name!r} ({key.doc}); accepted: {key.accepted()}")
    return HombreRules(**settings)
