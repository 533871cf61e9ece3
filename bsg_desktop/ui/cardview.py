"""Cards you can read: a click on a card or marker on the board opens it large.

The seat strip's character cards, the Admiral card and the damage and demoralized
markers are drawn small to fit the table; hovering one shows its text as a tooltip,
clicking it opens this viewer with the drawing large (a character card with its brig
side beside it) and its text in the window's own font. Everything shown is public:
the faces of cards that lie open on the table.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from bsg_desktop.data.components import Components
from bsg_desktop.i18n import language, tr
from bsg_desktop.present.board import token_drawings, token_words
from bsg_desktop.ui.qtart import drawing_pixmap


class CardViewer(QDialog):
    """One card or marker, large, with its text; Escape or Close shuts it."""

    def __init__(self, comp: Components, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comp = comp
        self.setStyleSheet("QDialog { background: #16202b; } QLabel { color: #eef2f5; }"
                           "QLabel#title { color: #e0b93a; font-size: 16pt; font-weight: 700; }"
                           "QLabel#body { font-size: 12pt; }"
                           "QPushButton { background: #23374b; color: #f2f2f2; padding: 6px 14px;"
                           " border: 1px solid #3b4d5e; border-radius: 5px; }"
                           "QPushButton:focus { border: 3px solid #ffd84d; }")
        lay = QVBoxLayout(self)
        self.title = QLabel(objectName="title", wordWrap=True)
        self.faces = QHBoxLayout()
        self.body = QLabel(objectName="body", wordWrap=True)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = close = QPushButton(tr("ui.card.close"))
        close.clicked.connect(self.accept)
        lay.addWidget(self.title)
        lay.addLayout(self.faces)
        lay.addWidget(self.body)
        lay.addWidget(close, 0, Qt.AlignmentFlag.AlignRight)
        self.face_labels: list[QLabel] = []
        self.look: tuple[object, ...] = ()

    def retranslate(self) -> None:
        """The language changed: an open viewer shows its card's texts and faces in it."""
        self.close_button.setText(tr("ui.card.close"))
        if self.look and self.isVisible():
            self.show_token(self.look, language())

    def show_token(self, look: tuple[object, ...], lang: str) -> None:
        self.look = look
        title, body = token_words(self.comp, look)
        self.setWindowTitle(title)
        self.title.setText(title)
        self.body.setText(body)
        self.body.setAccessibleName(body)
        for lbl in self.face_labels:
            lbl.deleteLater()
        self.face_labels = []
        height = 360 if look[0] in ("card", "admiral") else 220
        for d in token_drawings(self.comp, look, lang):
            lbl = QLabel()
            lbl.setPixmap(drawing_pixmap(d, height, self.devicePixelRatioF()))
            lbl.setAccessibleName(title)
            self.faces.addWidget(lbl)
            self.face_labels.append(lbl)
        self.setMaximumWidth(1000)
        self.adjustSize()
        self.show()
        self.raise_()
        self.activateWindow()  # its keys (Escape, Close) work at once, mouse or keyboard
