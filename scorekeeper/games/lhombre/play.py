"""A deal of Danish l'hombre as said at the table, and what it scores (RULES D-2 to D-7). Pure: no I/O.

A deal is one of: a contract played (its declarer, the contract, and the three trick counts or the outcome
word), all pass, or a strafpoint (an entry between deals: the dealer does not change).

>>> rules = LhombreRules()
>>> outcome("solo_spar", {"Ole": 6, "Bent": 2, "Kaj": 1}, "Ole", rules)
'vundet'
>>> outcome("alm", {"Ole": 4, "Bent": 4, "Kaj": 1}, "Ole", rules)  # a tie: bet
'bet'
>>> outcome("alm", {"Ole": 3, "Bent": 4, "Kaj": 2}, "Ole", rules)  # an opponent took more: kruk
'kruk'
>>> outcome("ren_nolo", {"Kaj": 1}, "Kaj", rules), outcome("ren_nolo", {"Kaj": 2}, "Kaj", rules)
('bet', 'kruk')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.errors import CoupRefused, Field, UserError
from scorekeeper.explain import Record, record
from scorekeeper.games.lhombre.options import CONTRACTS, OUTCOMES
from scorekeeper.games.lhombre.rules import LhombreRules

TRICKS = 9  # D-1: nine tricks a deal, three players each nine cards
TOUT_FIRST = 5  # D-6: a declarer who has taken the first five tricks may go on for all nine
FIELDS = frozenset(
    ("declarer", "contract", "tricks", "outcome", "tout", "smide", "pass", "strafpoint", "reason", "also")
)


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal as said at the table (D-3 to D-7): what the ledger stores, never a figure."""

    declarer: str | None = None
    contract: str | None = None
    tricks: tuple[tuple[str, int], ...] = ()  # the declarer's tricks, then the opponents' in play order
    outcome: str | None = None  # said instead of the tricks (« Bent tourné kruk »)
    tout: bool = False  # D-6: the declarer went on for all nine tricks
    smide: bool = False  # D-4: the declarer threw in the contract after buying
    passed: bool = False  # D-7: all passed
    strafpoint: str | None = None  # D-7: a player fined a point, between deals
    reason: str | None = None  # the strafpoint's reason, as said
    also: Deal | None = None  # D-8: a second nolo in the same deal, where the table allows two

    def to_dict(self) -> dict[str, Any]:
        if self.passed:
            return {"pass": True}
        if self.strafpoint is not None:
            return {"strafpoint": self.strafpoint, **({"reason": self.reason} if self.reason else {})}
        said: dict[str, Any] = {"declarer": self.declarer, "contract": self.contract}
        if self.tricks:
            said["tricks"] = dict(self.tricks)
        if self.outcome is not None:
            said["outcome"] = self.outcome
        if self.tout:
            said["tout"] = True
        if self.smide:
            said["smide"] = True
        if self.also is not None:
            said["also"] = self.also.to_dict()
        return said

    @property
    def deal(self) -> bool:
        """Whether the entry is a deal (the next player deals after it): a strafpoint is none (D-7)."""
        return self.strafpoint is None


def refused(key: str, field: str, rule: str, **values: Any) -> CoupRefused:
    """A deal the table cannot have said, about one field of it: each edge names the field its own way."""
    return CoupRefused(key, rule, field=Field(field, "lhombre"), **values)


def _player(name: Any, players: Sequence[str], field: str) -> str:
    if not isinstance(name, str) or name not in players:
        raise UserError("unknown_player", name=name, players=list(players))
    return name


