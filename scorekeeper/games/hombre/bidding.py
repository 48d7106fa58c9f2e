"""Contracts and the bidding (RULES H-6 to H-8): who is the hombre, in which contract, or three passes.

A call is `pass` or a contract, optionally with the name of who says it (`B: sans-prendre`). Calls
go round from the premier en cartes, the player after the dealer (C-3). Without names, the speaker
of each call is the player whose turn it is; with a name, the name must be his.

>>> bidding = bid(HombreRules(), ["A", "B", "C"], "C", ["demande", "pass", "sans-prendre", "sans-prendre", "pass"])
>>> bidding.hombre, bidding.contract.label
('A', 'sans prendre')
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.errors import UserError
from scorekeeper.games.hombre.rules import HombreRules
from scorekeeper.players import find_player, fold_name


class Contract(enum.Enum):
    """H-6: the contracts, low to high (retourne only where the ruleset has it)."""

    DEMANDE = "demande"
    RETOURNE = "retourne"
    SANS_PRENDRE = "sans-prendre"
    VOLE = "vole"

    # Members are singletons: identity hashing is exact, and skips Enum's Python-level __hash__ in the
    # replay's memo keys (as cards.Suit does).
    __hash__ = object.__hash__

    @property
    def rank(self) -> int:
        return _RANK[self]

    @property
    def label(self) -> str:
        """How the table says it: `sans prendre`."""
        return self.value.replace("-", " ")

    @classmethod
    def parse(cls, text: str) -> Contract:
        """A contract in any usual spelling (`sans prendre`, `Sans-Prendre`, `tourne` for retourne)."""
        contract = _CONTRACT_WORDS.get(text)  # the ledger's own spelling, at once
        if contract is None:
            contract = _CONTRACT_WORDS.get(_fold_call(text))
        if contract is None:
            raise UserError(f"unknown contract {text!r}: {CONTRACTS_ACCEPTED}")
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
CONTRACTS_ACCEPTED = "contracts are demande, retourne, sans-prendre, vole (H-6)"
CALLS_ACCEPTED = "a call is pass or a contract (demande, retourne, sans-prendre, vole), optionally NAME: CALL"


def _fold_call(text: str) -> str:
    return re.sub(r"[\s_-]+", "-", fold_name(text)).strip("-")


def contract_allowed(rules: HombreRules, contract: Contract) -> None:
    """H-6: the retourne is a contract only where the ruleset says so (`bidding.retourne_contract`)."""
    if contract is Contract.RETOURNE and not rules.retourne_contract:
        raise UserError(
            "retourne is not a contract of this ruleset (bidding.retourne_contract = false): "
            "demande, sans-prendre or vole (H-6)"
        )


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the bidding: who said it, and `pass` or a contract."""

    player: str
    contract: Contract | None  # None: a pass

    def __str__(self) -> str:
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
        raise UserError(f"bad call {text!r}: {CALLS_ACCEPTED}")
    who, sep, said = _split(text)
    player = find_player(players, who) if sep else None
    word = _fold_call(said)
    if word in _PASS_WORDS:
        return player, None
    if word not in _CONTRACT_WORDS:
        raise UserError(f"bad call {text.strip()!r}: {CALLS_ACCEPTED}")
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
        where = f"call {number} ({text.strip()})"
        if over:
            raise UserError(f"{where}: the bidding was over: {_verdict(best, forced)} (H-7)")
        if len(passed) == len(seats):
            # Only espadille forcée speaks after three passes (H-8).
            made.append(_espadille_forcee(rules, where, named, contract))
            best, forced, over = made[-1], True, True
            continue
        speaker = seats[speaker_place]
        if best is not None and best.contract is Contract.VOLE and contract is not None:
            raise UserError(f"{where}: {best.player}'s vole ends the bidding; nobody may bid after it (H-7)")
        if named is not None and named != speaker:
            raise UserError(f"{where}: {_not_your_turn(named, speaker, passed, best)} (H-7)")
        if contract is not None:
            try:
                contract_allowed(rules, contract)
            except UserError as error:
                raise UserError(f"{where}: {error}") from None
            if best is not None:
                _check_over(where, speaker, contract, best, primaute)
            best = Call(speaker, contract)
            made.append(best)
        else:
            passed.add(speaker)
            made.append(Call(speaker, None))
        left = [player for player in seats if player not in passed]
        if best is not None and left == [best.player]:
            over = True
        elif left:
            speaker_place = _next_place(seats, speaker_place, passed)
    if best is not None and best.contract is Contract.VOLE:
        over = True
    if not over and len(passed) < len(seats):
        turn = seats[speaker_place]
        raise UserError(
            f"the bidding is not finished: it is {turn}'s turn to speak; give every call up to the last pass (H-7)"
        )
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


def _check_over(where: str, speaker: str, contract: Contract, best: Call, primaute: dict[str, int]) -> None:
    """H-7: higher than the last bid, or equal to it from a player with primauté over its bidder."""
    assert best.contract is not None
    if contract.rank > best.contract.rank:
        return
    if contract.rank < best.contract.rank:
        raise UserError(
            f"{where}: {contract.label} is lower than {best.player}'s {best.contract.label}: bid higher or pass (H-7)"
        )
    if contract is Contract.VOLE:
        raise UserError(f"{where}: {best.player}'s vole ends the bidding; nobody may equal it (H-7)")
    if primaute[speaker] > primaute[best.player]:
        raise UserError(
            f"{where}: {speaker} cannot equal {best.player}'s {contract.label}: only a player with primauté over "
            f"{best.player} may (the premier en cartes over both others, the second over the dealer); bid higher "
            "or pass (H-7)"
        )


def _espadille_forcee(rules: HombreRules, where: str, named: str | None, contract: Contract | None) -> Call:
    """H-8: after three passes the holder of the espadille must play demande and may not make the vole."""
    if not rules.espadille_forcee:
        raise UserError(
            f"{where}: all three passed, the coup counts as played (H-7); "
            "espadille forcée is not played under this ruleset (H-8)"
        )
    if named is None or contract is None:
        raise UserError(
            f"{where}: after three passes only the holder of the espadille speaks: write NAME: demande (H-8)"
        )
    if contract is not Contract.DEMANDE:
        raise UserError(
            f"{where}: the holder of the espadille must play demande after three passes, not {contract.label} (H-8)"
        )
    return Call(named, contract)


def _not_your_turn(named: str, speaker: str, passed: set[str], best: Call | None) -> str:
    if named in passed:
        return f"{named} has passed, and a pass is final; it is {speaker}'s turn"
    if best is not None and named == best.player:
        return f"{named} holds the best bid ({best.contract.label if best.contract else ''}); it is {speaker}'s turn"
    return f"it is {speaker}'s turn to speak, not {named}'s"


def _verdict(best: Call | None, forced: bool) -> str:
    if best is None or best.contract is None:
        return "all three passed"
    how = " (espadille forcée)" if forced else ""
    return f"{best.player} is the hombre in {best.contract.label}{how}"
