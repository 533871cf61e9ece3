"""``bsg-express install-desktop``: a menu entry and icon for the Linux desktop.

Writes a freedesktop.org desktop entry and the SVG icon into the user's own XDG
data folder (``$XDG_DATA_HOME``, else ``~/.local/share``), so the program shows
in the application menu and task bars of GNOME, KDE, Xfce and the like, without
root. ``--uninstall`` removes exactly those two files. The entry launches the
program the way it was started now (the installed ``bsg-express`` script, or the
one-file build), so it keeps working after the terminal is closed.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from bsg_desktop.errors import UserError
from bsg_desktop.i18n import LANGUAGES, tr
from bsg_desktop.resources import installed, package_path, shipped

# The desktop file id; the window reports it too (QGuiApplication.setDesktopFileName),
# which is how task bars match a running window to its menu entry.
APP_ID = "bsg-express"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--uninstall", action="store_true",
                        help="remove the menu entry and icon this command wrote")


def data_home() -> Path:
    """$XDG_DATA_HOME, or ~/.local/share when it is unset, empty or not absolute (the spec)."""
    env = os.environ.get("XDG_DATA_HOME", "")
    if env and Path(env).is_absolute():
        return Path(env)
    return Path.home() / ".local" / "share"


def entry_path() -> Path:
    return data_home() / "applications" / f"{APP_ID}.desktop"


def icon_path() -> Path:
    return data_home() / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"


def launch_command() -> tuple[list[str], Path | None]:
    """The command that starts this same program from a menu (no terminal, any folder),
    and the folder to start it in when it only runs from there (a checkout, not installed)."""
    if getattr(sys, "frozen", False):  # a one-file build
        return [str(Path(sys.executable).resolve())], None
    argv0 = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if argv0 is not None and argv0.name.startswith(APP_ID) and argv0.is_file():
        return [str(argv0.resolve())], None
    beside = Path(sys.executable).parent / APP_ID  # the venv's or pipx's own script
    if beside.is_file():
        return [str(beside)], None
    found = shutil.which(APP_ID)
    if found:
        return [str(Path(found).resolve())], None
    checkout = None if installed() else package_path().parent
    return [str(Path(sys.executable).resolve()), "-m", "bsg_desktop"], checkout


def exec_quote(arg: str) -> str:
    """One argument of an Exec= line, quoted as the Desktop Entry spec asks."""
    if arg and not any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`%='):
        return arg
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return '"' + escaped.replace("%", "%%") + '"'


def _escape_value(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def desktop_entry(command: list[str], folder: Path | None = None) -> str:
    """The text of the .desktop file: names and comment in every shipped language."""
    lines = ["[Desktop Entry]", "Type=Application", "Version=1.4"]
    for key, field in (("Name", "desktop.name"), ("GenericName", "desktop.generic"),
                       ("Comment", "desktop.comment"), ("Keywords", "desktop.keywords")):
        lines.append(f"{key}={_escape_value(tr(field, 'en'))}")
        for lang in LANGUAGES:
            if lang != "en":
                lines.append(f"{key}[{lang}]={_escape_value(tr(field, lang))}")
    lines += [
        "Exec=" + " ".join(exec_quote(a) for a in command),
        *([f"Path={_escape_value(str(folder))}"] if folder is not None else []),
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "StartupNotify=true",
    ]
    return "\n".join(lines) + "\n"


def install() -> list[Path]:
    icon = shipped("assets/icons/bsg-express.svg")
    written = []
    for path, data in ((icon_path(), icon.read_bytes()),
                       (entry_path(), desktop_entry(*launch_command()).encode("utf-8"))):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_bytes(data)
            tmp.replace(path)
        except OSError as e:
            raise UserError(f"cannot write {path}: {e.strerror or e}") from None
        written.append(path)
    return written


def uninstall() -> list[Path]:
    removed = []
    for path in (entry_path(), icon_path()):
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        except OSError as e:
            raise UserError(f"cannot remove {path}: {e.strerror or e}") from None
        removed.append(path)
    return removed


def run(args: argparse.Namespace) -> int:
    if args.uninstall:
        removed = uninstall()
        for path in removed:
            print(f"removed {path}")
        if not removed:
            print(f"nothing to remove: no {entry_path()}")
        return 0
    for path in install():
        print(f"wrote {path}")
    return 0
