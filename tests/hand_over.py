"""Passing the table screen on as the players do, and the game states several tests
that play through the window start from.

Between one human's decision and the next human's, the screen may first show the
roll of each player that the game contributed for them (they press "Seen: pass the
screen on"), then the hand-over cover (the next player presses "I am …: continue").
"""

from __future__ import annotations

import random
from typing import Any

from loops import bounded

from bsg_desktop.engine import Setup, new_game


def pass_screen(win: Any) -> None:
    """Press whatever stands between the table and the next decision's choices."""
    for _ in range(win.controller.game.n if win.controller.game else 0):
        if win.controller.roll_to_see() is None:
            break  # several players' rolls may wait after decisions on the shared screen
        assert win.panel.roll_button is not None and not win.panel.roll.isHidden()
        win.panel.roll_button.click()
    if win.handing_over():
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


def play_until_damage(win: Any, seed: int = 5) -> str:
    """A 4-player game played at random until Galactica is damaged: the damaged room.
    (A damage marker on the board, with the Admiral card beside it, to open or read.)"""
    from PySide6.QtWidgets import QApplication  # here: the module itself needs no Qt

    win.start_game(Setup(players=4), seed=seed)
    c = win.controller
    rng = random.Random(3)
    for _ in bounded():
        if c.game.damage_placed:
            break
        c.unlock()
        c.choose(rng.choice(c.game.pending.options))
    c.unlock()
    QApplication.processEvents()
    return str(c.game.damage_placed[0])
