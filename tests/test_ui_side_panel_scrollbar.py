"""The decision panel shows a scroll bar only when something in it is out of sight:
where the window gives the panel all the height it asks for (1280x720 and up, an
English first decision), no bar may take room from the choices for nothing."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QCoreApplication  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_scroll_bar_when_the_decision_fits(new_window, qtbot, size) -> None:  # type: ignore[no-untyped-def]
    win = new_window(size)
    win.start_game(Setup(players=4), 7, [HUMAN] + [COMPUTER] * 3)
    panel = win.panel
    qtbot.waitUntil(lambda: bool(panel.keyed) and panel.keyed[0].hasFocus())
    for _ in range(5):
        QCoreApplication.processEvents()
    # the panel got all it asked for: the question, the choices, the secrets, the status
    assert panel.height() >= panel.wanted_height()
    bar = panel.scroll.verticalScrollBar()
    assert bar.maximum() == 0 and not bar.isVisible(), "a scroll bar for nothing"
    assert bar.value() == 0
