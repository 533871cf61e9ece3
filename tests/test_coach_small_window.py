"""Learn by playing started in the smallest window (1024x640), not resized down to it.

The keyboard test's check of the coach's essentials resizes a 1280x720 window; a
window opened at 1024x640 has its side column another width, and there the Hungarian
coach's first step ("what each choice risks" of the first action) ran below the fold.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from test_coach_keyboard import coach_essentials_in_sight  # noqa: E402

from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.present.coach import TOPICS, coach_step  # noqa: E402


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_first_coach_step_shows_whole_in_a_window_opened_at_1024x640(
        new_window, qtbot, lang) -> None:  # type: ignore[no-untyped-def]
    set_language(lang)
    win = new_window((1024, 640))
    win.play_guided()
    qtbot.waitUntil(lambda: win.welcome_box is not None and win.welcome_box.isVisible())
    win.welcome_box.accept()
    qtbot.wait(30)
    assert win.controller.game.pending.kind == "action"
    assert coach_essentials_in_sight(win) == []
    # every other kind's step beside the same question, as the keyboard test does
    wrong = {}
    for topic in sorted({*TOPICS.values(), "contribute_action"} - {"action"}):
        win.coach_shown = (topic, "")
        win.coach_panel.show_step(coach_step(topic, ""))
        win.fit_side()
        qtbot.wait(10)
        if coach_essentials_in_sight(win):
            wrong[topic] = coach_essentials_in_sight(win)
    assert wrong == {}
