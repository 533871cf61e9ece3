"""Passing the table screen on as the players do, for tests that play through the window.

Between one human's decision and the next human's, the screen may first show the
first player's roll that the game contributed for them (they press "Seen: pass the
screen on"), then the hand-over cover (the next player presses "I am …: continue").
"""

from __future__ import annotations

from typing import Any


def pass_screen(win: Any) -> None:
    """Press whatever stands between the table and the next decision's choices."""
    if win.controller.roll_to_see() is not None:
        assert win.panel.roll_button is not None and not win.panel.roll.isHidden()
        win.panel.roll_button.click()
    if win.stack.currentWidget() is win.handover:
        win.handover.button.click()
