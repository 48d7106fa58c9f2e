"""What a manille coup is said with (M-3 to M-18, P-11): the options of `coup` and of `adjust`, as data
(`games.options`)."""

from __future__ import annotations

from scorekeeper.games.options import Completes, Kind, Option, Options

OPTIONS = Options(
    coup=(
        Option("retourne", "retourne", Kind.CARD, ("--retourne", "-r"), "help.coup.retourne", Completes.CARDS),
        Option("trump", "trump", Kind.SUIT, ("--trump", "-t"), "help.coup.trump"),
        Option("chooser", "chooser", Kind.TEXT, ("--chooser",), "help.coup.chooser", Completes.PLAYERS),
        Option("contre", "contre", Kind.TEXT, ("--contre", "--frapper", "--coinche"), "help.coup.contre"),
        Option("surcontre", "surcontre", Kind.TEXT, ("--surcontre", "--contre-frapper"), "help.coup.surcontre"),
        Option("taker", "taker", Kind.TEXT, ("--taker",), "help.coup.taker", Completes.PLAYERS),
        Option("bid", "bid", Kind.INT, ("--bid",), "help.coup.bid"),
        Option("exchange", "exchange", Kind.INT, ("--exchange",), "help.coup.exchange"),
        Option("points", "points", Kind.COUNTS, ("--points",), "help.coup.points", many=True, mistake="bad_points"),
        Option("renonce", "renonce", Kind.TEXT, ("--renonce",), "help.coup.renonce", Completes.PLAYERS),
        Option("trick", "tricks", Kind.TRICK_LOG, ("--trick",), "help.coup.trick", many=True),
        Option(
            "tricks_file",
            "tricks",
            Kind.TRICKS_FILE,
            ("--tricks-file",),
            "help.coup.tricks_file",
            refused_with=(("trick", "trick_and_file"),),
        ),
        Option(
            "let_renonce_pass", "let_renonce_pass", Kind.FLAG, ("--let-renonce-pass",), "help.coup.let_renonce_pass"
        ),
        Option("layout", "layout", Kind.LAYOUT, ("--layout",), "help.coup.layout", many=True),
        Option("passed", "pass", Kind.FLAG, ("--pass",), "help.coup.pass"),  # M-17, at the enchères
    ),
    adjust=(
        Option(
            "score", "adjust", Kind.COUNTS, ("--score",), "help.adjust.score", many=True, mistake="bad_adjust_score"
        ),
    ),
)

