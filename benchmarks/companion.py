"""Phones as private screens: latency to every page, and what 1,000 reconnections leave behind.

    python benchmarks/companion.py [--taps 150] [--cpu 1,4] [--table] [--window-hidden]
                                   [--games 3] [--tables 3] [--cycles 1000] [--seed 3]
                                   [--remote 2 [--delay-ms 150] [--jitter-ms 30]]

First, as players see it, in Chromium (Playwright; skipped with a line if Chromium
is missing): a 5-player game with every seat on its own phone page (360×740), the
table being the program's own window (offscreen, animating, autosaving) in a process
of its own (``--serve``), as many games as ``--taps`` needs. Each
tap is made on the deciding page; the figure is the time from that tap to the last
of the other pages that had a new frame having drawn it (its redraw done and the
next animation frame reached), all read from the browser's own clock, so the
phone-to-table leg, the table's work and each page's work are all inside it. It is
measured at each ``--cpu`` rate, by default full speed and 4× CPU throttle (CDP
``Emulation.setCPUThrottlingRate``, what a cheap phone is), with the pages' own redraw
times beside it, and the CPU each process spent per tap while tapping (read from /proc:
the table's process, each kind of Chromium process, the harness and Playwright's
driver), which says where the time goes when every page and the table share 2 cores.
With ``--table`` a table page (1920×1080, the public board) watches
as well, in the same browser and at the same throttle: its figure is the time from the
tap to the table page having drawn the frame the tap made, printed beside the phones'.

With ``--window-hidden`` the table's window is never shown, so it draws nothing: the
figures then say what the pages' latency would be if the window's redraw and motion
cost nothing, a bound on what making them cheaper can gain.

With ``--remote N`` the first N seats play from another home: their pages open the
table's public address (``https://play.test:…``, chosen as the host would in the
invite dialog) through a TLS reverse proxy that adds ``--delay-ms`` each way, give or
take ``--jitter-ms`` (tests/tls_proxy.py, a tunnel's stand-in); the others stay on the
table's network. The figures are then split by where the tap was made, and only
these in-browser figures are measured.

To compare two trees, run it with ``BSG_TREE=/path/to/other/checkout`` (the table's
process and the pages come from there; the harness stays this one), alternating with a
run without it, and note ``uptime`` at each: the machine's load moves the figures more
than most changes do.

Then the server leg alone: a 5-player game with every seat human and on a phone,
five WebSocket clients on loopback (one asyncio thread) play it to the end, each answering its own
decisions with a random legal option. The window's side is the real one (a
`GameController` and `PhoneHost` on the main thread's Qt loop, the aiohttp
server on its own thread). For each applied choice the latency is the time from
the choice applied (the controller's ``moved``, before anything reacts to it) to the last page that
had a new frame receiving it. Beside them ``--tables`` table pages (the public board,
`ui.table.TableHost`) watch the same game; their latency is measured the same way,
from the choice applied to the last table page receiving the new table frame. Then
one client connects, reads its frame and disconnects ``--cycles`` times; resident
memory (VmRSS), the process's thread count and Python's live objects are printed
before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# BSG_TREE: measure another checkout's program (say, main's) with this same harness, to
# compare two trees back to back on the same machine at the same load
sys.path.insert(0, os.environ.get("BSG_TREE") or str(Path(__file__).resolve().parent.parent))

import aiohttp  # noqa: E402
from PySide6.QtCore import QCoreApplication  # noqa: E402

from bsg_desktop.companion.seal import HELLO, Channel  # noqa: E402
from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.ui.controller import HUMAN, GameController  # noqa: E402
from bsg_desktop.ui.phones import PhoneHost  # noqa: E402
from bsg_desktop.ui.table import TableHost  # noqa: E402


def proc_status(key: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return -1


def cpu_by_process() -> dict[int, tuple[str, float]]:
    """Every process this harness started (the table's, Playwright's driver, Chromium's
    browser, GPU, utility and renderer processes) and itself: pid -> (kind, CPU seconds
    so far, user and system), read from /proc (empty where there is none)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    parents: dict[int, int] = {}
    found: dict[int, tuple[str, float]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        pid = int(entry.name)
        parents[pid] = int(stat[1])
        kind = next((a.split("=", 1)[1] for a in cmd.split() if a.startswith("--type=")),
                    "the table's process" if "--serve" in cmd else
                    "browser" if "chrom" in cmd else
                    "Playwright's driver" if "playwright" in cmd else "harness")
        found[pid] = (kind, (int(stat[11]) + int(stat[12])) / tick)
    me = os.getpid()

    def ours(pid: int) -> bool:
        seen = 0
        while pid > 1 and seen < 64:
            if pid == me:
                return True
            pid, seen = parents.get(pid, 0), seen + 1
        return False

    return {pid: v for pid, v in found.items() if ours(pid)}


class Pages:
    """Five phone pages as plain WebSocket clients on one asyncio thread."""

    def __init__(self, urls: list[str], seed: int, tables: list[str] | None = None) -> None:
        self.urls = urls
        self.tables = tables or []
        self.devices: dict[str, str] = {}    # link -> the device secret its seat gave
        self.arrived: dict[str, float] = {}  # frame text -> when it arrived
        self.rnd = random.Random(seed)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Any, timeout: float = 600) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    @staticmethod
    def _ws(url: str) -> str:
        return "/".join(url.split("/")[:3]).replace("http://", "ws://") + "/ws"

    @staticmethod
    def _origin(url: str) -> dict[str, str]:
        return {"Origin": "/".join(url.split("/")[:3])}

    async def _open(self, session: aiohttp.ClientSession, url: str
                    ) -> tuple[aiohttp.ClientWebSocketResponse, Channel]:
        """A proven connection, as the page makes it (`companion.seal`), with this
        page's device secret once the seat has given it one."""
        ws = await session.ws_connect(self._ws(url), headers=self._origin(url))
        hello = await ws.receive()
        fragment = url.split("#", 1)[1]
        key = base64.urlsafe_b64decode(fragment + "=" * (-len(fragment) % 4))
        channel = Channel(key, hello.data[len(HELLO):], table=False)
        await ws.send_bytes(channel.seal(json.dumps({"type": "hello",
                                                     "device": self.devices.get(url, "")})))
        return ws, channel

    def _opened(self, url: str, channel: Channel, data: bytes) -> str:
        text = channel.open(data)
        if text.startswith('{"device"'):  # the welcome: keep the device secret
            self.devices[url] = json.loads(text)["device"]
        return text

    async def play(self) -> None:
        """Connect all pages and answer every decision until the game is over."""
        async with aiohttp.ClientSession() as session:
            sockets = [(u, *await self._open(session, u)) for u in self.urls]
            tables = [await session.ws_connect(u.replace("http://", "ws://") + "/ws",
                                               headers=self._origin(u))
                      for u in self.tables]
            await asyncio.gather(*(self._page(*s) for s in sockets),
                                 *(self._table(ws) for ws in tables))

    async def _table(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        """A table page only watches: it notes when each frame came, until the end."""
        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            self.arrived[msg.data + f"#{id(ws)}"] = time.perf_counter()
            if msg.data.startswith('{"seq"') and json.loads(msg.data).get("outcome"):
                await ws.close()
                return

    async def _page(self, url: str, ws: aiohttp.ClientWebSocketResponse,
                    channel: Channel) -> None:
        async for msg in ws:
            if msg.type != aiohttp.WSMsgType.BINARY:
                continue
            text = self._opened(url, channel, msg.data)
            self.arrived[text] = time.perf_counter()
            data = json.loads(text)
            if data.get("type") != "state":
                continue
            if data["outcome"]:
                await ws.close()
                return
            d = data["decision"]
            if d:
                choice = self.rnd.choice(list(d["sets"].values())) if d.get("sets") \
                    else self.rnd.choice(d["options"])["choice"]
                await ws.send_bytes(channel.seal(json.dumps(
                    {"type": "choose", "seq": data["seq"], "choice": choice})))

    async def cycles(self, url: str, n: int) -> None:
        async with aiohttp.ClientSession() as session:
            for _ in range(n):
                ws, channel = await self._open(session, url)
                while True:
                    msg = await ws.receive()
                    if msg.type != aiohttp.WSMsgType.BINARY or \
                            '"type":"state"' in self._opened(url, channel, msg.data):
                        break
                await ws.close()


def let_every_phone_in(ph: PhoneHost) -> None:
    """The host lets each phone in as soon as it shows its code (in the program a
    person compares the codes in the invite dialog; here every page is the benchmark's
    own). The figures are taken once the seats are claimed."""
    ph.claim_waiting.connect(lambda seat: ph.confirm(seat, ph.waiting[seat]))


def pump_until(fut: Any, limit: float) -> None:
    end = time.monotonic() + limit
    while not fut.done():
        QCoreApplication.processEvents()
        time.sleep(0.0005)
        if time.monotonic() > end:
            raise SystemExit("benchmark: the pages did not finish in time")


CHROMIUM = os.environ.get("BSG_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

# Wraps the page's render(): every redraw notes its frame number, how long it took,
# when the next animation frame came (the frame on screen) and when the redraw ended,
# on the page's clock.
RECORD = """() => {
  window.__drawn = [];
  const draw = window.render;
  window.render = function () {
    const t0 = performance.now();
    draw();
    const t1 = performance.now();
    const seq = state ? state.seq : 0;
    requestAnimationFrame(() => window.__drawn.push(
      [seq, t1 - t0, performance.timeOrigin + performance.now(), performance.timeOrigin + t1]));
  };
}"""

# One tap on the deciding page (dice picked as one legal set, else one option); the
# moment of the last click, on the browser's clock.
TAP = """(seed) => {
  const rnd = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
  const d = state.decision;
  const at = () => performance.timeOrigin + performance.now();
  const opts = [...document.querySelectorAll('#decision [data-choice]:not(:disabled)')];
  if (d.dice && d.sets && (rnd() < 0.7 || !opts.length)) {
    const keys = Object.keys(d.sets);
    const ids = keys[Math.floor(rnd() * keys.length)].split(",");
    const go = document.querySelector('#contribute');
    let t = 0;
    for (const id of ids) {
      t = at();
      document.querySelector(`#decision button[data-die="${id}"]`).click();
    }
    if (go && go.isConnected && !go.disabled) { t = at(); go.click(); }
    return t;
  }
  if (!opts.length) return 0;
  const t = at();
  opts[Math.floor(rnd() * opts.length)].click();
  return t;
}"""


# ``--window-hidden``, passed on to the table's process: its window is never shown
HIDDEN = "BSG_BENCH_WINDOW_HIDDEN"


def serve(seed: int, public: str = "") -> int:
    """The table for the in-browser figures, in a process of its own as a real table is:
    the program's window (offscreen, animating, autosaving) hosting a 5-player game
    with every seat human. It prints the seats' links, then one line after every
    publish (the choices made, each seat's frame number, who decides), and quits when
    its input closes."""
    from PySide6.QtCore import QSocketNotifier
    from PySide6.QtWidgets import QApplication

    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    app = QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        win = MainWindow(settings=Settings(Path(tmp) / "settings.ini"),
                         autosave_path=Path(tmp) / "autosave.json")
        if not os.environ.get(HIDDEN):
            win.show()
        win.start_game(Setup(players=5), seed, [HUMAN] * 5)
        let_every_phone_in(win.phones)
        c, ph = win.controller, win.phones
        # When (wall clock, ms: the browser's performance.timeOrigin + now is on it too)
        # the latest phone message was handed over by the server's thread ("got"), taken
        # up on the window's thread ("taken": judging it is the first step there), and
        # when the move's frames went to the server ("out"): the legs of a tap.
        marks: dict[str, float] = {}
        hand_over = ph._from_server  # read by `start`, which gives it to the server

        def from_server(seat: int, message: Any) -> None:
            marks["got"] = time.time() * 1000
            hand_over(seat, message)

        ph._from_server = from_server  # type: ignore[method-assign]
        ph.start("127.0.0.1", 0)
        if public:  # players elsewhere join from the public address (the proxy's)
            ph.start("127.0.0.1", ph.server.port, public)
        # every page here comes from loopback, where a room's phones each have an address
        # of their own: the per-address cap (`companion.guard`) would refuse the table page
        guard = ph.server.guard
        guard.per_address = guard.total
        judge = ph.host.judge

        def judged(*args: Any) -> Any:
            marks["taken"] = time.time() * 1000
            return judge(*args)

        ph.host.judge = judged  # type: ignore[method-assign]

        def report() -> None:
            g = c.game
            if g is None or ph.host is None:
                return
            print(json.dumps({"choices": len(g.choices), "pending": c.pending_seat,
                              "seq": [ph.host.seq[s] for s in range(5)],
                              "table": win.table.feed.seq,
                              **{k: marks.get(k, 0.0) for k in ("got", "taken", "out")},
                              # and when the table was done with the move
                              "at": time.time() * 1000,
                              "over": g.outcome is not None}), flush=True)

        # connected after the phones' (and the table page's) own publish on `moved`:
        # their frames are out
        c.moved.connect(lambda: marks.__setitem__("out", time.time() * 1000))
        # connected after the phones' own publish, so a report follows the frames out
        for signal in (c.decision_pending, c.game_finished, c.unlock_changed):
            signal.connect(report)
        print(json.dumps({"urls": [ph.url(s) for s in range(5)],
                          "local": f"http://127.0.0.1:{ph.server.port}",
                          "table": win.table.url()}), flush=True)
        report()
        stdin = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)
        stdin.activated.connect(lambda: sys.stdin.readline() or app.quit())
        app.exec()
        ph.stop()
        c.stop()
    return 0


class Table:
    """The `serve` process, and what it reports, read on a thread of its own."""

    def __init__(self, seed: int, public: str = "") -> None:
        self.proc = subprocess.Popen([sys.executable, __file__, "--serve", str(seed),
                                      *(["--public", public] if public else [])],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.reports: list[dict[str, Any]] = []
        self.urls: list[str] = []
        self.local = ""  # the table's address on its own network
        self.table_url = ""
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if not line.startswith("{"):
                continue
            msg = json.loads(line)
            with self.changed:
                if "urls" in msg:
                    self.urls, self.local = msg["urls"], msg["local"]
                    self.table_url = msg["table"]
                else:
                    self.reports.append(msg)
                self.changed.notify_all()

    def wait(self, ready: Any, limit: float = 30) -> Any:
        with self.changed:
            if not self.changed.wait_for(ready, limit):
                raise SystemExit("benchmark: the table did not answer in time")
            return ready()

    def after(self, choices: int) -> dict[str, Any]:
        """The first report once more than ``choices`` choices were made."""
        return self.wait(lambda: next((r for r in self.reports if r["choices"] > choices),
                                      None))

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(30)


class Remote:
    """``--remote``: the tunnel's stand-in (tests/tls_proxy.py), its certificate made
    for ``play.test``, and how many seats join through it."""

    NAME = "play.test"

    def __init__(self, seats: int, delay_ms: float, jitter_ms: float) -> None:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
        from tls_proxy import DelayProxy, make_certificate

        self.seats = seats
        self.folder = tempfile.TemporaryDirectory()
        cert = make_certificate(Path(self.folder.name), self.NAME)
        self.proxy = DelayProxy(0, cert, delay=delay_ms / 1000, jitter=jitter_ms / 1000)
        self.public = f"https://{self.NAME}:{self.proxy.port}"
        self.args = [f"--host-resolver-rules=MAP {self.NAME} 127.0.0.1",
                     "--ignore-certificate-errors"]

    def close(self) -> None:
        self.proxy.close()
        self.folder.cleanup()


def open_phone(browser: Any, url: str, **context: Any) -> Any:
    """A seat's phone page (360×740) in a context of its own, once its first frame and
    the dice art are in."""
    page = browser.new_context(viewport={"width": 360, "height": 740}, **context).new_page()
    page.goto(url)
    page.wait_for_function("() => state && Object.keys(art).length > 0")
    return page


def caught_up(pages: list[Any], seqs: list[int]) -> None:
    """Every phone page shows at least its frame in ``seqs`` (a report's "seq")."""
    for page, seq in zip(pages, seqs, strict=True):
        page.wait_for_function(f"() => state.seq >= {seq}")


def browser_game(seed: int, throttle: float, taps: int, latencies: list[float],
                 draws: list[float], watch: Watch, table_page: bool = False,
                 remote: Remote | None = None, tapped: list[int] | None = None) -> None:
    """One game in Chromium: each tap's latency to the other pages drawn, and each
    page's redraw times, until the game ends or ``latencies`` holds ``taps``; the two
    legs of each tap in ``watch``; with ``table_page``, a table page too (its latency
    and redraw times go to ``watch`` as well); ``tapped``: the seat of each tap
    measured; ``remote``: the first seats through it."""
    from playwright.sync_api import sync_playwright

    rnd = random.Random(seed)
    table = Table(seed, remote.public if remote else "")
    urls = table.wait(lambda: table.urls)
    if remote is not None:  # the others on the table's own network
        remote.proxy.target = int(table.local.rsplit(":", 1)[1])
        urls = [u if s < remote.seats else u.replace(remote.public, table.local)
                for s, u in enumerate(urls)]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM,
                                     args=ARGS + (remote.args if remote else []))
        pages = []
        for url in urls:
            page = open_phone(browser, url, ignore_https_errors=remote is not None)
            page.evaluate(RECORD)
            if throttle != 1:
                page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                        {"rate": throttle})
            pages.append(page)
        tpage = None
        renderers = {p for p, (k, _s) in cpu_by_process().items() if k == "renderer"}
        if table_page:
            ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
            tpage = ctx.new_page()
            tpage.goto(table.table_url + "/")
            tpage.wait_for_function("() => document.querySelector('#seats .seat')")
            tpage.evaluate(RECORD)
            if throttle != 1:
                ctx.new_cdp_session(tpage).send("Emulation.setCPUThrottlingRate",
                                                {"rate": throttle})

        # the table page's renderer: the one that came with it
        table_renderer = {p for p, (k, _s) in cpu_by_process().items()
                          if k == "renderer" and p not in renderers} if table_page else set()
        report = table.wait(lambda: table.reports[-1] if table.reports else None)
        taps_before, cpu_before = len(latencies), cpu_by_process()
        while len(latencies) < taps and not report["over"]:
            caught_up(pages, report["seq"])
            report = table.reports[-1]  # the frames the pages show now
            seat = report["pending"]
            marks = [len(p.evaluate("window.__drawn")) for p in pages]
            tmark = len(tpage.evaluate("window.__drawn")) if tpage is not None else 0
            t_tap = pages[seat].evaluate(TAP, rnd.randrange(1, 2**31 - 1))
            after = table.after(report["choices"])
            drawn = []
            for s in range(5):
                seq = after["seq"][s]
                if s == seat or seq == report["seq"][s]:
                    continue
                pages[s].wait_for_function(
                    f"() => window.__drawn.some(d => d[0] >= {seq})")
                entries = pages[s].evaluate("window.__drawn")[marks[s]:]
                first = next(e for e in entries if e[0] >= seq)
                drawn.append(first[2])
                watch.frame_wait.append(first[2] - first[3])
                draws.extend(e[1] for e in entries)
            if drawn and t_tap:
                latencies.append(max(drawn) - t_tap)
                if tapped is not None:
                    tapped.append(seat)
                watch.to_server.append(after["got"] - t_tap)
                watch.queued.append(after["taken"] - after["got"])
                watch.move.append(after["out"] - after["taken"])
                watch.to_table.append(after["out"] - t_tap)
                watch.to_pages.append(max(drawn) - after["out"])
                watch.rest.append(after["at"] - after["out"])
            if tpage is not None and after["table"] != report["table"]:
                seq = after["table"]
                tpage.wait_for_function(f"() => window.__drawn.some(d => d[0] >= {seq})")
                entries = tpage.evaluate("window.__drawn")[tmark:]
                first = next(e for e in entries if e[0] >= seq)
                watch.draws.extend(e[1] for e in entries)
                if t_tap:
                    watch.latencies.append(first[2] - t_tap)
            report = after
        watch.add_cpu(cpu_before, cpu_by_process(), table_renderer,
                      len(latencies) - taps_before)
        browser.close()
    table.close()


