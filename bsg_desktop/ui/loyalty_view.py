"""Your own loyalty card, large: opened from the side panel's thumbnail (click, Enter).

The side panel shows the deciding player's loyalty cards as thumbnails, far too small
to read at 1280×720. Opened, a card covers the window (not a window of its own, which
would outlive a hand-over on a task bar or a second screen): its face as tall as the
window allows, so the smallest words printed on it are at least `MIN_CARD_PX` pixels,
and beside it the same words in the window's own font. It belongs to the decision
panel that opened it, which closes it whenever it shows another view (a hand-over, a
move), so a card seen after one player's hand-over is never left for the next.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QHideEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop.art import cards as card_art
from bsg_desktop.art.shapes import Drawing, Label, walk
from bsg_desktop.data.components import Components
from bsg_desktop.i18n import text, tr
from bsg_desktop.present.words import card_words
from bsg_desktop.ui.qtart import drawing_pixmap, icon_size

MIN_CARD_PX = 12.0  # the least size (logical px) of the words printed on the large card
MARGIN = 16


def loyalty_drawing(comp: Components, card: str, lang: str) -> Drawing:
    """The face of loyalty card ``card`` as printed."""
    if comp.is_cylon_card(card):
        return card_art.cylon_front(comp, comp.cylon(card), lang)
    return card_art.not_cylon_front(comp, lang)


def loyalty_text(comp: Components, card: str, lang: str) -> tuple[str, str]:
    """The card's title and its words, as the card prints them."""
    if comp.is_cylon_card(card):
        c = comp.cylon(card)
        return (text(comp.cylon_title, lang),
                f"{tr('print.cylon_model', lang, model=text(c.model, lang))}\n\n"
                f"{text(c.text, lang)}")
    return text(comp.not_cylon_title, lang), tr("print.loyalty_hint", lang)


def smallest_text_mm(drawing: Drawing) -> float:
    """The smallest type size (mm) printed on ``drawing``."""
    return min((it.size_mm for it in walk(drawing.items) if isinstance(it, Label)),
               default=0.0)


class LoyaltyCardView(QWidget):
    """One loyalty card over the whole window; Escape, Enter, Close or a click shuts it."""

    def __init__(self, comp: Components, host: QWidget) -> None:
        super().__init__(host)
        self.comp = comp
        self.card = ""
        self.lang = "en"
        self.opener: QWidget | None = None  # where the keyboard was when it opened
        self.setObjectName("loyalty_view")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setStyleSheet(
            "QLabel { color: #eef2f5; font-size: 13pt; }"
            "QLabel#title { color: #e0b93a; font-size: 18pt; font-weight: 700; }"
            "QPushButton { background: #23374b; color: #f2f2f2; padding: 8px 18px;"
            " border: 1px solid #3b4d5e; border-radius: 6px; font-size: 13pt; }"
            "QPushButton:focus { border: 3px solid #ffd84d; }")
        row = QHBoxLayout(self)
        row.setContentsMargins(MARGIN, MARGIN, MARGIN, MARGIN)
        row.setSpacing(MARGIN * 2)
        self.face = QLabel()
        self.face.setAlignment(Qt.AlignmentFlag.AlignCenter)
        row.addWidget(self.face, 0, Qt.AlignmentFlag.AlignVCenter)
        words = QVBoxLayout()
        words.addStretch(1)
        self.title = QLabel(objectName="title", wordWrap=True)
        self.body = QLabel(objectName="body", wordWrap=True)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = QPushButton(tr("ui.card.close"))
        self.close_button.clicked.connect(self.close)
        self.close_button.installEventFilter(self)
        words.addWidget(self.title)
        words.addWidget(self.body)
        words.addSpacing(MARGIN)
        words.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignLeft)
        words.addStretch(1)
        row.addLayout(words, 1)
        self.face_px = 0.0  # the face's scale now (logical px per mm)
        self.hide()
        host.installEventFilter(self)  # follows the window's size

    def open(self, card: str, lang: str) -> None:
        """Show loyalty card ``card`` large, in ``lang``."""
        self.card, self.lang = card, lang
        focused = QApplication.focusWidget()
        self.opener = focused if focused is not None and not self.isAncestorOf(focused) \
            else None
        title, body = loyalty_text(self.comp, card, lang)
        self.title.setText(title)
        self.body.setText(body)
        self.setAccessibleName(card_words(self.comp, card))
        self.close_button.setAccessibleDescription(f"{title}. {body}")
        self._fit()
        self.show()
        self.raise_()
        self.close_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _fit(self) -> None:
        host = self.parentWidget()
        if host is None:
            return
        self.setGeometry(host.rect())
        drawing = self._drawing()
        # the face as tall as the window allows, and no wider than half of it
        height = min(self.height() - 2 * MARGIN,
                     int((self.width() - 2 * MARGIN) * 0.5 * drawing.height / drawing.width))
        self.face.setPixmap(drawing_pixmap(drawing, height, self.devicePixelRatioF()))
        self.face.setFixedSize(icon_size(drawing, height))
        self.face_px = height / drawing.height

    def _drawing(self) -> Drawing:
        return loyalty_drawing(self.comp, self.card, self.lang)

    def smallest_px(self) -> float:
        """The smallest words on the shown face, in logical pixels."""
        return smallest_text_mm(self._drawing()) * self.face_px

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.fillRect(self.rect(), QColor(6, 10, 16, 235))
        p.end()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.parentWidget() and event.type() == QEvent.Type.Resize \
                and self.isVisible():
            self._fit()
        if watched is self.close_button and event.type() == QEvent.Type.ShortcutOverride \
                and isinstance(event, QKeyEvent) and not event.modifiers() & (
                    Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier):
            event.accept()  # a number key must not choose an option under the card
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        """Escape, Enter or Space closes the card; no other key reaches the window
        under it (its number keys would choose an option unseen)."""
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Return, Qt.Key.Key_Enter,
                           Qt.Key.Key_Space):
            self.close()
        event.accept()

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt override
        """Closed: the keyboard goes back to the thumbnail that opened the card."""
        super().hideEvent(event)
        opener, self.opener = self.opener, None
        if opener is not None and opener.isVisible():
            opener.setFocus(Qt.FocusReason.OtherFocusReason)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self.close()
