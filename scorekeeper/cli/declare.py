"""A coup as the options of `coup` and `edit` say it: read into the declaration the engine checks.

Nothing is computed here; the options only become the table the ledger stores.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

import typer

from scorekeeper import tomlfile
from scorekeeper.cards import split_cards, typed, typed_suit
from scorekeeper.cli import complete
from scorekeeper.cli.options import examples_of
from scorekeeper.errors import UserError
from scorekeeper.i18n import spoken, text

COUP_EXAMPLE = examples_of("coup")

RETOURNE = typer.Option(None, "--retourne", "-r", help=text("help.coup.retourne"), autocompletion=complete.cards)
TRUMP = typer.Option(None, "--trump", "-t", help=text("help.coup.trump"))
CHOOSER = typer.Option(None, "--chooser", help=text("help.coup.chooser"), autocompletion=complete.player_names)
CONTRE = typer.Option(None, "--contre", "--frapper", "--coinche", help=text("help.coup.contre"))
SURCONTRE = typer.Option(None, "--surcontre", "--contre-frapper", help=text("help.coup.surcontre"))
TAKER = typer.Option(None, "--taker", help=text("help.coup.taker"), autocompletion=complete.player_names)
BID = typer.Option(None, "--bid", help=text("help.coup.bid"))
EXCHANGE = typer.Option(None, "--exchange", help=text("help.coup.exchange"))
POINTS = typer.Option([], "--points", help=text("help.coup.points"))
RENONCE = typer.Option(None, "--renonce", help=text("help.coup.renonce"), autocompletion=complete.player_names)
TRICK = typer.Option([], "--trick", help=text("help.coup.trick"))
TRICKS_FILE = typer.Option(None, "--tricks-file", help=text("help.coup.tricks_file"))
LET_PASS = typer.Option(False, "--let-renonce-pass", help=text("help.coup.let_renonce_pass"))
LAYOUT = typer.Option([], "--layout", help=text("help.coup.layout"))
# L'hombre
PASS = typer.Option(False, "--pass", help=text("help.coup.pass"))
HOMBRE = typer.Option(None, "--hombre", help=text("help.coup.hombre"), autocompletion=complete.player_names)
CONTRACT = typer.Option(None, "--contract", help=text("help.coup.contract"), autocompletion=complete.contracts)
TRICKS = typer.Option(None, "--tricks", help=text("help.coup.tricks"))
MATADORS = typer.Option(None, "--matadors", help=text("help.coup.matadors"))
VOLE_ENGAGEE = typer.Option(False, "--vole-engagee", help=text("help.coup.vole_engagee"))
BIDS = typer.Option(None, "--bids", help=text("help.coup.bids"))
HAND = typer.Option(None, "--hand", help=text("help.coup.hand"))
TRUMPS = typer.Option(None, "--trumps", help=text("help.coup.trumps"))
FORCED = typer.Option(False, "--espadille-forcee", help=text("help.coup.espadille_forcee"))
GANO_REMISE = typer.Option(False, "--gano-remise", help=text("help.coup.gano_remise"))
# Both games: what the table says beyond the play (M-8, M-10, M-17)
MISDEAL = typer.Option(False, "--misdeal", help=text("help.coup.misdeal"))
DEALER = typer.Option(None, "--dealer", help=text("help.coup.dealer"), autocompletion=complete.player_names)
FORCE = typer.Option(False, "--force", help=text("help.coup.force"))
MENTEUR = typer.Option(None, "--menteur", help=text("help.coup.menteur"))
# The short line (issue 16): the coup in the words the table says, read in the game's state by the service.
WORDS = typer.Argument(None, help=text("help.coup.words"), show_default=False, autocompletion=complete.line_words)


def _said(
    retourne: str = RETOURNE,
    trump: str = TRUMP,
    chooser: str = CHOOSER,
    contre: str = CONTRE,
    surcontre: str = SURCONTRE,
    taker: str = TAKER,
    bid: int = BID,
    exchange: int = EXCHANGE,
    points: list[str] = POINTS,
    renonce: str = RENONCE,
    trick: list[str] = TRICK,
    tricks_file: str = TRICKS_FILE,
    let_renonce_pass: bool = LET_PASS,
    layout: list[str] = LAYOUT,
    passed: bool = PASS,
    hombre: str = HOMBRE,
    contract: str = CONTRACT,
    tricks: str = TRICKS,
    matadors: int = MATADORS,
    vole_engagee: bool = VOLE_ENGAGEE,
    bids: str = BIDS,
    hand: str = HAND,
    trumps: str = TRUMPS,
    forced: bool = FORCED,
    gano_remise: bool = GANO_REMISE,
    misdeal: bool = MISDEAL,
    dealer: str = DEALER,
    force: bool = FORCE,
    menteur: str = MENTEUR,
    words: list[str] = WORDS,
) -> None:
    """Every option a coup is said with, declared once for `coup` and `edit`."""


_SAID = tuple(inspect.signature(_said, eval_str=True).parameters.values())


def with_coup_options(command: Callable[..., None]) -> Callable[..., None]:
    """`command` takes the options of a coup (after its own, before its last), gathered in `said`."""
    own = [p for p in inspect.signature(command, eval_str=True).parameters.values() if p.name != "said"]

    @functools.wraps(command)
    def run(**given: Any) -> None:
        command(said={parameter.name: given.pop(parameter.name) for parameter in _SAID}, **given)

    run.__signature__ = inspect.Signature([*own[:-1], *_SAID, own[-1]])  # type: ignore[attr-defined]
    return run


def counts(texts: list[str], option: str, mistake: str) -> dict[str, int] | None:
    """`César=40`, or `A=20,B=30`, as typed at the table: a number for each player named.

    A bad count is the error `mistake`, worded for its option and so for its game: `--points` is
    manille's, `--tricks` l'hombre's, each with an example from its own game.
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


