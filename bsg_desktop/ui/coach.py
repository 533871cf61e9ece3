"""The coach panel: explains each kind of decision the first time the player meets it.

It is a tab beside the game log, under the choices: the choices keep all the room they
need (`MainWindow.fit_side`), the coach gets what the log had, and scrolls. The
words are `present.coach`'s; this module only lays them out and decides when a step
is new:

- a step is shown for a decision only while the screen is the deciding seat's own
  (after a hot-seat hand-over, or a solo player's), so it never tells the table what
  kind of decision a hidden hand faces;
- each seat meets each topic once per game (`CoachMemory`); a game started or loaded
  starts the memory afresh with the welcome step;
- Help → Coach (remembered in the settings) turns it off and on in any game;
- what happens without a decision (a reveal, the brig, a new Admiral, a demoralized
  marker, the new loyalty cards at distance 4, dice the game put in) is explained the
  first time it happens in a game, at once and then on top of the next decision's
  step; only public events count (`present.coach.news_for`), so any screen may show it.

The panel is one focusable scroll area whose accessible name is the step's title and
whose description is the whole step as plain text, so a screen reader reads it the
way it reads the other panels.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QPoint, QRectF, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFrame, QLabel, QMessageBox, QScrollArea, QVBoxLayout, QWidget

from bsg_desktop.guided import (
    GUIDED_LEVEL,
    GUIDED_PLAYERS,
    GUIDED_SEAT,
    GUIDED_SEED,
    guided_setup,
)
from bsg_desktop.i18n import language, text, tr
from bsg_desktop.present.coach import (
    FINISHED,
    TABLE,
    WELCOME,
    CoachMemory,
    CoachStep,
    coach_step,
    news_for,
    topic_for,
    with_news,
)
from bsg_desktop.rules import rule_heading
from bsg_desktop.ui.controller import COMPUTER, HUMAN
from bsg_desktop.ui.widgets import scaled_css

COACH_CSS = """
QScrollArea#coach, QWidget#coach_inner { background: #0f161e; }
QScrollArea#coach:focus { border: 2px solid #ffd84d; }
QLabel { color: #eef2f5; }
QLabel#kicker { color: #9fb3c8; font-size: 10px; font-weight: 700; letter-spacing: 1px; }
QLabel#title { color: #f0c64a; font-size: 15px; font-weight: 700; }
QLabel#body { font-size: 13px; }
QLabel#where { font-size: 13px; color: #dfe6ec; }
QLabel#rules { font-size: 12px; color: #c9d3dc; }
QLabel#hint { font-size: 12px; color: #9fb3c8; }
QLabel#news { font-size: 13px; color: #dfe7ee; }
"""
# where on the board each step says to look, as the board's parts (`BoardScene.highlight`;
# "{seat}": the deciding player's): lit while the step's decision waits
WHERE: dict[str, tuple[str, ...]] = {
    WELCOME: ("jump", "distance"),
    "action": ("seat.{seat}.dice", "dradis", "damage"),
    "contribute_check": ("crisis", "check"),
    "contribute_action": ("seat.{seat}.dice",),
    "join": ("crisis",),
    "reroll": ("check",),
    "retrieve": ("seat.{seat}.dice",),
    "remove_ship": ("dradis",),
    "repair": ("damage",),
    "boost": ("demoralized",),
    "ordered": ("seat.{seat}.dice", "dradis", "damage"),
    "crisis_mode": ("jump",),
    "crisis_die": ("crisis", "jump"),
    "k8_penalty": ("dradis", "damage"),
    "jump_die": ("distance",),
    "jump_penalty": ("damage", "demoralized"),
    "give_card": (),
    "cylon_demoralize": ("demoralized",),
    "cylon_damage": ("damage",),
    "cylon_steal": (),
    "reckless": ("check",),
    "influence": ("check",),
    "salvage": ("seat.{seat}.dice",),
}
MORE = "#more"  # the rules line's link that shows (or hides) the rules' whole text
LINK = "color:#9fc3e8"


class CoachPanel(QScrollArea):
    """One coach step (or a line saying nothing is new), scrolled when it is long.

    What matters first comes first, so that the window can show it whole without
    scrolling (`essential_height`): the title, what the decision does and what each
    choice risks. Where to look follows, then the rules as one line of links (their
    one-line names; the rules' text unfolds on demand, and a screen reader hears it
    in the panel's description), then how to turn the coach off."""

    rule_requested = Signal(str)
    relaid = Signal()  # the step's height changed (a new step, the rules unfolded)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("coach")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # Tab reaches it; arrows scroll it
        self.text_scale = 1.0  # as the decision panel's (`set_text_scale`)
        self.compact = False  # a short window (`set_compact`)
        self.setStyleSheet(COACH_CSS)
        inner = QWidget(objectName="coach_inner")
        lay = QVBoxLayout(inner)
        lay.setContentsMargins(10, 6, 10, 8)
        lay.setSpacing(4)
        self.news = QLabel(objectName="news", wordWrap=True)  # what just happened
        self.news.setTextFormat(Qt.TextFormat.RichText)
        self.news.linkActivated.connect(self.rule_requested.emit)
        self.kicker = QLabel(objectName="kicker", wordWrap=True)
        self.title = QLabel(objectName="title", wordWrap=True)
        self.body = QLabel(objectName="body", wordWrap=True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.where = QLabel(objectName="where", wordWrap=True)
        self.where.setTextFormat(Qt.TextFormat.RichText)
        self.rules = QLabel(objectName="rules", wordWrap=True)
        self.rules.setTextFormat(Qt.TextFormat.RichText)
        self.rules.linkActivated.connect(self._rule_link)
        self.hint = QLabel(objectName="hint", wordWrap=True)
        for w in (self.news, self.kicker, self.title, self.body, self.where, self.rules,
                  self.hint):
            lay.addWidget(w)
        lay.addStretch(1)
        self.setWidget(inner)
        self.step: CoachStep | None = None
        self.rules_open = False  # the rules' whole text shown (kept from step to step)
        self.show_step(None)

    def set_compact(self, compact: bool) -> None:
        """A short window (under 800 px): the kicker line goes, its room to the step's
        words (the tab, in front, and the status bar say the coach has something new)."""
        if compact != self.compact:
            self.compact = compact
            self.kicker.setHidden(compact)
            self.relaid.emit()

    def set_text_scale(self, scale: float) -> None:
        """The coach's text grows with the window exactly as the decision panel's."""
        self.text_scale = scale
        self.setStyleSheet(scaled_css(COACH_CSS, scale))
        self.relaid.emit()

    def show_step(self, step: CoachStep | None, again: bool = False) -> None:
        """Show ``step`` (None: the line that nothing is new); ``again``: explained
        before, shown as a reminder."""
        self.step = step
        self.verticalScrollBar().setValue(0)
        self.news.setText("<br><br>".join(_news_html(n) for n in step.news) if step else "")
        self.news.setVisible(bool(step and step.news))
        if step is None:
            self.kicker.setText(tr("coach.panel.tab").upper())
            self.title.setText("")
            self.title.hide()
            self.body.setText(escape(tr("coach.panel.none")))
            self.where.hide()
            self.rules.setText("")
            self.rules.hide()
            self.hint.setText(tr("coach.panel.off"))
            self.setAccessibleName(tr("coach.panel.tab"))
            self.setAccessibleDescription(tr("coach.panel.none"))
            self.relaid.emit()
            return
        self.kicker.setText(tr("coach.panel.kicker_welcome" if step.topic in (WELCOME, FINISHED)
                               else "coach.panel.kicker_event" if step.event
                               else "coach.panel.kicker_again" if again
                               else "coach.panel.kicker"))
        self.title.setText(step.title)
        self.title.show()
        self.body.setText(f"{escape(step.what)}<br><b>{escape(step.risks_label())}</b> "
                          f"{escape(step.risks)}")
        self.where.setText(f"<b>{escape(tr('coach.panel.where'))}</b> {escape(step.where)}")
        self.where.show()
        self._show_rules()
        self.hint.setText(tr("coach.panel.off"))
        self.setAccessibleName(tr("coach.panel.name", title=step.title))
        self.setAccessibleDescription(step.plain())
        self.relaid.emit()

    def _show_rules(self) -> None:
        """The step's rules: each its code and one-line name, a link to its text in the
        rules window; ``MORE`` unfolds every rule's text here."""
        step = self.step
        if step is None or not step.rules:
            self.rules.hide()
            return
        lang = language()
        names = " · ".join(
            f'<a style="{LINK}" href="{escape(r)}">{escape(tr("coach.panel.rule", rule=r))}</a>'
            f" {escape(rule_heading(r, lang))}" for r, _t in step.rules)
        more = tr("ui.coach.rules_less" if self.rules_open else "ui.coach.rules_more")
        words = f"<b>{escape(tr('coach.panel.rules'))}</b> {names} " \
                f'<a style="{LINK}" href="{MORE}">{escape(more)}</a>'
        if self.rules_open:
            words += "".join(f"<br><b>{escape(r)}</b> {escape(t)}" for r, t in step.rules)
        self.rules.setText(words)
        self.rules.show()

    def _rule_link(self, link: str) -> None:
        if link == MORE:
            self.rules_open = not self.rules_open
            self._show_rules()
            self.relaid.emit()
        else:
            self.rule_requested.emit(link)

    def essential_height(self, width: int | None = None) -> int:
        """The height that shows the step's title, what the decision does and what each
        choice risks without scrolling, at ``width`` (the panel's own by default)."""
        lay = self.widget().layout()
        m = lay.contentsMargins()
        w = self._room(width) - m.left() - m.right()
        h = m.top() + 2  # a little room under the last line
        for label in (self.news, self.kicker, self.title, self.body):
            if not label.isHidden():
                h += label.heightForWidth(max(w, 50)) + lay.spacing()
        return h

    def full_height(self, width: int | None = None) -> int:
        """The height that shows the whole step without scrolling."""
        return self.widget().layout().totalHeightForWidth(max(self._room(width), 60))

    def _room(self, width: int | None) -> int:
        """The text's width: the viewport's, or in a panel ``width`` wide, as if the
        scroll bar showed (the narrower, so the taller, layout)."""
        if width is None:
            return self.viewport().width()
        return width - self.verticalScrollBar().sizeHint().width()

    def text(self) -> str:
        """What the panel says, as plain text (tests, and the privacy check)."""
        return self.accessibleDescription()


def _rules_html(step: CoachStep) -> str:
    """The step's rules, each id a link to the rules reference."""
    return "<br>".join(f'<a style="{LINK}" href="{escape(r)}">'
                       f"{escape(tr('coach.panel.rule', rule=r))}</a> {escape(t)}"
                       for r, t in step.rules)


def _news_html(n: CoachStep) -> str:
    """One thing that just happened, above the decision's step."""
    return (f'<span style="color:#f0c64a"><b>{escape(tr("coach.panel.news", title=n.title))}'
            f"</b></span><br>{escape(n.what)}<br><b>{escape(n.risks_label())}</b> "
            f"{escape(n.risks)}<br><b>{escape(tr('coach.panel.where'))}</b> {escape(n.where)}"
            f'<br><span style="font-size:12px">{_rules_html(n)}</span>')


class CoachScreen:
    """The coach's part of the main window (a part of `MainWindow`): the panel's tab,
    Help → Coach, Learn → Learn by playing and when a step is new."""

    def _make_coach(self) -> None:
        """After the window's widgets and actions exist."""
        self.coach_panel = CoachPanel()
        self.coach_panel.rule_requested.connect(self.show_rules)
        self.coach_panel.relaid.connect(self.fit_side)
        self.bottom.currentChanged.connect(lambda _i: self.fit_side())
        self.coach_memory = CoachMemory()
        self.coach_shown: tuple[str, str] | None = None  # (topic, rule) on the panel
        # events explained since the panel last explained a decision (topic, rule), and
        # those on the panel now; the event topics brought to the front, in order
        self.coach_news: list[tuple[str, str]] = []
        self._news_shown: list[tuple[str, str]] = []
        self.coach_news_fronted: list[str] = []
        self.coach_fronted: list[str] = []  # topics brought to the front, in order
        self._coach_again = False  # the step shown was explained before
        self._coach_at: tuple[int, int] | None = None  # the decision the panel explains
        self._coach_generation = -1
        self.guided = False  # the game on the table is Learn by playing's
        self._guided_next = False
        self.welcome_box: QMessageBox | None = None
        self._coach_lit = False  # the board's lights are the coach's (`coach_light`)
        self.act_coach = QAction(self, checkable=True)
        self.act_coach.setChecked(self.settings.coach())
        self.act_coach.triggered.connect(self.toggle_coach)
        self.addAction(self.act_coach)
        self.menu_help.insertAction(self.act_board, self.act_coach)
        self.act_guided = QAction(self)
        self.act_guided.triggered.connect(self.play_guided)
        self.addAction(self.act_guided)
        c = self.controller
        c.game_changed.connect(self._coach_game_changed)
        c.events_applied.connect(self._coach_events)
        c.decision_pending.connect(self.coach_update)
        c.unlock_changed.connect(self.coach_update)
        c.game_finished.connect(self._coach_finished)
        c.events_applied.connect(lambda _e: self.coach_light(None))  # the step is answered
        self.start_page.guided_requested.connect(self.play_guided)
        self._coach_tab(self.settings.coach())
        self.coach_retranslate()

    def coach_on(self) -> bool:
        act = getattr(self, "act_coach", None)  # the window's first layouts: not yet
        return act is not None and act.isChecked()

    def coach_in_front(self) -> bool:
        """The coach's tab is the one shown under the choices, with a step on it."""
        panel = getattr(self, "coach_panel", None)  # the window's first layouts: not yet
        return panel is not None and panel.step is not None and \
            self.bottom.currentWidget() is panel

    def _coach_tab(self, on: bool) -> None:
        at = self.bottom.indexOf(self.coach_panel)
        if on and at < 0:
            self.bottom.addTab(self.coach_panel, tr("coach.panel.tab"))
        elif not on and at >= 0:
            self.bottom.removeTab(at)
            self.coach_panel.hide()

    @Slot()
    def toggle_coach(self) -> None:
        """Help → Coach: remembered for the next game and the next launch. Turned back
        on, it explains the decision on screen now if that kind is new to its seat."""
        on = self.act_coach.isChecked()
        self.settings.set_coach(on)
        self._coach_tab(on)
        self.fit_board()  # the side's least width follows the coach (`SIDE_MIN_COACH`)
        if on:
            self.coach_update()

    @Slot()
    def play_guided(self) -> None:
        """Learn by playing: you (seat 1) and three steady computer players on the seat
        chosen for meeting every kind of decision early (`bsg_desktop.guided`); the
        coach is turned on for it."""
        if not self.keep_or_leave():
            return
        if not self.act_coach.isChecked():
            self.act_coach.setChecked(True)
            self.toggle_coach()
        self.controller.bot_level = GUIDED_LEVEL
        kinds = [COMPUTER] * GUIDED_PLAYERS
        kinds[GUIDED_SEAT] = HUMAN
        self._guided_next = True  # for the game about to start, and no other
        if self.start_game(guided_setup(), GUIDED_SEED, kinds):
            self._welcome()
        self._guided_next = False

    def _welcome(self) -> None:
        """The guided game's first words, short, before any choice: who you are, the
        goal, what to do now; the tracks it speaks of are lit on the board (`WHERE`)
        and the box stands clear of them (Enter closes it; the coach then explains the
        first decision)."""
        step = coach_step(WELCOME)
        g = self.controller.game
        assert g is not None
        ch = self.comp.character(g.players[GUIDED_SEAT].character)
        you = tr("coach.welcome.you", character=text(ch.name))
        words = (you, step.what, step.where, step.risks)
        box = QMessageBox(QMessageBox.Icon.Information, tr("coach.window.guided"),
                          f"<b>{escape(step.title)}</b>", QMessageBox.StandardButton.Ok, self)
        box.setInformativeText("\n\n".join(words))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setAccessibleDescription("\n".join(words))
        box.finished.connect(self._welcome_closed)
        self.welcome_box = box
        self.coach_light(WELCOME)
        box.open()
        self._place_welcome()

    def _place_welcome(self) -> None:
        """The welcome box over the board, clear of the lit tracks (centred on the window
        it would cover them): to their left where the board has the room, else above
        them (a narrow window), else as far left as it goes."""
        box, lit = self.welcome_box, self.scene.highlights
        if box is None or not lit:
            return
        box.adjustSize()
        view = self.board_view
        area = QRectF()
        for it in lit:
            area = area.united(it.sceneBoundingRect())
        tracks = view.mapFromScene(area).boundingRect().translated(view.mapTo(self, QPoint()))
        board = view.rect().translated(view.mapTo(self, QPoint()))
        w, h, gap = box.width(), box.height(), 12
        x = tracks.left() - w - gap
        y = board.top() + max(gap, (board.height() - h) // 2)
        if x < board.left():
            x = board.left() + gap
            above = tracks.top() - h - gap
            y = above if above >= board.top() else y
        box.move(self.mapToGlobal(QPoint(max(x, board.left()), y)))

    def _welcome_closed(self, _result: int = 0) -> None:
        """The keys go to the first choice (the closed box left nothing focused)."""
        self.welcome_box = None
        self.coach_relight()  # where the first decision's step says to look
        self.activateWindow()
        QTimer.singleShot(0, self.panel, self.panel.focus_first)

    def coach_relight(self) -> None:
        """Light again where the step on the panel says to look, once what covered the
        board is gone (the welcome box; a lesson, whose close cleared its own lights)."""
        if not self.coach_on():
            return
        shown = self.coach_shown
        seat = self.controller.pending_seat
        self.coach_light(shown[0] if shown is not None and not self._coach_again else None,
                         seat if isinstance(seat, int) else GUIDED_SEAT)

    def coach_light(self, topic: str | None, seat: int = GUIDED_SEAT) -> None:
        """Light on the board where the coach's step says to look (`WHERE`), for the
        player in ``seat``; None: the coach's lights go out. A lesson's own lights are
        left alone."""
        if self.lesson is not None:
            return
        parts = [p.format(seat=seat) for p in WHERE.get(topic or "", ())]
        if parts:
            self.scene.highlight(parts)
            self._coach_lit = True
        elif self._coach_lit:
            self.scene.clear_highlight()
            self._coach_lit = False

    @Slot()
    def _coach_game_changed(self) -> None:
        """A game started or loaded (not an undo): every seat meets every topic anew."""
        c = self.controller
        if c.generation != self._coach_generation:
            self._coach_generation = c.generation
            self.coach_memory.forget()
            self.coach_fronted = []
            self.coach_news, self._news_shown, self.coach_news_fronted = [], [], []
            self.coach_shown = None
            self.coach_panel.show_step(None)
            self.guided, self._guided_next = self._guided_next, False

    @Slot()
    def coach_update(self) -> None:
        """Explain the decision on screen if its kind is new to the deciding seat; only
        while the screen is that seat's alone (as the advice), never in a lesson."""
        if not self.coach_on():
            return
        c = self.controller
        # the deciding seat's own screen, or a public decision taken on the shared screen
        # (its shape is public: `present.handover`), never a phone's or a computer's
        here = self.can_ask_advice() or (
            self.lesson is None and c.game is not None and c.game.outcome is None
            and c.shared_decision())
        if not here:
            if len(c.humans) > 1 and self.coach_panel.step is not None:
                # the screen is no longer that player's own: their step goes with it
                self.coach_shown, self._coach_at, self._news_shown = None, None, []
                self.coach_panel.show_step(None)
            return
        g = self.controller.game
        assert g is not None and g.pending is not None
        d = g.pending
        topic = topic_for(d.kind, d.rule)
        at = (self.controller.generation, len(g.choices))
        if topic is None or at == self._coach_at:
            return  # nothing to say, or this decision is on the panel already
        self._coach_at = at
        new = self.coach_memory.first_time(d.seat, topic)
        self.coach_shown = (topic, d.rule)
        # what happened since the last decision explained stays on top of this one
        self._news_shown, self.coach_news = self.coach_news, []
        step = coach_step(topic, d.rule)
        # the panel always explains the decision on screen (never a stale one), but
        # comes to the front only the first time: a reminder is one tab away
        self._coach_again = not new
        self.coach_panel.show_step(self._with_news(step), again=not new)
        self.coach_light(topic if new else None, d.seat)
        if self._news_shown and not new:
            self._coach_tab(True)
            self.bottom.setCurrentWidget(self.coach_panel)
        if new:
            self.coach_fronted.append(topic)
            self._coach_tab(True)
            self.bottom.setCurrentWidget(self.coach_panel)
            self.statusBar().showMessage(tr("coach.status.new", title=step.title), 15000)

    def _with_news(self, step: CoachStep | None) -> CoachStep | None:
        return with_news(step, [coach_step(t, r) for t, r in self._news_shown])

    @Slot(list)
    def _coach_events(self, events: list) -> None:  # type: ignore[type-arg]
        """Explain what a move made happen, the first time each kind happens in the game:
        at once, in front, and again on top of the next decision's step. Public events
        only (`news_for`): the shared screen may show them too."""
        c = self.controller
        if not self.coach_on() or self.lesson is not None or c.game is None:
            return
        forced = any(c.is_human(s) for s in c.forced)  # a roll note: public (present.rolls)
        new = [(t, r) for t, r in news_for(events, forced)
               if self.coach_memory.first_time(TABLE, t)]
        if not new:
            return
        self.coach_news += new
        self.coach_news_fronted += [t for t, _r in new]
        # the decision on the panel was answered by the move: what happened is the step
        # until the next decision explained, which keeps it on top
        self._news_shown = []
        step = with_news(None, [coach_step(t, r) for t, r in self.coach_news])
        self.coach_shown, self._coach_at = None, None
        self.coach_panel.show_step(step)
        self._coach_tab(True)
        self.bottom.setCurrentWidget(self.coach_panel)
        assert step is not None
        title = (step.news[-1] if step.news else step).title
        self.statusBar().showMessage(tr("coach.status.new", title=title), 15000)

    @Slot()
    def _coach_finished(self) -> None:
        """The game is over: the coach says what to do next (another game, the lessons)."""
        if not self.coach_on() or self.lesson is not None:
            return
        self.coach_shown = (FINISHED, "")
        self._coach_again = False
        self.coach_panel.show_step(coach_step(FINISHED))
        self._coach_tab(True)
        self.bottom.setCurrentWidget(self.coach_panel)

    def coach_retranslate(self) -> None:
        self.act_coach.setText(tr("coach.menu.coach"))
        self.act_guided.setText(tr("coach.menu.guided"))
        at = self.bottom.indexOf(self.coach_panel)
        if at >= 0:
            self.bottom.setTabText(at, tr("coach.panel.tab"))
        shown = self.coach_shown
        if shown is None:  # what happened, alone on the panel, or nothing
            step = with_news(None, [coach_step(t, r) for t, r in self.coach_news])
        else:
            step = self._with_news(coach_step(*shown))
        self.coach_panel.show_step(step, again=self._coach_again)
