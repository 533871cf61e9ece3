"""The guided game from the newcomer's chair: the loop the coach's tests share."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from loops import bounded

from bsg_desktop.guided import GUIDED_SEAT


def newcomer_decisions(win: Any, read_box: Callable[[], None] | None = None) -> Iterator[Any]:
    """The newcomer's decisions one at a time, until the game ends: the computers'
    moves are played at once between them (through the window's own signals), and a
    box for the newcomer ("You are still human") is read, by ``read_box`` if given.
    The caller answers each decision before asking for the next."""
    c = win.controller
    for _ in bounded():
        if c.game.outcome is not None:
            return
        if win.own_dialog is not None and win.own_dialog.isVisible():
            (read_box or win.own_dialog.accept)()
            continue
        if c.pending_seat != GUIDED_SEAT:
            c.play_bots_now()
            continue
        yield c.game.pending