def _tricks(trick: list[str], tricks_file: str | None) -> tuple[list[list[str]] | None, Any]:
    """The trick log, from --trick (one per trick) or from a TOML file with `tricks = [[...], ...]`, and
    the layout of the face-down cards that file may give (`layout = {NAME = [["QS", "7S"], ...]}`, P-11)."""
    if tricks_file is None:
        return [split_cards(given, spoken()) for given in trick] or None, None
    if trick:
        raise UserError("trick_and_file")
    try:
        data = tomlfile.load(tricks_file)
    except (OSError, tomlfile.NotToml) as error:
        raise UserError("tricks_file_unreadable", path=tricks_file, reason=tomlfile.reason(error)) from None
    if "tricks" not in data or set(data) - {"tricks", "layout"}:
        raise UserError("tricks_file_layout_keys", path=tricks_file)
    return data["tricks"], data.get("layout")


def layout_of(texts: list[str]) -> dict[str, list[list[str]]] | None:
    """`--layout "Hugo: QS/7S KD/8H"` (P-11): a seat's table cards in pairs, face up over face down, as
    typed (C-2); several seats in one option are parted by `;`, or the option is given again."""
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
            pairs[name.strip()].append([typed(up, spoken()), typed(down, spoken())])
    return pairs or None


def _typed_log(log: Any) -> Any:
    """A trick log's cards, from --trick or a file, as typed at the table (C-2) in the ledger's English
    letters; whatever is not a list of tricks stays as given, for the engine to refuse in its words."""
    if not isinstance(log, list):
        return log
    return [
        typed(trick, spoken())
        if isinstance(trick, str)
        else [typed(card, spoken()) if isinstance(card, str) else card for card in trick]
        if isinstance(trick, list)
        else trick
        for trick in log
    ]


def words_of(said: dict[str, Any]) -> list[str]:
    """The words of a short line given with the options (`scorekeeper coup 10h césar 40`)."""
    return list(said.get("words") or ())


def declaration(said: dict[str, Any]) -> dict[str, Any]:
    """The coup as declared, from the command's options: nothing computed, only read. The words of a
    short line (`words_of`) are the service's to read, in the game's state."""
    said = dict(said)
    said.pop("words", None)
    said["points"] = counts(said.pop("points"), "--points", "bad_points")
    log, file_layout = _tricks(said.pop("trick"), said.pop("tricks_file"))
    said["layout"] = layout_of(said.pop("layout")) or file_layout
    counted = counts([said.pop("tricks")] if said.get("tricks") else [], "--tricks", "bad_tricks")
    if log is not None and counted is not None:
        raise UserError("trick_and_tricks")
    said["tricks"] = _typed_log(log) if counted is None else counted
    # Cards as the table typed them (C-2: `c` is cœur in French), kept in the ledger's English letters.
    for field in ("retourne", "hand", "trumps"):
        if said.get(field) is not None:
            said[field] = typed(said[field], spoken())
    if said.get("trump") is not None:
        said["trump"] = typed_suit(said["trump"], spoken())
    said["pass"] = said.pop("passed")
    said["espadille_forcee"] = said.pop("forced")
    for flag in ("let_renonce_pass", "vole_engagee", "pass", "espadille_forcee", "gano_remise", "misdeal", "force"):
        said[flag] = said[flag] or None
    return {key: value for key, value in said.items() if value is not None}
