"""The desktop window (PySide6): a model-view program over the rules engine.

`controller.GameController` is the model (the engine's one door plus hot-seat
privacy, bots on a timer, undo, saves); `scene.BoardScene` draws the board from
the shared art (`qtart` is the Qt backend of `bsg_desktop.art`) and `board_view`
shows it; the widgets beside it are one module each (`decision`, `log_panel`,
`handover`, with the small shared ones in `widgets`), the dialogs in `dialogs`;
`window.MainWindow` wires them; `command` is the ``bsg-express play`` subcommand.
"""

from __future__ import annotations
