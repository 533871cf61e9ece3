"""The installed Qt binding must not leak references to None.

PySide6 6.12.0 under Python 3.11 releases a reference to ``None`` on every call of
a void method (``setPos``, ``setZValue`` …), so a long game aborts the whole
program. pyproject.toml excludes that release; this test catches any binding
that brings the bug back, before a player meets it as a crash.
"""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
from PySide6.QtWidgets import QApplication, QGraphicsRectItem
app = QApplication([])
item = QGraphicsRectItem(0, 0, 1, 1)
before = sys.getrefcount(None)
for i in range(2000):
    item.setPos(i, i)
    item.setZValue(i)
print(before - sys.getrefcount(None))
"""


def test_qt_binding_keeps_none_alive() -> None:
    # in a child process: if the bug is present, losing thousands of references to None
    # must not be able to abort the test run itself
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         timeout=60, env={"QT_QPA_PLATFORM": "offscreen", "PATH": ""})
    assert out.returncode == 0, out.stderr[-500:]
    assert int(out.stdout.strip().splitlines()[-1]) < 100
