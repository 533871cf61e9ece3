"""The desktop window (PySide6): a model-view program over the rules engine.

`controller.GameController` is the model (the engine's one door plus hot-seat
privacy, bots on a timer, undo, saves); `scene.BoardScene` draws the board from
the shared art (`qtart` is the Qt backend of `bsg_desktop.art`); `panels` and
`dialogs` hold the widgets; `window.MainWindow` wires them; `command` is the
``bsg-express play`` subcommand.
"""

from __future__ import annotations

import ctypes
import sys


def _pin_none() -> None:
    """Work around a PySide6 6.12 binding bug on Python < 3.12.

    Its generated wrappers release a reference to ``None`` after every call of a
    void C++ method (``setPos``, ``setZValue`` …) and of some returning bool,
    as if ``None``/``True``/``False`` were immortal, which they are only from
    Python 3.12. On 3.11 the counts drain until the interpreter aborts
    ("deallocating None"). A huge reference count makes them immortal in
    practice, exactly as 3.12 does; these singletons are never freed
    in a healthy interpreter anyway, so nothing else changes.
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    for singleton in (None, True, False):
        refcnt = ctypes.c_ssize_t.from_address(id(singleton))
        if refcnt.value < 1 << 40:
            refcnt.value += 1 << 40


_pin_none()
