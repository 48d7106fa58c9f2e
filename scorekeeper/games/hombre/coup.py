"""One coup of l'hombre as declared at the table, read from and written to the ledger (RULES H-6 to H-15).

The declared form is a plain table (TOML in the ledger):

- three passes: `{"pass": true}` (optionally with the `bids` that passed);
- a coup played: `{"hombre": NAME, "contract": "demande" | "retourne" | "sans-prendre" | "vole",
  "tricks": {NAME: N, ...}}` with, all optional: `"matadors": N`, `"vole_engagee": true`,
  `"bids": ["pass", "B: demande", ...]` (hombre and contract are then derived, and must agree when
  also given), `"trump": "h"`, `"hand": "9 cards"` or `"trumps": "his trumps"` (matadors counted
  from them, faux matadors included, H-15), `"espadille_forcee": true` (H-8).

Every mistake is a `UserError` that says what is accepted.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from scorekeeper.cards import Card, Suit, format_cards
from scorekeeper.errors import CoupRefused, Field, UserError
from scorekeeper.explain import record
from scorekeeper.games.hombre.bidding import Bidding, Contract, bid, contract_allowed, forced_holder
from scorekeeper.games.hombre.rules import HombreRules
from scorekeeper.games.spadille.deck import HOMBRE
from scorekeeper.games.spadille.legal import ESPADILLE
from scorekeeper.games.spadille.matadors import count_matadors, is_trump, most_matadors
from scorekeeper.players import find_player

TRICKS = 9
FIELDS = (
    "pass",
    "hombre",
    "contract",
    "tricks",
    "matadors",
    "vole_engagee",
    "bids",
    "trump",
    "hand",
    "trumps",
    "espadille_forcee",
    "dealer",
    "gano_remise",
    "pay",
    "reason",
)
_KNOWN = frozenset(FIELDS)


class Coup(NamedTuple):
    """A coup as said at the table. `tricks` lists the three players in seating order.

    A NamedTuple, like manille's: for the start-up of `sheet` (see `money.Bete`).
    """

    passed: bool = False
    hombre: str | None = None
    contract: Contract | None = None
    tricks: tuple[tuple[str, int], ...] = ()
    matadors: int | None = None  # as declared; see `matador_count`
    vole_engagee: bool = False
    bids: tuple[str, ...] | None = None  # canonical calls, `NAME: call`
    trump: Suit | None = None
    cards: tuple[Card, ...] | None = None
    cards_field: str = ""  # "hand" or "trumps", as declared
    espadille_forcee: bool = False
    dealer: str | None = None  # who dealt, where it was not the one the rotation expected
    gano_remise: bool = False  # H-9: the codille won thanks to a gano, given up: a remise
    # M-18: payer, payee, jetons, as the table agreed: whole or half jetons (a Fraction), as the accounts hold them
    pay: tuple[tuple[str, str, int | Fraction], ...] | None = None
    reason: str | None = None  # M-18: why

    @property
    def matador_count(self) -> int:
        """H-15: matadors paid, from the number declared or counted from the cards; 0 when neither is given."""
        if self.matadors is not None:
            return self.matadors
        if self.cards is not None and self.trump is not None:
            return count_matadors(self.cards, self.trump)
        return 0

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: HombreRules, players: Sequence[str], dealer: str) -> Coup:
        """Read a declaration (ledger or command line) and check it alone; `dealer` deals this coup."""
        if not isinstance(data, (dict, Mapping)):
            raise UserError("coup_not_a_table", fields=FIELDS)
        if "adjust" in data:  # M-18: points are manille's
            raise UserError("adjust_score_at_hombre", "M-18")
        if not _KNOWN.issuperset(data):
            unknown = sorted(set(data) - _KNOWN)
            said = tuple(coup_field(name) for name in FIELDS if name not in ("pay", "reason"))  # those are `adjust`'s
            raise CoupRefused("unknown_coup_field", field=coup_field(unknown[0]), fields=said)
        if data.get("pay") is not None or data.get("reason") is not None:
            return _agreement(data, players)
        named = None if data.get("dealer") is None else find_player(players, str(data["dealer"]))
        bidding = None if data.get("bids") is None else _bidding(data["bids"], rules, players, dealer)
        if bidding is not None and bidding.passed and _flag(data, "espadille_forcee") and data.get("hombre"):
            bidding = _forced_after_passes(data, rules, bidding, players)
        said_pass = _flag(data, "pass")
        if said_pass or (bidding is not None and bidding.passed):
            return _passed(data, bidding, said_pass, named, players)
        hombre, contract = _hombre_and_contract(data, bidding, players)
        contract_allowed(rules, contract)
        vole = contract is Contract.VOLE or _flag(data, "vole_engagee")
        forced = _espadille_forcee(data, rules, bidding, contract)
        tricks = _tricks(data.get("tricks"), players, hombre, vole, forced)
        vole_engagee = _vole_engagee(data, contract, tricks[hombre], forced)
        # The optional fields are read only when present: a long replay mostly has none of them.
        trump = None if data.get("trump") is None else _trump(data["trump"])
        cards, field = (None, "") if "hand" not in data and "trumps" not in data else _cards(data, trump)
        if forced and field == "hand" and cards is not None and ESPADILLE not in cards:
            raise CoupRefused("forced_hand_without_espadille", "H-8", field=coup_field("hand"), card=ESPADILLE)
        matadors = None if data.get("matadors") is None else _matadors(data["matadors"], trump, cards)
        return cls(
            passed=False,
            hombre=hombre,
            contract=contract,
            tricks=tuple(tricks.items()),
            matadors=matadors,
            vole_engagee=vole_engagee,
            bids=None if bidding is None else tuple(str(call) for call in bidding.calls),
            trump=trump,
            cards=cards,
            cards_field=field,
            espadille_forcee=forced,
            dealer=named,
            gano_remise=_flag(data, "gano_remise"),
        )

    def to_dict(self) -> dict[str, Any]:
        """The declared form again (TOML-ready: no None), so that `from_dict(to_dict())` gives the same coup."""
        data: dict[str, Any] = {}
        if self.pay is not None:
            paid = [{"from": a, "to": b, "jetons": n if type(n) is int else float(n)} for a, b, n in self.pay]
            return {"pay": paid, "reason": self.reason}
        if self.dealer is not None:
            data["dealer"] = self.dealer
        if self.passed:
            data["pass"] = True
        else:
            assert self.contract is not None
            data["hombre"] = self.hombre
            data["contract"] = self.contract.value
            data["tricks"] = dict(self.tricks)
            if self.matadors is not None:
                data["matadors"] = self.matadors
            if self.vole_engagee:
                data["vole_engagee"] = True
            if self.espadille_forcee:
                data["espadille_forcee"] = True
            if self.gano_remise:
                data["gano_remise"] = True
            if self.trump is not None:
                data["trump"] = self.trump.value.lower()
            if self.cards is not None:
                data[self.cards_field] = format_cards(self.cards, ascii=True)
        if self.bids is not None:
            data["bids"] = list(self.bids)
        return data


PASSED = Coup(passed=True)  # {"pass": true}: one value for every such coup


def declared_key(data: Any, dealer: str) -> tuple[Any, ...] | None:
    """A declaration as a hashable value, so that a replay reads each distinct declaration once; None
    when a value is not of the plain kinds a ledger holds (such a coup is read every time).

    The exact types are part of the key: `true` is not `1` nor `5.0` is `5`, and each is refused in its
    own words. The bids are read from the dealer's seat (H-7): the dealer is part of the key then.
    The plain form, by far the most common, has a key of its own: (hombre, contract, tricks), which no
    key of the other forms can equal (theirs hold only tuples, after the dealer).
    """
    if type(data) is not dict:
        return None
    if len(data) == 3 and "tricks" in data and "contract" in data and "hombre" in data:
        hombre, contract, tricks = data["hombre"], data["contract"], data["tricks"]
        if type(hombre) is str and type(contract) is str and type(tricks) is dict:
            counts = tuple(tricks.items())
            for who, count in counts:
                if type(who) is not str or type(count) is not int:
                    return None
            return hombre, contract, counts
    key: list[Any] = [dealer] if "bids" in data else []
    for name, value in data.items():
        kind = type(value)
        if kind is dict:
            items = tuple(value.items())
            for who, count in items:
                if type(who) is not str or type(count) is not int:
                    return None
            key.append((name, items))
        elif kind is list:
            if not all(type(item) is str for item in value):
                return None
            key.append((name, kind, tuple(value)))
        elif kind is str or kind is int or kind is bool or value is None:
            key.append((name, kind, value))
        else:
            return None
    return tuple(key)


def coup_field(name: str) -> Field:
    """A field of an hombre coup, as a refusal names it: each edge says it its own way (`errors.Field`)."""
    return Field(name, "hombre")


def _flag(data: Mapping[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if value is False:
        return False
    if not isinstance(value, bool):
        raise CoupRefused("not_a_flag", field=coup_field(name), value=value)
    return value


def _bidding(calls: Any, rules: HombreRules, players: Sequence[str], dealer: str) -> Bidding:
    """H-7: the whole bidding, when declared, as a list of calls or one string with commas."""
    if isinstance(calls, str):
        calls = [call for call in calls.split(",") if call.strip()]
    if not isinstance(calls, (list, tuple)) or not all(isinstance(call, str) for call in calls):
        raise UserError("bad_bids", "H-7")
    return bid(rules, players, dealer, calls)


def _passed(
    data: Mapping[str, Any], bidding: Bidding | None, said_pass: bool, dealer: str | None, players: Sequence[str]
) -> Coup:
    """H-7: three passes; the coup has no hombre, contract or tricks. Espadille forcée after them (H-8) is
    said with the bids and its holder, which the refusal shows."""
    if bidding is not None and not bidding.passed:
        raise UserError("bids_make_an_hombre", "H-7", hombre=bidding.hombre, contract=bidding.contract)
    extra = [name for name in data if name not in ("pass", "bids", "dealer") and data[name] not in (None, False)]
    if _flag(data, "espadille_forcee"):  # H-8 as played: three passes said, then the espadille's holder named
        given = data.get("hombre")
        holder = record("metavar.name") if given is None else find_player(players, str(given))
        raise CoupRefused(
            "forced_said_with_bids",
            "H-8",
            field=coup_field("espadille_forcee"),
            bids=coup_field("bids"),
            hombre=coup_field("hombre"),
            player=holder,
        )
    if extra:
        raise CoupRefused("passed_coup_with", "H-7", field=coup_field(extra[0]), passed=coup_field("pass"))
    if bidding is None and dealer is None:
        return PASSED
    return Coup(passed=True, bids=None if bidding is None else tuple(str(c) for c in bidding.calls), dealer=dealer)


def _forced_after_passes(
    data: Mapping[str, Any], rules: HombreRules, bidding: Bidding, players: Sequence[str]
) -> Bidding:
    """H-8 as played at the table: three passes (`--bids "pass, pass, pass"`), then the holder of the
    espadille named by `--hombre` with `--espadille-forcee`; he plays demande."""
    if data.get("contract") is not None and str(data["contract"]).strip():
        contract = Contract.parse(str(data["contract"]))
        if contract is not Contract.DEMANDE:
            raise UserError("forced_holder_plays_demande", "H-8", contract=contract)
    return forced_holder(rules, bidding, find_player(players, str(data["hombre"])))


def _agreement(data: Mapping[str, Any], players: Sequence[str]) -> Coup:
    """M-18: jetons one player pays another as the table agreed, `[{from, to, jetons}]`, with its reason."""
    besides = sorted(key for key, value in data.items() if value not in (None, False) and key not in ("pay", "reason"))
    if besides:
        raise CoupRefused("entry_alone", entry=coup_field("adjust"), field=coup_field(besides[0]))
    declared, reason = data.get("pay"), data.get("reason")
    if declared is None:
        raise UserError("reason_without_adjust", "M-18")
    if not isinstance(reason, str) or not reason.strip():
        raise UserError("adjust_needs_reason", "M-18")
    if not isinstance(declared, list) or not declared or not all(isinstance(p, Mapping) for p in declared):
        raise UserError("bad_adjust_pay", "M-18", text=str(declared))
    paid = []
    for given in declared:
        if set(given) != {"from", "to", "jetons"}:
            raise UserError("bad_adjust_pay", "M-18", text=str(dict(given)))
        payer, payee = find_player(players, str(given["from"])), find_player(players, str(given["to"]))
        jetons = _agreed_jetons(given["jetons"])
        if payer == payee:
            raise UserError("pay_to_self", "M-18", player=payer)
        paid.append((payer, payee, jetons))
    return Coup(pay=tuple(paid), reason=reason.strip())


def _agreed_jetons(value: Any) -> int | Fraction:
    """M-18, H-12: jetons agreed, more than none, whole or a multiple of a half (12.5), as the accounts
    hold them: an int, or a Fraction for a half.

    >>> _agreed_jetons(12), _agreed_jetons(12.5), _agreed_jetons(13.0)
    (12, Fraction(25, 2), 13)
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise UserError("pay_not_positive", "M-18", value=value)
    if not math.isfinite(value) or value <= 0:
        raise UserError("pay_not_positive", "M-18", value=value)
    exact = Fraction(value)
    if exact.denominator not in (1, 2):
        raise UserError("pay_not_half", "M-18", value=value)
    return exact.numerator if exact.denominator == 1 else exact


