"""Run by tests/test_ui_atspi.py inside Xvfb with a D-Bus session and the accessibility
bus: a hot-seat game at its first hand-over, its accessibility tree read over AT-SPI
by tests/atspi_tree.py (Debian's python3 with pyatspi), then again after Continue.
Prints one JSON line: both trees and the texts the test looks for."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PySide6.QtCore import QProcess, QTimer
from PySide6.QtWidgets import QApplication

from bsg_desktop.engine import Setup
from bsg_desktop.ui.window import MainWindow

APP = "bsg-atspi-check"
READER = str(Path(__file__).with_name("atspi_tree.py"))

app = QApplication(sys.argv[:1])
app.setApplicationName(APP)
win = MainWindow(animate=False)
win.resize(1280, 720)
win.show()
win.start_game(Setup(players=3), 2)
seen: dict[str, object] = {"handing_over": win.handing_over(),
                           "title": win.handover.title.text(),
                           "text": win.handover.text.text(),
                           "button": win.handover.button.accessibleName(),
                           "prompt": win.panel.sentence.text(),
                           "board": win.board_view.accessibleName()}
reader = QProcess()


def read(then) -> None:  # type: ignore[no-untyped-def]
    """The reader runs while this event loop answers its questions over D-Bus."""
    def done(*_args: object) -> None:
        reader.finished.disconnect()
        out = bytes(reader.readAllStandardOutput().data()).decode()
        lines = [ln for ln in out.splitlines() if ln.startswith("{")]
        then(json.loads(lines[-1])["tree"] if lines else
             bytes(reader.readAllStandardError().data()).decode()[-2000:])
    reader.finished.connect(done)
    reader.start("/usr/bin/python3", [READER, APP])


def covered(tree: object) -> None:
    seen["handover_tree"] = tree
    win.handover.button.click()
    seen["after_prompt"] = win.panel.sentence.text()
    QTimer.singleShot(300, lambda: read(uncovered))


def uncovered(tree: object) -> None:
    seen["after_tree"] = tree
    print(json.dumps(seen), flush=True)
    app.exit(0)  # not quit(): that would ask whether to save the game


QTimer.singleShot(500, lambda: read(covered))
app.exec()
