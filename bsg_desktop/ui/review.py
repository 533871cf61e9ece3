"""The window's side of reviews and lessons made from games.

`ReviewTools` adds File → Review this game, File → Save as lesson… and the
narration editor to the main window, and a review section (every secret, the
deciding moments, a chart of the tracks, jump to a turn) to the lesson panel.
The stepping itself is `bsg_desktop.review.Review`, a lesson, so the window's
lesson view shows it; what a review knows comes from there, and the window
opens one only for a game that is over.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal, Slot
from PySide6.QtGui import QAction, QColor, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QStatusBar,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop.engine import Game
from bsg_desktop.engine.save import write_atomic
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import tr
from bsg_desktop.lessons import MadeLesson, make_lesson
from bsg_desktop.review import TRACKS, Review
from bsg_desktop.teach import Lesson
from bsg_desktop.ui.lesson_editor import NarrationEditor


class ReviewHost(Protocol):
    """What the review tools need of the main window they are wired into (a
    `QMainWindow`): this module names no window class, so the window may import it."""

    controller: Any
    lesson: Lesson | None
    settings: Any
    menu_file: QMenu
    act_print: QAction
    lesson_panel: Any

    def show_error(self, message: str) -> None: ...
    def lessons_start(self) -> Path: ...
    def open_lesson(self, lesson: Lesson) -> bool: ...
    def open_demo(self, path: str | Path) -> bool: ...
    def lesson_goto(self, pos: int) -> None: ...
    def statusBar(self) -> QStatusBar: ...  # noqa: N802 - Qt's name
    def resizeDocks(self, docks: Any, sizes: Any, orientation: Any) -> None: ...  # noqa: N802
    def addDockWidget(self, area: Any, dock: QDockWidget) -> None: ...  # noqa: N802

TRACK_COLOURS = {"distance": "#58b4ff", "jump": "#f0c64a", "damage": "#ff8a5a",
                 "demoralized": "#c48cff", "raiders": "#ff5a6e"}


class TrackChart(QWidget):
    """The five public tracks over the whole game, one small row each; a click asks
    for the start of the turn under the pointer."""

    position_requested = Signal(int)

    ROW = 22
    LABEL = 150

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.review: Review | None = None
        self.setMinimumHeight(self.ROW * len(TRACKS) + 18)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def show_review(self, review: Review) -> None:
        self.review = review
        self.setToolTip(tr("review.chart.tip"))
        self.update()

    def _x(self, pos: int) -> float:
        assert self.review is not None
        width = max(1, self.width() - self.LABEL - 6)
        return self.LABEL + width * pos / max(1, self.review.length)

    def _maxima(self) -> dict[str, int]:
        assert self.review is not None
        c = self.review.game.c
        top = {"jump": c.jump_max, "damage": len(c.damage_locations),
               "demoralized": len(c.characters), "raiders": 6}
        out = {}
        for t in TRACKS:
            seen = max(p.value(t) for p in self.review.points)
            out[t] = max(1, seen, top.get(t, 0))
        return out

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        r = self.review
        if r is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.fillRect(self.rect(), QColor("#1b2631"))
        top = self._maxima()
        # turn boundaries, faint, and the marks of deciding moments
        p.setPen(QPen(QColor("#2c3b4a"), 1))
        last = -1
        for pos, pt in enumerate(r.points):
            if pt.turn != last:
                last = pt.turn
                x = self._x(pos)
                p.drawLine(QPointF(x, 2), QPointF(x, self.ROW * len(TRACKS)))
        for m in r.marks:
            p.setPen(QPen(QColor("#ff5a6e"), 2))
            x = self._x(m.pos)
            p.drawLine(QPointF(x, self.ROW * len(TRACKS)), QPointF(x, self.ROW * len(TRACKS) + 8))
        for row, track in enumerate(TRACKS):
            y0 = row * self.ROW + 3
            h = self.ROW - 6
            p.setPen(QColor("#c9d3dc"))
            p.drawText(QRectF(4, y0 - 2, self.LABEL - 8, self.ROW),
                       Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                       f"{tr('review.chart.' + track)} {r.points[r.pos].value(track)}")
            pen = QPen(QColor(TRACK_COLOURS[track]), 2)
            p.setPen(pen)
            prev: QPointF | None = None
            for pos, pt in enumerate(r.points):
                y = y0 + h - h * pt.value(track) / top[track]
                here = QPointF(self._x(pos), y)
                if prev is not None:
                    p.drawLine(prev, QPointF(here.x(), prev.y()))
                    p.drawLine(QPointF(here.x(), prev.y()), here)
                prev = here
        # where the review is now
        p.setPen(QPen(QColor("#f2f2f2"), 2))
        x = self._x(r.pos)
        p.drawLine(QPointF(x, 0), QPointF(x, self.ROW * len(TRACKS) + 10))
        p.setPen(QColor("#9fb3c8"))
        p.drawText(QRectF(self.LABEL, self.ROW * len(TRACKS) + 2, self.width() - self.LABEL - 6,
                          16), Qt.AlignmentFlag.AlignRight,
                   f"{tr('review.panel.turn')} {r.turn_at(r.pos)} / {r.turns}")
        p.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        r = self.review
        if r is None or event.position().x() < self.LABEL:
            return
        width = max(1, self.width() - self.LABEL - 6)
        pos = round((event.position().x() - self.LABEL) / width * r.length)
        self.position_requested.emit(r.turn_start(r.turn_at(max(0, min(pos, r.length)))))


class ReviewSection(QWidget):
    """The review's part of the lesson panel: go to a turn, the chart, every seat's
    secrets at this position, and the list of deciding moments (links to them)."""

    position_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lesson")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 4, 0, 0)
        lay.setSpacing(6)
        row = QHBoxLayout()
        self.turn_label = QLabel(objectName="heading")
        self.turn = QSpinBox()
        self.turn.setMinimum(1)
        self.turn.setStyleSheet("QSpinBox { background: #23374b; color: #f2f2f2; "
                                "padding: 4px; font-size: 14px; }")
        self.go = QPushButton(objectName="go_turn")
        self.go.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.go.clicked.connect(self._go)
        row.addWidget(self.turn_label)
        row.addWidget(self.turn)
        row.addWidget(self.go, 1)
        lay.addLayout(row)
        self.chart_heading = QLabel(objectName="heading")
        self.chart = TrackChart()
        self.chart.position_requested.connect(self.position_requested.emit)
        lay.addWidget(self.chart_heading)
        lay.addWidget(self.chart)
        self.secrets_heading = QLabel(objectName="heading")
        self.secrets = QLabel(objectName="rules", wordWrap=True)
        self.secrets.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.secrets_heading)
        lay.addWidget(self.secrets)
        self.marks_heading = QLabel(objectName="heading")
        self.marks = QLabel(objectName="rules", wordWrap=True)
        self.marks.setTextFormat(Qt.TextFormat.RichText)
        self.marks.linkActivated.connect(lambda href: self.position_requested.emit(int(href)))
        lay.addWidget(self.marks_heading)
        lay.addWidget(self.marks)
        self.review: Review | None = None

    def show_review(self, review: Review) -> None:
        self.review = review
        self.turn.setMaximum(max(1, review.turns))
        self.turn.blockSignals(True)
        self.turn.setValue(max(1, review.turn_at(review.pos)))
        self.turn.blockSignals(False)
        self.chart.show_review(review)
        self.retranslate()

    def clear(self) -> None:
        """Forget the review (its secrets must not linger in a widget once it is closed)."""
        self.review = None
        self.chart.review = None
        self.secrets.clear()
        self.marks.clear()

    def retranslate(self) -> None:
        self.turn_label.setText(tr("review.panel.turn").upper())
        self.go.setText(tr("review.panel.jump"))
        self.chart_heading.setText(tr("review.panel.chart").upper())
        self.secrets_heading.setText(tr("review.panel.secrets").upper())
        self.marks_heading.setText(tr("review.panel.marks").upper())
        r = self.review
        if r is None:
            return
        self.secrets.setText("<br>".join(f"<b>{escape(who)}</b>: {escape(what)}"
                                         for who, what in r.secrets()))
        links = []
        for m in r.marks:
            here = " ◀" if m.pos == r.pos else ""
            links.append(f'<a style="color:#f0c64a; text-decoration:none" href="{m.pos}">'
                         f"{escape(r.mark_words(m))}</a>{here}")
        self.marks.setText("<br><br>".join(links) or escape(tr("review.panel.no_marks")))
        self.chart.update()

    @Slot()
    def _go(self) -> None:
        if self.review is not None:
            self.position_requested.emit(self.review.turn_start(self.turn.value()))


class SaveLessonDialog(QDialog):
    """How far back the lesson starts and how many steps it plays."""

    def __init__(self, pos: int, total: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("lesson.save.title"))
        self.pos, self.total = pos, total
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.back = QSpinBox()
        self.back.setRange(0, pos)
        self.back.setValue(min(pos, 10 if pos == total else 0))
        self.steps = QSpinBox()
        self.steps.setRange(1, max(1, total))
        self.back.valueChanged.connect(self._limit)
        form.addRow(tr("lesson.save.back"), self.back)
        form.addRow(tr("lesson.save.steps"), self.steps)
        lay.addLayout(form)
        note = QLabel(tr("lesson.save.note"), wordWrap=True)
        note.setMinimumWidth(460)
        note.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.MinimumExpanding)
        lay.addWidget(note)
        buttons = QDialogButtonBox()
        ok = buttons.addButton(tr("lesson.save.ok"), QDialogButtonBox.ButtonRole.AcceptRole)
        ok.setDefault(True)
        buttons.addButton(tr("lesson.save.cancel"), QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        lay.setSizeConstraint(QVBoxLayout.SizeConstraint.SetMinimumSize)
        self._limit()
        self.steps.setValue(self.steps.maximum() if pos == total else min(20,
                                                                         self.steps.maximum()))

    def _limit(self) -> None:
        self.steps.setMaximum(max(1, self.total - (self.pos - self.back.value())))


class ReviewTools(QObject):
    """Review, Save as lesson and the narration editor, wired into the main window."""

    def __init__(self, window: ReviewHost) -> None:
        super().__init__(window)  # type: ignore[arg-type]  # a QMainWindow
        self.w = window
        self.act_review = QAction(window)
        self.act_review.triggered.connect(self.review_game)
        self.act_save_lesson = QAction(window)
        self.act_save_lesson.triggered.connect(self.save_lesson_dialog)
        self.act_editor = QAction(window, checkable=True)
        self.act_editor.toggled.connect(self._toggle_editor)
        m = window.menu_file
        m.insertAction(window.act_print, self.act_review)
        m.insertAction(window.act_print, self.act_save_lesson)
        m.insertSeparator(window.act_print)
        self.section = ReviewSection()
        self.section.hide()
        self.section.position_requested.connect(window.lesson_goto)
        window.lesson_panel.add_section(self.section)
        self.editor = NarrationEditor()
        self.editor.saved.connect(self._editor_saved)
        self.dock = QDockWidget(window)
        self.dock.setObjectName("narration_editor")
        scroll = QScrollArea()  # a short window still reaches the Save button
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.editor)
        self.dock.setWidget(scroll)
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable |
                              QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.dock.visibilityChanged.connect(self._dock_visible)
        self.dock.setStyleSheet("QDockWidget { color: #eef2f5; font-weight: 700; }"
                                "QDockWidget::title { background: #22303d; padding: 6px; }")
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()
        self.retranslate()
        self.update_actions()

    # ------------------------------------------------------------ texts
    def retranslate(self) -> None:
        self.act_review.setText(tr("review.menu.review"))
        self.act_save_lesson.setText(tr("review.menu.save_lesson"))
        self.act_editor.setText(tr("review.menu.editor"))
        self.dock.setWindowTitle(tr("editor.title"))
        self.section.retranslate()
        self.editor.retranslate()

    def update_actions(self) -> None:
        g = self.w.controller.game
        self.act_review.setEnabled(self.w.lesson is None and g is not None and
                                   g.outcome is not None)
        # cheap: a lesson's full game is only replayed when a lesson is really made;
        # a game on the table only once it is over (the file holds every secret)
        self.act_save_lesson.setEnabled(self.w.lesson is not None or
                                        g is not None and bool(g.choices) and
                                        g.outcome is not None)
        self.act_editor.setEnabled(self.w.lesson is not None)

    # ------------------------------------------------------------ review
    @Slot()
    def review_game(self) -> bool:
        """Open the current game as a review; refused (with why) while it is unfinished."""
        g = self.w.controller.game
        if g is None:
            return False
        if g.outcome is None:
            self.w.show_error(tr("review.error.unfinished"))
            return False
        try:
            review = Review(g)
        except UserError as e:
            self.w.show_error(tr("review.error.open", error=e))
            return False
        return self.w.open_lesson(review)

    def lesson_shown(self) -> None:
        """The window drew a lesson position (or left lessons): follow it."""
        le = self.w.lesson
        if isinstance(le, Review):
            self.section.show_review(le)
            self.section.show()
        else:
            self.section.clear()
            self.section.hide()
        if le is not None:
            self.editor.show_lesson(le)
        elif self.dock.isVisible():
            self.dock.hide()
        self.update_actions()

    # ---------------------------------------------------- save as lesson
    def _source(self) -> tuple[Game, int] | None:
        """The game a lesson would be cut from and the position it is at now."""
        le = self.w.lesson
        if isinstance(le, Review):
            return le.position(le.length), le.pos
        if isinstance(le, Lesson):
            try:
                return le.position(le.length), le.pos
            except UserError:
                return None
        g = self.w.controller.game
        if g is None or not g.choices or g.outcome is None:
            return None
        return g, len(g.choices)

    def _unfinished(self) -> bool:
        g = self.w.controller.game
        return self.w.lesson is None and g is not None and g.outcome is None

    def save_lesson_to(self, path: str | Path, back: int, steps: int) -> MadeLesson:
        """Write the lesson starting ``back`` decisions before the current position."""
        src = self._source()
        if src is None:
            raise UserError(tr("lesson.save.unfinished" if self._unfinished()
                               else "lesson.save.nothing"))
        game, pos = src
        made = make_lesson(game, pos - back, steps if pos < len(game.choices) else back,
                           secrets_public=self.w.lesson is not None and
                           not isinstance(self.w.lesson, Review))
        try:
            write_atomic(path, made.text)
        except OSError as e:
            raise UserError(f"cannot write {path}: {e.strerror or e}") from None
        return made

    @Slot()
    def save_lesson_dialog(self) -> None:
        src = self._source()
        if src is None:
            self.w.show_error(tr("lesson.save.unfinished" if self._unfinished()
                                 else "lesson.save.nothing"))
            return
        game, pos = src
        dlg = SaveLessonDialog(pos, len(game.choices), self.w)
        if not dlg.exec():
            return
        start = str(self.w.lessons_start() / "lesson.yaml")  # listed under My lessons
        path, _ = QFileDialog.getSaveFileName(self.w, tr("lesson.save.file_title"), start,
                                              tr("lesson.save.filter"))
        if not path:
            return
        back = dlg.back.value()
        steps = dlg.steps.value() if pos < len(game.choices) else back
        try:
            made = self.save_lesson_to(path, back, steps)
        except UserError as e:
            self.w.show_error(tr("lesson.save.failed", error=e))
            return
        self.report_saved(path, made)
        # straight into the editor to write the narration; but not from a game still
        # being played: the lesson view would show the other seats' past rolls
        if game.outcome is not None or self.w.lesson is not None:
            if self.w.open_demo(path):
                self.act_editor.setChecked(True)

    def report_saved(self, path: str | Path, made: MadeLesson) -> None:
        if made.cut:
            msg = tr("lesson.save.cut", path=path, steps=made.steps, asked=made.asked,
                     reason=tr(made.cut))
        else:
            msg = tr("lesson.save.done", path=path, steps=made.steps, turn=made.turn)
        self.w.statusBar().showMessage(msg, 12000)

    # ------------------------------------------------------------ editor
    @Slot(bool)
    def _toggle_editor(self, on: bool) -> None:
        if on and self.w.lesson is not None:
            self.editor.show_lesson(self.w.lesson)
            self.dock.show()
            self.w.resizeDocks([self.dock], [360], Qt.Orientation.Horizontal)
        else:
            self.dock.hide()

    @Slot(bool)
    def _dock_visible(self, visible: bool) -> None:
        if self.act_editor.isChecked() != visible and not visible:
            self.act_editor.setChecked(False)

    @Slot(str)
    def _editor_saved(self, path: str) -> None:
        """Reopen the saved file at the same step, so the panel reads the new narration."""
        le = self.w.lesson
        pos = le.pos if le is not None else 0
        if self.w.open_demo(path):
            self.w.lesson_goto(pos)