def _hombre_and_contract(
    data: Mapping[str, Any], bidding: Bidding | None, players: Sequence[str]
) -> tuple[str, Contract]:
    """From the bids (H-7) or as declared; when both are given they must agree."""
    hombre = None if data.get("hombre") is None else find_player(players, str(data["hombre"]))
    contract = None
    if data.get("contract") is not None:
        if not isinstance(data["contract"], str):
            raise UserError("contract_not_a_word", value=data["contract"])
        contract = Contract.parse(data["contract"])
    if bidding is not None:
        assert bidding.hombre is not None and bidding.contract is not None
        if (hombre is not None and hombre != bidding.hombre) or (contract not in (None, bidding.contract)):
            raise UserError(
                "bids_disagree",
                "H-7",
                hombre=bidding.hombre,
                contract=bidding.contract,
                declared=hombre or bidding.hombre,
                declared_contract=contract or bidding.contract,
            )
        return bidding.hombre, bidding.contract
    if hombre is None or contract is None:
        raise UserError("coup_without_hombre")
    return hombre, contract


def _tricks(declared: Any, players: Sequence[str], hombre: str, vole: bool, forced: bool = False) -> dict[str, int]:
    """Tricks per player; a player left out made none; nine in all (H-9), or, in a vole annoncée or
    engagée (`vole`), the tricks played until it stopped (H-10), or the five of an hombre who laid his
    hand down (H-11; not in espadille forcée, `forced`, where no vole is engaged)."""
    if not isinstance(declared, (dict, Mapping)) or not declared:
        raise UserError("tricks_missing")
    tricks = dict.fromkeys(players, 0)  # in seating order
    seen: set[str] = set()
    for who, count in declared.items():
        player = find_player(players, str(who))
        if player in seen:
            raise UserError("tricks_twice", player=player)
        seen.add(player)
        if type(count) is not int or not 0 <= count <= TRICKS:  # bool is refused too
            raise UserError("bad_trick_count", player=player, value=count)
        tricks[player] = count
    total = sum(tricks.values())
    if total == TRICKS or (vole and stopped_vole(tricks, hombre)):
        return tricks
    if not vole and not forced and laid_down(tricks, hombre):
        return tricks
    made = tuple(record("player_tricks", None, player=player, tricks=count) for player, count in tricks.items())
    if laid_down(tricks, hombre):
        raise UserError("laid_down_not_here", "H-11", tricks=made, total=total)
    if vole and total < TRICKS:  # the real reason, not "nine in all" (H-10)
        raise UserError("vole_stops_at_first_tiers_trick", "H-10", tricks=made, total=total)
    raise UserError("tricks_not_nine", tricks=made, total=total)


