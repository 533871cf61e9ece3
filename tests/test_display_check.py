"""An unusable display (issue #46, 6): a DISPLAY with no X server behind it, a
QT_QPA_PLATFORM Qt has no plugin for, a WAYLAND_DISPLAY with no compositor. Qt aborted
the whole process (exit 134) with several lines of its own; `play` now says why in one
line and exits 2. A display that works is let through (tests/test_platform_check.py
covers an unset DISPLAY and missing X11 libraries)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bsg_desktop.ui import platform_check

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="Qt picks its platform from the environment on Linux")


def free_display() -> str:
    """An X display number no server on this machine holds."""
    for n in range(4321, 4421):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return f":{n}"
    pytest.skip("no free X display number")


def play(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items()
            if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}
    runtime = tmp_path / "runtime"
    runtime.mkdir(mode=0o700, exist_ok=True)
    full.update(HOME=str(tmp_path), XDG_RUNTIME_DIR=str(runtime), **env)
    return subprocess.run([sys.executable, "-m", "bsg_desktop", "play"], capture_output=True,
                          text=True, cwd=ROOT, env=full, timeout=120)


def one_line(r: subprocess.CompletedProcess[str]) -> str:
    assert r.returncode == 2, (r.returncode, r.stderr)  # 134 (Qt's abort) before
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("bsg-express play: error: Qt cannot open the window: ")
    assert lines[0].endswith("or use --screenshot FILE.png")
    return lines[0]


@pytest.fixture(autouse=True)
def x11_libraries_present() -> None:
    if platform_check.x11_problem():
        pytest.skip("Qt's X11 libraries are missing here: test_platform_check covers that")


def test_a_display_with_no_x_server_is_one_line(tmp_path: Path) -> None:
    display = free_display()
    line = one_line(play(tmp_path, DISPLAY=display))
    assert f"no X server answers at DISPLAY='{display}'" in line


def test_a_platform_qt_lacks_is_one_line(tmp_path: Path) -> None:
    line = one_line(play(tmp_path, QT_QPA_PLATFORM="bogus", DISPLAY=free_display()))
    assert "QT_QPA_PLATFORM='bogus' names no platform Qt has (it has " in line
    assert "offscreen" in line  # what it could have named


def test_a_wayland_display_with_no_compositor_is_one_line(tmp_path: Path) -> None:
    line = one_line(play(tmp_path, WAYLAND_DISPLAY="bogus", QT_QPA_PLATFORM="wayland"))
    assert "no Wayland compositor answers at WAYLAND_DISPLAY='bogus'" in line


def test_a_bogus_wayland_display_and_no_x_either_names_both(tmp_path: Path) -> None:
    line = one_line(play(tmp_path, WAYLAND_DISPLAY="bogus"))
    assert "WAYLAND_DISPLAY='bogus'" in line and "DISPLAY is unset" in line


def test_a_platform_that_starts_is_let_through() -> None:
    """In a process of its own, as the program starts: a test process that already
    holds a Qt application (an earlier test's) answers for that one instead."""
    import os
    import subprocess
    import sys

    code = "from bsg_desktop.ui import platform_check; print(platform_check.display_problem())"
    for platform, said in (("offscreen", ""), ("bogus", "names no platform Qt has")):
        env = dict(os.environ, QT_QPA_PLATFORM=platform)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, timeout=60)
        assert said in out.stdout and (said or out.stdout.strip() == ""), (platform, out)
