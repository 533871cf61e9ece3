"""The table page on the companion server: its own token and files, a read-only socket
any number of pages may watch, and frames that follow the game through hand-overs.
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from typing import Any

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("aiohttp")

from phone_client import get  # noqa: E402
from PySide6.QtCore import QCoreApplication  # noqa: E402


def pump() -> None:
    QCoreApplication.processEvents()



class Watcher:
    """A table page as a plain WebSocket client on its own asyncio thread (the table's
    frames are public: nothing is sealed)."""

    def __init__(self, url: str, origin: str | None = None) -> None:
        import aiohttp

        self.inbox: queue.Queue[str | None] = queue.Queue()
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()

        async def connect() -> Any:
            self.session = aiohttp.ClientSession()
            o = origin or "/".join(url.split("/")[:3])
            try:
                self.ws = await self.session.ws_connect(
                    url.replace("http://", "ws://") + "/ws", headers={"Origin": o})
            except BaseException:
                await self.session.close()
                raise
            asyncio.ensure_future(self._read())

        asyncio.run_coroutine_threadsafe(connect(), self.loop).result(10)

    async def _read(self) -> None:
        async for msg in self.ws:
            self.inbox.put(msg.data)
        self.inbox.put(None)

    def send(self, data: dict[str, Any]) -> None:
        asyncio.run_coroutine_threadsafe(self.ws.send_str(json.dumps(data)), self.loop
                                         ).result(10)

    def next(self, kind: str) -> dict[str, Any]:
        end = time.monotonic() + 10
        while time.monotonic() < end:
            pump()
            try:
                data = self.inbox.get(timeout=0.005)
            except queue.Empty:
                continue
            if data is None:
                raise ConnectionError("closed")
            msg = json.loads(data)
            if msg.get("type") == kind:
                return msg  # type: ignore[no-any-return]
        raise TimeoutError(kind)

    def close(self) -> None:
        async def end() -> None:
            await self.ws.close()
            await self.session.close()

        asyncio.run_coroutine_threadsafe(end(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)


@pytest.fixture
def table(hosted_table):  # type: ignore[no-untyped-def]
    from bsg_desktop.ui.table import TableHost

    c, ph = hosted_table(17)
    t = TableHost(c, ph)
    t.publish()
    return c, ph, t


def test_the_table_page_has_its_own_token_and_files(table) -> None:  # type: ignore[no-untyped-def]
    c, ph, t = table
    url = t.url()
    base = url.rsplit("/t/", 1)[0]
    status, page = get(url)
    assert status == 200 and b"table.js" in page and b"app.js" not in page
    for name in ("table.js", "table.css"):
        assert get(f"{url}/{name}")[0] == 200
    for name in ("app.js", "index.html", "../index.html"):
        assert get(f"{url}/{name}")[0] == 404
    assert get(f"{base}/t/{'x' * 22}/")[0] == 404
    key = ph.url(0).split("#", 1)[1]  # a seat's key, in its link's fragment only
    assert key not in url and get(f"{base}/t/{key}/")[0] == 404  # a seat's key opens no table
    assert get(f"{base}/{t.token}")[0] == 404
    with pytest.raises(Exception):  # noqa: B017 - another origin's socket is refused
        Watcher(url, origin="http://example.com")


def test_the_board_art_is_served_once_under_its_hash_and_the_table_token_only(  # type: ignore[no-untyped-def]
        table) -> None:
    import html
    import urllib.request

    from bsg_desktop.i18n import text

    c, ph, t = table
    url = t.url()
    base = url.rsplit("/t/", 1)[0]
    frame = json.loads(t.frame())  # made on demand: no table page watches here
    name = frame["board"]["art"]
    assert name.startswith("board-") and name.endswith(".json")
    with urllib.request.urlopen(f"{url}/{name}", timeout=10) as r:  # noqa: S310 - loopback
        assert "immutable" in r.headers["Cache-Control"]
        doc = json.loads(r.read())
    # the printed board and every look the frame's tokens name
    svg = doc["board"]["svg"]
    assert all(html.escape(text(loc.name, "en")) in svg for loc in c.game.c.damage_locations)
    assert {tk["look"] for tk in frame["board"]["tokens"]} <= set(doc["looks"])
    assert get(f"{base}/{name}")[0] == 404  # not without the table's token
    assert get(f"{url}/board-{'0' * 20}.json")[0] == 404
    # the frame names the art; it never carries it
    assert len(t.feed._frame) < len(json.dumps(doc)) / 4


def test_table_pages_follow_the_game_through_the_hand_over(table) -> None:  # type: ignore[no-untyped-def]
    c, ph, t = table
    pages = [Watcher(t.url()), Watcher(t.url())]
    try:
        for p in pages:
            assert p.next("art")["type"] == "art"
            assert "no_secrets" in p.next("strings")["strings"]
            first = p.next("table")
            assert first["seq"] == t.feed.seq and first["table"]["seats"]
        assert c.needs_handover()
        before = t.feed.seq
        c.unlock()  # the window shows the deciding seat's secrets; the table frame is unchanged
        pump()
        assert t.feed.seq == before
        c.choose(c.game.pending.options[0])
        for p in pages:
            frame = p.next("table")
            assert frame["seq"] > before and frame["log"] == json.loads(t.feed._frame)["log"]
        pages[0].send({"type": "choose", "seq": t.feed.seq, "choice": "skip"})  # ignored
        pages[0].send({"type": "ping"})
        assert pages[0].next("pong")["type"] == "pong"
    finally:
        for p in pages:
            p.close()


def test_no_table_frame_is_made_while_no_page_watches_and_a_new_page_gets_the_current_one(  # type: ignore[no-untyped-def]
        table, monkeypatch) -> None:
    from bsg_desktop.ui.table import TableHost

    c, ph, t = table
    made: list[int] = []
    frame = TableHost.frame
    monkeypatch.setattr(TableHost, "frame", lambda self: made.append(1) or frame(self))
    for _ in range(3):  # moves with nobody watching the table page
        if c.needs_handover():
            c.unlock()
        c.choose(c.game.pending.options[0])
        pump()
    assert made == []
    page = Watcher(t.url())
    try:
        shown = page.next("table")  # made when the page started watching: the game as it is now
        assert made and shown["log"] == json.loads(frame(t))["log"]
        assert len(shown["log"]) > 3
    finally:
        page.close()


def test_a_moves_table_frame_is_handed_over_before_the_window_hears_of_the_move(  # type: ignore[no-untyped-def]
        table) -> None:
    """Made on `moved`, right after the phones' frames: the table page does not wait
    for the window to redraw the move first."""
    c, ph, t = table
    page = Watcher(t.url())
    try:
        page.next("table")
        heard: list[tuple[int, int]] = []  # (table frame number, frame number before)
        before = {"seq": t.feed.seq}
        c.events_applied.connect(lambda _events: heard.append((t.feed.seq, before["seq"])))
        for _ in range(4):
            if c.game.outcome is not None:
                break
            if c.needs_handover():
                c.unlock()
            before["seq"] = t.feed.seq
            c.choose(c.game.pending.options[0])
            pump()
        assert len(heard) >= 3
        assert all(now > was for now, was in heard)
    finally:
        page.close()
