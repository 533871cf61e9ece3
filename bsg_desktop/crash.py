"""Crash reports: where a traceback goes when the program has a bug.

A report used to go to one fixed name in the shared temp folder, and writing it
followed any symlink planted there, so another user of the machine could make
the program overwrite a file of their choosing. Reports now go under the user's
own data folder (the one Qt's ``AppDataLocation`` names when the window runs, the
same folder by the platform's convention when it does not), each in a new file
created exclusively (``O_CREAT | O_EXCL``, and ``O_NOFOLLOW`` where it exists, so
no link is ever followed), readable by the user only; the last few are kept.
"""

from __future__ import annotations

import os
import secrets
import sys
import time
from pathlib import Path

# The organisation and application names the window gives Qt (ui/command.py takes them
# from here), so a report written with or without a window lands in the same folder.
ORGANIZATION = "BSG Express"
APPLICATION = "bsg-express-desktop"
KEEP = 5  # reports kept; older ones are removed when a new one is written


def _qt_data_dir() -> Path | None:
    """Qt's AppDataLocation, if a Qt application is running (never imports Qt)."""
    core = sys.modules.get("PySide6.QtCore")
    if core is None or core.QCoreApplication.instance() is None:
        return None
    paths = core.QStandardPaths
    base = paths.writableLocation(paths.StandardLocation.AppDataLocation)
    return Path(base) if base else None


def platform_data_dir() -> Path:
    """The user's data folder for this program by the platform's convention."""
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / ORGANIZATION / APPLICATION


def data_dir() -> Path:
    return _qt_data_dir() or platform_data_dir()


def create_exclusive(path: Path) -> int:
    """A new file at ``path``, opened for writing; FileExistsError if anything (a file,
    a link, a dangling link) is already there. Never follows a symlink."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    return os.open(path, flags, 0o600)


def write_crash_report(text: str, folder: Path | None = None, keep: int = KEEP) -> Path:
    """Write ``text`` to a new report file and return its path (OSError if it cannot)."""
    folder = (folder or data_dir()) / "crash-reports"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    now = time.time_ns()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(now // 10**9))
    # the time to the microsecond first, so names sort by age; a random tail, so no
    # name can be guessed and planted beforehand
    path = folder / f"crash-{stamp}.{now // 1000 % 10**6:06d}-{secrets.token_hex(4)}.txt"
    fd = create_exclusive(path)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    _prune(folder, path, keep)
    return path


def is_private(path: Path) -> bool:
    """Whether only the user (and the machine's administrators) can read the report at
    ``path``: on POSIX, the file is the user's own and open to nobody else (what
    `write_crash_report` makes, unless the folder was made otherwise); on Windows, the
    file is under the user's profile, whose folders only that account (and the
    administrators) may open unless someone changed their permissions."""
    try:
        if sys.platform == "win32":
            return path.resolve().is_relative_to(Path.home().resolve())
        st = os.stat(path, follow_symlinks=False)
        return st.st_uid == os.getuid() and st.st_mode & 0o077 == 0
    except (OSError, ValueError):
        return False


def _prune(folder: Path, new: Path, keep: int) -> None:
    """Remove all but the newest ``keep`` reports, the one just written always kept."""
    older = sorted(p for p in folder.glob("crash-*.txt") if p != new)
    for old in older[: max(0, len(older) - (keep - 1))]:
        try:
            old.unlink()  # a link is removed itself, never its target
        except OSError:
            pass
