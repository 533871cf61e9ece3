"""Passing the table screen on as the players do, for tests that play through the window.

Between one human's decision and the next human's, the screen may first show the
first player's roll that the game contributed for them (they press "Seen: pass the
screen on"), then the hand-over cover (the next player presses "I am …: continue").
"""

from __future__ import annotations

from typing import Any

from bsg_desktop.engine import Setup, new_game


def pass_screen(win: Any) -> None:
    """Press whatever stands between the table and the next decision's choices."""
    if win.controller.roll_to_see() is not None:
        assert win.panel.roll_button is not None and not win.panel.roll.isHidden()
        win.panel.roll_button.click()
    if win.stack.currentWidget() is win.handover:
        win.handover.button.click()


def cylon_seed(players: int = 4) -> tuple[int, int]:
    """A seed whose deal makes a Cylon of a seat that does not decide first, and that
    seat: the case where a hand-over must hide a secret from the player before it."""
    for seed in range(200):
        g = new_game(Setup(players=players), seed)
        for p in g.players:
            if p.is_cylon and g.pending is not None and g.pending.seat != p.seat:
                return seed, p.seat
    raise AssertionError("no seed with a Cylon dealt")
