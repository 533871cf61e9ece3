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
