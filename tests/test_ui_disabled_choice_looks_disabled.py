"""A button the player cannot press must look it: "Contribute the selected dice" is
disabled until a selection the rules allow is picked, and its words must then be
dimmed like any disabled button's, not as bright as a choice that works (a player
clicked it, and nothing happened)."""

from __future__ import annotations

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QCoreApplication  # noqa: E402
from PySide6.QtWidgets import QWidget  # noqa: E402

from bsg_desktop.engine import Game, Setup, new_game  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402


def brightest(button: QWidget, label: QWidget) -> int:
    """The lightest grey level of the button's lettering (drawn on its dark face)."""
    img = button.grab().toImage()
    r = label.geometry()
    return max(max(img.pixelColor(x, y).red(), img.pixelColor(x, y).green(),
                   img.pixelColor(x, y).blue())
               for x in range(r.left(), r.right()) for y in range(r.top(), r.bottom()))


def contribute_position() -> Game:
    """Seat 0's first turn, after choosing an action that asks for dice."""
    g = new_game(Setup(players=3), 22)
    for o in g.pending.options:
        t = g.copy()
        t.apply(o)
        if t.pending is not None and t.pending.seat == 0 and t.pending.kind == "contribute":
            return t
    raise AssertionError("no contribution on the first turn")


def test_the_disabled_contribute_button_is_dimmed(new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = new_window((1280, 720))
    win.controller.adopt(contribute_position(), [HUMAN, COMPUTER, COMPUTER])
    panel = win.panel
    qtbot.waitUntil(lambda: panel.contribute_button is not None)
    for _ in range(3):
        QCoreApplication.processEvents()
    button = panel.contribute_button
    assert button is not None and not panel.selected_dice()
    assert not button.isEnabled()  # nothing picked: not a selection the rules allow
    dim = brightest(button, button.label)
    # a die picked: the same button, now pressable, in full light
    next(iter(panel.die_buttons.values())).click()
    QCoreApplication.processEvents()
    if not button.isEnabled():
        list(panel.die_buttons.values())[1].click()
        QCoreApplication.processEvents()
    assert button.isEnabled()
    lit = brightest(button, button.label)
    assert lit >= 220 and dim <= 170, (dim, lit)
