"""The window with phones: File → Invite players…, mixed seats, and the table's privacy.

A seat whose phone connected is never unlocked on the table: while it decides the
window shows the public view and says it is deciding on its phone, with no
hand-over page; a seat still at the table gets its hand-over as before.
"""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from claims import auto_confirm  # noqa: E402
from phone_client import Phone  # noqa: E402
from PySide6.QtCore import QCoreApplication, Qt  # noqa: E402

from bsg_desktop.engine import Setup, new_game  # noqa: E402
from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.present.words import card_words  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402
from bsg_desktop.ui.invite import InviteDialog, qr_pixmap  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402


def pump() -> None:
    QCoreApplication.processEvents()


@pytest.fixture
def window(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    win = MainWindow(settings=Settings(tmp_path / "settings.ini"), autosave_path=None,
                     bot_delay_ms=0, animate=False)
    qtbot.addWidget(win)
    auto_confirm(win.phones)  # every phone let in at once: the claim has tests of its own
    yield win
    win.phones.stop()
    win.controller.stop()
    set_language("en")


def test_invite_shows_one_seats_code_on_request_and_hides_it_once_claimed(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = window
    assert not win.act_invite.isEnabled()  # nothing to host before a game
    win.start_game(Setup(players=3), 31, [HUMAN, HUMAN, COMPUTER])
    assert win.act_invite.isEnabled() and win.act_invite.text() == "&Invite players…"
    dlg = InviteDialog(win.comp, win.phones, win, addresses=["127.0.0.1"], port=0)
    qtbot.addWidget(dlg)
    dlg.show()
    assert win.phones.hosting and sorted(dlg.states) == [0, 1]

    def links_on_screen() -> list[str]:
        """Every text, accessible name and tooltip of the dialog that holds a link."""
        from PySide6.QtWidgets import QWidget

        out = []
        for w in [dlg, *dlg.findChildren(QWidget)]:
            if not w.isVisibleTo(dlg) and w is not dlg:
                continue
            for text in (getattr(w, "text", lambda: "")(), w.accessibleName(), w.toolTip()):
                if isinstance(text, str) and "http://" in text:
                    out.append(text)
        return out

    assert dlg.shown is None and links_on_screen() == []  # no code until a seat asks
    dlg.show_buttons[0].click()
    assert dlg.shown == 0 and dlg.link.text() == win.phones.url(0)
    assert links_on_screen() == [win.phones.url(0)]  # the visible link only: no name, no tip
    assert dlg.qr.accessibleName().startswith("QR code for")
    assert not qr_pixmap(dlg.link.text()).isNull()
    dlg.show_buttons[1].click()  # one code at a time
    assert dlg.shown == 1 and dlg.link.text() == win.phones.url(1)
    assert dlg.show_buttons[0].text() == "Show code" and dlg.show_buttons[1].text() == "Hide code"
    dlg.show_buttons[0].click()
    assert "not connected" in dlg.states[0].text() and not dlg.move_buttons[0].isEnabled()
    phone = Phone(win.phones.url(0))
    try:
        phone.next("state", pump)
        qtbot.waitUntil(lambda: 0 in win.phones.connected and win.phones.claimed(0))
        assert dlg.shown is None and links_on_screen() == []  # claimed: the code is gone
        assert not dlg.show_buttons[0].isEnabled() and dlg.move_buttons[0].isEnabled()
        assert dlg.states[0].text() == "on phone · connected"
        assert "On phone · connected" in win.scene.all_texts()  # the seat's panel says so
        assert "phone connected" in win.phone_status.text()
        # the seat moved to another phone at the table: the table is told, the old
        # phone is told at once, and the seat's code can be shown again (a new link)
        old = win.phones.url(0)
        dlg.move_buttons[0].click()
        assert phone.next("moved", pump)
        assert phone.next("_closed", pump)["code"] == 4002
        qtbot.waitUntil(lambda: "phone was changed" in win.phone_status.text())
        assert dlg.show_buttons[0].isEnabled() and win.phones.url(0) != old
    finally:
        phone.close()
    qtbot.waitUntil(lambda: 0 not in win.phones.connected)
    assert "disconnected" in dlg.states[0].text()
    assert "phone disconnected" in win.phone_status.text()
    assert "On phone · disconnected" in win.scene.all_texts()
    dlg.stop_button.click()
    assert not win.phones.hosting and win.phone_status.text() == ""


def test_a_phone_seat_decides_off_the_table_and_a_table_seat_hands_over(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = window
    c = win.controller
    win.start_game(Setup(players=3), 31, [HUMAN, HUMAN, COMPUTER])
    win.phones.start("127.0.0.1", 0)
    phone = Phone(win.phones.url(0))
    try:
        s = phone.next("state", pump)
        qtbot.waitUntil(lambda: c.phones == {0})
        g = c.game
        secret = card_words(win.comp, g.players[0].loyalty[0])
        assert c.pending_seat == 0
        assert win.stack.currentWidget() is win.game_page  # no hand-over for a phone seat
        assert "on their phone" in win.panel.sentence.text()
        assert not win.panel.buttons and c.unlocked is None
        assert not any(secret == t for t in win.widget_texts())
        # seat 0 plays from its phone until the table seat must decide
        for _ in range(60):
            if c.pending_seat == 1:
                break
            if c.pending_seat == 0:
                d = s["decision"]
                choice = d["options"][0]["choice"] if not d.get("sets") else \
                    next(iter(d["sets"].values()))
                phone.send({"type": "choose", "seq": s["seq"], "choice": choice})
            s = phone.next("state", pump)
        assert c.pending_seat == 1
        # seat 1 is at the table: the screen passes to it, or it decides in public
        assert win.handing_over() != c.shared_decision()
        if win.handing_over():
            qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
            assert c.unlocked == 1
        assert win.panel.buttons
    finally:
        phone.close()


def test_undo_at_the_table_leaves_a_phone_seats_decision_alone(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = window
    c = win.controller
    g = new_game(Setup(players=3), 5, overrides={
        "brig": [0], "dice": {0: {"strong": {"spent": 2}, "weak": {"active": 1, "spent": 1}}}})
    c.adopt(g, [HUMAN, HUMAN, COMPUTER])
    win.phones.start("127.0.0.1", 0)
    phone = Phone(win.phones.url(0))
    try:
        s = phone.next("state", pump)
        phone.send({"type": "choose", "seq": s["seq"], "choice": "retrieve:strong"})
        qtbot.waitUntil(lambda: c.can_undo(0))
        win.refresh()
        assert not win.act_undo.isEnabled()
        win.act_undo.trigger()
        assert c.can_undo(0) and str(c.game.choices[-1]) == "retrieve:strong"
    finally:
        phone.close()


def test_new_game_can_invite_the_players_at_once(window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from bsg_desktop.ui import menus as window_module  # where New game opens its dialog

    class Answered(window_module.NewGameDialog):
        def exec(self) -> int:  # the user ticks "invite", makes seat 2 human, presses OK
            self.invite.setChecked(True)
            self.rows[1][2].setCurrentIndex(0)
            return 1

    monkeypatch.setattr(window_module, "NewGameDialog", Answered)
    window.invite_addresses, window.invite_port = ["127.0.0.1"], 0
    window.new_game_dialog()
    dlg = window.invite_dialog
    assert dlg is not None and dlg.isVisible()
    assert sorted(dlg.states) == [0, 1] and window.phones.hosting
    dlg.close()
