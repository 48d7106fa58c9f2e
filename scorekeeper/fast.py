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
- a write's text takes each kept coup's line from the file as read or last written, formatting only
  the new ones (store/written.py: 38 ms a write of 2,000 coups formatted whole, under 1 ms so);
  `lang` before the coups, so that `store.head` stops at them (88 ms at 2,000 coups parsed whole); and
  where the coups are tables (`[[coups]]`: l'hombre's, whose coup with its time is too long for a line),
  each coup's block taken the same way: a coup at the table of l'hombre at a pseudo-terminal, installed,
  line to prompt, 35 / 60 ms at 500 / 2,000 coups formatted whole (150 ms of the write under the profiler),
  15 / 17 ms so (16 ms at 10 coups), a loaded machine, medians of 9 coups;
- a plain manille coup (its trump, its points or renonce: `declaration._PLAIN`, nearly every coup) read
  by `Coup._plain`, the same checks without those of the fields it cannot hold, and a partie copied at every
  coup by its two lists (`Partie.copy`): the replay of 10,000 coups from the file (bench/bench.py's row),
  installed, CPU best of 9 on a loaded machine, interleaved with main's: 227 ms to 182 ms the one, to 177
  ms both (wall: 261 ms on a quiet run before);
- `stats` over a club's games (history.py, issue 28): each game's figures kept by the command that writes
  it (`history.keep`, from the sheet it has just replayed; up to 300 coups, as the figures cost ~10 µs
  a coup), and each file known by its stamp (size, time, inode) before its bytes are hashed. 1,000
  games, installed, against the import floor (cpu, same run): first run 2.50x (13.0x replaying every
  game, as before), warm 1.67x; 5,000 games: first 7.1x, warm 3.1x. The cache's folder of the kept
  summaries found once a run, not once a game (`cache.derived_in`), and each game file named by a string,
  not a `Path`: the first run 2.48x to 2.31x over 1,000 games, 7.2x to 5.4x over 5,000 (391 ms of CPU;
  bench/bench.py's club, written as commands write it; medians of 5, a loaded machine); warm unchanged;
- NamedTuples rather than frozen slotted dataclasses, where `sheet` creates the class at every start
  (bench/classes.py) or the referee builds one at every play or trick (a game's `legal._Table`,
  referee/audit.py's `TrickResult`, and `Audit` and `Audited`, one a coup audited);
- no import a command does not use (issue 28): typer's completion stack and the modules it imports only
  to run a program, loaded when asked (`defer_typer`, below, its figure there), and `fractions` (with
  `decimal`, 3.4 ms of every start-up) never imported to ask whether a value is a Fraction
  (`i18n._fraction`); a command that says one line of words says it without rich (`options.print_words`:
  `undo` on 2,000 coups 1.41x to 1.21x the import floor, bench/bench.py --issue28, its rich import the
  floor's own); a coup on a manille game without the TOML reader (manille's calls read compiled,
  `calls.marshal`; the game's language from its `lang = "xx"` line, `store.head_lang`) nor the referee
  (only where cards were said): 1.2 + 0.9 ms, `coup` on 2,000 coups 1.26x to 1.24x (farm-bench, 15 pairs
  against the floor, both sides copying the data folder, installed, CPU medians);
- `chart` and `export` draw from the fiche, never rendering the records that explain each coup, which no
  page shows (`present.paper.heading`: 74% of `chart` on 2,000 coups), and `chart` draws no row of the
  export (`Drawn.chart`);
- the guided table lays out a coup's own row alone, in the shape it drew before, its columns measured
  with the rows drawn so far (`render.table_lines`, `layout.extend`, `Grid.measure`), and draws those
  rows again when a width changes: 0.16 to 0.22 ms a coup at 10, 500 and 2,000 coups, where laying out
  the whole fiche took 8 / 33 ms (manille, 500 / 2,000 coups) and 42 / 189 ms (l'hombre); at a
  pseudo-terminal, installed, a line to the next prompt on 2,000 coups 12 ms (9 ms on 10) from 57 ms at
  manille, 27 ms from 211 ms at l'hombre (10 ms the write aside) (issue 28);
- a sheet asked again of a game that did not change prints the bytes it printed last (`scorekeeper.kept`:
  kept in the cache under the hash of everything they depend on), before typer, the catalogs, the store or
  the engines are imported (no `pathlib` either: `scorekeeper.folders`). Installed, farm-bench against the
  import floor, CPU medians of 9 pairs on a loaded 2-core machine, manille 10 / 500 / 2,000 coups: before
  1.03x / 1.23-1.37x / 1.95-2.21x; kept 0.19x / 0.20x / 0.20x (15-19 ms, 0.8 ms of it the stamp of the
  package's files); drawn (no entry, one written) 1.06x / 1.33-1.41x / 1.99-2.15x; l'hombre 2,000 coups
  drawn 2.67x to 2.41x with the next trick. Each record and joined cell of a sheet said once for its values
  (`render.Words`): `shown` of 2,000 coups 10.3 to 6.0 ms (manille), 36.6 to 15.5 ms (l'hombre) (issue 28);
- a message with format specs is cut into its text and placeholders once a process (`i18n._parsed`), not
  at every fill: `export --format html` of 2,000 coups of l'hombre, whole process, 1.16 s of CPU to 0.52 s,
  14.1x to 6.0x the import floor (medians of 5 pairs on a loaded machine, from the source tree, compiled;
  issue 28);
- the export's page (issue 28) draws from the fiche and its settlement alone: no JSON copy of the sheet or
  the settlement, which no statement read (`Settling.paper_sections`); each distinct cell, record and
  payment's reason put in words once a page, and a statement's line said once for all the entries it
  differs from only by its number (`present.paper.Once`: the three statements of 2,000 coups of l'hombre,
  13,500 lines, 291 ms of CPU to 53 ms); the statements of all players from one reading of the fiche
  (`hombre.settle.statements`); each distinct HTML cell written once and a list's lines escaped together
  (`formats.html`, `formats._items`); the chart's x of each entry and y of each value written once
  (`chart.svg`); l'hombre's rows read each coup's payments once and its balances from its half jetons
  (`hombre.paper`: 28 to 14 ms); the page searched for control characters only where a character is not
  printable, and written to stdout without a second search (`export.escaped`: 32 ms to 5 ms at l'hombre).
  farm-bench, 9 pairs against the import floor, installed, on a loaded machine (load 5 on 2 cores), CPU
  medians: manille 2,000 coups 203 ms to 164 ms, 2.79x to 2.27x; l'hombre 2,000 coups (its statements
  included) 566 ms to 248 ms, 7.70x to 3.30x; `chart` 2,000 coups 1.86x before, 1.89x after (unchanged);
- l'hombre's export page (issue 28, task E), each piece timed cold in one process, installed, CPU best of 3,
  before / after: a statement's line of a coup is one `Numbered` record for all the coups that say it but
  for their number, made once for the coups that share their payments (the replay keeps one tuple for
  them: `hombre.settle.coup_lines`), said once with its reasons and names said apart and put in, and the
  lines said in one loop (`Once.lines`, `Once._parts`): the sections 47.5 to 21.4 ms; the contracts and
  outcomes one record each (`hombre.sheet.contract`'s `kept`), a coup's nets from its balances and each
  figure of half jetons worked out once (`hombre.paper._Halved`): the paper 13.3 to 6.0 ms; a column of
  plain cells taken as it is, a column of words or whole figures written a distinct cell at a time, both
  by the interpreter's own loops (`present.paper.table`, `formats._rows`), the columns a page hides picked by
  `itemgetter`, and the joined statements searched for a red suit only where one is (`formats._words`):
  the table 12.2 to 2.8 ms, the HTML 19.9 to 11.2 ms; the chart's y of a value looked up by `map` (a
  value's y is the same whatever its type) and its marks' labels said by `Words`, which never repeat:
  12.8 to 7.8 ms; the lines under the table by `Words` too: 4.8 to 3.4 ms; the entries without a time or
  note out of the JSON round trip (`present.paper.heading`): 1.8 to 0.8 ms; the page searched for control
  characters with its line feeds made spaces (`export.escaped`): 5.8 to 3.7 ms; `html` (its entities'
  table) no longer imported (`present.paper.escape`) and the settlement's and the page's values NamedTuples:
  the export's imports 13.0 to 10.5 ms. The page's own work 118 to 57 ms; the whole export, farm-bench
  pairs against the import floor, installed, CPU medians of 15 (load 1.3 on 2 cores): 239 ms, 3.39x before
  (3.42x on main with the kept state), 177 ms, 2.43x after (2.44x merged with main's kept state); manille's
  2,000 coups 0.94x and `chart` of l'hombre 0.96x what they were, paired with the install before;
- the table's session keeps its fiche until its state changes (`service.session`): three of the four
  asked a coup, each 20 µs (manille) to 50 µs (l'hombre) at 2,000 coups;
- a concours's `standing` and `status` (issue 32) take each table's outcome from the summary the last write
  of its game kept (`history.keep`, now saying a stop by agreement; `service.concours.outcomes`), by the hash
  of the game file's bytes, rather than read and replay the round's 52 games (0.74 s of 1.19 s under the
  profiler); the concours's tables from a JSON entry of their own, 0600 in a 0700 folder as they hold the
  tables' secrets (`concours.files`: the 100 KB of TOML five rounds write, 35 lines a table, parsed in
  31 ms, the JSON in 1.3 ms); the standing printed in one call (105 lines laid out apart: 48 ms under the
  profiler), and the games and rulesets it no longer needs not imported. bench/concours.py, 104 doublettes
  after 6 rounds, CPU medians of 7 interleaved runs on a loaded machine, compiled: `concours standing`
  from 420 ms (6.2x a cold start, `--help`, wall) to 100-110 ms, 1.67-1.83x `--help` and 1.43-1.57x the
  import floor; `status` 100-110 ms, 1.67-1.83x; in 7 pairs against `--help`, `standing` 1.90x of CPU, and
  `status` 1.43x the import floor in 5 pairs;
- a game made under a name not stored (a concours's table at its first coup) looks for a stored name that
  reads as it (C-4) in the names index (`store.index`: each game file's name and skeleton by its stamp),
  not in every game's head, read four times a create: at 312 games 135 ms a create (wall, single run) before;
  now, bench/concours.py, 5.5 ms of CPU a table's game made at 52 games and 12.2 ms at 312 (a stat of
  each file and the index read, four times a create, and the concours read: not yet flat);
- `coup` and `undo` on a long game go on from the running state the cache kept for its coups (issue 28:
  `service.reads.running`, `store.states`, a game's `snapshot` and `restore`, manille's and l'hombre's): the
  state without the fiche's lines of the coups before (at 2,000 coups, manille's 216 bytes read back in 36 µs,
  where the earlier attempt kept 500 KB and read them in 22 ms; l'hombre's without its bêtes struck, 235
  bytes in 27 µs, 40 KB in 1.3 ms with them; the replay 42 / 21 ms), its fiche partial (`contract.Partial`) and read
  for its last coup and figures alone; kept for games of more than `history.KEEP_UP_TO` coups, whose replay
  is 2,002 `advance` calls, half of `coup` at 2,000 coups. With it, a read of the JSON copy whose `null`s
  are looked for in its bytes before every value is walked (1.4 ms at 2,000 coups), and a JSON copy written
  formatting the new coups alone (`cache._keep`, 1.2 to 0.2 ms). In process, 2,000 coups, CPU: `service.add`
  46 to 6.1 ms (2.1 ms at 10 coups), `service.undo` 46 to 5.4 ms. Whole processes, installed, against the
  import floor (farm-bench, CPU, medians of 15 pairs, each on a fresh copy of the bench's data folder),
  before / after: `coup` at 10 coups 1.19x / 1.21x, at 2,000 coups 1.84x / 1.30x; `undo` at 10 coups
  1.36x / 1.36x, at 2,000 coups 1.97x / 1.41x (what is left of `undo` is its own start, the same at 10
  coups, not the game's length).
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