class Watch:
    """Where a tap's time goes (ms): from the tap to the phones' frames handed to the
    server (``to_table``), in three parts: to the table's server thread handing the
    message over (the page's send, the socket, the unsealing: ``to_server``), to the
    window's thread taking it up (``queued``: it finishes what it was doing, such as a
    frame of the board's motion), and the move itself until the frames are handed
    over (``move``: the engine, the frames made, and whatever the tree does before
    them, such as the autosave); then from there to the last other page drawn (the
    sends, each page's unsealing and redraw, its next animation frame: of it, each
    page's wait from its redraw's end to that frame, ``frame_wait``); beside them,
    the table's own work on the move after the phones' frames are out (the window,
    the table page's frame); and what the table page measured: tap -> its frame
    drawn, and its redraw times."""

    def __init__(self) -> None:
        self.to_server: list[float] = []
        self.queued: list[float] = []
        self.move: list[float] = []
        self.to_table: list[float] = []
        self.to_pages: list[float] = []
        self.rest: list[float] = []
        self.latencies: list[float] = []
        self.draws: list[float] = []
        # each other page, from its redraw's end to its next animation frame
        self.frame_wait: list[float] = []
        # CPU milliseconds spent while tapping, by process kind, and the taps made
        self.cpu: dict[str, float] = {}
        self.taps = 0

    def add_cpu(self, before: dict[int, tuple[str, float]],
                after: dict[int, tuple[str, float]], table_page: set[int], taps: int) -> None:
        """The CPU each process spent between two `cpu_by_process` readings (the table
        page's renderer, ``table_page``, apart from the phones')."""
        for pid, (kind, seconds) in after.items():
            if pid in before:
                if kind == "renderer":
                    kind = "renderer (table page)" if pid in table_page \
                        else "renderers (phone pages)"
                self.cpu[kind] = self.cpu.get(kind, 0.0) + 1000 * (seconds - before[pid][1])
        self.taps += taps


