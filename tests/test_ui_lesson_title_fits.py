"""A lesson's or a review's title in the window takes at most two lines where a
smaller type allows: at 1024x640 a review's long title ("Visszanézés: a Cylonok
nyertek, a Galactica megkapta a hatodik sebzésjelzőt (4 kör)") took four lines of
21-pixel type and left the narration under it a few lines. In the window the title
is set smaller, never cut."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from loops import play_solo_to_the_end  # noqa: E402
from PySide6.QtCore import QCoreApplication, QRect, Qt  # noqa: E402
from PySide6.QtGui import QFontMetrics  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402

USUAL_PX = 21  # the title's size in the window's lesson style
LEAST_PX = 15  # the smallest a title is set in the window


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_reviews_long_title_is_set_smaller_not_cut(new_window, qtbot, lang) -> None:  # type: ignore[no-untyped-def]
    win = new_window((1024, 640))
    win.set_language(lang)
    win.start_game(Setup(players=4), 5, [HUMAN] + [COMPUTER] * 3)
    play_solo_to_the_end(win.controller, random.Random(5))
    assert win.review_tools.review_game()
    for _ in range(5):
        QCoreApplication.processEvents()
    panel = win.lesson_panel
    title = panel.title
    assert title.text() == panel._lesson.title()  # the whole title, never cut
    fm = title.fontMetrics()
    px = title.font().pixelSize()
    assert LEAST_PX <= px < USUAL_PX, "a long title is set smaller"
    big = title.font()
    big.setPixelSize(USUAL_PX)
    # smaller than the usual size gives back at least a line's height to the narration
    flags = int(Qt.TextFlag.TextWordWrap)
    width = title.contentsRect().width()
    usual = QFontMetrics(big).boundingRect(QRect(0, 0, width, 10_000), flags, title.text())
    now = fm.boundingRect(QRect(0, 0, width, 10_000), flags, title.text())
    assert usual.height() - now.height() >= fm.lineSpacing()
    assert title.height() <= now.height() + 8
