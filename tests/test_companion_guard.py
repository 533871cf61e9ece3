"""The companion server holds against sockets that never finish, and serves only the
addresses the program offers: caps per address and in all, a head timeout, the Host
check, and a table that keeps playing and saving in a process limited to 256 open
files while 300 hostile sockets hang on it."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("aiohttp")

from bsg_desktop.companion.guard import ConnectionGuard, allowed_hosts, hostname  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HALF = b"GET /s/nothing/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "  # never finished


def half_open(port: int, source: str) -> socket.socket:
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(5)
    s.connect(("127.0.0.1", port))
    s.sendall(HALF)
    return s


def closed_by_peer(s: socket.socket, within: float) -> bool:
    s.settimeout(within)
    try:
        return s.recv(1024) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def test_the_guard_caps_connections_and_closes_a_slow_head() -> None:
    async def run() -> tuple[list[bool], list[bool], bool, int]:
        class Echo(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                self.t = transport

            def data_received(self, data: bytes) -> None:
                self.t.write(b"ok")  # type: ignore[attr-defined]

        guard = ConnectionGuard(Echo, per_address=2, total=3, head_timeout=0.4)
        server = await asyncio.get_running_loop().create_server(guard, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        a = [await asyncio.open_connection("127.0.0.1", port) for _ in range(3)]
        await asyncio.sleep(0.1)
        # the third from one address is closed at once
        first = [r.at_eof() or not await _alive(r) for r, _w in a]
        b, bw = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.2", 0))
        bw.write(b"GET / HTTP/1.1\r\n\r\n")  # a whole head: kept past the timeout
        # over the total cap, from a third address
        c, cw = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.3", 0))
        await asyncio.sleep(0.7)
        late = [await _alive(r) for r, _w in a[:2]] + [await _alive(c)]
        kept = await _alive(b, expect=b"ok")
        refused = guard.refused
        for _r, w in [*a, (b, bw), (c, cw)]:
            w.close()
        server.close()
        return first, late, kept, refused

    first, late, kept, refused = asyncio.run(run())
    assert first == [False, False, True]
    # at the cap in all, the third address pushed out the oldest headless connection;
    # the others that sent no head in time were closed
    assert late == [False, False, False]
    assert kept and refused == 2


async def _alive(reader: asyncio.StreamReader, expect: bytes = b"") -> bool:
    try:
        data = await asyncio.wait_for(reader.read(16), 0.05)
    except TimeoutError:
        return not expect
    return bool(data) and (not expect or data.startswith(expect))


def test_host_names() -> None:
    assert hostname("10.0.0.5:8765") == "10.0.0.5" and hostname("[::1]:80") == "::1"
    assert hostname("Evil.Example") == "evil.example"
    assert allowed_hosts("192.168.1.4") == {"192.168.1.4"}
    assert allowed_hosts("127.0.0.1") == {"127.0.0.1", "localhost"}
    assert allowed_hosts("0.0.0.0", ["10.0.0.2"]) == {"10.0.0.2"}


def test_a_page_for_another_host_name_is_not_served(hosted_table) -> None:  # type: ignore[no-untyped-def]
    c, ph = hosted_table(23)
    url = ph.url(0) + "/"
    good = urllib.request.urlopen(url, timeout=5)
    assert good.status == 200
    port = ph.server.port
    for host in (f"evil.example:{port}", f"10.9.9.9:{port}"):
        request = urllib.request.Request(url, headers={"Host": host})
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(request, timeout=5)
        assert e.value.code == 404 and b"BSG" not in e.value.read()


def test_half_open_sockets_are_capped_per_address_and_a_phone_still_joins(hosted_table) -> None:  # type: ignore[no-untyped-def]
    from phone_client import Phone
    from PySide6.QtCore import QCoreApplication

    c, ph = hosted_table(23)
    port = ph.server.port
    hostile = [half_open(port, "127.0.0.2") for _ in range(40)]
    try:
        time.sleep(0.3)
        dropped = sum(closed_by_peer(s, 0.05) for s in hostile)
        assert dropped == 40 - 32  # the guard's cap per address
        phone = Phone(ph.url(0))  # from another address: served as ever
        try:
            assert phone.next("state", QCoreApplication.processEvents)["type"] == "state"
        finally:
            phone.close()
    finally:
        for s in hostile:
            s.close()


TABLE = textwrap.dedent("""
    import json, resource, sys, time
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))
    sys.path.insert(0, sys.argv[1] + "/tests")
    from PySide6.QtCore import QCoreApplication
    app = QCoreApplication([])
    from phone_client import Phone
    from bsg_desktop.engine import Setup
    from bsg_desktop.ui.controller import COMPUTER, HUMAN, GameController
    from bsg_desktop.ui.phones import PhoneHost
    c = GameController(bot_delay_ms=0)
    c.bot_level = "heuristic"
    c.start(Setup(players=3), 23, [HUMAN, HUMAN, COMPUTER])
    ph = PhoneHost(c)
    from claims import auto_confirm
    auto_confirm(ph)
    ph.start("127.0.0.1", 0)
    pump = app.processEvents
    phones = {0: Phone(ph.url(0))}  # one phone joined before, one joins during the attack
    print(ph.server.port, flush=True)
    sys.stdin.readline()  # the hostile sockets are open
    for _ in range(100):  # this test's own phone shares the table's 256 files: while the
        try:              # attack fills them it tries again, as a phone's page does
            phones[1] = Phone(ph.url(1))
            break
        except OSError:
            pump()
            time.sleep(0.05)
    played = 0
    frames = {s: p.next("state", pump) for s, p in phones.items()}
    end = time.monotonic() + 20
    while played < 12 and time.monotonic() < end:
        c.play_bots_now()
        seat = c.pending_seat
        if seat not in phones:
            pump()
            continue
        while frames[seat]["seq"] != ph.host.seq[seat]:
            frames[seat] = phones[seat].next("state", pump)
        d = frames[seat]["decision"]
        choice = next(iter(d["sets"].values())) if d.get("sets") else d["options"][0]["choice"]
        phones[seat].send({"type": "choose", "seq": frames[seat]["seq"], "choice": choice})
        before = len(c.game.choices)
        while len(c.game.choices) == before and time.monotonic() < end:
            pump()
        played += 1
    c.save(sys.argv[2])
    guard = ph.server.guard
    print(json.dumps({"played": played, "open": sum(guard.open.values()),
                      "refused": guard.refused}), flush=True)
    for p in phones.values():
        p.close()
    ph.stop()
    c.stop()
""")


@pytest.mark.skipif(sys.platform == "win32", reason="resource.setrlimit is POSIX")
def test_the_table_plays_and_saves_with_256_files_and_300_hostile_sockets(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    save = tmp_path / "table.json"
    proc = subprocess.Popen([sys.executable, "-c", TABLE, str(ROOT), str(save)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    hostile: list[socket.socket] = []
    try:
        assert proc.stdout is not None and proc.stdin is not None
        port = int(proc.stdout.readline())
        for n in range(300):  # ten addresses, thirty each
            try:
                hostile.append(half_open(port, f"127.0.0.{2 + n % 10}"))
            except OSError:
                pass  # refused at once: what the guard is for
        proc.stdin.write("go\n")
        proc.stdin.flush()
        out, err = proc.communicate(timeout=60)
    finally:
        for s in hostile:
            s.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert proc.returncode == 0, err[-2000:]
    result = json.loads(out.strip().splitlines()[-1])
    assert result["played"] == 12
    assert result["refused"] >= 300 - 128 and result["open"] <= 128
    assert json.loads(save.read_text())["desktop"]["seats"] == ["human", "human", "computer"]
    assert "Traceback" not in err and "Too many open files" not in err, err[-2000:]
