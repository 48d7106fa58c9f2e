"""The settings of a manille system, typed, and the dotted TOML keys that declare them (RULES M-1 to M-16).

A ruleset file says `game = "manille"` and sets these keys; `rules_from` turns the validated flat dict
into `ManilleRules` and refuses keys that disagree with each other. Each setting is read by exactly one
rule function of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from scorekeeper.cards import DECKS, Rank
from scorekeeper.errors import UserError
from scorekeeper.rulesets import Key


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


def rules_from(values: Mapping[str, Any], origin: str) -> ManilleRules:
    """The typed rules from the validated flat dict of dotted keys, refused where keys disagree."""
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
