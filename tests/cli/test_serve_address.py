"""`serve --lan` prints an address a phone can reach (issue 41): the route's own address, never 0.0.0.0
nor a loopback or link-local one; with no network address at all, the machine's `NAME.local`."""

from __future__ import annotations

import socket

import pytest

from scorekeeper.cli import serve


def test_the_address_is_one_a_phone_reaches() -> None:
    address = serve._lan_address()
    assert address and serve._reachable(address) or address.endswith(".local")
    assert not address.startswith(("0.", "127."))


def test_with_no_route_and_only_loopback_the_machine_s_local_name(monkeypatch) -> None:
    class NoRoute:
        def __init__(self, *args) -> None: ...
        def __enter__(self):
            return self

        def __exit__(self, *args) -> None: ...
        def connect(self, *args) -> None:
            raise OSError("Network is unreachable")

    monkeypatch.setattr(socket, "socket", NoRoute)
    monkeypatch.setattr(socket, "gethostname", lambda: "comptoir.example")
    monkeypatch.setattr(socket, "getaddrinfo", lambda *args: [(0, 0, 0, "", ("127.0.1.1", 0))])
    assert serve._lan_address() == "comptoir.local"


@pytest.mark.parametrize(("address", "reached"), [("0.0.0.0", False), ("127.0.0.1", False), ("169.254.3.4", False),
                                                  ("192.168.1.20", True), ("10.0.0.7", True)])  # fmt: skip
def test_which_addresses_a_phone_reaches(address, reached) -> None:
    assert serve._reachable(address) is reached
