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

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFrame, QLabel, QMessageBox, QScrollArea, QVBoxLayout, QWidget

from bsg_desktop.guided import (
    GUIDED_LEVEL,
    GUIDED_PLAYERS,
    GUIDED_SEAT,
    GUIDED_SEED,
    guided_setup,
)
from bsg_desktop.i18n import text, tr
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
from bsg_desktop.ui.controller import COMPUTER, HUMAN

COACH_CSS = """
QScrollArea#coach, QWidget#coach_inner { background: #0f161e; }
QScrollArea#coach:focus { border: 2px solid #ffd84d; }
QLabel { color: #eef2f5; }
QLabel#kicker { color: #9fb3c8; font-size: 12px; font-weight: 700; letter-spacing: 1px; }
QLabel#title { color: #f0c64a; font-size: 16px; font-weight: 700; }
QLabel#body { font-size: 14px; }
QLabel#rules { font-size: 12px; color: #c9d3dc; }
QLabel#hint { font-size: 12px; color: #9fb3c8; }
QLabel#news { font-size: 13px; color: #dfe7ee; }
"""


class CoachPanel(QScrollArea):
    """One coach step (or a line saying nothing is new), scrolled when it is long."""

    rule_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("coach")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # Tab reaches it; arrows scroll it
        self.setStyleSheet(COACH_CSS)
        inner = QWidget(objectName="coach_inner")
        lay = QVBoxLayout(inner)
        lay.setContentsMargins(10, 8, 10, 8)
        lay.setSpacing(6)
        self.news = QLabel(objectName="news", wordWrap=True)  # what just happened
        self.news.setTextFormat(Qt.TextFormat.RichText)
        self.news.linkActivated.connect(self.rule_requested.emit)
        self.kicker = QLabel(objectName="kicker", wordWrap=True)
        self.title = QLabel(objectName="title", wordWrap=True)
        self.body = QLabel(objectName="body", wordWrap=True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.rules = QLabel(objectName="rules", wordWrap=True)
        self.rules.setTextFormat(Qt.TextFormat.RichText)
        self.rules.linkActivated.connect(self.rule_requested.emit)
        self.hint = QLabel(objectName="hint", wordWrap=True)
        for w in (self.news, self.kicker, self.title, self.body, self.rules, self.hint):
            lay.addWidget(w)
        lay.addStretch(1)
        self.setWidget(inner)
        self.step: CoachStep | None = None
        self.show_step(None)

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
            self.rules.setText("")
            self.rules.hide()
            self.hint.setText(tr("coach.panel.off"))
            self.setAccessibleName(tr("coach.panel.tab"))
            self.setAccessibleDescription(tr("coach.panel.none"))
            return
        self.kicker.setText(tr("coach.panel.kicker_welcome" if step.topic in (WELCOME, FINISHED)
                               else "coach.panel.kicker_event" if step.event
                               else "coach.panel.kicker_again" if again
                               else "coach.panel.kicker"))
        self.title.setText(step.title)
        self.title.show()
        self.body.setText(
            f"{escape(step.what)}<br><br><b>{escape(step.risks_label())}</b> "
            f"{escape(step.risks)}<br><br><b>{escape(tr('coach.panel.where'))}</b> "
            f"{escape(step.where)}")
        self.rules.setText(f"<b>{escape(tr('coach.panel.rules'))}</b><br>" + _rules_html(step))
        self.rules.setVisible(bool(step.rules))
        self.hint.setText(tr("coach.panel.off"))
        self.setAccessibleName(tr("coach.panel.name", title=step.title))
        self.setAccessibleDescription(step.plain())

    def text(self) -> str:
        """What the panel says, as plain text (tests, and the privacy check)."""
        return self.accessibleDescription()


def _rules_html(step: CoachStep) -> str:
    """The step's rules, each id a link to the rules reference."""
    return "<br>".join(f'<a style="color:#9fc3e8" href="{escape(r)}">'
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
        self.start_page.guided_requested.connect(self.play_guided)
        self._coach_tab(self.settings.coach())
        self.coach_retranslate()

    def coach_on(self) -> bool:
        return self.act_coach.isChecked()

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
        """The guided game's first words: the goal and the screen, before any choice
        (Enter closes it; the coach then explains the first decision)."""
        step = coach_step(WELCOME)
        g = self.controller.game
        assert g is not None
        ch = self.comp.character(g.players[GUIDED_SEAT].character)
        you = tr("coach.welcome.you", character=text(ch.name), title=text(ch.ability_title),
                 ability=text(ch.ability))
        box = QMessageBox(QMessageBox.Icon.Information, tr("coach.window.guided"),
                          step.title, QMessageBox.StandardButton.Ok, self)
        box.setInformativeText("\n\n".join((you, step.what, step.risks, step.where)))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setAccessibleDescription(you + "\n" + step.plain())
        box.finished.connect(self._welcome_closed)
        self.welcome_box = box
        box.open()

    def _welcome_closed(self, _result: int = 0) -> None:
        """The keys go to the first choice (the closed box left nothing focused)."""
        self.welcome_box = None
        self.activateWindow()
        QTimer.singleShot(0, self.panel, self.panel.focus_first)

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
