"""Contracts and the bidding (RULES H-6 to H-8): who is the hombre, in which contract, or three passes.

A call is `pass` or a contract, optionally with the name of who says it (`B: sans-prendre`). Calls
go round from the premier en cartes, the player after the dealer (C-3). Without names, the speaker
of each call is the player whose turn it is; with a name, the name must be his.

>>> bidding = bid(HombreRules(), ["A", "B", "C"], "C", ["demande", "pass", "sans-prendre", "sans-prendre", "pass"])
>>> bidding.hombre, bidding.contract
('A', <Contract.SANS_PRENDRE: 'sans-prendre'>)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.errors import UserError
from scorekeeper.explain import Record, record
from scorekeeper.games.hombre.rules import HombreRules
from scorekeeper.players import find_player, fold_name


class Contract(enum.Enum):
    """H-6: the contracts, low to high (retourne only where the ruleset has it)."""

    DEMANDE = "demande"
    RETOURNE = "retourne"
    SANS_PRENDRE = "sans-prendre"
    VOLE = "vole"

    @property
    def rank(self) -> int:
        return _RANK[self]

    def __str__(self) -> str:
        """The contract as the ledger writes it, the key of its words in the catalog (`contract.sans-prendre`)."""
        return self.value

    @classmethod
    def parse(cls, text: str) -> Contract:
        """A contract in any usual spelling (`sans prendre`, `Sans-Prendre`, `tourne` for retourne)."""
        contract = _CONTRACT_WORDS.get(text)  # the ledger's own spelling, at once
        if contract is None:
            contract = _CONTRACT_WORDS.get(_fold_call(text))
        if contract is None:
            raise UserError("unknown_contract", "H-6", text=text)
        return contract


_RANK = {contract: place for place, contract in enumerate(Contract)}
_CONTRACT_WORDS = {
    "demande": Contract.DEMANDE,
    "retourne": Contract.RETOURNE,
    "tourne": Contract.RETOURNE,  # the seed's bidding examples (24.2) say "tourne"
    "sans-prendre": Contract.SANS_PRENDRE,
    "vole": Contract.VOLE,
}
_PASS_WORDS = {"pass", "passe"}


def _fold_call(text: str) -> str:
    return re.sub(r"[\s_-]+", "-", fold_name(text)).strip("-")


def contract_allowed(rules: HombreRules, contract: Contract) -> None:
    """H-6: the retourne is a contract only where the ruleset says so (`bidding.retourne_contract`)."""
    if contract is Contract.RETOURNE and not rules.retourne_contract:
        raise UserError("retourne_not_a_contract", "H-6")


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the bidding: who said it, and `pass` or a contract."""

    player: str
    contract: Contract | None  # None: a pass

    def __str__(self) -> str:
        """The call as the ledger keeps it, `B: sans-prendre` (read back by `parse_call`)."""
        return f"{self.player}: {'pass' if self.contract is None else self.contract.value}"


@dataclass(frozen=True, slots=True)
class Bidding:
    """The bidding validated: the hombre and his contract, or three passes (hombre None)."""

    calls: tuple[Call, ...]
    hombre: str | None
    contract: Contract | None
    forced: bool = False  # H-8: the holder of the espadille plays demande after three passes

    @property
    def passed(self) -> bool:
        return self.hombre is None


def parse_call(text: str, players: Sequence[str]) -> tuple[str | None, Contract | None]:
    """A call of the bidding (H-6, H-7): `demande`, `pass`, `B: sans prendre` or `B=vole`.

    Returns the named speaker (or None) and the contract (None for a pass).
    """
    if not isinstance(text, str) or not text.strip():
        raise UserError("bad_call", text=text)
    who, sep, said = _split(text)
    player = find_player(players, who) if sep else None
    word = _fold_call(said)
    if word in _PASS_WORDS:
        return player, None
    if word not in _CONTRACT_WORDS:
        raise UserError("bad_call", text=text.strip())
    return player, _CONTRACT_WORDS[word]


def _split(text: str) -> tuple[str, str, str]:
    match = re.fullmatch(r"\s*(.*?)\s*([:=])\s*(.*?)\s*", text)
    if match is None:
        return "", "", text.strip()
    return match.group(1), match.group(2), match.group(3)


def seats_from_premier(players: Sequence[str], dealer: str) -> tuple[str, ...]:
    """C-3, H-7: the premier en cartes (after the dealer), the second, the dealer; the order of primauté."""
    first = players.index(dealer)
    return tuple(players[(first + 1 + i) % len(players)] for i in range(len(players)))


