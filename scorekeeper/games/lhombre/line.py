"""A Danish deal in one short line, read into the declaration `--declarer`, `--contract`, `--tricks` and the
other options make, and written back (D-3 to D-7).

The words, in any order, in Danish or English:

- a player (in full, or by the start of his name, C-4): the declarer; a contract (`solo spar`, `ren nolo`,
  `tourné`, D-3); three numbers, the tricks: the declarer's first, then his opponents' in play order
  (`Ole solo spar 6 2 1`), or `NAME=N` for each; at a nolo the declarer's alone, `1 stik` (D-4); or the
  outcome word instead of the tricks (`vundet`, `bet`, `kruk`);
- `tout` (D-6), `smider` (the contract thrown in, D-4: `Ole smider` is alm. spil's), `pas` (all passed,
  D-7), `strafpoint NAME` (D-7);
- at a table that allows two nolos (D-8), the second after `og` (`and`): `Kaj ren nolo 0 og Mette ren nolo 1`.

>>> from scorekeeper import games
>>> from scorekeeper.language import Language
>>> state = games.state_after(games.load("lhombre-dlu"), ["Ole", "Bent", "Kaj", "Mette"], "Mette", [])  # Bent sits out
>>> read(state, "ole solo spar 6 2 1".split(), Language.named("en"))
{'declarer': 'Ole', 'contract': 'solo_spar', 'tricks': {'Ole': 6, 'Kaj': 2, 'Mette': 1}}
>>> read(state, "kaj ren nolo 1 stik".split(), Language.named("en"))
{'declarer': 'Kaj', 'contract': 'ren_nolo', 'tricks': {'Kaj': 1}}
>>> write(state, {"declarer": "Bent", "contract": "tourne", "outcome": "kruk"}, Language.named("en"))
'Bent tourne kruk'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.errors import UserError
from scorekeeper.explain import record
from scorekeeper.games.lhombre import State, seated
from scorekeeper.games.lhombre.options import CONTRACTS, OUTCOMES
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
from scorekeeper.players import fold_name


def _outcomes(language: Language) -> dict[str, str]:
    """The outcome words (D-4), folded, in this language and those it reads too."""
    found: dict[str, str] = {}
    own = language.game("lhombre").get("line", {})
    for each in (language, *(Language.named(code) for code in own.get("also", ()) if code != language.code)):
        for outcome, words in each.game("lhombre").get("line", {}).get("outcomes", {}).items():
            for word in words:
                found.setdefault(fold_name(word), outcome)
    return found


def read(state: State, words: Sequence[str], language: Language, asked: str | None = None) -> dict[str, Any]:
    """The declaration the words say, in `state` (the evening before this deal)."""
    table = inline(words)
    if table is not None:
        return table
    said_with = Keywords.of("lhombre", language)
    joined = [at for at, word in enumerate(words) if fold_name(word) in said_with.little["joined"]]
    if joined:  # D-8: « Kaj ren nolo 0 og Mette ren nolo 1 », two nolos in one deal, never three
        first = read(state, words[: joined[0]], language, asked)
        if len(joined) > 1:
            raise UserError("lhombre_double_nolo", "D-8", declarer=first.get("declarer", words[0]))
        return {**first, "also": read(state, words[joined[0] + 1 :], language, asked)}
    outcomes = _outcomes(language)
    line = Words(words, state.players, numbers=spoken_numbers(language))
    said: dict[str, Any] = {}
    tricks: dict[str, int] = {}
    bare: list[int] = []

    def put(field: str, value: Any, word: str) -> None:
        if field in said:
            raise given_twice(field, word)
        said[field] = value

    at = 0
    while at < len(line):
        word, folded, at = line.word_at(at, said_with.contracts)  # "solo spar": one word of two
        named = line.name(at)
        field = keyword(said_with.fields, folded) or ("contract" if keyword(said_with.contracts, folded) else None)
        if field is None and folded in outcomes:
            field = "outcome"
        if field is not None and named is not None:
            raise ambiguous(word, reading("word", word=word), reading("player", name=named[0]))
        if line.add_counts(at, tricks, word):
            at += 1
        elif field == "contract":
            put("contract", keyword(said_with.contracts, folded), word)
            at += 1
        elif field == "outcome":
            put("outcome", outcomes[folded], word)
            at += 1
        elif field is not None:
            value, at = line.said_after(at, said_with.takes.get(field, "flag"))
            put(field, value, word)
        elif named is not None:
            put("declarer", named[0], word)
            at = named[1]
        elif (figure := line.number(at)) is not None:
            bare.append(figure)
            at += 1
        elif folded in said_with.little["unit"]:  # « 1 stik »
            at += 1
        else:
            raise UserError("lhombre_line_unknown_word", word=word, players=line.names, words=_calls(said_with))
    if bare:
        tricks = _bare(state, said, bare, tricks)
    if tricks:
        said["tricks"] = tricks
    return said


def _bare(state: State, said: Mapping[str, Any], bare: list[int], tricks: dict[str, int]) -> dict[str, int]:
    """Bare numbers: the declarer's tricks first, then his opponents' in play order (D-2); at a nolo, one
    number is the declarer's alone."""
    declarer = said.get("declarer")
    if (
        tricks
        or declarer is None
        or len(bare) not in (1, 3)
        or (len(bare) == 1 and said.get("contract") not in ("kobe_nolo", "ren_nolo", "nolo_ouvert"))
    ):
        raise UserError("lhombre_line_numbers", count=3)
    if len(bare) == 1:
        return {declarer: bare[0]}
    order = seated(state.players, state.turn, declarer, state.rules.makkerspil)  # D-8: the takeover
    if declarer not in order:
        return {declarer: bare[0]}  # refused by the deal itself: he sits out (D-2)
    opponents = [name for name in order if name != declarer]
    return dict(zip([declarer, *opponents], bare, strict=True))


