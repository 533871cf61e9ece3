"""Help → What would a good player do?: the strong player's advice, off the GUI thread.

The advice (`bsg_desktop.advice`) is worked out from the deciding seat's own view, so
the window asks for it only while the screen is that seat's alone: a solo game, or a
hot-seat player after their hand-over. It takes a second or two of look-ahead, so it
runs in the thread pool and comes back through a queued signal; an answer for a
decision that has meanwhile been taken is dropped.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from bsg_desktop.advice import Advice, advise
from bsg_desktop.engine import Decision, PlayerView
from bsg_desktop.ui.controller import hand_back


class AdviceSink(QObject):
    """Carries an answer from the worker thread to the GUI thread."""

    answered = Signal(object, object)  # token, Advice


class AdviceJob(QRunnable):
    def __init__(self, view: PlayerView, decision: Decision, token: Any,
                 sink: AdviceSink) -> None:
        super().__init__()
        self.view, self.decision, self.token, self.sink = view, decision, token, sink

    def run(self) -> None:
        result: Advice = advise(self.view, self.decision)
        hand_back(self.sink, self.token, result)


def ask_in_background(view: PlayerView, decision: Decision, token: Any,
                      sink: AdviceSink) -> None:
    QThreadPool.globalInstance().start(AdviceJob(view, decision, token, sink))