def laid_down(tricks: Mapping[str, int], hombre: str) -> bool:
    """H-11, seed 001 §10: an hombre who took the first five tricks and does not lead to the sixth lays
    his hand down: the coup is entered as it stood, five tricks to him and none to the tiers.

    >>> laid_down({"A": 5, "B": 0, "C": 0}, "A"), laid_down({"A": 5, "B": 1, "C": 0}, "A")
    (True, False)
    """
    return tricks[hombre] == 5 and sum(tricks.values()) == 5


def stopped_vole(tricks: Mapping[str, int], hombre: str) -> bool:
    """H-10, seed 001 §10: a vole stops at the first trick a tiers takes: the hombre's tricks, then one
    trick to one tiers, fewer than nine in all.

    >>> stopped_vole({"A": 6, "B": 1, "C": 0}, "A"), stopped_vole({"A": 6, "B": 1, "C": 1}, "A")
    (True, False)
    """
    tiers = sorted(count for player, count in tricks.items() if player != hombre)
    return tiers == [0, 1] and sum(tricks.values()) < TRICKS


def _espadille_forcee(data: Mapping[str, Any], rules: HombreRules, bidding: Bidding | None, contract: Contract) -> bool:
    """H-8: the holder of the espadille forced to play demande after three passes."""
    if bidding is None and "espadille_forcee" not in data:
        return False
    said = _flag(data, "espadille_forcee")
    forced = bidding.forced if bidding is not None else said
    if bidding is not None and "espadille_forcee" in data and said != bidding.forced:
        raise UserError("bids_force_espadille" if bidding.forced else "bids_do_not_force_espadille", "H-8")
    if forced and not rules.espadille_forcee:
        raise UserError("espadille_forcee_not_played", "H-8")
    if forced and contract is not Contract.DEMANDE:
        raise UserError("forced_holder_plays_demande", "H-8", contract=contract)
    return forced


