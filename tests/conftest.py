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
