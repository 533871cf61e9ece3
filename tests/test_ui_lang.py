"""Hungarian all through (Qt's own buttons and key names too) and the New game dialog:
the morale variant explained, the last table remembered, no blank row at 3 players."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QMessageBox  # noqa: E402

from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.ui.dialogs import NewGameDialog  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402

B = QMessageBox.StandardButton


@pytest.fixture
def win(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    w = MainWindow(settings=Settings(tmp_path / "settings.ini"), autosave_path=None,
                   bot_delay_ms=0, animate=False)
    qtbot.addWidget(w)
    yield w
    w.set_language("en")
    set_language("en")
    w.controller.stop()


def test_qt_standard_buttons_and_key_names_follow_the_language(win):  # type: ignore[no-untyped-def]
    box = win.unsaved_box()
    assert [box.button(b).text() for b in (B.Save, B.Discard, B.Cancel)] == \
        ["Save", "Discard", "Cancel"]
    win.set_language("hu")
    box = win.unsaved_box()
    assert [box.button(b).text() for b in (B.Save, B.Discard, B.Cancel)] == \
        ["Mentés", "Eldobás", "Mégse"]
    keys = [a.text().split("\t")[1] for a in (win.act_lesson_back, win.act_lesson_forward,
                                              win.act_lesson_reset)]
    assert keys == ["Bal nyíl", "Jobb nyíl", "Home"]
    win.set_language("en")
    assert win.act_lesson_back.text().endswith("\tLeft arrow")
    assert win.unsaved_box().button(B.Cancel).text() == "Cancel"


def test_new_game_dialog_explains_the_morale_variant(win, qtbot):  # type: ignore[no-untyped-def]
    dlg = NewGameDialog(win.comp, win)
    qtbot.addWidget(dlg)
    assert "V1" in dlg.morale.text() and "backfire" in dlg.morale.text()
    tip = dlg.morale.toolTip()
    assert tip.startswith("V1 ") and "V2 " in tip and "demoralized" in tip


def test_three_players_leave_no_blank_row(win, qtbot):  # type: ignore[no-untyped-def]
    dlg = NewGameDialog(win.comp, win)
    qtbot.addWidget(dlg)
    dlg.show()
    heights = {}
    for n in (5, 4, 3):
        dlg.players.setCurrentIndex(dlg.players.findData(n))
        qtbot.wait(1)
        heights[n] = dlg.height()
    assert heights[3] < heights[4] < heights[5]
    row = dlg.rows[0][1].height()
    assert heights[4] - heights[3] <= 2 * row + 12  # one row's worth, not more


def test_new_game_dialog_remembers_the_last_table(win, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    seen: list[NewGameDialog] = []

    def accept(dlg: NewGameDialog) -> int:
        seen.append(dlg)
        if len(seen) == 1:
            dlg.players.setCurrentIndex(dlg.players.findData(3))
            for i, name in enumerate(("Anna", "Béla", "Cili")):
                dlg.rows[i][1].setText(name)
            dlg.rows[1][2].setCurrentIndex(dlg.rows[1][2].findData("human"))
            dlg.morale.setChecked(True)
        return 1

    monkeypatch.setattr(NewGameDialog, "exec", accept)
    win.new_game_dialog()
    g = win.controller.game
    assert g is not None and g.n == 3 and [p.name for p in g.players] == ["Anna", "Béla", "Cili"]
    win.ask_unsaved = lambda: B.Discard
    win.new_game_dialog()  # the second time the dialog opens as the table was
    again = seen[1]
    assert int(again.players.currentData()) == 3
    assert [again.rows[i][1].text() for i in range(3)] == ["Anna", "Béla", "Cili"]
    assert [again.rows[i][2].currentData() for i in range(3)] == ["human", "human", "computer"]
    assert again.morale.isChecked()