def p95(values: list[float]) -> float:
    ms = sorted(values)
    return ms[int(0.95 * (len(ms) - 1))]


def browser_latency(taps: int, seed: int, throttle: float, table: bool = False,
                    remote: Remote | None = None) -> None:
    """Tap -> other pages drawn, in Chromium, ``taps`` taps at CPU ``throttle`` (as
    many games, seeds ``seed``, ``seed + 1``…, as that takes); ``table``: a table page
    watches as well."""
    latencies: list[float] = []
    draws: list[float] = []
    tapped: list[int] = []
    watch = Watch()
    games = 0
    while len(latencies) < taps:
        before = len(latencies)
        browser_game(seed + games, throttle, taps, latencies, draws, watch, table, remote,
                     tapped)
        games += 1
        if len(latencies) == before:
            raise SystemExit("benchmark: a whole game gave no tap to measure")
    ms = sorted(latencies)
    dr = sorted(draws)
    print(f"tap -> the other 4 pages drawn, Chromium, CPU {throttle:g}x, {len(ms)} taps "
          f"in {games} games: p50 {statistics.median(ms):.1f} ms, "
          f"p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms "
          f"(aim: p95 < 50 ms); a page's redraw p50 "
          f"{statistics.median(dr):.2f} ms, p95 {dr[int(0.95 * (len(dr) - 1))]:.2f} ms")
    a, b, c = watch.to_table, watch.to_pages, watch.rest
    print(f"  of which tap -> the phones' frames out p50 {statistics.median(a):.1f} ms, "
          f"p95 {p95(a):.1f} ms; then -> the last page drawn p50 {statistics.median(b):.1f} "
          f"ms, p95 {p95(b):.1f} ms (meanwhile the table's own work on the move: p50 "
          f"{statistics.median(c):.1f} ms, p95 {p95(c):.1f} ms)")
    print("  tap -> frames out in parts: " + "; ".join(
        f"{label} p50 {statistics.median(v):.1f} ms, p95 {p95(v):.1f} ms"
        for label, v in (("to the table's server thread", watch.to_server),
                         ("waiting for the window's thread", watch.queued),
                         ("the move until its frames are out", watch.move))))
    w = watch.frame_wait
    print(f"  a page, from its redraw done to its next animation frame: p50 "
          f"{statistics.median(w):.1f} ms, p95 {p95(w):.1f} ms")
    if watch.cpu and watch.taps:
        print("  CPU per tap while tapping, by process (2 cores give 2 ms a ms; the harness "
              "and Playwright's driver are the benchmark's own): " + "; ".join(
                  f"{kind} {ms / watch.taps:.1f} ms" for kind, ms in
                  sorted(watch.cpu.items(), key=lambda kv: -kv[1]) if ms / watch.taps >= 0.5))
    if watch.latencies:
        tl, td = watch.latencies, watch.draws
        print(f"tap -> the table page (1920x1080) drawn, CPU {throttle:g}x, {len(tl)} taps: "
              f"p50 {statistics.median(tl):.1f} ms, p95 {p95(tl):.1f} ms, max {max(tl):.1f} ms "
              f"(aim: p95 < 50 ms); its redraw p50 {statistics.median(td):.2f} ms, "
              f"p95 {p95(td):.2f} ms")
    if remote is None:
        return
    d, j = remote.proxy.delay * 1000, remote.proxy.jitter * 1000
    print(f"  {remote.seats} of 5 seats through the TLS proxy, {d:g} ms each way "
          f"± {j:g} ms (every tap reaches at least one far page):")
    for label, far in (("tapped on a far page", True), ("tapped on a near page", False)):
        part = sorted(t for t, s in zip(latencies, tapped, strict=True)
                      if (s < remote.seats) == far)
        if part:
            print(f"  {label}: {len(part)} taps, p50 {statistics.median(part):.1f} ms, "
                  f"p95 {part[int(0.95 * (len(part) - 1))]:.1f} ms, max {part[-1]:.1f} ms")


