"""The companion server and its bridge to the window, over real sockets on 127.0.0.1.

A scripted phone (`phone_client.Phone`) talks to the aiohttp server that
`PhoneHost` runs for a `GameController`; Qt's loop runs on the test's thread
while the phone waits, as in the window. Covered: what a wrong token learns (the
the page holds no secret), static files only from the package, the origin check,
bad messages (error reply, nothing changes, connection kept), a frame that does
not open (the connection ends), the rate limit, a choice and an undo from the
seat's own phone, one claim per seat (another device refused and the table
told, the same device reconnecting), a seat moved to another phone, a
disconnected seat the game waits for and hands to a computer, and that no key
or device secret reaches a log.
"""

from __future__ import annotations

import json
import logging
import urllib.error
import urllib.request

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("aiohttp")

from phone_client import Phone, get  # noqa: E402
from PySide6.QtCore import QCoreApplication  # noqa: E402

from bsg_desktop.companion.protocol import BadMessage, Message, parse  # noqa: E402
from bsg_desktop.engine import Setup, new_game  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402


def pump() -> None:
    QCoreApplication.processEvents()


@pytest.fixture
def hosted(hosted_table):  # type: ignore[no-untyped-def]
    """A 3-seat game: seats 0 and 1 human, seat 2 a computer, hosted on loopback."""
    c, ph = hosted_table(11)
    phones: list[Phone] = []

    def connect(seat: int, url: str = "", **kw) -> Phone:  # type: ignore[no-untyped-def]
        p = Phone(url or ph.url(seat), **kw)
        phones.append(p)
        return p

    yield c, ph, connect
    for p in phones:
        try:
            p.close()
        except Exception:  # noqa: BLE001 - already closed by the test
            pass



def state(phone: Phone) -> dict:  # type: ignore[type-arg]
    return phone.next("state", pump)


def test_without_the_key_nothing_is_learned(hosted) -> None:  # type: ignore[no-untyped-def]
    c, ph, connect = hosted
    url = ph.url(0)
    base, fragment = url.split("/#", 1)
    assert fragment == ph.host.fragment(0) and len(fragment) == 43  # 256 bits, never sent
    # the page and its files are the same for every seat: no key in any address
    status, page = get(base + "/")
    assert status == 200 and b"app.js" in page and b"nacl-fast.min.js" in page
    for name in ("app.js", "style.css", "vendor/nacl-fast.min.js"):
        assert get(f"{base}/{name}")[0] == 200, name
    with urllib.request.urlopen(base + "/", timeout=10) as r:  # noqa: S310 - loopback test
        assert "Server" not in r.headers
        assert "script-src 'self'" in r.headers["Content-Security-Policy"]
    answers = {get(base + path) for path in ("/s/", "/nothing", "/favicon.ico", "/ws/x",
                                             "/vendor/", "/vendor/tweetnacl-LICENSE")}
    assert len(answers) == 1 and next(iter(answers))[0] == 404  # one bare answer for all
    for path in ("../server.py", "%2e%2e/server.py", "..%2fserver.py", "index.html/../host.py",
                 "frames.py", "static/app.js", "__init__.py", "vendor/nacl.js",
                 "static/vendor/nacl-fast.min.js"):
        assert get(f"{base}/{path}")[0] == 404, path
    # a wrong key: the socket is closed, with nothing said and no seat taken
    wrong = connect(0, url=base + "/#" + "A" * 43)
    assert wrong.next(None, pump) == {"type": "_closed", "code": 4003}
    assert not wrong.texts and ph.connected == set() and not ph.claimed(0)


def test_sockets_from_another_origin_are_refused(hosted) -> None:  # type: ignore[no-untyped-def]
    c, ph, connect = hosted
    for origin in ("http://evil.example", None, "null"):
        with pytest.raises(Exception):  # noqa: B017 - 403 at the handshake
            connect(0, origin=origin)
    assert ph.connected == set()


