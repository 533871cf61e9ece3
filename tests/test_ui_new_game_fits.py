"""The New game dialog grows with what it shows: ticking "Type a seed" brings up the
warning of what a typed seed costs, and it must be read whole (a clipped warning is
worse than none), in English and in Hungarian, for 3 to 5 seats."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QCoreApplication  # noqa: E402

from bsg_desktop.data import load_components  # noqa: E402
from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.ui.dialogs import NewGameDialog  # noqa: E402


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("players_first", [False, True])
def test_seed_warning_is_shown_whole(qtbot, lang, players_first) -> None:  # type: ignore[no-untyped-def]
    set_language(lang)
    try:
        dlg = NewGameDialog(load_components())
        qtbot.addWidget(dlg)
        dlg.show()
        qtbot.waitExposed(dlg)
        if players_first:
            dlg.players.setCurrentIndex(dlg.players.findData(5))
        dlg.seed_typed.setChecked(True)
        QCoreApplication.processEvents()
        note = dlg.seed_note
        assert note.isVisible()
        assert note.height() >= note.heightForWidth(note.width()), "the warning is cut off"
        assert dlg.height() <= 600, "the dialog still fits a 1024x640 screen"
        dlg.seed_typed.setChecked(False)
        QCoreApplication.processEvents()
        dlg.players.setCurrentIndex(dlg.players.findData(3))
        QCoreApplication.processEvents()
        assert dlg.height() <= dlg.sizeHint().height() + 2, "its room is given back"
    finally:
        set_language("en")
