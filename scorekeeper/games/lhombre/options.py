"""What a Danish deal is said with (D-3 to D-7): the options of `coup`, as data (`games.options`). The
contract, the tricks and the pass are said as at the French l'hombre (`--contract`, `--tricks`, `--pass`)."""

from __future__ import annotations

from scorekeeper.games.lhombre.play import OUTCOMES
from scorekeeper.games.lhombre.rules import CONTRACTS
from scorekeeper.games.options import Completes, Kind, Option, Options

OPTIONS = Options(
    coup=(
        Option.of("passed", Kind.FLAG, field="pass", flags=("--pass",), help="help.coup.pass"),
        Option.of("declarer", Kind.TEXT, Completes.PLAYERS),
        Option.of("contract", Kind.TEXT, Completes.CHOICES, choices=CONTRACTS),
        Option.of("tricks", Kind.COUNTS, mistake="bad_tricks"),
        Option.of("outcome", Kind.TEXT, Completes.CHOICES, choices=OUTCOMES),
        Option.of("tout", Kind.FLAG),
        Option.of("smide", Kind.FLAG),
        Option.of("strafpoint", Kind.TEXT, Completes.PLAYERS),
        Option.of("strafpoint_reason", Kind.TEXT, field="reason", flags=("--reason",)),
    ),
)
