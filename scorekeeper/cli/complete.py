"""Shell completion: the values an option or argument can take, and `--install-completion` /
`--show-completion`.

Completion runs typer's protocol (`_SCOREKEEPER_COMPLETE=complete_bash`; click's order `bash_complete`
is read too). Nothing here is imported at module level but the standard library: a command that is not
completing pays for the callbacks' names alone, and the machinery loads only in `start` (the variable
set) or `show`/`install` (the options given), from `cli.app`.

Names are matched as folded (C-4): `ces` completes to `César`, `cafe` to `Café du Port`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from scorekeeper.cli.terminal import out

VARIABLE = "_SCOREKEEPER_COMPLETE"
SHELLS = ("bash", "zsh", "fish")


def _matching(values: list[str], incomplete: str) -> list[str]:
    """The values that start with what was typed, compared as folded (C-4)."""
    from scorekeeper.players import fold_name

    typed = fold_name(incomplete)
    return [value for value in values if fold_name(value).startswith(typed)]


def _quiet(find: Any) -> list[str]:
    """What `find` gives, or nothing: a completion never prints a mistake into the command line."""
    try:
        return list(find())
    except Exception:
        return []


def game_names(incomplete: str) -> list[str]:
    """Stored games' names (for `--game`, `use`, `games rename/delete/archive`)."""
    from scorekeeper import service

    return _matching(_quiet(service.names), incomplete)


def trashed_names(incomplete: str) -> list[str]:
    """Names of the games in the trash and the archive (for `games restore`)."""
    from scorekeeper import service
    from scorekeeper.players import fold_name

    names = _quiet(service.put_away_names)
    return _matching(sorted(names, key=fold_name), incomplete)


def ruleset_names(incomplete: str) -> list[str]:
    """The shipped rulesets' names (for `new`, `check`, `audit`, `rules show`)."""
    from scorekeeper import rulesets

    return _matching(_quiet(rulesets.builtin_names), incomplete)


def _in_use(ctx: Any) -> Any:
    """The game the command works on (`--game` already typed, else the current one), or None."""
    from scorekeeper import service

    return service.in_use(ctx.params.get("game_name") if ctx is not None else None)


def player_names(ctx: Any, incomplete: str) -> list[str]:
    """The players of the game in use, typed without accents (`ces` -> `César`)."""
    return _matching(_quiet(lambda: _in_use(ctx).players), incomplete)


def cards(ctx: Any, incomplete: str) -> list[str]:
    """The cards of the game in use's deck, in letters (`10H`), else of every deck."""
    from scorekeeper import games, service
    from scorekeeper.cards import ASCII_SUITS

    def deck() -> Any:
        game = _in_use(ctx)
        return service.ruleset_of(game).deck.cards if game else ()

    held = _quiet(deck) or [
        card for name in games.NAMES for one in games.get(name).decks.values() for card in one.cards
    ]
    written = dict.fromkeys(str(card).translate(ASCII_SUITS) for card in held)
    return [card for card in written if card.casefold().startswith(incomplete.casefold())]


def line_words(ctx: Any, incomplete: str) -> list[str]:
    """The words of a short line (issue 16) at the game in use: its players, the table's words, its cards."""
    from scorekeeper import games, service
    from scorekeeper.i18n import spoken

    def words() -> list[str]:
        game = _in_use(ctx)
        ruleset = service.ruleset_of(game)
        engine = games.engine(ruleset)
        state = engine.start(ruleset, game.players, game.dealer)
        return [word for group in engine.vocabulary(state, spoken()).values() for word in group]

    return _matching(_quiet(words), incomplete)


def choices(values: tuple[str, ...]) -> Callable[[str], list[str]]:
    """The completion of an option that takes one of a closed set of `values` (a game's contracts, H-6)."""

    def matching(incomplete: str) -> list[str]:
        return _matching(list(values), incomplete)

    return matching


def start() -> None:
    """Register typer's completion classes, and read click's order of the instruction (`bash_complete`)
    as typer's (`complete_bash`). Typer keeps only the values that start with the word as typed, which
    would drop `César` for `ces`: the callbacks here match as folded, so what they give is kept as is."""
    import typer.core

    from scorekeeper.cli import shells

    shells.register()
    typer.core._typer_param_setup_autocompletion_compat = _as_given
    instruction = os.environ.get(VARIABLE, "")
    first, _, second = instruction.partition("_")
    if first in SHELLS:
        os.environ[VARIABLE] = f"{second}_{first}"


def _as_given(param: Any, *, autocompletion: Any = None) -> None:
    """Typer's hook for an option's `autocompletion`, without its filter by the typed prefix."""
    if autocompletion is None:
        return

    def values(ctx: Any, param: Any, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(value) for value in autocompletion(ctx, [], incomplete)]

    param._custom_shell_complete = values


def options() -> list[Any]:
    """`--install-completion [SHELL]` and `--show-completion [SHELL]`, the shell found when not named."""
    import click

    from scorekeeper.i18n import text

    settings: dict[str, Any] = {"is_flag": False, "flag_value": "", "expose_value": False, "is_eager": True}
    return [
        click.Option(
            ["--install-completion"],
            metavar=text("metavar.shell"),
            callback=callback,
            help=text("help.option.install_completion"),
            **settings,
        ),
        click.Option(
            ["--show-completion"],
            metavar=text("metavar.shell"),
            callback=callback,
            help=text("help.option.show_completion"),
            **settings,
        ),
    ]


def _shell(given: str) -> str:
    """The shell named, else the one this runs in."""
    from scorekeeper.errors import UserError

    shell = given or os.path.basename(os.environ.get("SHELL", ""))
    if not given:
        try:
            import shellingham

            shell = shellingham.detect_shell()[0]
        except Exception:  # no shellingham, or no shell found: $SHELL's name
            pass
    if shell not in SHELLS:
        raise UserError("completion_shell", shell=shell or "?", shells=SHELLS)
    return shell


def callback(ctx: Any, param: Any, value: str | None) -> None:
    """Show or install the script, then stop: nothing else runs. A script that cannot be written (a
    read-only home) is one line, exit 2."""
    if value is None or ctx.resilient_parsing:
        return
    from scorekeeper.cli import shells
    from scorekeeper.i18n import text

    start()
    shell = _shell(value)
    prog = ctx.find_root().info_name or "scorekeeper"
    if param.name == "show_completion":
        out.write(shells.script(shell, prog, VARIABLE) + "\n")
    else:
        out.line(text("completion.installed", shell=shell, path=str(_install(shell, prog))))
    ctx.exit(0)


def _install(shell: str, prog: str) -> str:
    """Typer's install (the script in the shell's folder, the line that loads it in its rc file), writing
    our script, not typer's: the installed script is the one `--show-completion` prints."""
    from typer import _completion_shared

    from scorekeeper import tomlfile
    from scorekeeper.cli import shells
    from scorekeeper.errors import UserError

    typers = dict(_completion_shared._completion_scripts)
    _completion_shared._completion_scripts.update(shells.SCRIPTS)
    try:
        return str(_completion_shared.install(shell=shell, prog_name=prog, complete_var=VARIABLE)[1])
    except OSError as error:
        where = error.filename or "~"
        raise UserError(
            "completion_not_installed", shell=shell, path=str(where), problem=tomlfile.system_reason(error)
        ) from None
    finally:
        _completion_shared._completion_scripts.update(typers)
