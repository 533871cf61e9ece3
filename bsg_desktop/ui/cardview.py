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

from bsg_desktop.art import cards as card_art
from bsg_desktop.art import markers as marker_art
from bsg_desktop.art.shapes import Drawing
from bsg_desktop.data.components import Components
from bsg_desktop.i18n import language, text, tr
from bsg_desktop.rules import rule_text
from bsg_desktop.ui.qtart import drawing_pixmap

READABLE = ("card", "admiral", "damage", "demoralized")  # token roles the viewer opens


def token_words(comp: Components, look: tuple[object, ...]) -> tuple[str, str]:
    """A readable token's title and its text (ability and brig side, effect ...)."""
    what = look[0]
    if what == "card":
        ch = comp.character(str(look[1]))
        return (text(ch.name), "\n\n".join((
            f"{text(ch.ability_title)}: {text(ch.ability)}",
            f"{tr('ui.seat.brig')}: {text(ch.brig)}")))
    if what == "admiral":
        return text(comp.admiral_title), text(comp.admiral_text)
    if what == "damage":
        d = comp.damage(str(look[1]))
        return text(d.name), text(d.text)
    if what == "demoralized":
        ch = comp.character(str(look[1]))
        return (tr("ui.card.demoralized", character=text(ch.name)),
                f"K4 {rule_text('K4', language())}")
    raise ValueError(f"not a readable token: {look!r}")


def token_drawings(comp: Components, look: tuple[object, ...], lang: str) -> list[Drawing]:
    """The faces to show large: both sides of a character card, else the one face."""
    what = look[0]
    if what == "card":
        ch = comp.character(str(look[1]))
        return [card_art.character_front(ch, lang), card_art.character_brig(ch, lang)]
    if what == "admiral":
        return [card_art.admiral_front(comp, lang)]
    if what == "damage":
        return [marker_art.damage(comp.damage(str(look[1])), lang)]
    return [marker_art.demoralized(comp.character(str(look[1])), comp, lang)]


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
