"""The speed tricks that `bench/bench.py` shows a gain for, in one place (issue 25).

A function that a long replay asks again and again with the same few arguments is memoised with
`memo`; each use says, in its comment, what the bench measured with and without it. A trick the bench
cannot tell from the noise is not kept. The tricks, each with its figure where it is used:

- `memo`: a game's log lines and scoring records, and the strength of the ranks the referee asks at
  every play (where `fast.memo` is imported);
- the memo of a partie, which is state rather than a function: a game's replay `State` that reads each
  distinct declaration once (its figure in its docstring);
- identity hashing of `Suit` and `Rank` (cards.py), for the referee's dicts;
- the ledger's card words kept at hand rather than found through the language at every coup (cards.py);
- `stats` over a club's games (history.py, issue 28): each game's figures kept by the command that writes
  it (`history.keep`, from the sheet it has just replayed; up to 300 coups, as the figures cost ~10 µs
  a coup), and each file known by its stamp (size, time, inode) before its bytes are hashed. 1,000
  games, installed, against the import floor (cpu, same run): first run 2.50x (13.0x replaying every
  game, as before), warm 1.67x; 5,000 games: first 7.1x, warm 3.1x;
- NamedTuples rather than frozen slotted dataclasses, where `sheet` creates the class at every start
  (bench/classes.py) or the referee builds one at every play or trick (a game's `legal._Table`,
  referee/audit.py's `TrickResult`, and `Audit` and `Audited`, one a coup audited).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import ParamSpec, TypeVar, cast

P = ParamSpec("P")
T = TypeVar("T")

SIZE = 4096  # more than the distinct arguments of a long partie, and bounded for a process that lives long


def memo(function: Callable[P, T]) -> Callable[P, T]:
    """`function`, its answers kept for the arguments it met (all hashable, the answer immutable).

    >>> calls = []
    >>> @memo
    ... def double(n: int) -> int:
    ...     calls.append(n)
    ...     return 2 * n
    >>> double(2), double(2), calls
    (4, 4, [2])
    """
    return cast("Callable[P, T]", lru_cache(maxsize=SIZE)(function))
