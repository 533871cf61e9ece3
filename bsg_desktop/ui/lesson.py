"""Teach mode's side panel: a rule demo a teacher steps through in front of the class.

The panel shows one lesson position (built by `bsg_desktop.teach.Lesson`, which
holds all the stepping logic): title, "step k of N", the narration, the rules the
last step applied with their text, and what the next scripted step will choose.
Its buttons only say what the teacher wants (past-tense-free "requested"
signals, like the decision panel's); the window moves the lesson and redraws.

A lesson is a demonstration, not a hot-seat game: nobody at the table hides a
hand. So the board shows the public view, and this panel also shows the deciding
seat's decision (its crisis-dice faces, its rolled dice and the option the script
takes), because that is what the narration talks about. Loyalty hands are never
shown here.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QObject, QRect, QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QIcon, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bsg_desktop.data.components import Components
from bsg_desktop.engine import Choice, PlayerView
from bsg_desktop.i18n import language, tr
from bsg_desktop.log import condition_words
from bsg_desktop.present.dice import crisis_die, crisis_drawing, skill_drawing, skill_face
from bsg_desktop.present.rolls import die_words
from bsg_desktop.present.words import choice_words, decision_parts
from bsg_desktop.rules import rule_text
from bsg_desktop.teach import Lesson
from bsg_desktop.ui.flow import FlowLayout
from bsg_desktop.ui.qtart import drawing_pixmap
from bsg_desktop.ui.widgets import WrapButton, clear_layout

LESSON_CSS = """
QWidget#lesson { background: #16202b; color: #eef2f5; }
QLabel { color: #eef2f5; }
QLabel#kicker { color: #9fb3c8; font-size: 13px; letter-spacing: 1px; }
QLabel#title { color: #f0c64a; font-size: 21px; font-weight: 700; }
QLabel#progress { color: #c9d3dc; font-size: 14px; font-weight: 600; }
QLabel#narration { font-size: 19px; line-height: 130%; }
QFrame#narration_box { background: #1e2c3a; border-left: 4px solid #f0c64a;
                       border-radius: 4px; }
QLabel#heading { color: #9fb3c8; font-size: 13px; font-weight: 700; }
QLabel#rules { font-size: 14px; color: #dfe6ec; }
QLabel#next { font-size: 14px; color: #dfe6ec; }
QLabel#error { color: #ff8a7a; font-size: 14px; font-weight: 600; }
QPushButton { background: #23374b; color: #f2f2f2; border: 1px solid #3b4d5e;
              border-radius: 6px; padding: 8px 12px; font-size: 15px; }
