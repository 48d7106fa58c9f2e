"""The catalogs' sources are gettext `.po` files, one folder a language (`i18n/en/*.po`); each folder
compiles into one `.mo` (`i18n/locale/LANG/LC_MESSAGES/scorekeeper.mo`) that Python's gettext reads.
Each built-in game's catalogs live in its folder (`games/GAME/i18n/LANG/*.po`) and are compiled into
the main `.mo`: one file to load at every start, where three cost 1 ms more (measured: 7.3 ms against
6.2 ms the first lookup). A game from outside the package brings its folder compiled into its own `.mo`
(`FOLDER/locale/LANG/LC_MESSAGES/scorekeeper.mo`, looked up after the main one: `i18n.bring`).

The words files are compiled alongside: `i18n/LANG/words.toml` into `i18n/locale/LANG/words.marshal`,
and each game's `games/GAME/words/LANG.toml` into `games/GAME/words/locale/LANG/words.marshal`
(`scorekeeper.language`).

Run `python -m scorekeeper.i18n.compile` after editing a `.po` or a words file; a test fails while a
compiled form differs from its sources. A game from outside is compiled by naming its folder:
`python -m scorekeeper.i18n.compile path/to/mygame` (its `i18n/LANG/*.po` and `words/LANG.toml`).
Only what the catalogs use of the format is read: comments, `msgid`, `msgid_plural`, `msgstr`,
`msgstr[N]` and continued strings.
"""

from __future__ import annotations

import ast
import marshal
import struct
import sys
from pathlib import Path
from typing import Any

from scorekeeper import language

HERE = Path(__file__).resolve().parent


class PoError(Exception):
    """A `.po` file that cannot be read; the message names the file and the line."""


def parse(path: Path) -> dict[str, str]:
    """Every entry of a `.po` file: msgid -> msgstr; a plural entry as `id\\0plural` -> `form0\\0form1...`."""
    entries: dict[str, str] = {}
    entry: dict[str, list[str]] = {}
    field = ""

    def close(line: int) -> None:
        if not entry:
            return
        key = "".join(entry.get("msgid", []))
        if "msgid_plural" in entry:
            key += "\0" + "".join(entry["msgid_plural"])
            forms = sorted(k for k in entry if k.startswith("msgstr["))
            value = "\0".join("".join(entry[k]) for k in forms)
        else:
            value = "".join(entry.get("msgstr", []))
        if key in entries:
            raise PoError(f"{path}:{line}: {key.split(chr(0))[0]!r} is given twice")
        entries[key] = value
        entry.clear()

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if not field:
                raise PoError(f"{path}:{number}: a string continues nothing")
            entry[field].append(ast.literal_eval(line))
            continue
        word, _, rest = line.partition(" ")
        if word == "msgid":
            close(number)
        if word not in ("msgid", "msgid_plural", "msgstr") and not word.startswith("msgstr["):
            raise PoError(f"{path}:{number}: {word!r} is not read here")
        field = word
        entry[field] = [ast.literal_eval(rest.strip())]
    close(-1)
    return entries


def catalog(lang: str, folder: Path = HERE) -> dict[str, str]:
    """Every `.po` of a language's folder as one catalog; the header (msgid "") from the first that has one."""
    merged: dict[str, str] = {}
    for path in sorted((folder / lang).glob("*.po")):
        for key, value in parse(path).items():
            if key in merged and key:
                raise PoError(f"{path}: {key.split(chr(0))[0]!r} is in another file of {lang} too")
            if key or key not in merged:
                merged[key] = value
    return merged


def mo_bytes(entries: dict[str, str]) -> bytes:
    """The GNU `.mo` form of a catalog: keys sorted, no hash table (Python's gettext needs none)."""
    keys = sorted(entries)
    ids = [key.encode() for key in keys]
    strs = [entries[key].encode() for key in keys]
    start = 7 * 4 + 16 * len(keys)
    offsets = []
    for data in ids:
        offsets.append((len(data), start))
        start += len(data) + 1
    for data in strs:
        offsets.append((len(data), start))
        start += len(data) + 1
    head = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
    table = b"".join(struct.pack("ii", length, offset) for length, offset in offsets)
    return head + table + b"".join(data + b"\0" for data in [*ids, *strs])


def mo_path(lang: str, folder: Path = HERE) -> Path:
    return folder / "locale" / lang / "LC_MESSAGES" / "scorekeeper.mo"


def languages(folder: Path = HERE) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.is_dir() and any(path.glob("*.po")))


def catalog_folders() -> list[Path]:
    """The folders of catalogs the main `.mo` holds: the main one and each built-in game's."""
    return [HERE, *sorted(path for path in language.GAMES.glob("*/i18n") if path.is_dir())]


