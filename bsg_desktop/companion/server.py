"""The companion's HTTP and WebSocket server: aiohttp, on its own asyncio thread.

aiohttp serves the page and the WebSockets from one established library (no
hand-written HTTP); it runs on an event loop in a thread of its own, so the
window never waits for a phone. The server holds no game: the host side hands it
ready frames (`publish`), and it hands each checked message to ``on_message`` on
its own thread; the caller carries that over to the thread that owns the game.

- Every address lives under ``/s/<token>/``: the page, its two static files (named
  in `STATIC`, read from the package folder: no path from a request ever reaches
  the file system) and the seat's WebSocket. Anything else, a wrong token
  included, is the same bare 404, so without a token nothing tells that a game
  runs here. Tokens are compared in constant time and never logged (aiohttp's
  access log is off; the page sends no Referer).
- A WebSocket must come from the page's own origin (``Origin`` equal to
  ``http://<Host>``), so another web site open on a phone cannot drive a seat.
- One device per seat: a second connection on the same link takes over, and the
  first is told so (``{"type": "taken_over"}``) and closed.
- Each connection is rate-limited; bad messages get an error frame, nothing else.
"""

from __future__ import annotations

import asyncio
import hmac
import threading
from collections.abc import Callable
from importlib import resources
from typing import Any

from aiohttp import WSMsgType, web

from bsg_desktop.companion.frames import dumps
from bsg_desktop.companion.protocol import (
    MAX_BYTES,
    BadMessage,
    Message,
    RateLimit,
    error_text,
    parse,
)

STATIC = {"app.js": "text/javascript", "style.css": "text/css"}
PAGE = "index.html"
TAKEN_OVER = 4001  # the close code a replaced connection gets
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                               "frame-ancestors 'none'",
}


async def _anonymous(_request: web.Request, response: web.StreamResponse) -> None:
    """No ``Server`` header: a request without a token learns nothing about what runs here."""
    response.headers.pop("Server", None)


def _static(name: str) -> bytes:
    return resources.files("bsg_desktop.companion").joinpath("static", name).read_bytes()


