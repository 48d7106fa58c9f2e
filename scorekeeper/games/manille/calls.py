"""How trump was set and the calls of a coup, checked against the system (M-5 to M-7, M-10 to M-13)."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.cards import Suit
from scorekeeper.errors import UserError
from scorekeeper.games.manille.declaration import Coup
from scorekeeper.games.manille.rules import ManilleRules
from scorekeeper.games.manille.scoring import multiplier_of


def trump_of(coup: Coup, rules: ManilleRules, dealer: str) -> tuple[Suit | None, str | None, list[str]]:
    """How trump was set (M-5, M-7, M-10, M-13), refusing what the system does not allow."""
    log = []
    if rules.trump_from == "retourne":
        if coup.retourne is None:
            raise UserError(
                "this ruleset sets trump by the retourne: give the dealer's last card with --retourne (M-5)"
            )
        if coup.trump is not None or coup.sans_atout:
            raise UserError("the retourne sets trump here: give --retourne, not --trump (M-5)")
        log.append(f"retourne {coup.retourne}: atout {coup.retourne.suit.symbol} (M-5)")
        return coup.retourne.suit, dealer, log
    if coup.retourne is not None:
        raise UserError("no retourne in this system: trump is named, give it with --trump (M-5)")
    if coup.trump is None and not coup.sans_atout:
        raise UserError("give the trump named with --trump SUIT, or --trump sa for sans-atout")
    if coup.sans_atout and not rules.sans_atout:
        raise UserError("sans-atout is not played in this system (P-8)")
    chooser = _chooser(coup, rules, dealer)
    named = "sans-atout" if coup.sans_atout else f"atout {coup.trump.symbol}"  # type: ignore[union-attr]
    if rules.trump_from == "dealer-or-partner" and chooser != dealer:
        log.append(f"{dealer} passes the choice to {chooser} (passe-parole, M-10)")
    log.append(f"{chooser} names {named}" if chooser else named)
    return coup.trump, chooser, log


def _chooser(coup: Coup, rules: ManilleRules, dealer: str) -> str | None:
    """Who may name trump: the dealer (M-10, Whisthub), or his partner after passe-parole, or the taker."""
    chooser = coup.chooser
    if rules.trump_from == "taker":
        if chooser not in (None, coup.taker):
            raise UserError(f"the taker {coup.taker} names trump, not {chooser} (M-13)")
        return coup.taker
    if rules.trump_from == "announced":
        return chooser
    if chooser is None or chooser == dealer:
        return dealer
    if rules.trump_from == "dealer-or-partner":
        return chooser  # the partner is checked with the seating, in check_calls
    rule = {"each": "M-14", "dealer": "M-11"}.get(rules.sides, "M-12" if rules.players == 2 else "M-10")
    raise UserError(f"the dealer {dealer} names trump in this system, not {chooser} ({rule})")


def check_calls(
    coup: Coup, rules: ManilleRules, camps: Sequence[Sequence[str]], chooser: str | None, dealer: str, ties: int
) -> list[str]:
    """M-6, M-7: a contre by the other side, a surcontre by the choosing side after it, within the cap."""
    passed = rules.trump_from == "dealer-or-partner" and chooser != dealer
    if coup.contre is None and coup.surcontre is None and not passed:
        return []  # no call said, no passe-parole to check
    log = []
    choosing = next((camp for camp in camps if chooser in camp), camps[0])
    if passed:
        if chooser not in choosing or dealer not in choosing:
            raise UserError(f"{chooser} is not the partner of the dealer {dealer}: only they choose trump (M-10)")
    if coup.contre is not None:
        if not rules.contre:
            raise UserError("there is no contre in this system (M-6, M-7)")
        if coup.contre in choosing:
            raise UserError(f"{coup.contre} is on the side that chose trump: only the other side may contre (M-6)")
    if coup.surcontre is not None:
        if not rules.surcontre:
            raise UserError("there is no surcontre in this system (M-6)")
        if coup.contre is None:
            raise UserError("a surcontre answers a contre: there was none (M-6)")
        if coup.surcontre not in choosing:
            raise UserError(f"{coup.surcontre} is not on the side that chose trump: only it may surcontre (M-6)")
    for call, on in (("contre", coup.contre is not None), ("surcontre", coup.surcontre is not None)):
        if not on or not rules.max_multiplier:
            continue
        before = multiplier_of(rules, coup.sans_atout, call == "surcontre", False, ties)
        factor = rules.contre_factor if call == "contre" else rules.surcontre_factor
        if before * factor > rules.max_multiplier:
            raise UserError(
                f"a {call} would make the coup count x{before * factor}, "
                f"past the cap of x{rules.max_multiplier}: refused (M-6)"
            )
    for call, who in (("contre", coup.contre), ("surcontre", coup.surcontre)):
        if who is not None:
            log.append(f"{call} by {who} (M-6)")
    return log


def check_taker(coup: Coup, rules: ManilleRules) -> None:
    if rules.sides == "taker":
        if coup.taker is None or coup.bid is None:
            raise UserError("give the taker and his bid: --taker PLAYER --bid N (M-13)")
        if not 1 <= coup.bid <= rules.total:
            raise UserError(f"a bid of {coup.bid} is impossible: bids run from 1 to {rules.total} points (M-13)")
    elif coup.taker is not None or coup.bid is not None:
        raise UserError("there is no bidding in this system: --taker and --bid are for manille aux enchères (M-13)")
    if coup.exchange is not None and (not rules.chien or not 0 <= coup.exchange <= 2):
        raise UserError("the dealer exchanges 0, 1 or 2 cards with the chien, and only where there is one (M-11)")
