"""The companion's HTTP and WebSocket server: aiohttp, on its own asyncio thread.

aiohttp serves the page and the WebSockets from one established library (no
hand-written HTTP); it runs on an event loop in a thread of its own, so the
window never waits for a phone. The server holds no game: the host side hands it
ready frames (`publish`), and it hands each checked message to ``on_message`` on
its own thread; the caller carries that over to the thread that owns the game.

- The page and its files (named in `STATIC`, read from the package folder: no
  path from a request ever reaches the file system) are the same for every seat
  and hold no secret; the socket is ``/ws``. A seat's key stays in the link's
  fragment, which the browser never sends, so no address, header or log line
  carries it (aiohttp's access log is off; the page sends no Referer).
- A WebSocket must come from the page's own origin (``Origin`` equal to
  ``http://<Host>``), so another web site open on a phone cannot drive a seat.
- Behind a tunnel (`remote`): with a public address chosen (``public``, an
  ``https://`` origin), that name is served too, a socket from exactly that origin
  is accepted, the server also listens on loopback (where a tunnel's client
  connects), and ``X-Forwarded-Host``/``-Proto`` are believed. Without one those
  headers are ignored: anyone on the Wi-Fi could send them.
- Every socket starts with a challenge and the page's sealed proof (`seal`);
  from then on every frame both ways is sealed and padded. Compression is off.
- One claim per seat, confirmed at the table: the first device whose proof opens
  with a seat's key asks for the seat. It is given a device secret (which it shows
  in every later proof) and a short code, and nothing of the seat (``pending``);
  ``on_waiting`` tells the table the code. Only when the host confirms that code
  (`confirm`) does the device claim the seat and get its frames; the host may
  refuse it instead (`refuse`: ``declined``, close 4007), and the seat's link stays
  open to its owner, whose device asks with a new code. Another
  device while a claim waits is told to wait (``busy``, close 4008: the page tries
  again by itself). A link can be photographed off a shared screen or read in a
  chat, so a link alone never opens a seat. A device without the claiming
  device's secret is refused (``refused``, close 4003) and ``on_refused`` tells
  the table; a reload of the claiming device reconnects and replaces its older
  connection (``taken_over``, close 4001). A seat given a new key (its phone
  changed at the table) ends the old device's connection (``moved``, close 4002),
  and the old key then opens nothing but that same answer; a seat played at the
  table again is ended the same way with its own words (``at_table``, close 4006).
- Every ending has its own close code (`ENDINGS`), so the page says which it was:
  hosting stopped (4004) and a new game (4005) as well as the ones above. A page
  that cannot join yet (no key, a wrong or old one, a table that does not answer)
  has nothing sealed to read, so the page carries those words in every language
  (`endings`, laid into the page itself: they are the same for everyone).
- The table page (``/t/<table token>/``: `TABLE_PAGE` and `TABLE_STATIC`) shows the
  public board to any number of browsers; it sends nothing but pings. The board's
  art (`companion.table.board_art`) is served there under its content's hash.
- Each connection is rate-limited; bad messages get an error frame, nothing else, and
  a flood past the limit gets one "slow down" and is dropped.
- Connections are capped per address and in all, a request head must arrive in time,
  and only the addresses the program offers are served (`guard`).
- The dice art is served once under its content's hash (cached by the browser), so
  a connect only names it (``art_at``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import secrets
import threading
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from bsg_desktop.companion.frames import SeatFrame, dumps
from bsg_desktop.companion.guard import (
    KEEPALIVE,
    ConnectionGuard,
    allowed_hosts,
    host_check,
    hostname,
)
from bsg_desktop.companion.logs import quiet_exhaustion, quiet_request_logs
from bsg_desktop.companion.protocol import (
    BadMessage,
    Message,
    RateLimit,
    error_text,
    parse,
)
from bsg_desktop.companion.remote import origin_host
from bsg_desktop.companion.seal import CHALLENGE_BYTES, HELLO, UP_SIZE, Channel, Unsealed, opens
from bsg_desktop.companion.table import art_document as table_art
from bsg_desktop.i18n import LANGUAGES, tr

STATIC = {"app.js": "text/javascript", "style.css": "text/css", "board.js": "text/javascript",
          "rule_code.js": "text/javascript", "vendor/nacl-fast.min.js": "text/javascript"}
PAGE = "index.html"
TABLE_STATIC = {"table.js": "text/javascript", "table.css": "text/css",
                "rule_code.js": "text/javascript"}
TABLE_PAGE = "table.html"
TAKEN_OVER = 4001  # the close code a replaced connection of the same device gets
MOVED = 4002       # the seat's phone was changed at the table
REFUSED = 4003     # a device that has not claimed the seat, or a proof that does not open
STOPPED = 4004     # the table stopped hosting
NEW_GAME = 4005    # a new game was started at the table: this game's links are void
AT_TABLE = 4006    # the seat is played at the table again
DECLINED = 4007    # the host refused this device's claim of the seat
BUSY = 4008        # another device's claim of the seat waits for the host: try again soon
# how hosting may end for every page at once (`stop`), by its close code
STOP_CODES = {"stopped": STOPPED, "new_game": NEW_GAME}
# what a page says for each way it may end or fail to join: translation keys
ENDINGS = {
    "checking": "companion.ending.checking", "no_answer": "companion.ending.no_answer",
    "incomplete": "companion.ending.incomplete", "wrong": "companion.ending.wrong",
    "stopped": "companion.ending.stopped", "new_game": "companion.ending.new_game",
    "at_table": "companion.page.at_table_device", "moved": "companion.page.moved_device",
    "refused": "companion.page.refused_device", "taken_over": "companion.page.taken_over",
    "closed": "companion.page.closed",
    "declined": "companion.page.declined_device", "busy": "companion.page.busy_device",
}
ENDINGS_SLOT = b'<script type="application/json" id="endings">{}</script>'
PROOF_SECONDS = 10  # how long a new socket may take to prove its key
DEVICE_BYTES = 32
CODE_DIGITS = 4     # a claim's code: read aloud or held up beside the invite dialog
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; connect-src 'self'; "
                               "img-src 'self' data:; frame-ancestors 'none'",
}
# the table page may be shown inside a seat's page (the board beside the seat's own
# decision, `board.js`), never inside another site's
TABLE_HEADERS = {**HEADERS, "Content-Security-Policy": HEADERS["Content-Security-Policy"]
                 .replace("frame-ancestors 'none'", "frame-ancestors 'self'")}
# the art under its content's hash never changes: the browser keeps it
ART_HEADERS = {**HEADERS, "Cache-Control": "public, max-age=31536000, immutable"}


# addresses a tunnel's client reaches already: no second listener for those
LOOPBACK = ("127.0.0.1", "localhost", "::1", "", "0.0.0.0", "::")


def _first(value: str | None) -> str:
    """The first entry of a forwarded header (a chain of proxies appends theirs)."""
    return (value or "").split(",")[0].strip()


@web.middleware
async def forwarded(request: web.Request,
                    handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                    ) -> web.StreamResponse:
    """Behind a tunnel the Host a browser used may come as ``X-Forwarded-Host`` (and
    https as ``X-Forwarded-Proto``): only installed when a public address was chosen."""
    host = _first(request.headers.get("X-Forwarded-Host"))
    scheme = _first(request.headers.get("X-Forwarded-Proto")).lower()
    if host or scheme in ("http", "https"):
        request = request.clone(host=host or request.host,
                                scheme=scheme if scheme in ("http", "https")
                                else request.scheme)
    return await handler(request)


async def _anonymous(_request: web.Request, response: web.StreamResponse) -> None:
    """No ``Server`` header: the page tells nothing about what runs here."""
    response.headers.pop("Server", None)


def _static(name: str) -> bytes:
    return resources.files("bsg_desktop.companion").joinpath("static", name).read_bytes()


def endings() -> dict[str, dict[str, str]]:
    """Every ending's words in every language: ``{lang: {kind: words}}``."""
    return {lang: {kind: tr(key, lang) for kind, key in ENDINGS.items()}
            for lang in LANGUAGES}


