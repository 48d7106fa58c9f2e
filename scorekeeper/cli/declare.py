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
from scorekeeper.cli.options import examples
from scorekeeper.errors import UserError

COUP_EXAMPLE = examples(
    "scorekeeper coup --retourne 10h --points César=40",
    "scorekeeper coup --retourne Ac --renonce Brun",
    "scorekeeper coup --trump sa --contre Panisse --points César=38          (manillen, whisthub)",
    "scorekeeper coup --trump h --chooser Escartefigue --points Brun=31       (passe-parole)",
    "scorekeeper coup --taker Brun --bid 45 --trump c --points Brun=50       (enchères)",
    "scorekeeper coup --trump d --points A=20,B=30,C=10                      (à l'envers: D has the rest)",
    "scorekeeper coup --hombre Ana --contract sans-prendre --tricks Ana=5,Bea=2,Cid=2 --matadors 3   (l'hombre)",
    "scorekeeper coup --pass                                                  (l'hombre: three passes)",
    'scorekeeper coup -r 10h --trick "7s 8s 9s 10s" --trick "Ks 7h Qs Js" ...   (all 8 tricks)',
)

RETOURNE = typer.Option(None, "--retourne", "-r", help="The dealer's last card, turned: it sets trump (10h, A♠, Dco).")
TRUMP = typer.Option(None, "--trump", "-t", help="The trump named (h, ♥, coeur, …), or sa for sans-atout.")
CHOOSER = typer.Option(None, "--chooser", help="Who named trump, when not the dealer (passe-parole to the partner).")
CONTRE = typer.Option(
    None, "--contre", "--frapper", "--coinche", help="The player who doubled (contre, frapper, coinche)."
)
SURCONTRE = typer.Option(None, "--surcontre", "--contre-frapper", help="The player who answered with a surcontre.")
TAKER = typer.Option(None, "--taker", help="Manille aux enchères: the player who took, with --bid.")
BID = typer.Option(None, "--bid", help="Manille aux enchères: the winning bid, in points.")
EXCHANGE = typer.Option(None, "--exchange", help="Manillen à 3: cards the dealer took blind from the chien (0-2).")
POINTS = typer.Option(
    [],
    "--points",
    help="PLAYER=N: the points (tricks included) PLAYER's side made; the other side has the rest. "
    "Each for himself: every player's, A=20,B=30,C=8 (one may be left out).",
)
RENONCE = typer.Option(None, "--renonce", help="PLAYER who renounced: the coup is cancelled, the other side scores.")
TRICK = typer.Option([], "--trick", help="One trick's cards in play order from its leader; repeat for each trick.")
TRICKS_FILE = typer.Option(None, "--tricks-file", help="A TOML file with tricks = [[...], ...] instead of --trick.")
LET_PASS = typer.Option(False, "--let-renonce-pass", help="The table lets a renonce found in the log pass.")
# L'hombre
PASS = typer.Option(False, "--pass", help="L'hombre: all three passed (H-7); the poule grows.")
HOMBRE = typer.Option(None, "--hombre", help="L'hombre: who played the contract.")
CONTRACT = typer.Option(None, "--contract", help="L'hombre: demande, retourne, sans-prendre or vole (H-6).")
TRICKS = typer.Option(None, "--tricks", help="L'hombre: tricks each made, A=5,B=2,C=2 (H-9).")
MATADORS = typer.Option(None, "--matadors", help="L'hombre: matadors the hombre held, faux ones included (H-15).")
VOLE_ENGAGEE = typer.Option(False, "--vole-engagee", help="L'hombre: he took the first five and played on (H-11).")
BIDS = typer.Option(
    None, "--bids", help='L\'hombre: the whole bidding, "demande, pass, sans-prendre, pass, pass" (H-7).'
)
HAND = typer.Option(None, "--hand", help="L'hombre: the hombre's hand, with --trump, to count his matadors (H-15).")
TRUMPS = typer.Option(None, "--trumps", help="L'hombre: the hombre's trumps, with --trump, to count his matadors.")
FORCED = typer.Option(False, "--espadille-forcee", help="L'hombre: the holder of the espadille was forced (H-8).")


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


def _counts(texts: list[str], option: str) -> dict[str, int] | None:
    """`César=40`, or `A=20,B=30`, as typed at the table: a number for each player named."""
    counts: dict[str, int] = {}
    for text in (part for given in texts for part in given.split(",") if part.strip()):
        who, sep, value = text.rpartition("=")
        try:
            number = int(value)
        except ValueError:
            number = None
        if not sep or not who.strip() or number is None:
            raise UserError(f"bad {option} {text!r}: write PLAYER=N, like César=40")
        if who.strip() in counts:
            raise UserError(f"{option} gives {who.strip()} twice: give each player once")
        counts[who.strip()] = number
    return counts or None


def _tricks(trick: list[str], tricks_file: str | None) -> list[list[str]] | None:
    """The trick log, from --trick (one per trick) or from a TOML file with `tricks = [[...], ...]`."""
    if tricks_file is None:
        return [text.replace(",", " ").split() for text in trick] or None
    if trick:
        raise UserError("give --trick or --tricks-file, not both")
    try:
        data = tomlfile.load(tricks_file)
    except (OSError, tomlfile.NotToml) as error:
        raise UserError(f"{tricks_file}: not a readable TOML file with `tricks = [...]` ({error})") from None
    if set(data) != {"tricks"}:
        raise UserError(f'{tricks_file}: a tricks file holds one key, tricks = [["7h", "8h", "9h", "10h"], ...]')
    return data["tricks"]


def declaration(said: dict[str, Any]) -> dict[str, Any]:
    """The coup as declared, from the command's options: nothing computed, only read."""
    said = dict(said)
    said["points"] = _counts(said.pop("points"), "--points")
    log = _tricks(said.pop("trick"), said.pop("tricks_file"))
    counts = _counts([said.pop("tricks")] if said.get("tricks") else [], "--tricks")
    if log is not None and counts is not None:
        raise UserError("--trick lists a manille trick's cards, --tricks counts tricks at l'hombre: not both")
    said["tricks"] = log if counts is None else counts
    said["pass"] = said.pop("passed")
    said["espadille_forcee"] = said.pop("forced")
    for flag in ("let_renonce_pass", "vole_engagee", "pass", "espadille_forcee"):
        said[flag] = said[flag] or None
    return {key: value for key, value in said.items() if value is not None}
