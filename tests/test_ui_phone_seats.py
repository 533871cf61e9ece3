"""The window around phone seats: names shown as typed in every label, and a seat that
goes back to the table from the invite dialog, said for everyone."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from phone_client import Phone  # noqa: E402
from PySide6.QtCore import QCoreApplication, Qt  # noqa: E402
from PySide6.QtWidgets import QLabel  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402
from bsg_desktop.ui.invite import InviteDialog  # noqa: E402

MARKUP = ("<b>Ann</b>", "<i>Bo</i> &amp; Co", "Cy")


def pump() -> None:
    QCoreApplication.processEvents()


def labels_with(widgets: list, needle: str) -> list[QLabel]:  # type: ignore[type-arg]
    return [lbl for w in widgets for lbl in w.findChildren(QLabel)
            if needle in lbl.text() and lbl.isVisibleTo(w)]


def test_markup_in_a_name_is_shown_literally_in_every_label(new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    c = win.controller
    win.start_game(Setup(players=3, names=MARKUP), 31, [HUMAN, HUMAN, COMPUTER])
    assert c.pending_seat == 0
    # the hand-over names the deciding player
    assert win.handing_over()
    found = labels_with([win.handover], "<b>Ann</b>")
    assert found and all(lbl.textFormat() == Qt.TextFormat.PlainText for lbl in found)
    dlg = InviteDialog(win.comp, win.phones, win, addresses=["127.0.0.1"], port=0)
    qtbot.addWidget(dlg)
    phone = Phone(win.phones.url(0))
    try:
        phone.next("state", pump)
        qtbot.waitUntil(lambda: 0 in win.phones.connected)
        win.refresh()
        # the dialog, the status bar's phone line and the panel's sentence
        for where, needle in ((dlg, "<b>Ann</b>"), (dlg, "<i>Bo</i> &amp; Co"),
                              (win.phone_status.parentWidget(), "<b>Ann</b>"),
                              (win.panel, "<b>Ann</b>")):
            found = labels_with([where], needle)
            assert found, (where, needle)
            for lbl in found:
                assert lbl.textFormat() == Qt.TextFormat.PlainText, lbl.text()
        assert "on their phone" in win.panel.sentence.text()
    finally:
        phone.close()
        dlg.close()


def test_a_seat_goes_back_to_the_table_from_the_invite_dialog(new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    c = win.controller
    win.start_game(Setup(players=3), 31, [HUMAN, HUMAN, COMPUTER])
    dlg = InviteDialog(win.comp, win.phones, win, addresses=["127.0.0.1"], port=0)
    qtbot.addWidget(dlg)
    old = win.phones.url(0)
    assert not dlg.to_table_buttons[0].isEnabled()  # not on a phone yet: nothing to bring back
    phone = Phone(old)
    try:
        phone.next("state", pump)
        qtbot.waitUntil(lambda: c.phones == {0})
        assert dlg.to_table_buttons[0].isEnabled() and win.stack.currentWidget() is win.game_page
        dlg.to_table_buttons[0].click()
        # the phone is told, in its own words and by its own close code, and closed
        assert phone.next(None, pump)["type"] == "at_table"
        assert phone.next("_closed", pump)["code"] == 4006
        assert c.phones == set() and c.needs_handover()
        assert win.handing_over()  # its choices are at the table
        assert "plays at the table again" in win.statusBar().currentMessage()
        assert win.phones.url(0) != old  # a new code, should it go back to a phone
    finally:
        phone.close()
        dlg.close()


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_invite_dialog_shows_every_button_whole(new_window, qtbot, lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """At its default size, with five human seats, no button of a seat is
    clipped behind a sideways scrollbar ("Play this seat at the table again" was)."""
    import os
    from pathlib import Path

    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QScrollArea

    from bsg_desktop.i18n import set_language

    set_language(lang)
    win = new_window()
    win.start_game(Setup(players=5), 31, [HUMAN] * 5)
    dlg = InviteDialog(win.comp, win.phones, win, addresses=["127.0.0.1"], port=0)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    pump()
    scroll = dlg.findChild(QScrollArea)
    assert not scroll.horizontalScrollBar().isVisible()
    view = scroll.viewport()
    for seat in range(5):
        for button in (dlg.show_buttons[seat], dlg.move_buttons[seat],
                       dlg.to_table_buttons[seat], dlg.computer[seat]):
            left = button.mapTo(view, QPoint(0, 0)).x()
            assert left >= 0 and left + button.width() <= view.width(), button.text()
            assert button.width() >= button.sizeHint().width(), button.text()
    folder = Path(os.environ.get("BSG_ARTEFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    dlg.grab().save(str(folder / f"invite-{lang}-default.png"))
    dlg.close()
