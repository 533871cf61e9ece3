"""What a screen reader reads of the window, over AT-SPI under a real X server.

Qt's own accessibility tree is one thing; what reaches a reader is what Qt's AT-SPI
bridge puts on the accessibility bus. Here the window runs under Xvfb with a D-Bus
session (the accessibility bus starts on demand), and Debian's python3 with pyatspi
walks the tree as a reader does. Without xvfb, dbus, at-spi2-core or python3-pyatspi
the test skips, naming what is missing (under CI it fails: `.ci/run` installs them).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from system_tools import one_x_server_at_a_time, system_python_module, system_tool

HERE = Path(__file__).resolve().parent


def nodes(tree: Any) -> list[tuple[str, str]]:
    """(role, words) of every showing node: its name, its description, its text."""
    if not isinstance(tree, dict):
        return []
    words = " | ".join(w for w in (tree["name"], tree["description"], tree.get("text", ""))
                       if w)
    out = [(tree["role"], words)]
    for child in tree["children"]:
        out += nodes(child)
    return out


def test_a_screen_reader_finds_the_hand_over_and_not_the_covered_prompt(tmp_path: Path) -> None:
    xvfb = system_tool("xvfb-run", "xvfb")
    dbus = system_tool("dbus-run-session", "dbus-daemon")
    system_tool("/usr/libexec/at-spi-bus-launcher", "at-spi2-core")
    system_python_module("pyatspi", "python3-pyatspi")
    env = dict(os.environ, QT_QPA_PLATFORM="xcb", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_RUNTIME_DIR=str(tmp_path),
               # as when a screen reader has switched the desktop's accessibility on
               QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1",
               PYTHONPATH=str(HERE.parent) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with one_x_server_at_a_time():
        run = subprocess.run([xvfb, "-a", "-s", "-screen 0 1366x768x24", dbus, "--",
                              "timeout", "90", sys.executable, str(HERE / "real_x_atspi.py")],
                             env=env, capture_output=True, text=True, timeout=150)
    lines = [ln for ln in run.stdout.splitlines() if ln.startswith("{")]
    assert lines, run.stdout[-2000:] + run.stderr[-3000:]
    seen = json.loads(lines[-1])
    assert seen["handing_over"] and seen["prompt"], seen
    covered = nodes(seen["handover_tree"])
    assert covered, seen["handover_tree"]
    words = [w for _r, w in covered]
    assert any(seen["title"] in w for w in words), words
    assert any(seen["text"] in w for w in words), words
    assert any(r == "push button" and seen["button"] in w for r, w in covered), covered
    assert not any(seen["prompt"] in w for w in words), "the covered prompt is read out"
    after = [w for _r, w in nodes(seen["after_tree"])]
    assert any(seen["after_prompt"] in w for w in after), after  # the reader sees the panel
    assert not any(seen["title"] in w for w in after), after
    # the board is read as an image (its description says what it shows), not "filler"
    board = [r for r, w in nodes(seen["after_tree"]) if w.startswith(seen["board"])]
    assert board == ["image"], board
