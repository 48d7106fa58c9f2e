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
- NamedTuples rather than frozen slotted dataclasses, where `sheet` creates the class at every start
  (bench/classes.py) or the referee builds one at every play or trick (a game's `legal._Table`,
  referee/audit.py's `TrickResult`, and `Audit` and `Audited`, one a coup audited);
- the guided table lays out a coup's own row alone, in the shape it drew before, its columns measured
  with the rows drawn so far (`render.table_lines`, `layout.extend`, `Grid.measure`), and draws those
  rows again when a width changes: 0.2 to 0.3 ms a coup at 10, 500 and 2,000 coups, where laying out
  the whole fiche took 40 / 200 ms (manille, 500 / 2,000 coups) and 0.27 / 1.1 s (l'hombre) on a
  loaded 2-core machine; at a pseudo-terminal, the write aside, a line to the next prompt 22-32 ms at
  2,000 coups as at 10, from 160-180 ms (issue 28);
- the table's session keeps its fiche until its state changes (`service.session`): three of the four
  asked a coup, each 20 µs (manille) to 50 µs (l'hombre) at 2,000 coups.
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