class CompanionServer:
    """Serve one game's seat pages on ``host``:``port`` (port 0: any free port).

    ``on_message(seat, message)`` and ``on_presence(seat, connected)`` are called on
    the server's thread. `publish`, `send_error` and `set_tokens` may be called from
    any thread.
    """

    def __init__(self, on_message: Callable[[int, Message], None],
                 on_presence: Callable[[int, bool], None], art: str,
                 host: str = "127.0.0.1", port: int = 0) -> None:
        self.on_message = on_message
        self.on_presence = on_presence
        self.art = art
        self.host = host
        self.port = port
        self.loop: asyncio.AbstractEventLoop | None = None
        self._tokens: dict[str, int] = {}
        self._state: dict[int, str] = {}    # seat -> newest state frame
        self._strings: dict[int, str] = {}  # seat -> its page texts frame
        self._langs: dict[int, str] = {}
        self._conns: dict[int, web.WebSocketResponse] = {}
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._stopped: asyncio.Event | None = None
        self.sent = 0  # frames sent (benchmarks, tests)

    # ------------------------------------------------------------ lifecycle
    def start(self) -> int:
        """Bind and serve; returns the port. Raises OSError if the address cannot be used."""
        self._thread = threading.Thread(target=self._run, name="bsg-companion", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        if self._failed is not None:
            self._thread.join(5)
            raise self._failed
        return self.port

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        asyncio.set_event_loop(loop)
        runner = web.AppRunner(self._app(), access_log=None, handle_signals=False)
        try:
            loop.run_until_complete(runner.setup())
            site = web.TCPSite(runner, self.host, self.port, reuse_address=True)
            loop.run_until_complete(site.start())
            server = site._server  # the bound socket tells the port that port 0 picked
            if server is not None and getattr(server, "sockets", None):
                self.port = server.sockets[0].getsockname()[1]
        except BaseException as e:  # noqa: BLE001 - reported to start()'s caller
            self._failed = e
            loop.run_until_complete(runner.cleanup())
            loop.close()
            self._ready.set()
            return
        self._stopped = asyncio.Event()
        self._ready.set()
        try:
            loop.run_until_complete(self._stopped.wait())
            for ws in list(self._conns.values()):
                loop.run_until_complete(ws.close(code=1001, message=b"hosting ended"))
            loop.run_until_complete(runner.cleanup())
            # sends still queued for pages that are gone: cancelled, not left dangling
            rest = [t for t in asyncio.all_tasks(loop) if not t.done()]
            for t in rest:
                t.cancel()
            loop.run_until_complete(asyncio.gather(*rest, return_exceptions=True))
        finally:
            loop.close()

    def stop(self) -> None:
        """Close every connection and the port; returns when the thread has ended."""
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

    def set_tokens(self, tokens: dict[int, str]) -> None:
        """The seats that may connect, each with its token (seat -> token)."""
        self._call(self._set_tokens, {t: s for s, t in tokens.items()})

    def _set_tokens(self, by_token: dict[str, int]) -> None:
        self._tokens = by_token
        for seat, ws in list(self._conns.items()):
            if seat not in by_token.values():
                asyncio.ensure_future(ws.close(code=1008, message=b"seat closed"))

    def publish(self, seat: int, state: str, strings: str, lang: str) -> None:
        """The seat's newest frame (and its page texts): sent now if a page is connected,
        and to any page that connects later."""
        self._call(self._publish, seat, state, strings, lang)

    def _publish(self, seat: int, state: str, strings: str, lang: str) -> None:
        send = []
        if self._strings.get(seat) != strings:
            send.append(strings)
        if self._state.get(seat) != state:
            send.append(state)
        self._state[seat], self._strings[seat], self._langs[seat] = state, strings, lang
        ws = self._conns.get(seat)
        if ws is not None:
            for text in send:
                self._send(ws, text)

    def send_error(self, seat: int, code: str) -> None:
        self._call(self._send_error, seat, code)

    def _send_error(self, seat: int, code: str) -> None:
        ws = self._conns.get(seat)
        if ws is not None:
            self._send(ws, self._error(seat, code))

    def _error(self, seat: int, code: str) -> str:
        return dumps({"type": "error", "code": code,
                      "message": error_text(code, self._langs.get(seat, "en"))})

    def _send(self, ws: web.WebSocketResponse, text: str) -> None:
        if ws.closed:
            return
        self.sent += 1
        asyncio.ensure_future(self._safe_send(ws, text))

    @staticmethod
    async def _safe_send(ws: web.WebSocketResponse, text: str) -> None:
        try:
            await ws.send_str(text)
        except (ConnectionError, RuntimeError):  # the phone went away mid-send
            pass

    # ------------------------------------------------------------------ web
    def _app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BYTES)
        app.on_response_prepare.append(_anonymous)
        app.router.add_get("/s/{token}", self._short)
        app.router.add_get("/s/{token}/", self._page)
        app.router.add_get("/s/{token}/ws", self._socket)
        app.router.add_get("/s/{token}/{name}", self._file)
        return app

    def _seat(self, request: web.Request) -> int:
        """The seat of the request's token, or the same 404 as for any unknown address."""
        given = request.match_info.get("token", "")
        for token, seat in self._tokens.items():
            if hmac.compare_digest(token.encode(), given.encode()):
                return seat
        raise web.HTTPNotFound()

    async def _short(self, request: web.Request) -> web.Response:
        """The short link in the QR code: on to the page's folder, whose files it loads."""
        self._seat(request)
        raise web.HTTPFound(request.path + "/", headers=HEADERS)

    async def _page(self, request: web.Request) -> web.Response:
        self._seat(request)
        return web.Response(body=_static(PAGE), content_type="text/html", charset="utf-8",
                            headers=HEADERS)

    async def _file(self, request: web.Request) -> web.Response:
        self._seat(request)
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return web.Response(body=_static(name), content_type=STATIC[name], charset="utf-8",
                            headers=HEADERS)

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        seat = self._seat(request)
        if request.headers.get("Origin") != f"http://{request.host}":
            raise web.HTTPForbidden()
        # aiohttp closes on anything past max_msg_size; below it the message is
        # refused with an error reply (MAX_BYTES) and the connection stays
        # the heartbeat notices a phone that vanished without closing (Wi-Fi lost)
        ws = web.WebSocketResponse(max_msg_size=4 * MAX_BYTES, heartbeat=10)
        await ws.prepare(request)
        old = self._conns.get(seat)
        self._conns[seat] = ws
        if old is not None and not old.closed:
            await self._safe_send(old, dumps({"type": "taken_over"}))
            await old.close(code=TAKEN_OVER, message=b"taken over")
        for text in (self.art, self._strings.get(seat), self._state.get(seat)):
            if text:
                self._send(ws, text)
        self.on_presence(seat, True)
        limit = RateLimit()
        try:
            async for msg in ws:
                if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    continue
                if not limit.allow():
                    self._send(ws, self._error(seat, "slow_down"))
                    continue
                try:
                    message = parse(msg.data)
                except BadMessage as e:
                    self._send(ws, self._error(seat, e.code))
                    continue
                if message.type == "ping":
                    self._send(ws, '{"type":"pong"}')
                    continue
                if self._conns.get(seat) is ws:
                    self.on_message(seat, message)
        finally:
            if self._conns.get(seat) is ws:
                del self._conns[seat]
                self.on_presence(seat, False)
        return ws