def rates(text: str) -> list[float]:
    """``--cpu``: throttle rates such as ``1,4`` (each at least 1)."""
    try:
        out = [float(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of numbers: {text!r}") from None
    if not out or min(out) < 1:
        raise argparse.ArgumentTypeError(f"each rate must be at least 1: {text!r}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--taps", type=int, default=150, help="taps measured in Chromium "
                    "at each CPU speed (0: none)")
    ap.add_argument("--cpu", type=rates, default=rates("1,4"), help="CPU throttle rates "
                    "for the in-browser figures, comma-separated (default 1,4)")
    ap.add_argument("--table", action="store_true", help="a table page (1920x1080) "
                    "watches the in-browser games too: its latency and redraws are printed")
    ap.add_argument("--window-hidden", action="store_true", help="the table's window is "
                    "never shown, so it draws nothing: the in-browser figures as if the "
                    "table's own drawing cost nothing")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--tables", type=int, default=3, help="table pages watching")
    ap.add_argument("--cycles", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--remote", type=int, default=0, metavar="N", help="seats playing "
                    "through a slow TLS proxy (a tunnel's stand-in): the in-browser figures "
                    "only")
    ap.add_argument("--delay-ms", type=float, default=150, help="--remote: added each way")
    ap.add_argument("--jitter-ms", type=float, default=30, help="--remote: give or take")
    ap.add_argument("--serve", type=int, metavar="SEED", help=argparse.SUPPRESS)
    ap.add_argument("--public", default="", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve is not None:
        return serve(args.serve, args.public)
    if not 0 <= args.remote <= 5:
        ap.error("--remote: 0 to 5 seats")
    if args.window_hidden:
        os.environ[HIDDEN] = "1"
    app = QCoreApplication([])  # noqa: F841 - Qt's loop for the controller and the bridge
    remote = Remote(args.remote, args.delay_ms, args.jitter_ms) if args.remote else None
    if args.taps and not Path(CHROMIUM).exists():
        print(f"no Chromium at {CHROMIUM}: the in-browser figures are skipped")
    elif args.taps:
        for throttle in args.cpu:
            browser_latency(args.taps, args.seed, throttle, args.table, remote)
    if remote is not None:
        remote.close()
        return 0
    if not args.games:  # the in-browser figures only
        return 0
    latencies: list[float] = []
    table_latencies: list[float] = []
    for game in range(args.games):
        c = GameController(bot_delay_ms=0)
        c.start(Setup(players=5), args.seed + game, [HUMAN] * 5)
        pending: list[tuple[float, dict[int, str], str]] = []
        applied: dict[str, float] = {}

        def on_applied(applied: dict[str, float] = applied) -> None:
            applied["t0"] = time.perf_counter()

        # the clock starts before the phones react: connected ahead of PhoneHost's publish
        c.moved.connect(on_applied)
        ph = PhoneHost(c)
        let_every_phone_in(ph)
        ph.start("127.0.0.1", 0)
        table = TableHost(c, ph)
        table.publish()

        def on_published(ph: PhoneHost = ph, c: GameController = c,
                         applied: dict[str, float] = applied,
                         pending: list[tuple[float, dict[int, str], str]] = pending,
                         table: TableHost = table) -> None:
            t0 = applied.pop("t0", None)
            if t0 is None or ph.host is None:
                return
            pending.append((t0, dict(ph.host._frame), table.feed._frame))

        # after PhoneHost.publish and TableHost.publish (connected first)
        c.decision_pending.connect(on_published)
        c.game_finished.connect(on_published)
        pages = Pages([ph.url(s) for s in range(5)], args.seed + game,
                      [table.url()] * args.tables)
        previous: dict[int, str] = {}
        shown = ""
        fut = asyncio.run_coroutine_threadsafe(pages.play(), pages.loop)
        pump_until(fut, 600)
        fut.result()
        for t0, frames, tframe in pending:
            changed = [f for s, f in frames.items() if previous.get(s) != f]
            previous = frames
            times = [pages.arrived[f] for f in changed if f in pages.arrived]
            if times and len(times) == len(changed):
                latencies.append(max(times) - t0)
            if tframe != shown and args.tables:
                shown = tframe
                got = [v for k, v in pages.arrived.items() if k.startswith(tframe + "#")]
                if len(got) == args.tables:
                    table_latencies.append(max(got) - t0)
        outcome = c.game.outcome
        print(f"game {game + 1}: {len(c.game.choices)} choices, {outcome.winner} by "
              f"{outcome.condition}; {ph.server.sent} frames sent")
        if game < args.games - 1:
            ph.stop()
            c.stop()
    for what, values in (("every phone page", latencies),
                         (f"every table page ({args.tables})", table_latencies)):
        if not values:
            continue
        ms = sorted(x * 1000 for x in values)
        p95 = ms[int(0.95 * (len(ms) - 1))]
        print(f"server leg only (Python clients): choice applied -> {what} updated, "
              f"{len(ms)} choices: median "
              f"{statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, max {ms[-1]:.1f} ms "
              f"(aim: p95 < 50 ms)")

    url = ph.url(0)

    def snapshot() -> tuple[int, int, int, int]:
        gc.collect()
        return (proc_status("VmRSS"), proc_status("Threads"), threading.active_count(),
                len(gc.get_objects()))

    warm = asyncio.run_coroutine_threadsafe(pages.cycles(url, 50), pages.loop)
    pump_until(warm, 300)
    before = snapshot()
    start = time.perf_counter()
    fut = asyncio.run_coroutine_threadsafe(pages.cycles(url, args.cycles), pages.loop)
    pump_until(fut, 900)
    fut.result()
    for _ in range(200):
        QCoreApplication.processEvents()
    seconds = time.perf_counter() - start
    after = snapshot()
    print(f"{args.cycles} connect/disconnect cycles in {seconds:.1f} s "
          f"({seconds / args.cycles * 1000:.1f} ms each), after 50 warm-up cycles:")
    print(f"  resident memory {before[0] / 1024:.1f} MB -> {after[0] / 1024:.1f} MB; "
          f"OS threads {before[1]} -> {after[1]}; Python threads {before[2]} -> {after[2]}; "
          f"live objects {before[3]} -> {after[3]}")
    ph.stop()
    c.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
