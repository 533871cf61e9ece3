"""The main window: board, decision panel, log, menus; wired to one GameController.

The window only displays and forwards: clicks become choice texts taken from the
pending decision's options, which the controller applies. Whatever is painted
comes from `controller.view_for_screen()`, so before the hot-seat hand-over the
screen holds nothing but the public view.

Teach mode (Learn menu) puts a `bsg_desktop.teach.Lesson` in front of the game:
while a lesson is open the controller's game waits (bots paused), the board shows
the lesson's public view with the last step's changes outlined, and the lesson
panel replaces the decision panel. "Take over" hands a copy of the lesson's
position to the controller as a fresh hot-seat game.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6 import __version__ as PYSIDE_VERSION
from PySide6.QtCore import Qt, QTimer, Slot
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QGridLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QTabWidget,
)

from bsg_desktop.data import load_components
from bsg_desktop.engine import Event, Game, PlayerView, Setup, visible_log
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import LANGUAGES, language, set_language, tr
from bsg_desktop.log import Describer, describer_for
from bsg_desktop.present.moments import moment_for, sound_for
from bsg_desktop.present.rolls import RollNote, roll_sentence
from bsg_desktop.present.words import player_name
from bsg_desktop.teach import DEMO_DIR, DemoEntry, Lesson, list_demos
from bsg_desktop.ui.cardview import CardViewer
from bsg_desktop.ui.controller import (
    HUMAN,
    GameController,
    autosave_problem,
    save_summary,
    set_aside,
)
from bsg_desktop.ui.dialogs import GameOverDialog, NewGameDialog, RulesDialog
from bsg_desktop.ui.invite import InviteDialog, PhoneStatus
from bsg_desktop.ui.lesson import LessonPanel
from bsg_desktop.ui.moments import MomentBanner
from bsg_desktop.ui.panels import BoardView, DecisionPanel, HandoverPage, LogPanel, widget_texts
from bsg_desktop.ui.phones import DEFAULT_PORT, PhoneHost
from bsg_desktop.ui.qtart import MIN_PX
from bsg_desktop.ui.qtlang import apply_qt_language
from bsg_desktop.ui.review import ReviewTools
from bsg_desktop.ui.scene import BoardScene
from bsg_desktop.ui.settings import Settings
from bsg_desktop.ui.sound import SoundPlayer
from bsg_desktop.ui.start import StartPage
from bsg_desktop.ui.suspicion import SuspicionPanel

if TYPE_CHECKING:  # drawing a pack needs reportlab: imported when the dialog first opens
    from bsg_desktop.ui.print_pack import PrintDialog

FILE_FILTER_EXT = ".bsgx.json"
SIDE_MIN = 280  # the side panel's narrowest: a 1024-pixel screen keeps ~700 for the board
PROJECTOR_PX = 20.0  # presenter view: the least text size on the board (15 pt at 96 dpi)
# The status bar sits on the window's near-black: its text must be light (4.5:1 at least).
WINDOW_CSS = ("QMainWindow { background: #0c1117; }"
              "QSplitter::handle { background: #22303d; }"
              "QStatusBar { background: #0c1117; color: #eef2f5; }"
              "QStatusBar QLabel { color: #eef2f5; }")
# The save dialog's warning: dark text on pale amber (well above 4.5:1), framed.
SAVE_WARNING_CSS = ("QLabel { background: #fff3cd; color: #3b2a00; border: 1px solid #b8860b;"
                    " border-radius: 3px; padding: 8px; font-weight: bold; }")
TAB_CSS = ("QTabWidget::pane { border: none; background: #0f161e; }"
           "QTabBar::tab { background: #16202b; color: #c9d3dc; padding: 5px 12px; }"
           "QTabBar::tab:selected { background: #0f161e; color: #ffffff;"
           " border-bottom: 2px solid #e0b93a; }"
           "QTabBar::tab:focus { border: 2px solid #ffd84d; }")


class MainWindow(QMainWindow):
    def __init__(self, settings: Settings | None = None, autosave_path: Path | None = None,
                 bot_delay_ms: int = 350, animate: bool = True,
                 sound: SoundPlayer | None = None) -> None:
        super().__init__()
        self.comp = load_components()
        self.settings = settings or Settings()
        self.sound = sound if sound is not None else SoundPlayer()  # Settings -> Sound
        self.animate = animate
        self.controller = GameController(self, bot_delay_ms=bot_delay_ms,
                                         autosave_path=autosave_path)
        if self.settings.fast_bots():
            self.controller.bot_delay_ms = min(bot_delay_ms, 60)
        self.path: Path | None = None
        self.last_error = ""
        self.autosave_box: QMessageBox | None = None  # the broken-autosave question
        self.game_over_dialog: GameOverDialog | None = None
        self.rules_dialog: RulesDialog | None = None
        self._base_delay = bot_delay_ms
        self.lesson: Lesson | None = None
        # The shipped demos are read when the Learn menu first opens (or a lesson is
        # asked for), not before the first frame: parsing them all takes a while.
        self._demos: list[DemoEntry] | None = None
        self.demo_actions: dict[Path, QAction] = {}
        self._lesson_views: dict[tuple[int, int], PlayerView] = {}
        self._lesson_describer: tuple[Lesson | None, Describer | None] = (None, None)

        self.scene = BoardScene(self.comp, 4, language(), animate)
        self.board_view = BoardView(self.scene)
        self.panel = DecisionPanel(self.comp)
        self.log = LogPanel()
        self.suspicion = SuspicionPanel(self.comp)
        self.lesson_panel = LessonPanel(self.comp)
        self.lesson_panel.hide()
        # The log and the suspicion aid share one tabbed area under the decision, so
        # turning the aid on never squeezes the choices.
        self.bottom = QTabWidget()
        self.bottom.setDocumentMode(True)
        self.bottom.setStyleSheet(TAB_CSS)
        self.bottom.addTab(self.log, "")
        if self.settings.show_suspicion():
            self.bottom.addTab(self.suspicion, "")
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.panel)
        right.addWidget(self.lesson_panel)
        right.addWidget(self.bottom)
        right.setChildrenCollapsible(False)
        self.right = right
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 3)
        right.setStretchFactor(2, 2)
        right.setMinimumWidth(SIDE_MIN)
        self._split_dragged = False  # once the player drags the divider, it stays theirs
        right.splitterMoved.connect(lambda *_: setattr(self, "_split_dragged", True))
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.board_view)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([1100, 420])
        self.game_page = split
        self.handover = HandoverPage()
        self.start_page = StartPage(self.comp)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.game_page)
        self.stack.addWidget(self.handover)
        self.stack.addWidget(self.start_page)
        self._saved_choices: int | None = None  # choices in the user's file when saved/opened
        # How the window asks about an unsaved game (tests answer in its place).
        self.ask_unsaved: Callable[[], QMessageBox.StandardButton] = self._ask_unsaved
        # Where Save as asks for a file name ("" when cancelled; tests answer in its place).
        self.ask_save_path: Callable[[str], str] = self._ask_save_path
        # Where Open asks for a file (title, folder, filter; "" when cancelled).
        self.ask_open_path: Callable[[str, str, str], str] = self._ask_open_path
        self.setCentralWidget(self.stack)
        # over the board and over the hand-over screen alike: a public moment stays
        self.moment = MomentBanner(self.stack, self.board_view)
        self.setStyleSheet(WINDOW_CSS)

        c = self.controller
        c.game_changed.connect(self._on_game_changed)
        c.events_applied.connect(self._on_events)
        c.decision_pending.connect(self.refresh)
        c.unlock_changed.connect(self.refresh)
        c.game_finished.connect(self._on_finished)
        c.autosave_failed.connect(lambda e: self.statusBar().showMessage(
            tr("ui.status.autosave_failed", error=e), 8000))
        self.panel.choice_made.connect(self.choose)
        self.panel.rule_requested.connect(self.show_rules)
        self.panel.secrets_hidden.connect(self.hide_secrets)
        self.panel.roll_seen.connect(c.acknowledge_roll)
        self.panel.new_game_requested.connect(self.new_game_dialog)
        self.panel.learn_requested.connect(self._first_demo)
        sp = self.start_page
        sp.continue_requested.connect(self.resume_autosave)
        sp.new_requested.connect(self.new_game_dialog)
        sp.open_requested.connect(self.open_dialog)
        sp.learn_requested.connect(self._first_demo)
        c.events_applied.connect(lambda _e: self._update_title())
        self.log.rule_requested.connect(self.show_rules)
        self.board_view.token_clicked.connect(self.show_card)
        bv = self.board_view
        bv.item_opened.connect(lambda look: self.show_card(look, from_board=True))
        bv.escaped.connect(self.focus_choices)
        bv.item_focused.connect(self._say_board_item)
        self._board_said = ""  # the board item the status bar last named
        self._board_says = 0   # how many times the board's focused item was announced
        self._board_table: object | None = None  # the game or lesson the board shows
        self.card_viewer: CardViewer | None = None
        self.print_window: PrintDialog | None = None
        self._card_from_board = False  # the viewer was opened from the board's keys
        self.handover.continued.connect(c.unlock)
        lp = self.lesson_panel
        lp.back_requested.connect(self.lesson_back)
        lp.forward_requested.connect(self.lesson_forward)
        lp.reset_requested.connect(self.lesson_reset)
        lp.take_over_requested.connect(self.take_over)
        lp.close_requested.connect(self.close_lesson)
        lp.rule_requested.connect(self.show_rules)

        self.phones = PhoneHost(c, self)  # phones as private screens (File → Invite players…)
        self.invite_dialog: InviteDialog | None = None
        # where the invite dialog offers to host (None: this computer's addresses); tests
        # pin 127.0.0.1 and any free port
        self.invite_addresses: list[str] | None = None
        self.invite_port = DEFAULT_PORT
        self.phone_status = PhoneStatus(self.comp, self.phones)
        self.statusBar().addPermanentWidget(self.phone_status)

        self._make_actions()
        apply_qt_language(language())
        self.review_tools = ReviewTools(self)  # review, save as lesson, narration editor
        self.retranslate()
        geo = self.settings.geometry()
        if geo is not None:
            self.restoreGeometry(geo)
        else:
            self.resize(1500, 940)
        self.phones.presence_changed.connect(self.refresh)
        self.refresh()
        if self.animate and self.settings.sound() and self.sound.problem is None:
            # the sounds load once the window is up, not before its first frame
            QTimer.singleShot(1000, self, self._prepare_sound)

    # --------------------------------------------------------------- actions
    def _make_actions(self) -> None:
        def act(slot, shortcut=None) -> QAction:  # type: ignore[no-untyped-def]
            a = QAction(self)
            if shortcut is not None:
                a.setShortcut(shortcut)
            a.triggered.connect(slot)
            return a

        S = QKeySequence.StandardKey
        self.act_new = act(self.new_game_dialog, S.New)
        self.act_open = act(self.open_dialog, S.Open)
        self.act_save = act(self.save, S.Save)
        self.act_save_as = act(self.save_as, S.SaveAs)
        self.act_print = act(self.print_dialog, QKeySequence("Ctrl+P"))
        self.act_invite = act(self.invite_players)
        self.act_quit = act(self.close)
        # Ctrl+Q everywhere: the standard Quit key is empty on Windows (and offscreen);
        # where the platform has another one, that works too
        ctrl_q = QKeySequence("Ctrl+Q")
        self.act_quit.setShortcuts([ctrl_q] + [k for k in QKeySequence.keyBindings(S.Quit)
                                               if k != ctrl_q and not k.isEmpty()])
        self.act_undo = act(self.undo, S.Undo)
        self.act_rules = act(lambda: self.show_rules(""), QKeySequence(Qt.Key.Key_F1))
        self.act_about = act(self._about)
        self.act_full = act(self.toggle_full_screen, QKeySequence(Qt.Key.Key_F11))
        self.act_full.setCheckable(True)
        self.act_side = act(self.toggle_side_panel, QKeySequence(Qt.Key.Key_F9))
        self.act_side.setCheckable(True)
        self.act_side.setChecked(True)
        # F6: between the choices and the board's cards and tokens (keyboard players)
        self.act_board = act(self.toggle_board_focus, QKeySequence(Qt.Key.Key_F6))
        # Number keys pick choice 1-9 on the decision panel (keyboard-only play).
        self.number_keys = []
        for n in range(1, 10):
            sc = QShortcut(QKeySequence(str(n)), self)
            sc.activated.connect(lambda n=n: self.press_number(n))
            self.number_keys.append(sc)
        self.act_fast = act(self._toggle_fast)
        self.act_fast.setCheckable(True)
        self.act_fast.setChecked(self.settings.fast_bots())
        self.act_moments = act(lambda: self.settings.set_moments(self.act_moments.isChecked()))
        self.act_moments.setCheckable(True)
        self.act_moments.setChecked(self.settings.moments())
        self.act_sound = act(self._toggle_sound)
        self.act_sound.setCheckable(True)
        self.act_suspicion = act(self._toggle_suspicion)
        self.act_suspicion.setCheckable(True)
        self.act_suspicion.setChecked(self.settings.show_suspicion())
        self.lang_group = QActionGroup(self)
        self.lang_actions: dict[str, QAction] = {}
        for code, name in LANGUAGES.items():
            a = QAction(name, self, checkable=True)
            a.setChecked(code == language())
            a.triggered.connect(lambda _c=False, code=code: self.set_language(code))
            self.lang_group.addAction(a)
            self.lang_actions[code] = a
        mb = self.menuBar()
        self.menu_file = mb.addMenu("")
        self.menu_recent = QMenu(self)
        self.menu_recent.aboutToShow.connect(self._fill_recent)
        for a in (self.act_new, self.act_open):
            self.menu_file.addAction(a)
        self.menu_file.addMenu(self.menu_recent)
        self.menu_file.addSeparator()
        for a in (self.act_save, self.act_save_as):
            self.menu_file.addAction(a)
        self.menu_file.addSeparator()
        self.menu_file.addAction(self.act_invite)
        self.menu_file.addAction(self.act_print)
        self.menu_file.addSeparator()
        self.menu_file.addAction(self.act_quit)
        self.menu_edit = mb.addMenu("")
        self.menu_edit.addAction(self.act_undo)
        self.menu_settings = mb.addMenu("")
        self.menu_lang = self.menu_settings.addMenu("")
        for a in self.lang_actions.values():
            self.menu_lang.addAction(a)
        self.menu_settings.addAction(self.act_full)
        self.menu_settings.addAction(self.act_side)
        self.menu_settings.addAction(self.act_fast)
        self.menu_settings.addAction(self.act_suspicion)
        self.menu_settings.addAction(self.act_moments)
        self.menu_settings.addAction(self.act_sound)
        self.menu_settings.setToolTipsVisible(True)  # why Sound is greyed out, if it is
        self.menu_settings.aboutToShow.connect(self._prepare_sound)  # is it there?
        self.act_demo_file = act(self.open_demo_dialog)
        self.act_lesson_back = act(self.lesson_back, QKeySequence(Qt.Key.Key_Left))
        self.act_lesson_forward = act(self.lesson_forward, QKeySequence(Qt.Key.Key_Right))
        self.act_lesson_reset = act(self.lesson_reset, QKeySequence(Qt.Key.Key_Home))
        self.act_take_over = act(self.take_over)
        self.act_close_lesson = act(self.close_lesson)
        self.act_presenter = act(self.toggle_presenter, QKeySequence(Qt.Key.Key_F5))
        self.act_presenter.setCheckable(True)
        self.menu_learn = mb.addMenu("")
        self.menu_learn.aboutToShow.connect(self._fill_learn_lazily)
        self.menu_demos = QMenu(self)  # the shipped demos, filled in the current language
        self.menu_help = mb.addMenu("")
        self.menu_help.addAction(self.act_rules)
        self.menu_help.addAction(self.act_board)
        self.menu_help.addAction(self.act_about)

    @property
    def demos(self) -> list[DemoEntry]:
        if self._demos is None:
            self._demos = list_demos(DEMO_DIR)
            self._fill_learn()
        return self._demos

    @demos.setter
    def demos(self, entries: list[DemoEntry]) -> None:
        self._demos = list(entries)

    def _fill_learn_lazily(self) -> None:
        """The Learn menu is about to open: its demo list is filled now if not yet."""
        if self._demos is None:
            self.demos  # noqa: B018 - reading it loads the demos and fills the menu
        else:
            self._fill_learn()

    def _fill_learn(self) -> None:
        """The Learn menu: every shipped demo by title (broken ones disabled, their error
        as tooltip), a file chooser for a teacher's own demo, and the lesson controls."""
        m = self.menu_learn
        m.clear()
        m.setToolTipsVisible(True)
        self.demo_actions = {}
        for d in self._demos or ():
            a = m.addAction(d.title() if not d.error else d.path.name)
            if d.error:
                a.setEnabled(False)
                a.setToolTip(d.error)
            else:
                rules = ", ".join(d.rules)
                a.setToolTip(tr("teach.menu.rules", rules=rules) if rules else d.title())
                a.triggered.connect(lambda _c=False, p=d.path: self.open_demo(p))
            self.demo_actions[d.path] = a
        m.addSeparator()
        m.addAction(self.act_demo_file)
        m.addSeparator()
        for a in (self.act_lesson_back, self.act_lesson_forward, self.act_lesson_reset,
                  self.act_take_over, self.act_close_lesson, self.act_presenter):
            m.addAction(a)
        if hasattr(self, "review_tools"):
            m.addAction(self.review_tools.act_editor)

    def retranslate(self) -> None:
        """Re-apply every text in the current language (menus, board, panels, log)."""
        self.menu_learn.setTitle(tr("teach.menu.learn"))
        for a, key in ((self.act_demo_file, "open_file"), (self.act_lesson_back, "back"),
                       (self.act_lesson_forward, "forward"), (self.act_lesson_reset, "reset"),
                       (self.act_take_over, "take_over"), (self.act_close_lesson, "close"),
                       (self.act_presenter, "presenter")):
            a.setText(tr(f"teach.menu.{key}"))
        # The menu shows the key names in our words (after a tab, Qt shows the text as
        # given instead of its own name for the shortcut).
        for a, key in ((self.act_lesson_back, "left"), (self.act_lesson_forward, "right"),
                       (self.act_lesson_reset, "home")):
            a.setText(a.text() + "\t" + tr(f"ui.key.{key}"))
        self._fill_learn()
        self._update_lesson_actions()
        self.lesson_panel.retranslate()
        self.review_tools.retranslate()
        self.menu_file.setTitle(tr("ui.menu.file"))
        self.menu_recent.setTitle(tr("ui.menu.recent"))
        self.menu_edit.setTitle(tr("ui.menu.edit"))
        self.menu_settings.setTitle(tr("ui.menu.settings"))
        self.menu_lang.setTitle(tr("ui.menu.language"))
        self.menu_help.setTitle(tr("ui.menu.help"))
        self.bottom.setTabText(0, tr("ui.panel.log"))
        if self.bottom.indexOf(self.suspicion) >= 0:
            self.bottom.setTabText(self.bottom.indexOf(self.suspicion), tr("suspicion.title"))
        for a, key in ((self.act_new, "new"), (self.act_open, "open"), (self.act_save, "save"),
                       (self.act_save_as, "save_as"), (self.act_print, "print"),
                       (self.act_invite, "invite"),
                       (self.act_quit, "quit"), (self.act_undo, "undo"),
                       (self.act_rules, "rules"), (self.act_about, "about"),
                       (self.act_fast, "bot_speed"), (self.act_suspicion, "suspicion"),
                       (self.act_full, "full_screen"), (self.act_moments, "moments"),
                       (self.act_side, "side_panel"), (self.act_board, "board")):
            a.setText(tr(f"ui.menu.{key}"))
        self.act_sound.setText(tr("ui.menu.sound"))
        self._update_sound_action()
        if self.rules_dialog is not None:
            self.rules_dialog.retranslate()
        # windows a user can keep open while switching language follow it too
        if self.invite_dialog is not None:
            self.invite_dialog.retranslate()
        if self.card_viewer is not None:
            self.card_viewer.retranslate()
        if hasattr(self, "phone_status"):
            self.phone_status.refresh()
        self._update_title()

    def _update_title(self) -> None:
        """The file's name (or "unsaved game") with Qt's changed-marker when the game has
        moved on since it was saved or opened; a lesson shows its own title."""
        name = ""
        if self.lesson is not None:
            name = " — " + tr("teach.window.title", title=self.lesson.title())
        elif self.controller.game is not None:
            name = " — " + (self.path.name if self.path else tr("ui.window.untitled")) + "[*]"
        self.setWindowTitle(tr("ui.window.title") + name)
        self.setWindowModified(self.lesson is None and self.is_modified())

    def is_modified(self) -> bool:
        """The game holds choices that no file of the user's has (autosave aside)."""
        g = self.controller.game
        if g is None:
            return False
        return self.path is None or self._saved_choices != len(g.choices)

    def _ask_unsaved(self) -> QMessageBox.StandardButton:
        return QMessageBox.StandardButton(self.unsaved_box().exec())

    def unsaved_box(self) -> QMessageBox:
        """Save / Discard / Cancel for a game with unsaved moves (Save is the default,
        Escape cancels)."""
        box = QMessageBox(QMessageBox.Icon.Question, tr("ui.unsaved.title"),
                          tr("ui.unsaved.text"), QMessageBox.StandardButton.Save |
                          QMessageBox.StandardButton.Discard |
                          QMessageBox.StandardButton.Cancel, self)
        box.setInformativeText(tr("ui.unsaved.info"))
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        return box

    def keep_or_leave(self) -> bool:
        """Before the game in progress is replaced or the window closes: ask Save /
        Discard / Cancel when it has unsaved moves. True means go ahead."""
        g = self.controller.game
        if g is None or g.outcome is not None or not self.is_modified():
            return True
        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    # -------------------------------------------------------------- refresh
    @Slot()
    def _on_game_changed(self) -> None:
        if self.lesson is not None:
            # A game was started or loaded from the menus: the lesson gives way to it.
            self._end_lesson()
            self.controller.paused = False
            self._update_title()
        g = self.controller.game
        if g is None:
            return
        self._ensure_scene(g.n)
        self.log.rebuild(describer_for(g), visible_log(g, None))
        if self.game_over_dialog is not None:
            self.game_over_dialog.close()
            self.game_over_dialog = None

    @Slot(list)
    def _on_events(self, events: list[Event]) -> None:
        self.log.append(events)
        self._moment(events)
        self._sound(events)

    def _sound(self, events: list[Event]) -> None:
        """The sound of a public moment, heard by the whole table (`ui.sound` says why it
        is the same whoever's turn it is); never during a lesson, like the moments."""
        if self.animate and self.act_sound.isChecked() and self.lesson is None:
            kind = sound_for(events, self.controller.forced)
            if kind is not None:
                self.sound.play(kind)

    def _moment(self, events: list[Event]) -> None:
        """At most one short moment per applied choice; the game does not wait for it.
        The roll moment is the screen player's own (the game put in their dice)."""
        if not (self.animate and self.act_moments.isChecked()) or self.lesson is not None:
            return
        c = self.controller
        describe = self.log.describer.describe if self.log.describer is not None else str
        m = moment_for(events, c.forced, c.unlocked, describe)
        if m is not None:
            self.moment.play(m.kind, m.headline, m.line)

    @Slot()
    def refresh(self) -> None:
        """Redraw board and panel from the one view the screen may show."""
        if self.lesson is not None:
            self._show_lesson()
            return
        c = self.controller
        view = c.view_for_screen()
        self.scene.phone_seats = {s: s in self.phones.connected for s in c.phones}
        self.act_undo.setEnabled(c.can_undo())
        self.review_tools.update_actions()
        has_game = view is not None
        for a in (self.act_save, self.act_save_as, self.act_invite):
            a.setEnabled(has_game)
        if view is None:
            self.panel.show_empty()
            self.show_start()
            return
        roll = c.roll_to_see()
        if roll is not None:
            # The game put in a table player's dice for them and the next decision is
            # someone else's: that player sees the roll (public now: the log names it)
            # and passes the screen on themselves, Moments on or off.
            self._show_page(self.game_page)
            self.scene.sync(view)
            self.panel.show_view(view)
            self._show_roll(view, roll, hold=True)
            self._describe_board(view)
            return
        if c.needs_handover():
            # Cover the board first, then make sure nothing secret is left in any widget.
            self.handover.set_player(player_name(self.comp, view, c.pending_seat))
            if self.moment.kind == "roll":
                self.moment.clear()  # a player's own roll stays with their screen
            self._show_page(self.handover)
            self.scene.sync(view)
            self.panel.show_view(view)
            self._describe_board(view)
            self.handover.button.setFocus()
            return
        self.scene.sync(view)
        self.panel.show_view(view, computer=c.pending_seat in c.bots)
        roll = c.table_roll()
        if roll is not None:
            self._show_roll(view, roll, hold=False)
        self._describe_board(view)
        if c.pending_seat in c.phones:  # its choices are on that phone, not here
            key = "ui.panel.waiting_phone" if c.pending_seat in self.phones.connected \
                else "ui.panel.waiting_phone_lost"
            self.panel.sentence.setText(tr(key, player=player_name(self.comp, view,
                                                                    c.pending_seat)))
        if self.act_suspicion.isChecked():
            self.suspicion.show_game(c.game, set(c.bots))
        self._show_page(self.game_page)
        if (self.isActiveWindow() or self.focusWidget() is None or
                not self.focusWidget().isVisible()) and not self.reading_board():
            # once the new choices are on screen (they show when the event loop runs);
            # a player reading the board keeps their place on it
            QTimer.singleShot(0, self.panel, self._focus_first_choice)  # dropped if gone

    def _focus_first_choice(self) -> None:
        if not self.reading_board():
            self.panel.focus_first()

    def reading_board(self) -> bool:
        """The keyboard player is on the board's cards and tokens (not just passing)."""
        return self.board_view.hasFocus() and self.board_view.reading

    def _show_roll(self, view: PlayerView, note: RollNote, hold: bool) -> None:
        """The dice the game put in for a player, with their faces, at the top of the
        panel; ``hold``: the hand-over waits for that player's acknowledgement."""
        name = player_name(self.comp, view, note.seat)
        self.panel.show_roll(tr("ui.roll.title", player=name), roll_sentence(self.comp, note),
                             [(k, v) for _i, k, v in note.dice],
                             tr("ui.roll.pass_on") if hold else tr("ui.roll.seen"), hold)
        if hold:
            QTimer.singleShot(0, self.panel, self.panel.focus_first)

    def _show_page(self, page) -> None:  # type: ignore[no-untyped-def]
        """Bring a page up; a moment being shown stays on top of it."""
        self.stack.setCurrentWidget(page)
        if self.moment.isVisible():
            self.moment.raise_()

    def _describe_board(self, view: PlayerView) -> None:
        """Screen readers get the board as words: one line per area and per seat, and
        each card and token one by one as the keyboard steps through them.

        A move redraws the board in place (the focused item's words follow it quietly);
        another game or lesson on the board (F5, a loaded game) is a new table: the
        focused item, which may now be another card at the same place, is announced
        afresh, and a status bar naming an item of the old table is cleared."""
        bv = self.board_view
        said, says = self._board_said, self._board_says
        bv.describe(self.comp, view)
        table = self.lesson if self.lesson is not None else self.controller.game
        if table is self._board_table:
            return
        self._board_table = table
        if self._board_says != says:
            return  # describe() has just announced the item
        if bv.current is not None and bv.hasFocus() and bv.reading:
            bv.select(bv.current)
        elif said and self.statusBar().currentMessage() == said:
            self.statusBar().clearMessage()

    def _say_board_item(self, name: str) -> None:
        """The board's focused item in the status bar, with the keys that work there."""
        self._board_says += 1
        self._board_said = f"{name} — {tr('ui.board.keys_short')}"
        self.statusBar().showMessage(self._board_said, 8000)

    @Slot()
    def toggle_board_focus(self) -> None:
        """F6 (Help menu): to the board's cards and tokens, or back to the choices."""
        if self.reading_board():
            self.focus_choices()
        elif self.stack.currentWidget() is self.game_page and self.board_view.items_:
            self.board_view.enter()

    @Slot()
    def focus_choices(self) -> None:
        """From the board back to the decision (or the next control if none is open)."""
        if self.lesson is None and self.panel.keyed:
            self.panel.focus_first()
        else:
            self.board_view.focusNextChild()

    def press_number(self, n: int) -> None:
        """Number key n: the n-th choice of the decision on screen (nothing elsewhere)."""
        if self.stack.currentWidget() is self.game_page and self.lesson is None:
            self.panel.press_number(n)
        elif self.stack.currentWidget() is self.start_page:
            self.start_page.press_number(n)

    @Slot()
    def toggle_presenter(self) -> None:
        """Presenter view for a classroom: full screen, the log out of the way, the
        lesson's narration and controls at projector size, the board as large as the
        narration leaves room for. Starts the first demo if no lesson is open."""
        on = not self.lesson_panel.presenter
        if on and self.lesson is None:
            self._first_demo()
            if self.lesson is None:
                self.act_presenter.setChecked(False)
                return
        self.lesson_panel.set_presenter(on)
        self.bottom.setVisible(not on)
        # from the back of a classroom only the board's words carry: its fine print
        # (room effects, legends) waits for a size a projector shows, or goes
        self.scene.set_px_per_mm(self.scene.px_per_mm, PROJECTOR_PX if on else MIN_PX)
        self.act_presenter.setChecked(on)
        if on:
            self._was_full = self.isFullScreen()
            self.showFullScreen()
        elif not getattr(self, "_was_full", False):
            self.showNormal()
        self.act_full.setChecked(self.isFullScreen())
        w = max(self.width(), 800)
        side = int(w * (0.36 if on else 0.28))
        self.game_page.setSizes([w - side, side])

    @Slot()
    def toggle_side_panel(self) -> None:
        """Fold the side panel away (a small screen, a look at the whole board) and back;
        the number keys still pick the choices while it is folded."""
        self.right.setVisible(self.right.isHidden())
        self.act_side.setChecked(not self.right.isHidden())

    @Slot()
    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.act_full.setChecked(self.isFullScreen())

    @Slot()
    def _on_finished(self) -> None:
        self.refresh()
        view = self.controller.view_for_screen()
        if view is None or view.outcome is None:
            return
        if self.game_over_dialog is not None:
            self.game_over_dialog.close()
        g = self.controller.game
        # the seed stayed secret while the game ran; now it can replay the deal
        dlg = GameOverDialog(self.comp, view, self, seed=g.seed if g is not None else None)
        dlg.new_game_requested.connect(self.new_game_dialog)
        dlg.review_requested.connect(self.review_tools.review_game)
        self.game_over_dialog = dlg
        dlg.open()

    # ----------------------------------------------------------------- play
    @Slot(str)
    def choose(self, choice: str) -> None:
        try:
            self.controller.choose(choice)
        except UserError as e:
            self.show_error(str(e))

    @Slot()
    def hide_secrets(self) -> None:
        self.controller.unlocked = None
        self.controller.unlock_changed.emit()

    @Slot()
    def undo(self) -> None:
        if not self.controller.undo():
            self.statusBar().showMessage(tr("ui.undo.unavailable"), 5000)

    def start_game(self, setup: Setup, seed: int, seat_kinds: list[str] | None = None) -> bool:
        try:
            self.controller.start(setup, seed, seat_kinds)
        except (UserError, ValueError) as e:
            self.show_error(tr("ui.new.bad_setup", error=e))
            return False
        self.path = None
        self.settings.set_clean_exit(False)
        self._update_title()
        return True

    @Slot()
    def new_game_dialog(self) -> None:
        if not self.keep_or_leave():
            return
        dlg = NewGameDialog(self.comp, self)
        dlg.remember(self.settings.new_game())
        if dlg.exec():
            self.settings.set_new_game(*dlg.choices_to_remember())
            setup, seed, kinds = dlg.result_setup()
            self.controller.bot_level = dlg.bot_level()
            if self.start_game(setup, seed, kinds) and dlg.invite.isChecked():
                self.invite_players()

    @Slot()
    def invite_players(self) -> None:
        """Host the game for phones and show each human seat's QR code and link."""
        if self.controller.game is None:
            return
        if self.invite_dialog is not None:
            self.invite_dialog.close()
        self.invite_dialog = InviteDialog(self.comp, self.phones, self,
                                          addresses=self.invite_addresses, port=self.invite_port)
        # modeless: the host keeps it beside the table to see who is connected, and can
        # go on playing or switch the language meanwhile
        self.invite_dialog.show()

    # ---------------------------------------------------------------- files
    def open_path(self, path: str | Path) -> bool:
        """Load a save; on any problem say so and leave the current game untouched."""
        try:
            self.controller.load(path)
        except UserError as e:
            self.show_error(tr("ui.error.load", error=e))
            return False
        self.path = Path(path)
        self._mark_saved()
        self.settings.add_recent(str(self.path))
        self.settings.set_clean_exit(False)
        self._update_title()
        self.statusBar().showMessage(tr("ui.status.loaded", path=self.path), 5000)
        return True

    def _mark_saved(self) -> None:
        """The game now matches the user's file ``self.path``; the autosave names it."""
        g = self.controller.game
        self._saved_choices = len(g.choices) if g is not None else None
        self.controller.file_name = self.path.name if self.path else ""
        self.controller.autosave()

    def save_to(self, path: str | Path) -> bool:
        if self.controller.game is None:
            return False
        try:
            self.controller.save(path)
        except UserError as e:
            self.show_error(tr("ui.error.save", error=e))
            return False
        self.path = Path(path)
        self._mark_saved()
        self.settings.add_recent(str(self.path))
        self._update_title()
        self.statusBar().showMessage(tr("ui.status.saved", path=self.path), 5000)
        return True

    @Slot()
    def open_dialog(self) -> None:
        if not self.keep_or_leave():
            return
        path = self.ask_open_path(tr("ui.open.title"), self.settings.last_dir(),
                                  tr("ui.save.filter"))
        if path:
            self.settings.set_last_dir(str(Path(path).parent))
            self.open_path(path)

    @Slot()
    def save(self) -> bool:
        """Save to the game's file, asking for one first if it has none; True if saved."""
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    @Slot()
    def save_as(self) -> bool:
        if self.controller.game is None:
            return False
        start = str(Path(self.settings.last_dir()) / f"bsg-express{FILE_FILTER_EXT}")
        path = self.ask_save_path(start)
        if not path:
            return False
        self.settings.set_last_dir(str(Path(path).parent))
        return self.save_to(path)

    def _ask_save_path(self, start: str) -> str:
        return self._ask_path(self.save_file_dialog(start))

    def _ask_open_path(self, title: str, folder: str, filters: str) -> str:
        return self._ask_path(self.open_file_dialog(title, folder, filters))

    @staticmethod
    def _ask_path(dlg: QFileDialog) -> str:
        """The file chosen in ``dlg`` ("" when cancelled)."""
        chosen = dlg.selectedFiles() if dlg.exec() else []
        dlg.deleteLater()  # a new one each time: not one more hidden child per Open or Save
        return chosen[0] if chosen else ""

    def _file_dialog(self, title: str, folder: str, filters: str,
                     mode: QFileDialog.AcceptMode) -> QFileDialog:
        """Qt's own file dialog, for Open and Save as alike: both look the same and speak
        the interface language through Qt's translations whatever the desktop."""
        dlg = QFileDialog(self, title, folder, filters)
        dlg.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        # the window's dark splitter handle would otherwise cut through the file list
        dlg.setStyleSheet("QSplitter::handle { background: palette(window); }")
        dlg.setAcceptMode(mode)
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile
                        if mode == QFileDialog.AcceptMode.AcceptOpen
                        else QFileDialog.FileMode.AnyFile)
        dlg.resize(760, 520)
        return dlg

    def open_file_dialog(self, title: str, folder: str, filters: str) -> QFileDialog:
        """The Open dialog (a saved game, a teacher's demo)."""
        return self._file_dialog(title, folder, filters, QFileDialog.AcceptMode.AcceptOpen)

    def save_file_dialog(self, start: str) -> QFileDialog:
        """The Save as dialog. A save is the game's recipe (seed and choices), so it holds
        every secret; the warning sits in the dialog's body, beside the file name and the
        Save button, where the player looks before saving (a title bar is rarely read, and
        a native dialog has no room for it: this one is Qt's own)."""
        dlg = self._file_dialog(tr("ui.save.title"), str(Path(start).parent),
                                tr("ui.save.filter"), QFileDialog.AcceptMode.AcceptSave)
        dlg.selectFile(Path(start).name)
        warning = QLabel(tr("ui.save.secrets"), dlg, objectName="save_secrets")
        warning.setWordWrap(True)
        warning.setStyleSheet(SAVE_WARNING_CSS)
        grid = dlg.layout()
        if isinstance(grid, QGridLayout):  # under the name field and the Save button
            grid.addWidget(warning, grid.rowCount(), 0, 1, grid.columnCount())
        elif grid is not None:
            grid.addWidget(warning)
        return dlg

    def _fill_recent(self) -> None:
        self.menu_recent.clear()
        recent = self.settings.recent()
        if not recent:
            a = self.menu_recent.addAction(tr("ui.menu.recent_empty"))
            a.setEnabled(False)
        for p in recent:
            a = self.menu_recent.addAction(p)
            a.triggered.connect(lambda _c=False, p=p: self.keep_or_leave() and self.open_path(p))

    def crash_detected(self) -> bool:
        """The last session left a game in progress without a clean exit."""
        p = self.controller.autosave_path
        return p is not None and p.exists() and not self.settings.clean_exit()

    def resume_autosave(self) -> bool:
        """Load the game the autosave holds (the start screen's Continue)."""
        p = self.controller.autosave_path
        if p is None:
            return False
        summary = save_summary(p)
        try:
            self.controller.load(p)
        except UserError as e:
            self.offer_discard_autosave(str(e))
            return False
        self.path = None  # resuming must never make the autosave the user's file
        self._saved_choices = None
        # ...but the game keeps the name of the user's file it came from, if any
        self.controller.file_name = summary["file"] if summary else ""
        self.controller.autosave()
        self.settings.set_clean_exit(False)
        self._update_title()
        return True

    def offer_resume(self) -> None:
        """At start: the start screen, with Continue for the autosave's unfinished game
        (after a crash it says so)."""
        if self.controller.game is None and self.lesson is None:
            p = self.controller.autosave_path
            problem = autosave_problem(p) if p is not None else None
            if problem is not None:
                self.offer_discard_autosave(problem)
            self.show_start()

    def offer_discard_autosave(self, problem: str) -> None:
        """The autosave cannot be resumed: say why and offer to put it aside (a copy is
        kept beside it). The question does not block: the window has started
        normally behind it, and a headless run is never stuck on it."""
        p = self.controller.autosave_path
        if p is None or not p.exists():
            return
        self.last_error = problem
        box = QMessageBox(QMessageBox.Icon.Warning, tr("ui.autosave_broken.title"),
                          tr("ui.autosave_broken.text", error=problem),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        box.finished.connect(lambda result: self._autosave_answered(
            result == QMessageBox.StandardButton.Yes))
        self.autosave_box = box
        box.open()

    def _autosave_answered(self, discard: bool) -> bool:
        """Put the broken autosave aside when the player said so; True if it was."""
        self.autosave_box = None
        p = self.controller.autosave_path
        if not discard or p is None or not p.exists():
            return False
        try:
            copy = set_aside(p)
        except OSError as e:
            self.show_error(tr("ui.autosave_broken.failed", error=e.strerror or e))
            return False
        self.settings.set_clean_exit(True)
        self.statusBar().showMessage(tr("ui.autosave_broken.done", path=copy), 15000)
        if self.stack.currentWidget() is self.start_page:
            self.show_start()
        return True

    def show_start(self) -> None:
        p = self.controller.autosave_path
        summary = save_summary(p) if p is not None else None
        self.start_page.set_summary(summary, crashed=self.crash_detected())
        self._show_page(self.start_page)
        self.start_page.first_button().setFocus()

    @Slot()
    def print_dialog(self) -> None:
        """The print-and-play pack with every option of the print command; it is written
        in a worker thread, so the window keeps drawing (and playing) meanwhile."""
        from bsg_desktop.ui.print_pack import PrintDialog

        if self.print_window is not None:
            self.print_window.close()
        self.print_window = PrintDialog(self.settings, self)
        self.print_window.open()

    # ----------------------------------------------------------------- teach
    def open_demo(self, path: str | Path) -> bool:
        """Open a demo as a lesson at its start; a file with errors is reported (file,
        line, what was expected) and whatever was on screen stays as it was."""
        try:
            lesson = Lesson.open(path)
        except UserError as e:
            self.show_error(tr("teach.error.open", error=e))
            return False
        except OSError as e:
            self.show_error(tr("teach.error.open", error=f"{path}: {e.strerror or e}"))
            return False
        return self.open_lesson(lesson)

    def open_lesson(self, lesson: Lesson) -> bool:
        """Put a lesson (a demo, or a finished game's review) in front of the game."""
        self.controller.pause()
        self.lesson = lesson
        if self.game_over_dialog is not None:
            self.game_over_dialog.close()
            self.game_over_dialog = None
        self.panel.hide()
        self.lesson_panel.show()
        h = max(self.right.height(), 600)
        self.right.setSizes([0, int(h * 0.8), h - int(h * 0.8)])  # the lesson first
        self._lesson_changed()
        self._update_title()
        return True

    @Slot()
    def _first_demo(self) -> None:
        """The 'learn the rules' button on the empty panel opens the first working demo
        (the Learn menu lists them all)."""
        usable = [d for d in self.demos if not d.error]
        # the setup demo is the natural first lesson; otherwise the first that works
        usable.sort(key=lambda d: not d.path.stem.startswith("s1_"))
        if usable:
            self.open_demo(usable[0].path)

    def open_demo_dialog(self) -> None:
        path = self.ask_open_path(tr("teach.open.title"), str(DEMO_DIR),
                                  tr("teach.open.filter"))
        if path:
            self.open_demo(path)

    def _lesson_step(self, move) -> None:  # type: ignore[no-untyped-def]
        """Run one lesson move; a teacher's step that the rules reject is shown in the
        panel (with its file and line) and the lesson stays where it was."""
        if self.lesson is None:
            return
        try:
            moved = move(self.lesson)
        except UserError as e:
            self.lesson_panel.show_error(str(e))
            self.last_error = str(e)
            self.statusBar().showMessage(str(e), 10000)
            return
        if moved is not False:
            self._lesson_changed()

    @Slot()
    def lesson_forward(self) -> None:
        self._lesson_step(lambda le: le.forward())

    @Slot()
    def lesson_back(self) -> None:
        self._lesson_step(lambda le: le.back())

    @Slot()
    def lesson_reset(self) -> None:
        self._lesson_step(lambda le: le.reset())

    def lesson_goto(self, pos: int) -> None:
        self._lesson_step(lambda le: le.goto(pos))

    @Slot()
    def take_over(self) -> None:
        """Play on from this step as a normal hot-seat game; the lesson closes."""
        if self.lesson is None or not self.keep_or_leave():
            return
        game: Game = self.lesson.take_over()
        self._end_lesson()
        self.path = None
        self.controller.adopt(game, [HUMAN] * game.n)
        self.settings.set_clean_exit(False)
        self._update_title()
        self.statusBar().showMessage(tr("teach.status.taken_over"), 6000)

    @Slot()
    def close_lesson(self) -> None:
        """Leave the lesson; the game that was open before comes back as it was."""
        if self.lesson is None:
            return
        self._end_lesson()
        self._on_game_changed()
        if self.controller.game is None:
            self.log.clear()
        self.refresh()
        self.controller.resume()
        self._update_title()

    def _end_lesson(self) -> None:
        if self.lesson_panel.presenter:
            self.toggle_presenter()
        self.lesson = None
        self.scene.clear_highlight()
        self.lesson_panel.hide()
        self.panel.show()
        h = max(self.right.height(), 600)
        self.right.setSizes([int(h * 0.6), 0, h - int(h * 0.6)])
        self._update_lesson_actions()
        self.review_tools.lesson_shown()

    def _update_lesson_actions(self) -> None:
        le = self.lesson
        on = le is not None
        self.act_lesson_back.setEnabled(on and not le.at_start)  # type: ignore[union-attr]
        self.act_lesson_forward.setEnabled(on and not le.at_end)  # type: ignore[union-attr]
        self.act_lesson_reset.setEnabled(on and not le.at_start)  # type: ignore[union-attr]
        self.act_take_over.setEnabled(on)
        self.act_close_lesson.setEnabled(on)

    def _ensure_scene(self, players: int) -> None:
        if self.scene.players != players or self.scene.lang != language():
            self.scene.clear_highlight()
            self.scene = BoardScene(self.comp, players, language(), self.animate)
            self.board_view.setScene(self.scene)

    def _lesson_changed(self) -> None:
        le = self.lesson
        assert le is not None
        self._ensure_scene(le.game.n)
        if self._lesson_describer[0] is not le:  # one per lesson, so the log can keep lines
            self._lesson_describer = (le, describer_for(le.game))
        self.log.sync(self._lesson_describer[1] or describer_for(le.game),
                      visible_log(le.game, None))
        self._show_lesson()

    def _lesson_view(self, pos: int) -> PlayerView | None:
        """The lesson's public view at ``pos`` (replayed once, then remembered): the
        highlight compares it with the current one to outline exactly the changed spots."""
        le = self.lesson
        if le is None or pos < 0:
            return None
        key = (id(le), pos)
        if key not in self._lesson_views:
            try:
                self._lesson_views = {key: le.position(pos).view(None)}
            except UserError:
                return None
        return self._lesson_views[key]

    def _show_lesson(self) -> None:
        """Board: the lesson's public view with this step's changes outlined; panel: the
        narration, the rules and the deciding seat's next scripted choice."""
        le = self.lesson
        assert le is not None
        g = le.game
        self._ensure_scene(g.n)
        self._show_page(self.game_page)
        self.scene.sync(g.view(None))
        self._describe_board(g.view(None))
        self.scene.highlight(le.changed(), self._lesson_view(le.pos - 1))
        decider: PlayerView | None = None
        if g.pending is not None and g.outcome is None:
            decider = g.view(g.pending.seat)
        self.lesson_panel.show_lesson(le, decider)
        self.act_undo.setEnabled(False)
        for a in (self.act_save, self.act_save_as):
            a.setEnabled(False)
        self._update_lesson_actions()
        self.review_tools.lesson_shown()

    # ------------------------------------------------------------- settings
    def set_language(self, lang: str) -> None:
        set_language(lang)
        apply_qt_language(lang)
        self.settings.set_language(lang)
        self.lang_actions[lang].setChecked(True)
        self.retranslate()
        self.scene.set_language(lang)
        g = self.lesson.game if self.lesson is not None else self.controller.game
        if g is not None:
            self.log.rebuild(describer_for(g), visible_log(g, None))
        self.refresh()

    def _prepare_sound(self) -> None:
        self.sound.prepare()
        self._update_sound_action()

    def _toggle_sound(self) -> None:
        self.settings.set_sound(self.act_sound.isChecked())
        if self.act_sound.isChecked():
            self._prepare_sound()

    def _update_sound_action(self) -> None:
        """Settings -> Sound: the player's choice where sound can play; elsewhere greyed
        out and unticked, its tooltip saying how to get sound (the choice is kept)."""
        problem = self.sound.problem
        a = self.act_sound
        a.setEnabled(problem is None)
        a.setChecked(problem is None and self.settings.sound())
        tip = "" if problem is None else tr(f"ui.sound.{problem}", version=PYSIDE_VERSION,
                                            error=self.sound.error)
        a.setToolTip(tip)
        a.setStatusTip(tip)

    def _toggle_suspicion(self) -> None:
        on = self.act_suspicion.isChecked()
        self.settings.set_show_suspicion(on)
        at = self.bottom.indexOf(self.suspicion)
        if on:
            if at < 0:
                at = self.bottom.addTab(self.suspicion, tr("suspicion.title"))
            self.bottom.setCurrentIndex(at)
            self.suspicion.show_game(self.controller.game, set(self.controller.bots))
        elif at >= 0:
            self.bottom.removeTab(at)
            self.suspicion.hide()

    def _toggle_fast(self) -> None:
        on = self.act_fast.isChecked()
        self.settings.set_fast_bots(on)
        self.controller.bot_delay_ms = min(self._base_delay, 60) if on else self._base_delay

    @Slot(object)
    def show_card(self, look: tuple[object, ...], from_board: bool = False) -> None:
        """A card or marker on the board, large and with its text (and brig side).
        Opened from the board's keys, closing it (Escape) gives the board its focus back,
        on the same item."""
        if self.card_viewer is None:
            self.card_viewer = CardViewer(self.comp, self)
            self.card_viewer.finished.connect(self._card_closed)
        self._card_from_board = from_board
        self.card_viewer.show_token(look, language())

    def _card_closed(self) -> None:
        if self._card_from_board and self.board_view.isVisible():
            self.activateWindow()
            self.board_view.enter()
        self._card_from_board = False

    @Slot(str)
    def show_rules(self, rule_id: str = "") -> None:
        if self.rules_dialog is None:
            self.rules_dialog = RulesDialog(self)
        if rule_id:
            self.rules_dialog.show_rule(rule_id)
        else:
            self.rules_dialog.show()
            self.rules_dialog.raise_()

    def _about(self) -> None:
        from bsg_desktop import __version__

        QMessageBox.about(self, tr("ui.window.title"),
                          tr("ui.about.version", version=__version__) + "\n\n" +
                          tr("ui.about.text"))

    def show_error(self, message: str) -> None:
        """Non-blocking: the app keeps running, the message stays until dismissed."""
        self.last_error = message
        box = QMessageBox(QMessageBox.Icon.Warning, tr("ui.error.title"), message,
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        box.open()

    # ------------------------------------------------------------- lifetime
    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        """Short windows (laptops, projectors) give the choices the room: the decision
        takes about two thirds of the side, the log the rest, loyalty cards shrink."""
        super().resizeEvent(event)
        compact = self.height() < 800
        if compact != self.panel.compact:
            self.panel.compact = compact
            self.refresh()
        if not self._split_dragged and self.lesson is None:
            h = max(self.right.height(), 300)
            top = int(h * (0.64 if compact else 0.58))
            self.right.setSizes([top, 0, h - top])

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self.keep_or_leave():
            event.ignore()
            return
        self.phones.stop()
        if self.print_window is not None:
            self.print_window.finish()
        self.controller.stop()
        self.controller.autosave()
        self.settings.set_geometry(self.saveGeometry())
        self.settings.set_clean_exit(True)
        super().closeEvent(event)

    def widget_texts(self) -> list[str]:
        """Every text in every visible-or-not widget of the window (privacy test)."""
        out = widget_texts(self, ("text", "toolTip", "windowTitle", "placeholderText",
                                  "accessibleName", "title"))
        for i in range(self.log.count()):
            it = self.log.item(i)
            out += [it.text(), it.toolTip()]
        return out


def schedule(fn, ms: int = 0) -> None:  # type: ignore[no-untyped-def]
    QTimer.singleShot(ms, fn)