QPushButton:hover { background: #2e4a63; border-color: #c9a227; }
QPushButton:focus { border: 3px solid #ffd84d; }
QPushButton:disabled { color: #6a7886; background: #1b2631; border-color: #26323e; }
QPushButton#forward { background: #2b5d8a; font-weight: 700; }
QPushButton#forward:hover { background: #3a77ad; }
QPushButton#forward QLabel { font-weight: 700; }
QPushButton#take_over { background: #1e3b2a; border-color: #47d16c; }
QToolButton { background: transparent; border: 3px solid transparent; border-radius: 8px; }
QToolButton[picked="true"] { border-color: #f0c64a; background: #3a3213; }
QScrollArea { background: transparent; }
"""
# A short panel (a 1024x640 window) had the narration's box four lines high under a
# title of four lines: the step's words are set smaller there, so more of them show
# without scrolling.
COMPACT_HEIGHT = 520  # the panel's height under which the compact sizes apply
COMPACT_TITLE_PX = 17
COMPACT_CSS = f"""
QLabel#title {{ font-size: {COMPACT_TITLE_PX}px; }}
QLabel#narration {{ font-size: 16px; }}
"""


# Presenter view (a projector at 1920x1080, read from the back of a classroom): the
# same panel, every text about twice the size; a smaller screen (a 1366x768 or 1024x768
# projector) has them in proportion (`presenter_scale`), so the panel keeps its controls
# whole and the rules in reach.
PRESENTER_PX = {"kicker": 20, "title": 38, "progress": 26, "narration": 34, "heading": 22,
                "rules": 24, "button": 24, "pad_v": 12, "pad_h": 18}
TITLE_LINES = 2  # a lesson's title in presenter view: smaller type before a third line
TITLE_LEAST_PX = 14
# ... and in the window: the title's usual size (LESSON_CSS), set smaller down to this
# before it takes a third line (a review's title at 1024x640 took four, and the
# narration under it kept four lines); in the window it is never cut
WINDOW_TITLE_PX = 21
WINDOW_TITLE_LEAST_PX = 15


def presenter_scale(width: int, height: int) -> float:
    """The presenter view's sizes for a screen of ``width`` x ``height``: 1 at 1920x1080
    (the sizes a classroom's back row reads), in proportion on a smaller screen, where
    the same sizes would wrap a title over four lines and cut the buttons, but never
    below 0.6 of them."""
    return max(0.6, min(1.0, height / 1080, width / 1600))


def presenter_css(scale: float = 1.0) -> str:
    """The panel's style in presenter view at ``scale`` (`presenter_scale`)."""
    px = {k: max(1, round(v * scale)) for k, v in PRESENTER_PX.items()}
    return LESSON_CSS + f"""
QLabel#kicker {{ font-size: {px["kicker"]}px; }}
QLabel#title {{ font-size: {px["title"]}px; }}
QLabel#progress {{ font-size: {px["progress"]}px; }}
QLabel#narration {{ font-size: {px["narration"]}px; }}
QLabel#heading {{ font-size: {px["heading"]}px; }}
QLabel#rules, QLabel#next {{ font-size: {px["rules"]}px; }}
QPushButton {{ font-size: {px["button"]}px; padding: {px["pad_v"]}px {px["pad_h"]}px; }}
"""


PRESENTER_CSS = presenter_css()


class LessonPanel(QWidget):
    """Title, progress, narration, rules applied, next scripted choice, and the controls."""

    back_requested = Signal()
    forward_requested = Signal()
    reset_requested = Signal()
    take_over_requested = Signal()
    close_requested = Signal()
    rule_requested = Signal(str)
    next_lesson_requested = Signal()

    def __init__(self, comp: Components, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comp = comp
        self.setObjectName("lesson")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(LESSON_CSS)
        self._compact = False  # the compact sizes are in force (`COMPACT_HEIGHT`)
        self.presenter = False
        self._scale = 0.0  # presenter view's scale in force (0: none yet)
        self._title_width = 0  # the title's width it was last fitted to (presenter view)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(14, 12, 14, 12)
        outer.setSpacing(8)
        self.kicker = QLabel(objectName="kicker")
        self.title = QLabel(objectName="title", wordWrap=True)
        self.title.installEventFilter(self)
        self.progress = QLabel(objectName="progress")
        outer.addWidget(self.kicker)
        outer.addWidget(self.title)
        outer.addWidget(self.progress)

        box = QFrame(objectName="narration_box")
        bl = QVBoxLayout(box)
        bl.setContentsMargins(12, 10, 12, 10)
        self.narration = QLabel(objectName="narration", wordWrap=True)
        self.narration.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bl.addWidget(self.narration)

        body = QWidget(objectName="lesson")
        inner = QVBoxLayout(body)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.setSpacing(6)
        self.rules_heading = QLabel(objectName="heading", wordWrap=True)
        self.rules = QLabel(objectName="rules", wordWrap=True)
        self.rules.setTextFormat(Qt.TextFormat.RichText)
        self.rules.linkActivated.connect(self.rule_requested.emit)
        self.next_heading = QLabel(objectName="heading", wordWrap=True)
        self.next = QLabel(objectName="next", wordWrap=True)
        self.next.setTextFormat(Qt.TextFormat.RichText)
        # the dice the next step picks from wrap onto a second row rather than widen the
        # narration past a narrow side panel (presenter view at 1024x768 cut its words)
        faces_box = QWidget()
        self.faces_row = FlowLayout(faces_box)
        self.faces_row.setContentsMargins(0, 0, 0, 0)
        self.error = QLabel(objectName="error", wordWrap=True)
        self.error.hide()
        # The narration scrolls with the rest: at 1024x640 a long one has no room to be
        # read whole above the scroll area. What happens next (with the dice it picks
        # from) comes right after it: it is what the narration talks about; the rule
        # texts below are for reading along.
        inner.addWidget(box)
        inner.addWidget(self.error)
        inner.addWidget(self.next_heading)
        inner.addWidget(self.next)
        inner.addWidget(faces_box)
        self.sections = QVBoxLayout()  # extra parts a kind of lesson adds (a review's)
        self.sections.setContentsMargins(0, 0, 0, 0)
        inner.addLayout(self.sections)
        inner.addSpacing(4)
        inner.addWidget(self.rules_heading)
        inner.addWidget(self.rules)
        inner.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)

        nav = self.nav = QHBoxLayout()
        self.back_button = QPushButton(objectName="back")
        self.forward_button = QPushButton(objectName="forward")
        for b in (self.back_button, self.forward_button):
            b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # arrow keys belong to the lesson
            nav.addWidget(b)
        outer.addLayout(nav)
        # at a course lesson's end: the next lesson, so a learner goes on without the menu
        # its words wrap: a lesson's title runs longer than the panel is wide
        self.next_lesson_button = WrapButton("")
        self.next_lesson_button.setObjectName("forward")
        self.next_lesson_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.next_lesson_button.hide()
        self.next_lesson_button.clicked.connect(self.next_lesson_requested.emit)
        outer.addWidget(self.next_lesson_button)
        self._next_lesson = ""
        # a row that wraps: at 1024x640 the side panel is too narrow for all three
        # ("Take over", "Close lesson" were cut to "ake ove", "ose less")
        more_row = QWidget()
        more = FlowLayout(more_row)
        self.reset_button = QPushButton(objectName="reset")
        self.take_over_button = QPushButton(objectName="take_over")
        self.close_button = QPushButton(objectName="close")
        for b in (self.reset_button, self.take_over_button, self.close_button):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            more.addWidget(b)
        outer.addWidget(more_row)
        self.back_button.clicked.connect(self.back_requested.emit)
        self.forward_button.clicked.connect(self.forward_requested.emit)
        self.reset_button.clicked.connect(self.reset_requested.emit)
        self.take_over_button.clicked.connect(self.take_over_requested.emit)
        self.close_button.clicked.connect(self.close_requested.emit)
        self.face_buttons: list[QToolButton] = []
        self._lesson: Lesson | None = None
        self._decider: PlayerView | None = None
        self.retranslate()

    # ------------------------------------------------------------------ show
    def show_lesson(self, lesson: Lesson, decider: PlayerView | None) -> None:
        """Fill the panel for the lesson's current position; ``decider`` is the deciding
        seat's view (for the next scripted choice), or None when nothing is pending."""
        self._lesson, self._decider = lesson, decider
        self.error.hide()
        self.error.clear()
        self._fill()

    def set_next_lesson(self, title: str) -> None:
        """Offer the course's next lesson (its numbered title) once this one is at its
        end; an empty title offers none."""
        self._next_lesson = title
        self._show_next_lesson()

    def _show_next_lesson(self) -> None:
        at_end = self._lesson is not None and self._lesson.at_end
        self.next_lesson_button.setText(tr("teach.panel.next_lesson", title=self._next_lesson))
        self.next_lesson_button.setVisible(bool(self._next_lesson) and at_end)

    def add_section(self, widget: QWidget) -> None:
        """Put a widget under the next step's picture (the review's secrets and chart)."""
        self.sections.addWidget(widget)

    def show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()

    def set_presenter(self, on: bool) -> None:
        """Projector-sized texts for a classroom (Learn -> Presenter view)."""
        self.presenter = on
        self._scale = 0.0
        if on:
            self._rescale()
        else:
            self._compact = self.height() < COMPACT_HEIGHT
            self.setStyleSheet(LESSON_CSS + (COMPACT_CSS if self._compact else ""))
        self._fit_title()

    def _rescale(self) -> None:
        """Presenter view's sizes for the window's size now (full screen: the screen's)."""
        win = self.window()
        scale = presenter_scale(win.width(), win.height())
        if scale != self._scale:
            self._scale = scale
            self.setStyleSheet(presenter_css(scale))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802  (Qt's name)
        super().resizeEvent(event)
        self._fit_nav()
        if self.presenter:
            self._rescale()
            self._fit_title()
        elif (self.height() < COMPACT_HEIGHT) != self._compact:
            self.set_presenter(False)  # the plain sizes, compact or not, for this height

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        # the title's own width settles after the panel's (a splitter, a lesson opened
        # while the panel was hidden): it is fitted again when its width changes
        if watched is self.title and event.type() == QEvent.Type.Resize \
                and self.title.width() != self._title_width:
            self._fit_title()
        return super().eventFilter(watched, event)

    def _fit_title(self) -> None:
        """The title takes at most `TITLE_LINES` lines: a long one is set smaller
        rather than push the narration and the rules this step applies out of sight. In
        presenter view down to `TITLE_LEAST_PX`, then its end gives way; in the window
        down to `WINDOW_TITLE_LEAST_PX`, and it is never cut."""
        full = self._lesson.title() if self._lesson is not None else self.title.text()
        if not self.presenter and self.title.text() != full:
            self.title.setText(full)
            self.title.setToolTip("")
        width = self.title.contentsRect().width()
        self._title_width = self.title.width()
        if width <= 0:
            return
        if self.presenter:
            px, least = max(1, round(PRESENTER_PX["title"] * (self._scale or 1.0))), \
                TITLE_LEAST_PX
        else:  # from the size the panel's style gives it, compact or not
            px = COMPACT_TITLE_PX if self._compact else WINDOW_TITLE_PX
            least = WINDOW_TITLE_LEAST_PX
        usual = px
        font = QFont(self.title.font())
        flags = int(Qt.TextFlag.TextWordWrap)

        def fits(words: str) -> bool:
            fm = QFontMetrics(font)
            used = fm.boundingRect(QRect(0, 0, width, 100_000), flags, words)
            return used.height() < (TITLE_LINES + 0.5) * fm.lineSpacing()  # + the descent

        font.setPixelSize(px)
        while px > least and not fits(full):
            px -= 1
            font.setPixelSize(px)
        if not self.presenter:  # the panel's usual size needs no style of its own
            want = "" if px == usual else f"font-size: {px}px;"
            if self.title.styleSheet() != want:
                self.title.setStyleSheet(want)
            return
        shown = full
        if not fits(full):  # still three lines at the least size: the end gives way
            words = full.split()
            while len(words) > 1 and not fits(" ".join(words) + "…"):
                words.pop()
            shown = " ".join(words) + "…"
        self.title.setToolTip(full if shown != full else "")
        if self.title.text() != shown:
            self.title.setText(shown)
        want = f"font-size: {px}px;"
        if self.title.styleSheet() != want:
            self.title.setStyleSheet(want)

    def _fit_nav(self) -> None:
        """Back and Forward side by side when both fit, else one above the other: beside
        the narration editor the panel is narrow, and a longer language's words were cut."""
        margins = self.layout().contentsMargins()
        room = self.width() - margins.left() - margins.right()
        need = (self.back_button.sizeHint().width() + self.forward_button.sizeHint().width()
                + self.nav.spacing())
        self.nav.setDirection(QBoxLayout.Direction.TopToBottom if need > room
                              else QBoxLayout.Direction.LeftToRight)

    def retranslate(self) -> None:
        """Re-apply every text in the current language (buttons, narration, rule texts)."""
        self.kicker.setText(tr("teach.panel.kicker").upper())
        self.back_button.setText(tr("teach.panel.back"))
        self.forward_button.setText(tr("teach.panel.forward"))
        self.back_button.setToolTip(tr("teach.panel.back_tip"))
        self.forward_button.setToolTip(tr("teach.panel.forward_tip"))
        self._fit_nav()
        self.reset_button.setText(tr("teach.panel.reset"))
        self.take_over_button.setText(tr("teach.panel.take_over"))
        self.take_over_button.setToolTip(tr("teach.panel.take_over_tip"))
        self.close_button.setText(tr("teach.panel.close"))
        self.rules_heading.setText(tr("teach.panel.rules").upper())
        if self._lesson is not None:
            self._fill()

    def _fill(self) -> None:
        lesson = self._lesson
        assert lesson is not None
        self.kicker.setText(tr(lesson.kicker).upper())
        self.close_button.setText(tr(lesson.close_text))
        self.title.setText(lesson.title())
        self._fit_title()
        start = "teach.panel.start_one" if lesson.length == 1 else "teach.panel.start"
        self.progress.setText(tr(start, n=lesson.length) if lesson.at_start
                              else tr("teach.panel.step", k=lesson.pos, n=lesson.length))
        self.narration.setText(lesson.narration() or "—")
        rules = lesson.step_rules()
        self.rules_heading.setText(tr("teach.panel.rules" if lesson.pos else
                                      "teach.panel.rules_intro").upper())
        self.rules.setText("<br><br>".join(
            f'<a style="color:#f0c64a; font-weight:700; text-decoration:none" href="{r}">'
            f'{escape(r)}</a>&nbsp; {escape(rule_text(r, language()))}' for r in rules) or "—")
        self.back_button.setEnabled(not lesson.at_start)
        self.forward_button.setEnabled(not lesson.at_end)
        self.reset_button.setEnabled(not lesson.at_start)
        self._fill_next(lesson)
        self._show_next_lesson()

    def _fill_next(self, lesson: Lesson) -> None:
        clear_layout(self.faces_row)
        self.face_buttons = []
        view = self._decider
        g = lesson.game
        if g.outcome is not None:
            out = g.outcome
            self.next_heading.setText(tr("teach.panel.over").upper())
            self.next.setText(escape(tr("ui.gameover.text",
                                        winner=tr(f"log.winner_{out.winner}"),
                                        condition=condition_words(g.c, out.condition),
                                        rule=out.rule)))
            return
        if view is None or view.pending_seat is None:
            self.next_heading.setText("")
            self.next.setText("")
            return
        said = decision_parts(self.comp, view)
        # the stakes as their own lighter line under the question (the panel's size: a
        # step smaller would be too small to read on a projector)
        now = escape(said.question) + (
            f'<br><span style="color:#9fb3c8">{escape(said.stakes)}</span>'
            if said.stakes else "")
        if lesson.at_end:
            self.next_heading.setText(tr("teach.panel.now").upper())
            self.next.setText(now + "<br><i>" + escape(tr("teach.panel.end_hint")) + "</i>")
            return
        step = lesson.scenario.steps[lesson.pos]
        chosen = step.choice
        self.next_heading.setText(tr("teach.panel.next").upper())
        self.next.setText(f"{now}<br>▶ <b>{escape(self._words(view, chosen))}</b>")
        self._show_picture(view, chosen)

    def _words(self, view: PlayerView, choice: Choice) -> str:
        rolled = view.info_dict().get("rolled") or []
        if choice.verb == "contribute" and rolled:
            # The window picks dice by clicking them; in a lesson the pick is said in words.
            values = {int(d): (k, v) for d, k, v in rolled}
            picked = [values[int(a)] for a in choice.args if int(a) in values]
            dice = ", ".join(die_words(self.comp, k, v) for k, v in picked)
            return tr("teach.choice.contribute", dice=dice or "—")
        try:
            return choice_words(self.comp, view, choice)
        except (KeyError, ValueError, IndexError):
            return str(choice)

    def _show_picture(self, view: PlayerView, chosen: Choice) -> None:
        """The crisis faces or rolled dice the next choice picks from, the pick outlined."""
        info = view.info_dict()
        faces = info.get("faces") or ()
        if chosen.verb == "crisis" and faces:
            dice_ids = info.get("dice") or ()
            for k, face in enumerate(faces):
                self._picture(crisis_drawing(crisis_die(self.comp, dice_ids, k), face), 76,
                              picked=chosen.args[:1] == (k,),
                              tip=self._words(view, Choice("crisis", (k,))))
        rolled = info.get("rolled") or []
        if chosen.verb in ("contribute", "reroll") and rolled:
            picked = {int(a) for a in chosen.args if str(a).lstrip("-").isdigit()}
            for die_id, kind, value in rolled:
                die = skill_face(self.comp, kind, value)
                self._picture(skill_drawing(self.comp, die), 48, picked=int(die_id) in picked,
                              tip=die.words)

    def _picture(self, drawing, size: int, picked: bool, tip: str) -> None:  # type: ignore[no-untyped-def]
        b = QToolButton()
        b.setIcon(QIcon(drawing_pixmap(drawing, size, self.devicePixelRatioF())))
        b.setIconSize(QSize(size, size))
        b.setToolTip(tip)
        b.setProperty("picked", "true" if picked else "false")
        b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        b.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.faces_row.addWidget(b)
        self.face_buttons.append(b)
