"""`scorekeeper serve` over HTTP, from another process as a browser would ask (issue 33): the addresses it
prints, the refusals, the forms' guards, the live stream, the same data as `sheet --json`."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from urllib.parse import urlencode

import pytest

from tests.web.conftest import Served, scorekeeper, serve, stop


def fetch(
    url: str, data: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[int, str, dict[str, str]]:
    """One request as a browser makes it, its redirects followed with the cookies they set (the entry page's
    token is exchanged for one at its first load, issue 41); no cookie kept from one call to the next."""
    import http.cookiejar

    request = urllib.request.Request(url, data=data, headers=headers or {})
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, response.read().decode(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)


def stored_coups(name: str = "marius") -> list[dict]:
    return json.loads(scorekeeper("sheet", "--json", "--game", name).stdout)["coups"]


def form_key(served: Served) -> str:
    status, page, _ = fetch(served.entry)
    assert status == 200
    return page.split('name="key" value="')[1].split('"')[0]


def post(served: Served, path: str, fields: dict[str, str], token: str | None = None, headers: dict | None = None):
    token = served.token("entry") if token is None else token
    return fetch(f"{served.base}{path}?token={token}", urlencode(fields).encode(), headers)


def test_the_first_line_is_the_address_with_its_token_then_the_entry_then_a_qr_code(served: Served):
    assert served.view.startswith("http://127.0.0.1:") and "/?token=" in served.view
    assert "/entry?token=" in served.lines[1] and served.token("entry") != served.token("view")
    assert any("█" in line or "▀" in line for line in served.lines[2:])  # the QR code, in half blocks
    assert "--lan" in served.lines[-1] and "127.0.0.1" in served.lines[-1]
    said = served.lines.index("the entry page, for the scorer's phone alone:")  # its own QR code too (issue 41)
    codes = [at for at, line in enumerate(served.lines) if "█" in line or "▀" in line]
    assert codes[0] < said < codes[-1]


def test_the_page_opens_with_its_token_and_carries_a_strict_policy(served: Served):
    status, page, headers = fetch(served.view)
    assert status == 200 and "César" in page and "marius" in page
    policy = headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy and "unsafe" not in policy
    assert headers["referrer-policy"] == "no-referrer"
    assert "http://" not in page.split("<body")[0] and "https://" not in page  # nothing from the internet


@pytest.mark.parametrize("path", ["/", "/events", "/sheet.json", "/entry"])
def test_a_missing_or_wrong_token_is_refused_and_reads_nothing(served: Served, path: str):
    assert fetch(f"{served.base}{path}")[0] == 403
    assert fetch(f"{served.base}{path}?token=wrong")[0] == 403
    assert fetch(f"{served.base}{path}?token=")[0] == 403


def test_the_view_token_cannot_enter_and_nothing_is_written(served: Served):
    key = form_key(served)
    assert fetch(f"{served.base}/entry?token={served.token()}")[0] == 403
    for path in ("/entry/coup", "/entry/undo", "/entry/redo", "/entry/note"):
        status, _, _ = post(served, path, {"key": key, "line": "10h cesar 40", "text": "x"}, token=served.token())
        assert status == 403
    assert stored_coups() == []


def test_a_form_without_its_key_or_from_another_site_is_refused(served: Served):
    assert post(served, "/entry/coup", {"line": "10h cesar 40"})[0] == 403
    assert post(served, "/entry/coup", {"line": "10h cesar 40", "key": "0" * 64})[0] == 403
    key = form_key(served)
    elsewhere = {"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}
    assert post(served, "/entry/coup", {"line": "10h cesar 40", "key": key}, headers=elsewhere)[0] == 403
    assert post(served, "/entry/coup", {"line": "10h cesar 40", "key": key}, headers={"Origin": "null"})[0] == 403
    assert stored_coups() == []


def test_a_body_past_the_bound_is_refused_unread(served: Served):
    key = form_key(served)
    status, _, _ = post(served, "/entry/coup", {"line": "10h cesar 40", "key": key, "pad": "x" * 100_000})
    assert status == 413 and stored_coups() == []
    # A body that says it is small and goes on: read no further than the bound.
    port = int(served.base.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        head = (
            f"POST /entry/coup?token={served.token('entry')} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        raw.sendall(head.encode())
        chunk = b"x" * 8192
        for _ in range(4):
            raw.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        raw.sendall(b"0\r\n\r\n")
        assert raw.recv(100).startswith(b"HTTP/1.1 413")
    assert stored_coups() == []


def test_a_coup_is_entered_its_question_answered_and_stored_as_the_table_stores_it(served: Served, tmp_path):
    key = form_key(served)
    assert post(served, "/entry/coup", {"line": "10h cesar 40", "key": key})[0] == 200  # after the redirect
    status, page, _ = post(served, "/entry/coup", {"line": "panisse 48", "key": key})
    assert status == 200 and "Retourne" in page and 'name="answer"' in page  # asked, nothing stored yet
    assert len(stored_coups()) == 1
    assert post(served, "/entry/coup", {"line": "panisse 48", "answer": "7s", "key": key})[0] == 200
    by_web = stored_coups()
    # The same lines at the table, in another game.
    players = [arg for name in ("César", "Panisse", "Escartefigue", "Brun") for arg in ("--player", name)]
    scorekeeper("new", "manille-muette", *players, "--game", "table")
    ran = scorekeeper_input(["table", "--game", "table"], "10h cesar 40\npanisse 48 7s\n")
    assert ran.returncode == 0, ran.stderr
    by_table = stored_coups("table")
    assert [coup["declared"] for coup in by_web] == [coup["declared"] for coup in by_table]
    assert [coup["scores"] for coup in by_web] == [[11, 0], [11, 14]]


def scorekeeper_input(args: list[str], lines: str):
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args], input=lines, capture_output=True, text=True, timeout=60
    )


def test_a_refused_line_says_why_and_stores_nothing(served: Served):
    key = form_key(served)
    status, page, _ = post(served, "/entry/coup", {"line": "10h nobody 40", "key": key})
    assert status == 400 and 'class="refused"' in page and stored_coups() == []
    status, page, _ = post(served, "/entry/coup", {"line": "panisse 48", "answer": "César", "key": key})
    assert status == 400 and "Retourne" in page and stored_coups() == []  # a name is no retourne: asked again


def test_undo_and_a_note_from_the_entry_page(served: Served):
    key = form_key(served)
    post(served, "/entry/coup", {"line": "10h cesar 40", "key": key})
    post(served, "/entry/coup", {"line": "7s panisse 48", "key": key})
    status, page, _ = post(served, "/entry/undo", {"key": key})  # asked first, naming what it takes back
    assert status == 200 and "Undo entry 2, « 7s Panisse=48 »?" in page and len(stored_coups()) == 2
    assert post(served, "/entry/undo", {"key": key, "sure": "yes"})[0] == 200 and len(stored_coups()) == 1
    status, page, _ = fetch(served.entry)
    assert "Redo what was undone" in page
    assert post(served, "/entry/redo", {"key": key, "at": "1"})[0] == 200 and len(stored_coups()) == 2
    assert post(served, "/entry/undo", {"key": key, "sure": "yes"})[0] == 200 and len(stored_coups()) == 1
    assert post(served, "/entry/note", {"key": key, "number": "1", "text": "Brun saw a card"})[0] == 200
    assert stored_coups()[0]["note"] == "Brun saw a card"
    status, page, _ = post(served, "/entry/note", {"key": key, "number": "x1", "text": "no"})
    assert status == 400 and 'class="refused"' in page


def test_the_stream_sends_a_coup_stored_by_another_process(served: Served):
    url = f"{served.base}/events?token={served.token()}&lang=fr"
    with urllib.request.urlopen(url, timeout=10) as stream:
        first = json.loads(stream.readline().decode().removeprefix("data: "))
        assert first["count"] == 0 and first["lang"] == "fr" and "donneur" in first["headers"]
        stream.readline()
        scorekeeper("coup", "--game", "marius", "--retourne", "10h", "--points", "César=40")
        line = stream.readline().decode()
        while not line.startswith("data: "):
            line = stream.readline().decode()
        assert json.loads(line.removeprefix("data: "))["count"] == 1


def test_the_page_speaks_the_browsers_language_or_lang(served: Served):
    assert "donneur" in fetch(served.view, headers={"Accept-Language": "fr-BE,fr;q=0.9,en;q=0.5"})[1]
    assert "dealer" in fetch(served.view, headers={"Accept-Language": "de, en;q=0.1"})[1]
    assert "donneur" in fetch(served.view + "&lang=fr", headers={"Accept-Language": "en"})[1]


def test_sheet_json_is_what_sheet_json_prints(served: Served):
    scorekeeper("coup", "--game", "marius", "--retourne", "10h", "--points", "César=40")
    status, body, headers = fetch(f"{served.base}/sheet.json?token={served.token()}")
    assert status == 200 and headers["content-type"].startswith("application/json")
    assert json.loads(body) == json.loads(scorekeeper("sheet", "--json", "--game", "marius").stdout)


def test_a_port_in_use_is_one_line_and_exit_2(marius_game: str):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        ran = scorekeeper("serve", "--game", marius_game, "--port", str(port), check=False)
    assert (
        ran.returncode == 2 and ran.stderr.count("\n") == 1 and "--port" in ran.stderr and "Traceback" not in ran.stderr
    )


@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_the_port_is_said_once_in_help_and_a_port_out_of_range_is_one_line(home, lang):
    """`--help` says the default in its own words, with no stray `\\[default …]` of click's; a port
    beyond 65535 is one line on stderr, exit 2, before any game is looked for."""
    helped = scorekeeper("--lang", lang, "serve", "--help")
    assert helped.returncode == 0 and "8733" in helped.stdout
    assert "\\[" not in helped.stdout and "65535" not in helped.stdout
    refused = scorekeeper("--lang", lang, "serve", "--port", "70000", check=False)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "65535" in refused.stderr


def test_a_half_shows_as_the_viewer_s_language_writes_it(home):
    """The shared bête of issue 30's review: Ana pays Cid 13.5; the French page says 85,5, the English 85.5."""
    from tests.cli.test_paper_review import shared_bete

    scorekeeper("new", "hombre", "--player", "Ana", "--player", "Bea", "--player", "Cid", "--game", "ombre")
    for coup in shared_bete():
        scorekeeper("coup", "--game", "ombre", *coup)
    running = serve("--game", "ombre")
    try:
        french = fetch(running.view + "&lang=fr")[1]
        english = fetch(running.view + "&lang=en")[1]
    finally:
        stop(running)
    assert "85,5" in french and "85.5" not in french
    assert "85.5" in english


