"""What a manille coup is said with (M-3 to M-18, P-11): the options of `coup` and of `adjust`, as data
(`games.options`)."""

from __future__ import annotations

from scorekeeper.games.options import Completes, Kind, Option, Options

OPTIONS = Options(
    coup=(
        Option.of("retourne", Kind.CARD, Completes.CARDS, flags=("--retourne", "-r")),
        Option.of("trump", Kind.SUIT, flags=("--trump", "-t")),
        Option.of("chooser", Kind.TEXT, Completes.PLAYERS),
        Option.of("contre", Kind.TEXT, flags=("--contre", "--frapper", "--coinche", "--klop")),
        Option.of("surcontre", Kind.TEXT, flags=("--surcontre", "--contre-frapper", "--tegenklop")),
        Option.of("taker", Kind.TEXT, Completes.PLAYERS),
        Option.of("bid", Kind.INT),
        Option.of("exchange", Kind.INT),
        Option.of("points", Kind.COUNTS, many=True, mistake="bad_points"),
        Option.of("renonce", Kind.TEXT, Completes.PLAYERS),
        Option.of("trick", Kind.TRICK_LOG, field="tricks", many=True),
        Option.of("tricks_file", Kind.TRICKS_FILE, field="tricks", refused_with=(("trick", "trick_and_file"),)),
        Option.of("let_renonce_pass", Kind.FLAG),
        Option.of("layout", Kind.LAYOUT, many=True),
        Option.of("passed", Kind.FLAG, field="pass", flags=("--pass",), help="help.coup.pass"),  # M-17, at the enchères
    ),
    adjust=(
        Option.of(
            "score", Kind.COUNTS, field="adjust", help="help.adjust.score", many=True, mistake="bad_adjust_score"
        ),
    ),
)