def bid(rules: HombreRules, players: Sequence[str], dealer: str, calls: Sequence[str]) -> Bidding:
    """Validate a whole bidding (H-6, H-7, H-8) and name the hombre and his contract, or three passes.

    H-7: calls go round from the premier en cartes; a pass is final; a bid must be higher than the
    last, or equal to it from a player with primauté over its bidder (the premier over both others,
    the second over the dealer); vole ends the bidding. Two passes leave the last bidder hombre.

    Choices where the texts are silent:
    - After a vole the others may still be heard passing (the seed's example 7.2 writes
      "2 — Vole ; 3 — Passe ; 1 — Passe"), or left out; any other call is refused.
    - H-8: after three passes, under espadille forcée, a fourth call `NAME: demande` names the holder
      of the espadille, who plays demande. No fourth call: the espadille was in the talon, and the
      coup counts as passed (the seed says only that the talon is searched).
    """
    seats = seats_from_premier(players, dealer)
    primaute = {player: place for place, player in enumerate(seats)}
    passed: set[str] = set()
    best: Call | None = None
    made: list[Call] = []
    speaker_place = 0
    forced = False
    over = False
    for number, text in enumerate(calls, start=1):
        named, contract = parse_call(text, players)
        try:
            if over:
                raise UserError("bidding_over", "H-7", verdict=_verdict(best, forced))
            if len(passed) == len(seats):
                # Only espadille forcée speaks after three passes (H-8).
                made.append(_espadille_forcee(rules, named, contract))
                best, forced, over = made[-1], True, True
                continue
            speaker = seats[speaker_place]
            if best is not None and best.contract is Contract.VOLE and contract is not None:
                raise UserError("bid_after_vole", "H-7", player=best.player)
            if named is not None and named != speaker:
                raise _not_your_turn(named, speaker, passed, best)
            if contract is not None:
                contract_allowed(rules, contract)
                if best is not None:
                    _check_over(speaker, contract, best, primaute)
                best = Call(speaker, contract)
                made.append(best)
            else:
                passed.add(speaker)
                made.append(Call(speaker, None))
        except UserError as error:
            raise UserError("call_refused", number=number, call=text.strip(), reason=error) from None
        left = [player for player in seats if player not in passed]
        if best is not None and left == [best.player]:
            over = True
        elif left:
            speaker_place = _next_place(seats, speaker_place, passed)
    if best is not None and best.contract is Contract.VOLE:
        over = True
    if not over and len(passed) < len(seats):
        raise UserError("bidding_unfinished", "H-7", player=seats[speaker_place])
    if best is None:
        return Bidding(tuple(made), None, None)
    return Bidding(tuple(made), best.player, best.contract, forced)


def _next_place(seats: Sequence[str], place: int, passed: set[str]) -> int:
    """H-7: the bidding goes round; a player who passed is never asked again."""
    for step in range(1, len(seats) + 1):
        candidate = (place + step) % len(seats)
        if seats[candidate] not in passed:
            return candidate
    return place


def _check_over(speaker: str, contract: Contract, best: Call, primaute: dict[str, int]) -> None:
    """H-7: higher than the last bid, or equal to it from a player with primauté over its bidder."""
    assert best.contract is not None
    if contract.rank > best.contract.rank:
        return
    if contract.rank < best.contract.rank:
        raise UserError("bid_too_low", "H-7", contract=contract, player=best.player, best=best.contract)
    if contract is Contract.VOLE:
        raise UserError("vole_not_equalled", "H-7", player=best.player)
    if primaute[speaker] > primaute[best.player]:
        raise UserError("no_primaute", "H-7", speaker=speaker, player=best.player, contract=contract)


def _espadille_forcee(rules: HombreRules, named: str | None, contract: Contract | None) -> Call:
    """H-8: after three passes the holder of the espadille must play demande and may not make the vole."""
    if not rules.espadille_forcee:
        raise UserError("no_call_after_three_passes", "H-8")
    if named is None or contract is None:
        raise UserError("espadille_holder_unnamed", "H-8")
    if contract is not Contract.DEMANDE:
        raise UserError("espadille_holder_plays_demande", "H-8", contract=contract)
    return Call(named, contract)


def forced_holder(rules: HombreRules, bidding: Bidding, holder: str) -> Bidding:
    """H-8 as played: three passes, then the holder of the espadille, named apart (`--hombre`), plays
    demande, as the fourth call `NAME: demande` says it."""
    call = _espadille_forcee(rules, holder, Contract.DEMANDE)
    return Bidding((*bidding.calls, call), holder, Contract.DEMANDE, True)


def _not_your_turn(named: str, speaker: str, passed: set[str], best: Call | None) -> UserError:
    """H-7: a call named for someone else than the player whose turn it is."""
    if named in passed:
        return UserError("call_after_pass", "H-7", player=named, speaker=speaker)
    if best is not None and named == best.player:
        return UserError("call_holding_best_bid", "H-7", player=named, contract=best.contract, speaker=speaker)
    return UserError("call_out_of_turn", "H-7", player=named, speaker=speaker)


def _verdict(best: Call | None, forced: bool) -> Record:
    """How the bidding ended, as `bidding_over` tells it."""
    if best is None or best.contract is None:
        return record("bidding_passed")
    return record("bidding_won_forced" if forced else "bidding_won", None, hombre=best.player, contract=best.contract)