def _calls(said_with: Keywords) -> tuple[str, ...]:
    return (
        *(said_with.say.get(contract, contract) for contract in CONTRACTS),
        *OUTCOMES,
        *dict.fromkeys(word for field, word in said_with.say.items() if field not in CONTRACTS),
    )


def write(state: State, declared: Mapping[str, Any], language: Language) -> str:
    """The entry as a short line that `read` reads back to `declared`; the rest as the declaration itself."""
    plain = {"pass", "declarer", "contract", "tricks", "outcome", "tout", "smide", "strafpoint"}
    tricks = declared.get("tricks", {})
    if not set(declared) <= plain or not isinstance(tricks, Mapping):
        return write_inline(declared)
    say = Keywords.of("lhombre", language).say
    out: list[str] = []
    if declared.get("pass"):
        out.append(say["pass"])
    if "strafpoint" in declared:
        out += [say["strafpoint"], str(declared["strafpoint"])]
    if "declarer" in declared:
        out.append(str(declared["declarer"]))
    if "contract" in declared:
        out.append(say.get(str(declared["contract"]), str(declared["contract"])))
    declarer = declared.get("declarer")
    at_table = seated(state.players, state.turn, declarer, state.rules.makkerspil)
    order = [declarer, *(name for name in at_table if name != declarer)]
    if list(tricks) == order or (len(tricks) == 1 and list(tricks) == [declarer]):
        out += [str(number) for number in tricks.values()]  # « Ole solo spar 6 2 1 », « Kaj ren nolo 1 »
    else:
        out += [f"{player}={number}" for player, number in tricks.items()]
    if "outcome" in declared:
        out.append(str(declared["outcome"]))
    out += [say[flag] for flag in ("tout", "smide") if declared.get(flag)]
    return read_back(out, declared, lambda words: read(state, words, language))


def ask(state: State, declared: Mapping[str, Any], error: UserError, language: Language) -> Ask | None:
    """What the refused `declared` lacks, as a question: the declarer, then the tricks."""
    if error.key == "lhombre_declarer_missing":
        return Ask("declarer", record("lhombre.ask.declarer", "D-3"), state.playing)
    if error.key == "lhombre_tricks_or_outcome":  # the three at the table, after a takeover (D-8)
        at_table = seated(state.players, state.turn, declared.get("declarer"), state.rules.makkerspil)
        return Ask("tricks", record("lhombre.ask.tricks", "D-4", players=at_table), ())
    return None


def vocabulary(state: State, language: Language) -> dict[str, tuple[str, ...]]:
    """The words a line may hold, for completion: the players, the calls, the contracts."""
    said_with = Keywords.of("lhombre", language)
    contracts = tuple(said_with.say.get(contract, contract) for contract in CONTRACTS)
    calls = tuple(sorted(set(_calls(said_with)) - set(contracts)))
    return {"players": tuple(state.players), "calls": calls, "contracts": contracts, "cards": ()}


def needs(state: State) -> tuple[Any, ...]:
    """What the next deal is said with, for the status line."""
    return (record("lhombre.need.declarer", "D-3"), record("lhombre.need.tricks", "D-4"))
