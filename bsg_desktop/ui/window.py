"""The main window: board, decision panel, log, menus; wired to one GameController.

The window only displays and forwards: clicks become choice texts taken from the
pending decision's options, which the controller applies. It is made of three parts
by what they do: its menus and files (`ui.menus`), the game screen
(`ui.game_screen`: whatever is painted comes from `controller.view_for_screen()`,
so before the hot-seat hand-over the screen holds nothing but the public view) and
lessons and reviews (`ui.lesson_screen`). This module builds the widgets and wires
them; none of the parts imports another or this module.
"""


from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Slot
from PySide6.QtGui import QAction, QCloseEvent, QFont, QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QMessageBox,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTabWidget,
)

from bsg_desktop.data import load_components
from bsg_desktop.engine import PlayerView
from bsg_desktop.i18n import language, tr
from bsg_desktop.log import Describer
from bsg_desktop.present.pace import pace_from_env, valid
from bsg_desktop.present.words import player_name
from bsg_desktop.teach import DemoEntry, Lesson
from bsg_desktop.ui.advice import AdviceSink
from bsg_desktop.ui.board_view import BoardView
from bsg_desktop.ui.cardview import CardViewer
from bsg_desktop.ui.coach import CoachScreen
from bsg_desktop.ui.controller import (
    GameController,
)
from bsg_desktop.ui.decision import DecisionPanel
from bsg_desktop.ui.dialogs import GameOverDialog, RulesDialog
from bsg_desktop.ui.game_screen import GameScreen
from bsg_desktop.ui.handover import HandoverPage
from bsg_desktop.ui.invite import InviteDialog, PhoneStatus
from bsg_desktop.ui.lesson import LessonPanel
from bsg_desktop.ui.lesson_screen import LessonScreen
from bsg_desktop.ui.log_panel import LogPanel
from bsg_desktop.ui.menus import MenusAndFiles
from bsg_desktop.ui.moments import MomentBanner, OwnMomentDialog
from bsg_desktop.ui.phones import DEFAULT_PORT, PhoneHost
from bsg_desktop.ui.placement import DEFAULT_SIZE, opens_maximised, placed
from bsg_desktop.ui.qtlang import apply_qt_language
from bsg_desktop.ui.review import ReviewTools
from bsg_desktop.ui.scene import BoardScene
from bsg_desktop.ui.settings import Settings
from bsg_desktop.ui.sound import SoundPlayer
from bsg_desktop.ui.start import StartPage
from bsg_desktop.ui.suspicion import SuspicionPanel
from bsg_desktop.ui.table import TableHost
from bsg_desktop.ui.theme import apply_dark
from bsg_desktop.ui.widgets import widget_texts

if TYPE_CHECKING:  # drawing a pack needs reportlab: imported when the dialog first opens
    from bsg_desktop.ui.print_pack import PrintDialog

LOG_MIN = 64  # the log's least height when the decision needs the rest: its tab, 2 lines
LOG_KEEP = 120  # the log's height while only the secrets and status want more: tab, ~5 lines
SIDE_MIN = 280  # the side panel's narrowest: a 1024-pixel screen keeps ~700 for the board
# ... and while the coach is on: its explanations need lines long enough to be read
# whole beside the choices at 1024x640 (the board then keeps ~640)
SIDE_MIN_COACH = 380
# The status bar sits on the window's near-black: its text must be light (4.5:1 at least).
WINDOW_CSS = ("QMainWindow { background: #0c1117; }"
              "QSplitter::handle { background: #22303d; }"
              "QStatusBar { background: #0c1117; color: #eef2f5; }"
              "QStatusBar QLabel { color: #eef2f5; }")
TAB_CSS = ("QTabWidget::pane { border: none; background: #0f161e; }"
           "QTabBar::tab { background: #16202b; color: #c9d3dc; padding: 5px 12px; }"
           "QTabBar::tab:selected { background: #0f161e; color: #ffffff;"
           " border-bottom: 2px solid #e0b93a; }"
           "QTabBar::tab:focus { border: 2px solid #ffd84d; }")


