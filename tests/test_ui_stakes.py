"""The window says a decision's stakes as their own paragraph (issue 43): the question in
bold, what it puts at stake under it, lighter and smaller, so that at 1024×640 the game
log under the decision keeps several lines; a screen reader finds both texts."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from loops import bounded  # noqa: E402
from PySide6.QtCore import QRect  # noqa: E402
from PySide6.QtGui import QAccessible, QPalette  # noqa: E402
from PySide6.QtWidgets import QApplication, QLabel, QWidget  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.present.words import decision_parts  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402


def _to_reroll(win: MainWindow) -> None:
    """Seat 0 (the one human) asked to reroll in a crisis check: a question with long
    stakes ("Rerolling means…; reaching N averts the crisis; failing…")."""
    c = win.controller
    c.bot_level = "heuristic"
    win.start_game(Setup(players=4), 1, [HUMAN] + [COMPUTER] * 3)
    rng = random.Random(1)
    for _ in bounded(600):
        c.play_bots_now()
        g = c.game
        assert g.outcome is None, "the game ended before a reroll"
        if c.roll_to_see() is not None:
            c.acknowledge_roll()
            continue
        c.unlock()
        if win.own_dialog is not None:
            win.own_dialog.button.click()
        p = g.pending
        if p.seat == 0 and p.kind == "reroll" and g.check is not None:
            return
        c.choose(rng.choice(p.options))


def _px(label: QLabel) -> float:
    label.ensurePolished()
    f = label.font()
    return f.pixelSize() if f.pixelSize() > 0 else f.pointSizeF() * 96 / 72


def _light(label: QLabel) -> float:
    label.ensurePolished()
    return label.palette().color(QPalette.ColorRole.WindowText).lightnessF()


def _box(w: QWidget, inside: QWidget) -> QRect:
    return QRect(w.mapTo(inside, w.rect().topLeft()), w.size())


def _names(iface) -> list[str]:  # type: ignore[no-untyped-def]
    if iface is None or not iface.isValid() or iface.state().invisible:
        return []
    out = [iface.text(QAccessible.Text.Name)]
    for i in range(iface.childCount()):
        out += _names(iface.child(i))
    return out


def test_the_stakes_are_their_own_lighter_smaller_paragraph_and_the_log_keeps_lines(
        new_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    win = new_window((1024, 640))
    _to_reroll(win)
    QApplication.processEvents()
    win.fit_side()
    QApplication.processEvents()
    panel = win.panel
    said = decision_parts(win.comp, win.controller.game.view(0))
    assert said.stakes, "a reroll says what is at stake"
    assert panel.sentence.text() == said.question
    assert panel.stakes.text() == said.stakes and panel.stakes.isVisible()
    # under the question, smaller and lighter than it
    assert _box(panel.stakes, panel).top() >= _box(panel.sentence, panel).bottom()
    assert _px(panel.stakes) < _px(panel.sentence)
    assert _light(panel.stakes) < _light(panel.sentence)
    assert panel.rect().contains(_box(panel.stakes, panel))
    # the choices in sight, and under them the log keeps at least three whole entries
    view = panel.scroll.viewport()
    assert all(view.rect().contains(_box(b, view)) for b in panel.keyed), "every choice in view"
    log = win.log
    whole = [i for i in range(log.count())
             if log.viewport().rect().contains(log.visualItemRect(log.item(i)))]
    assert log.count() >= 3 and len(whole) >= 3, (log.count(), whole, win.right.sizes())
    # a screen reader finds the question and its stakes
    names = _names(QAccessible.queryAccessibleInterface(win))
    assert said.question in names and said.stakes in names
    # a decision waiting on someone else's screen says no stakes
    panel.say("Waiting.")
    assert panel.stakes.isHidden() and not panel.stakes.text()
