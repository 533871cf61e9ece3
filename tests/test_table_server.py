"""The table page on the companion server: its own token and files, a read-only socket
any number of pages may watch, and frames that follow the game through hand-overs.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("aiohttp")

from phone_client import Phone  # noqa: E402
from PySide6.QtCore import QCoreApplication  # noqa: E402


def pump() -> None:
    QCoreApplication.processEvents()


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:  # noqa: S310 - loopback test
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


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
    seat = ph.host.tokens[0]
    assert get(f"{base}/t/{seat}/")[0] == 404      # a seat's token opens no table
    assert get(f"{base}/s/{t.token}/")[0] == 404   # nor the table's token a seat
    with pytest.raises(Exception):  # noqa: B017 - another origin's socket is refused
        Phone(url, origin="http://example.com")


def test_table_pages_follow_the_game_through_the_hand_over(table) -> None:  # type: ignore[no-untyped-def]
    c, ph, t = table
    pages = [Phone(t.url()), Phone(t.url())]
    try:
        for p in pages:
            assert p.next("art", pump)["type"] == "art"
            assert "no_secrets" in p.next("strings", pump)["strings"]
            first = p.next("table", pump)
            assert first["seq"] == t.feed.seq and first["table"]["seats"]
        assert c.needs_handover()
        before = t.feed.seq
        c.unlock()  # the window shows the deciding seat's secrets; the table frame is unchanged
        pump()
        assert t.feed.seq == before
        c.choose(c.game.pending.options[0])
        for p in pages:
            frame = p.next("table", pump)
            assert frame["seq"] > before and frame["log"] == json.loads(t.feed._frame)["log"]
        pages[0].send({"type": "choose", "seq": t.feed.seq, "choice": "skip"})  # ignored
        pages[0].send({"type": "ping"})
        assert pages[0].next("pong", pump)["type"] == "pong"
    finally:
        for p in pages:
            p.close()
