"""`scorekeeper serve`: the fiche live on every screen, and a keeper's entry page; imported only by that command.

The stack is Starlette on uvicorn (pure Python, h11: no compiled web server), Jinja2 templates with
autoescaping, and nothing the page loads from the internet: its one style sheet and one script are
served from `static/`, under a Content-Security-Policy that allows nothing else.

- `views`: a game's fiche put in words in the viewer's language, as the page draws it;
- `live`: the game's file watched, and each change sent to every open page (server-sent events);
- `guard`: tokens, cross-site forms, bounded bodies, the security headers;
- `app`: the routes (`ROUTES` names them), one Starlette application for one game.

A concours board is one more route on the same application: its view (the round's tables, the standing)
beside `views.fiche_view`, its stream from a `live.Live` watching the concours file, its token checked by
`guard` as the fiche's is.
"""
