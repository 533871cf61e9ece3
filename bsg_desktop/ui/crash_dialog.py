"""A bug inside the running window: a crash report, the game autosaved, one dialog.

PySide6 (6.11) does not stop the program when Python code called from Qt raises:
an exception in a slot, in a timer's callback or in a Python override of a Qt
virtual (``paintEvent``, ``QRunnable.run`` on a pool thread...) goes to
``sys.excepthook`` (for an override after a line "Error calling Python override
of ...") and the event loop carries on. Python threads go to
``threading.excepthook``. Left alone, both print a traceback on stderr and the
player learns nothing. `CrashGuard`, installed while the event loop runs
(``ui/command.py``), handles them instead:

- it writes a crash report like the top-level one (``bsg_desktop.crash``: the user's
  data folder, a new file created exclusively, never through a link, the user's
  own, the last five kept) and prints one line on stderr naming the exception's
  type and the report, never its message;
- on the window's thread it saves the game in progress to the autosave, then tells
  the player once, in their language, what happened, where the report is and
  whether the game was saved, and offers to keep playing or quit;
- it never loops: while its dialog is open, and for ``quiet_seconds`` after it was
  opened or closed, a further exception (a timer raising on every tick, a bug in
  the dialog itself) only adds a line on stderr: no dialog, no report.

A report holds a traceback, and an exception's message or a line of code can
carry a piece of the game (a card, a choice), so a report is never put on screen:
the dialog names the file, nothing of what is in it.
"""

from __future__ import annotations

import platform
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot, qVersion
from PySide6.QtWidgets import QMessageBox, QWidget

from bsg_desktop import crash
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import tr

QUIET_SECONDS = 60.0  # after a dialog, further exceptions for this long only go to stderr


def report_text(exc_type: type[BaseException], exc: BaseException,
                tb: TracebackType | None, where: str) -> str:
    """The report: what ran, where it broke, the traceback (nothing of the game's state)."""
    from bsg_desktop import __version__

    head = [f"BSG: Express {__version__}: internal error in {where}; the program went on.",
            f"Python {platform.python_version()}, Qt {qVersion()}, {platform.platform()}",
            "A traceback can hold details of the game in progress: share it after the game.",
            ""]
    return "\n".join(head) + "".join(traceback.format_exception(exc_type, exc, tb))


