"""One game as declared, in memory and in its file form: what was said at the table, never a total.

A game file holds a format version, the ruleset (its name and a full resolved copy, so that a later
edit of a ruleset file never changes a past game), the options, the players in seating order, the
first dealer, every coup exactly as declared, and the undo/redo journal. Every figure is a replay.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from scorekeeper import clock, tomlfile
from scorekeeper.errors import UserError

if TYPE_CHECKING:
    from scorekeeper.explain import Record
    from scorekeeper.store.written import Written

FORMAT = 1
UNDO_DEPTH = 200  # steps kept in the journal; far more than a table ever undoes
# What a splice of the journal was, each worded `step.CHANGE` (and `step.CHANGE_dropped`).
CHANGES = ("delete", "insert", "edit", "fix")


class Ledger:
    """One game as declared. `coups` are plain tables; the game's engine reads and checks them.

    >>> game = Ledger("cafe", "house-rules", {}, ["César", "Panisse", "Escartefigue", "Brun"], "César")
    >>> game.add({"retourne": "10H", "points": {"César": 40}})
    >>> game.undo().event, len(game.coups)
    ('step.last_coup', 0)
    >>> game.redo().event, game.coups
    ('step.last_coup', [{'retourne': '10H', 'points': {'César': 40}}])
    """

    def __init__(
        self,
        name: str,
        ruleset_name: str,
        ruleset: dict[str, Any],
        players: list[str],
        dealer: str,
        options: dict[str, Any] | None = None,
        coups: list[dict[str, Any]] | None = None,
        undo_journal: list[dict[str, Any]] | None = None,
        redo_journal: list[dict[str, Any]] | None = None,
        created: datetime | None = None,
        lang: str | None = None,
        notes: list[dict[str, Any]] | None = None,
        stopped: dict[str, Any] | None = None,
        revanche_of: str | None = None,
    ) -> None:
        self.name = name
        self.ruleset_name = ruleset_name
        self.ruleset = ruleset
        self.players = players
        self.dealer = dealer
        self.options = {} if options is None else options
        self.coups = [] if coups is None else coups
        self.undo_journal = [] if undo_journal is None else undo_journal
        self.redo_journal = [] if redo_journal is None else redo_journal
        self.created = clock.created() if created is None else created
        self.lang = lang  # the language the game was created in, spoken unless a command is told another (C-2)
        self.notes = [] if notes is None else notes  # the game's own notes: {text, time}
        self.stopped = stopped  # a partie ended by agreement: {reason, time}
        self.revanche_of = revanche_of  # the game this one is the revanche of (`again`): a served page follows it
        # The file as the store read or last wrote it, where it can take the lines of the coups kept from it.
        self.written: Written | None = None
        # What a command worked out from the game as it writes it (the history's summary), by cache folder:
        # kept beside the bytes written, named by their hash (`cache.replace`), never in the file.
        self.derived: dict[str, Any] = {}

    def __repr__(self) -> str:
        return f"Ledger({self.name!r}, {self.ruleset_name!r}, players={self.players!r}, {len(self.coups)} coups)"

    # --- what the table says ---------------------------------------------------------------------

    def add(self, coup: dict[str, Any]) -> None:
        """Append a coup the engine accepted; the journal can take it back."""
        self.coups.append(coup)
        self._journal({"op": "add"})

    def edit(self, index: int, coup: dict[str, Any]) -> None:
        """Replace coup `index` (from 0), keeping what it was in the journal for an undo."""
        self._journal({"op": "edit", "index": index, "coup": self.coups[index]})
        self.coups[index] = coup

    def splice(
        self, index: int, count: int, coups: list[dict[str, Any]], change: str, number: int = 0, dropped: int = 0
    ) -> None:
        """Put `coups` in the place of the `count` entries from `index` (from 0), in one journal step that
        keeps the entries taken out: `delete`, `insert`, an edit with `--drop-after` and `fix` are each
        one undo. `change` (of CHANGES), `number` (the entry, from 1) and `dropped` (entries removed after
        a new end of the partie) say what it was, for undo's words (`_describe`).

        >>> game = Ledger("cafe", "house-rules", {}, ["A", "B", "C", "D"], "A")
        >>> game.coups = [{"retourne": "7S", "points": {"A": points}} for points in (40, 50, 60)]
        >>> game.splice(1, 2, [], "delete", 2, dropped=1)  # entry 2 deleted, entry 3 after the new end
        >>> game.undo_journal[-1]["coups"], game.undo().event, len(game.coups)
        ([{'retourne': '7S', 'points': {'A': 50}}, {'retourne': '7S', 'points': {'A': 60}}], 'step.delete_dropped', 3)
        """
        removed, coups = self.coups[index : index + count], list(coups)
        self.coups[index : index + count] = coups
        while removed and coups and removed[-1] == coups[-1]:  # the journal keeps only what changed
            removed, coups = removed[:-1], coups[:-1]
        while removed and coups and removed[0] == coups[0]:
            removed, coups, index = removed[1:], coups[1:], index + 1
        step = {"op": "splice", "index": index, "coups": removed, "count": len(coups), "change": change}
        self._journal(step | {"number": number, "dropped": dropped})

    def last_played(self) -> str:
        """When the last entry was said (its `time`, ISO text as written), else when the game was created:
        the latest as an instant (`clock`), a naive time of an older file being local time."""
        times = [coup["time"] for coup in self.coups if isinstance(coup.get("time"), str)]
        return clock.latest(times) or self.created.isoformat()

    def undo(self) -> Record:
        """Take back the last change (add, edit, delete, insert, fix); `redo` puts it back. Returns what was undone."""
        if not self.undo_journal:
            raise UserError("nothing_to_undo", name=self.name)
        return self._move(self.undo_journal, self.redo_journal)

    def redo(self) -> Record:
        """Put back what the last undo took; any new change forgets it. Returns what was redone."""
        if not self.redo_journal:
            raise UserError("nothing_to_redo", name=self.name)
        return self._move(self.redo_journal, self.undo_journal)

    def _move(self, source: list[dict[str, Any]], target: list[dict[str, Any]]) -> Record:
        """Apply the last step of one journal; the step that reverses it goes to the other."""
        step = source.pop()
        last = len(self.coups) + (step["op"] == "readd")  # the last coup's number, taken back or put back
        target.append(self._reverse(step))
        return _describe(step, last)

    def _journal(self, step: dict[str, Any]) -> None:
        self.undo_journal = [*self.undo_journal[-(UNDO_DEPTH - 1) :], step]
        self.redo_journal = []

    def _reverse(self, step: dict[str, Any]) -> dict[str, Any]:
        """Apply one journal step backwards or forwards; return the step that reverses it."""
        if step["op"] == "add":  # undo an add: the coup moves to the other journal
            if not self.coups:
                raise UserError("journal_undoes_nothing", name=self.name)
            coup = self.coups.pop()
            return {"op": "readd", "coup": coup}
        if step["op"] == "readd":  # redo an add
            self.coups.append(step["coup"])
            return {"op": "add"}
        index = step["index"]
        if step["op"] == "splice":  # undo or redo a splice: the entries it took out go back in
            if index + step["count"] > len(self.coups):
                raise UserError(
                    "journal_edits_nothing", name=self.name, number=index + step["count"], count=len(self.coups)
                )
            removed = self.coups[index : index + step["count"]]
            self.coups[index : index + step["count"]] = step["coups"]
            return {**step, "coups": removed, "count": len(step["coups"])}
        if index >= len(self.coups):
            raise UserError("journal_edits_nothing", name=self.name, number=index + 1, count=len(self.coups))
        before = self.coups[index]
        self.coups[index] = step["coup"]
        return {"op": "edit", "index": index, "coup": before}

    # --- file form -------------------------------------------------------------------------------

    def to_toml(self) -> dict[str, Any]:
        """The tables of the game file, format `FORMAT`: what `from_toml` reads back. `lang` comes before
        the coups, so that the file's head says it (`store.head`); files written before have it after them."""
        return (
            {
                "format": FORMAT,
                "name": self.name,
                "created": self.created,
                "players": self.players,
                "dealer": self.dealer,
                "ruleset_name": self.ruleset_name,
            }
            | ({} if self.lang is None else {"lang": self.lang})
            | ({} if self.revanche_of is None else {"revanche_of": self.revanche_of})
            | {
                "options": self.options,
                "ruleset": self.ruleset,
                "coups": self.coups,
                "journal": {"undo": self.undo_journal, "redo": self.redo_journal},
            }
            | ({"notes": self.notes} if self.notes else {})
            | ({} if self.stopped is None else {"stopped": self.stopped})
        )

    @classmethod
    def from_toml(cls, data: dict[str, Any], source: str) -> Ledger:
        """The game in a file's tables, checked: a damaged or hand-broken file is a UserError naming `source`."""

        def damaged(problem: str, **values: Any) -> UserError:
            return UserError("game_damaged", path=source, problem=damage(problem, **values))

        def need(key: str, kind: type, where: dict[str, Any] = data) -> Any:
            value = where.get(key)
            if not isinstance(value, kind):
                raise damaged("missing", key=key, kind=kind.__name__)  # the type's name: notation
            return value

        if data.get("format") != FORMAT:
            raise UserError("game_format", path=source, format=data.get("format"), expected=FORMAT)
        beyond = tomlfile.too_large({key: data.get(key) for key in ("options", "coups", "journal", "notes")})
        if beyond is not None:  # the ruleset's numbers are its loader's to bound (`rulesets.build`)
            raise damaged("too_large", key=beyond[0], most=tomlfile.MOST)
        players = need("players", list)
        if not players or not all(isinstance(p, str) for p in players):
            raise damaged("players")
        journal = data.get("journal", {})
        if not isinstance(journal, dict):
            raise damaged("journal")
        ledger = cls(
            name=need("name", str),
            ruleset_name=need("ruleset_name", str),
            ruleset=need("ruleset", dict),
            players=players,
            dealer=need("dealer", str),
            options=need("options", dict) if "options" in data else {},
            coups=need("coups", list) if "coups" in data else [],
            undo_journal=need("undo", list, journal) if "undo" in journal else [],
            redo_journal=need("redo", list, journal) if "redo" in journal else [],
            created=data["created"] if isinstance(data.get("created"), datetime) else datetime.fromtimestamp(0, UTC),
            lang=need("lang", str) if "lang" in data else None,  # optional: older files have none
            notes=need("notes", list) if "notes" in data else [],  # as `lang`
            stopped=need("stopped", dict) if "stopped" in data else None,
            revanche_of=need("revanche_of", str) if "revanche_of" in data else None,  # as `lang`
        )
        if not all(isinstance(coup, dict) for coup in (*ledger.coups, *ledger.notes)):
            raise damaged("coups")
        if not (
            # the coups' time and note, where said, are text: a plain walk, as every command reads every coup
            all(type(coup.get("time", "")) is str and type(coup.get("note", "")) is str for coup in ledger.coups)
            and all(_texts(note, "text", "time") for note in ledger.notes)
            and (ledger.stopped is None or _texts(ledger.stopped, "reason", "time"))
        ):
            raise damaged("aside")
        if ledger.dealer not in ledger.players:
            raise damaged("dealer", dealer=ledger.dealer)
        for step in (*ledger.undo_journal, *ledger.redo_journal):
            if not _valid_step(step, len(ledger.coups)):
                raise damaged("step", step=step)
        return ledger


