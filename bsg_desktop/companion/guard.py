"""Limits that keep the companion's server standing, kept apart from what it serves.

A room's Wi-Fi may hold someone who opens sockets and never finishes a request. Each
such socket holds a file descriptor of the program's process, which on macOS may have
only 256: enough of them and new phones time out and Save fails. So, before aiohttp
sees a connection:

- `ConnectionGuard` counts connections per address and in all. One over its
  address's cap is closed at once. At the cap in all, a new connection pushes out
  the oldest one that has still not sent a whole request head, so sockets that hang
  cannot keep a new phone out; and a connection that has not sent its first head
  within `HEAD_TIMEOUT` is closed (later requests on it are aiohttp's keep-alive
  timeout's).
- `host_check` answers a request whose ``Host`` is not one of the addresses the
  program offers with the same bare 404 as an unknown link: a web page whose own name
  was made to point at this computer (DNS rebinding) is not served, and its
  WebSocket's ``Origin`` cannot equal the page's own address.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from aiohttp import web

HEAD_TIMEOUT = 10.0  # seconds a new connection has to send its first request head
KEEPALIVE = 15.0     # seconds an idle or half-sent later request is kept (aiohttp's)
PER_ADDRESS = 32     # connections one address may hold: a page uses a few
TOTAL = 128          # connections in all: half of the smallest usual open-file limit


class ConnectionGuard:
    """A protocol factory around aiohttp's (``factory``) that enforces the caps and the
    head timeout; ``refused`` and ``timed_out`` count what it closed (tests)."""

    def __init__(self, factory: Callable[[], asyncio.Protocol], per_address: int = PER_ADDRESS,
                 total: int = TOTAL, head_timeout: float = HEAD_TIMEOUT) -> None:
        self.factory = factory
        self.per_address, self.total, self.head_timeout = per_address, total, head_timeout
        self.open: Counter[str] = Counter()
        self.waiting: dict[_Guarded, None] = {}  # no head yet, oldest first
        self.refused = 0
        self.timed_out = 0

    def __call__(self) -> asyncio.Protocol:
        return _Guarded(self)

    def admit(self, address: str) -> bool:
        if self.open[address] >= self.per_address:
            self.refused += 1
            return False
        if sum(self.open.values()) >= self.total:
            if not self.waiting:
                self.refused += 1
                return False
            self.refused += 1
            next(iter(self.waiting)).drop()
        self.open[address] += 1
        return True

    def release(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]


class _Guarded(asyncio.Protocol):
    """One connection: aiohttp's own protocol behind the guard's checks."""

    def __init__(self, guard: ConnectionGuard) -> None:
        self.guard = guard
        self.inner: Any = None
        self.address = ""
        self.timer: asyncio.TimerHandle | None = None
        self.tail = b""  # the last bytes seen, for a head end split across two reads
        self.transport: asyncio.BaseTransport | None = None
        self.counted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else ""
        if not self.guard.admit(address):
            transport.abort()  # closed at once: its descriptor is given back now
            return
        self.address = address
        self.transport = transport
        self.counted = True
        self.timer = asyncio.get_running_loop().call_later(self.guard.head_timeout,
                                                           self._too_slow)
        self.guard.waiting[self] = None
        self.inner = self.guard.factory()
        self.inner.connection_made(transport)

    def _too_slow(self) -> None:
        self.guard.timed_out += 1
        self.drop()

    def drop(self) -> None:
        """Closed for good; its place is free at once (connection_lost comes later)."""
        self._head_seen()
        if self.counted:
            self.counted = False
            self.guard.release(self.address)
        if self.transport is not None:
            self.transport.abort()

    def _head_seen(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.guard.waiting.pop(self, None)

    def data_received(self, data: bytes) -> None:
        if self.inner is None:
            return
        if self.timer is not None:
            seen = self.tail + data
            if b"\r\n\r\n" in seen:
                self._head_seen()
            else:
                self.tail = seen[-3:]
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def connection_lost(self, exc: Exception | None) -> None:
        if self.inner is None:
            return
        self._head_seen()
        if self.counted:
            self.counted = False
            self.guard.release(self.address)
        inner, self.inner = self.inner, None
        inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()


def hostname(host: str) -> str:
    """``Host``'s name without its port (``10.0.0.5:8765`` → ``10.0.0.5``, ``[::1]:80``
    → ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def allowed_hosts(bound: str, offered: Iterable[str] = ()) -> set[str]:
    """The names a request may use for this server: the address it is bound to (and
    ``localhost`` for a loopback one), or the offered addresses when bound to all."""
    names = {a.lower() for a in offered}
    if bound in ("", "0.0.0.0", "::"):
        return names
    names.add(bound.lower())
    if bound.startswith("127.") or bound == "::1":
        names.add("localhost")
    return names


def host_check(allowed: set[str]) -> Callable[..., Awaitable[web.StreamResponse]]:
    """A middleware: a request for any other ``Host`` gets the same bare 404."""

    @web.middleware
    async def check(request: web.Request,
                    handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                    ) -> web.StreamResponse:
        if hostname(request.host) not in allowed:
            raise web.HTTPNotFound()
        return await handler(request)

    return check
