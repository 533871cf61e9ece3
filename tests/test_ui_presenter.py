"""Presenter view: a lesson full screen for a classroom, its narration and controls at
projector size, the board keeping most of a 1920x1080 screen."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from bsg_desktop.i18n import set_language  # noqa: E402
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
    win.lesson_forward()
    assert panel.narration.text()
    win.close_lesson()  # leaving the lesson leaves the presenter view
    assert not panel.presenter and not win.isFullScreen() and not win.bottom.isHidden()
    assert px(panel.narration) == normal
    set_language("en")
    win.controller.stop()
