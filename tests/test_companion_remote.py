"""Playing from another home: the public address players join from, behind a tunnel.

Covered: a pasted address is checked (one clear reason for each bad one); with a public
address chosen, the server serves that name, takes a socket from exactly that origin
(whatever Host the tunnel passes on, or ``X-Forwarded-Host``), listens on loopback too
(where a tunnel's client connects), and still refuses every other Host and Origin;
without one the forwarded headers change nothing. The links and the table page's link
carry the public address, the key still after ``#``. A seat's page is told where the
board is. The Tailscale address is read from ``tailscale status --json``.
"""

from __future__ import annotations

import os
import stat
import sys
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("aiohttp")

from phone_client import Phone, get  # noqa: E402
from PySide6.QtCore import QCoreApplication  # noqa: E402

from bsg_desktop.companion.remote import BadAddress, public_origin, tailscale_address  # noqa: E402

PUBLIC = "https://play.example.org"


def pump() -> None:
    QCoreApplication.processEvents()


@pytest.mark.parametrize(("text", "origin"), [
    ("https://play.example.org", PUBLIC),
    ("  https://Play.Example.org/ ", PUBLIC),
    ("play.example.org", PUBLIC),
    ("https://play.example.org:443", PUBLIC),
    ("https://abc-def.trycloudflare.com", "https://abc-def.trycloudflare.com"),
    ("https://host.tail1234.ts.net:8443", "https://host.tail1234.ts.net:8443"),
])
def test_a_pasted_public_address_becomes_one_origin(text: str, origin: str) -> None:
    assert public_origin(text) == origin


@pytest.mark.parametrize(("text", "key"), [
    ("", "ui.invite.public_empty"),
    ("http://play.example.org", "ui.invite.public_https"),
    ("ftp://play.example.org", "ui.invite.public_https"),
    ("https://play.example.org/game", "ui.invite.public_path"),
    ("https://play.example.org/#key", "ui.invite.public_path"),
    ("https://play.example.org/?a=1", "ui.invite.public_path"),
    ("https://me:pw@play.example.org", "ui.invite.public_path"),
    ("https://play example.org", "ui.invite.public_name"),
    ("https://localhost", "ui.invite.public_name"),
    ("https://play.example.org:99999", "ui.invite.public_name"),
    ("https://-bad-.example.org", "ui.invite.public_name"),
])
def test_a_bad_pasted_address_says_why_in_one_line(text: str, key: str) -> None:
    from bsg_desktop.i18n import tr

    with pytest.raises(BadAddress) as e:
        public_origin(text)
    assert e.value.key == key
    for lang in ("en", "hu"):
        line = tr(key, lang)
        assert line and line != key and "\n" not in line


@pytest.fixture
def public_table(hosted_table):  # type: ignore[no-untyped-def]
    """The usual 3-seat table, hosted again with a public address chosen."""
    c, ph = hosted_table(11)
    ph.start("127.0.0.1", 0, PUBLIC)
    phones: list[Phone] = []

    def connect(**kw) -> Phone:  # type: ignore[no-untyped-def]
        p = Phone(ph.url(0).replace(PUBLIC, f"http://127.0.0.1:{ph.server.port}"), **kw)
        phones.append(p)
        return p

    yield c, ph, connect
    for p in phones:
        try:
            p.close()
        except Exception:  # noqa: BLE001 - already closed by the test
            pass


def status(url: str, headers: dict[str, str]) -> int:
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:  # noqa: S310 - loopback test
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def test_the_links_carry_the_public_address_and_the_key_stays_after_the_hash(
        public_table) -> None:  # type: ignore[no-untyped-def]
    c, ph, _connect = public_table
    url = ph.url(0)
    assert url == f"{PUBLIC}/#{ph.host.fragment(0)}"
    from bsg_desktop.ui.table import TableHost

    table = TableHost(c, ph)
    table.publish()
    assert table.url() == f"{PUBLIC}/t/{table.token}"


def test_the_public_name_and_origin_are_accepted_and_no_other(public_table) -> None:  # type: ignore[no-untyped-def]
    c, ph, connect = public_table
    base = f"http://127.0.0.1:{ph.server.port}"
    # the page under the public name (as cloudflared or ngrok pass the Host on) ...
    assert status(base + "/", {"Host": "play.example.org"}) == 200
    # ... or under loopback with the name forwarded (an SSH tunnel, a reverse proxy)
    assert status(base + "/", {"X-Forwarded-Host": "play.example.org",
                               "X-Forwarded-Proto": "https"}) == 200
    # another name is not served, forwarded or not
    assert status(base + "/", {"Host": "evil.example"}) == 404
    assert status(base + "/", {"Host": "evil.example",
                               "X-Forwarded-Host": "other.example"}) == 404
    # a socket from the public origin plays, with the tunnel's Host or a forwarded one
    device = ""  # the same device each time: it claimed the seat the first time
    for headers in ({"Host": "play.example.org"},
                    {"X-Forwarded-Host": "play.example.org", "X-Forwarded-Proto": "https"},
                    {}):  # a tunnel that passes loopback's own Host on
        p = connect(origin=PUBLIC, headers=headers, device=device)
        assert p.next("state", pump)["seq"] >= 1
        device = p.device
        p.close()
    # any other origin is refused, under either name
    for origin, headers in (("https://evil.example", {"Host": "play.example.org"}),
                            ("http://play.example.org", {"Host": "play.example.org"}),
                            ("https://play.example.org:8443", {"Host": "play.example.org"}),
                            ("https://evil.example", {}),
                            (None, {"Host": "play.example.org"})):
        with pytest.raises(Exception):  # noqa: B017 - 403 at the handshake
            connect(origin=origin, headers=headers)
    # the page's own network address still works as on the LAN
    p = connect(device=device)
    assert p.next("state", pump)["seq"] >= 1


