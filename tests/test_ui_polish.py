"""The window's finish: it opens where it was left, its dialogs are as dark as the game,
presenter view comes and goes cleanly, and the card viewer and print dialog fit."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QRect  # noqa: E402
from PySide6.QtGui import QColor, QGuiApplication, QPalette  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton,
    QFileDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressDialog,
    QWidget,
)

from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.ui.placement import placed  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402


def _window(qtbot, path):  # type: ignore[no-untyped-def]
    w = MainWindow(settings=Settings(path), autosave_path=None, bot_delay_ms=0, animate=False)
    qtbot.addWidget(w)
    return w


def _free() -> QRect:
    screen = QGuiApplication.primaryScreen()
    assert screen is not None
    return screen.availableGeometry()


def test_the_window_opens_where_and_as_it_was_closed(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.ini"
    first = _window(qtbot, path)
    first.restore_placement()
    first.show()
    first.setGeometry(10, 40, 784, 700)  # as wide as this 800 px screen leaves room for
    qtbot.wait(10)
    first.close()
    first.controller.stop()
    again = _window(qtbot, path)
    again.restore_placement()
    again.show()
    assert again.geometry() == QRect(10, 40, 784, 700) and not again.isMaximized()
    again.showMaximized()
    qtbot.wait(10)
    again.close()
    again.controller.stop()
    third = _window(qtbot, path)
    third.restore_placement()
    third.show()
    qtbot.wait(10)
    assert third.isMaximized()  # maximised it stays, and un-maximised it is where it was
    assert third.normalGeometry() == QRect(10, 40, 784, 700)
    third.controller.stop()


def test_a_place_on_no_screen_of_today_opens_on_the_main_screen(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.ini"
    Settings(path).set_window_rect(5000, 3000, 1400, 900)  # a second monitor, unplugged
    w = _window(qtbot, path)
    w.restore_placement()
    w.show()
    free = _free()
    assert free.contains(w.geometry()), (free, w.geometry())
    w.controller.stop()


def test_the_window_is_never_as_large_as_the_screen_so_no_manager_maximises_it() -> None:
    small = QRect(0, 0, 1366, 738)
    for saved in (None, (0, 0, 1500, 940), (-20, 0, 3000, 2000)):
        r = placed(saved, [small], small)
        assert small.contains(r) and r.width() < 1366 and r.height() < 738 - 30, (saved, r)
    # a window partly off the left edge of a second screen stays there, pulled in
    left = QRect(-1920, 0, 1920, 1080)
    r = placed((-1950, 100, 1100, 700), [small, left], small)
    assert left.contains(r) and r.size().width() == 1100
    # its title bar above every screen: not seen, so it comes back centred
    r = placed((100, -600, 1000, 700), [small], small)
    assert small.contains(r) and r.top() > 0


def _contrast(a: QColor, b: QColor) -> float:
    def lum(c: QColor) -> float:
        def ch(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF())
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_qt_dialogs_are_as_dark_as_the_game_and_their_texts_readable(new_window) -> None:  # type: ignore[no-untyped-def]
    win = new_window()
    box = QMessageBox(QMessageBox.Icon.Question, "BSG", "Save the game?",
                      QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel, win)
    progress = QProgressDialog("Drawing…", "Cancel", 0, 10, win)
    files = QFileDialog(win, "Open")
    files.setOption(QFileDialog.Option.DontUseNativeDialog)
    bar = win.menuBar()
    for dlg in (box, progress, files):
        dlg.show()
        pal = dlg.palette()
        assert pal.color(QPalette.ColorRole.Window).lightness() < 60, type(dlg).__name__
        checked = 0
        for w in dlg.findChildren(QWidget):
            if not w.isVisible():
                continue
            if isinstance(w, QLabel) and w.text():
                fg, bg = w.palette().color(w.foregroundRole()), pal.color(QPalette.ColorRole.Window)
            elif isinstance(w, QAbstractButton | QLineEdit) and w.isEnabled():
                fg, bg = (w.palette().color(r) for r in (
                    (QPalette.ColorRole.ButtonText, QPalette.ColorRole.Button)
                    if isinstance(w, QAbstractButton) else
                    (QPalette.ColorRole.Text, QPalette.ColorRole.Base)))
            else:
                continue
            checked += 1
            assert _contrast(fg, bg) >= 4.5, (type(dlg).__name__, w.objectName(), fg.name())
        assert checked >= 2
        dlg.close()
    assert bar.palette().color(QPalette.ColorRole.Window).lightness() < 60  # the menus too


@pytest.mark.parametrize("leave", ["Escape", "F5"])
def test_presenter_view_leaves_with_escape_or_f5_back_to_a_maximised_window(
        new_window, qtbot, leave) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    win = new_window()
    win.showMaximized()
    qtbot.wait(10)
    assert win.isMaximized()
    qtbot.keyClick(win, Qt.Key.Key_F5)
    qtbot.wait(10)
    assert win.lesson_panel.presenter and win.isFullScreen()
    assert not win.menuBar().isVisible()  # the class sees the lesson, not the menus
    assert "Esc" in win.statusBar().currentMessage()
    qtbot.keyClick(win, getattr(Qt.Key, f"Key_{leave}"))  # works with the menu bar hidden
    qtbot.wait(10)
    assert not win.lesson_panel.presenter and not win.isFullScreen()
    assert win.isMaximized() and win.menuBar().isVisible()
    qtbot.keyClick(win, Qt.Key.Key_Escape)  # outside presenter view Escape leaves nothing
    assert win.isMaximized() and not win.lesson_panel.presenter
    win.act_full.trigger()  # F11 too comes back to the maximised window
    assert win.isFullScreen()
    win.act_full.trigger()
    qtbot.wait(10)
    assert win.isMaximized() and not win.isFullScreen()


VIEWER = """
import json, sys, tempfile
from pathlib import Path
from bsg_desktop.ui.command import _app
app = _app(offscreen=False)
from bsg_desktop.engine import Setup
from bsg_desktop.ui.settings import Settings
from bsg_desktop.ui.window import MainWindow
w = MainWindow(settings=Settings(Path(tempfile.mkdtemp()) / "s.ini"), autosave_path=None,
               bot_delay_ms=0, animate=False)
