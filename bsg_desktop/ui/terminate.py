"""SIGTERM (a logout, a shutdown, `kill`) closes the window as Quit would, without asking:
the game is autosaved, then the program ends normally.

Python runs a signal handler only when the interpreter gets control, and Qt's event loop
waits in C++; ``signal.set_wakeup_fd`` writes a byte to a socket the loop watches, so
the handler runs at once, between two events, never in the middle of a move.
"""

from __future__ import annotations

import signal
import socket
from collections.abc import Callable

from PySide6.QtCore import QObject, QSocketNotifier, QTimer


def install_terminate_handler(owner: QObject, on_term: Callable[[], None]) -> bool:
    """Call ``on_term`` from the event loop when SIGTERM comes; False where the platform
    has no such signal to catch (the window then just has no handler)."""
    term = getattr(signal, "SIGTERM", None)
    if term is None:
        return False
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    try:
        signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except (ValueError, OSError):  # not the main thread: no handler, nothing broken
        reader.close()
        writer.close()
        return False
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, owner)

    def drain() -> None:
        try:
            reader.recv(64)
        except OSError:
            pass

    notifier.activated.connect(drain)
    notifier._sockets = (reader, writer)  # type: ignore[attr-defined]  # kept open with it
    # the handler itself only schedules: the work runs as an ordinary event
    signal.signal(term, lambda _sig, _frame: QTimer.singleShot(0, on_term))
    return True
