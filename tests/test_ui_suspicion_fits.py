"""The suspicion aid's tab is read, never drawn over itself: after a game with four
computers their own beliefs run to a dozen lines, more than the tab holds at
1024x640; the aid then scrolls, and no line lies on the bars or is cut short."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from loops import play_solo_to_the_end  # noqa: E402
from PySide6.QtCore import QCoreApplication, QPoint, QRect  # noqa: E402
from PySide6.QtWidgets import QLabel, QWidget  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402


def rect_in(w: QWidget, root: QWidget) -> QRect:
    return QRect(w.mapTo(root, QPoint(0, 0)), w.size())


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_after_a_five_seat_game_the_aid_scrolls_instead_of_overlapping(
        new_window, qtbot, lang) -> None:  # type: ignore[no-untyped-def]
    win = new_window((1024, 640))
    win.set_language(lang)
    win.start_game(Setup(players=5), 9, [HUMAN] + [COMPUTER] * 4)
    play_solo_to_the_end(win.controller, random.Random(1))
    win.act_suspicion.trigger()
    for _ in range(5):
        QCoreApplication.processEvents()
    aid = win.suspicion
    assert len(aid.after.text().splitlines()) == 4  # every computer's own belief
    root = aid
    labels = [aid.title, aid.note, *(n for n, _b in aid.rows), aid.after]
    for lbl in labels:
        assert isinstance(lbl, QLabel)
        if lbl.wordWrap():
            assert lbl.height() >= lbl.heightForWidth(lbl.width()), lbl.text()[:40]
    last_bar = aid.rows[-1][1]
    assert rect_in(aid.after, root).top() >= rect_in(last_bar, root).bottom(), \
        "the beliefs are drawn over the bars"
