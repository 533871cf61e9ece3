"""A scriptable phone for tests and the benchmark: one WebSocket on its own asyncio thread.

It speaks what the page speaks (`bsg_desktop.companion.seal`): the seat key from the
link's fragment, the server's challenge, a sealed proof carrying the device secret
(``device``; a new phone has none), then sealed frames both ways. The test's
thread stays free to run Qt's event loop (the host applies choices on it), so
every wait takes a ``pump`` that keeps Qt going while it waits.
"""

from __future__ import annotations

import asyncio
import base64
import json
import queue
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

import aiohttp

from bsg_desktop.companion.seal import CHALLENGE_BYTES, HELLO, Channel, Unsealed


def ws_url(page_url: str) -> str:
    origin = origin_of(page_url)
    return "ws" + origin[len("http"):] + "/ws"  # http -> ws, https -> wss


def origin_of(page_url: str) -> str:
    return "/".join(page_url.split("/")[:3])


def key_of(page_url: str) -> bytes:
    text = page_url.split("#", 1)[1] if "#" in page_url else ""
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Phone:
    """Connects to a seat link; every text it receives lands in ``inbox`` (and ``texts``)."""

    def __init__(self, page_url: str, origin: str | None = "", timeout: float = 10,
                 device: str = "", compress: int = 15,
                 headers: dict[str, str] | None = None, ssl: Any = None) -> None:
        self.url = page_url
        self.timeout = timeout
        self.device = device
        self.compress = compress  # as browsers offer it: permessage-deflate
        self.headers = dict(headers or {})  # more headers (another Host, forwarded ones)
        self.ssl = ssl  # an ssl.SSLContext for a wss:// link (a test's own certificate)
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.texts: list[str] = []
        self.sizes: list[int] = []  # bytes of every sealed frame received
        self.close_code: int | None = None
        self.channel: Channel | None = None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self._run(self._connect(origin_of(page_url) if origin == "" else origin))

    def _run(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(self.timeout)

    async def _connect(self, origin: str | None) -> None:
        self.session = aiohttp.ClientSession()
        headers = {"Origin": origin} if origin is not None else {}
        headers.update(self.headers)
        try:
            self.ws = await self.session.ws_connect(ws_url(self.url), headers=headers,
                                                    max_msg_size=0, compress=self.compress,
                                                    ssl=self.ssl if self.ssl is not None
                                                    else True)
        except BaseException:
            await self.session.close()
            raise
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type != aiohttp.WSMsgType.BINARY:
                continue
            if self.channel is None:  # the challenge: answer with the sealed proof
                data = msg.data
                assert data[:len(HELLO)] == HELLO and len(data) == len(HELLO) + CHALLENGE_BYTES
                self.channel = Channel(key_of(self.url), data[len(HELLO):], table=False)
                await self.ws.send_bytes(self.channel.seal(json.dumps(
                    {"type": "hello", "device": self.device})))
                continue
            self.sizes.append(len(msg.data))
            try:
                text = self.channel.open(msg.data)
            except Unsealed:
                self.inbox.put(("unsealed", None))
                continue
            if json.loads(text).get("type") in ("welcome", "pending"):
                self.device = json.loads(text)["device"]  # kept, as the page keeps it
            self.texts.append(text)
            self.inbox.put(("text", text))
        self.close_code = self.ws.close_code
        self.inbox.put(("closed", self.ws.close_code))

    def seal(self, data: str | dict[str, Any]) -> bytes:
        assert self.channel is not None, "not challenged yet"
        return self.channel.seal(data if isinstance(data, str) else json.dumps(data))

    def send(self, data: str | dict[str, Any]) -> None:
        box = self.seal(data)
        self._run(self.ws.send_bytes(box))

    def send_many(self, data: list[str]) -> None:
        """Sent at once, without waiting between them (a flood)."""
        boxes = [self.seal(d) for d in data]

        async def flood() -> None:
            for box in boxes:
                await self.ws.send_bytes(box)
        self._run(flood())

    def next(self, kind: str | None = None, pump: Callable[[], None] | None = None,
             timeout: float | None = None) -> dict[str, Any]:
        """The next message (of ``kind``, skipping others); raises TimeoutError."""
        end = time.monotonic() + (timeout or self.timeout)
        while time.monotonic() < end:
            if pump is not None:
                pump()
            try:
                what, data = self.inbox.get(timeout=0.005 if pump else 0.2)
            except queue.Empty:
                continue
            if what == "closed":
                return {"type": "_closed", "code": data}
            if what == "unsealed":
                return {"type": "_unsealed"}
            msg = json.loads(data)
            if kind is None or msg.get("type") == kind:
                return msg  # type: ignore[no-any-return]
        raise TimeoutError(f"no {kind or 'message'} within the time")

    def close(self) -> None:
        if self.loop.is_closed():
            return

        async def _close() -> None:
            if not self.ws.closed:
                await self.ws.close()
            await self.session.close()
        try:
            self._run(_close())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)
            self.loop.close()


def get(url: str) -> tuple[int, bytes]:
    """A plain HTTP GET on loopback: the status and body, an error status included."""
    try:
        with urllib.request.urlopen(url, timeout=10) as r:  # noqa: S310 - loopback test
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()
