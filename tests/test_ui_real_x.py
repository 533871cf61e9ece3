"""The window under a real X server with a window manager, driven by real key presses.

Offscreen Qt keeps a closed menu as the active window, so what a player's keyboard does
after a menu is only seen here: Xvfb, openbox and xdotool (Debian's packages, which
`.ci/run` installs). Without them the test skips, naming what is missing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from system_tools import one_x_server_at_a_time, system_tool

HERE = Path(__file__).resolve().parent


def test_alt_e_then_escape_leaves_enter_to_the_hand_overs_continue(tmp_path: Path) -> None:
    """Alt+E opens the Edit menu, Escape closes it, and Enter then continues the
    hand-over instead of opening the menu again."""
    xvfb = system_tool("xvfb-run", "xvfb")
    system_tool("openbox", "openbox")
    system_tool("xdotool", "xdotool")
    script = (f'openbox >/dev/null 2>&1 & wm=$!; sleep 1; '
              f'timeout 60 "{sys.executable}" "{HERE / "real_x_menu_escape.py"}"; rc=$?; '
              'kill $wm; exit $rc')  # the window manager goes with the window
    env = dict(os.environ, QT_QPA_PLATFORM="xcb", HOME=str(tmp_path),
               XDG_CONFIG_HOME=str(tmp_path / "config"),
               PYTHONPATH=str(HERE.parent) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with one_x_server_at_a_time():
        run = subprocess.run([xvfb, "-a", "-s", "-screen 0 1366x768x24", "bash", "-c", script],
                             env=env, capture_output=True, text=True, timeout=120)
    lines = [ln for ln in run.stdout.splitlines() if ln.startswith("{")]
    assert lines, run.stdout[-2000:] + run.stderr[-2000:]
    assert run.returncode == 0, run.stderr[-2000:]   # it ended by itself, not by its timeout
    seen = json.loads(lines[-1])
    assert seen == {"started_on_continue": True, "menu_opened": True, "menu_closed": True,
                    "back_on_continue": True, "continued": True,
                    "menu_after_enter": False}, seen
