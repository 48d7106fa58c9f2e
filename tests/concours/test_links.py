"""A concours table's address and tokens come from its stored secret alone (issue 33): a card printed
before `serve` starts opens the right table, and no other."""

from __future__ import annotations

import pytest

from scorekeeper.concours.links import parse_table_id, table_token, table_url


def test_a_tables_tokens_are_the_same_from_the_same_secret_and_differ_by_purpose_and_table():
    assert table_token("a-secret", entry=False) == table_token("a-secret", entry=False)
    tokens = {table_token(secret, entry) for secret in ("a-secret", "b-secret") for entry in (False, True)}
    assert len(tokens) == 4 and "a-secret" not in "".join(tokens)  # the secret itself is never on a card


def test_a_tables_address_is_the_server_its_path_and_its_token():
    url = table_url("http://192.168.1.20:8733/", 3, 12, "s")
    assert url == f"http://192.168.1.20:8733/table/3-12?token={table_token('s', entry=False)}"
    assert table_url("http://h:1", 3, 12, "s", entry=True).startswith("http://h:1/table/3-12/entry?token=")


@pytest.mark.parametrize("said", ["0-1", "1-0", "01-2", "1-2-3", "1", "a-b", "1-2 ", "9999-1", ""])
def test_only_a_round_and_a_table_name_a_table(said: str):
    assert parse_table_id(said) is None
    assert parse_table_id("2-7") == (2, 7)