def _entries_at(served: Served) -> str:
    status, page, _ = fetch(served.entry)
    assert status == 200
    return page.split('name="at" value="')[1].split('"')[0]


def test_a_form_sent_twice_stores_its_coup_once(served: Served):
    """issue 41: each form carries the count of entries it was drawn for; a second post of it (a double tap,
    a phone that lost its Wi-Fi mid-send and sends again) is answered with the fiche and stores nothing."""
    key, at = form_key(served), _entries_at(served)
    assert at == "0"
    said = {"line": "10h cesar 40", "key": key, "at": at}
    assert post(served, "/entry/coup", said)[0] == 200
    status, page, _ = post(served, "/entry/coup", said)  # the same bytes again
    assert status == 200 and 'name="at" value="1"' in page
    assert len(stored_coups()) == 1
    assert post(served, "/entry/coup", {"line": "7s panisse 48", "key": key, "at": "1"})[0] == 200
    assert len(stored_coups()) == 2


def test_an_undo_sent_twice_undoes_one_entry(served: Served):
    key = form_key(served)
    for at, line in (("0", "10h cesar 40"), ("1", "7s panisse 48")):
        assert post(served, "/entry/coup", {"line": line, "key": key, "at": at})[0] == 200
    undo = {"key": key, "at": "2", "sure": "yes"}
    assert post(served, "/entry/undo", undo)[0] == 200
    assert post(served, "/entry/undo", undo)[0] == 200  # sent again: the fiche, nothing more undone
    assert len(stored_coups()) == 1


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"number": "²", "text": "vu"}, "²"),  # a digit to Python, no coup's number
        ({"number": "", "text": "vu \u202egnol"}, "reorders the text"),
    ],
)
def test_a_note_with_a_strange_number_or_a_bidi_control_is_refused_in_words(served: Served, fields, said):
    """issue 41: refused in the page's words, never a 500; a note refuses bidi controls as names do (C-4)."""
    status, page, _ = post(served, "/entry/note", {**fields, "key": form_key(served)})
    assert status == 400 and said in page and "Traceback" not in page
    assert json.loads(scorekeeper("sheet", "--json", "--game", "marius").stdout)["notes"] == []