class MainWindow(MenusAndFiles, GameScreen, LessonScreen, CoachScreen, QMainWindow):
    def __init__(self, settings: Settings | None = None, autosave_path: Path | None = None,
                 bot_delay_ms: int = 350, animate: bool = True,
                 sound: SoundPlayer | None = None, pace: str | None = None) -> None:
        super().__init__()
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_dark(app)  # the dialogs this window opens are as dark as the game
        self.comp = load_components()
        self.settings = settings or Settings()
        self.sound = sound if sound is not None else SoundPlayer()  # Settings -> Sound
        self.animate = animate
        self.controller = GameController(self, bot_delay_ms=bot_delay_ms,
                                         autosave_path=autosave_path)
        self._base_delay = bot_delay_ms
        # Settings -> Pace, unless this window (a benchmark) or the run (the tests:
        # BSG_EXPRESS_PACE=instant) names one
        self.pace_fixed = valid(pace) or pace_from_env()
        self.path: Path | None = None
        self.last_error = ""
        self.autosave_box: QMessageBox | None = None  # the broken-autosave question
        self.game_over_dialog: GameOverDialog | None = None
        self.own_dialog: OwnMomentDialog | None = None  # a seat's own moment (ui.moments)
        self.rules_dialog: RulesDialog | None = None
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
        # under the pinned question: advice for the player whose screen it is (a link that
        # wraps, so it never widens the side panel; Ctrl+H does the same)
        self.advice_button = QLabel(objectName="advice", wordWrap=True)
        self.advice_button.setTextFormat(Qt.TextFormat.RichText)
        self.advice_button.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.advice_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes on to the board
        self.advice_button.linkActivated.connect(lambda _link: self.ask_advice())
        self.advice_button.hide()
        self.panel.rule_line.addWidget(self.advice_button, 1)
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
        right.setCollapsible(2, True)  # a short screen gives every pixel to the choices
        self.bottom.setMinimumHeight(1)  # not the tallest tab's wish: the leftover
        self.right = right
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 3)
        right.setStretchFactor(2, 2)
        right.setMinimumWidth(SIDE_MIN)
        self.before_full = Qt.WindowState.WindowNoState  # the state full screen came from
        self._split_dragged = False  # once the player drags the divider, it stays theirs
        right.splitterMoved.connect(lambda *_: setattr(self, "_split_dragged", True))
        # The hand-over covers the side panel only: the public board stays in sight. It
        # is the side's other page, so the panel it covers is hidden while it is up: a
        # screen reader finds the hand-over and its button, not the covered prompt.
        self.handover = HandoverPage()
        # the hand-over fits whatever width the side panel has (its button re-wraps its
        # words): as a page of the side stack it must not widen the side panel, which
        # would take the board's room at 1024x640
        self.handover.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.side = QStackedWidget()
        self.side.addWidget(right)
        self.side.addWidget(self.handover)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.board_view)
        split.addWidget(self.side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([1100, 420])
        self._board_dragged = False  # likewise the divider between board and side panel
        split.splitterMoved.connect(lambda *_: setattr(self, "_board_dragged", True))
        split.installEventFilter(self)  # the board's width follows the page's (`fit_board`)
        self.game_page = split
        self.start_page = StartPage(self.comp)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.game_page)
        self.stack.addWidget(self.start_page)
        self._saved_choices: int | None = None  # choices in the user's file when saved/opened
        self.discarded = False  # the player's latest answer to "Save the game?" was Discard
        self.terminating = False  # closing on SIGTERM: nothing is asked
        # How the window asks about an unsaved game (tests answer in its place).
        self.ask_unsaved: Callable[[], QMessageBox.StandardButton] = self._ask_unsaved
        # Where Save as asks for a file name ("" when cancelled; tests answer in its place).
        self.ask_save_path: Callable[[str], str] = self._ask_save_path
        # Where Open asks for a file (title, folder, filter; "" when cancelled).
        self.ask_open_path: Callable[[str, str, str], str] = self._ask_open_path
        self.setCentralWidget(self.stack)
        # over the board and over the hand-over screen alike: a public moment stays
        self.moment = MomentBanner(self.stack, self.board_view)
        self.apply_pace(self.pace_fixed or self.settings.pace())
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
        self.panel.relaid.connect(self.fit_side)
        sp = self.start_page
        sp.continue_requested.connect(self.resume_autosave)
        sp.solo_requested.connect(self.play_solo)
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
        lp.next_lesson_requested.connect(self.next_lesson)

        # Help → What would a good player do?: answers come back from the thread pool
        self.advice_sink = AdviceSink(self)
        self.advice_sink.answered.connect(self._advice_answered)
        self._advice_token: object = None
        self.advice_box: QMessageBox | None = None
        self.phones = PhoneHost(c, self)  # phones as private screens (File → Invite players…)
        self.invite_dialog: InviteDialog | None = None
        # where the invite dialog offers to host (None: this computer's addresses); tests
        # pin 127.0.0.1 and any free port
        self.invite_addresses: list[str] | None = None
        self.invite_port = DEFAULT_PORT
        # the public board for any browser on the network, on the phones' server
        self.table = TableHost(c, self.phones, self)
        self.phone_status = PhoneStatus(self.comp, self.phones)
        self.statusBar().addPermanentWidget(self.phone_status)

        self._make_actions()
        self._make_coach()  # after the decision panel's refresh is wired: it reads it
        for menu_action in self.menuBar().actions():
            if menu_action.menu() is not None:
                menu_action.menu().aboutToHide.connect(
                    lambda: QTimer.singleShot(0, self, self._menu_closed))
        apply_qt_language(language())
        self.review_tools = ReviewTools(self)  # review, save as lesson, narration editor
        self.retranslate()
        self.resize(*DEFAULT_SIZE)  # where it opens on the player's screens: restore_placement
        self.phones.presence_changed.connect(self.refresh)
        self.phones.returned.connect(self._seats_returned)
        self.refresh()
        if self.settings.problem is not None:  # once: the file has been set aside
            self.statusBar().showMessage(tr("ui.settings_broken", path=self.settings.problem),
                                         30000)
        if self.animate and self.settings.sound() and self.sound.problem is None:
            # the sounds load once the window is up, not before its first frame
            QTimer.singleShot(1000, self, self._prepare_sound)

    @Slot(list)
    def _seats_returned(self, seats: list[int]) -> None:
        """Seats are played at the table again: said for everyone, since the screen now
        offers their choices (after a hand-over)."""
        g = self.controller.game
        if g is None:
            return
        view = g.view(None)
        self.statusBar().showMessage(" · ".join(
            tr("ui.phones.returned", player=player_name(self.comp, view, s)) for s in seats),
            15000)

    def apply_pace(self, pace: str) -> None:
        """Computer moves and moments at ``pace`` (`present.pace`): the pause after a
        move's changes, the banners' reading time; the fast pace also shortens the fixed
        release hold, as the older "fast computer players" switch did."""
        self.pace = pace
        self.controller.pace = pace
        self.controller.bot_delay_ms = (min(self._base_delay, 60) if pace in ("fast", "instant")
                                        else self._base_delay)
        self.moment.pace = pace

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if obj is self.game_page and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            QTimer.singleShot(0, self.fit_board)  # once the splitter has laid out its parts
        return super().eventFilter(obj, event)

    def handing_over(self) -> bool:
        """The hand-over is up in the side panel's place."""
        return self.stack.currentWidget() is self.game_page and \
            self.side.currentWidget() is self.handover

    def resizeEvent(self, event) -> None:  # type: ignore[no-untyped-def]  # noqa: N802
        """Short windows (laptops, projectors) give the choices the room: the decision
        takes about two thirds of the side, the log the rest, loyalty cards shrink."""
        super().resizeEvent(event)
        compact = self.height() < 800
        # the board scales with the window, and so does the side's text beyond 1080p
        scale = round(max(1.0, min(self.width() / 1700, self.height() / 1000, 2.0)), 2)
        if abs(scale - self.panel.text_scale) > 0.04:
            self.panel.set_text_scale(scale)
            self.coach_panel.set_text_scale(scale)
            font = QFont(self.font())
            size = font.pointSizeF() if font.pointSizeF() > 0 else 9.0
            font.setPointSizeF(size * scale)
            self.log.setFont(font)
            self.bottom.tabBar().setFont(font)
            self.lesson_panel.setFont(font)
        self.coach_panel.set_compact(compact)
        if compact != self.panel.compact:
            self.panel.compact = compact
            if self.stack.currentWidget() is not self.start_page:
                self.refresh()  # not from the start screen, which a redraw would leave
        self.fit_board()
        self.fit_side()

    def fit_board(self) -> None:
        """The board's part of the window is as wide as the board drawn as tall as the
        window lets it be, and the side panel takes the rest: a wide window (1920×1080
        and up) shows no empty bands beside the board, a narrow one keeps the side panel
        at its least. A divider the player dragged stays where they put it."""
        split = self.game_page
        if self._board_dragged or self.side.isHidden() or split.count() < 2:
            return
        total = split.width() - split.handleWidth()
        rect = self.scene.sceneRect()
        if total <= 0 or rect.height() <= 0:
            return
        need = math.ceil(self.board_view.height() * rect.width() / rect.height())
        least = SIDE_MIN_COACH if self.coach_on() else SIDE_MIN
        board = max(min(need, total - least), total // 2)
        if split.sizes()[0] != board:
            split.setSizes([board, total - board])
            self.fit_side()  # a side of another width: its words wrap to other heights

    def fit_side(self) -> None:
        """The decision takes the height its question and choices need; the log gets
        only what is left (down to its tab and two lines, or nothing on a short screen),
        so the choices are never pushed below the log. What the panel holds under the
        choices (the secrets box, the turn's status) takes more only while the log keeps
        five lines: below them it is scrolled to. While the coach's tab is in front, the
        coach first gets the room for its essentials (what the decision does, what each
        choice risks): the decision then keeps its question and choices, and its secrets
        and status go below its fold. A divider the player dragged stays
        where they put it."""
        if self._split_dragged or self.lesson is not None or self.right.isHidden():
            return
        h = self.right.height() - self.right.handleWidth()
        if h <= 0:
            return
        log_min = LOG_MIN if h >= 480 else 0
        full = self.panel.wanted_height()
        top = max(min(full, h - max(LOG_KEEP, log_min)), self.panel.needed_height(), h // 3)
        top = min(top, h - log_min)
        if self.coach_in_front():
            width = self.right.width()
            tabs = self.bottom.tabBar().sizeHint().height()
            coach = self.coach_panel
            top = min(top, max(h - tabs - coach.full_height(width), full))  # the whole step
            top = min(top, h - tabs - coach.essential_height(width))  # before the secrets
            top = max(top, self.panel.needed_height())  # never the choices
        self.right.setSizes([top, 0, h - top])

    def _menu_closed(self) -> None:
        """A menu closed by Escape leaves the menu bar holding the keys (Enter would
        open a menu again): the focus goes back to what the player was on, the
        hand-over's Continue or the decision's choices. Moving on to another menu, or
        a dialog a menu item opened, keeps its focus."""
        bar = self.menuBar()
        act = bar.activeAction()
        if act is not None and act.menu() is not None and act.menu().isVisible():
            return
        fw = QApplication.focusWidget()
        if (fw is not None and fw is not bar and fw.isVisible()) or \
                QApplication.activeModalWidget() is not None:
            return
        bar.setActiveAction(None)  # type: ignore[arg-type]
        if not self.isActiveWindow():  # the closed menu may still count as active
            self.activateWindow()
        if self.handing_over():
            self.handover.button.setFocus(Qt.FocusReason.OtherFocusReason)
        elif self.stack.currentWidget() is self.game_page and self.panel.keyed:
            self.panel.focus_first()
        else:
            bar.clearFocus()

    def restore_placement(self) -> None:
        """Before the first show at a launch: the place, size and maximised state of the
        last close, if that place is on one of today's screens (never smaller than the
        least size, and maximised on a screen much larger than it); else a size that
        fits the main screen, centred on it (`ui.placement`)."""
        app = QGuiApplication.instance()
        primary = QGuiApplication.primaryScreen() if app is not None else None
        if primary is None:
            return
        screens = [s.availableGeometry() for s in QGuiApplication.screens()]
        saved = self.settings.window_rect()
        self.setGeometry(placed(saved, screens, primary.availableGeometry()))
        if opens_maximised(saved, self.settings.window_maximised(), screens,
                           primary.availableGeometry()):
            self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)

    def save_placement(self) -> None:
        """The normal place and size, and whether the window is maximised, for the next
        launch (a full-screen window keeps the state it had before)."""
        r = self.normalGeometry() if not self.normalGeometry().isEmpty() else self.geometry()
        self.settings.set_window_rect(r.x(), r.y(), r.width(), r.height())
        maximised = self.windowState() if not self.isFullScreen() else self.before_full
        self.settings.set_window_maximised(bool(maximised & Qt.WindowState.WindowMaximized))

    def terminate(self) -> None:
        """SIGTERM: close as Quit does, but ask nothing (nobody may be there to answer);
        the autosave keeps the game for Continue."""
        self.terminating = True
        self.close()
        QApplication.quit()  # also ends a question box's own loop, if one was open

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self.terminating:
            self.discarded = False
        elif not self.keep_or_leave():
            event.ignore()
            return
        self.phones.stop()
        if self.print_window is not None:
            self.print_window.finish()
        self.controller.stop()
        if self.discarded:
            self.forget_autosave()
        else:
            self.controller.autosave()
        self.save_placement()
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