def page_with_endings() -> bytes:
    """The page, with every ending's words laid in as data (a script block the page
    reads, never runs: the page's policy allows no inline script)."""
    words = dumps(endings()).replace("<", "\\u003c").encode("utf-8")
    page = _static(PAGE)
    if ENDINGS_SLOT not in page:
        raise RuntimeError("the page has no place for its endings")
    return page.replace(ENDINGS_SLOT, ENDINGS_SLOT.replace(b"{}", words))


def new_device() -> str:
    return secrets.token_hex(DEVICE_BYTES)


def new_code(unlike: str = "") -> str:
    """A claim's code: four digits, the same in every language (the phone and the
    dialog may speak different ones), never the seat's previous code (so a host's
    answer to an older claim cannot fit a newer one)."""
    while True:
        code = f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"
        if code != unlike:
            return code


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


@dataclass(eq=False)
class _Conn:
    """One proven connection: its socket, its sealing and its queue of frames out
    (one writer task seals them in order, so the frame numbers match). A future in the
    queue is a mark (`written`): the writer resolves it once it gets there."""

    ws: web.WebSocketResponse
    channel: Channel
    seat: int
    queue: asyncio.Queue[str | asyncio.Future[None] | None] = field(
        default_factory=asyncio.Queue)
    writer: asyncio.Task[None] | None = None

    def send(self, text: str) -> None:
        if not self.ws.closed:
            self.queue.put_nowait(text)

    def written(self) -> asyncio.Future[None]:
        """Done once every frame queued before it is written to the socket (or the
        socket is gone)."""
        mark: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self.ws.closed or self.writer is None or self.writer.done():
            mark.set_result(None)
        else:
            self.queue.put_nowait(mark)
        return mark

    async def write(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if isinstance(text, asyncio.Future):
                    _resolve(text)
                    continue
                if text is None or self.ws.closed:
                    return
                try:
                    await self.ws.send_bytes(self.channel.seal(text))
                except (ConnectionError, RuntimeError):  # the phone went away mid-send
                    return
        finally:  # nothing more is written: nobody waits for it
            while not self.queue.empty():
                left = self.queue.get_nowait()
                if isinstance(left, asyncio.Future):
                    _resolve(left)

    async def end(self, text: str | None, code: int, reason: bytes) -> None:
        """Send ``text`` (if any) after everything queued, then close."""
        if text is not None:
            self.send(text)
        self.queue.put_nowait(None)
        if self.writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self.writer), 5)
        await self.ws.close(code=code, message=reason)


