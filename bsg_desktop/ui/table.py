"""The table page's host on the window's side: the public board for any browser.

While the game is hosted for phones (`ui.phones.PhoneHost`), the same server also
shows the table page (`companion.table`) under a token of its own. `TableHost` makes
its frame from the public view only (``view(None)``), whoever is unlocked on the
window and during every hand-over, with the public facts of the last move that the
controller keeps (the dice the game put in, the moment they made). When the window
shows a lesson, the table page shows the lesson's position, title and narration.
"""

from __future__ import annotations

import secrets
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from bsg_desktop.companion.table import TableFeed, strings_frame, table_state
from bsg_desktop.engine import visible_log
from bsg_desktop.i18n import language
from bsg_desktop.log import describer_for
from bsg_desktop.present.log import LogWords
from bsg_desktop.present.moments import Moment, moment_for
from bsg_desktop.ui.controller import GameController
from bsg_desktop.ui.phones import PhoneHost


class TableHost(QObject):
    """Publishes the table page's frame whenever what the table shows changes, while a
    table page watches: nobody watching, a move costs the host nothing here."""

    _watched = Signal()  # a table page started watching (from the server's thread: queued)

    def __init__(self, controller: GameController, phones: PhoneHost,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.phones = phones
        self.token = secrets.token_urlsafe(16)  # 128 bits: the table page's address
        self.lesson: Any = None  # a teach.Lesson shown on the window, or None
        self.feed = TableFeed(language())
        self.words = LogWords()  # the log's lines, each said once (a lesson's start afresh)
        self._server: Any = None
        self._moment: Moment | None = None
        self._moment_at = 0
        c = controller
        # A move's frame goes out on `moved`, right after the phones' and before the
        # window redraws the move (`GameController._applied`). Every other change of
        # what the table shows comes with `game_changed` (a new game, an undo) or
        # `unlock_changed` (a seat to a phone or a computer) before its
        # `decision_pending`, which would only make the same frame again.
        c.moved.connect(self._on_moved)
        c.game_changed.connect(self._on_game_changed)
        c.unlock_changed.connect(self.publish)
        phones.presence_changed.connect(self.publish)
        self._watched.connect(self.publish)

    def url(self) -> str:
        base = self.phones.base()
        return f"{base}/t/{self.token}" if base else ""

    def set_language(self, lang: str) -> None:
        self.feed.lang = lang
        self.publish()

    def show_lesson(self, lesson: Any) -> None:
        """The window shows ``lesson`` (None: the game again)."""
        self.lesson = lesson
        self._moment = None
        self.publish()

    @Slot()
    def _on_moved(self) -> None:
        c = self.controller
        g = c.game
        if g is None:
            return
        self._moment_at += 1
        self._moment = moment_for(c.last_events, c.forced, None,
                                  lambda e: describer_for(g).describe(e, self.feed.lang))
        self.publish()

    @Slot()
    def _on_game_changed(self) -> None:
        self._moment = None
        self.publish()

    @Slot()
    def publish(self) -> None:
        server = self.phones.server
        if server is None:
            self._server = None
            return
        if server is not self._server:  # hosting (re)started: the table's token with it
            server.set_table_token(self.token)
            server.on_table_watch = self._watched.emit
            self._server = server
        if server.table_watched:
            server.publish_table(self.frame(), strings_frame(self.feed.lang))

    def frame(self) -> str:
        """The table page's current frame: the lesson's position or the game's."""
        le = self.lesson
        lang = self.feed.lang
        if le is not None:
            g = le.game
            content = table_state(g.c, g.view(None), visible_log(g, None), lang,
                                  lesson=(le.title(lang), le.narration(lang)),
                                  words=self.words, decision=g.pending)
        else:
            g = self.controller.game
            if g is None:
                return ""
            content = table_state(g.c, g.view(None), visible_log(g, None), lang,
                                  self.controller.forced, self._moment, self._moment_at,
                                  words=self.words, pace=self.controller.pace,
                                  decision=g.pending)
        return self.feed.frame(content)
