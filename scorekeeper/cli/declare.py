"""A coup as the options of `coup`, `edit`, `insert` and `adjust` say it: read into the declaration the
engine checks.

The options are the games' own, declared as data (`games.options`): here they become typer's options,
in the registry's order, and their values become the declaration, each as its kind is read. Nothing is
computed here; the options only become the table the ledger stores.
"""

from __future__ import annotations

import functools
import inspect
import os
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import click
import typer
from typer.core import TyperCommand

from scorekeeper import games, tomlfile
from scorekeeper.cards import played_by, split_named, typed, typed_suit
from scorekeeper.cli import complete
from scorekeeper.cli.options import examples_of
from scorekeeper.errors import UserError
from scorekeeper.games.offers import every
from scorekeeper.games.options import SHARED, Completes, Kind, Option
from scorekeeper.i18n import spoken, text

if TYPE_CHECKING:
    from scorekeeper.language import Language

COUP_EXAMPLE = examples_of("coup")

_COMPLETIONS: dict[Completes, Callable[..., list[str]]] = {
    Completes.PLAYERS: complete.player_names,
    Completes.CARDS: complete.cards,
    Completes.LINE: complete.line_words,
}


def _parameter(option: Option) -> inspect.Parameter:
    """The typer parameter that takes `option`: a flag, a number, a text, or texts for one given again."""
    completion = _COMPLETIONS.get(option.completes) if option.completes is not None else None
    if option.completes is Completes.CHOICES:
        completion = complete.choices(option.choices)
    extra: dict[str, Any] = {} if completion is None else {"autocompletion": completion}
    if option.kind is Kind.WORDS:
        default: Any = typer.Argument(None, help=text(option.help), show_default=False, **extra)
        annotation: Any = list[str]
    elif option.kind is Kind.FLAG:
        default, annotation = typer.Option(False, *option.flags, help=text(option.help), **extra), bool
    elif option.many:
        default, annotation = typer.Option([], *option.flags, help=text(option.help), **extra), list[str]
    else:
        default = typer.Option(None, *option.flags, help=text(option.help), **extra)
        annotation = int if option.kind is Kind.INT else str
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    return inspect.Parameter(option.name, kind, default=default, annotation=annotation)


def _click_params(options: Sequence[Option]) -> list[click.Parameter]:
    """The click parameters of `options`, as typer makes them for a command's own."""
    from typer.main import get_click_param
    from typer.models import ParamMeta

    return [
        get_click_param(ParamMeta(name=p.name, default=p.default, annotation=p.annotation))[0]
        for p in map(_parameter, options)
    ]