def read_deal(declared: Mapping[str, Any], players: Sequence[str], playing: Sequence[str], rules: LhombreRules) -> Deal:
    """The deal as said, checked against the table: `playing` are the three who play it (D-2)."""
    unknown = set(declared) - FIELDS
    if unknown:
        raise refused("lhombre_unknown_field", min(unknown), "D-3")
    if declared.get("pass"):
        if set(declared) - {"pass"}:
            raise refused("lhombre_pass_with", min(set(declared) - {"pass"}), "D-7")
        return Deal(passed=True)
    if "strafpoint" in declared:
        if set(declared) - {"strafpoint", "reason"}:
            raise refused("lhombre_strafpoint_with", min(set(declared) - {"strafpoint", "reason"}), "D-7")
        reason = declared.get("reason")
        return Deal(strafpoint=_player(declared["strafpoint"], players, "strafpoint"), reason=reason or None)
    declarer = declared.get("declarer")
    if declarer is None:
        raise refused("lhombre_declarer_missing", "declarer", "D-3")
    declarer = _player(declarer, players, "declarer")
    if declarer not in playing:
        raise refused("lhombre_declarer_sits_out", "declarer", "D-2", player=declarer)
    smide = bool(declared.get("smide"))
    contract = declared.get("contract", "alm" if smide else None)  # « Ole smider »: the ordinary game bought
    if contract is None:
        raise refused("lhombre_contract_missing", "contract", "D-3", declarer=declarer, contracts=CONTRACTS)
    if contract not in CONTRACTS:
        raise refused("lhombre_contract", "contract", "D-3", contract=contract, contracts=CONTRACTS)
    if rules.value(contract) == 0:
        raise refused("lhombre_contract_not_played", "contract", "D-3", contract=contract)
    tout = bool(declared.get("tout"))
    if tout and (rules.nolo(contract) or smide):
        raise refused("lhombre_tout_not_here", "tout", "D-6", contract=contract)
    said_outcome = declared.get("outcome")
    tricks = declared.get("tricks")
    if smide:
        if "also" in declared:
            raise refused("lhombre_double_nolo", "also", "D-8", declarer=declarer)
        if tricks is not None or said_outcome is not None:
            raise refused("lhombre_smide_with", "smide", "D-4")
        return Deal(declarer, contract, smide=True)
    if (tricks is None) == (said_outcome is None):
        raise refused("lhombre_tricks_or_outcome", "tricks", "D-4", declarer=declarer)
    if said_outcome is not None:
        if said_outcome not in OUTCOMES:
            raise refused("lhombre_outcome", "outcome", "D-4", outcome=said_outcome, outcomes=OUTCOMES)
        if tout and said_outcome == "kruk":
            raise refused("lhombre_tout_kruk", "outcome", "D-6")
        return _with_also(Deal(declarer, contract, outcome=said_outcome, tout=tout), declared, players, playing, rules)
    return _with_also(
        Deal(declarer, contract, _tricks(tricks, declarer, contract, players, playing, rules), tout=tout),
        declared,
        players,
        playing,
        rules,
    )


def _with_also(
    deal: Deal, declared: Mapping[str, Any], players: Sequence[str], playing: Sequence[str], rules: LhombreRules
) -> Deal:
    """D-8: the second nolo said with the first (`also`), where the table allows two: another player of the
    deal, a nolo too, each with its own tricks (or outcome); together no more than the deal's nine."""
    also = declared.get("also")
    if also is None:
        return deal
    assert deal.declarer is not None and deal.contract is not None
    if not rules.double_nolo:
        raise refused("lhombre_double_nolo_off", "also", "D-8")
    if not isinstance(also, Mapping) or "also" in also:
        raise refused("lhombre_double_nolo", "also", "D-8", declarer=deal.declarer)
    second = read_deal(also, players, playing, rules)
    nolos = rules.nolo(deal.contract) and second.contract is not None and rules.nolo(second.contract)
    if not nolos or second.declarer in (None, deal.declarer) or second.smide or deal.smide:
        raise refused("lhombre_double_nolo", "also", "D-8", declarer=deal.declarer)
    taken = dict(deal.tricks).get(deal.declarer, 0) + dict(second.tricks).get(second.declarer or "", 0)
    if taken > TRICKS:
        raise refused("lhombre_tricks_sum", "tricks", "D-4", given=taken, tricks=TRICKS, players=list(playing))
    return Deal(deal.declarer, deal.contract, deal.tricks, deal.outcome, deal.tout, also=second)


def _tricks(
    tricks: Any, declarer: str, contract: str, players: Sequence[str], playing: Sequence[str], rules: LhombreRules
) -> tuple[tuple[str, int], ...]:
    """D-4: the three players' tricks, nine in all; at a nolo the declarer's alone may be said."""
    if not isinstance(tricks, Mapping):
        raise refused("lhombre_tricks_missing", "tricks", "D-4")
    for name, count in tricks.items():
        _player(name, players, "tricks")
        if name not in playing:
            raise refused("lhombre_tricks_sits_out", "tricks", "D-2", player=name)
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= TRICKS:
            raise refused("lhombre_bad_count", "tricks", "D-4", player=name, count=count)
    if rules.nolo(contract) and set(tricks) == {declarer}:
        return ((declarer, tricks[declarer]),)
    if set(tricks) != set(playing) or sum(tricks.values()) != TRICKS:
        raise refused(
            "lhombre_tricks_sum", "tricks", "D-4", given=sum(tricks.values()), tricks=TRICKS, players=list(playing)
        )
    return tuple((name, tricks[name]) for name in (declarer, *(name for name in playing if name != declarer)))