def test_a_phone_gets_exactly_the_hosts_frame_and_plays(hosted) -> None:  # type: ignore[no-untyped-def]
    c, ph, connect = hosted
    p0 = connect(0)
    href = p0.next("art_at", pump)["href"]
    with urllib.request.urlopen(ph.url(0).split("#")[0] + href, timeout=5) as art:
        assert json.loads(art.read())["faces"]  # the dice art, kept by the browser
        assert "immutable" in art.headers["Cache-Control"]
    assert p0.next("strings", pump)["strings"]["hide"] == "Hide"
    s = state(p0)
    g = c.game
    assert p0.texts[-1] == ph.host.frame(g, 0)  # byte for byte what the host made
    assert 0 in c.phones and 0 in ph.connected and not c.needs_handover()
    assert c.unlocked is None  # its secrets never go on the table's screen
    assert g.pending.seat == 0 and s["decision"]["kind"] == "action"
    before = len(g.choices)
    option = s["decision"]["options"][0]["choice"]
    p0.send({"type": "choose", "seq": s["seq"], "choice": option})
    after = state(p0)
    assert after["seq"] > s["seq"] and len(c.game.choices) > before
    assert str(c.game.choices[before]) == option


def test_bad_messages_change_nothing_and_keep_the_connection(hosted) -> None:  # type: ignore[no-untyped-def]
    c, ph, connect = hosted
    p0 = connect(0)
    s = state(p0)
    seq = s["seq"]
    choices = list(c.game.choices)
    bad = [
        ("not json {", "not_json"),
        ("[1, 2]", "bad_field"),
        (json.dumps({"type": "choose", "seq": "1", "choice": "skip"}), "bad_field"),
        (json.dumps({"type": "choose", "seq": seq, "choice": 5}), "bad_field"),
        (json.dumps({"type": "choose", "seq": True, "choice": "skip"}), "bad_field"),
        (json.dumps({"type": "launch"}), "unknown_type"),
        (json.dumps({"type": "choose", "seq": seq, "choice": "a6:brig,7"}), "not_an_option"),
        (json.dumps({"type": "choose", "seq": seq, "choice": "%%%"}), "not_an_option"),
        (json.dumps({"type": "choose", "seq": seq - 1, "choice": "skip"}), "stale"),
        (json.dumps({"type": "undo", "seq": seq}), "no_undo"),
        (json.dumps({"type": "lang", "lang": "xx"}), "bad_field"),
    ]
    for text, code in bad:
        p0.send(text)
        reply = p0.next("error", pump)
        assert reply["code"] == code, text[:40]
        assert reply["message"] and reply["message"] != f"companion.error.{code}"
    assert c.game.choices == choices
    p1 = connect(1)
    s1 = state(p1)
    p1.send({"type": "choose", "seq": s1["seq"], "choice": "skip"})
    assert p1.next("error", pump)["code"] == "not_your_turn"
    assert c.game.choices == choices
    p0.send({"type": "ping"})
    assert p0.next("pong", pump)  # still connected
    assert ph.connected == {0, 1}
    # a frame that does not open (tampered, or sealed with another key) ends the connection
    box = bytearray(p0.seal({"type": "ping"}))
    box[20] ^= 1
    p0._run(p0.ws.send_bytes(bytes(box)))
    assert p0.next("_closed", pump)["code"] == 1008
    assert c.game.choices == choices


def test_a_flood_is_rate_limited(hosted) -> None:  # type: ignore[no-untyped-def]
    c, ph, connect = hosted
    p0 = connect(0)
    state(p0)

    p0.send_many(['{"type":"ping"}'] * 120)
    codes = []
    while True:
        try:
            msg = p0.next(None, pump, timeout=1.0)
        except TimeoutError:
            break
        codes.append(msg.get("code") or msg["type"])
    # told once; the rest of the flood is dropped, not answered message by message
    assert codes.count("slow_down") == 1 and 40 <= codes.count("pong") < 60
    assert len(codes) < 70
    p0.send({"type": "ping"})  # the connection itself stays


def test_parse_refuses_what_is_not_a_message() -> None:
    assert parse('{"type":"choose","seq":3,"choice":"join"}') == Message("choose", 3, "join")
    assert parse(b'{"type":"lang","lang":"hu"}') == Message("lang", lang="hu")
    for raw, code in ((b"\xff\xfe", "not_json"), ('"text"', "bad_field"),
                      ('{"type":"choose","seq":-1,"choice":"x"}', "bad_field"),
                      ('{"type":"choose","seq":1,"choice":""}', "bad_field"),
                      ("[" * 100_000, "too_big"), ("[" * 5000 + "]" * 5000, "not_json")):
        with pytest.raises(BadMessage) as e:
            parse(raw)
        assert e.value.code == code


