"""A lesson read in the smallest window (1024x640): the step's words must show.

The side panel there is about 280 by 480 pixels; under a title of four lines the
narration's box showed four lines of a twelve-line step, so a newcomer scrolled a
sliver at every step. A short panel sets the title and narration smaller.
"""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtWidgets import QScrollArea  # noqa: E402

from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.teach import DEMO_DIR  # noqa: E402

K3 = DEMO_DIR / "k3_unrest.yaml"  # its last step is one of the course's longest
LINES = 6  # narration lines a step shows without scrolling, at least


def narration_lines_in_sight(win) -> float:  # type: ignore[no-untyped-def]
    panel = win.lesson_panel
    viewport = panel.findChild(QScrollArea).viewport()
    return viewport.height() / panel.narration.fontMetrics().lineSpacing()


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_long_step_shows_six_lines_of_narration_at_1024x640(new_window, qtbot,
                                                               lang) -> None:  # type: ignore[no-untyped-def]
    set_language(lang)
    win = new_window((1024, 640))
    assert win.open_demo(K3)
    win.lesson_goto(win.lesson.length)  # the end: the next lesson's button shows too
    qtbot.wait(20)
    assert win.lesson_panel.next_lesson_button.isVisible()
    assert narration_lines_in_sight(win) >= LINES
    # the presenter view and back leave the small window's sizes in force
    win.toggle_presenter()
    win.toggle_presenter()
    qtbot.wait(20)
    assert narration_lines_in_sight(win) >= LINES


def test_a_larger_window_keeps_the_larger_narration(new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = new_window((1024, 640))
    assert win.open_demo(K3)
    qtbot.wait(20)
    small = win.lesson_panel.narration.fontInfo().pixelSize()
    win.resize(1280, 720)
    qtbot.wait(20)
    assert win.lesson_panel.narration.fontInfo().pixelSize() > small