def _resolve(mark: asyncio.Future[None]) -> None:
    if not mark.done():
        mark.set_result(None)


@dataclass(eq=False)
class _Waiting:
    """A device that asked for a seat and waits for the host: its secret, its code, and
    its connection while it is connected. It has nothing of the seat."""

    device: str
    code: str
    conn: _Conn | None = None


class CompanionServer:
    """Serve one game's seat pages on ``host``:``port`` (port 0: any free port).

    ``on_message(seat, message)``, ``on_presence(seat, connected)``,
    ``on_claim(seat, device)`` (a claim confirmed), ``on_waiting(seat, code)`` (a
    device asks for a seat) and ``on_refused(seat)`` are called on the server's
    thread. `publish`, `flush`, `send_error`, `set_seats`, `confirm` and `refuse` may be
    called from any thread.
    """

    def __init__(self, on_message: Callable[[int, Message], None],
                 on_presence: Callable[[int, bool], None], art: str,
                 host: str = "127.0.0.1", port: int = 0,
                 on_claim: Callable[[int, str], None] | None = None,
                 on_refused: Callable[[int], None] | None = None,
                 lang: str = "en", offered: Iterable[str] = (), public: str = "",
                 on_waiting: Callable[[int, str], None] | None = None) -> None:
        self.on_message = on_message
        self.on_presence = on_presence
        self.on_claim = on_claim or (lambda _seat, _device: None)
        self.on_refused = on_refused or (lambda _seat: None)
        self.on_waiting = on_waiting or (lambda _seat, _code: None)
        self.art = art
        # the dice art is the same for a whole program version: served once under its
        # content's hash, kept by the browser, and only named on each connect
        self.art_name = f"art-{hashlib.sha256(art.encode()).hexdigest()[:20]}.json"
        self.art_served = 0  # times the art itself went out (tests)
        self.offered = set(offered)  # the addresses the program offers (Host check)
        # the public address players join from (`remote.public_origin`), or ""
        self.public = public
        if public:  # its name, and loopback's own for a tunnel that passes that on
            self.offered |= {origin_host(public), "127.0.0.1", "localhost"}
        self.guard: ConnectionGuard | None = None
        self.host = host
        self.port = port
        self.lang = lang  # for the answers to devices that get no seat
        self.loop: asyncio.AbstractEventLoop | None = None
        self._page_bytes = page_with_endings()
        self._keys: dict[int, bytes] = {}
        self._claims: dict[int, str] = {}     # seat -> the claiming device's secret
        self._waiting: dict[int, _Waiting] = {}  # seat -> the claim the host has not answered
        self._codes: dict[int, str] = {}      # seat -> its newest claim's code
        # keys of seats whose phone was changed, or that are played at the table again:
        # the seat and what its old page is told ("moved", "at_table")
        self._retired: dict[bytes, tuple[int, str]] = {}
        self._ending = 1001  # the close code every page gets when the server stops
        self._state: dict[int, str] = {}      # seat -> newest state frame
        self._page: dict[int, tuple[str, ...]] = {}  # seat -> its page texts and cards
        self._langs: dict[int, str] = {}
        self._conns: dict[int, _Conn] = {}
        self._thread: threading.Thread | None = None
        self._also: asyncio.Server | None = None  # the loopback listener behind a tunnel
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._stopped: asyncio.Event | None = None
        self.sent = 0  # frames sent (benchmarks, tests)
        # the table page: public, any number of browsers, under its own token
        self._table_token = ""
        self._table_state = ""
        self._table_strings = ""
        self._table_conns: set[web.WebSocketResponse] = set()
        self._table_writes: set[asyncio.Future[None]] = set()  # table frames being written
        # called on the server's thread when a table page starts watching: its frame is
        # made only while one watches, so the host is asked for a fresh one then
        self.on_table_watch: Callable[[], None] | None = None

    # ------------------------------------------------------------ lifecycle
    def start(self) -> int:
        """Bind and serve; returns the port. Raises OSError if the address cannot be used."""
        quiet_request_logs()
        self._thread = threading.Thread(target=self._run, name="bsg-companion", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        if self._failed is not None:
            self._thread.join(5)
            raise self._failed
        return self.port

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        loop.set_exception_handler(quiet_exhaustion)
        self.loop = loop
        asyncio.set_event_loop(loop)
        runner = web.AppRunner(self._app(), access_log=None, handle_signals=False,
                               keepalive_timeout=KEEPALIVE)
        listening: asyncio.Server | None = None
        try:
            loop.run_until_complete(runner.setup())
            assert runner.server is not None
            self.guard = ConnectionGuard(runner.server)  # caps and head timeout first
            listening = loop.run_until_complete(loop.create_server(
                self.guard, self.host, self.port, reuse_address=True))
            # the bound socket tells the port that port 0 picked
            self.port = listening.sockets[0].getsockname()[1]
            if self.public and self.host not in LOOPBACK:
                # a tunnel's client (cloudflared, ngrok, tailscale serve) connects on
                # loopback: the same port there too
                self._also = loop.run_until_complete(loop.create_server(
                    self.guard, "127.0.0.1", self.port, reuse_address=True))
        except BaseException as e:  # noqa: BLE001 - reported to start()'s caller
            self._failed = e
            if listening is not None:
                listening.close()
            loop.run_until_complete(runner.cleanup())
            loop.close()
            self._ready.set()
            return
        self._stopped = asyncio.Event()
        self._ready.set()
        try:
            loop.run_until_complete(self._stopped.wait())
            for server in (listening, self._also):
                if server is not None:
                    server.close()
            waiting = [w.conn for w in self._waiting.values() if w.conn is not None]
            for conn in [*self._conns.values(), *waiting]:
                loop.run_until_complete(conn.ws.close(code=self._ending,
                                                      message=b"hosting ended"))
            for ws in list(self._table_conns):
                loop.run_until_complete(ws.close(code=self._ending,
                                                 message=b"hosting ended"))
            loop.run_until_complete(runner.cleanup())
            # sends still queued for pages that are gone: cancelled, not left dangling
            rest = [t for t in asyncio.all_tasks(loop) if not t.done()]
            for t in rest:
                t.cancel()
            loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))
        finally:
            loop.close()

    def stop(self, ending: str = "") -> None:
        """Close every connection and the port; returns when the thread has ended.
        ``ending`` (`STOP_CODES`: "stopped", "new_game") tells every page why, by its
        close code; without one the pages take it for a lost connection (hosting
        moved to another address of this computer, where they do not follow)."""
        self._ending = STOP_CODES.get(ending, 1001)
        loop, stopped = self.loop, self._stopped
        if loop is not None and stopped is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stopped.set)
            except RuntimeError:  # the loop closed meanwhile
                pass
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # -------------------------------------------------------- host -> phones
    def _call(self, fn: Callable[..., Any], *args: Any) -> None:
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # stopping
            pass

    def set_seats(self, keys: dict[int, bytes], claims: dict[int, str],
                  at_table: Iterable[int] = ()) -> None:
        """The seats that may connect, each with its key, and the devices that claimed
        them before (a server started again for the same game keeps its claims). A
        seat with a new key had its phone changed; one in ``at_table`` is played at
        the table again instead, and its old page is told so."""
        self._call(self._set_seats, dict(keys), dict(claims), frozenset(at_table))

    def _set_seats(self, keys: dict[int, bytes], claims: dict[int, str],
                   at_table: frozenset[int] = frozenset()) -> None:
        new_claims: dict[int, str] = {}
        for seat, key in keys.items():
            old = self._keys.get(seat)
            if old is not None and old != key:
                # nothing more for its old page, which is told why
                self._retired[old] = (seat, "at_table" if seat in at_table else "moved")
                continue
            claim = self._claims.get(seat) if old == key else None
            claim = claim or claims.get(seat)
            if claim:
                new_claims[seat] = claim
        for seat, conn in list(self._conns.items()):
            if seat not in keys:
                self._drop(conn, None, 1008, b"seat closed")
            elif keys[seat] != self._keys.get(seat):
                if seat in at_table:
                    self._drop(conn, self._notice("at_table", seat), AT_TABLE, b"at table")
                else:
                    self._drop(conn, self._notice("moved", seat), MOVED, b"moved")
        # a claim still waiting was for the seat's old link
        for seat in [s for s in self._waiting if keys.get(s) != self._keys.get(s)]:
            waiting = self._waiting.pop(seat, None)
            conn = waiting.conn if waiting is not None else None
            if conn is None:
                continue
            if seat not in keys:
                asyncio.ensure_future(conn.end(None, 1008, b"seat closed"))
            else:
                why = "at_table" if seat in at_table else "moved"
                asyncio.ensure_future(conn.end(self._notice(why, seat),
                                               AT_TABLE if why == "at_table" else MOVED,
                                               why.encode()))
        self._keys, self._claims = keys, new_claims

    def _drop(self, conn: _Conn, text: str | None, code: int, reason: bytes) -> None:
        if self._conns.get(conn.seat) is conn:
            del self._conns[conn.seat]
            self.on_presence(conn.seat, False)
        asyncio.ensure_future(conn.end(text, code, reason))

    def _notice(self, kind: str, seat: int | None) -> str:
        lang = self._langs.get(seat, self.lang) if seat is not None else self.lang
        return dumps({"type": kind, "lang": lang,
                      "message": tr(f"companion.page.{kind}_device", lang)})

    # ------------------------------------------------------- claims at the table
    def confirm(self, seat: int, code: str) -> None:
        """The host saw ``code`` on the phone in front of them: that waiting device claims
        the seat and gets its frames. Nothing happens if the seat's waiting claim has
        another code by now (the host answered a claim that is gone)."""
        self._call(self._confirm, seat, code)

    def _confirm(self, seat: int, code: str) -> None:
        waiting = self._waiting.get(seat)
        if waiting is None or waiting.code != code or seat not in self._keys or \
                seat in self._claims:
            return
        del self._waiting[seat]
        self._claims[seat] = waiting.device
        self.on_claim(seat, waiting.device)
        conn = waiting.conn
        if conn is not None and not conn.ws.closed:
            self._admit(conn)

    def refuse(self, seat: int, code: str) -> None:
        """The host refused the claim with ``code``: its device is told and gets nothing
        of the seat. The seat's link stays open: a device that opens it next asks anew,
        with a new code (the refused one too, should it reload: the host refuses again).
        Not remembering refused devices keeps a mistaken refusal mendable, and a
        device could shed its secret anyway (a private tab)."""
        self._call(self._refuse, seat, code)

    def _refuse(self, seat: int, code: str) -> None:
        waiting = self._waiting.get(seat)
        if waiting is None or waiting.code != code:
            return
        del self._waiting[seat]
        if waiting.conn is not None:
            asyncio.ensure_future(waiting.conn.end(self._notice("declined", seat), DECLINED,
                                                   b"declined"))

    def publish(self, seat: int, state: str, strings: str, lang: str, cards: str = "") -> None:
        """The seat's newest frame (and its page texts and card faces): sent now if a
        page is connected, and to any page that connects later."""
        self.publish_all({seat: SeatFrame(state, strings, lang, cards)})

    def publish_all(self, frames: dict[int, SeatFrame]) -> None:
        """`publish` for several seats in one hand-over: this thread is woken once, not
        once for each seat (each wake-up passes Python's lock to it and back)."""
        self._call(self._publish_all, dict(frames))

    def _publish_all(self, frames: dict[int, SeatFrame]) -> None:
        for seat, f in frames.items():
            self._publish(seat, f.state, (f.strings, f.cards) if f.cards else (f.strings,),
                          f.lang)

    def _publish(self, seat: int, state: str, page: tuple[str, ...], lang: str) -> None:
        before = self._page.get(seat, ())
        send = [t for i, t in enumerate(page) if i >= len(before) or before[i] != t]
        if self._state.get(seat) != state:
            send.append(state)
        self._state[seat], self._page[seat], self._langs[seat] = state, page, lang
        conn = self._conns.get(seat)
        if conn is not None:
            for text in send:
                self._send(conn, text)

    def flush(self, limit: float) -> bool:
        """Wait, at most ``limit`` seconds, until every frame handed over before this
        call (`publish`, `publish_table`) is written to its page's socket; True if it
        was. For the window's thread before it redraws a move: the redraw holds
        Python's lock, which this thread needs to seal and send, so without the wait
        the other pages would wait for the window. A page whose socket does not take
        more (a phone out of reach) holds this up only until ``limit``."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return True
        done = threading.Event()
        self._call(self._when_written, done)
        return done.wait(limit)

    def _when_written(self, done: threading.Event) -> None:
        # the loop runs its calls in order: the publishes handed over before are queued
        marks = [conn.written() for conn in self._conns.values()]
        marks.extend(self._table_writes)
        if not marks:
            done.set()
            return
        asyncio.ensure_future(asyncio.wait(marks)).add_done_callback(lambda _: done.set())

    def send_error(self, seat: int, code: str) -> None:
        self._call(self._send_error, seat, code)

    def _send_error(self, seat: int, code: str) -> None:
        conn = self._conns.get(seat)
        if conn is not None:
            self._send(conn, self._error(seat, code))

    def _error(self, seat: int, code: str) -> str:
        return dumps({"type": "error", "code": code,
                      "message": error_text(code, self._langs.get(seat, "en"))})

    def _send(self, conn: _Conn, text: str) -> None:
        if conn.ws.closed:
            return
        self.sent += 1
        conn.send(text)

    # ------------------------------------------------------------------ web
    def _app(self) -> web.Application:
        checks = [host_check(allowed_hosts(self.host, self.offered))]
        if self.public:
            checks.insert(0, forwarded)
        app = web.Application(client_max_size=4 * UP_SIZE, middlewares=checks)
        app.on_response_prepare.append(_anonymous)
        app.router.add_get("/", self._index)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/t/{token}", self._table_short)
        app.router.add_get("/t/{token}/", self._table_page)
        app.router.add_get("/t/{token}/ws", self._table_socket)
        app.router.add_get("/t/{token}/{name}", self._table_file)
        app.router.add_get("/{name:.+}", self._file)
        return app

    async def _index(self, _request: web.Request) -> web.Response:
        return web.Response(body=self._page_bytes, content_type="text/html",
                            charset="utf-8", headers=HEADERS)

    async def _file(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name == self.art_name:
            self.art_served += 1
            return web.Response(text=self.art, content_type="application/json",
                                charset="utf-8", headers=ART_HEADERS)
        if name not in STATIC:
            raise web.HTTPNotFound()
        return web.Response(body=_static(name), content_type=STATIC[name], charset="utf-8",
                            headers=HEADERS)

    async def _prove(self, ws: web.WebSocketResponse) -> tuple[int, Channel, str] | None:
        """Challenge the page; (seat, channel, device secret given) if its first frame
        opens with a seat's key. A retired key is answered ``moved`` or ``at_table``;
        anything else is closed with nothing said (the page says the link is wrong)."""
        challenge = secrets.token_bytes(CHALLENGE_BYTES)
        await ws.send_bytes(HELLO + challenge)
        try:
            msg = await ws.receive(timeout=PROOF_SECONDS)
        except TimeoutError:
            msg = None
        if msg is None or msg.type != WSMsgType.BINARY:
            await ws.close(code=REFUSED, message=b"refused")
            return None
        for seat, key in self._keys.items():
            found = opens(key, challenge, msg.data)
            if found is not None:
                channel, text = found
                try:
                    hello = json.loads(text)
                    device = hello.get("device", "") if isinstance(hello, dict) else ""
                except ValueError:
                    device = ""
                return seat, channel, device if isinstance(device, str) else ""
        for key, (seat, why) in self._retired.items():
            found = opens(key, challenge, msg.data)
            if found is not None:
                conn = _Conn(ws, found[0], seat)
                conn.writer = asyncio.ensure_future(conn.write())
                code = AT_TABLE if why == "at_table" else MOVED
                await conn.end(self._notice(why, seat), code, why.encode())
                return None
        await ws.close(code=REFUSED, message=b"refused")
        return None

    def _admit(self, conn: _Conn) -> None:
        """The seat's own device: its secret again, then the seat's texts and frame."""
        seat = conn.seat
        conn.send(dumps({"type": "welcome", "device": self._claims[seat]}))
        old = self._conns.get(seat)
        self._conns[seat] = conn
        if old is not None:
            asyncio.ensure_future(old.end(dumps({"type": "taken_over"}), TAKEN_OVER,
                                          b"taken over"))
        art_at = dumps({"type": "art_at", "href": self.art_name}) if self.art else ""
        for text in (art_at, self._board_at(), *self._page.get(seat, ()),
                     self._state.get(seat)):
            if text:
                self._send(conn, text)
        self.on_presence(seat, True)

    async def _ask(self, conn: _Conn, given: str) -> bool:
        """A device with the link of an unclaimed seat: it waits for the host with a code
        and nothing of the seat (True: the connection stays, to be admitted or refused),
        or it is told why not and closed (False)."""
        seat = conn.seat
        waiting = self._waiting.get(seat)
        if waiting is not None and not _same(waiting.device, given):
            self.on_refused(seat)  # the table hears that a second device asked
            await conn.end(self._notice("busy", seat), BUSY, b"busy")
            return False
        if waiting is None:
            code = self._codes[seat] = new_code(self._codes.get(seat, ""))
            waiting = self._waiting[seat] = _Waiting(new_device(), code)
            self.on_waiting(seat, code)
        old, waiting.conn = waiting.conn, conn
        if old is not None:
            asyncio.ensure_future(old.end(dumps({"type": "taken_over"}), TAKEN_OVER,
                                          b"taken over"))
        lang = self._langs.get(seat, self.lang)
        conn.send(dumps({"type": "pending", "lang": lang, "device": waiting.device,
                         "code": waiting.code,
                         "title": tr("companion.page.pending_title", lang),
                         "message": tr("companion.page.pending_device", lang)}))
        return True

    def _check_origin(self, request: web.Request) -> None:
        """A socket only from one of this server's own pages: ``http://<Host>`` on the
        network, or exactly the public origin (whatever Host a tunnel passes on: the
        browser sets ``Origin``, no web page can). Another is refused (403)."""
        origin = request.headers.get("Origin")
        if self.public and origin == self.public:
            return
        if origin != f"http://{request.host}" or \
                (self.public and hostname(request.host) == origin_host(self.public)):
            raise web.HTTPForbidden()

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        self._check_origin(request)
        # every frame a page sends has one size (seal.UP_SIZE); anything larger closes
        # the connection. No per-message compression: sizes are the padding's alone.
        # The heartbeat notices a phone that vanished without closing (Wi-Fi lost).
        ws = web.WebSocketResponse(max_msg_size=2 * UP_SIZE, heartbeat=10, compress=False)
        await ws.prepare(request)
        proven = await self._prove(ws)
        if proven is None:
            return ws
        seat, channel, given = proven
        conn = _Conn(ws, channel, seat)
        conn.writer = asyncio.ensure_future(conn.write())
        claim = self._claims.get(seat)
        if claim is not None:
            if not _same(claim, given):
                self.on_refused(seat)
                await conn.end(self._notice("refused", seat), REFUSED, b"refused")
                return ws
            self._admit(conn)
        elif not await self._ask(conn, given):
            return ws
        limit = RateLimit()
        try:
            async for msg in ws:
                if msg.type != WSMsgType.BINARY:
                    continue
                try:
                    raw = channel.open(msg.data)
                except Unsealed:
                    break  # tampered, replayed or out of order: nothing after it is trusted
                if not limit.allow():
                    if limit.first_refusal():  # said once; the rest of a flood is dropped
                        self._send(conn, self._error(seat, "slow_down"))
                    continue
                try:
                    message = parse(raw)
                except BadMessage as e:
                    self._send(conn, self._error(seat, e.code))
                    continue
                if message.type == "ping":
                    self._send(conn, '{"type":"pong"}')
                    continue
                if self._conns.get(seat) is conn:
                    self.on_message(seat, message)
        finally:
            if self._conns.get(seat) is conn:
                del self._conns[seat]
                self.on_presence(seat, False)
            waiting = self._waiting.get(seat)
            if waiting is not None and waiting.conn is conn:
                waiting.conn = None  # the claim still waits: the device may come back
            conn.queue.put_nowait(None)
            if not ws.closed:
                await ws.close(code=1008, message=b"bad frame")
        return ws

    # ------------------------------------------------------------ the table page
    # The public board for any browser on the network (a TV, a projector, a spectator's
    # laptop): read-only, so any number may watch; its frames carry no seat's secret
    # (`companion.table`). It has a token of its own, so without it nothing here tells
    # that a game runs, and a seat's token never opens it (nor it a seat).

    def set_table_token(self, token: str) -> None:
        self._call(self._set_table_token, token)

    def _set_table_token(self, token: str) -> None:
        self._table_token = token
        for conn in list(self._conns.values()):  # the seats' pages show the board there
            self._send(conn, self._board_at())
        if not token:
            for ws in list(self._table_conns):
                asyncio.ensure_future(ws.close(code=1008, message=b"table closed"))

    def _board_at(self) -> str:
        """Where a seat's page finds the board: the table page, public and the same for
        every seat (so every seat gets this same frame, sealed like the rest)."""
        href = f"t/{self._table_token}/" if self._table_token else ""
        return dumps({"type": "board_at", "href": href})

    @property
    def table_watched(self) -> bool:
        """Whether a table page watches (read from any thread: a set's size)."""
        return bool(self._table_conns)

    def publish_table(self, state: str, strings: str) -> None:
        """The table's newest frame (and texts), sent to every table page that watches."""
        self._call(self._publish_table, state, strings)

    def _publish_table(self, state: str, strings: str) -> None:
        send = [t for t, old in ((strings, self._table_strings), (state, self._table_state))
                if t != old]
        self._table_state, self._table_strings = state, strings
        for ws in list(self._table_conns):
            for text in send:
                self._table_send(ws, text)

    def _table_send(self, ws: web.WebSocketResponse, text: str) -> None:
        """A table frame as it is: public, so not sealed (it holds no seat's secret)."""
        if not ws.closed:
            self.sent += 1
            task = asyncio.ensure_future(self._table_write(ws, text))
            self._table_writes.add(task)  # until written (`flush`)
            task.add_done_callback(self._table_writes.discard)

    @staticmethod
    async def _table_write(ws: web.WebSocketResponse, text: str) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):  # the page went away
            await ws.send_str(text)

    def _check_table(self, request: web.Request) -> None:
        given = request.match_info.get("token", "")
        token = self._table_token
        if not token or not hmac.compare_digest(token.encode(), given.encode()):
            raise web.HTTPNotFound()

    async def _table_short(self, request: web.Request) -> web.Response:
        self._check_table(request)
        raise web.HTTPFound(request.path + "/", headers=HEADERS)

    async def _table_page(self, request: web.Request) -> web.Response:
        self._check_table(request)
        return web.Response(body=_static(TABLE_PAGE), content_type="text/html",
                            charset="utf-8", headers=TABLE_HEADERS)

    async def _table_file(self, request: web.Request) -> web.Response:
        self._check_table(request)
        name = request.match_info["name"]
        art = table_art(name)
        if art is not None:  # the board's art, under its content's hash: kept by the browser
            return web.Response(text=art, content_type="application/json", charset="utf-8",
                                headers=ART_HEADERS)
        if name not in TABLE_STATIC:
            raise web.HTTPNotFound()
        return web.Response(body=_static(name), content_type=TABLE_STATIC[name],
                            charset="utf-8", headers=HEADERS)

    async def _table_socket(self, request: web.Request) -> web.WebSocketResponse:
        self._check_table(request)
        self._check_origin(request)
        ws = web.WebSocketResponse(max_msg_size=UP_SIZE, heartbeat=10)
        await ws.prepare(request)
        self._table_conns.add(ws)
        for text in (self.art, self._table_strings, self._table_state):
            if text:
                self._table_send(ws, text)
        if self.on_table_watch is not None:
            self.on_table_watch()
        limit = RateLimit()
        try:
            async for msg in ws:  # a table page only watches; it may ask for a pong
                if msg.type != WSMsgType.TEXT or not limit.allow():
                    continue
                try:
                    if parse(msg.data).type == "ping":
                        self._table_send(ws, '{"type":"pong"}')
                except BadMessage:
                    continue  # nothing a table page sends can act
        finally:
            self._table_conns.discard(ws)
            if not self._table_conns:  # not kept up to date while nobody watches
                self._table_state = ""
        return ws
