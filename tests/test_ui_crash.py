"""A bug inside the running window: a crash report, the game autosaved, one dialog, no storm."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget  # noqa: E402

from bsg_desktop import crash  # noqa: E402
from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.ui.crash_dialog import CrashGuard  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402

SECRET = "Cylon loyalty card of seat 2"  # stands for a piece of the game in a message


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data folder in tmp_path; the folder the reports go to."""
    monkeypatch.setattr(crash, "_qt_data_dir", lambda: tmp_path / "data")
    return tmp_path / "data" / "crash-reports"


@pytest.fixture
def win(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    w = MainWindow(settings=Settings(tmp_path / "settings.ini"),
                   autosave_path=tmp_path / "auto" / "autosave.bsgx.json", bot_delay_ms=0,
                   animate=False)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.controller.stop()
    set_language("en")


def boom() -> None:
    raise RuntimeError(f"a bug near the {SECRET}")


def _played(win: MainWindow, choices: int = 4) -> list[str]:
    win.start_game(Setup(players=3), 7)
    g = win.controller.game
    assert g is not None
    for _ in range(choices):
        win.controller.choose(g.pending.options[0])
    return [str(c) for c in g.choices]


def _boxes() -> list[QMessageBox]:
    """The crash dialogs on screen (another test's message box may linger)."""
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox)
            and w.objectName() == "crash_dialog" and w.isVisible()]


def test_a_raising_slot_writes_a_report_autosaves_and_tells_once(
        win, qtbot, reports: Path) -> None:  # type: ignore[no-untyped-def]
    choices = _played(win)
    auto = win.controller.autosave_path
    auto.unlink()  # whatever is in the autosave now was saved for the crash
    clock = Clock()
    guard = CrashGuard(win, quiet_seconds=30, clock=clock)

    class Broken(QWidget):
        def paintEvent(self, _event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
            raise ValueError(SECRET)

    with guard.installed():
        QTimer.singleShot(0, boom)
        qtbot.waitUntil(lambda: guard.dialog is not None and guard.dialog.isVisible())
        box = guard.dialog
        [report] = reports.iterdir()
        text = report.read_text(encoding="utf-8")
        assert "RuntimeError" in text and "in boom" in text and SECRET in text
        assert report.stat().st_mode & 0o077 == 0
        assert json.loads(auto.read_text(encoding="utf-8"))["choices"] == choices
        shown = " ".join((box.windowTitle(), box.text(), box.informativeText(),
                          box.detailedText()))
        assert str(report) in shown and "saved automatically" in shown
        assert "Only your user account" in shown  # true here: the file is 0600 and ours
        assert SECRET not in shown and "Traceback" not in shown and "RuntimeError" not in shown
        # more bugs while it is open: a slot, a paint override; no dialog, no report
        broken = Broken()
        qtbot.addWidget(broken)
        broken.show()
        QTimer.singleShot(0, boom)
        qtbot.waitUntil(lambda: sum("again" in line for line in guard.logged) >= 2)
        assert _boxes() == [box] and guard.shown == 1 and len(list(reports.iterdir())) == 1
        broken.close()
        # Keep playing: the window goes on; within the quiet time a bug is only logged
        QTimer.singleShot(0, guard.keep_button.click)
        qtbot.waitUntil(lambda: guard.dialog is None)
        assert win.isVisible() and win.controller.game is not None
        clock.t += 29
        before = len(guard.logged)
        QTimer.singleShot(0, boom)
        qtbot.waitUntil(lambda: len(guard.logged) > before)
        assert guard.dialog is None and guard.shown == 1 and "again" in guard.logged[-1]
        # later on, a new bug is told again (once per quiet time, not once forever)
        clock.t += 2
        QTimer.singleShot(0, boom)
        qtbot.waitUntil(lambda: guard.dialog is not None and guard.dialog.isVisible())
        assert guard.shown == 2 and len(list(reports.iterdir())) == 2
        QTimer.singleShot(0, guard.keep_button.click)
        qtbot.waitUntil(lambda: guard.dialog is None)
    assert sys.excepthook != guard.handle  # put back when the event loop is over


def test_the_dialog_is_translated_and_quit_closes_the_window(
        win, qtbot, reports: Path) -> None:  # type: ignore[no-untyped-def]
    _played(win, 1)
    set_language("hu")
    guard = CrashGuard(win)
    with guard.installed():
        QTimer.singleShot(0, boom)
        qtbot.waitUntil(lambda: guard.dialog is not None and guard.dialog.isVisible())
        box = guard.dialog
        assert "hiba" in box.text().lower() and "automatikusan elmentette" in \
            box.informativeText()
        assert guard.quit_button.text() == "Kilépés"
        QTimer.singleShot(0, guard.quit_button.click)
        qtbot.waitUntil(lambda: not win.isVisible())


def test_a_bug_in_the_dialog_itself_opens_no_dialog_storm(
        win, qtbot, reports: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    _played(win, 1)
    guard = CrashGuard(win)
    monkeypatch.setattr(guard, "build_dialog", lambda *_a: 1 / 0)
    with guard.installed():
        for _ in range(3):
            QTimer.singleShot(0, boom)
        qtbot.waitUntil(lambda: sum("again" in line for line in guard.logged) >= 2)
        qtbot.wait(20)
    assert guard.dialog is None and _boxes() == []
    assert any("dialog itself failed" in line for line in guard.logged)
    assert len(list(reports.iterdir())) == 1


def test_no_game_no_autosave_claim_and_no_report_folder_no_claim_of_one(
        win, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setattr(crash, "_qt_data_dir", lambda: blocker)
    guard = CrashGuard(win)
    with guard.installed():
        QTimer.singleShot(0, boom)
        qtbot.waitUntil(lambda: guard.dialog is not None and guard.dialog.isVisible())
        words = guard.dialog.informativeText()
        assert "saved" not in words and "No crash report could be written" in words
        QTimer.singleShot(0, guard.keep_button.click)
        qtbot.waitUntil(lambda: guard.dialog is None)


def test_play_runs_the_event_loop_under_the_guard(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from bsg_desktop.ui import command, settings

    app = QApplication.instance()
    seen = []
    monkeypatch.setattr(command, "_app", lambda offscreen: app)
    monkeypatch.setattr(settings, "Settings", lambda: Settings(tmp_path / "s.ini"))
    monkeypatch.setattr(settings, "default_autosave_path", lambda: tmp_path / "a.bsgx.json")
    monkeypatch.setattr(type(app), "exec", lambda _self: seen.append(sys.excepthook) or 0)
    monkeypatch.setattr(command, "_dispose", lambda _app, win: win.close())
    args = argparse.Namespace(lang="en", size="1600x1000", steps=0, demo_step=None, demo=None,
                              review=None, screenshot=None, open_file=None, seed=3, players=4)
    hook = sys.excepthook
    assert command.run(args) == 0
    assert isinstance(seen[0].__self__, CrashGuard) and sys.excepthook is hook


def test_a_report_others_can_read_is_not_called_private(tmp_path: Path) -> None:
    report = crash.write_crash_report("text", folder=tmp_path)
    assert crash.is_private(report)
    if sys.platform != "win32":
        report.chmod(0o644)
        assert not crash.is_private(report)
        assert not crash.is_private(tmp_path / "missing.txt")
