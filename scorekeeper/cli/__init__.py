"""The `scorekeeper` command: thin typer commands over the pure core."""

from __future__ import annotations

from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> None:
    import gc
    import sys

    from scorekeeper import kept

    # A command lives a fraction of a second and makes no garbage cycles worth collecting: without the
    # cycle collector, the imports, the TOML read and the replay skip its passes over every object.
    gc.disable()
    # Standard output (or error) closed at the start (`>&-`): Python leaves it None. Every command then
    # writes to the null device and behaves alike, storing what it stores and exiting quietly (issue 43).
    if sys.stdout is None or sys.stderr is None:
        import os

        null = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (the process's own, to its end)
        sys.stdout = sys.stdout if sys.stdout is not None else null
        sys.stderr = sys.stderr if sys.stderr is not None else null
    try:
        # A sheet kept as it was last printed, before typer, the catalogs and the engines are imported.
        if kept.answer(list(sys.argv[1:] if argv is None else argv)):
            sys.exit(0)
        from scorekeeper.fast import defer_typer

        defer_typer()
        from scorekeeper.cli.app import app

        app(args=argv, prog_name="scorekeeper")
    finally:
        kept.done()
        gc.enable()  # a Python caller goes on with its collector