def test_one_device_claims_a_seat_and_another_is_refused_in_public(hosted) -> None:  # type: ignore[no-untyped-def]
    c, ph, connect = hosted
    first = connect(0)
    assert first.next("welcome", pump)["device"] == first.device and first.device
    state(first)
    assert ph.claimed(0) and ph.host.devices[0] == first.device
    # another device with the same link: refused, told so, given no frame of the seat
    spy = connect(0)
    refused = spy.next(None, pump)
    assert refused["type"] == "refused" and "another phone" in refused["message"]
    assert spy.next(None, pump) == {"type": "_closed", "code": 4003}
    assert [json.loads(t)["type"] for t in spy.texts] == ["refused"]
    for _ in range(200):
        pump()
        if ph.notice:
            break
        spy.thread.join(0.005)
    assert ph.notice == ("ui.phones.refused", 0)
    # the notice is news: it leaves the table's status line after a while
    from bsg_desktop.ui.invite import PhoneStatus

    line = PhoneStatus(c.game.c, ph)
    assert "tried to join" in line.text()
    ph._notice_timer.setInterval(30)
    ph._notice_timer.start()
    for _ in range(400):
        pump()
        if ph.notice is None:
            break
        spy.thread.join(0.005)
    assert ph.notice is None and "tried to join" not in line.text() and "Hosting" in line.text()
    # the claimed phone plays on
    first.send({"type": "ping"})
    assert first.next("pong", pump)
    # the same device again (a reload): it reconnects, and its older connection ends
    again = connect(0, device=first.device)
    assert state(again)["me"]["seat"] == 0
    assert first.next("taken_over", pump)
    assert first.next("_closed", pump)["code"] == 4001
    assert ph.connected == {0}
    again.send({"type": "ping"})
    assert again.next("pong", pump)


def test_a_seat_moved_to_another_phone_ends_the_old_ones(hosted) -> None:  # type: ignore[no-untyped-def]
    c, ph, connect = hosted
    old_url = ph.url(0)
    first = connect(0)
    state(first)
    ph.move_phone(0)
    assert ph.notice == ("ui.phones.moved", 0) and not ph.claimed(0)
    assert first.next(None, pump)["type"] == "moved"
    assert first.next(None, pump) == {"type": "_closed", "code": 4002}
    n = len(first.texts)
    # the old link and device open nothing more; the new link claims the seat anew
    old = connect(0, url=old_url, device=first.device)
    assert old.next(None, pump)["type"] == "moved" and len(old.texts) == 1
    new = connect(0)
    assert ph.url(0) != old_url and state(new)["me"]["seat"] == 0
    for _ in range(200):
        pump()
        if ph.claimed(0):
            break
        new.thread.join(0.005)
    assert ph.claimed(0) and ph.host.devices[0] == new.device != first.device
    assert len(first.texts) == n


def test_each_ending_reaches_the_phone_with_its_own_close_code(hosted) -> None:  # type: ignore[no-untyped-def]
    """At the table again (4006, with its words, and so is its old link later), stop
    hosting (4004) and a new game (4005): none looks like a lost connection (1001)."""
    from bsg_desktop.ui.controller import COMPUTER, HUMAN

    c, ph, connect = hosted
    old_url = ph.url(0)
    first, second = connect(0), connect(1)
    state(first)
    state(second)
    ph.to_table(0)
    assert first.next(None, pump)["type"] == "at_table"
    assert first.next(None, pump) == {"type": "_closed", "code": 4006}
    again = connect(0, url=old_url, device=first.device)
    said = again.next(None, pump)
    assert said["type"] == "at_table" and "played at the table" in said["message"]
    assert again.next(None, pump) == {"type": "_closed", "code": 4006}
    ph.stop()
    assert second.next("_closed", pump)["code"] == 4004
    ph.start("127.0.0.1", 0)
    third = connect(1, device=second.device)  # the same game: its claims hold
    state(third)
    c.start(Setup(players=3), 12, [HUMAN, HUMAN, COMPUTER])  # a new game
    assert third.next("_closed", pump)["code"] == 4005


