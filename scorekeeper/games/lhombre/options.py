"""What a Danish deal is said with (D-3 to D-7): the options of `coup`, as data (`games.options`). The
contract, the tricks and the pass are said as at the French l'hombre (`--contract`, `--tricks`, `--pass`)."""

from __future__ import annotations

from scorekeeper.games.options import Completes, Kind, Option, Options

# D-3: the contracts in rank, as the ledger and the command line write them; D-4: the outcomes. Here, the
# lightest of the game's modules, which `coup` reads at every start without the game (`games.offers`).
CONTRACTS = ("alm", "bedre", "tourne", "kobe_nolo", "tourne_respekt", "solo", "solo_spar", "ren_nolo", "nolo_ouvert")
OUTCOMES = ("vundet", "bet", "kruk")

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
