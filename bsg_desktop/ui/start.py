"""The start screen: Continue the last unfinished game, or begin a new one, open a file,
or learn the rules.

Shown whenever no game and no lesson is on the table. The Continue button is built
from the autosave's summary (seats, turn, date, the user's own file name), read
without replaying the game, so the first frame does not wait for it; pressing it
loads exactly the game the autosave holds.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import QRect, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPixmap
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from bsg_desktop.art.board import title_backdrop
from bsg_desktop.data.components import Components
from bsg_desktop.i18n import text, tr
from bsg_desktop.ui.qtart import drawing_image
from bsg_desktop.ui.widgets import WrapButton, enter_presses, plain

BACKDROP_PX_PER_MM = 4.0  # the backdrop's drawing scale: its stars a pixel or two across
SEAL_LEAST = 56  # a seal smaller than this (px across) is left out
SEAL_HALO = 1.22  # the dark halo about the seal, as a share of its size

START_CSS = """
StartPage { background: #070b12; }
QLabel { color: #eef2f5; font-size: 11pt; }
QLabel#title { color: #e0b93a; font-size: 28pt; font-weight: 700; }
QLabel#note { color: #f0c674; }
QPushButton { background: #23374b; color: #f2f2f2; border: 1px solid #3b4d5e;
              border-radius: 8px; padding: 12px 18px; font-size: 13pt; text-align: left; }
QPushButton#continue { background: #1f4d33; border-color: #47d16c; }
QPushButton:hover { border-color: #e0b93a; }
QPushButton:focus { border: 3px solid #ffd84d; padding: 10px 16px; }  /* the same text room */
QPushButton#continue:focus { border: 3px solid #ffd84d; }
QPushButton#continue QLabel { font-size: 13pt; color: #f2f2f2; }
QPushButton#guided { border-color: #e0b93a; }
QLabel#way { font-size: 13pt; color: #f2f2f2; }
QLabel#way_note { font-size: 10pt; color: #c9d3dc; }
QLabel#start_here { font-size: 9pt; font-weight: 700; color: #f0c64a; letter-spacing: 1px; }
"""


def summary_words(comp: Components, summary: dict[str, Any]) -> str:
    """Seats, turn and date of a saved game in one or two readable lines."""
    seats = []
    for i, cid in enumerate(summary["characters"]):
        try:
            who = text(comp.character(cid).name)
        except KeyError:
            who = cid
        name = summary["names"][i] if i < len(summary["names"]) else ""
        kinds = summary.get("kinds") or []
        kind = tr("ui.new.computer") if i < len(kinds) and kinds[i] == "computer" \
            else tr("ui.new.human")
        seats.append(f"{name} ({who}, {kind})" if name else f"{who} ({kind})")
    when = summary.get("saved") or ""
    try:
        when = datetime.fromisoformat(when).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        pass
    lines = [tr("ui.start.turn", turn=summary["turn"], when=when)]
    lines += [", ".join(seats[i:i + 2]) for i in range(0, len(seats), 2)]  # two a line
    if summary.get("file"):
        lines.append(tr("ui.start.file", file=summary["file"]))
    return "\n".join(lines)


class WayButton(QPushButton):
    """One way onto the table: its name, and under it one line on who it is for and what
    happens (also its accessible description, so a screen reader says it after the
    name); ``tag`` adds a line above the name (the way a newcomer should take first)."""

    def __init__(self, name: str, tag: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(18, 7, 18, 8)
        lay.setSpacing(1)
        self.tag = plain(QLabel(objectName="start_here")) if tag else None
        self.label = plain(QLabel(objectName="way", wordWrap=True))
        self.note = plain(QLabel(objectName="way_note", wordWrap=True))
        for w in (self.tag, self.label, self.note):
            if w is not None:
                w.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
                w.setStyleSheet("background: transparent;")
                lay.addWidget(w)

    def text(self) -> str:  # type: ignore[override]
        return self.label.text()

    def setText(self, text: str) -> None:  # type: ignore[override]  # noqa: N802  (Qt's name)
        self.label.setText(text)
        self.setAccessibleName(text)

    def set_note(self, note: str, tag: str = "") -> None:
        """The line under the name (and the tag above it), also said by screen readers."""
        self.note.setText(note)
        if self.tag is not None:
            self.tag.setText(tag)
        self.setAccessibleDescription(f"{tag} {note}" if tag else note)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not enter_presses(self, event):
            super().keyPressEvent(event)


class StartPage(QWidget):
    """The ways onto the table: Continue (only when there is a game to continue), a solo
    game in one click, Learn by playing (the guided first game with its coach), a game
    with friends (the New game dialog), Open, and the lessons."""

    continue_requested = Signal()
    solo_requested = Signal()
    guided_requested = Signal()
    new_requested = Signal()
    open_requested = Signal()
    learn_requested = Signal()

    def __init__(self, comp: Components, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comp = comp
        self.summary: dict[str, Any] | None = None
        self.crashed = False
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(START_CSS)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(40, 16, 40, 16)
        # the room above the title, where the backdrop lays the game's seal
        self.seal_area = QWidget()
        self.seal_area.setSizePolicy(QSizePolicy.Policy.Preferred,
                                     QSizePolicy.Policy.Expanding)
        self.seal_area.setMinimumHeight(0)
        lay.addWidget(self.seal_area, 2)
        self._backdrop: tuple[tuple[float, ...], QPixmap] | None = None
        self.title = QLabel(objectName="title", alignment=Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.title)
        self.subtitle = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True)
        lay.addWidget(self.subtitle)
        lay.addSpacing(14)
        self.note = QLabel(objectName="note", alignment=Qt.AlignmentFlag.AlignCenter,
                           wordWrap=True)
        lay.addWidget(self.note)
        # its seats run long (five names with characters, in Hungarian): they wrap in a
        # label inside the button rather than being cut off at the button's edge
        self.continue_button = WrapButton("", self)
        self.continue_button.setObjectName("continue")
        self.continue_button.layout().setContentsMargins(18, 10, 18, 10)
        # each way in says under its name who it is for; Learn by playing, marked as
        # the newcomer's first step, sits just under Play solo
        self.solo_button = WayButton("solo")
        self.guided_button = WayButton("guided", tag=True)
        self.new_button = WayButton("friends")
        self.open_button = WayButton("open")
        self.learn_button = WayButton("lessons")
        for b, sig in ((self.continue_button, self.continue_requested),
                       (self.solo_button, self.solo_requested),
                       (self.guided_button, self.guided_requested),
                       (self.new_button, self.new_requested),
                       (self.open_button, self.open_requested),
                       (self.learn_button, self.learn_requested)):
            b.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            b.setAutoDefault(True)
            b.clicked.connect(sig.emit)
            lay.addWidget(b, 0, Qt.AlignmentFlag.AlignHCenter)
            # six ways in, each of two or three lines: no more than the layout's gap
            # between them, so the seal keeps its room at 1280x720 above Continue
        lay.addStretch(1)
        self.retranslate()

    def set_summary(self, summary: dict[str, Any] | None, crashed: bool = False) -> None:
        """The unfinished game the Continue button loads (None: no button)."""
        self.summary = summary if summary and not summary.get("finished") else None
        self.crashed = crashed and self.summary is not None
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(tr("ui.window.title"))
        self.subtitle.setText(tr("ui.start.subtitle"))
        self.note.setText(tr("ui.start.crashed") if self.crashed else "")
        self.note.setVisible(self.crashed)
        s = self.summary
        self.continue_button.setVisible(s is not None)
        if s is not None:
            details = summary_words(self.comp, s)
            self.continue_button.label.setText(tr("ui.start.continue") + "\n" + details)
            self.continue_button.setAccessibleName(tr("ui.start.continue"))
            self.continue_button.setAccessibleDescription(details)
            self._fit_continue()
        for b, key in ((self.solo_button, "ui.start.solo"),
                       (self.guided_button, "coach.start.guided"),
                       (self.new_button, "ui.start.friends"),
                       (self.open_button, "ui.start.open"),
                       (self.learn_button, "ui.start.learn")):
            b.setText(tr(key))
            b.set_note(tr(f"ui.start.note.{b.objectName()}"),
                       tr("ui.start.start_here") if b.tag is not None else "")
        self._fit_continue()

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        super().resizeEvent(event)
        self._fit_continue()

    def _fit_continue(self) -> None:
        """The buttons are as wide as there is room for (420 to 760 px), each as tall as
        its wrapped lines at that width. Set here rather than left to the layout: a
        centred widget would get its height for the page's whole width and cut off the
        last line."""
        m = self.layout().contentsMargins()
        width = max(420, min(760, self.width() - m.left() - m.right()))
        for b in self.buttons():
            height = b.layout().totalHeightForWidth(width)  # -1 until the label has text
            b.setFixedSize(width, max(height, b.minimumSizeHint().height()))

    def seal_rect(self) -> QRect:
        """Where the seal is painted: centred in the room above the title, as large as
        that room allows (up to 320 px across); empty when there is too little room."""
        area = self.seal_area.geometry()
        room = area.height() - 12  # its halo (`SEAL_HALO` of its radius) kept inside too
        d = int(min(room / SEAL_HALO, area.width() / SEAL_HALO, 320))
        if d < SEAL_LEAST:
            return QRect()
        return QRect(area.center().x() - d // 2, area.center().y() - d // 2, d, d)

    def paintEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        """The title screen's art (`art.board.title_backdrop`): the seal over a
        starfield, drawn in code, made again only when the page's size changes."""
        dpr = self.devicePixelRatioF()
        seal = self.seal_rect()  # follows the layout: a Continue button shrinks its room
        key = (self.width(), self.height(), dpr, seal.x(), seal.y(), seal.width())
        if self._backdrop is None or self._backdrop[0] != key:
            k = BACKDROP_PX_PER_MM
            drawing = title_backdrop(
                self.width() / k, self.height() / k,
                None if seal.isEmpty() else (seal.center().x() / k, seal.center().y() / k,
                                             seal.width() / 2 / k))
            self._backdrop = (key, QPixmap.fromImage(drawing_image(drawing, k, dpr)))
        p = QPainter(self)
        p.drawPixmap(0, 0, self._backdrop[1])
        # no star behind the words: the title and the line under it on plain night
        words = self.title.geometry().united(self.subtitle.geometry()).adjusted(-12, -4, 12, 4)
        if not self.note.isHidden():
            words = words.united(self.note.geometry())
        p.fillRect(words, QColor(7, 11, 18, 235))
        p.end()

    def buttons(self) -> list[QPushButton]:
        """Every way onto the table, top to bottom (Continue first, shown or not)."""
        return [self.continue_button, self.solo_button, self.guided_button,
                self.new_button, self.open_button, self.learn_button]

    def press_number(self, n: int) -> None:
        """Number key n: the n-th button shown, counted from the top."""
        shown = [b for b in self.buttons() if not b.isHidden()]
        if 1 <= n <= len(shown):
            shown[n - 1].click()

    def keyPressEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        """Enter presses the focused button; Up/Down move between them."""
        k = event.key()
        w = self.focusWidget()
        if k in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and isinstance(w, QPushButton):
            w.click()
        elif k in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            self.focusNextPrevChild(k == Qt.Key.Key_Down)
        else:
            super().keyPressEvent(event)

    def first_button(self) -> QPushButton:
        return self.continue_button if self.summary is not None else self.solo_button