def test_the_game_waits_for_a_lost_phone_or_hands_it_to_a_computer(hosted) -> None:  # type: ignore[no-untyped-def]
    c, ph, connect = hosted
    url = ph.url(0)
    p0 = connect(0)
    state(p0)
    p0.close()
    for _ in range(200):
        pump()
        if 0 not in ph.connected:
            break
        p0.thread.join(0.01)
    assert 0 not in ph.connected and 0 in c.phones  # still a phone seat: the game waits
    choices = len(c.game.choices)
    for _ in range(50):
        pump()
    assert len(c.game.choices) == choices and c.pending_seat == 0 and not c.needs_handover()
    c.make_computer(0)
    c.play_bots_now(limit=3)
    assert len(c.game.choices) > choices
    assert 0 not in ph.host.keys
    for _ in range(20):
        pump()
    late = connect(0, url=url, device=p0.device)  # the old link no longer opens the seat
    assert late.next(None, pump) == {"type": "_closed", "code": 4003}


def test_undo_comes_from_the_seats_own_phone(hosted) -> None:  # type: ignore[no-untyped-def]
    c, ph, connect = hosted
    # seat 0 in the brig with spent dice: two retrievals in a row, the first undoable
    g = new_game(Setup(players=3), 5, overrides={
        "brig": [0], "dice": {0: {"strong": {"spent": 2}, "weak": {"active": 1, "spent": 1}}}})
    c.adopt(g, [HUMAN, HUMAN, COMPUTER])
    ph.start("127.0.0.1", 0)  # another game: new links
    p0 = connect(0)
    s = state(p0)
    assert s["decision"]["kind"] == "retrieve" and not s["undo"]
    p0.send({"type": "choose", "seq": s["seq"], "choice": "retrieve:strong"})
    s = state(p0)
    assert s["undo"] and s["decision"]  # still seat 0's turn to decide
    assert c.can_undo(0) and not c.can_undo() and not c.can_undo(1)
    assert not c.undo()  # the table cannot take back what the phone decided
    p0.send({"type": "undo", "seq": s["seq"]})
    s = state(p0)
    assert [str(x) for x in c.game.choices][-2:] == ["retrieve:strong", "undo"]
    assert not s["undo"] and s["decision"]["kind"] == "retrieve"
    assert "takes back" in s["log"][-1]


def test_keys_never_reach_a_log(hosted, caplog, capfd) -> None:  # type: ignore[no-untyped-def]
    caplog.set_level(logging.DEBUG)
    c, ph, connect = hosted
    keys = [ph.host.fragment(s) for s in ph.host.keys]
    p0 = connect(0)
    state(p0)
    get(ph.url(0))
    get(ph.url(0).split("#")[0] + "nope")
    p0.send("garbage")
    p0.next("error", pump)
    connect(0).next("_closed", pump)  # a refused device
    p0.close()
    for _ in range(20):
        pump()
    out, err = capfd.readouterr()
    logged = caplog.text + out + err
    assert all(k not in logged for k in keys) and p0.device not in logged


MALFORMED = """
import socket, sys
from bsg_desktop.companion.server import CompanionServer
token = "Tok3nThatMustNotShow"  # any text of a path: none reaches the terminal
srv = CompanionServer(lambda s, m: None, lambda s, c: None, "")
port = srv.start()
bad = [f"GET /s/{token}/ HTTP/9.9\\r\\n\\r\\n".encode(),
       f"GET /s/{token}/{'x' * 20000} HTTP/1.1\\r\\n\\r\\n".encode(),
       f"GET /s/{token}/ HTTP/1.1\\r\\n".encode()
       + b"".join(b"X-%d: y\\r\\n" % i for i in range(500)) + b"\\r\\n",
       f"POST /s/{token}/ HTTP/1.1\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\nzz\\r\\n".encode()]
for data in bad * 3:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(data)
        assert s.recv(100).startswith(b"HTTP/1.0 400"), data[:30]
srv.stop()
print("served")
"""


