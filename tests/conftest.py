"""Shared test setup: Qt runs offscreen so the suite needs no display."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _unsaved_game_box_answers_discard(request, monkeypatch):  # type: ignore[no-untyped-def]
    """A window closed mid-game asks Save / Discard / Cancel in a modal box, which would
    wait forever in a test. Unless a test answers it itself (``win.ask_unsaved = ...``),
    it is answered Discard. Only for tests that already use Qt."""
    if "qtbot" not in request.fixturenames:
        yield
        return
    from PySide6.QtWidgets import QMessageBox

    from bsg_desktop.ui.window import MainWindow

    monkeypatch.setattr(MainWindow, "_ask_unsaved",
                        lambda self: QMessageBox.StandardButton.Discard)
    yield


@pytest.fixture
def new_window(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """``new_window(size)``: a shown test window with its own settings file, no autosave
    and no pauses; every window made is stopped and the language reset afterwards, so
    one test's game or language never reaches the next."""
    from bsg_desktop.i18n import set_language
    from bsg_desktop.ui.settings import Settings
    from bsg_desktop.ui.window import MainWindow

    made: list[MainWindow] = []

    def make(size: tuple[int, int] = (1280, 720)) -> MainWindow:
        w = MainWindow(settings=Settings(tmp_path / f"settings{len(made)}.ini"),
                       autosave_path=None, bot_delay_ms=0, animate=False)
        qtbot.addWidget(w)
        w.resize(*size)
        w.show()
        qtbot.waitExposed(w)
        w.activateWindow()
        made.append(w)
        return w

    yield make
    set_language("en")
    for w in made:
        w.controller.stop()
