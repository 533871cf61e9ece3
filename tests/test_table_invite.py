"""The window offers the table page: File → Invite players… shows its code and link,
marked as the table with no secrets, and the page follows the lesson the window shows.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import tr  # noqa: E402
from bsg_desktop.teach import DEMO_DIR, list_demos  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402


def test_invite_offers_the_table_page_marked_as_without_secrets(new_window, qtbot,  # type: ignore[no-untyped-def]
                                                                 tmp_path) -> None:
    win = new_window()
    win.invite_addresses, win.invite_port = ["127.0.0.1"], 0
    win.start_game(Setup(players=3), 31, [HUMAN, HUMAN, COMPUTER])
    try:
        win.act_invite.trigger()
        dlg = win.invite_dialog
        assert dlg is not None and dlg.table_widgets
        qr, title, link, note = dlg.table_widgets
        assert link.text() == win.table.url() and "/t/" in link.text()
        assert all(win.phones.url(s).split("#", 1)[1] not in link.text() for s in dlg.states)
        assert tr("ui.invite.table") in title.text() and "no secrets" in title.text()
        assert not qr.pixmap().isNull() and qr.accessibleName() == link.text()
        assert note.text() == tr("ui.invite.table_note")
        folder = Path(os.environ.get("BSG_ARTEFACTS") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        dlg.resize(760, 900)
        dlg.grab().save(str(folder / "invite-table.png"))
        # the window's lesson goes to the table page too, and the game comes back after it
        demo = next(d for d in list_demos(DEMO_DIR) if not d.error)
        assert win.open_demo(demo.path)
        shown = json.loads(win.table.frame())
        assert shown["lesson"]["title"] == win.lesson.title()
        win.lesson_forward()
        assert json.loads(win.table.frame())["lesson"]["narration"] == win.lesson.narration()
        win.close_lesson()
        assert json.loads(win.table.frame())["lesson"] is None
        win.set_language("hu")
        assert dlg.table_widgets[1].text() == f"<b>{tr('ui.invite.table', 'hu')}</b>"
        assert json.loads(win.table.frame())["lang"] == "hu"
    finally:
        win.phones.stop()
