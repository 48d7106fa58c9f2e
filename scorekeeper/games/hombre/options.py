"""What an hombre coup is said with (H-6 to H-15): the options of `coup` and of `adjust`, as data
(`games.options`)."""

from __future__ import annotations

from scorekeeper.games.options import Completes, Kind, Option, Options

# H-6: the contracts, as the ledger and the command line write them.
CONTRACTS = ("demande", "retourne", "sans-prendre", "vole")

OPTIONS = Options(
    coup=(
        Option.of("passed", Kind.FLAG, field="pass", flags=("--pass",), help="help.coup.pass"),
        Option.of("hombre", Kind.TEXT, Completes.PLAYERS),
        Option.of("contract", Kind.TEXT, Completes.CHOICES, choices=CONTRACTS),
        Option.of(
            "tricks",
            Kind.COUNTS,
            mistake="bad_tricks",
            refused_with=(("trick", "trick_and_tricks"), ("tricks_file", "trick_and_tricks")),
        ),
        Option.of("matadors", Kind.INT),
        Option.of("vole_engagee", Kind.FLAG),
        Option.of("bids", Kind.TEXT),
        Option.of("hand", Kind.CARDS),
        Option.of("trumps", Kind.CARDS),
        Option.of("espadille_forcee", Kind.FLAG),
        Option.of("gano_remise", Kind.FLAG),
    ),
    adjust=(Option.of("pay", Kind.PAYMENTS, help="help.adjust.pay", many=True),),
)
