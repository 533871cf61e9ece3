"""A lesson opened in the middle of Learn by playing, then closed: the game comes back
as it was, the coach's lit board parts included."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bsg_desktop.teach import DEMO_DIR  # noqa: E402


def test_closing_a_lesson_lights_again_where_the_coach_says_to_look(
        new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The first action's step lights the player's dice, DRADIS and the damage rooms;
    a lesson clears them for its own "what changed", and closing it left the board
    dark under a coach still saying where to look."""
    win = new_window((1280, 720))
    win.play_guided()
    qtbot.waitUntil(lambda: win.welcome_box is not None and win.welcome_box.isVisible())
    win.welcome_box.accept()
    qtbot.wait(20)
    lit = list(win.scene.highlighted)
    assert lit and win.coach_panel.step is not None
    assert win.open_demo(DEMO_DIR / "k9_rulebook_example.yaml")
    win.lesson_goto(3)
    assert win.scene.highlighted != lit  # the lesson's own lights
    win.close_lesson()
    qtbot.wait(20)
    assert win.lesson is None and win.coach_panel.step.topic == "action"
    assert list(win.scene.highlighted) == lit
