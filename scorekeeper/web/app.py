"""The routes of `scorekeeper serve`, one Starlette application for one game, or for one concours.

    GET  /                 the fiche, live (view or entry token)
    GET  /events           the fiche's server-sent events (view or entry token)
    GET  /sheet.json       the game as `sheet --json` prints it (view or entry token)
    GET  /entry            the entry page: the fiche and a short-line box (entry token)
    POST /entry/coup       a coup in the short line, or the answer to its question (entry token, form key)
    POST /entry/undo       the last entry taken back (entry token, form key)
    POST /entry/note       a note on an entry or on the game (entry token, form key)
    GET  /static/NAME      the page's style sheet and script (no token: they hold no game)

With `--concours NAME` the same pages serve each table under `/table/ROUND-TABLE` (its fiche, its
events, its entry), opened by the table's own tokens, and the board is at `/concours` (its events at
`/concours/events`, this server's view token).

Every page takes `?lang=` (else the browser's language). A wrong or missing token is a 403 and reads
or writes nothing; the entry's routes refuse the view token. A coup from the entry page goes through the
table's own engine (`Session.read`, `check_answer`, `attempt`): the same reader, the same questions,
the same durable write, nothing stored until the coup is whole.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from scorekeeper import i18n, service
from scorekeeper.errors import UserError
from scorekeeper.service.session import Session
from scorekeeper.web import guard
from scorekeeper.web.guard import Access, Tokens
from scorekeeper.web.live import POLL, Board, Fiche, Live
from scorekeeper.web.views import fiche_view, language_of, speaking

HERE = Path(__file__).resolve().parent


def _typeset(value: Any) -> Any:
    """Words a page shows, a French mark kept with its word (`i18n.typeset`); HTML marked safe as it is."""
    return i18n.typeset(value) if type(value) is str else value


_TEMPLATES = Environment(
    loader=FileSystemLoader(HERE / "templates"),
    autoescape=select_autoescape(default=True),
    auto_reload=False,
    finalize=_typeset,
)

Handler = Callable[[Request], Awaitable[Response]]


@dataclass(frozen=True, slots=True)
class Desk:
    """One game's pages: its live fiche, the session that holds it open, the tokens its pages' links and
    forms carry, and where its pages are (`""` for the game of `serve`, `/table/2-7` for a concours's table)."""

    live: Live
    session: Session
    tokens: Tokens
    prefix: str


class Door(Protocol):
    """What a request for a game's pages opens, and the desk it opens on (asked only once it opens)."""

    def access(self, request: Request) -> Access: ...

    def desk(self, request: Request) -> Desk: ...


# The cookie the entry page's token is exchanged for at its first load (issue 41): the address bar, and so
# the browser's history, never keeps the token; HttpOnly, SameSite=Strict, scoped to the game's pages.
ENTRY_COOKIE = "scorekeeper_entry"


def _given(request: Request) -> str | None:
    """The token a request opens with: its address's, else the entry page's cookie."""
    return request.query_params.get("token") or request.cookies.get(ENTRY_COOKIE)


class _One:
    """The door of `serve --game`: one game, this server's tokens; once its partie is over, the revanche made
    of it (at the terminal, `again`) is the game its pages show and enter, with the same links (issue 41)."""

    def __init__(self, desk: Desk) -> None:
        self.one = desk

    def follow(self) -> None:
        """Go on with the game's revanche if one was made since its partie ended: its pages are told to
        load again (`Live.moved`), and its tokens are the revanche's, after a restart too."""
        from scorekeeper.service import serving

        old = self.one
        name = old.session.revanche()
        if name is None:
            return
        session = Session(name)
        self.one = Desk(Live(Fiche(session)), session, old.tokens, old.prefix)
        serving.follow(f"game {old.session.name}", f"game {session.name}")
        old.live.moved(session.name)

    def access(self, request: Request) -> Access:
        return self.one.tokens.access(_given(request))

    def desk(self, request: Request) -> Desk:
        return self.one


class _Tables:
    """The doors of a concours's tables (`/table/ROUND-TABLE`): a table's page opens with its own tokens,
    made from its stored secret (`Tokens.of_table`), or with this server's view token; its entry with its
    entry token alone, and only when the server enters (`--entry`). A table's game is made, and held open,
    the first time a page of it opens, as `sheet` makes it."""

    def __init__(self, name: str, tokens: Tokens, entry: bool) -> None:
        self.name, self.tokens, self.entry = name, tokens, entry
        self.desks: dict[tuple[int, int], Desk] = {}

    def _table(self, request: Request) -> tuple[tuple[int, int], Any] | None:
        from scorekeeper.concours.links import parse_table_id
        from scorekeeper.service import concours as organiser

        at = parse_table_id(request.path_params.get("id", ""))
        if at is None:
            return None
        concours = organiser.read(self.name)
        if at[0] > len(concours.rounds):
            return None
        table = concours.round(at[0]).table(at[1])
        return None if table is None or not table.secret else (at, table)

    def access(self, request: Request) -> Access:
        found = self._table(request)
        table = None if found is None else Tokens.of_table(found[1].secret, self.entry)
        return Access.NONE if found is None else self.tokens.access(_given(request), table)

    def desk(self, request: Request) -> Desk:
        from scorekeeper.concours.links import table_path
        from scorekeeper.service import tables

        found = self._table(request)
        assert found is not None  # the door opened on it a moment ago
        at, table = found
        desk = self.desks.get(at)
        if desk is None or desk.tokens != Tokens.of_table(table.secret, self.entry):  # a round drawn again
            tables.made(table.game)
            session = Session(table.game)
            desk = Desk(Live(Fiche(session)), session, Tokens.of_table(table.secret, self.entry), table_path(*at))
            self.desks[at] = desk
        else:
            desk.live.catch_up()
        return desk

    def lives(self) -> list[Live]:
        return [desk.live for desk in self.desks.values()]


def build(name: str, tokens: Tokens) -> Starlette:
    """The application serving game `name`, its pages opened by `tokens`."""
    session = Session(name)
    door = _One(Desk(Live(Fiche(session)), session, tokens, ""))
    return _application(_game_routes("", door), lambda: [door.one.live], door.follow)


def build_concours(name: str, tokens: Tokens, entry: bool) -> Starlette:
    """The application serving concours `name`: its board (`/concours`, this server's view token) and each
    table's page and entry page (`/table/ROUND-TABLE`, opened by the table's own tokens)."""
    board = Live(Board(name))
    doors = _Tables(name, tokens, entry)

    def forbidden_unless_view(handler: Callable[[Request, str], Awaitable[Response]]) -> Handler:
        async def guarded(request: Request) -> Response:
            lang = language_of(request.query_params.get("lang"), request.headers.get("accept-language"))
            if tokens.access(request.query_params.get("token")).value < Access.VIEW.value:
                return _forbidden(lang)
            return _secured(await handler(request, lang))

        return guarded

    async def board_page(request: Request, lang: str) -> Response:
        try:
            board.catch_up()
            view = board.source.view(lang)
        except UserError as error:  # the concours's file deleted, renamed or damaged meanwhile (issue 41)
            return _gone(lang, error)
        with speaking(lang):
            from scorekeeper.i18n import message

            html = _TEMPLATES.get_template("board.html").render(
                view=view,
                words={key: message(f"web.{key}") for key in ("live", "offline")},
                events=_here(request, "/concours/events", lang, tokens.view),
            )
        return Response(html, media_type="text/html; charset=utf-8")

    async def board_events(request: Request, lang: str) -> Response:
        return StreamingResponse(
            board.stream(lang), media_type="text/event-stream", headers={"X-Accel-Buffering": "no"}
        )

    routes = [
        Route("/concours", forbidden_unless_view(board_page)),
        Route("/concours/events", forbidden_unless_view(board_events)),
        *_game_routes("/table/{id}", doors),
    ]
    return _application(routes, lambda: [board, *doors.lives()])


def _application(
    routes: list[Any], lives: Callable[[], list[Live]], follow: Callable[[], None] = lambda: None
) -> Starlette:
    """The routes, the page's static files, and one task that looks at every live source's files (and,
    with `follow`, whether a revanche was made to go on with)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def watch() -> None:
            while True:
                await asyncio.sleep(POLL)
                with contextlib.suppress(Exception):  # a game file caught half-written: looked at again next time
                    follow()
                for live in lives():
                    live.look()

        watcher = asyncio.create_task(watch())
        try:
            yield
        finally:
            watcher.cancel()

    static = Mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    return Starlette(routes=[*routes, static], lifespan=lifespan)


def _forbidden(lang: str) -> Response:
    with speaking(lang):
        from scorekeeper.i18n import message

        return _secured(PlainTextResponse(message("web.forbidden"), status_code=403))


def _gone(lang: str, error: UserError) -> Response:
    """A page whose game (or concours) cannot be read now (deleted, renamed, damaged by hand): the reason in
    the viewer's words, never a 500 nor a traceback (issue 41)."""
    from scorekeeper.present.said import at_the_table

    with speaking(lang):
        return _secured(PlainTextResponse(at_the_table(error), status_code=404))


def _game_routes(prefix: str, door: Door) -> list[Route]:
    """A game's pages under `prefix`, each behind `door`."""

    def needs(wanted: Access, handler: Callable[[Request, str, Desk], Awaitable[Response]]) -> Handler:
        """`handler` behind the token: 403 before anything is read or written where it opens less than `wanted`."""

        async def guarded(request: Request) -> Response:
            lang = language_of(request.query_params.get("lang"), request.headers.get("accept-language"))
            try:
                if door.access(request).value < wanted.value:
                    return _forbidden(lang)
                return _secured(await handler(request, lang, door.desk(request)))
            except UserError as error:  # the game's or the concours's file deleted, renamed or damaged meanwhile
                return _gone(lang, error)

        return guarded

    async def fiche_page(request: Request, lang: str, desk: Desk) -> Response:
        return _page(desk, request, lang, entry=False)

    async def entry_page(request: Request, lang: str, desk: Desk) -> Response:
        token = request.query_params.get("token")
        if token:  # first load: the token for a cookie, and the address without it (nothing in the history)
            kept = {key: request.query_params[key] for key in ("lang", "theme") if key in request.query_params}
            clean = RedirectResponse(f"{desk.prefix}/entry" + (f"?{urlencode(kept)}" if kept else ""), status_code=303)
            clean.set_cookie(ENTRY_COOKIE, token, httponly=True, samesite="strict", path=desk.prefix or "/")
            return clean
        return _page(desk, request, lang, entry=True)

    async def events(request: Request, lang: str, desk: Desk) -> Response:
        headers = {"X-Accel-Buffering": "no"}
        return StreamingResponse(desk.live.stream(lang), media_type="text/event-stream", headers=headers)

    async def sheet_json(request: Request, lang: str, desk: Desk) -> Response:
        import json

        from scorekeeper.i18n import as_json as plain
        from scorekeeper.present.sheet import as_json

        desk.live.catch_up()
        with speaking(lang):
            data = json.dumps(as_json(desk.session.ledger, desk.session.fiche()), ensure_ascii=False, default=plain)
        return Response(data, media_type="application/json")

    def form(
        action: Callable[[Request, str, Desk, dict[str, str]], Response],
    ) -> Callable[[Request, str, Desk], Awaitable[Response]]:
        """A form of the entry page: from this server's own page, with its form key, its body bounded."""

        async def posted(request: Request, lang: str, desk: Desk) -> Response:
            from scorekeeper.i18n import message

            with speaking(lang):
                if not guard.same_site(dict(request.headers), request.headers.get("host", "")):
                    return PlainTextResponse(message("web.forbidden"), status_code=403)
                try:
                    body = await _body(request)
                    fields = guard.form_fields(body)
                except ClientDisconnect:  # a phone that dropped its form mid-send: nobody to answer, nothing stored
                    return PlainTextResponse("", status_code=400)
                except guard.TooLarge:
                    return PlainTextResponse(message("web.too_large"), status_code=413)
                except ValueError:
                    return PlainTextResponse(message("web.bad_form"), status_code=400)
                if not desk.tokens.form_ok(fields.get("key", "")):
                    return PlainTextResponse(message("web.forbidden"), status_code=403)
            if not await _free(desk):  # another command still writing it: the line kept, « try again »
                busy = UserError("game_busy", name=desk.session.name)
                return _page(desk, request, lang, True, refused=busy, line=fields.get("line", ""), status=503)
            with desk.session.waiting(MOMENT):  # taken again since it was free: a moment's wait, no more
                return action(request, lang, desk, fields)

        return posted

    def undo(request: Request, lang: str, desk: Desk, fields: dict[str, str]) -> Response:
        if _stale(desk, fields):  # sent twice, or after another phone's change: the fiche, nothing undone
            return _seen(request, lang, desk)
        if fields.get("sure") != "yes":  # asked first, the entry it takes back named (issue 41)
            return _page(desk, request, lang, True, confirm=True)
        return _changed(desk, request, lang, lambda: service.undo(desk.session.name))

    def redo(request: Request, lang: str, desk: Desk, fields: dict[str, str]) -> Response:
        if _stale(desk, fields):
            return _seen(request, lang, desk)
        return _changed(desk, request, lang, lambda: service.redo(desk.session.name))

    def note(request: Request, lang: str, desk: Desk, fields: dict[str, str]) -> Response:
        number = fields.get("number", "").strip()
        if number and not (number.isascii() and number.isdigit()):  # « ² » is no number of a coup
            return _page(
                desk, request, lang, entry=True, refused=UserError("web_note_number", given=number), status=400
            )
        words = fields.get("text", "")
        return _changed(
            desk, request, lang, lambda: service.note(desk.session.name, words, int(number) if number else None)
        )

    return [
        Route(f"{prefix}/" if not prefix else prefix, needs(Access.VIEW, fiche_page)),
        Route(f"{prefix}/events", needs(Access.VIEW, events)),
        Route(f"{prefix}/sheet.json", needs(Access.VIEW, sheet_json)),
        Route(f"{prefix}/entry", needs(Access.ENTRY, entry_page)),
        Route(f"{prefix}/entry/coup", needs(Access.ENTRY, form(_coup)), methods=["POST"]),
        Route(f"{prefix}/entry/undo", needs(Access.ENTRY, form(undo)), methods=["POST"]),
        Route(f"{prefix}/entry/redo", needs(Access.ENTRY, form(redo)), methods=["POST"]),
        Route(f"{prefix}/entry/note", needs(Access.ENTRY, form(note)), methods=["POST"]),
    ]


# How long a form waits for a game another command is writing (the store's own wait, but awaited: every other
# page and live stream goes on meanwhile), and how long its write then waits if the lock was taken again.
BUSY = 5.0
MOMENT = 0.2


async def _free(desk: Desk, within: float = BUSY) -> bool:
    """Whether the game is free to be written within `within` seconds, looked at every 50 ms without holding
    up the event loop (issue 41: a busy game never freezes the other pages)."""
    deadline = asyncio.get_running_loop().time() + within
    while not desk.session.free():
        if asyncio.get_running_loop().time() >= deadline:
            return False
        await asyncio.sleep(0.05)
    return True


async def _body(request: Request) -> bytes:
    """The request's body, refused past `guard.BODY_LIMIT` whatever its Content-Length says."""
    declared = request.headers.get("content-length", "0")
    if declared.isascii() and declared.isdigit() and int(declared) > guard.BODY_LIMIT:
        raise guard.TooLarge
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > guard.BODY_LIMIT:
            raise guard.TooLarge
    return body


def _secured(response: Response) -> Response:
    for header, value in guard.HEADERS.items():
        response.headers.setdefault(header, value)
    return response


def _here(request: Request, path: str, lang: str, token: str | None) -> str:
    """The address of `path` on this server with the token, the language and the theme the page was opened with."""
    query = {"token": token or ""} | ({"lang": request.query_params["lang"]} if "lang" in request.query_params else {})
    return f"{path}?{urlencode(query | ({'theme': _theme(request)} if _theme(request) else {}))}"


def _theme(request: Request) -> str:
    """The theme asked in the address (`?theme=dark`, `light`), else none: the viewer's own (issue 41)."""
    asked = request.query_params.get("theme", "")
    return asked if asked in ("dark", "light") else ""


def _page(
    desk: Desk,
    request: Request,
    lang: str,
    entry: bool,
    refused: UserError | None = None,
    asked: Any = None,
    line: str = "",
    status: int = 200,
    confirm: bool = False,
) -> Response:
    """The fiche page, with the entry's forms when `entry`: a refusal, a question and its line kept; with
    `confirm`, the undo asked to be confirmed, naming the entry it takes back."""
    from scorekeeper.i18n import message, render
    from scorekeeper.present.said import at_the_table

    desk.live.catch_up()
    view = fiche_view(desk.session, lang)
    tokens = desk.tokens
    with speaking(lang) as language:
        token = tokens.entry if entry else tokens.view
        words = {key: message(f"web.{key}") for key in WORDS}
        examples = desk.session.engine.examples(desk.session.state, language)
        words["line_hint"] = examples[0] if examples else ""  # the game's own line, with this table's players
        html = _TEMPLATES.get_template("page.html").render(
            view=view,
            theme=_theme(request),
            words=words,
            entry=entry,
            events=_here(request, f"{desk.prefix}/events", lang, token),
            actions={
                what: _here(request, f"{desk.prefix}/entry/{what}", lang, token)
                for what in ("coup", "undo", "redo", "note")
            },
            confirm=_undo_question(desk) if entry and confirm else "",
            back=_here(request, f"{desk.prefix}/entry", lang, token),
            redo=entry and bool(desk.session.ledger.redo_journal),
            key=tokens.form_key() if entry else "",
            refused=at_the_table(refused) if refused is not None else "",
            question=render(asked.words) if asked is not None else "",
            # a question for points is answered with a number: no names offered for it (issue 41)
            choices=asked.choices if asked is not None and not asked.field.startswith("points") else (),
            line=line,
            taps=_taps(desk, language) if entry else {},
        )
    return Response(html, status_code=status, media_type="text/html; charset=utf-8")


_SUITS = (("S", "♠"), ("H", "♥"), ("D", "♦"), ("C", "♣"))


def _taps(desk: Desk, language: Any) -> dict[str, Any]:
    """The entry page's buttons (issue 41), from the words the game's line reads at this table: the suits
    and then the ranks of a card (the retourne), the players, the contracts and the calls, each put on the
    line as typed. A manille coup is six taps: ♥ 10 César 4 0, enter."""
    import re

    from scorekeeper.i18n import message

    said = desk.session.engine.vocabulary(desk.session.state, language)
    cards = [card for card in said.get("cards", ()) if re.fullmatch(r"(10|[2-9]|[A-Z])[a-z]", card)]
    return {
        "suits": [(symbol, message(f"suit.{letter}")) for letter, symbol in _SUITS] if cards else [],
        "ranks": list(dict.fromkeys(card[:-1] for card in cards)),
        "players": list(said.get("players", ())),
        "contracts": list(said.get("contracts", ())),
        "calls": list(said.get("calls", ())),
    }


# The page's own words (`web.KEY` in each language's catalog).
WORDS = ("live", "offline", "line", "enter", "answer", "undo", "note", "note_number", "note_text", "add_note",
         "undo_yes", "undo_no", "redo", "pad", "space", "erase")  # fmt: skip


def _undo_question(desk: Desk) -> str:
    """What the undo would take back, asked before it does (issue 41): the last entry by its number and as
    it was said, or that there is nothing to undo."""
    from scorekeeper.i18n import message, text

    coups = desk.session.ledger.coups
    if not desk.session.ledger.undo_journal or not coups:
        return message("web.undo_nothing")
    from scorekeeper.service.reads import said as declared

    said = desk.session.engine.write_line(desk.session.state, declared(coups[-1:])[0], i18n.spoken())  # as said
    return text("web.undo_sure", number=len(coups), said=said)


def _stale(desk: Desk, fields: dict[str, str]) -> bool:
    """Whether a post is for a fiche that has changed since its page was drawn (`at`: the entries it saw): a
    form sent twice (a tap, a phone that lost its Wi-Fi and sends again) or after another phone's coup."""
    desk.live.catch_up()
    at = fields.get("at", "").strip()
    return at.isascii() and at.isdigit() and int(at) != len(desk.session.ledger.coups)


def _seen(request: Request, lang: str, desk: Desk) -> Response:
    """The answer to a stale post: the entry page as the fiche now stands, nothing stored."""
    return RedirectResponse(_here(request, f"{desk.prefix}/entry", lang, desk.tokens.entry), status_code=303)


def _coup(request: Request, lang: str, desk: Desk, fields: dict[str, str]) -> Response:
    """A coup said in the short line, as the table takes it: read, and stored when whole, else its question
    asked on the page with the line kept; an answer goes on the line, and the line is read again whole. A
    post for another count of entries than the fiche's stores nothing (`_stale`)."""
    if _stale(desk, fields):
        return _seen(request, lang, desk)
    session = desk.session
    line, answer = fields.get("line", ""), fields.get("answer", "").strip()
    with speaking(lang) as language:
        try:
            from scorekeeper.service.session import LONGEST

            if len(line) + len(answer) > LONGEST or not line.strip():
                raise UserError("web_line", most=LONGEST)
            desk.live.catch_up()
            if session.ended():  # the page's own words: it makes no revanche and leaves no table (issue 41)
                raise UserError("web_partie_over", name=session.name)
            session.check_open()
            declared = session.read(line, language)
            attempt = session.attempt(declared, line, language)
            if attempt.question is not None and answer:
                asked = attempt.question
                try:
                    session.check_answer(answer, asked, language)
                    line = f"{line} {answer}"
                    attempt = session.attempt(session.read(line, language, asked.field), line, language)
                except UserError as wrong:  # asked again, the line kept, as the table does
                    return _page(desk, request, lang, True, refused=wrong, asked=asked, line=line, status=400)
        except UserError as error:
            return _page(desk, request, lang, True, refused=error, line=line, status=400)
    if attempt.question is not None:
        return _page(desk, request, lang, True, asked=attempt.question, line=line)
    desk.live.publish()
    return RedirectResponse(_here(request, f"{desk.prefix}/entry", lang, desk.tokens.entry), status_code=303)


def _changed(desk: Desk, request: Request, lang: str, change: Callable[[], Any]) -> Response:
    """A change through the service (undo, a note), then every page told; refused, the entry page says why."""
    with speaking(lang):
        try:
            change()
        except UserError as error:
            return _page(desk, request, lang, True, refused=error, status=400)
    desk.session.refresh()
    desk.live.publish()
    return RedirectResponse(_here(request, f"{desk.prefix}/entry", lang, desk.tokens.entry), status_code=303)