def test_forwarded_headers_are_ignored_without_a_public_address(hosted_table) -> None:  # type: ignore[no-untyped-def]
    c, ph = hosted_table(11)
    base = f"http://127.0.0.1:{ph.server.port}"
    assert ph.public == "" and ph.url(0).startswith(base + "/#")
    assert status(base + "/", {"Host": "play.example.org"}) == 404
    assert status(base + "/", {"X-Forwarded-Host": "play.example.org"}) == 200  # loopback's
    with pytest.raises(Exception):  # noqa: B017 - 403: the forwarded name is not believed
        Phone(ph.url(0), origin=PUBLIC, headers={"X-Forwarded-Host": "play.example.org",
                                                 "X-Forwarded-Proto": "https"}).close()
    p = Phone(ph.url(0))
    assert p.next("state", pump)["seq"] >= 1
    p.close()


def test_behind_a_tunnel_the_server_also_listens_on_loopback(hosted_table) -> None:  # type: ignore[no-untyped-def]
    """Bound to another address (here 127.0.0.2, a room's Wi-Fi in real use), a public
    address makes it listen on 127.0.0.1 too, the same port: where cloudflared, ngrok
    or ``tailscale serve`` connect."""
    c, ph = hosted_table(11)
    ph.start("127.0.0.2", 0)
    port = ph.server.port
    with pytest.raises(OSError):
        urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=3)  # noqa: S310
    ph.start("127.0.0.2", port, PUBLIC)
    assert ph.server.port == port
    assert status(f"http://127.0.0.1:{port}/", {"Host": "play.example.org"}) == 200
    assert get(f"http://127.0.0.2:{port}/")[0] == 200
    # a tunnel that passes loopback's own name on (cloudflared --http-host-header)
    assert get(f"http://127.0.0.1:{port}/")[0] == 200
    assert status(f"http://127.0.0.1:{port}/", {"Host": "evil.example"}) == 404


def test_a_seats_page_is_told_where_the_board_is(public_table) -> None:  # type: ignore[no-untyped-def]
    c, ph, connect = public_table
    from bsg_desktop.ui.table import TableHost

    table = TableHost(c, ph)
    table.publish()
    pump()
    p = connect(origin=PUBLIC, headers={"Host": "play.example.org"})
    at = p.next("board_at", pump)
    assert at["href"] == f"t/{table.token}/"
    base = f"http://127.0.0.1:{ph.server.port}/"
    with urllib.request.urlopen(urllib.request.Request(  # noqa: S310 - loopback test
            base + at["href"], headers={"Host": "play.example.org"}), timeout=10) as r:
        # the table page may be framed by the seat's own page, and by no other site
        assert "frame-ancestors 'self'" in r.headers["Content-Security-Policy"]
    with urllib.request.urlopen(base, timeout=10) as r:  # noqa: S310 - loopback test
        assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]


def _fake_command(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!{sys.executable}\n{body}", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)


def test_the_tailscale_address_is_read_from_its_status(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("PATH", str(tmp_path))
    assert tailscale_address() == ""  # not installed
    _fake_command(tmp_path, "tailscale", """import json, sys
if sys.argv[1:] == ["status", "--json"]:
    print(json.dumps({"BackendState": "Running",
                      "Self": {"TailscaleIPs": ["100.101.102.103", "fd7a:115c::1"]}}))
""")
    assert tailscale_address() == "100.101.102.103"
    _fake_command(tmp_path, "tailscale", """import json
print(json.dumps({"BackendState": "Stopped", "Self": {"TailscaleIPs": []}}))
""")
    assert tailscale_address() == ""  # installed, logged out: nothing to offer
    assert os.environ["PATH"] == str(tmp_path)


@pytest.mark.parametrize("headers", [
    {"X-Forwarded-Host": "a b"}, {"X-Forwarded-Host": "[::1"}, {"X-Forwarded-Host": ","},
    {"X-Forwarded-Host": "play.example.org:notaport"}, {"X-Forwarded-Host": "x" * 4000},
    {"X-Forwarded-Proto": "gopher"}, {"X-Forwarded-Proto": ""}, {"X-Forwarded-Host": "ä.org"},
    {"X-Forwarded-Host": "play.example.org, evil.example", "X-Forwarded-Proto": "https, http"},
])
def test_odd_forwarded_headers_get_a_plain_answer_never_a_server_error(  # type: ignore[no-untyped-def]
        public_table, headers) -> None:
    c, ph, _connect = public_table
    code = status(f"http://127.0.0.1:{ph.server.port}/", headers)
    assert code in (200, 400, 404), code
    # the first of a chain is the browser's own name: the page is served for it
    if headers.get("X-Forwarded-Host", "").startswith("play.example.org,"):
        assert code == 200
    assert status(f"http://127.0.0.1:{ph.server.port}/", {}) == 200  # still standing
