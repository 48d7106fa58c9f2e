"""Issue 28: a message with format specs is cut into its text and placeholders once, not at every fill,
and filled as `string.Formatter` fills it."""

from __future__ import annotations

import string

import pytest

from scorekeeper import i18n
from scorekeeper.explain import record


def test_a_message_is_parsed_once_however_often_it_is_filled(monkeypatch: pytest.MonkeyPatch) -> None:
    words = "{side:&} take {n:#points} from {players:and}"
    i18n._fill(words, False, {"side": ["A", "B"], "n": 3, "players": ["C", "D"]})
    parsed = []
    real = string.Formatter.parse

    def counted(self, format_string):  # type: ignore[no-untyped-def]
        parsed.append(format_string)
        return real(self, format_string)

    monkeypatch.setattr(string.Formatter, "parse", counted)
    for n in range(50):
        i18n._fill(words, False, {"side": ["A", "B"], "n": n, "players": ["C", "D"]})
    assert parsed.count(words) == 0


@pytest.mark.parametrize(
    ("words", "values"),
    [
        ("{side:&} take {n:#points}, {{braces}} kept", {"side": ["A", "B"], "n": 1}),
        ("{why} then {n:+} ({n!r})", {"why": record("step.edit", number=2), "n": 4}),
        ("{cards:or}.", {"cards": ["x", "y", "z"]}),
        ("{a.real}:{b:+}", {"a": 3, "b": 2}),  # more than a name: `string.Formatter`'s
    ],
)
def test_filled_as_string_formatter_fills_it(words: str, values: dict) -> None:
    expected = i18n._Words(False).format(words, **values)
    assert i18n._fill(words, False, values) == expected


def test_a_missing_value_is_the_same_error() -> None:
    with pytest.raises(KeyError):
        i18n._fill("{side:&} and {gone:+}", False, {"side": ["A"]})