def _vole_engagee(data: Mapping[str, Any], contract: Contract, made: int, forced: bool) -> bool:
    """H-11: only in demande, retourne or sans prendre, by an hombre who took the first five tricks.

    H-8 says the holder of the espadille forced to play "may not make the vole": neither announce it
    nor engage it.
    """
    if not _flag(data, "vole_engagee"):
        return False
    if contract is Contract.VOLE:
        raise CoupRefused("vole_engagee_on_vole", "H-11", field=coup_field("vole_engagee"))
    if forced:
        raise UserError("forced_holder_no_vole", "H-8")
    if made < 5:
        raise UserError("vole_engagee_too_few_tricks", "H-11", tricks=made)
    return True


def _trump(declared: Any) -> Suit:
    if not isinstance(declared, str):
        raise UserError("trump_not_a_suit", value=declared)
    return Suit.parse(declared)


def _cards(data: Mapping[str, Any], trump: Suit | None) -> tuple[tuple[Card, ...] | None, str]:
    """The hombre's hand (nine cards) or only his trumps, from which the matadors are counted (H-15)."""
    given = [name for name in ("hand", "trumps") if data.get(name) is not None]
    if not given:
        return None, ""
    if len(given) == 2:
        raise UserError("hand_and_trumps")
    field = given[0]
    declared = data[field]
    if isinstance(declared, (list, tuple)) and all(isinstance(card, str) for card in declared):
        declared = " ".join(declared)
    if not isinstance(declared, str):
        raise UserError("cards_not_a_list", field=field)
    cards = tuple(HOMBRE.parse_many(declared))
    if len(set(cards)) != len(cards):
        double = next(card for card in cards if cards.count(card) > 1)
        raise UserError("card_twice", card=double, field=field)
    if trump is None:
        raise UserError("cards_without_trump", "H-15", field=field)
    if field == "hand" and len(cards) != TRICKS:
        raise UserError("hand_not_nine_cards", count=len(cards))
    if field == "trumps" and len(cards) > TRICKS:
        raise UserError("trumps_past_a_hand", "H-15", count=len(cards), most=TRICKS)
    if field == "trumps":
        plain = [card for card in cards if not is_trump(card, trump)]
        if plain:
            raise UserError("not_a_trump", "H-2", card=plain[0], trump=trump)
    return cards, field


def _matadors(declared: Any, trump: Suit | None, cards: tuple[Card, ...] | None) -> int:
    """H-15: 0, or 3 and more: matadors are paid only for the three true ones and the faux that follow."""
    if isinstance(declared, bool) or not isinstance(declared, int):
        raise UserError("matadors_not_a_number", value=declared)
    most = most_matadors(trump)
    if declared in (1, 2) or not 0 <= declared <= most:
        raise UserError("matadors_not_paid", "H-15", matadors=declared, most=most)
    if cards is not None and trump is not None:
        counted = count_matadors(cards, trump)
        if counted != declared:
            raise UserError("matadors_disagree", "H-15", matadors=declared, counted=counted)
    return declared
