"""The hot-seat hand-over page: it covers the seat's secrets until the next player
asks for the screen, and is what a screen reader finds while it is up."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop.i18n import tr
from bsg_desktop.ui.widgets import KeyButton, plain


class HandoverButton(KeyButton):
    """The hand-over's Continue, with its number key in front as on every choice (it
    is the one choice while the hand-over is up)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key_hint = QLabel("1", self, objectName="key")
        self.key_hint.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.key_hint.setFixedSize(22, 22)
        self.key_hint.setAlignment(Qt.AlignmentFlag.AlignCenter)

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().resizeEvent(event)
        self.key_hint.move(14, (self.height() - self.key_hint.height()) // 2)


class HandoverPage(QWidget):
    """Takes the side panel's place while the screen passes to the next human
    (hot-seat privacy); the public board beside it stays in sight."""

    continued = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("HandoverPage { background: #0c1117; } QLabel { color: #eef2f5; }"
                           "QPushButton { background: #2b5d8a; color: white; font-size: 16px;"
                           " padding: 10px 14px 10px 46px; border-radius: 8px;"
                           " border: 3px solid transparent; text-align: left; }"
                           "QPushButton:hover { background: #3a77ad; }"
                           "QPushButton:focus { border: 3px solid #ffd84d; }"
                           "QLabel#key { color: #0c1117; background: #c9d3dc;"
                           " border-radius: 4px; font-weight: 700; font-size: 14px; }")
        lay = QVBoxLayout(self)
        lay.addStretch(2)
        self.title = plain(QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True))
        self.title.setStyleSheet("font-size: 26px; font-weight: 700; color: #c9a227;")
        self.text = plain(QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True))
        self.text.setStyleSheet("font-size: 18px;")
        self.note = plain(QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True))
        self.note.setStyleSheet("color: #9fb3c8; font-size: 14px;")
        self.button = HandoverButton()
        self.key_hint = self.button.key_hint
        self.button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.button.clicked.connect(self.continued.emit)
        lay.addWidget(self.title)
        lay.addSpacing(12)
        lay.addWidget(self.text)
        lay.addSpacing(24)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignCenter)
        lay.addSpacing(12)
        lay.addWidget(self.note)
        lay.addStretch(3)
        self._label = ""

    def _fit_button(self) -> None:
        """The button's label broken into lines that fit the side panel (a long name):
        all of it stays readable, its focus ring clips none of it."""
        self.button.ensurePolished()
        fm = self.button.fontMetrics()
        room = max(self.width() - 102, 120)  # the margins, the padding, the key in front
        lines: list[str] = []
        for word in self._label.split(" "):
            if lines and fm.horizontalAdvance(f"{lines[-1]} {word}") <= room:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        self.button.setText("\n".join(lines))
        self.layout().activate()  # the button takes its new size now, not a frame later

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().resizeEvent(event)
        if self._label:
            self._fit_button()

    def set_player(self, name: str) -> None:
        self.title.setText(tr("ui.handover.title"))
        self.text.setText(tr("ui.handover.text", player=name))
        self._label = tr("ui.handover.continue", player=name)
        self._fit_button()
        self.button.setAccessibleName(self._label)
        self.button.setAccessibleDescription(tr("ui.handover.text", player=name) + " " +
                                             tr("ui.access.key", key=1))
        self.note.setText(tr("ui.handover.public"))
