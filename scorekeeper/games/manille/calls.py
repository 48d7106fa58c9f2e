"""How trump was set and the calls of a coup, checked against the system (M-5 to M-7, M-10 to M-13)."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.cards import Suit
from scorekeeper.errors import CoupRefused, UserError
from scorekeeper.explain import Record
from scorekeeper.games.manille.declaration import Coup, coup_field
from scorekeeper.games.manille.rules import CALL_RULES, CALL_WORDS, ManilleRules, refuse_sans_atout
from scorekeeper.games.manille.scoring import multiplier_of, said


def trump_of(coup: Coup, rules: ManilleRules, dealer: str) -> tuple[Suit | None, str | None, list[Record]]:
    """How trump was set (M-5, M-7, M-10, M-13), refusing what the system does not allow. Where the
    retourne sets it (M-5), a suit said with the card turned must be that card's."""
    log = []
    if coup.sans_atout:
        refuse_sans_atout(rules)
    if rules.trump_from == "retourne":
        if coup.retourne is None:
            raise UserError("retourne_missing", "M-5")
        # The suit said before the card turned (« à carreau », then « dix de carreau ») is that card's: said
        # twice, not set twice (issue 39); another suit, or sans-atout, is refused.
        if (coup.trump is not None and coup.trump != coup.retourne.suit) or coup.sans_atout:
            raise CoupRefused("trump_set_by_retourne", "M-5", field=coup_field("retourne"), trump=coup_field("trump"))
        log.append(said("retourne_trump", "M-5", card=coup.retourne, suit=coup.retourne.suit))
        return coup.retourne.suit, dealer, log
    if coup.retourne is not None:
        raise CoupRefused("no_retourne", "M-5", field=coup_field("trump"))
    if coup.trump is None and not coup.sans_atout:
        raise UserError("trump_missing")
    chooser = _chooser(coup, rules, dealer)
    if rules.trump_from == "dealer-or-partner" and chooser != dealer:
        log.append(said("passe_parole", "M-10", dealer=dealer, chooser=chooser))
    if coup.sans_atout:
        log.append(said("sans_atout_named", None, chooser=chooser) if chooser else said("sans_atout_played", None))
    else:
        log.append(
            said("trump_named", None, chooser=chooser, suit=coup.trump)
            if chooser
            else said("trump_played", None, suit=coup.trump)
        )
    return coup.trump, chooser, log


def _chooser(coup: Coup, rules: ManilleRules, dealer: str) -> str | None:
    """Who may name trump: the dealer (M-10, Whisthub), or his partner after passe-parole, or the taker."""
    chooser = coup.chooser
    if rules.trump_from == "taker":
        if chooser not in (None, coup.taker):
            raise UserError("taker_names_trump", "M-13", taker=coup.taker, chooser=chooser)
        return coup.taker
    if rules.trump_from == "announced":
        return chooser
    if chooser is None or chooser == dealer:
        return dealer
    if rules.trump_from == "dealer-or-partner":
        return chooser  # the partner is checked with the seating, in check_calls
    rule = {"each": "M-14", "dealer": "M-11"}.get(rules.sides, "M-12" if rules.players == 2 else "M-10")
    raise UserError("dealer_names_trump", rule, dealer=dealer, chooser=chooser)


def check_calls(
    coup: Coup, rules: ManilleRules, camps: Sequence[Sequence[str]], chooser: str | None, dealer: str, ties: int
) -> list[Record]:
    """M-6, M-7: a contre by the other side, a surcontre by the choosing side after it, within the cap."""
    passed = rules.trump_from == "dealer-or-partner" and chooser != dealer
    if coup.contre is None and coup.surcontre is None and not passed:
        return []  # no call said, no passe-parole to check
    log = []
    choosing = next((camp for camp in camps if chooser in camp), camps[0])
    rule = CALL_RULES[rules.call_words]  # the system's calls' own rule: the Belgian contre M-6, the coinche M-7
    if passed:  # the choice passed to the partner: the coinchée's (M-7), else the Belgian deal's (M-10)
        if chooser not in choosing or dealer not in choosing:
            raise UserError("chooser_not_partner", "M-7" if rule == "M-7" else "M-10", chooser=chooser, dealer=dealer)
    words = dict(zip(("contre", "surcontre"), CALL_WORDS[rules.call_words], strict=True))  # the system's
    if coup.contre is not None:
        if not rules.contre:
            raise UserError("no_contre", "M-6, M-7")
        if coup.contre in choosing:
            raise UserError("contre_by_choosing_side", rule, player=coup.contre, call=words["contre"])
    if coup.surcontre is not None:
        if not rules.surcontre:
            raise UserError("no_surcontre", CALL_RULES[rules.call_words], call=words["surcontre"])
        if coup.contre is None:
            raise UserError("surcontre_without_contre", rule, call=words["surcontre"], contre=words["contre"])
        if coup.surcontre not in choosing:
            raise UserError("surcontre_by_other_side", rule, player=coup.surcontre, call=words["surcontre"])
    for call, on in (("contre", coup.contre is not None), ("surcontre", coup.surcontre is not None)):
        if not on or not rules.max_multiplier:
            continue
        before = multiplier_of(rules, coup.sans_atout, call == "surcontre", False, ties)
        factor = rules.contre_factor if call == "contre" else rules.surcontre_factor
        if before * factor > rules.max_multiplier:
            raise UserError(
                "call_past_cap", rule, call=words[call], multiplier=before * factor, cap=rules.max_multiplier
            )
    for call, who in (("contre", coup.contre), ("surcontre", coup.surcontre)):
        if who is not None:
            log.append(said(f"{call}_called", rule, player=who, call=words[call]))
    return log


def takes_calls(rules: ManilleRules) -> bool:
    """M-4, M-6: whether a coup of this system can be multiplied by what is said at the table or carried into
    it: a contre, or a tie carried."""
    return rules.contre or rules.tie_doubles_next


def check_taker(coup: Coup, rules: ManilleRules) -> None:
    if rules.sides == "taker":
        if coup.taker is None or coup.bid is None:
            raise UserError("taker_and_bid_missing", "M-13")
        if not 1 <= coup.bid <= rules.total:
            raise UserError("bid_impossible", "M-13", bid=coup.bid, total=rules.total)
    elif coup.taker is not None or coup.bid is not None:
        raise CoupRefused("no_bidding", "M-13", field=coup_field("taker"), bid=coup_field("bid"))
    if coup.exchange is not None and (not rules.chien or not 0 <= coup.exchange <= 2):
        raise UserError("exchange_impossible", "M-11")
