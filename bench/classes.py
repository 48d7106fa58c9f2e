"""What a value class costs to create, NamedTuple against frozen slotted dataclass (issue 25).

Run: `python bench/classes.py`. A class is created once a process, when its module is imported: on the
start-up path of `sheet` (500 coups: about 5 ms of margin over its target) every class counts. Prints
the median time to create a class of 3, 8 and 16 fields each way, the source compiled beforehand, as
an import finds it in the bytecode.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from types import CodeType
from typing import NamedTuple

HEADS = {"NamedTuple": "class C(NamedTuple):\n", "dataclass": "@dataclass(frozen=True, slots=True)\nclass C:\n"}


def created(code: CodeType, runs: int = 500) -> float:
    """The median time to run `code`, which creates one class, in milliseconds."""
    times = []
    for _ in range(runs):
        names = {"NamedTuple": NamedTuple, "dataclass": dataclass, "int": int}
        start = time.perf_counter()
        exec(code, names)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    for fields in (3, 8, 16):
        body = "".join(f"    f{number}: int\n" for number in range(fields))
        kinds = {kind: created(compile(head + body, kind, "exec")) for kind, head in HEADS.items()}
        more = kinds["dataclass"] - kinds["NamedTuple"]
        print(
            f"{fields:2} fields: NamedTuple {kinds['NamedTuple']:.3f} ms, dataclass {kinds['dataclass']:.3f} ms "
            f"({more:+.3f} ms a class)"
        )


if __name__ == "__main__":
    main()
