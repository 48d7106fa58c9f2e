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
from scorekeeper.explain import Record, record
from scorekeeper.rulesets import Key

SYSTEMS = ("3-2", "2-1", "3-1")
PAYMENTS = ("double", "simple")
ENDS = ("split", "play-on")

# H-16: "I et A": I marks each on a fresh poule, A marks added before every other coup.
_MARKS = {"3-2": (3, 2), "2-1": (2, 1), "3-1": (3, 1)}
# H-15: per matador per tiers, and the sans prendre; the retourne is half the sans prendre.
_RATES = {"double": (2, 12), "simple": (1, 6)}
# H-15, seed 001 §22.3: each system's own payments, when the ruleset does not choose them.
_OWN_PAYMENTS = {"3-2": "double", "2-1": "simple", "3-1": "double"}


@dataclass(frozen=True, slots=True)
class HombreRules:
    """Every setting of an hombre system. The defaults are the seed's own recommendation (conclusion of
    seed 001): 3 et 1, the retourne contract, double payments, 20 poules, play on until no bête is left.

    The payments default to the system's own (H-15, seed 001 §22.3): 2 et 1 simple, 3 et 2 and 3 et 1
    double; only `--option payments=` or a house file that sets `money.payments` overrides them.

    >>> HombreRules(system="2-1").payments, HombreRules(system="3-2").payments
    ('simple', 'double')
    """

    system: str = "3-1"  # H-16: "3-2", "2-1" or "3-1"
    payments: str = ""  # H-15: "double" (2 a matador, 12 sans prendre) or "simple" (1, 6); "": the system's own
    retourne_contract: bool = True  # H-6: is the retourne a contract?
    espadille_forcee: bool = False  # H-8
    poules: int = 20  # H-19: poules taken by the hombre in a partie
    end: str = "play-on"  # H-19: "split" the bêtes left at the end, or "play-on" until none is left
    cave: int = 200  # H-12: jetons in a cave
    fiche: int = 20  # H-12: jetons in a fiche

    def __post_init__(self) -> None:
        if self.system not in SYSTEMS:
            raise UserError("hombre_choice", setting="system", accepted=SYSTEMS, value=self.system)
        if not self.payments:
            object.__setattr__(self, "payments", _OWN_PAYMENTS[self.system])
        for name, value, accepted in (
            ("payments", self.payments, PAYMENTS),
            ("end", self.end, ENDS),
        ):
            if value not in accepted:
                raise UserError("hombre_choice", setting=name, accepted=accepted, value=value)
        for name, number in (("poules", self.poules), ("cave", self.cave), ("fiche", self.fiche)):
            if isinstance(number, bool) or not isinstance(number, int) or number < 1:
                raise UserError("hombre_number", setting=name, value=number)

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
    Key("table.players", int, "key.hombre.table.players", choices=(3,)),
    Key("cards.deck", str, "key.hombre.cards.deck", choices=("hombre",)),
    Key("money.system", str, "key.hombre.money.system", choices=SYSTEMS),
    Key("money.payments", str, "key.hombre.money.payments", choices=PAYMENTS, default=""),
    Key("money.cave", int, "key.hombre.money.cave", default=200, minimum=1),
    Key("money.fiche", int, "key.hombre.money.fiche", default=20, minimum=1),
    Key("bidding.retourne_contract", bool, "key.hombre.bidding.retourne_contract"),
    Key("bidding.espadille_forcee", bool, "key.hombre.bidding.espadille_forcee", default=False),
    Key("partie.poules", int, "key.hombre.partie.poules", minimum=1),
    Key("partie.end", str, "key.hombre.partie.end", choices=ENDS),
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


def derived(values: Mapping[str, Any], rules: HombreRules) -> dict[str, Record]:
    """What `rules show` tells of the keys left to follow from others: the payments of the system (H-15)."""
    if values.get("money.payments"):
        return {}
    return {"money.payments": record("derived.payments", payments=rules.payments, system=rules.system)}


def rules_from(values: Mapping[str, Any], origin: str | Record) -> HombreRules:
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
            raise UserError("missing_setting", key=key.name, meaning=key.meaning, accepted=key.accepted())
    return HombreRules(**settings)
