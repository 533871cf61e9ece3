"""The moments that matter, shown briefly on the board: the fleet's jump, a crisis
averted or failed, a Cylon reveal, the brig, the game's end, and your own roll when
the game contributed your only die for you.

A moment is a banner that slides and fades over the top of the board with the log
line under its headline (once, where the log line says just what the headline says,
as the jump's does; a long headline wraps inside the banner). It never holds the
game up: the game goes on underneath while it plays. It stays as long as its words
take to read at Settings -> Pace (`present.pace.read_ms`: at least 2.5 s for two lines
at normal); the words are the public log's, so its length tells nothing hidden, and
the controller holds the next computer answer until it has been read.
Which moment a move makes is worked out in `present.moments`; this is its banner.
Only public events make moments; the roll moment shows the values that went into
the check, which the log shows everyone anyway, and only on that player's screen.
Settings -> Moments turns them off.

A seat's own moment (its new loyalty card) is no banner: `OwnMomentDialog` waits for
that player's "Got it" on their own screen, Moments on or off.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QEasingCurve,
    QEvent,
    QObject,
    QPoint,
    QPropertyAnimation,
    QSequentialAnimationGroup,
    Qt,
)
from PySide6.QtWidgets import (
    QDialog,
    QGraphicsOpacityEffect,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop.i18n import tr
from bsg_desktop.present.moments import Moment, OwnMoment
from bsg_desktop.present.pace import DEFAULT_PACE, moment_ms, read_ms

FADE_IN_MS, FADE_OUT_MS = 150, 250

# one colour per moment kind (`present.moments.MOMENT_OF`, and the roll)
COLOURS = {"end": "#e0b93a", "reveal": "#e05a4f", "jump": "#5aa0ff", "brig": "#e0912b",
           "failed": "#e05a4f", "averted": "#47d16c", "roll": "#c9d3dc"}


class MomentBanner(QWidget):
    """A headline and the log line, over the top of the board, as long as they take to read."""

    def __init__(self, parent: QWidget, board: QWidget | None = None) -> None:
        super().__init__(parent)
        self.board = board  # centred over it while it is on screen
        parent.installEventFilter(self)
        if board is not None:
            board.installEventFilter(self)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setObjectName("moment")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(22, 10, 22, 12)
        # the headline wraps: a long one ("A krízist nem sikerült elhárítani" at 20 pt)
        # must stay inside the banner, which is never wider than the board
        self.headline = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True)
        self.line = QLabel(alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True)
        for label in (self.headline, self.line):  # names are shown as typed, never as markup
            label.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.headline)
        lay.addWidget(self.line)
        self.kind = ""
        self.shown_count = 0
        self.pace = DEFAULT_PACE  # the window's Settings -> Pace: how long words stay
        self._effect = QGraphicsOpacityEffect(self)
        self.setGraphicsEffect(self._effect)
        fade_in = QPropertyAnimation(self._effect, b"opacity", self)
        fade_in.setDuration(FADE_IN_MS)
        fade_in.setStartValue(0.0)
        fade_in.setEndValue(1.0)
        self._slide = QPropertyAnimation(self, b"pos", self)
        self._slide.setDuration(FADE_IN_MS)
        self._slide.setEasingCurve(QEasingCurve.Type.OutCubic)
        fade_out = QPropertyAnimation(self._effect, b"opacity", self)
        fade_out.setDuration(FADE_OUT_MS)
        fade_out.setStartValue(1.0)
        fade_out.setEndValue(0.0)
        self.anim = QSequentialAnimationGroup(self)
        self.anim.addAnimation(fade_in)
        self._hold = self.anim.addPause(read_ms("", "") - FADE_IN_MS - FADE_OUT_MS)
        self.anim.addAnimation(fade_out)
        self.anim.finished.connect(self.hide)
        self.hide()

    def duration(self) -> int:
        """How long a moment stays, fading in and out included (ms)."""
        return sum(self.anim.animationAt(i).duration()
                   for i in range(self.anim.animationCount()))

    def play(self, kind: str, headline: str, line: str) -> None:
        """Show one moment now (a running one gives way at once)."""
        self.anim.stop()
        self.kind = kind
        self.shown_count += 1
        colour = COLOURS.get(kind, "#e0b93a")
        self.setStyleSheet(
            f"QWidget#moment {{ background: rgba(12, 17, 23, 235); border: 3px solid {colour};"
            " border-radius: 10px; }"
            f"QLabel {{ color: #f2f2f2; font-size: 12pt; background: transparent; }}")
        self.headline.setStyleSheet(f"color: {colour}; font-size: 20pt; font-weight: 700;")
        self.headline.setText(headline)
        self.line.setText(line)
        # the jump's log line says just what the headline says: say it once
        two = bool(line) and line.strip() != headline.strip()
        self.line.setVisible(two)
        self._hold.setDuration(moment_ms(Moment(kind, headline, line), self.pace)
                               - FADE_IN_MS - FADE_OUT_MS)
        at = self._place()
        self._slide.setStartValue(at - QPoint(0, 24))
        self._slide.setEndValue(at)
        self._slide.start()
        self.move(at - QPoint(0, 24))
        self.show()
        self.raise_()
        self.anim.start()

    def _place(self) -> QPoint:
        """Sizes the banner for the board as it is now and says where it rests:
        centred over the board, never wider than the window."""
        host = self.parentWidget()
        left, span = 0, host.width()
        if self.board is not None and self.board.isVisible():
            left = self.board.mapTo(host, QPoint(0, 0)).x()
            span = self.board.width()
        width = min(max(360, int(span * 0.7)), host.width() - 20)
        self.setFixedWidth(width)
        self.adjustSize()
        return QPoint(max(10, left + (span - width) // 2), max(10, int(host.height() * 0.08)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # A window resized (or a side panel opened) while a moment is up would leave the
        # banner where the old board was, off-centre or cut off: it moves with the board.
        if event.type() == QEvent.Type.Resize and self.isVisible():
            self._slide.stop()
            self.move(self._place())
        return False

    def clear(self) -> None:
        """Gone at once (a hand-over must never show the last player's moment)."""
        self.anim.stop()
        self._slide.stop()
        self.hide()



class OwnMomentDialog(QDialog):
    """A seat's own moment (`present.moments.OwnMoment`): what its new loyalty card made
    it, on its own screen after its hand-over. It waits for the player's "Got it", so it
    cannot be missed as a banner can; it never opens on the shared screen."""

    def __init__(self, moment: OwnMoment, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.moment = moment
        self.setWindowTitle(tr("ui.own.title"))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        colour = "#e05a4f" if moment.kind in ("now_cylon", "still_cylon") else "#47d16c"
        self.setStyleSheet("QDialog { background: #0c1117; } QLabel { color: #eef2f5; }"
                           "QPushButton { background: #2b5d8a; color: white; font-size: 16px;"
                           " padding: 8px 22px; border-radius: 6px;"
                           " border: 3px solid transparent; }"
                           "QPushButton:focus { border: 3px solid #ffd84d; }")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(28, 22, 28, 18)
        self.headline = QLabel(moment.headline, alignment=Qt.AlignmentFlag.AlignCenter,
                               wordWrap=True)
        self.headline.setStyleSheet(f"color: {colour}; font-size: 24px; font-weight: 700;")
        self.line = QLabel(moment.line, alignment=Qt.AlignmentFlag.AlignCenter, wordWrap=True)
        self.line.setStyleSheet("font-size: 16px;")
        for label in (self.headline, self.line):
            label.setTextFormat(Qt.TextFormat.PlainText)
        self.button = QPushButton(tr("ui.own.seen"))
        self.button.setDefault(True)
        self.button.clicked.connect(self.accept)
        lay.addWidget(self.headline)
        lay.addSpacing(8)
        lay.addWidget(self.line)
        lay.addSpacing(14)
        lay.addWidget(self.button, 0, Qt.AlignmentFlag.AlignCenter)
        self.setMinimumWidth(380)