def test_the_links_last_across_a_restart_until_new_tokens_are_asked(marius_game, home):
    """issue 41: a TV's QR code and a phone's bookmark still open the page after the laptop restarts the
    server; `serve --new-tokens` makes new ones, and the old open nothing more. Kept 0600."""
    import stat

    first = serve("--entry")
    stop(first)
    again = serve("--entry")
    try:
        assert (again.token("view"), again.token("entry")) == (first.token("view"), first.token("entry"))
        assert fetch(again.view)[0] == 200
    finally:
        stop(again)
    kept = list((home / "serve").glob("*.json"))
    assert len(kept) == 1 and stat.S_IMODE(kept[0].stat().st_mode) == 0o600
    renewed = serve("--entry", "--new-tokens")
    try:
        assert renewed.token("view") != first.token("view") and renewed.token("entry") != first.token("entry")
        assert fetch(f"{renewed.base}/?token={first.token('view')}")[0] == 403
    finally:
        stop(renewed)


def test_the_entry_token_is_exchanged_for_a_cookie_and_leaves_the_address(served: Served):
    """issue 41: at its first load the entry page sets an HttpOnly, SameSite=Strict cookie and sends the
    browser to its address without the token, which the history then never keeps."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(served.entry)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", f"{parts.path}?{parts.query}&lang=fr")
    answer = connection.getresponse()
    cookie = answer.getheader("set-cookie") or ""
    assert answer.status == 303 and answer.getheader("location") == "/entry?lang=fr"
    assert f"scorekeeper_entry={served.token('entry')}" in cookie
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower() and "path=/" in cookie.lower()
    connection.close()
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", "/entry?lang=fr", headers={"Cookie": cookie.split(";")[0]})
    assert connection.getresponse().status == 200  # the cookie opens it
    connection.close()
    assert fetch(f"{served.base}/entry")[0] == 403  # nothing without it
    wrong = {"Cookie": f"scorekeeper_entry={served.token('view')}"}
    assert fetch(f"{served.base}/entry", headers=wrong)[0] == 403  # the view token enters nothing


@pytest.mark.parametrize("how", ["deleted", "damaged"])
def test_a_game_deleted_or_damaged_while_served_says_so_never_a_500(served: Served, home, how):
    """issue 41: its pages give the reason in words (404), to the view and the entry, and the server writes
    no traceback; a wrong token is still refused first."""
    if how == "deleted":
        scorekeeper("games", "delete", "marius")
    else:
        path = home / "games" / "marius.toml"
        path.write_text(path.read_text() + "\n[[[ a hand edit gone wrong\n")
    for url in (served.view, served.entry, served.view.replace("/?", "/sheet.json?")):
        status, page, _ = fetch(url)
        assert status == 404 and "marius" in page and "Traceback" not in page, (url, status, page)
    assert fetch(f"{served.base}/?token=wrong")[0] == 403
    stop(served)
    assert "Traceback" not in served.process.stderr.read()


def test_a_form_dropped_mid_send_and_ctrl_c_with_pages_open_leave_no_traceback(served: Served):
    """issue 41: a phone that loses its Wi-Fi mid-send stores nothing and leaves no traceback; Ctrl-C with a
    page's live stream open stops the server quietly."""
    import signal
    import time
    from urllib.parse import urlsplit

    where = urlsplit(served.base)
    with socket.create_connection((where.hostname, where.port), timeout=5) as half:
        head = (
            f"POST /entry/coup?token={served.token('entry')} HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\nline=10h"
        )
        half.sendall(head.encode())
        time.sleep(0.3)
    time.sleep(0.3)
    stream = urllib.request.urlopen(served.view.replace("/?", "/events?"), timeout=10)
    assert stream.readline().startswith(b"data: ")
    served.process.send_signal(signal.SIGINT)
    _, err = served.process.communicate(timeout=15)
    assert served.process.returncode == 0 and "Traceback" not in err and err.strip() == "", err
    assert stored_coups() == []