w.resize(*app.primaryScreen().availableGeometry().size().toTuple())
w.show()
w.start_game(Setup(players=4), seed=3)
out = {}
for ch in ("gaius_baltar", "william_adama"):
    w.show_card(("card", ch))
    app.processEvents()
    v = w.card_viewer
    dpr = v.devicePixelRatioF()
    out[ch] = {"faces": [(lbl.mapTo(v, lbl.rect().bottomRight()).y(), lbl.height(),
                          lbl.pixmap().height() / dpr) for lbl in v.face_labels],
               "viewer": v.height(), "body": v.body.text(),
               "text_bottom": v.body.geometry().bottom()}
print(json.dumps(out))
w.controller.stop()
"""


@pytest.mark.parametrize("screen", [(1024, 640), (800, 480)])
def test_the_card_viewer_shows_the_whole_card_and_its_text_once(tmp_path, screen) -> None:  # type: ignore[no-untyped-def]
    import json
    import os
    import subprocess
    import sys

    from bsg_desktop.data import load_components
    from bsg_desktop.i18n import text

    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{
        "name": "small", "x": 0, "y": 0, "width": screen[0], "height": screen[1],
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    r = subprocess.run([sys.executable, "-c", VIEWER], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, PYTHONPATH=os.getcwd(),
                                             QT_QPA_PLATFORM=f"offscreen:configfile={config}"))
    assert r.returncode == 0, r.stderr[-2000:]
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    comp = load_components()
    for ch, v in seen.items():
        assert v["viewer"] <= screen[1] - 40, (ch, v)  # its title bar and Close on screen
        for bottom, shown, drawn in v["faces"]:
            assert shown >= drawn and bottom < v["viewer"], (ch, v)  # no part of it cut
            assert drawn >= min(300, screen[1] * 0.45), (ch, v)  # and still large
        assert v["text_bottom"] < v["viewer"]
        c = comp.character(ch)
        assert v["body"].count(text(c.ability)) == 1, v["body"]
        if text(c.brig) != text(c.ability):
            assert text(c.brig) in v["body"]


@pytest.mark.parametrize("documents", [False, True])
def test_the_print_pack_goes_into_a_folder_of_its_own(new_window, tmp_path, monkeypatch,
                                                       documents) -> None:  # type: ignore[no-untyped-def]
    from bsg_desktop.ui.print_pack import PrintDialog

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    if documents:
        (home / "Documents").mkdir()
    win = new_window()
    for lang, name in (("en", "BSG Express print pack"),
                       ("hu", "BSG Express nyomtatható változat")):
        win.set_language(lang)
        dlg = PrintDialog(win.settings, win)
        folder = Path(dlg.folder.text())
        assert folder == (home / "Documents" if documents else home) / name
        dlg.close()


def test_open_folder_without_a_file_manager_says_where_the_files_are(new_window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from bsg_desktop.ui.print_pack import PrintDialog

    win = new_window()
    tried: list[Path] = []
    for lang, words in (("en", "No file manager"), ("hu", "fájlkezelőben")):
        win.set_language(lang)
        tried.clear()
        dlg = PrintDialog(win.settings, win)
        dlg.show()
        dlg.open_folder = lambda f: tried.append(f) and False  # type: ignore[assignment,method-assign]
        dlg.folder.setText(str(tmp_path / "pack"))
        dlg._written([str(tmp_path / "pack" / "cards.pdf")])  # as a finished pack says
        dlg.open_button.click()
        assert tried == [tmp_path / "pack"] and dlg.isVisible()
        said = dlg.status.text()
        assert words in said and str(tmp_path / "pack") in said and dlg.status.property("error")
        dlg.close()


@pytest.fixture(autouse=True)
def _english():  # type: ignore[no-untyped-def]
    yield
    set_language("en")