def _texts(table: dict[str, Any], *keys: str, needed: bool = True) -> bool:
    """Whether the time and words kept beside what was said (`keys`) are text: the sheet shows them as such."""
    return all(isinstance(table[key], str) if key in table else not needed for key in keys)


def _valid_step(step: Any, count: int) -> bool:
    if not isinstance(step, dict):
        return False
    if step.get("op") == "add":
        return True
    if step.get("op") == "readd":
        return isinstance(step.get("coup"), dict)
    index = step.get("index")
    if step.get("op") == "splice":
        coups, numbers = step.get("coups"), (index, step.get("count"), step.get("number"), step.get("dropped"))
        return (
            step.get("change") in CHANGES
            and all(isinstance(value, int) and not isinstance(value, bool) and value >= 0 for value in numbers)
            and isinstance(coups, list)
            and all(isinstance(coup, dict) for coup in coups)
        )
    return step.get("op") == "edit" and isinstance(index, int) and isinstance(step.get("coup"), dict) and index >= 0


def damage(problem: str, **values: Any) -> Record:
    """What is wrong with a damaged game file, a record of the catalogs (`damage.PROBLEM`)."""
    from scorekeeper.explain import record  # only a damaged file needs it: `--help` starts without it

    return record(f"damage.{problem}", **values)


def _describe(step: dict[str, Any], last: int) -> Record:
    """What an undo or redo took back or put back, in words of the catalogs; `last`: the number of the
    last coup, when the step took it back or put it back."""
    from scorekeeper.explain import record  # as in `damage`

    if step["op"] == "splice":
        dropped = "_dropped" if step["dropped"] else ""
        return record(f"step.{step['change']}{dropped}", number=step["number"], dropped=step["dropped"])
    return (
        record("step.edit", number=step["index"] + 1) if step["op"] == "edit" else record("step.last_coup", number=last)
    )