def outcome(contract: str, tricks: Mapping[str, int], declarer: str, rules: LhombreRules) -> str:
    """D-4: vundet, bet or kruk from the trick counts."""
    taken = tricks[declarer]
    if rules.nolo(contract):
        return "vundet" if taken == 0 else "bet" if taken <= rules.nolo_bet_tricks else "kruk"
    others = [count for name, count in tricks.items() if name != declarer]
    if all(taken > count for count in others):
        return "vundet"
    return "kruk" if any(count > taken for count in others) else "bet"


def score(
    deal: Deal, playing: Sequence[str], players: Sequence[str], rules: LhombreRules
) -> tuple[tuple[int, ...], tuple[Record, ...], tuple[tuple[str, tuple[int, ...]], ...]]:
    """What each player scores for the deal (D-5 to D-7), with the log that explains it, and each contract as
    the fiche shows it: how it ended (vundet, bet or kruk, D-4) and what each player scored by it (a second
    nolo's after the first, D-8; none for a pass or a strafpoint); the oversidder 0."""
    scored = dict.fromkeys(players, 0)
    if deal.passed:
        return tuple(scored.values()), (record("lhombre.log.passed", "D-7"),), ()
    if deal.strafpoint is not None:
        scored[deal.strafpoint] = -rules.strafpoint
        fined = record(
            "lhombre.log.strafpoint", "D-7", player=deal.strafpoint, points=rules.strafpoint, reason=deal.reason or ""
        )
        return tuple(scored.values()), (fined,), ()
    log: list[Record] = []
    contracts = []
    for each in (deal, deal.also):  # D-8: a second nolo, scored on its own against its two opponents
        if each is not None:
            part = dict.fromkeys(players, 0)
            ended = _contract(each, playing, rules, part, log)
            contracts.append((ended, tuple(part.values())))
    total = tuple(sum(points) for points in zip(*(part for _, part in contracts), strict=True))
    return total, tuple(log), tuple(contracts)


def _contract(
    deal: Deal, playing: Sequence[str], rules: LhombreRules, scored: dict[str, int], log: list[Record]
) -> str:
    """One contract's outcome (D-4, D-6), its points added to `scored` (D-5) and explained in `log`."""
    assert deal.declarer is not None and deal.contract is not None
    declarer, contract = deal.declarer, deal.contract
    value = rules.value(contract)
    if deal.smide:
        result = "bet"
        log.append(record("lhombre.log.smide", "D-4", player=declarer, contract=contract))
    elif deal.outcome is not None:
        result = deal.outcome
    else:
        tricks = dict(deal.tricks)
        result = outcome(contract, tricks, declarer, rules)
        log.append(record("lhombre.log.tricks", "D-4", player=declarer, contract=contract, taken=tricks[declarer]))
    if deal.tout:
        made = result == "vundet" and (deal.outcome is not None or dict(deal.tricks)[declarer] == TRICKS)
        if made:
            value += rules.tout
            log.append(record("lhombre.log.tout_made", "D-6", player=declarer, value=value))
        else:  # D-6: failed, scored as won by one less, never below bet's figure
            value = max(value - rules.tout, -value)
            result = "vundet"
            log.append(record("lhombre.log.tout_failed", "D-6", player=declarer, value=value))
    paid = {"vundet": value, "bet": -value, "kruk": -(value + 1)}[result]
    log.append(record(f"lhombre.log.{result}", "D-4", player=declarer, contract=contract, value=abs(paid)))
    opponents = [name for name in playing if name != declarer]
    if rules.payment == "each":  # D-5: from and to each opponent
        scored[declarer] += paid * len(opponents)
        for name in opponents:
            scored[name] -= paid
        key = "lhombre.log.receives_each" if paid > 0 else "lhombre.log.pays_each"
        log.append(record(key, "D-5", player=declarer, points=abs(paid), opponents=opponents))
    else:
        scored[declarer] += paid
        log.append(record("lhombre.log.paid_declarer", "D-5", player=declarer, points=paid))
    return result
