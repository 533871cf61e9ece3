"""The invite dialog's *Players join from*: this network, a pasted public https address,
or a cloudflared quick tunnel started from the dialog (a stand-in ``cloudflared`` on the
PATH that prints what the real one prints). The links, codes and the table's link follow
the choice; a bad address gets one clear line and hosting goes on as it was; the tunnel
ends when hosting stops, and one that fails puts the links back on this network.
"""

from __future__ import annotations

import os
import stat
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QCoreApplication, QEvent  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import tr  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402

QUICK = "https://fable-orbit-quartz-lime.trycloudflare.com"


def settle() -> None:
    """The replaced codes' widgets really go (deleteLater) before a screenshot."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def artefacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("BSG_ARTEFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def fake_cloudflared(folder: Path, prints: bool) -> Path:
    """A ``cloudflared`` that logs as the real one does (its quick tunnel's address in a
    box on stderr) and runs until stopped; or, ``prints`` False, one that gives up."""
    seen = folder / "cloudflared-args.txt"
    body = f"""import os, sys, time
open({str(seen)!r}, "w").write(" ".join(sys.argv[1:]) + "\\n" + str(os.getpid()))
if not {prints!r}:
    sys.stderr.write("ERR failed to request quick Tunnel\\n")
    sys.exit(1)
