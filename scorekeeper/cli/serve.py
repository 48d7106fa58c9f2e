"""`scorekeeper serve`: the fiche live on every screen at the table, and with `--entry` a keeper's phone enters coups.

The first line is the page's address with its token, the second (with `--entry`) the entry page's with its
own, then a QR code of the first. With `--concours NAME` the first is the board's (`/concours`), and each
table's pages open at the addresses its card carries (`concours.links`: tokens from the table's secret).
The web stack (`scorekeeper.web`: Starlette, uvicorn, Jinja2, segno) is
imported here, inside the command: no other command pays for it at start-up.
"""

from __future__ import annotations

import contextlib
import socket
import sys
from typing import Any

import typer

from scorekeeper import tomlfile
from scorekeeper.cli.current import pick
from scorekeeper.cli.options import GAME, examples_of
from scorekeeper.cli.terminal import out
from scorekeeper.errors import UserError
from scorekeeper.i18n import text

app = typer.Typer(add_completion=False, rich_markup_mode=None)

PORT = 8733  # the default port: free on most machines, above the privileged range


@app.command(help=text("help.serve"), epilog=examples_of("serve"))
def serve(
    game_name: str = GAME,
    port: int = typer.Option(
        PORT, "--port", metavar="N", show_default=False, help=text("help.serve.port")
    ),  # its help says the default
    entry: bool = typer.Option(False, "--entry", help=text("help.serve.entry")),
    lan: bool = typer.Option(False, "--lan", help=text("help.serve.lan")),
    concours: str = typer.Option(
        None, "--concours", "-c", metavar=text("metavar.name"), help=text("help.serve.concours")
    ),
    new_tokens: bool = typer.Option(False, "--new-tokens", help=text("help.serve.new_tokens")),
) -> None:
    if not 0 <= port <= 65535:
        raise UserError("serve_port", port=port, reason=text("serve.port_range"))
    if concours is not None and game_name is not None:
        raise UserError("serve_game_and_concours")
    if concours is not None:
        from scorekeeper.service import concours as organiser

        name = organiser.chosen(concours)
    else:
        name = pick(game_name)
    host = "0.0.0.0" if lan else "127.0.0.1"
    listening = _bind(host, port)
    port = listening.getsockname()[1]
    shown = _lan_address() if lan else host

    import uvicorn

    from scorekeeper.web.app import build, build_concours
    from scorekeeper.web.guard import Tokens

    if concours is not None:  # the tables' entry pages open with their own tokens, from their cards
        tokens = Tokens.kept(f"concours {name}", entry=False, new=new_tokens)
        address = f"http://{shown}:{port}/concours?token={tokens.view}"
        application = build_concours(name, tokens, entry)
        say = [
            address,
            text("serve.tables_entry" if entry else "serve.tables"),
            *_tables(name, f"http://{shown}:{port}", entry),
        ]
    else:
        tokens = Tokens.kept(f"game {name}", entry, new=new_tokens)
        address = f"http://{shown}:{port}/?token={tokens.view}"
        application = build(name, tokens)
        say = [address]
        if tokens.entry is not None:
            say.append(text("serve.entry", address=f"http://{shown}:{port}/entry?token={tokens.entry}"))
    out.lines(say, flush=True)
    _qr(address)
    if concours is None and tokens.entry is not None:  # the scorer's phone scans its own (issue 41)
        out.line(text("serve.entry_qr"), flush=True)
        _qr(f"http://{shown}:{port}/entry?token={tokens.entry}")
    out.line(text("serve.lan" if lan else "serve.local", name=name), flush=True)
    # No access log: every request's address holds a token. Warnings and errors only, on stderr, each in one
    # line and at most one a second: never a flood of tracebacks (issue 41).
    import logging

    quiet = _OneLine()
    for name in ("uvicorn.error", "asyncio"):  # asyncio's: a socket refused at the file limit
        logging.getLogger(name).addFilter(quiet)
    from scorekeeper.web.connections import BACKLOG, Punctual, Server, make_room

    Punctual.room = make_room()  # idle sockets closed in time, the longest silent one for a newcomer
    config = uvicorn.Config(
        application,
        http=Punctual,
        backlog=BACKLOG,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=1,
        lifespan="on",
    )
    server = Server(config)
    try:
        server.run(sockets=[listening])
    except KeyboardInterrupt:
        pass


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before anything is printed, so that the address printed is the port bound
    (`--port 0` picks a free one) and a port in use is one line, not a traceback."""
    listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind((host, port))
    except OSError as error:
        listening.close()
        raise UserError("serve_port", port=port, reason=tomlfile.system_reason(error)) from None
    listening.listen(128)
    listening.set_inheritable(True)
    return listening


class _OneLine:
    """The server's log as a café's laptop shows it (issue 41): what a closing page or Ctrl-C leaves behind
    (a stream cancelled, a form dropped mid-send, the tasks cancelled at the end) is no error and says
    nothing; any other error is one line, its exception's name and words, and at most one a second."""

    QUIET = ("CancelledError", "ClientDisconnect")

    def __init__(self) -> None:
        self.last = 0.0

    def filter(self, record: Any) -> bool:
        import time

        if record.exc_info and record.exc_info[0] is not None:
            kind = record.exc_info[0].__name__
            if kind in self.QUIET:
                return False
            record.msg, record.args = f"{record.getMessage().splitlines()[0]}: {kind}: {record.exc_info[1]}", ()
            record.exc_info, record.exc_text = None, None
        elif "graceful shutdown" in str(record.msg):  # Ctrl-C with pages open: they are closed, nothing more
            return False
        now = time.monotonic()
        if now - self.last < 1:
            return False
        self.last = now
        return True


def _tables(name: str, base: str, entry: bool) -> list[str]:
    """The current round's tables and their addresses (issue 41), each as its card carries it."""
    from scorekeeper.concours.links import table_url
    from scorekeeper.service import concours as organiser

    drawn = organiser.read(name).current
    lines = []
    for table in drawn.tables if drawn is not None else ():
        view = table_url(base, drawn.number, table.number, table.secret)
        entered = table_url(base, drawn.number, table.number, table.secret, entry=True) if entry else None
        lines.append(text("serve.table_address", table=table.number, view=view, entry=entered or "").rstrip())
    return lines


def _lan_address() -> str:
    """The address phones on the local network use (issue 41: never 0.0.0.0 nor a loopback one): the one this
    machine's route out leaves from (a UDP socket connected to a documentation address: no packet is
    sent), else its name's own address, else its name as the local network's multicast DNS says it
    (`NAME.local`, which phones resolve)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): a route is chosen, nothing leaves
        address = str(probe.getsockname()[0])
        if _reachable(address):
            return address
    with contextlib.suppress(OSError):
        for *_, (address, _) in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM):
            if _reachable(str(address)):
                return str(address)
    return f"{socket.gethostname().split('.')[0]}.local"


def _reachable(address: str) -> bool:
    """Whether a phone could reach `address`: neither any address (0.0.0.0), nor loopback, nor link-local."""
    return not address.startswith(("0.", "127.", "169.254."))


def _qr(address: str) -> None:
    """The address as a QR code for a phone's camera, in the terminal (half blocks); where the terminal's
    encoding has no blocks, in ASCII."""
    import segno

    code = segno.make(address, error="l")
    encoding = (getattr(sys.stdout, "encoding", None) or "ascii").lower()
    try:
        "█▀▄".encode(encoding)
        compact = True
    except (LookupError, UnicodeEncodeError):
        compact = False
    code.terminal(out=sys.stdout, compact=compact, border=2)
    sys.stdout.flush()
