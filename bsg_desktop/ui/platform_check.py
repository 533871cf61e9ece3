"""Before Qt opens a window on X11: are the system libraries its xcb plugin needs there?

When one is missing, Qt prints a plugin error and aborts the whole process (SIGABRT),
which a player reads as a crash. Loading the plugin file ourselves first, through
the same dynamic loader, shows the missing libraries by name while we can still say
which Debian/Ubuntu packages provide them.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

# soname stem -> the Debian/Ubuntu package that ships it (the ones Qt's xcb plugin links)
DEBIAN_PACKAGES: dict[str, str] = {
    "libxcb-cursor": "libxcb-cursor0", "libxcb-icccm": "libxcb-icccm4",
    "libxcb-keysyms": "libxcb-keysyms1", "libxkbcommon-x11": "libxkbcommon-x11-0",
    "libxkbcommon": "libxkbcommon0", "libxcb-image": "libxcb-image0",
    "libxcb-render-util": "libxcb-render-util0", "libxcb-randr": "libxcb-randr0",
    "libxcb-shape": "libxcb-shape0", "libxcb-xfixes": "libxcb-xfixes0",
    "libxcb-xkb": "libxcb-xkb1", "libxcb-sync": "libxcb-sync1", "libxcb-shm": "libxcb-shm0",
    "libxcb-render": "libxcb-render0", "libxcb-util": "libxcb-util1",
    "libxcb-xinput": "libxcb-xinput0", "libxcb-xinerama": "libxcb-xinerama0",
    "libxcb-glx": "libxcb-glx0", "libxcb": "libxcb1", "libX11-xcb": "libx11-xcb1",
    "libX11": "libx11-6", "libXau": "libxau6", "libXdmcp": "libxdmcp6", "libSM": "libsm6",
    "libICE": "libice6", "libEGL": "libegl1", "libGL": "libgl1", "libOpenGL": "libopengl0",
    "libGLX": "libglx0", "libfontconfig": "libfontconfig1", "libfreetype": "libfreetype6",
    "libdbus-1": "libdbus-1-3", "libglib-2.0": "libglib2.0-0",
}
_NOT_FOUND = re.compile(r"^\s*(\S+) => not found", re.M)
_CANNOT_OPEN = re.compile(r"(\S+\.so[.\d]*): cannot open shared object file")


def xcb_plugin() -> Path | None:
    """Qt's xcb platform plugin file, or None if this Qt has none."""
    import PySide6
    from PySide6.QtCore import QLibraryInfo

    # where Qt says, then beside the bindings (a one-file build unpacks them there)
    folders = [Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)),
               Path(PySide6.__file__).parent / "Qt" / "plugins"]
    for folder in folders:
        path = folder / "platforms" / "libqxcb.so"
        if path.is_file():
            return path
    return None


def missing_libraries(plugin: Path) -> list[str]:
    """The shared libraries ``plugin`` needs that the loader cannot find (empty: it loads)."""
    try:
        ctypes.CDLL(str(plugin), mode=os.RTLD_LAZY | os.RTLD_LOCAL)
        return []
    except OSError as e:
        error = str(e)
    missing: list[str] = []
    ldd = shutil.which("ldd")
    if ldd:  # the loader names only the first; ldd lists every one
        try:
            out = subprocess.run([ldd, str(plugin)], capture_output=True, text=True,
                                 timeout=10).stdout
            missing = list(dict.fromkeys(_NOT_FOUND.findall(out)))
        except (OSError, subprocess.SubprocessError):
            pass
    if not missing:
        m = _CANNOT_OPEN.search(error)
        missing = [m.group(1)] if m else []
    return missing or [error]


def debian_packages(libraries: list[str]) -> list[str]:
    out = []
    for lib in libraries:
        stem = lib.split(".so")[0]
        if stem in DEBIAN_PACKAGES:
            out.append(DEBIAN_PACKAGES[stem])
    return list(dict.fromkeys(out))


def advice(libraries: list[str]) -> str:
    """One line: what is missing and the command that installs it."""
    packages = debian_packages(libraries)
    install = (f"on Debian or Ubuntu: sudo apt install {' '.join(packages)}" if packages else
               "install them with your system's package manager")
    return (f"Qt cannot open its X11 window: the system lacks {', '.join(libraries)}; "
            f"{install} (or use --screenshot FILE.png)")