sys.stderr.write("2026-12-06T12:00:00Z INF Requesting new quick Tunnel on trycloudflare.com...\\n")
sys.stderr.write("2026-12-06T12:00:01Z INF |  Your quick Tunnel has been created! Visit it:  |\\n")
sys.stderr.write("2026-12-06T12:00:01Z INF |  {QUICK}  |\\n")
sys.stderr.flush()
time.sleep(120)
"""
    path = folder / "cloudflared"
    path.write_text(f"#!{sys.executable}\n{body}", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return seen


@pytest.fixture
def invited(new_window):  # type: ignore[no-untyped-def]
    made = []

    def make():  # type: ignore[no-untyped-def]
        win = new_window()
        win.invite_addresses, win.invite_port = ["127.0.0.1"], 0
        win.start_game(Setup(players=3), 31, [HUMAN, HUMAN, COMPUTER])
        win.act_invite.trigger()
        made.append(win)
        return win, win.invite_dialog

    yield make
    for win in made:
        win.phones.stop()


def test_a_pasted_address_goes_in_every_link_and_a_bad_one_gets_one_line(  # type: ignore[no-untyped-def]
        invited, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no cloudflared here
    win, dlg = invited()
    ph = win.phones
    lan = ph.url(0)
    assert lan.startswith("http://127.0.0.1:")
    assert [dlg.reach.itemData(i) for i in range(dlg.reach.count())] == ["lan", "paste"]
    dlg.reach.setCurrentIndex(dlg.reach.findData("paste"))
    assert dlg.public_row.isVisibleTo(dlg) and ph.url(0) == lan  # nothing pasted yet
    dlg.public_edit.setText("http://play.example.org")
    dlg.public_use.click()
    assert not dlg.error.isHidden() and dlg.error.text() == tr("ui.invite.public_https")
    assert ph.url(0) == lan and dlg.names  # hosting goes on, the seats still listed
    dlg.public_edit.setText(" https://Play.Example.org/ ")
    dlg.public_use.click()
    assert dlg.error.isHidden()
    key = ph.host.fragment(0)
    assert ph.url(0) == f"https://play.example.org/#{key}"
    assert win.table.url().startswith("https://play.example.org/t/")
    assert dlg.table_widgets[2].text() == win.table.url()
    dlg.show_code(0)
    assert dlg.link.text() == ph.url(0) and not dlg.qr.pixmap().isNull()
    assert "https://play.example.org" in dlg.reach_status.text()
    settle()
    dlg.resize(760, 860)
    dlg.grab().save(str(artefacts(tmp_path) / "invite-public-en.png"))
    win.set_language("hu")
    assert dlg.reach_label.text() == tr("ui.invite.reach", "hu")
    assert dlg.reach.currentText() == tr("ui.invite.reach_paste", "hu")
    settle()
    dlg.grab().save(str(artefacts(tmp_path) / "invite-public-hu.png"))
    win.set_language("en")
    # back to this network: the same keys, the network's address again
    dlg.reach.setCurrentIndex(dlg.reach.findData("lan"))
    assert ph.url(0) == lan and ph.public == ""
    assert dlg.reach_status.isHidden()


def test_a_quick_tunnel_started_from_the_dialog_and_stopped_with_hosting(  # type: ignore[no-untyped-def]
        invited, monkeypatch, tmp_path, qtbot) -> None:
    seen = fake_cloudflared(tmp_path, prints=True)
    monkeypatch.setenv("PATH", str(tmp_path) + os.pathsep + os.environ.get("PATH", ""))
    win, dlg = invited()
    ph = win.phones
    port = ph.server.port
    dlg.reach.setCurrentIndex(dlg.reach.findData("cloudflared"))
    assert ph.tunnel is not None
    qtbot.waitUntil(lambda: ph.public == QUICK, timeout=15_000)
    assert ph.url(1) == f"{QUICK}/#{ph.host.fragment(1)}" and ph.server.port == port
    args, pid = seen.read_text().splitlines()
    assert args == f"tunnel --no-autoupdate --url http://127.0.0.1:{port}"
    assert QUICK in dlg.reach_status.text()
    settle()
    dlg.grab().save(str(artefacts(tmp_path) / "invite-tunnel-en.png"))
    dlg.stop_button.click()  # hosting stops: the tunnel with it
    assert ph.tunnel is None and not ph.hosting
    end = time.monotonic() + 5
    while time.monotonic() < end:
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the tunnel still runs after hosting stopped")


def test_a_tunnel_that_fails_puts_the_links_back_on_this_network(  # type: ignore[no-untyped-def]
        invited, monkeypatch, tmp_path, qtbot) -> None:
    fake_cloudflared(tmp_path, prints=False)
    monkeypatch.setenv("PATH", str(tmp_path) + os.pathsep + os.environ.get("PATH", ""))
    win, dlg = invited()
    lan = win.phones.url(0)
    dlg.reach.setCurrentIndex(dlg.reach.findData("cloudflared"))
    qtbot.waitUntil(lambda: not dlg.error.isHidden(), timeout=15_000)
    assert dlg.error.text() == tr("ui.invite.tunnel_failed")
    assert dlg.reach.currentData() == "lan" and win.phones.url(0) == lan
    assert win.phones.tunnel is None and win.phones.hosting


def test_new_game_opens_the_invite_on_where_players_join_from(  # type: ignore[no-untyped-def]
        new_window, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no cloudflared here
    from bsg_desktop.ui import menus

    class Answered(menus.NewGameDialog):
        def exec(self) -> int:  # invite ticked, players join from a pasted address
            assert not self.reach.isEnabled()  # only with the invite
            self.invite.setChecked(True)
            assert self.reach.isEnabled()
            self.reach.setCurrentIndex(self.reach.findData("paste"))
            return 1

    monkeypatch.setattr(menus, "NewGameDialog", Answered)
    win = new_window()
    win.invite_addresses, win.invite_port = ["127.0.0.1"], 0
    try:
        win.new_game_dialog()
        dlg = win.invite_dialog
        assert dlg is not None and dlg.reach.currentData() == "paste"
        assert dlg.public_row.isVisibleTo(dlg) and dlg.public_edit.isVisibleTo(dlg)
        port = win.phones.server.port
        assert dlg.reach_status.text() == tr("ui.invite.public_point",
                                             address=f"http://127.0.0.1:{port}")
    finally:
        win.phones.stop()


def test_leaving_a_quick_tunnel_for_a_pasted_address_never_keeps_its_dead_links(  # type: ignore[no-untyped-def]
        invited, monkeypatch, tmp_path, qtbot) -> None:
    fake_cloudflared(tmp_path, prints=True)
    monkeypatch.setenv("PATH", str(tmp_path) + os.pathsep + os.environ.get("PATH", ""))
    win, dlg = invited()
    ph = win.phones
    lan = ph.url(0)
    dlg.reach.setCurrentIndex(dlg.reach.findData("cloudflared"))
    qtbot.waitUntil(lambda: ph.public == QUICK, timeout=15_000)
    dlg.reach.setCurrentIndex(dlg.reach.findData("paste"))  # nothing pasted yet
    assert ph.tunnel is None and ph.public == "" and ph.url(0) == lan
    dlg.public_edit.setText("https://play.example.org")
    dlg.public_use.click()
    assert ph.url(0).startswith("https://play.example.org/#")
