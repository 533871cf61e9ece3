"""On a 1024x640 laptop every dialog of the game must fit the screen with its title
bar and frame: the rules reference (F1) and the phone invitation used to open 640
pixels tall, their bottom row (Close, Stop playing by phone) below the screen's edge.

The screen's size is read once, when Qt starts: each size runs in a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("PySide6")

OPEN_DIALOGS = """
import json, sys, tempfile
from pathlib import Path
from bsg_desktop.ui.command import _app
app = _app(offscreen=False)
from bsg_desktop.engine import Setup
from bsg_desktop.i18n import set_language
from bsg_desktop.ui.controller import HUMAN
from bsg_desktop.ui.settings import Settings
from bsg_desktop.ui.window import MainWindow
lang = sys.argv[1]
set_language(lang)
w = MainWindow(settings=Settings(Path(tempfile.mkdtemp()) / "s.ini"), autosave_path=None,
               bot_delay_ms=0, animate=False)
w.set_language(lang)
w.resize(*app.primaryScreen().availableGeometry().size().toTuple())
w.show()
w.start_game(Setup(players=5), 3, [HUMAN] * 5)
w.show_rules()
w.invite_players("")
app.processEvents()
out = {}
for name, d in (("rules", w.rules_dialog), ("invite", w.invite_dialog)):
    out[name] = {"size": d.size().toTuple(), "visible": d.isVisible()}
w.invite_dialog.close()
w.phones.stop()
w.controller.stop()
print(json.dumps(out))
"""


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_rules_and_invite_fit_a_1024x640_screen(tmp_path, lang) -> None:
    width, height = 1024, 640
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{
        "name": "small", "x": 0, "y": 0, "width": width, "height": height,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    r = subprocess.run([sys.executable, "-c", OPEN_DIALOGS, lang], capture_output=True,
                       text=True, timeout=120,
                       env=dict(os.environ, PYTHONPATH=os.getcwd(),
                                QT_QPA_PLATFORM=f"offscreen:configfile={config}"))
    assert r.returncode == 0, r.stderr[-2000:]
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    for name, d in seen.items():
        w, h = d["size"]
        assert d["visible"], name
        # room for the window manager's title bar and frame (as the card viewer leaves)
        assert h <= height - 40 and w <= width - 16, (name, d)
