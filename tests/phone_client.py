"""A scriptable phone for tests and the benchmark: one WebSocket on its own asyncio thread.

The test's thread stays free to run Qt's event loop (the host applies choices on
it), so every wait takes a ``pump`` that keeps Qt going while it waits.
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import aiohttp


def ws_url(page_url: str) -> str:
    return page_url.replace("http://", "ws://", 1).rstrip("/") + "/ws"


def origin_of(page_url: str) -> str:
    return "/".join(page_url.split("/")[:3])


class Phone:
    """Connects to a seat link; every text it receives lands in ``inbox`` (and ``texts``)."""

    def __init__(self, page_url: str, origin: str | None = "", timeout: float = 10) -> None:
        self.url = page_url
        self.timeout = timeout
        self.inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.texts: list[str] = []
        self.close_code: int | None = None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self._run(self._connect(origin_of(page_url) if origin == "" else origin))

    def _run(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(self.timeout)

    async def _connect(self, origin: str | None) -> None:
        self.session = aiohttp.ClientSession()
        headers = {"Origin": origin} if origin is not None else {}
        try:
            self.ws = await self.session.ws_connect(ws_url(self.url), headers=headers,
                                                    max_msg_size=0)
        except BaseException:
            await self.session.close()
            raise
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.texts.append(msg.data)
                self.inbox.put(("text", msg.data))
        self.close_code = self.ws.close_code
        self.inbox.put(("closed", self.ws.close_code))

    def send(self, data: str | dict[str, Any]) -> None:
        text = data if isinstance(data, str) else json.dumps(data)
        self._run(self.ws.send_str(text))

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
