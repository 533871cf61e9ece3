"""Windows a user can keep open while switching Settings → Language follow the switch,
as the main window does: the phone invite dialog (its QR codes' captions, buttons and
each seat's state, with the same links), the status bar's phone line and the card
viewer. (The rules reference, the review section and the narration editor already
followed it; the other dialogs are modal, so the menu cannot be reached while they
are open.)"""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402


def test_the_invite_dialog_follows_a_language_switch_while_open(new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    win.invite_addresses, win.invite_port = ["127.0.0.1"], 0
    try:
        win.start_game(Setup(players=3), 31, [HUMAN, HUMAN, COMPUTER])
        win.act_invite.trigger()
        dlg = win.invite_dialog
        assert dlg is not None and dlg.isVisible() and not dlg.isModal()
        dlg.show_code(0)
        url = dlg.link.text()
        assert dlg.windowTitle() == "Invite players"
        assert "scan this code" in dlg.caption.text()
        win.lang_actions["hu"].trigger()  # Settings → Language → Magyar, dialog still open
        assert dlg.windowTitle() == "Játékosok meghívása"
        assert dlg.stop_button.text() == "Telefonos játék leállítása"
        assert dlg.close_button.text() == "Bezárás"
        assert dlg.intro.text().startswith("A szobában ülő játékosoknak")
        assert "olvasd be ezt a kódot" in dlg.caption.text()
        assert dlg.show_buttons[0].text() == "Kód elrejtése"
        assert dlg.show_buttons[1].text() == "Kód mutatása"
        for seat in (0, 1):
            assert dlg.computer[seat].text() == "Ezt a játékost a gép irányítsa"
            assert dlg.states[seat].text() == "még nem kapcsolódott (az asztalnál játszik)"
        assert dlg.shown == 0 and dlg.link.text() == url  # the same link, still shown
        assert win.phone_status.text().startswith("Telefonos játék")
        dlg.close()
    finally:
        win.phones.stop()
        set_language("en")


def test_an_open_card_viewer_follows_a_language_switch(new_window) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    win.show_card(("card", "william_adama"))
    viewer = win.card_viewer
    assert viewer is not None and viewer.isVisible()
    english = viewer.body.text()
    assert viewer.close_button.text() == "Close"
    win.set_language("hu")
    assert viewer.close_button.text() == "Bezárás" and viewer.body.text() != english
    viewer.close()