def test_a_finished_game_s_entry_page_says_so_in_its_own_words(home):
    """issue 41: no « revanche » or « quit » offered by a page that can do neither."""
    scorekeeper("demo")
    running = serve("--game", "demo", "--entry")
    try:
        status, page, _ = post(running, "/entry/coup", {"line": "10h cesar 40", "key": form_key(running)})
        assert status == 400 and "is over: nothing more is entered here" in page
        assert "quit" not in page and "leaves the table" not in page
    finally:
        stop(running)


def test_a_question_for_points_offers_no_names(served: Served):
    """issue 41: asked for the points, the entry page's answer box suggests no player's name."""
    status, page, _ = post(served, "/entry/coup", {"line": "10h", "key": form_key(served)})
    assert status == 200 and 'name="answer"' in page
    offered = page.split('<datalist id="choices">')[1].split("</datalist>")[0]
    assert "César" not in offered and "<option" not in offered
    assert "points" in page.split('<label for="answer">')[1].split("</label>")[0].lower()  # it was the points asked


def test_idle_and_half_sent_connections_are_closed_in_time(served: Served):
    """issue 41: a socket that says nothing is closed within the headers' delay (5 s), a request sent a byte
    a second within it too, and a body that never comes within its own (10 s after the headers); the page
    answers meanwhile, and nothing is stored."""
    import threading
    import time
    from urllib.parse import urlsplit

    from scorekeeper.web.connections import BODY, HEADERS

    where = urlsplit(served.base)
    closed: dict[str, float] = {}

    def closed_after(name: str, talk) -> None:
        started = time.monotonic()
        with socket.create_connection((where.hostname, where.port), timeout=BODY + 5) as sock:
            talk(sock)
            try:
                while sock.recv(100):
                    pass
            except OSError:
                pass
        closed[name] = time.monotonic() - started

    def slowly(sock: socket.socket) -> None:
        sock.settimeout(1)
        for byte in b"GET / HTTP/1.1\r\nHost: x\r\n":
            try:
                sock.sendall(bytes([byte]))
                if sock.recv(1) == b"":  # a second's wait, the server's close seen at once
                    return
            except TimeoutError:
                continue
            except OSError:
                return

    def no_body(sock: socket.socket) -> None:
        head = (
            f"POST /entry/coup?token={served.token('entry')} HTTP/1.1\r\nHost: x\r\nContent-Length: 300\r\n\r\nline=10h"
        )
        sock.sendall(head.encode())

    talks = {"idle": lambda sock: None, "slowly": slowly, "no body": no_body}
    threads = [threading.Thread(target=closed_after, args=item) for item in talks.items()]
    for thread in threads:
        thread.start()
    time.sleep(1)
    assert fetch(served.view)[0] == 200  # the page answers meanwhile
    for thread in threads:
        thread.join(BODY + 10)
    assert HEADERS - 0.5 < closed["idle"] < HEADERS + 2, closed
    assert HEADERS - 0.5 < closed["slowly"] < HEADERS + 2, closed  # a byte a second renews nothing
    assert BODY - 0.5 < closed["no body"] < BODY + 2, closed
    assert stored_coups() == []
    stop(served)
    assert "Traceback" not in served.process.stderr.read()


