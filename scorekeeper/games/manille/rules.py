"""The settings of a manille system, typed, and the dotted TOML keys that declare them (RULES M-1 to M-16).

A ruleset file says `game = "manille"` and sets these keys; `rules_from` turns the validated flat dict
into `ManilleRules` and refuses keys that disagree with each other. Each setting is read by exactly one
rule function of the engine.
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from scorekeeper.cards import Rank
from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record
from scorekeeper.games.manille.deck import MANILLE
from scorekeeper.rulesets import Key

# The ranks in these answers are written as a ruleset file writes them: notation, not words.


def _check_order(value: list[Any]) -> Record | None:
    ranks = [rank.value for rank in MANILLE.ranks]
    if sorted(map(str, value)) != sorted(ranks):
        return record("problem.rank_order", ranks=" ".join(ranks))
    return None


def _check_points(value: dict[str, Any]) -> Record | None:
    ranks = {rank.value for rank in MANILLE.ranks}
    for rank, points in value.items():
        if rank not in ranks:
            return record("problem.not_a_rank", rank=rank, ranks=" ".join(sorted(ranks)))
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            return record("problem.rank_points", rank=rank)
    return None


def _check_penalty(value: Any) -> Record | None:
    if (isinstance(value, str) and value not in ("max", "bid")) or (isinstance(value, int) and value < 0):
        return record("problem.renonce_penalty")
    return None


def _calls() -> dict[str, Any]:
    """calls.toml as its compiled form holds it (calls.marshal), else read from the TOML (a checkout not
    compiled yet)."""
    here = Path(__file__).parent
    try:
        loaded: dict[str, Any] = marshal.loads((here / "calls.marshal").read_bytes())
        return loaded
    except (OSError, ValueError, EOFError, TypeError):
        from scorekeeper.language import read_toml

        return read_toml(here / "calls.toml")


# Each system's own words for the contre and the surcontre (M-6, M-7), catalog words `call.WORD`: data,
# read at the import from its compiled form (`python -m scorekeeper.i18n.compile`, as the words are): the
# TOML reader's import was 1.2 ms of every command on a manille game, which reads no other TOML.
_systems = _calls()
CALL_RULES: Mapping[str, str] = MappingProxyType(_systems.pop("rule"))  # the rule of each system's calls
CALL_WORDS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {name: (contre, surcontre) for name, (contre, surcontre) in _systems.items()}
)

MANILLE_KEYS = (
    Key("table.players", int, "key.manille.table.players", choices=(2, 3, 4)),
    Key("table.sides", str, "key.manille.table.sides", choices=("teams", "mort", "morts", "each", "taker", "dealer")),
    Key("table.first_lead", str, "key.manille.table.first_lead", choices=("next", "dealer", "taker")),
    Key("cards.deck", str, "key.manille.cards.deck", choices=("manille",)),
    Key("cards.order", list, "key.manille.cards.order", check=_check_order, ranks=True),
    Key("cards.points", dict, "key.manille.cards.points", check=_check_points, ranks=True),
    Key("cards.trick_points", int, "key.manille.cards.trick_points", minimum=0),
    Key("cards.chien", int, "key.manille.cards.chien", default=0, minimum=0),
    Key(
        "trump.from",
        str,
        "key.manille.trump.from",
        choices=("retourne", "dealer", "dealer-or-partner", "taker", "announced"),
    ),
    Key("trump.sans_atout", bool, "key.manille.trump.sans_atout", default=False),
    Key("trump.min_sans_atout", int, "key.manille.trump.min_sans_atout", default=0, minimum=0),
    Key("calls.contre", bool, "key.manille.calls.contre", default=False),
    Key("calls.surcontre", bool, "key.manille.calls.surcontre", default=False),
    Key("calls.words", str, "key.manille.calls.words", choices=tuple(CALL_WORDS), default="contre"),
    Key("calls.parlee", bool, "key.manille.calls.parlee", default=False),
    Key("deal.misdeal", str, "key.manille.deal.misdeal", choices=("same", "passes"), default="same"),
    Key("multipliers.sans_atout", int, "key.manille.multipliers.sans_atout", default=1, minimum=1),
    Key("multipliers.contre", int, "key.manille.multipliers.contre", default=2, minimum=1),
    Key("multipliers.surcontre", int, "key.manille.multipliers.surcontre", default=2, minimum=1),
    Key("multipliers.max", int, "key.manille.multipliers.max", default=0, minimum=0),
    Key("scoring.retourne_bonus", bool, "key.manille.scoring.retourne_bonus"),
    Key("scoring.baseline", int, "key.manille.scoring.baseline", default=None, minimum=0),
    Key("scoring.tie_doubles_next", bool, "key.manille.scoring.tie_doubles_next"),
    Key("scoring.renonce_penalty", (int, str), "key.manille.scoring.renonce_penalty", check=_check_penalty),
    Key("scoring.renonce_multiplied", bool, "key.manille.scoring.renonce_multiplied", default=None),
    Key("scoring.share_rounding", str, "key.manille.scoring.share_rounding", default="down", choices=("down", "up")),
    Key("play.undertrump", str, "key.manille.play.undertrump", choices=("free", "only-if-no-other")),
    Key("partie.kind", str, "key.manille.partie.kind", choices=("liee", "seche", "deals", "loser")),
    Key("partie.manche", int, "key.manille.partie.manche", default=0),
    Key("partie.belle", int, "key.manille.partie.belle", default=0),
    Key("partie.deals", int, "key.manille.partie.deals", default=0, minimum=0),
    Key("partie.two_in_a_row", bool, "key.manille.partie.two_in_a_row", default=False),
)


# A NamedTuple for the start-up of `sheet`, which creates this class at every start (figure at `table.Side`).
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
    renonce_multiplied: bool
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
    call_words: str = "contre"  # the system's own words for its calls (M-6, M-7): a key of CALL_WORDS
    misdeal: str = "same"  # M-17: after a misdeal the same dealer deals again ("same") or the deal passes

    @property
    def in_manches(self) -> bool:
        """M-9: a partie liée is played in manches (two, and the belle); the others are one race, to a target
        or over a number of deals, whose coups belong to no manche worth naming."""
        return self.partie == "liee"

    @classmethod
    def of(cls, **settings: Any) -> ManilleRules:
        """The rules from their settings, with the seats, tricks and total that follow from them;
        a `baseline` of None is half the total (M-4)."""
        seats = {"mort": 4, "morts": 4}.get(settings["sides"], settings["players"])
        tricks = (32 - settings["chien"]) // seats
        total = sum(settings["points"].values()) * 4 + settings["trick_points"] * tricks
        if settings["baseline"] is None:
            settings["baseline"] = total // 2
        if settings["partie"] == "liee" and not settings["belle"]:
            settings["belle"] = settings["manche"]  # M-9: a belle not set is played to the manche's target
        return cls(**settings, seats=seats, tricks=tricks, total=total)

    def changed(self, **changes: Any) -> ManilleRules:
        """These rules with some settings changed, and what follows from them made again."""
        settings = {**self._asdict(), **changes}
        for derived in ("seats", "tricks", "total"):
            del settings[derived]
        return ManilleRules.of(**settings)


def rules_from(values: Mapping[str, Any], origin: str | Record) -> ManilleRules:
    """The typed rules from the validated flat dict of dotted keys, refused where keys disagree."""
    points = {rank: 0 for rank in MANILLE.ranks}
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
        renonce_multiplied=renonce_multiplied(values["scoring.renonce_multiplied"], values["scoring.renonce_penalty"]),
        share_rounding=values["scoring.share_rounding"],
        undertrump=values["play.undertrump"],
        partie=values["partie.kind"],
        manche=values["partie.manche"],
        belle=values["partie.belle"],
        deals=values["partie.deals"],
        two_in_a_row=values["partie.two_in_a_row"],
        call_words=values["calls.words"],
        misdeal=values["deal.misdeal"],
    )
    _check_manille(rules, origin)
    return rules


def derived(values: Mapping[str, Any], rules: ManilleRules) -> dict[str, Record]:
    """What `rules show` tells of the keys left to follow from others (M-4, M-8, M-9): the value the
    rules hold, and what it follows from.
    """
    told: dict[str, Record] = {}
    if values.get("scoring.baseline") is None:
        told["scoring.baseline"] = record("derived.baseline", total=rules.total, value=rules.baseline)
    if values.get("scoring.renonce_multiplied") is None:
        key = "derived.renonce_multiplied" if rules.renonce_multiplied else "derived.renonce_not_multiplied"
        told["scoring.renonce_multiplied"] = record(key, penalty=str(rules.renonce_penalty))
    if not values.get("partie.belle") and rules.manche:
        told["partie.belle"] = record("derived.belle", manche=rules.manche)
    return told


def renonce_multiplied(said: bool | None, penalty: int | str) -> bool:
    """M-8: whether a contre, a coinche, a sans-atout or a tie carried multiplies the renonce penalty.
    Not said, it follows the penalty: "max" is the most the coup could score with its multiplier, a
    fixed number of points is that number.

    >>> renonce_multiplied(None, "max"), renonce_multiplied(None, 34), renonce_multiplied(True, 34)
    (True, False, True)
    """
    return penalty == "max" if said is None else said


def refuse_sans_atout(rules: ManilleRules) -> None:
    """P-8: a sans-atout is refused where the ruleset has none (`trump.sans_atout` not set: muette,
    parlée, à trois and à deux, where the retourne sets trump, and the systems that name only a suit).
    The one reading of the rule, for a coup (`calls.trump_of`), `check` and `audit` alike."""
    if not rules.sans_atout:
        raise UserError("no_sans_atout_retourne" if rules.trump_from == "retourne" else "no_sans_atout", "P-8")


def _check_manille(rules: ManilleRules, origin: str | Record) -> None:
    """What no single key can say: keys that must agree with each other."""

    def refuse(key: str, rule: str | None = None, **values: Any) -> None:
        raise UserError(key, rule, origin=origin, **values)

    if rules.baseline > rules.total:
        refuse("baseline_too_high", total=rules.total)
    if rules.renonce_penalty == "bid" and rules.sides != "taker":  # M-13's alone: no bid elsewhere
        refuse("bid_penalty_without_taker", "M-8, M-13")
    if rules.tricks < 1:  # C-1: a chien of the whole deck or more leaves no card to deal
        refuse("chien_past_the_deck", "C-1", chien=rules.chien, hands=rules.seats)
    if (32 - rules.chien) % rules.seats:
        refuse("chien_uneven", left=32 - rules.chien, hands=rules.seats)
    seated = {"teams": (2, 4), "mort": (3,), "morts": (2,), "each": (3, 4), "taker": (4,), "dealer": (3,)}
    if rules.players not in seated[rules.sides]:
        refuse("sides_players", sides=rules.sides, counts=seated[rules.sides], players=rules.players)
    if rules.partie in ("liee", "seche", "loser") and rules.manche < 1:
        refuse("manche_needed", kind=rules.partie)
    if rules.partie == "liee" and rules.belle < rules.manche:
        refuse("belle_below_manche", "M-9", belle=rules.belle, manche=rules.manche)
    if rules.partie == "loser" and rules.sides != "each":
        refuse("loser_needs_each", "M-14", sides=rules.sides)
    if rules.partie == "deals" and rules.deals < 1:
        refuse("deals_needed")
    if rules.min_sans_atout and (rules.partie != "deals" or not rules.sans_atout):
        refuse("min_sans_atout_alone")
    if rules.two_in_a_row and rules.sides not in ("teams", "mort", "morts"):
        refuse("two_in_a_row_sides", "M-9")
    if rules.surcontre and not rules.contre:
        refuse("surcontre_alone")
    if rules.retourne_bonus and rules.trump_from != "retourne":
        refuse("retourne_bonus_alone")
    taker = (rules.sides == "taker", rules.trump_from == "taker", rules.first_lead == "taker")
    if any(taker) and not all(taker):
        refuse("taker_alone", "M-13")
    if rules.trump_from == "dealer-or-partner" and not (rules.sides == "teams" and rules.players == 4):
        refuse("no_partner")