class CrashGuard(QObject):
    """The window's exception hook; `installed()` while the event loop runs."""

    _crashed = Signal(str)  # the report's path ("" if none): queued to the window's thread

    def __init__(self, window: Any, quiet_seconds: float = QUIET_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(window)
        self.window = window
        self.quiet_seconds = quiet_seconds
        self.clock = clock
        self.dialog: QMessageBox | None = None
        self.reports: list[Path] = []  # written by this guard, newest last
        self.logged: list[str] = []  # the stderr lines, newest last
        self.shown = 0  # dialogs opened
        self._quiet_until: float | None = None
        self._lock = threading.Lock()
        self._previous: tuple[Any, Any] | None = None
        self._crashed.connect(self._tell, Qt.ConnectionType.QueuedConnection)

    # ------------------------------------------------------------ the hooks
    def install(self) -> None:
        if self._previous is None:
            self._previous = (sys.excepthook, threading.excepthook)
        sys.excepthook = self.handle
        threading.excepthook = self._thread_hook

    def uninstall(self) -> None:
        """Put back the hooks found at `install` (unless someone replaced ours since)."""
        if self._previous is None:
            return
        if sys.excepthook == self.handle:
            sys.excepthook = self._previous[0]
        if threading.excepthook == self._thread_hook:
            threading.excepthook = self._previous[1]
        self._previous = None

    @contextmanager
    def installed(self) -> Iterator[CrashGuard]:
        self.install()
        try:
            yield self
        finally:
            self.uninstall()

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            self.handle(args.exc_type, args.exc_value, args.exc_traceback)

    def handle(self, exc_type: type[BaseException], exc: BaseException,
               tb: TracebackType | None) -> None:
        """sys.excepthook: report, log one line, and (not too often) ask for the dialog.
        Runs on whatever thread raised; never raises itself."""
        try:
            if issubclass(exc_type, KeyboardInterrupt):  # Ctrl+C in the terminal: close
                self._log("interrupted; closing the window")
                self._crashed.emit("\0quit")
                return
            with self._lock:
                now = self.clock()
                tell = self.dialog is None and (self._quiet_until is None or
                                                now >= self._quiet_until)
                if tell:
                    self._quiet_until = now + self.quiet_seconds
            name = exc_type.__name__
            if not tell:
                self._log(f"internal error ({name}) in the window, again: not reported")
                return
            path = ""
            try:
                written = crash.write_crash_report(
                    report_text(exc_type, exc, tb, "a window callback"))
                self.reports.append(written)
                path = str(written)
            except OSError as e:
                self._log(f"the crash report could not be written: {e.strerror or e}")
            self._log(f"internal error ({name}) in the window" +
                      (f"; details in {path}" if path else ""))
            self._crashed.emit(path)
        except Exception:  # noqa: BLE001  the hook must not fail in turn
            try:
                self._log("internal error in the window (and in its error handling)")
            except Exception:  # noqa: BLE001
                pass

    def _log(self, line: str) -> None:
        self.logged.append(line)
        print(f"bsg-express: {line}", file=sys.stderr)

    # ------------------------------------------------- on the window's thread
    @Slot(str)
    def _tell(self, report: str) -> None:
        """Autosave the game in progress, then open the dialog (without waiting for it)."""
        if report == "\0quit":
            self.window.close()
            return
        try:
            saved, error = self.autosave()
            box = self.build_dialog(report, saved, error)
            box.finished.connect(self._answered)
            self.dialog = box
            box.open()
            self.shown += 1
        except Exception as e:  # noqa: BLE001  a bug in the dialog: stderr, no new dialog
            self.dialog = None
            self._log(f"the error dialog itself failed ({e.__class__.__name__})")

    def autosave(self) -> tuple[str, str]:
        """Save the game in progress to the autosave now: ("saved" | "failed" | "off" |
        "none", the error). "none": no game is running (only a lesson, or nothing)."""
        c = self.window.controller
        if c.game is None or c.game.outcome is not None:
            return "none", ""
        if c.autosave_path is None:
            return "off", ""
        try:
            c.autosave_path.parent.mkdir(parents=True, exist_ok=True)
            c.save(c.autosave_path)
        except (OSError, UserError) as e:
            return "failed", str(e)
        except Exception as e:  # noqa: BLE001  the save has the bug too
            return "failed", e.__class__.__name__
        self.window.settings.set_clean_exit(False)  # the next start offers it back
        return "saved", ""

    def build_dialog(self, report: str, saved: str, error: str = "") -> QMessageBox:
        """What happened, where the report is, whether the game is safe; keep playing
        (the default, also Escape) or quit."""
        parts = []
        if saved == "saved":
            parts.append(tr("ui.crash.saved"))
        elif saved == "failed":
            parts.append(tr("ui.crash.save_failed", error=error))
        elif saved == "off":
            parts.append(tr("ui.crash.not_saved"))
        if report:
            parts.append(tr("ui.crash.report", path=report))
            parts.append(tr("ui.crash.private") if crash.is_private(Path(report))
                         else tr("ui.crash.not_private"))
        else:
            parts.append(tr("ui.crash.no_report"))
        parent = self.window if isinstance(self.window, QWidget) else None
        box = QMessageBox(QMessageBox.Icon.Critical, tr("ui.crash.title"),
                          tr("ui.crash.text"), QMessageBox.StandardButton.NoButton, parent)
        box.setObjectName("crash_dialog")
        box.setInformativeText("\n\n".join(parts))
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.keep_button = box.addButton(tr("ui.crash.keep_playing"),
                                         QMessageBox.ButtonRole.AcceptRole)
        self.quit_button = box.addButton(tr("ui.crash.quit"),
                                         QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(self.keep_button)
        box.setEscapeButton(self.keep_button)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        return box

    @Slot(int)
    def _answered(self, _result: int) -> None:
        box, self.dialog = self.dialog, None
        with self._lock:
            self._quiet_until = self.clock() + self.quiet_seconds
        if box is not None and box.clickedButton() is self.quit_button:
            # File → Quit's way out: a game with unsaved moves still asks about its file
            self.window.close()