def test_300_idle_sockets_under_a_limit_of_256_files_leave_a_phone_answered(marius_game):
    """issue 41: an attacker's 300 silent sockets (each opened again as soon as it is closed) against a server
    allowed 256 open files: the longest silent of the flooding address are closed for newcomers, a phone
    (another address) loads the page each time within a second, and the server's output holds no traceback."""
    import threading
    import time
    from urllib.parse import urlsplit

    running = serve("--game", marius_game, files=256)
    where = urlsplit(running.base)
    done = threading.Event()
    opened = [0]

    def attacker() -> None:
        while not done.is_set():
            try:
                with socket.create_connection((where.hostname, where.port), timeout=2) as sock:
                    sock.settimeout(None)  # held until the server closes it (or stops)
                    opened[0] += 1
                    while not done.is_set() and sock.recv(1):
                        pass
            except OSError:
                time.sleep(0.1)

    attackers = [threading.Thread(target=attacker, daemon=True) for _ in range(300)]
    try:
        for thread in attackers:
            thread.start()
        time.sleep(2)
        loads = []
        for _ in range(10):
            started = time.monotonic()
            with socket.create_connection(
                (where.hostname, where.port), timeout=5, source_address=("127.0.0.2", 0)
            ) as phone:
                phone.sendall(
                    f"GET /?token={running.token()} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
                )
                answer = b""
                while chunk := phone.recv(65536):
                    answer += chunk
            loads.append((time.monotonic() - started, answer[:12]))
            time.sleep(0.2)
    finally:
        done.set()
        stop(running)
    assert opened[0] > 300  # silent sockets were closed, and opened again
    assert all(head == b"HTTP/1.1 200" and took < 1 for took, head in loads), loads
    errors = running.process.stderr.read()
    assert "Traceback" not in errors and len(errors.splitlines()) <= 30, errors


