"""The speed tricks that `bench/bench.py` shows a gain for, in one place (issue 25).

A function that a long replay asks again and again with the same few arguments is memoised with
`memo`; each use says, in its comment, what the bench measured with and without it. A trick the bench
cannot tell from the noise is not kept. The value classes that stay NamedTuples rather than frozen
slotted dataclasses carry their own figure where they are declared (the start-up of `sheet`).
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
