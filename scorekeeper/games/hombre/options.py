"""What an hombre coup is said with (H-6 to H-15): the options of `coup` and of `adjust`, as data
(`games.options`)."""

from __future__ import annotations

from scorekeeper.games.options import Completes, Kind, Option, Options

# H-6: the contracts, as the ledger and the command line write them.
CONTRACTS = ("demande", "retourne", "sans-prendre", "vole")

OPTIONS = Options(
    coup=(
        Option("passed", "pass", Kind.FLAG, ("--pass",), "help.coup.pass"),
        Option("hombre", "hombre", Kind.TEXT, ("--hombre",), "help.coup.hombre", Completes.PLAYERS),
        Option("contract", "contract", Kind.TEXT, ("--contract",), "help.coup.contract", Completes.CHOICES, CONTRACTS),
        Option(
            "tricks",
            "tricks",
            Kind.COUNTS,
            ("--tricks",),
            "help.coup.tricks",
            mistake="bad_tricks",
            refused_with=(("trick", "trick_and_tricks"), ("tricks_file", "trick_and_tricks")),
        ),
        Option("matadors", "matadors", Kind.INT, ("--matadors",), "help.coup.matadors"),
        Option("vole_engagee", "vole_engagee", Kind.FLAG, ("--vole-engagee",), "help.coup.vole_engagee"),
        Option("bids", "bids", Kind.TEXT, ("--bids",), "help.coup.bids"),
        Option("hand", "hand", Kind.CARDS, ("--hand",), "help.coup.hand"),
        Option("trumps", "trumps", Kind.CARDS, ("--trumps",), "help.coup.trumps"),
        Option(
            "espadille_forcee", "espadille_forcee", Kind.FLAG, ("--espadille-forcee",), "help.coup.espadille_forcee"
        ),
        Option("gano_remise", "gano_remise", Kind.FLAG, ("--gano-remise",), "help.coup.gano_remise"),
    ),
    adjust=(Option("pay", "pay", Kind.PAYMENTS, ("--pay",), "help.adjust.pay", many=True),),
)