def test_a_coup_sent_while_another_command_writes_waits_and_the_other_pages_go_on(served: Served, home):
    """issue 41: a post for a game whose lock another command holds waits for it without freezing the server:
    the live page and sheet.json answer meanwhile, and the coup is stored once the lock is let go."""
    import subprocess
    import sys
    import threading
    import time

    key = form_key(served)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\nfrom scorekeeper import store\n"
            "with store.locked('marius'):\n    print('held', flush=True)\n    time.sleep(2)\n",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    answered: list[int] = []
    sender = threading.Thread(
        target=lambda: answered.append(post(served, "/entry/coup", {"line": "10h cesar 40", "key": key, "at": "0"})[0])
    )
    started = time.monotonic()
    sender.start()
    reads = []
    while sender.is_alive() and time.monotonic() - started < 1.5:
        began = time.monotonic()
        assert fetch(served.view.replace("/?", "/sheet.json?"))[0] == 200
        reads.append(time.monotonic() - began)
    sender.join(10)
    holder.wait(10)
    assert reads and max(reads) < 0.5, reads  # never frozen behind the lock
    assert answered == [200] and time.monotonic() - started >= 1.5
    assert [coup["declared"]["retourne"] for coup in stored_coups()] == ["10H"]


def test_a_game_busy_past_the_wait_is_said_and_nothing_stored(home, marius_game):
    """issue 41: the wait has a deadline: a game still locked by another after it is « busy, try again »."""
    import asyncio
    from types import SimpleNamespace

    from scorekeeper import store
    from scorekeeper.service.session import Session
    from scorekeeper.web.app import _free

    desk = SimpleNamespace(session=Session(marius_game))
    with store.locked(marius_game):
        assert asyncio.run(_free(desk, 0.2)) is False  # type: ignore[arg-type]
    assert asyncio.run(_free(desk, 0.2)) is True  # type: ignore[arg-type]


def test_a_revanche_made_at_the_terminal_is_followed_by_the_running_server(home):
    """issue 41: the demo's partie is over; `new --again` at the terminal makes its revanche, and the running
    server's page and entry page show it at the same addresses, a coup entered there going to the revanche;
    a restart of `serve` on the revanche keeps the links."""
    import time

    scorekeeper("demo")
    running = serve("--game", "demo", "--entry")
    try:
        stream = urllib.request.urlopen(running.view.replace("/?", "/events?"), timeout=10)
        assert stream.readline().startswith(b"data: ")
        stream.readline()
        made = scorekeeper("new", "--again", "--game", "demo-2")
        assert made.returncode == 0
        event = json.loads(stream.readline().decode()[len("data: ") :])  # the open page told to load again
        assert event == {"followed": "demo-2"}
        deadline = time.monotonic() + 5
        while "demo-2" not in fetch(running.view)[1] and time.monotonic() < deadline:
            time.sleep(0.1)
        status, page, _ = fetch(running.view)
        assert status == 200 and "demo-2" in page
        status, page, _ = post(running, "/entry/coup", {"line": "10h cesar 40", "key": form_key(running), "at": "0"})
        assert status == 200
        assert len(stored_coups("demo-2")) == 1
    finally:
        stop(running)
    again = serve("--game", "demo-2")
    try:
        assert again.token() == running.token()  # the same link, after a restart (on another port here)
    finally:
        stop(again)
