"""A roll the game put in for a player stays above their next choices until they have
seen it: on that next decision the note must be read from its headline, not met
half scrolled away, while the first choice is in sight too (1024x640 and up)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QRect  # noqa: E402
from PySide6.QtWidgets import QWidget  # noqa: E402
from test_ui_rolls import find_forced_roll  # noqa: E402

from bsg_desktop.engine import Choice, Game  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402


@pytest.fixture(scope="module")
def lee() -> tuple[Game, Choice]:
    return find_forced_roll("initiative")


def seen_rect(panel, w: QWidget) -> QRect:  # type: ignore[no-untyped-def]
    """Where ``w`` is in the panel's visible scroll viewport."""
    view = panel.scroll.viewport()
    return QRect(w.mapTo(view, w.rect().topLeft()), w.size())


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_roll_note_is_seen_from_its_headline_beside_the_next_choices(
        lee, new_window, qtbot, size) -> None:  # type: ignore[no-untyped-def]
    g0, choice = lee
    a = g0.pending.seat
    win = new_window(size)
    c = win.controller
    c.adopt(g0.copy(), [HUMAN if s == a else COMPUTER for s in range(g0.n)])
    panel = win.panel
    # the player's decision before: scrolled down to its end, as after picking dice
    # near the bottom of a long panel
    qtbot.waitUntil(lambda: str(choice) in panel.buttons)
    bar = panel.scroll.verticalScrollBar()
    bar.setValue(bar.maximum())
    c.pause()
    panel.click_choice(choice)
    c.play_bots_now()
    c.resume()
    assert c.pending_seat == a and panel.roll_button is not None and panel.keyed
    first = panel.keyed[0]
    qtbot.waitUntil(first.hasFocus)
    qtbot.wait(20)
    view = panel.scroll.viewport().rect()
    note = seen_rect(panel, panel.roll)
    assert view.contains(seen_rect(panel, first)), "the first choice is in sight"
    assert note.top() >= view.top(), "the roll note is read from its headline"
