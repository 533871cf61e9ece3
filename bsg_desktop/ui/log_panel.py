"""The game log beside the board: each line sized by its words, font and width, so the
whole log is laid out again after every move without wrapping every line anew."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
)
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from bsg_desktop.engine import Event
from bsg_desktop.i18n import language, tr
from bsg_desktop.log import Describer
from bsg_desktop.present.log import public_lines
from bsg_desktop.rules import rule_text

LOG_PADDING = 3  # around each log line (its style sheet's QListWidget::item padding)


class LogLines(QStyledItemDelegate):
    """Sizes each log line for the width it is painted at. Qt wraps a line for its height
    at the view's whole width, without the style sheet's padding and the spacing, then
    paints it narrower: a line that only just fitted needed one line more than it got and
    was cut with "…"."""

    def __init__(self, view: QListWidget) -> None:
        super().__init__(view)
        self.view = view
        # a line's size by its words, font and width: the whole log is laid out again
        # after every move, and wrapping each line's text anew made a long game's moves
        # slow (the words of a line never change)
        self._sizes: dict[tuple[object, object, float, int, int], QSize] = {}

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:  # type: ignore[no-untyped-def]  # noqa: N802
        painted = self.view.viewport().width() - 2 * self.view.spacing()
        if not option.rect.isValid() or painted <= 2 * LOG_PADDING:  # not laid out yet
            return super().sizeHint(option, index)
        width = min(option.rect.width(), painted)
        key = (index.data(Qt.ItemDataRole.DisplayRole), index.data(Qt.ItemDataRole.FontRole),
               self.view.font().pointSizeF(), width, painted)
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > 20_000:  # a font or a language change leaves old keys
                self._sizes.clear()
            opt = QStyleOptionViewItem(option)
            opt.rect.setWidth(width - 2 * LOG_PADDING)
            hint = super().sizeHint(opt, index)
            size = self._sizes[key] = QSize(min(hint.width(), painted), hint.height())
        return size


class LogPanel(QListWidget):
    """Every public event in plain words with its rule id; hover for the rule text."""

    rule_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setSpacing(1)
        self.setAlternatingRowColors(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setUniformItemSizes(False)
        self.setStyleSheet("QListWidget { background: #0f161e; color: #dfe6ec; "
                           "alternate-background-color: #131c26; border: none; }"
                           f"QListWidget::item {{ padding: {LOG_PADDING}px; }}"
                           "QListWidget:focus { border: 2px solid #ffd84d; }")
        self.setItemDelegate(LogLines(self))
        self.itemDoubleClicked.connect(lambda it: self.rule_requested.emit(
            it.data(Qt.ItemDataRole.UserRole)))
        self.describer: Describer | None = None
        self._shown: list[Event] = []  # the events of the lines shown, in order
        self._stale = False  # lines came while the log was behind another tab

    def rebuild(self, describer: Describer, events: Sequence[Event]) -> None:
        self.clear()
        self._shown = []
        self.describer = describer
        self.append(events)

    def sync(self, describer: Describer, events: Sequence[Event]) -> None:
        """Show exactly these public events, keeping the lines already shown when they are
        a prefix (a lesson or review stepping forward or back one step at a time)."""
        shown = self._shown if self.describer is describer and \
            self.count() == len(self._shown) else []
        keep = 0
        for a, b in zip(shown, events, strict=False):
            if a is not b and a != b:
                break
            keep += 1
        if keep == 0:
            self.rebuild(describer, events)
            return
        while self.count() > keep:
            self.takeItem(self.count() - 1)
        del self._shown[keep:]
        self.append(events[keep:])
        self.scrollToBottom()

    def append(self, events: Sequence[Event]) -> None:
        if self.describer is None:
            return
        # the log panel is public: private events stay with their seat
        for e, line in public_lines(self.describer, events):
            self._shown.append(e)
            it = QListWidgetItem(line.text("  "))
            it.setData(Qt.ItemDataRole.UserRole, e.rule)
            it.setToolTip(tr("ui.log.tooltip", rule=e.rule, text=rule_text(e.rule, language())))
            if line.heading:
                f = QFont(self.font())  # the log's size (it grows on large screens)
                f.setBold(True)
                it.setFont(f)
                it.setForeground(QColor("#c9a227"))
            self.addItem(it)
        # once the new lines are in: wrapped lines get their real height at the current
        # width, then the last one is in sight (one layout of the whole log per move)
        QTimer.singleShot(0, self, self._to_end)

    def _to_end(self) -> None:
        if not self.isVisible():
            # behind another tab (the coach, the suspicion aid): laying out the whole
            # log after every move nobody sees was most of a game's time; it is laid
            # out once, when it shows again
            self._stale = True
            return
        self.doItemsLayout()
        self.scrollToBottom()

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().showEvent(event)
        if self._stale:
            self._stale = False
            QTimer.singleShot(0, self, self._to_end)

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        """A new width wraps the lines anew: each gets the height its text needs at
        that width (no blank line left from a narrower one), and a log that showed its
        last line still does."""
        bar = self.verticalScrollBar()
        at_end = bar.value() >= bar.maximum() - 2
        super().resizeEvent(event)
        self.doItemsLayout()
        if at_end:
            self.scrollToBottom()
