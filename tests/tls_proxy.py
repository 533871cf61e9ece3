"""A small TLS reverse proxy with a slow line, for the remote-play tests and benchmark.

It stands where a tunnel (cloudflared, ngrok, Tailscale Funnel) would: it terminates
https with a certificate made here (`make_certificate`, self-signed for the test's own
host name), passes each request on to the companion's plain-http port with the name
the browser used as ``Host`` (as cloudflared and ngrok do, or as ``X-Forwarded-Host``
with ``forward_host``), and pipes WebSockets frame by frame. Every hop waits ``delay``
seconds give or take ``jitter`` each way (frames keep their order, as on TCP), so a
page meets the round trips of a call across a country. It keeps what a relay would
see (`capture`: request heads and every frame's direction, kind and bytes), and it
can cut every open WebSocket at once (`cut`), as a tunnel that drops does.
"""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import random
import ssl
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import WSMsgType, web

HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te",
       "trailers", "transfer-encoding", "upgrade", "content-length", "content-encoding",
       "sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions",
       "sec-websocket-accept", "sec-websocket-protocol"}


def make_certificate(folder: Path, name: str) -> tuple[Path, Path]:
    """A self-signed certificate for ``name`` (and 127.0.0.1): (cert, key) PEM files."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(hours=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName(
                [x509.DNSName(name), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / f"{name}.crt", folder / f"{name}.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


@dataclass
class Seen:
    """One thing the relay saw: a request head, or a WebSocket frame."""

    at: float
    conn: int          # which connection (request heads: 0)
    path: str          # the request's path
    way: str           # "head", "up" (page -> table) or "down"
    kind: str          # "head", "text", "binary"
    data: bytes


@dataclass
class DelayProxy:
    """``https://<name>:<port>`` in front of ``http://127.0.0.1:<target>``."""

    target: int
    cert: tuple[Path, Path]
    delay: float = 0.150
    jitter: float = 0.030
    forward_host: bool = False  # the name as X-Forwarded-Host, Host as loopback's own
    seed: int = 1
    port: int = 0
    capture: list[Seen] = field(default_factory=list)
    # (when a frame reached the proxy, when it left): the added delay, measured
    timings: list[tuple[float, float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rnd = random.Random(self.seed)
        self.loop = asyncio.new_event_loop()
        self._sockets: set[web.WebSocketResponse] = set()
        self._conns = 0
        self._ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the proxy did not start")

    # ------------------------------------------------------------ lifecycle
    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._start())
        self._ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self._runner.cleanup())
        self.loop.run_until_complete(self.session.close())
        self.loop.close()

    async def _start(self) -> None:
        ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        ctx.load_cert_chain(str(self.cert[0]), str(self.cert[1]))
        self.session = aiohttp.ClientSession(auto_decompress=False)
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port, ssl_context=ctx)
        await site.start()
        assert site._server is not None  # noqa: SLF001 - the port that 0 picked
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    def close(self) -> None:
        if self.loop.is_running():
            self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)

    def cut(self) -> None:
        """Every WebSocket through the proxy ends at once, without a closing handshake
        (as when a tunnel drops)."""
        async def _cut() -> None:
            for ws in list(self._sockets):
                transport = ws._req.transport if ws._req is not None else None  # noqa: SLF001
                if transport is not None:
                    transport.abort()
        asyncio.run_coroutine_threadsafe(_cut(), self.loop).result(5)

    # ------------------------------------------------------------- the line
    def _wait(self) -> float:
        return max(0.0, self.delay + self.rnd.uniform(-self.jitter, self.jitter))

    def _headers(self, request: web.Request) -> dict[str, str]:
        out = {k: v for k, v in request.headers.items() if k.lower() not in HOP}
        if self.forward_host:
            out["Host"] = f"127.0.0.1:{self.target}"
            out["X-Forwarded-Host"] = request.host
        out["X-Forwarded-Proto"] = "https"
        out["X-Forwarded-For"] = request.remote or ""
        return out

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        head = f"{request.method} {request.path_qs}\n" + "\n".join(
            f"{k}: {v}" for k, v in request.headers.items())
        self.capture.append(Seen(time.monotonic(), 0, request.path, "head", "head",
                                 head.encode()))
        await asyncio.sleep(self._wait())
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return await self._socket(request)
        async with self.session.request(request.method, self._url(request),
                                        headers=self._headers(request),
                                        data=await request.read(),
                                        allow_redirects=False) as r:
            body = await r.read()
            headers = {k: v for k, v in r.headers.items() if k.lower() not in HOP}
        await asyncio.sleep(self._wait())
        return web.Response(status=r.status, body=body, headers=headers)

    def _url(self, request: web.Request) -> str:
        return f"http://127.0.0.1:{self.target}{request.path_qs}"

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        self._conns += 1
        conn = self._conns
        try:
            upstream = await self.session.ws_connect(
                self._url(request).replace("http://", "ws://", 1),
                headers=self._headers(request), max_msg_size=0, autoping=True)
        except aiohttp.WSServerHandshakeError as e:
            return web.Response(status=e.status)
        down = web.WebSocketResponse(max_msg_size=0)
        await down.prepare(request)
        self._sockets.add(down)
        path = request.path

        async def pipe(src: Any, dst: Any, way: str) -> None:
            # each frame leaves ``delay`` after it came, in order (a queue and a clock)
            queue: asyncio.Queue[Any] = asyncio.Queue()

            async def later() -> None:
                last = 0.0
                while True:
                    item = await queue.get()
                    if item is None:
                        return
                    came, due, msg = item
                    due = max(due, last)
                    last = due
                    await asyncio.sleep(max(0.0, due - time.monotonic()))
                    self.timings.append((came, time.monotonic()))
                    try:
                        if msg.type == WSMsgType.BINARY:
                            await dst.send_bytes(msg.data)
                        elif msg.type == WSMsgType.TEXT:
                            await dst.send_str(msg.data)
                    except (ConnectionError, RuntimeError):
                        return

            sender = asyncio.ensure_future(later())
            async for msg in src:
                if msg.type not in (WSMsgType.BINARY, WSMsgType.TEXT):
                    continue
                data = msg.data if isinstance(msg.data, bytes) else msg.data.encode()
                now = time.monotonic()
                self.capture.append(Seen(now, conn, path, way,
                                         "binary" if msg.type == WSMsgType.BINARY else "text",
                                         data))
                queue.put_nowait((now, now + self._wait(), msg))
            queue.put_nowait(None)
            await sender
            # the far side's ending, passed on after the line's delay
            code = src.close_code
            await asyncio.sleep(self._wait())
            if not dst.closed:
                sendable = code is not None and (code in (1000, 1001, 1008, 1011) or
                                                 3000 <= code < 5000)
                await dst.close(code=code if sendable else 1001)

        try:
            await asyncio.gather(pipe(upstream, down, "down"), pipe(down, upstream, "up"))
        finally:
            self._sockets.discard(down)
            if not upstream.closed:
                await upstream.close()
        return down