def test_malformed_requests_write_one_short_line_without_the_token() -> None:
    """In a process of its own, as the program runs: no test logging catches the lines."""
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-c", MALFORMED], capture_output=True, text=True,
                       timeout=60)
    assert r.stdout.strip() == "served", r.stderr[-2000:]
    assert "Tok3nThatMustNotShow" not in r.stderr and "Traceback" not in r.stderr, r.stderr
    lines = r.stderr.strip().splitlines()
    # twelve refused requests within a moment: one line
    assert lines == ["bsg-express phone server: refused a request (BadStatusLine)"], lines


def test_refused_request_lines_are_rate_limited_and_count_what_they_left_out() -> None:
    from bsg_desktop.companion.logs import RefusedRequests

    now = [0.0]
    h = RefusedRequests(every=10, clock=lambda: now[0])
    written: list[str] = []
    import sys as _sys

    real = _sys.stderr

    class Sink:
        def write(self, text: str) -> None:
            written.append(text)

    _sys.stderr = Sink()  # type: ignore[assignment]
    try:
        for t in (0, 1, 2, 3, 11, 12, 30):
            now[0] = t
            try:
                raise ValueError(f"GET /s/secret-token-{t}/ HTTP/9.9")
            except ValueError:
                h.handle(logging.LogRecord("aiohttp.server", logging.ERROR, __file__, 1,
                                           "Error handling request", None, _sys.exc_info()))
    finally:
        _sys.stderr = real
    assert written == ["bsg-express phone server: refused a request (ValueError)\n",
                       "bsg-express phone server: refused a request (ValueError) "
                       "(and 3 more since the last line)\n",
                       "bsg-express phone server: refused a request (ValueError) "
                       "(and 1 more since the last line)\n"]


def test_an_accept_out_of_open_files_is_one_short_line_and_other_loop_errors_are_asyncios(
        capsys) -> None:  # type: ignore[no-untyped-def]
    import asyncio
    import errno

    from bsg_desktop.companion import logs

    loop = asyncio.new_event_loop()
    seen: list[dict[str, object]] = []
    loop.default_exception_handler = seen.append  # type: ignore[method-assign]
    logs.quiet_request_logs().last = None
    try:
        for _ in range(3):  # a flood: asyncio reports every accept that failed
            logs.quiet_exhaustion(loop, {"message": "socket.accept() out of system resource",
                                         "exception": OSError(errno.EMFILE,
                                                              "Too many open files")})
        other = {"message": "Task exception was never retrieved", "exception": KeyError("x")}
        logs.quiet_exhaustion(loop, other)
    finally:
        loop.close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "out of open files" in err
    assert "Too many open files" not in err and "Traceback" not in err
    assert seen == [other]  # anything else is asyncio's own report


def test_flush_waits_for_the_frames_handed_over_to_be_written_but_never_past_its_limit(  # type: ignore[no-untyped-def]
        hosted, monkeypatch) -> None:
    """The window lets the server's thread write a move's frames before it redraws
    (`PhoneHost.flush`): it returns once they are written, and a page whose socket
    takes nothing (a phone out of reach) holds the window only until the limit."""
    import asyncio
    import threading
    import time

    from aiohttp import web

    c, ph, connect = hosted
    phone = connect(0)
    first = state(phone)
    server, host = ph.server, ph.host
    release = threading.Event()
    send_bytes = web.WebSocketResponse.send_bytes

    async def held(self, data, *args, **kw):  # type: ignore[no-untyped-def]
        while not release.is_set():  # the socket takes nothing until released
            await asyncio.sleep(0.005)
        await send_bytes(self, data, *args, **kw)

    monkeypatch.setattr(web.WebSocketResponse, "send_bytes", held)
    seq = first["seq"] + 1
    server.publish(0, json.dumps({"seq": seq, "type": "state"}), host.strings(0),
                   host.langs[0], host.cards(0))
    start = time.monotonic()
    assert server.flush(0.2) is False  # not written: the window goes on after 0.2 s
    assert 0.2 <= time.monotonic() - start < 2
    release.set()
    server.publish(0, json.dumps({"seq": seq + 1, "type": "state"}), host.strings(0),
                   host.langs[0], host.cards(0))
    assert server.flush(5) is True
    assert [state(phone)["seq"], state(phone)["seq"]] == [seq, seq + 1]
