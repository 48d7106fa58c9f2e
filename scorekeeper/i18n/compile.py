"""The catalogs' sources are gettext `.po` files, one folder a language (`i18n/en/*.po`); each folder
compiles into one `.mo` (`i18n/locale/LANG/LC_MESSAGES/scorekeeper.mo`) that Python's gettext reads.

Run `python -m scorekeeper.i18n.compile` after editing a `.po` file; a test fails while a compiled
catalog differs from its sources. Only what the catalogs use of the format is read: comments,
`msgid`, `msgid_plural`, `msgstr`, `msgstr[N]` and continued strings.
"""

from __future__ import annotations

import ast
import struct
import sys
from pathlib import Path

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


def catalog(lang: str) -> dict[str, str]:
    """Every `.po` of a language's folder as one catalog; the header (msgid "") from the first that has one."""
    merged: dict[str, str] = {}
    for path in sorted((HERE / lang).glob("*.po")):
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


def mo_path(lang: str) -> Path:
    return HERE / "locale" / lang / "LC_MESSAGES" / "scorekeeper.mo"


def languages() -> list[str]:
    return sorted(path.name for path in HERE.iterdir() if path.is_dir() and any(path.glob("*.po")))


def main() -> None:
    for lang in languages():
        path = mo_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(mo_bytes(catalog(lang)))
        print(f"{path.relative_to(HERE.parent.parent)}: {len(catalog(lang)) - 1} messages", file=sys.stderr)


if __name__ == "__main__":
    main()
