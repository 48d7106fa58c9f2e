"""An hombre coup in one short line (issue 16), read into the declaration `--hombre`, `--contract`,
`--tricks` and the other options make, and written back.

The words, in any order, in either language:

- a player (in full, or by the start of his name, C-4): the hombre; a contract (`demande`, `retourne`,
  `sans-prendre` or `sans prendre`, `vole`, H-6); three numbers, in figures or words: the tricks in
  seating order (`bea demande 4 3 2`, « quatre trois deux »), or `NAME=N` for each;
- `matadors N` (H-13), `engagée` (vole engagée, H-11), `forcée` (espadille forcée, H-8), `gano`
  (codille given up for a remise, H-9), a suit: the trump named;
- `passe` (three passes, H-7), `maldonne` (M-17), `donne NAME` (who dealt).

The keywords are the game's words, in `words/LANG.toml`.

>>> from scorekeeper import games
>>> from scorekeeper.language import Language
>>> ruleset = games.load("hombre")
>>> state = games.state_after(ruleset, ["Ana", "Bea", "Cid"], "Ana", [])
>>> read(state, "bea demande 4 3 2".split(), Language.named("fr"))
{'hombre': 'Bea', 'contract': 'demande', 'tricks': {'Ana': 4, 'Bea': 3, 'Cid': 2}}
>>> said = {"hombre": "Ana", "contract": "sans-prendre", "tricks": {"Ana": 5, "Bea": 2, "Cid": 2}}
>>> write(state, said, Language.named("en"))
'Ana sans-prendre Ana=5 Bea=2 Cid=2'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.cards import suit_letter
from scorekeeper.errors import UserError
from scorekeeper.explain import record
from scorekeeper.games.hombre.options import CONTRACTS
from scorekeeper.games.hombre.replay import State
from scorekeeper.games.line import (
    Ask,
    Keywords,
    Words,
    ambiguous,
    given_twice,
    inline,
    keyword,
    read_back,
    reading,
    spoken_numbers,
    write_inline,
)
from scorekeeper.language import Language


def read(state: State, words: Sequence[str], language: Language, asked: str | None = None) -> dict[str, Any]:
    """The declaration the words say, in `state` (the partie before this coup)."""
    table = inline(words)
    if table is not None:
        return table
    said_with = Keywords.of("hombre", language)
    line = Words(words, state.players, numbers=spoken_numbers(language))  # « quatre trois deux » (issue 39)
    said: dict[str, Any] = {}
    tricks: dict[str, int] = {}
    bare: list[int] = []

    def put(field: str, value: Any, word: str) -> None:
        if field in said:
            raise given_twice(field, word)
        said[field] = value

    at = 0
    while at < len(line):
        word, folded, at = line.word_at(at, said_with.contracts)  # "sans prendre": one word of two
        named = line.name(at)
        field = keyword(said_with.fields, folded) or ("contract" if keyword(said_with.contracts, folded) else None)
        if field is not None and named is not None:
            raise ambiguous(word, reading("word", word=word), reading("player", name=named[0]))
        if line.add_counts(at, tricks, word):
            at += 1
        elif field == "contract":
            put("contract", keyword(said_with.contracts, folded), word)
            at += 1
        elif field is not None:
            value, at = line.said_after(at, said_with.takes.get(field, "flag"))
            put(field, value, word)
        elif named is not None:
            others = line.beside_a_name(at, language, None, sans_atout=False)  # no cards, no sans-atout (H-6)
            if others:
                raise ambiguous(word, reading("player", name=named[0]), others[0])
            put("hombre", named[0], word)
            at = named[1]
        elif (figure := line.number(at)) is not None:
            bare.append(figure)
            at += 1
        elif (trump := line.trump(at, language)) is not None and trump[0] is not None:
            put("trump", trump[0].value, word)
            at = trump[1]
        else:
            raise UserError("hombre_line_unknown_word", word=word, players=line.names, words=_calls(said_with, state))
    if bare:
        if tricks or len(bare) != len(state.players):
            raise UserError("line_numbers_order", count=len(state.players))
        tricks = dict(zip(state.players, bare, strict=True))
    if tricks:
        said["tricks"] = tricks
    return said


def ask(state: State, declared: Mapping[str, Any], error: UserError, language: Language) -> Ask | None:
    """What the refused `declared` lacks, as a question (issue 16), or None when it lacks nothing; its
    answers offered in `language`."""
    if error.key == "coup_without_hombre" and declared.get("hombre") is None:
        return Ask("hombre", record("ask.hombre", "H-6"), tuple(state.players))
    if error.key == "coup_without_hombre":
        said = _contracts(state, Keywords.of("hombre", language))
        return Ask("contract", record("ask.contract", "H-6", contracts=said), said)
    if error.key == "tricks_missing":
        return Ask("tricks", record("ask.tricks", "H-9", players=state.players), ())
    return None


def _calls(said_with: Keywords, state: State) -> tuple[str, ...]:
    """The words of the table the line takes: this ruleset's contracts (`retourne` where it is one,
    H-6), then the calls as this language writes them."""
    others = {field: word for field, word in said_with.say.items() if field not in said_with.contracts.values()}
    return (*_contracts(state, said_with), *dict.fromkeys(others.values()))


def _contracts(state: State, said_with: Keywords) -> tuple[str, ...]:
    """This ruleset's contracts (H-6: `retourne` where it is one) as the language writes them, the first
    word of each in `[line.contracts]`."""
    held = (contract for contract in CONTRACTS if contract != "retourne" or state.rules.retourne_contract)
    return tuple(said_with.say.get(contract, contract) for contract in held)


def write(state: State, declared: Mapping[str, Any], language: Language) -> str:
    """The entry as a short line that `read` reads back to `declared`; the rest as the declaration itself."""
    plain = {"pass", "misdeal", "dealer", "hombre", "contract", "tricks", "matadors", "trump"}
    plain |= {"vole_engagee", "espadille_forcee"}
    tricks = declared.get("tricks", {})
    if (
        not set(declared) <= plain | {"gano_remise"}
        or not isinstance(tricks, Mapping)
        or not all(isinstance(who, str) and " " not in who for who in tricks)
    ):
        return write_inline(declared)
    say = Keywords.of("hombre", language).say
    out: list[str] = []
    if "dealer" in declared:
        out += [say["dealer"], str(declared["dealer"])]
    out += [say[flag] for flag in ("misdeal", "pass") if declared.get(flag)]
    if "hombre" in declared:
        out.append(str(declared["hombre"]))
    if "contract" in declared:
        out.append(say.get(str(declared["contract"]), str(declared["contract"])))
    if isinstance(declared.get("trump"), str):
        from scorekeeper.cards import Suit

        out.append(suit_letter(Suit(declared["trump"].upper()), language))
    out += [f"{player}={number}" for player, number in tricks.items()]
    if "matadors" in declared:
        out += [say["matadors"], str(declared["matadors"])]
    out += [say[flag] for flag in ("vole_engagee", "espadille_forcee", "gano_remise") if declared.get(flag)]
    return read_back(out, declared, lambda words: read(state, words, language))


def vocabulary(state: State, language: Language) -> dict[str, tuple[str, ...]]:
    """The words a line may hold, for completion: the players, the calls, the contracts."""
    said_with = Keywords.of("hombre", language)
    contracts = _contracts(state, said_with)
    calls = tuple(sorted(_calls(said_with, state)[len(contracts) :]))
    return {"players": tuple(state.players), "calls": calls, "contracts": contracts, "cards": ()}


def needs(state: State) -> tuple[Any, ...]:
    """What the next coup is said with, for the status line."""
    return (record("need.hombre", "H-6"), record("need.tricks", "H-9"))