def built(lang: str) -> dict[str, str]:
    """What the main `.mo` of `lang` holds: the main catalog and each built-in game's, the main header."""
    merged: dict[str, str] = {}
    for folder in catalog_folders():
        for key, value in catalog(lang, folder).items():
            if key in merged and key:
                raise PoError(f"{folder}: {key.split(chr(0))[0]!r} is in another catalog of {lang} too")
            if key not in merged:
                merged[key] = value
    return merged


def words_sources() -> list[tuple[Path, str, Path]]:
    """Each words file to compile: the folder its compiled form goes under, its language, its source."""
    found = [(HERE, path.parent.name, path) for path in sorted(HERE.glob(f"*/{language.WORDS}"))]
    for folder in sorted(language.GAMES.glob("*/words")):
        found += [(folder, path.stem, path) for path in sorted(folder.glob("*.toml"))]
    return found


def compiled_words(source: Path) -> Any:
    """A words file as its compiled form holds it (`marshal.loads` of it equals this): its `[dates]`
    filled from Babel (`dates`)."""
    words = language.read_toml(source)
    if "locale" in words.get("dates", {}):
        words["dates"] = dates(words["dates"])
    return words


def dates(said: dict[str, Any]) -> dict[str, Any]:
    """A language's `[dates]` with what `clock.written` needs of Babel's locale `locale` (and of
    `times` for the time of day, where the language's typography is a neighbour's): the date, the
    time to the minute and to the second, how date and time join, the months' names. Babel is
    imported here, when the catalogs are compiled, and never by a command: its import costs about
    40 ms, half the start-up floor, and `sheet` writes a date at every call."""
    from babel import Locale

    place = Locale.parse(said["locale"])
    clock = Locale.parse(said.get("times", said["locale"]))
    return {
        **said,
        "date": place.date_formats["medium"].pattern,
        "time": clock.time_formats["short"].pattern,
        "seconds": clock.time_formats["medium"].pattern,
        "datetime": place.datetime_formats["medium"],
        "day_month": place.datetime_skeletons["MMMd"].pattern,  # this year's date, its year left unsaid
        "datetime_short": place.datetime_formats["short"],
        "months": [place.months["format"]["abbreviated"][month] for month in range(1, 13)],
        "months_wide": [place.months["format"]["wide"][month] for month in range(1, 13)],
        "periods": [place.day_periods["format"]["abbreviated"][period] for period in ("am", "pm")],
    }


def outside(folder: Path) -> None:
    """Compile a game from outside the package (issue 42): its catalogs `FOLDER/i18n/LANG/*.po` into
    `FOLDER/i18n/locale/`, and its words `FOLDER/words/LANG.toml` beside them, as the built-in games' are."""
    catalogs, words = folder / "i18n", folder / "words"
    if not catalogs.is_dir() and not words.is_dir():
        raise SystemExit(f"{folder}: no i18n/ nor words/ folder: not a game's folder")
    for lang in languages(catalogs) if catalogs.is_dir() else ():
        path = mo_path(lang, catalogs)
        path.parent.mkdir(parents=True, exist_ok=True)
        entries = catalog(lang, catalogs)
        path.write_bytes(mo_bytes(entries))
        print(f"{path}: {len(entries) - 1} messages", file=sys.stderr)
    for source in sorted(words.glob("*.toml")) if words.is_dir() else ():
        path = language.compiled_path(words, source.stem)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(marshal.dumps(compiled_words(source)))
        print(f"{path}: the words of {source}", file=sys.stderr)


def main() -> None:
    if len(sys.argv) > 1:  # `python -m scorekeeper.i18n.compile FOLDER...`: games from outside
        for given in sys.argv[1:]:
            outside(Path(given))
        return
    root = HERE.parent.parent
    for lang in languages():
        path = mo_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        entries = built(lang)
        path.write_bytes(mo_bytes(entries))
        print(f"{path.relative_to(root)}: {len(entries) - 1} messages", file=sys.stderr)
    for folder, lang, source in words_sources():
        path = language.compiled_path(folder, lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(marshal.dumps(compiled_words(source)))
        print(f"{path.relative_to(root)}: the words of {source.relative_to(root)}", file=sys.stderr)
    for source in data_sources():
        path = source.with_suffix(".marshal")
        path.write_bytes(marshal.dumps(language.read_toml(source)))
        print(f"{path.relative_to(root)}: {source.relative_to(root)}", file=sys.stderr)


def data_sources() -> list[Path]:
    """A game's data files read at every start, compiled beside them as the words are (`NAME.marshal`): the
    manille systems' words for their calls, which every manille ruleset's keys name (`manille.rules`)."""
    return [HERE.parent / "games" / "manille" / "calls.toml"]


if __name__ == "__main__":
    main()