class Command(TyperCommand):
    """A command that takes a coup's options: those of the built-in games, declared with the command, and,
    when the game in play comes from elsewhere (`SCOREKEEPER_GAMES`), that game's own, added before the
    command line is read. A run with no such variable reads nothing more."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        declared = self.__dict__.setdefault("declared", list(self.params))  # each run starts from these
        self.params = list(declared)
        known = {param.name for param in self.params}
        foreign = tuple(option for option in _foreign(args) if option.name not in known)
        if foreign:
            words = {option.name for option in SHARED.coup if option.kind is Kind.WORDS}
            at = next((at for at, param in enumerate(self.params) if param.name in words), len(self.params))
            self.params = [*self.params[:at], *_click_params(foreign), *self.params[at:]]  # with the others in --help
        if "--help" in args or "-h" in args:  # the help of the game in play: its options, no other game's
            self.params = _of_the_game_in_play(self.params, args)
        ctx.meta["coup_options"] = {option.name: option for option in foreign}
        return super().parse_args(ctx, args)


def _of_the_game_in_play(params: list[click.Parameter], args: list[str]) -> list[click.Parameter]:
    """`params` with the built-in games' coup options that the game in play (`--game NAME`, else the current
    game) does not take hidden (issue 42: a whist from outside shows no l'hombre option); all of them where
    no game is in play. The hidden ones are copies: the command's own are left as declared."""
    import copy

    from scorekeeper import service
    from scorekeeper.cli.current import named
    from scorekeeper.games.offers import of

    try:
        game = service.game_of(named(args))
        own = {option.name for option in (*of(game).coup, *SHARED.coup)} if game is not None else None
    except UserError:  # no such game, or a game no module brings: the help says every option
        return params
    if own is None:
        return params
    others = {option.name for name in games.NAMES for option in of(name).coup} - own
    shown = []
    for param in params:
        if param.name in others:
            param = copy.copy(param)
            param.hidden = True
        shown.append(param)
    return shown


def _foreign(args: list[str]) -> tuple[Option, ...]:
    """The options of the game in play (`--game NAME`, else the current game), when it is not a built-in
    one: a game from the module named by `SCOREKEEPER_GAMES`, only looked for when that variable is set."""
    if not os.environ.get(games.OUTSIDE):
        return ()
    from scorekeeper import service
    from scorekeeper.cli.current import named
    from scorekeeper.games.offers import of

    game = service.game_of(named(args))
    if game is None or game in games.NAMES:
        return ()
    try:
        return of(game).coup
    except UserError as error:  # a game no module brings, named in the file: the command says it, in its words
        if error.key != "unknown_game":
            raise
        return ()


def with_options(options: Sequence[Option], at: int = -1) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """`command` takes `options` (among its own, before its own parameter number `at`), gathered in
    `said`: each option with its value."""

    def wrap(command: Callable[..., None]) -> Callable[..., None]:
        own = [p for p in inspect.signature(command, eval_str=True).parameters.values() if p.name != "said"]
        named = {option.name: option for option in options}

        @functools.wraps(command)
        def run(**given: Any) -> None:
            named_here = {**named, **click.get_current_context().meta.get("coup_options", {})}
            said = {option: given.pop(name) for name, option in named_here.items() if name in given}
            command(said=said, **given)

        where = at % len(own) if own else 0
        parameters = [*own[:where], *map(_parameter, options), *own[where:]]
        run.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        return run

    return wrap


def with_coup_options(command: Callable[..., None]) -> Callable[..., None]:
    """`command` takes the options of a coup of every built-in game (after its own, before its last)."""
    return with_options(every(games.NAMES))(command)


def counts(texts: Sequence[str], option: str, mistake: str) -> dict[str, int] | None:
    """`César=40`, or `A=20,B=30`, as typed at the table: a number for each player named.

    A bad count is the error `mistake`, its option's own (`Option.mistake`): worded for that option, with
    an example from its game.
    """
    counts: dict[str, int] = {}
    for part in (part for given in texts for part in given.split(",") if part.strip()):
        who, sep, value = part.rpartition("=")
        try:
            number = int(value)
        except ValueError:
            number = None
        if not sep or not who.strip() or number is None:
            raise UserError(mistake, text=part)
        if who.strip() in counts:
            raise UserError("given_twice", option=option, name=who.strip())
        counts[who.strip()] = number
    return counts or None


def payments(texts: Sequence[str], decimal: str | None = None) -> list[dict[str, Any]]:
    """`Bea:Ana=12` (Bea pays Ana 12 jetons; `12.5`, a half), several parted by commas or given again: as the
    ledger keeps them. Where the language's `decimal` sign is a comma (`number.decimal`, French, Dutch),
    a half is written as its table writes it, `12,5`: a comma between figures, with no space, is the
    half's; before a name, it parts two payments. A figure alone after a comma is refused, never read
    as one or the other.

    >>> payments(["Bea:Ana=12,5,Cid:Ana=3"], ","), payments(["Bea:Ana=12.5"], ",")[0]["jetons"]
    ([{'from': 'Bea', 'to': 'Ana', 'jetons': 12.5}, {'from': 'Cid', 'to': 'Ana', 'jetons': 3}], 12.5)
    """
    decimal = text("number.decimal") if decimal is None else decimal
    paid: list[dict[str, Any]] = []
    for given in texts:
        parts, at, before = given.split(","), 0, None
        while at < len(parts):
            part, at = parts[at], at + 1
            half = at < len(parts) and re.search(r"=\s*\d+$", part) and re.fullmatch(r"\d+\s*", parts[at])
            if decimal == "," and half:
                part, at = f"{part},{parts[at]}", at + 1  # `=12,5`: the half, as the table writes it
            elif before is not None and re.fullmatch(r"\s*\d+\s*", part):  # never guessed a half or a payment
                raise UserError("pay_half_written", text=f"{before},{part.rstrip()}", half=f"12{decimal}5")
            if part.strip():
                before = part.strip()
                paid.append(_payment(before.replace(",", ".")))
    if not paid:  # commas and spaces alone
        raise UserError("bad_adjust_pay", text=",".join(texts))
    return paid


def _payment(part: str) -> dict[str, Any]:
    """One payment, `Bea:Ana=12` or `Bea:Ana=12.5`."""
    who, sep, value = part.rpartition("=")
    payer, colon, payee = who.partition(":")
    jetons: int | float | None = None
    if re.fullmatch(r"\s*\d+\s*", value):
        jetons = int(value)
    elif re.fullmatch(r"\s*\d+\.\d+\s*", value):  # halves (H-12): the engine refuses what is not one
        jetons = float(value)
    if not sep or not colon or not payer.strip() or not payee.strip() or jetons is None:
        raise UserError("bad_adjust_pay", text=part)
    return {"from": payer.strip(), "to": payee.strip(), "jetons": jetons}


def _tricks_file(path: str) -> tuple[Any, Any]:
    """The trick log of a TOML file with `tricks = [[...], ...]`, and the layout of the face-down cards
    it may give (`layout = {NAME = [["QS", "7S"], ...]}`, P-11)."""
    try:
        data = tomlfile.load(path)
    except (OSError, tomlfile.NotToml) as error:
        raise UserError("tricks_file_unreadable", path=path, reason=tomlfile.reason(error)) from None
    if "tricks" not in data or set(data) - {"tricks", "layout"}:
        raise UserError("tricks_file_layout_keys", path=path)
    return data["tricks"], data.get("layout")


def layout_of(texts: Sequence[str], language: Language | None = None) -> dict[str, list[list[str]]] | None:
    """`--layout "Hugo: QS/7S KD/8H"` (P-11): a seat's table cards in pairs, face up over face down, as
    typed (C-2, in `language`, else the one spoken); several seats in one option are parted by `;`, or
    the option is given again."""
    language = spoken() if language is None else language
    pairs: dict[str, list[list[str]]] = {}
    for part in (part for given in texts for part in given.split(";") if part.strip()):
        name, colon, cards = part.partition(":")
        if not colon or not name.strip() or name.strip() in pairs:
            raise UserError("bad_layout", "P-11", text=part.strip())
        pairs[name.strip()] = []
        for word in cards.split():
            up, slash, down = word.partition("/")
            if not slash or not up or not down or "/" in down:
                raise UserError("bad_layout", "P-11", text=part.strip())
            pairs[name.strip()].append([typed(up, language), typed(down, language)])
    return pairs or None


def _typed_log(log: Any, language: Language) -> Any:
    """A trick log's cards, from --trick or a file, as typed at the table (C-2, in `language`) in the
    ledger's English letters; whatever is not a list of tricks stays as given, for the engine to refuse
    in its words."""
    if not isinstance(log, list):
        return log
    return [
        [_typed_card(name, card, language) for name, card in split_named(trick, language)]
        if isinstance(trick, str)
        else [_typed_card(*played_by(card), language) if isinstance(card, str) else card for card in trick]
        if isinstance(trick, list)
        else trick
        for trick in log
    ]


def _typed_card(name: str | None, card: str, language: Language) -> str:
    """A card of a trick log in the ledger's letters, with the name typed before it kept (`Brun:AS`, M-3)."""
    return typed(card, language) if name is None else f"{name}:{typed(card, language)}"


def words_of(said: Mapping[Option, Any]) -> list[str]:
    """The words of a short line given with the options (`scorekeeper coup 10h césar 40`)."""
    return [word for option, given in said.items() if option.kind is Kind.WORDS for word in given or ()]


# The kinds read from the way the command line writes them, first (a count, a trick log, a layout),
# then the cards and suits, as typed at the table (C-2: `c` is cœur in French), in the ledger's letters.
_WRITTEN = (Kind.COUNTS, Kind.TRICK_LOG, Kind.TRICKS_FILE, Kind.LAYOUT, Kind.PAYMENTS)
_TYPED: dict[Kind, Callable[[str, Language], str]] = {Kind.CARD: typed, Kind.CARDS: typed, Kind.SUIT: typed_suit}


def declaration(said: Mapping[Option, Any]) -> dict[str, Any]:
    """The coup as declared, from the command's options: nothing computed, only read. The words of a
    short line (`words_of`) are the service's to read, in the game's state."""
    given = {option.name for option, value in said.items() if value is not None and value is not False and value != []}
    declared: dict[str, Any] = {}
    for option, value in said.items():
        for other, mistake in option.refused_with:
            if option.name in given and other in given:
                raise UserError(mistake)
        if option.kind in _WRITTEN and option.name in given:
            declared.update(_written(option, value, declared))
    for option, value in said.items():
        if option.kind in _WRITTEN or option.kind is Kind.WORDS or option.name not in given:
            continue
        declared[option.field] = _TYPED[option.kind](value, _spoken_at(option)) if option.kind in _TYPED else value
    order = {field: at for at, field in reversed(list(enumerate(option.field for option in said)))}
    return dict(sorted(declared.items(), key=lambda item: order.get(item[0], len(order))))


def _spoken_at(option: Option) -> Language:
    """The language spoken, with the card words of the one built-in game that takes `option` (C-2: at
    manille, `--retourne "manille de carreau"` is the 10♦)."""
    from scorekeeper.games.offers import of

    takers = [name for name in games.NAMES if option in (*of(name).coup, *of(name).adjust)]
    return spoken().playing(takers[0]) if len(takers) == 1 else spoken()


def _written(option: Option, value: Any, declared: Mapping[str, Any]) -> dict[str, Any]:
    """The fields one option of a kind the command line writes its own way gives."""
    texts = list(value) if option.many else [value]
    if option.kind is Kind.COUNTS:
        return {option.field: counts(texts, option.flags[0], option.mistake or "bad_points")}
    if option.kind is Kind.TRICK_LOG:
        return {option.field: _typed_log(texts, _spoken_at(option))}
    if option.kind is Kind.TRICKS_FILE:
        log, layout = _tricks_file(value)
        typed_log = _typed_log(log, _spoken_at(option))
        return {option.field: typed_log} | ({} if layout is None or "layout" in declared else {"layout": layout})
    if option.kind is Kind.LAYOUT:
        return {option.field: layout_of(texts, _spoken_at(option)) or declared.get(option.field)}
    return {option.field: payments(texts)}
