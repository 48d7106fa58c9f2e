"""The commands of the table: `new`, `coup`, `edit`, `undo`, `redo`, `games`, `demo`."""

from __future__ import annotations

from typing import Any

import typer

from scorekeeper import ledger, rulesets, service, tomlfile
from scorekeeper.cli.output import ASCII, EXPLAIN, GAME, JSON, console, examples, print_json
from scorekeeper.cli.render import print_coup, print_fiche, short_status, status
from scorekeeper.errors import UserError

NEW_EXAMPLE = examples(
    "scorekeeper new manille-muette --player César --player Panisse --player Escartefigue --player Brun",
    "scorekeeper new manille-muette -p A -p B -p C -p D --game cafe --dealer B --option partie=seche",
)
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


def register(app: typer.Typer) -> None:
    app.command(epilog=NEW_EXAMPLE)(new)
    app.command(epilog=COUP_EXAMPLE)(coup)
    app.command(epilog=examples("scorekeeper edit 2 --points Panisse=50"))(edit)
    app.command(epilog=examples("scorekeeper undo   (then `scorekeeper redo` puts it back)"))(undo)
    app.command(epilog=examples("scorekeeper redo"))(redo)
    app.command(epilog=examples("scorekeeper games --json"))(games)
    app.command(epilog=examples("scorekeeper demo --explain"))(demo)
    app.command(epilog=examples("scorekeeper settle", "scorekeeper settle --early --json"))(settle)


def new(
    ruleset: str = typer.Argument(..., help="A shipped ruleset (`scorekeeper rules list`) or a path to a TOML file."),
    player: list[str] = typer.Option(..., "--player", "-p", help="A player, in seating order; repeat for each."),
    game_name: str = typer.Option(None, "--game", "-g", help="Name of the new game. Default: RULESET-N."),
    dealer: str = typer.Option(None, "--dealer", help="Who deals first. Default: the first player listed."),
    option: list[str] = typer.Option(
        [], "--option", "-o", help="KEY=VALUE: a house rule for this game, like partie=seche."
    ),
) -> None:
    """Start a game; it becomes the current one."""
    options = dict(rulesets.parse_option(text) for text in option)
    created = service.new(ruleset, player, dealer=dealer, options=options, name=game_name)
    fiche = service.fiche(created)
    out = console()
    out.print(f"new game {created.name}: {service.ruleset_of(created).title}, {', '.join(created.players)}", markup=False)
    out.print(status(fiche), markup=False)


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


def _declaration(said: dict[str, Any]) -> dict[str, Any]:
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


def coup(
    game_name: str = GAME,
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
    ascii: bool = ASCII,
) -> None:
    """Enter the next coup: how trump was set and the calls, then the points, a renonce, or the trick log."""
    said = {key: value for key, value in locals().items() if key not in ("game_name", "ascii")}
    name = ledger.pick(game_name)
    fiche = service.add(name, _declaration(said))
    print_coup(fiche.coups[-1], fiche, ascii)


def edit(
    number: int = typer.Argument(..., help="The coup to replace, from 1 (see `scorekeeper sheet`)."),
    game_name: str = GAME,
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
    ascii: bool = ASCII,
) -> None:
    """Replace what was said for coup N (what you do not give stays); every later figure is recomputed."""
    said = {key: value for key, value in locals().items() if key not in ("number", "game_name", "ascii")}
    changes = _declaration(said)
    if not changes:
        raise UserError("nothing to change: give what was said differently, like --points or --trump")
    name = ledger.pick(game_name)
    fiche = service.edit(name, number, changes)
    console().print(f"coup {number} replaced", markup=False)
    print_coup(fiche.coups[number - 1], fiche, ascii)


def undo(game_name: str = GAME) -> None:
    """Take back the last coup or edit. `redo` puts it back."""
    what, fiche = service.undo(ledger.pick(game_name))
    console().print(f"undone: {what}. {status(fiche)}", markup=False)


def redo(game_name: str = GAME) -> None:
    """Put back what `undo` took."""
    what, fiche = service.redo(ledger.pick(game_name))
    console().print(f"redone: {what}. {status(fiche)}", markup=False)


def games(json: bool = JSON) -> None:
    """List the games, with the current one marked."""
    current = ledger.current_name()
    rows = []
    for name in ledger.all_names():
        try:
            the_game = ledger.read(name)
            fiche = service.fiche(the_game)
            state = short_status(fiche)
            row = {
                "name": name,
                "ruleset": the_game.ruleset_name,
                "players": the_game.players,
                "coups": len(the_game.coups),
            }
        except UserError as error:
            state, row = f"unreadable: {error}", {"name": name, "ruleset": None, "players": [], "coups": None}
        rows.append({**row, "current": name == current, "state": state})
    if json:
        print_json(rows)
        return
    if not rows:
        console().print("no games yet: start one with `scorekeeper new RULESET --player ...`", markup=False)
        return
    from rich.table import Table
    from rich.text import Text

    table = Table()
    for column in ("", "game", "ruleset", "players", "coups", "state"):
        table.add_column(column)
    for row in rows:
        coups = "" if row["coups"] is None else str(row["coups"])
        cells = ("*" if row["current"] else "", row["name"], row["ruleset"] or "", ", ".join(row["players"]))
        table.add_row(*map(Text, (*cells, coups, row["state"])))  # names from game files are text, not markup
    console().print(table)


def demo(
    json: bool = JSON,
    explain: bool = EXPLAIN,
    ascii: bool = ASCII,
) -> None:
    """Play Marius's partie (César & Escartefigue against Panisse & Brun) and print its fiche. Writes nothing."""
    from scorekeeper import demo as script

    fiche = service.preview(script.RULESET, script.PLAYERS, script.COUPS)
    if json:
        print_json({"name": "demo", **fiche.as_dict()})
        return
    print_fiche(fiche, f"demo · {fiche.ruleset.title} at the Bar de la Marine", ascii, explain)


def settle(
    game_name: str = GAME,
    early: bool = typer.Option(False, "--early", help="Settle before the end: the table stops here (H-19)."),
    json: bool = JSON,
) -> None:
    """L'hombre: the end of the partie (H-19): the bêtes left split, each result, who pays whom in fiches."""
    from scorekeeper.cli.render_hombre import print_settlement

    name = ledger.pick(game_name)
    settlement, fiche = service.settle(name, early)
    if json:
        print_json({"name": name, **settlement.as_dict()})
        return
    print_settlement(settlement, fiche)
