"""Cards you can read: a click on a card or marker on the board opens it large.

The seat strip's character cards, the Admiral card and the damage and demoralized
markers are drawn small to fit the table; hovering one shows its text as a tooltip,
clicking it opens this viewer with the drawing large (a character card with its brig
side beside it) and its text in the window's own font. Everything shown is public:
the faces of cards that lie open on the table.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from bsg_desktop.art.shapes import Drawing
from bsg_desktop.data.components import Components
from bsg_desktop.i18n import language, tr
from bsg_desktop.present.board import token_drawings, token_words
from bsg_desktop.ui.qtart import drawing_pixmap, icon_size

MAX_W = 1000
MIN_FACE = 120  # a face smaller than this is not worth showing large
FRAME_W, FRAME_H = 16, 48  # the window manager's frame and title bar around the viewer


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
        drawings = token_drawings(self.comp, look, lang)
        height = self._face_height(drawings, 360 if look[0] in ("card", "admiral") else 220)
        room = self._room()
        for _ in range(3):  # the text wraps anew as the faces narrow: check, at most thrice
            self._show_faces(drawings, height, title)
            excess = self.sizeHint().height() - (room.height() - FRAME_H)
            if excess <= 0 or height <= MIN_FACE:
                break
            height = max(MIN_FACE, height - excess)
        hint = self.sizeHint()
        # the size the contents ask for; not adjustSize(), which caps a window at part
        # of the screen and so cut the card's foot off on a small one
        self.resize(min(hint.width(), room.width() - FRAME_W, MAX_W),
                    min(hint.height(), room.height() - FRAME_H))
        self.show()
        self.raise_()
        self.activateWindow()  # its keys (Escape, Close) work at once, mouse or keyboard

    def _show_faces(self, drawings: list[Drawing], height: int, title: str) -> None:
        for lbl in self.face_labels:
            self.faces.removeWidget(lbl)
            lbl.deleteLater()
        self.face_labels = []
        for d in drawings:
            lbl = QLabel()
            lbl.setPixmap(drawing_pixmap(d, height, self.devicePixelRatioF()))
            lbl.setFixedSize(icon_size(d, height))  # the whole card, never clipped
            lbl.setAccessibleName(title)
            self.faces.addWidget(lbl)
            self.face_labels.append(lbl)
        self.setMaximumWidth(MAX_W)
        self.layout().activate()

    def _room(self) -> QRect:
        """The free area of the screen the window (or this viewer) is on."""
        widget = self.parentWidget() or self
        screen = widget.screen() or QGuiApplication.primaryScreen()
        return screen.availableGeometry() if screen is not None else QRect(0, 0, 1024, 640)

    def _face_height(self, drawings: list[Drawing], most: int) -> int:
        """The faces' height: as large as ``most``, but small enough for the faces side
        by side, the title, the text and Close to fit the screen, frame included."""
        room = self._room()
        m = self.layout().contentsMargins()
        gaps = self.faces.spacing() * (len(drawings) - 1)
        width = min(MAX_W, room.width() - FRAME_W) - m.left() - m.right()
        by_width = (width - gaps) / sum(d.width / d.height for d in drawings)
        spacing = self.layout().spacing() * 3
        texts = (self.title.heightForWidth(width) + self.body.heightForWidth(width)
                 + self.close_button.sizeHint().height())
        by_height = room.height() - FRAME_H - m.top() - m.bottom() - spacing - texts
        return max(MIN_FACE, int(min(most, by_width, by_height)))
