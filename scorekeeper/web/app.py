"""The routes of `scorekeeper serve`, one Starlette application for one game.

    GET  /                 the fiche, live (view or entry token)
    GET  /events           the fiche's server-sent events (view or entry token)
    GET  /sheet.json       the game as `sheet --json` prints it (view or entry token)
    GET  /entry            the entry page: the fiche and a short-line box (entry token)
    POST /entry/coup       a coup in the short line, or the answer to its question (entry token, form key)
    POST /entry/undo       the last entry taken back (entry token, form key)
    POST /entry/note       a note on an entry or on the game (entry token, form key)
    GET  /static/NAME      the page's style sheet and script (no token: they hold no game)

Every page takes `?lang=` (else the browser's language). A wrong or missing token is a 403 and reads
or writes nothing; the entry's routes refuse the view token. A coup from the entry page goes through the
table's own engine (`Session.read`, `check_answer`, `attempt`): the same reader, the same questions,
the same durable write, nothing stored until the coup is whole.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from scorekeeper import service
from scorekeeper.errors import UserError
from scorekeeper.service.session import Session
from scorekeeper.web import guard
from scorekeeper.web.guard import Access, Tokens
from scorekeeper.web.live import Live
from scorekeeper.web.views import fiche_view, language_of, speaking

HERE = Path(__file__).resolve().parent
_TEMPLATES = Environment(
    loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(default=True), auto_reload=False
)

Handler = Callable[[Request], Awaitable[Response]]


def build(name: str, tokens: Tokens) -> Starlette:
    """The application serving game `name`, its pages opened by `tokens`."""
    live = Live(Session(name))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        watcher = asyncio.create_task(live.watch())
        try:
            yield
        finally:
            watcher.cancel()

    def needs(wanted: Access, handler: Callable[[Request, str], Awaitable[Response]]) -> Handler:
        """`handler` behind the token: 403 before anything is read or written where it opens less than `wanted`."""

        async def guarded(request: Request) -> Response:
            lang = language_of(request.query_params.get("lang"), request.headers.get("accept-language"))
            if tokens.access(request.query_params.get("token")).value < wanted.value:
                with speaking(lang):
                    from scorekeeper.i18n import message

                    return _secured(PlainTextResponse(message("web.forbidden"), status_code=403))
            return _secured(await handler(request, lang))

        return guarded

    async def fiche_page(request: Request, lang: str) -> Response:
        return _page(live, tokens, request, lang, entry=False)

    async def entry_page(request: Request, lang: str) -> Response:
        return _page(live, tokens, request, lang, entry=True)

    async def events(request: Request, lang: str) -> Response:
        headers = {"X-Accel-Buffering": "no"}
        return StreamingResponse(live.stream(lang), media_type="text/event-stream", headers=headers)

    async def sheet_json(request: Request, lang: str) -> Response:
        import json

        from scorekeeper.cli.sheet import as_json
        from scorekeeper.i18n import as_json as plain

        live.session.refresh()
        with speaking(lang):
            data = json.dumps(as_json(live.session.ledger, live.session.fiche()), ensure_ascii=False, default=plain)
        return Response(data, media_type="application/json")

    def form(action: Callable[[Request, str, dict[str, str]], Response]) -> Callable[[Request, str], Awaitable[Response]]:
        """A form of the entry page: from this server's own page, with its form key, its body bounded."""

        async def posted(request: Request, lang: str) -> Response:
            from scorekeeper.i18n import message

            with speaking(lang):
                if not guard.same_site(dict(request.headers), request.headers.get("host", "")):
                    return PlainTextResponse(message("web.forbidden"), status_code=403)
                try:
                    body = await _body(request)
                    fields = guard.form_fields(body)
                except guard.TooLarge:
                    return PlainTextResponse(message("web.too_large"), status_code=413)
                except ValueError:
                    return PlainTextResponse(message("web.bad_form"), status_code=400)
                if not tokens.form_ok(fields.get("key", "")):
                    return PlainTextResponse(message("web.forbidden"), status_code=403)
            return action(request, lang, fields)

        return posted

    def coup(request: Request, lang: str, fields: dict[str, str]) -> Response:
        return _coup(live, tokens, request, lang, fields)

    def undo(request: Request, lang: str, fields: dict[str, str]) -> Response:
        return _changed(live, tokens, request, lang, lambda: service.undo(live.session.name))

    def note(request: Request, lang: str, fields: dict[str, str]) -> Response:
        number = fields.get("number", "").strip()
        if number and not number.isdigit():
            return _page(live, tokens, request, lang, entry=True, refused=UserError("web_note_number", given=number), status=400)
        words = fields.get("text", "")
        return _changed(live, tokens, request, lang, lambda: service.note(live.session.name, words, int(number) if number else None))

    routes = [
        Route("/", needs(Access.VIEW, fiche_page)),
        Route("/events", needs(Access.VIEW, events)),
        Route("/sheet.json", needs(Access.VIEW, sheet_json)),
        Route("/entry", needs(Access.ENTRY, entry_page)),
        Route("/entry/coup", needs(Access.ENTRY, form(coup)), methods=["POST"]),
        Route("/entry/undo", needs(Access.ENTRY, form(undo)), methods=["POST"]),
        Route("/entry/note", needs(Access.ENTRY, form(note)), methods=["POST"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


async def _body(request: Request) -> bytes:
    """The request's body, refused past `guard.BODY_LIMIT` whatever its Content-Length says."""
    declared = request.headers.get("content-length", "0")
    if declared.isdigit() and int(declared) > guard.BODY_LIMIT:
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
    """The address of `path` on this server with the token and the language the page was opened with."""
    query = {"token": token or ""} | ({"lang": request.query_params["lang"]} if "lang" in request.query_params else {})
    return f"{path}?{urlencode(query)}"


def _page(
    live: Live,
    tokens: Tokens,
    request: Request,
    lang: str,
    entry: bool,
    refused: UserError | None = None,
    asked: Any = None,
    line: str = "",
    status: int = 200,
) -> Response:
    """The fiche page, with the entry's forms when `entry`: a refusal, a question and its line kept."""
    from scorekeeper.cli.table import at_the_table
    from scorekeeper.i18n import message, render

    live.session.refresh()
    view = fiche_view(live.session, lang)
    with speaking(lang):
        token = tokens.entry if entry else tokens.view
        words = {key: message(f"web.{key}") for key in WORDS}
        html = _TEMPLATES.get_template("page.html").render(
            view=view,
            words=words,
            entry=entry,
            events=_here(request, "/events", lang, token),
            actions={what: _here(request, f"/entry/{what}", lang, token) for what in ("coup", "undo", "note")},
            key=tokens.form_key() if entry else "",
            refused=at_the_table(refused) if refused is not None else "",
            question=render(asked.words) if asked is not None else "",
            choices=asked.choices if asked is not None else (),
            line=line,
        )
    return Response(html, status_code=status, media_type="text/html; charset=utf-8")


# The page's own words (`web.KEY` in each language's catalog).
WORDS = ("live", "offline", "line", "line_hint", "enter", "answer", "undo", "note", "note_number", "note_text", "add_note")


def _coup(live: Live, tokens: Tokens, request: Request, lang: str, fields: dict[str, str]) -> Response:
    """A coup said in the short line, as the table takes it: read, and stored when whole, else its question
    asked on the page with the line kept; an answer goes on the line, and the line is read again whole."""
    session = live.session
    line, answer = fields.get("line", ""), fields.get("answer", "").strip()
    with speaking(lang) as language:
        try:
            from scorekeeper.cli.table import LONGEST

            if len(line) + len(answer) > LONGEST or not line.strip():
                raise UserError("web_line", most=LONGEST)
            session.refresh()
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
                    return _page(live, tokens, request, lang, True, refused=wrong, asked=asked, line=line, status=400)
        except UserError as error:
            return _page(live, tokens, request, lang, True, refused=error, line=line, status=400)
    if attempt.question is not None:
        return _page(live, tokens, request, lang, True, asked=attempt.question, line=line)
    live.publish()
    return RedirectResponse(_here(request, "/entry", lang, tokens.entry), status_code=303)


def _changed(live: Live, tokens: Tokens, request: Request, lang: str, change: Callable[[], Any]) -> Response:
    """A change through the service (undo, a note), then every page told; refused, the entry page says why."""
    with speaking(lang):
        try:
            change()
        except UserError as error:
            return _page(live, tokens, request, lang, True, refused=error, status=400)
    live.session.refresh()
    live.publish()
    return RedirectResponse(_here(request, "/entry", lang, tokens.entry), status_code=303)
