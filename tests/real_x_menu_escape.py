"""Run by tests/test_ui_real_x.py inside Xvfb with a window manager: real key presses
(xdotool) on a hot-seat hand-over, Alt+E then Escape then Enter. Prints one JSON line."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from bsg_desktop.engine import Setup
from bsg_desktop.ui.window import MainWindow

app = QApplication(sys.argv[:1])
win = MainWindow()
win.resize(1280, 720)
win.show()
win.start_game(Setup(players=3), 2)
seen: dict[str, object] = {}


def wait_for(cond, seconds: float = 8.0) -> bool:  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        if cond():
            return True
        time.sleep(0.02)
    return False


def keys(*names: str) -> None:
    subprocess.run(["xdotool", "key", "--clearmodifiers", *names], check=False, timeout=10)


def on_continue() -> bool:
    return QApplication.focusWidget() is win.handover.button


def run() -> None:
    seen["started_on_continue"] = win.handing_over() and wait_for(on_continue)
    keys("alt+e")
    edit = win.menuBar().actions()[1].menu()
    seen["menu_opened"] = wait_for(edit.isVisible)
    keys("Escape")
    seen["menu_closed"] = wait_for(lambda: not edit.isVisible())
    seen["back_on_continue"] = wait_for(on_continue, 3.0)
    keys("Return")
    seen["continued"] = wait_for(lambda: not win.handing_over(), 3.0)
    seen["menu_after_enter"] = edit.isVisible()
    print(json.dumps(seen), flush=True)
    # quitting closes the window mid-game, which would ask Save / Discard / Cancel and
    # wait for an answer until the test's time limit
    win.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    app.quit()


QTimer.singleShot(0, run)
app.exec()
