"""Presenter view: a lesson full screen for a classroom, its narration and controls at
projector size, the board keeping most of a 1920x1080 screen."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.ui.game_screen import PROJECTOR_PX  # noqa: E402
from bsg_desktop.ui.qtart import MIN_PX, text_role  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402


def px(widget) -> float:  # type: ignore[no-untyped-def]
    widget.ensurePolished()
    f = widget.font()
    return f.pixelSize() if f.pixelSize() > 0 else f.pointSizeF() * 96 / 72


def test_presenter_view_sizes_the_lesson_for_a_projector(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    win = MainWindow(settings=Settings(tmp_path / "s.ini"), autosave_path=None,
                     bot_delay_ms=0, animate=False)
    qtbot.addWidget(win)
    win.resize(1920, 1080)
    win.show()
    normal = px(win.lesson_panel.narration)
    win.act_presenter.trigger()  # from no lesson at all: the first demo opens
    qtbot.wait(20)
    panel = win.lesson_panel
    assert win.lesson is not None and win.isFullScreen() and win.act_presenter.isChecked()
    assert px(panel.narration) >= 32 and px(panel.narration) >= 1.6 * normal
    assert px(panel.title) >= 36 and px(panel.forward_button) >= 22
    assert not win.bottom.isVisible()  # the log steps aside
    assert win.board_view.width() >= 0.55 * win.width()
    assert win.scene.least_px == PROJECTOR_PX  # the board's fine print waits for that size
    win.lesson_forward()
    assert panel.narration.text()
    win.close_lesson()  # leaving the lesson leaves the presenter view
    assert not panel.presenter and not win.isFullScreen() and not win.bottom.isHidden()
    assert px(panel.narration) == normal
    assert win.scene.least_px == MIN_PX
    set_language("en")
    win.controller.stop()


def test_projector_size_keeps_only_board_text_readable_from_the_back(new_window):  # type: ignore[no-untyped-def]
    """At a scale where a room's effect is 15 px (fine on a laptop), a projector's least
    size leaves it out; the words (names, titles, numbers) stay at any size."""
    win = new_window()
    win.start_game(Setup(players=4), seed=3)
    scene = win.scene
    board = scene._board_item
    assert board is not None

    def shown(role: str) -> list[float]:
        return [op.em * scene.px_per_mm for op in board.shown_ops()
                if op.texts and text_role(op.em) == role]

    scene.set_px_per_mm(5.0, MIN_PX)
    assert any(px < PROJECTOR_PX for px in shown("detail")), "a laptop shows the fine print"
    words = len(shown("words"))
    scene.set_px_per_mm(5.0, PROJECTOR_PX)
    assert shown("detail") == [] or min(shown("detail")) >= PROJECTOR_PX
    assert len(shown("words")) == words