def x11_problem() -> str:
    """Why Qt's X11 window would abort here, or '' when it can open (or it is not X11)."""
    if not sys.platform.startswith("linux"):
        return ""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb"):
        return ""
    if not platform and os.environ.get("WAYLAND_DISPLAY"):
        return ""  # Qt picks its Wayland plugin, which does not need these libraries
    plugin = xcb_plugin()
    if plugin is None:
        return ""
    missing = missing_libraries(plugin)
    return advice(missing) if missing else ""


PROBE_SECONDS = 20.0  # a display that has not answered by then is left to Qt itself


def display_problem(timeout: float = PROBE_SECONDS) -> str:
    """Why Qt could not open a window on the display the environment names, or ''.

    Qt aborts the whole process (SIGABRT, exit 134, several lines of its own) when its
    platform cannot start: a DISPLAY with no X server behind it, a QT_QPA_PLATFORM it
    has no plugin for, a WAYLAND_DISPLAY with no compositor. A forked child starts Qt's
    platform first; if the child dies, the parent, which has not touched Qt's GUI yet,
    says why in one line. Linux only: there the platform is chosen from the environment.
    """
    if not sys.platform.startswith("linux") or not hasattr(os, "fork"):
        return ""
    # imported here, once: the window needs it next anyway, and the child then only
    # starts the platform (importing it creates no thread a fork could not copy)
    from PySide6.QtGui import QGuiApplication

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: start the platform; whatever Qt says goes to the pipe
        code = 3
        try:
            os.close(read_end)
            os.dup2(write_end, 1)
            os.dup2(write_end, 2)
            import faulthandler

            faulthandler.disable()  # Qt's abort is the answer here, not a crash to dump
            from PySide6.QtCore import qInstallMessageHandler

            qInstallMessageHandler(None)  # Qt's own words to fd 2, not to a handler here
            app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
            code = 0 if app is not None else 3
        finally:
            os._exit(code)
    os.close(write_end)
    said, status = _child_result(pid, read_end, timeout)
    if status is None or (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0):
        return ""  # it opened, or it did not answer in time (Qt then decides)
    return display_advice(said, status)


def _child_result(pid: int, read_end: int, timeout: float) -> tuple[str, int | None]:
    """What the child wrote and its wait status (None if it outlived ``timeout``)."""
    import select
    import signal
    import time

    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([read_end], [], [], left)[0]:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return "", None
            chunk = os.read(read_end, 65536)
            if not chunk:
                break
            if sum(map(len, chunks)) < 1 << 20:
                chunks.append(chunk)
    finally:
        os.close(read_end)
    _pid, status = os.waitpid(pid, 0)
    return b"".join(chunks).decode("utf-8", "replace"), status


def display_advice(said: str, status: int) -> str:
    """One line from what Qt's platform said as it failed."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    reasons = []
    missing = re.search(r'Could not find the Qt platform plugin "([^"]*)"', said)
    if missing:
        has = re.search(r"Available platform plugins are: ([^\n]*?)\.?\s*$", said, re.M)
        reasons.append(f"QT_QPA_PLATFORM={platform!r} names no platform Qt has"
                       + (f" (it has {has.group(1)})" if has else ""))
    if "wl_display" in said or 'platform plugin "wayland' in said:
        reasons.append("no Wayland compositor answers at WAYLAND_DISPLAY="
                       f"{os.environ.get('WAYLAND_DISPLAY', '')!r}")
    if re.search(r"could not connect to display", said):
        display = os.environ.get("DISPLAY", "")
        why = " (it asks for an authorisation this session lacks)" \
            if "Authorization required" in said else ""
        reasons.append(f"no X server answers at DISPLAY={display!r}{why}" if display
                       else "no X server either (DISPLAY is unset)")
    if not reasons:
        lines = [line.strip() for line in said.splitlines() if line.strip()]
        what = (f"it stopped with signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status)
                else f"it stopped with exit {os.WEXITSTATUS(status)}")
        reasons.append(f"{lines[0][:200]} ({what})" if lines else what)
    return (f"Qt cannot open the window: {'; and '.join(reasons)}; start it from a desktop "
            "session (or unset QT_QPA_PLATFORM), or use --screenshot FILE.png")
