"""The speed tricks that `bench/bench.py` shows a gain for (issue 25): `memo`, for a function a long
replay asks again and again with the same few arguments, and the deferred imports of typer's completion
stack (`defer_typer`). Each use says, in its comment, what the bench measured with and without it; a
trick the bench cannot tell from the noise is not kept. The diary of every trick and its figures, here
and elsewhere in the package, is docs/performance.md ("The tricks, one by one").
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import lru_cache
from types import ModuleType
from typing import Any, ParamSpec, TypeVar, cast

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


# Imported by `typer.main` at its top, used by no command before it runs: `subprocess` and `platform` (its
# browser launcher, its error hints), each loaded at its first use (`importlib.util.LazyLoader`).
LAZY = ("subprocess", "platform")


class _Completion(ModuleType):
    """`typer.completion` until something uses it: typer imports it for the `--install-completion` options
    of an app built with them, and every app here is built without (`add_completion=False`); the shell's
    completion (`cli.shells`) and typer's `shell_complete` load it, through `__getattr__`."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):  # the import system asking what it is (`__path__`: no package)
            raise AttributeError(name)
        return getattr(self._module(), name)

    def get_completion_inspect_parameters(self) -> Any:  # what `typer.main` takes from it as it loads
        return self._module().get_completion_inspect_parameters()

    def _module(self) -> ModuleType:
        from importlib import import_module

        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        return import_module(self.__name__)


def defer_typer() -> None:
    """Before typer is first imported: what `import typer` loads and no command uses (its completion
    stack, `subprocess`, `platform`) is loaded only when used. Measured (issue 28), `scorekeeper --help`
    with and without, installed: 94 to 87 ms of CPU, 7 ms of every start-up (-X importtime: 8 ms)."""
    if "typer" in sys.modules:
        return
    import importlib.util

    for name in LAZY:
        if name not in sys.modules and (spec := importlib.util.find_spec(name)) is not None and spec.loader:
            spec.loader = importlib.util.LazyLoader(spec.loader)
            module = sys.modules[name] = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
    sys.modules.setdefault("typer.completion", _Completion("typer.completion"))
