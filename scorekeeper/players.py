"""Names as people write them (C-4), players at the table: matched as typed, a seating checked (C-3)."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Sequence

from scorekeeper.errors import UserError

MOST = 64  # characters in a name (C-4)

# Bidirectional format characters (C-4): they reorder what follows them on screen, so `Cid` and U+202E
# make a sheet show a score of 20 as 02. Refused in a new name; a stored one is shown escaped (`cli.terminal`).
# Unicode's Bidi_Control characters, every one (issue 43: the Arabic letter mark U+061C among them).
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# The letters of other scripts that read as Latin ones (C-4), from Unicode's confusables (UTS #39), kept to
# those that matter at a card table: Cyrillic and Greek look-alikes, capitals and small letters apart (a
# capital Greek N is N, a small one is v). A name's skeleton reads them as the Latin letters they show.
LOOKALIKES = str.maketrans(
    "АВЕЅІЈКМНОРСТХУҮԚԜӀ"
    "аеѕіјорсхуүԁԛԝһӏ"  # Cyrillic
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ"
    "αγικνορυχϲϳ",  # Greek
    "ABESIJKMHOPCTXYYQWIaesijopcxyydqwhlABEZHIKMNOPTYXayikvopuxcj",
)


def fold_name(name: str) -> str:
    """Names compare without case, accents or invisible characters (C-4), so `cesar` finds César on a
    phone keyboard, and a zero-width space makes no second player; spaces inside count as one.

    >>> fold_name("  Café\u200b du   Port "), fold_name("A\u200b") == fold_name("a")
    ('cafe du port', True)
    """
    text = unicodedata.normalize("NFKD", name.casefold())
    kept = "".join(c for c in text if not unicodedata.combining(c) and unicodedata.category(c) != "Cf")
    return " ".join(kept.split())


def skeleton(name: str) -> str:
    """What a name reads as (C-4): folded, its Cyrillic and Greek look-alikes read as the Latin letters
    they show. Two names with one skeleton are one name: the second is taken.

    >>> skeleton("\u0421\u00e9sar") == skeleton("César"), skeleton("Ναυ")
    (True, 'nau')
    """
    return fold_name(unicodedata.normalize("NFD", name).translate(LOOKALIKES))


def check_name(name: str, reserved: Collection[str] = ()) -> str:
    """A name a person gave (a player, a game), checked (C-4): printable, 64 characters at most, no
    bidirectional format character, not empty once folded, not a word of `reserved` (which the command
    line reads as something else). Returns it as typed, its outer spaces stripped.

    >>> check_name(" Café du Port ")
    'Café du Port'
    """
    name = name.strip(" ")  # a line break or a tab at an end is refused below, not dropped unseen
    if not fold_name(name):
        raise UserError("empty_name", "C-4")
    if len(name) > MOST:
        raise UserError("name_too_long", "C-4", name=name, most=MOST)
    if any(char in BIDI for char in name):
        raise UserError("name_bidi", "C-4", name=name)
    if not name.isprintable() and any(unicodedata.category(c) != "Cf" for c in name if not c.isprintable()):
        raise UserError("name_unprintable", "C-4", name=name)
    if fold_name(name) in reserved:
        raise UserError("name_reserved", "C-4", name=name)
    return name


SHORTEST_START = 3  # letters of the start of a name that finds its player: « esc », « bea » (issue 39)


def find_player(players: Sequence[str], text: str) -> str:
    """The player named `text` (case and accents ignored), else the one player whose name starts with it
    (three letters or more: `--points esc=40`, `--renonce bea`; issue 39), or a UserError listing the
    players. A name in full always wins over a start (Bea beside Béatrice); a start that fits two players
    is refused naming both, never a guess; a mort's seat (`César's mort`) is found in full only.

    >>> find_player(["César", "Escartefigue", "Bea", "Béatrice"], "esc"), find_player(["Bea", "Béatrice"], "bea")
    ('Escartefigue', 'Bea')
    """
    if text in players:  # as the ledger stores it
        return text
    wanted = fold_name(text)
    for player in players:
        if fold_name(player) == wanted:
            return player
    if len(wanted) >= SHORTEST_START:
        found = [p for p in players if fold_name(p).startswith(wanted) and not fold_name(p).endswith("'s mort")]
        if len(found) > 1:
            raise UserError("line_name_prefix_ambiguous", word=text, players=tuple(found))
        if found:
            return found[0]
    raise UserError("unknown_player", name=text, players=tuple(players))


def trick_names(trick: int, played: Sequence[tuple[str | None, str]]) -> tuple[str, ...] | None:
    """The names typed before a trick's cards (`B:AS C:KS ...`, M-3), all or none: a trick that names
    the players of some cards and not of others is refused, naming the first card without one.

    >>> trick_names(1, [("B", "AS"), ("C", "KS")]), trick_names(2, [(None, "AS"), (None, "KS")])
    (('B', 'C'), None)
    """
    if all(name is None for name, _ in played):
        return None
    unnamed = next((card for name, card in played if name is None), None)
    if unnamed is not None:
        raise UserError("trick_names_mixed", "M-3", trick=trick, card=unnamed)
    return tuple(name for name, _ in played if name is not None)


def check_players(players: Sequence[str], count: int) -> None:
    """The seating a ruleset needs (C-3): the right count, names told apart (C-4). Names a new game is
    given pass `check_name` first; a game file's are shown as they are, escaped."""
    if len(players) != count:
        raise UserError("player_count", count=count, given=len(players))
    if any(not fold_name(player) for player in players):
        raise UserError("empty_name", "C-4")
    for player in players:
        if any(mark in player for mark in "=,:\n") or fold_name(player).endswith("'s mort"):
            raise UserError("misread_name", name=player)
    folded = [fold_name(player) for player in players]
    if len(set(folded)) != len(folded):
        raise UserError("same_names", players=tuple(players))
    read: dict[str, str] = {}
    for player in players:  # told apart when folded, yet read as one (Cyrillic С beside Latin C)
        taken = read.setdefault(skeleton(player), player)
        if taken != player:
            raise UserError("name_lookalike", "C-4", name=player, taken=taken)
