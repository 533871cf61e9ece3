"""The game log beside the board: each line is measured once for the log's width (again
only when the width or the font changes) and carries its size, so laying out the whole
log after a move is Qt's own loop over the lines, with no call back into Python."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
)
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QStyle,
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
    """Measures a log line for the width it is painted at. Qt wraps a line for its height
    at the view's whole width, without the style sheet's padding and the spacing, then
    paints it narrower: a line that only just fitted needed one line more than it got and
    was cut with "…". The panel keeps each line's size on the line (`Qt.SizeHintRole`),
    which this delegate's `sizeHint`, Qt's own, then returns without measuring."""

    def __init__(self, view: QListWidget) -> None:
        super().__init__(view)
        self.view = view
        # a line's size by its words, font and width: a new width measures every line
        # again, and most lines of a log say the same words in the same font
        self._sizes: dict[tuple[object, object, float, int], QSize] = {}

    def measure(self, index) -> QSize | None:  # type: ignore[no-untyped-def]
        """The size of the line at ``index`` at the view's width (None before the view
        has one)."""
        view = self.view
        painted = view.viewport().width() - 2 * view.spacing()
        if painted <= 2 * LOG_PADDING:  # not laid out yet
            return None
        key = (index.data(Qt.ItemDataRole.DisplayRole), index.data(Qt.ItemDataRole.FontRole),
               view.font().pointSizeF(), painted)
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > 20_000:  # a font or a language change leaves old keys
                self._sizes.clear()
            option = QStyleOptionViewItem()
            view.initViewItemOption(option)
            option.rect.setRect(0, 0, painted - 2 * LOG_PADDING, 1)  # a valid rect wraps
            if view.wordWrap():  # as the view's own layout asks (its option does not say)
                option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
            # Qt's own sizeHint, less its first step (reading the size kept on the line)
            self.initStyleOption(option, index)
            hint = view.style().sizeFromContents(QStyle.ContentsType.CT_ItemViewItem, option,
                                                 QSize(), view)
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
        self.lines = LogLines(self)
        self.setItemDelegate(self.lines)
        self.itemDoubleClicked.connect(lambda it: self.rule_requested.emit(
            it.data(Qt.ItemDataRole.UserRole)))
        self.describer: Describer | None = None
        self._shown: list[Event] = []  # the events of the lines shown, in order
        self._stale = False  # lines came while the log was behind another tab
        self._measured_at = -1  # the viewport width the lines' sizes are for

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
        # once the new lines are in (each measured as it came, `rowsInserted`): the log
        # is laid out, then its last line is in sight (one layout of the log per move)
        QTimer.singleShot(0, self, self._to_end)

    def _to_end(self) -> None:
        if not self.isVisible():
            # behind another tab (the coach, the suspicion aid): laying out the whole
            # log after every move nobody sees was most of a game's time; it is laid
            # out once, when it shows again
            self._stale = True
            return
        if not self._fit_width():
            self.doItemsLayout()
        self.scrollToBottom()

    def rowsInserted(self, parent, start: int, end: int) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        """A new line is measured as it comes (the layout that follows only reads)."""
        self._measure(range(start, end + 1))
        super().rowsInserted(parent, start, end)

    def _measure(self, rows: Iterable[int]) -> None:
        for row in rows:
            it = self.item(row)
            if it is None:
                continue
            size = self.lines.measure(self.indexFromItem(it))
            if size is not None and it.data(Qt.ItemDataRole.SizeHintRole) != size:
                it.setData(Qt.ItemDataRole.SizeHintRole, size)

    def _fit_width(self) -> bool:
        """If the view's width is not the one the lines were measured at (a new width,
        or a log filled while it was behind another tab), every line is measured again
        and the log laid out, a log that showed its last line still showing it; True if
        it was."""
        if self.viewport().width() == self._measured_at:
            return False
        self._measured_at = self.viewport().width()
        bar = self.verticalScrollBar()
        at_end = bar.value() >= bar.maximum() - 2
        self._measure(range(self.count()))
        self.doItemsLayout()
        if at_end:
            self.scrollToBottom()
        return True

    def viewportEvent(self, event) -> bool:  # type: ignore[no-untyped-def]  # noqa: N802
        """The lines' width is the viewport's, which also changes without the panel
        changing size: when the scroll bar comes or goes as the log grows (that is
        in the middle of a layout, so the new width is taken up just after it)."""
        if event.type() == QEvent.Type.Resize and self.viewport().width() != self._measured_at:
            QTimer.singleShot(0, self, self._fit_width)
        return super().viewportEvent(event)

    def changeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # every line wraps anew
            self._measured_at = -1
            self._fit_width()

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
        if not self._fit_width():
            self.doItemsLayout()
        if at_end:
            self.scrollToBottom()
