"""The main window's menus and files: every action and its text, new/open/save, the
autosave and a crash's recovery, printing, the language and the Settings switches.

`MenusAndFiles` is one part of `ui.window.MainWindow` (which holds the widgets and
the controller these methods read); the game screen (`ui.game_screen`) and lessons
and reviews (`ui.lesson_screen`) are the others. A file is opened or saved through
the controller; what the screen then shows is the game screen's business.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6 import __version__ as PYSIDE_VERSION
from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QGridLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QMessageBox,
    QSplitter,
    QTreeView,
)

from bsg_desktop.engine import Setup, visible_log
from bsg_desktop.engine.game import fresh_seed
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import LANGUAGES, language, set_language, tr
from bsg_desktop.log import describer_for
from bsg_desktop.present.pace import PACES
from bsg_desktop.ui.controller import (
    COMPUTER,
    HUMAN,
    autosave_problem,
    holds_start_of,
    save_summary,
    set_aside,
)
from bsg_desktop.ui.dialogs import NewGameDialog, RulesDialog, default_bot_level
from bsg_desktop.ui.invite import InviteDialog
from bsg_desktop.ui.qtlang import apply_qt_language

FILE_FILTER_EXT = ".bsgx.json"
# The save dialog's warning: dark text on pale amber (well above 4.5:1), framed.
SOLO_PLAYERS = 4  # Play solo: you and three computer players
SAVE_WARNING_CSS = ("QLabel { background: #fff3cd; color: #3b2a00; border: 1px solid #b8860b;"
                    " border-radius: 3px; padding: 8px; font-weight: bold; }")


def about_text() -> str:
    """The About box's words: the version, what the program is, and the credit the
    vendored emblems' licence (CC BY 3.0) asks for, naming their authors."""
    from bsg_desktop import __version__
    from bsg_desktop.art.emblems import credits

    return (tr("ui.about.version", version=__version__) + "\n\n" + tr("ui.about.text")
            + "\n\n" + tr("ui.about.credits", authors=", ".join(credits())))


class MenusAndFiles:
    """Menus, actions and files of the main window (a part of `MainWindow`)."""

    def _make_actions(self) -> None:
        def act(slot, shortcut=None) -> QAction:  # type: ignore[no-untyped-def]
            a = QAction(self)
            if shortcut is not None:
                a.setShortcut(shortcut)
            self.addAction(a)  # the window's own too: keys work while the menus are hidden
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
        self.act_advice = act(self.ask_advice, QKeySequence("Ctrl+H"))
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
        # Settings -> Pace: how long computer moves and moments stay in sight
        self.pace_group = QActionGroup(self)
        self.pace_actions: dict[str, QAction] = {}
        for pace in PACES:
            a = QAction(self, checkable=True)
            a.setChecked(pace == self.pace)
            a.triggered.connect(lambda _c=False, pace=pace: self.choose_pace(pace))
            self.pace_group.addAction(a)
            self.pace_actions[pace] = a
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
        self.menu_pace = self.menu_settings.addMenu("")
        for a in self.pace_actions.values():
            self.menu_pace.addAction(a)
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
        # Escape leaves presenter view (in no menu: the menu bar is hidden then)
        self.act_leave_presenter = act(self.leave_presenter, QKeySequence(Qt.Key.Key_Escape))
        self.act_leave_presenter.setEnabled(False)
        self.menu_learn = mb.addMenu("")
        self.menu_learn.aboutToShow.connect(self._fill_learn_lazily)
        self.menu_demos = QMenu(self)  # the shipped demos, filled in the current language
        self.menu_help = mb.addMenu("")
        self.menu_help.addAction(self.act_rules)
        self.menu_help.addAction(self.act_advice)
        self.menu_help.addAction(self.act_board)
        self.menu_help.addAction(self.act_about)

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
        self.menu_pace.setTitle(tr("ui.menu.pace"))
        for pace, a in self.pace_actions.items():
            a.setText(tr(f"ui.menu.pace_{pace}"))
        self.menu_help.setTitle(tr("ui.menu.help"))
        self.bottom.setTabText(self.bottom.indexOf(self.log), tr("ui.panel.log"))
        if self.bottom.indexOf(self.suspicion) >= 0:
            self.bottom.setTabText(self.bottom.indexOf(self.suspicion), tr("suspicion.title"))
        for a, key in ((self.act_new, "new"), (self.act_open, "open"), (self.act_save, "save"),
                       (self.act_save_as, "save_as"), (self.act_print, "print"),
                       (self.act_invite, "invite"),
                       (self.act_quit, "quit"), (self.act_undo, "undo"),
                       (self.act_rules, "rules"), (self.act_about, "about"),
                       (self.act_advice, "advice"),
                       (self.act_suspicion, "suspicion"),
                       (self.act_full, "full_screen"), (self.act_moments, "moments"),
                       (self.act_side, "side_panel"), (self.act_board, "board")):
            a.setText(tr(f"ui.menu.{key}"))
        self.act_sound.setText(tr("ui.menu.sound"))
        if hasattr(self, "coach_panel"):
            self.coach_retranslate()
        self.advice_button.setText(
            f'<a style="color:#9fc3e8" href="advice">{escape(tr("ui.advice.button"))}</a>')
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
        Escape cancels); a finished game is asked about as one that could be reviewed."""
        g = self.controller.game
        over = g is not None and g.outcome is not None
        box = QMessageBox(QMessageBox.Icon.Question, tr("ui.unsaved.title"),
                          tr("ui.unsaved.finished" if over else "ui.unsaved.text"),
                          QMessageBox.StandardButton.Save |
                          QMessageBox.StandardButton.Discard |
                          QMessageBox.StandardButton.Cancel, self)
        box.setInformativeText(tr("ui.unsaved.finished_info" if over else "ui.unsaved.info"))
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        return box

    def keep_or_leave(self) -> bool:
        """Before the game on the table is replaced or the window closes: ask Save /
        Discard / Cancel when it has moves no file of the user's holds, finished or not
        (a finished game can still be reviewed once saved). True means go ahead;
        ``self.discarded`` then says whether the player chose to throw the game away,
        so a closing window leaves no autosave for Continue to bring it back."""
        self.discarded = False
        g = self.controller.game
        if g is None or not self.is_modified():
            return True
        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        self.discarded = answer == QMessageBox.StandardButton.Discard
        return self.discarded

    def forget_autosave(self) -> None:
        """Discarded means gone: the autosave is removed, so Continue does not offer the
        game again (a file of the user's is never touched)."""
        p = self.controller.autosave_path
        if p is not None:
            try:
                p.unlink(missing_ok=True)
            except OSError as e:
                self.statusBar().showMessage(tr("ui.status.autosave_failed", error=e), 8000)

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
    def play_solo(self) -> None:
        """The start screen's one click: you and three computer players at the default
        level, characters dealt, a fresh secret seed (the New game dialog is for choosing
        any of that, and for friends)."""
        if not self.keep_or_leave():
            return
        self.controller.bot_level = default_bot_level()
        self.start_game(Setup(players=SOLO_PLAYERS), fresh_seed(),
                        [HUMAN] + [COMPUTER] * (SOLO_PLAYERS - 1))

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
                self.invite_players(str(dlg.reach.currentData()))

    @Slot()
    def invite_players(self, reach: str = "") -> None:
        """Host the game for phones and show each human seat's QR code and link;
        ``reach``: where players join from, as chosen in New game."""
        if self.controller.game is None:
            return
        if self.invite_dialog is not None:
            self.invite_dialog.close()
        self.invite_dialog = InviteDialog(self.comp, self.phones, self,
                                          addresses=self.invite_addresses, port=self.invite_port,
                                          table=self.table.url, reach=reach)
        # modeless: the host keeps it beside the table to see who is connected, and can
        # go on playing or switch the language meanwhile
        self.invite_dialog.show()

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
        c = self.controller
        c.file_name = self.path.name if self.path else ""
        c.file_path = str(self.path.resolve()) if self.path else ""
        c.autosave()

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
        self._fit_file_dialog(dlg)
        return dlg

    def _fit_file_dialog(self, dlg: QFileDialog) -> None:
        """Wide enough that the Hungarian column headers ("Módosítás dátuma"), a file's
        type ("JSON dokumentum") and the side bar's "Számítógép" show whole, yet inside
        the screen: the detail columns fit their contents and the name takes the rest."""
        screen = self.screen().availableGeometry() if self.screen() else None
        width = min(960, screen.width() - 40) if screen else 960
        height = min(560, screen.height() - 60) if screen else 560
        dlg.resize(width, height)
        for view in dlg.findChildren(QTreeView):
            head = view.header()
            head.setMinimumSectionSize(60)
            head.setStretchLastSection(False)
            head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
            for col in range(1, 4):
                head.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        for split in dlg.findChildren(QSplitter):
            split.setSizes([150, max(200, width - 170)])

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
        # Resuming never makes the autosave the user's file; a game that came from a file
        # of the user's goes on under it, as long as that file still holds this game.
        self.path, self._saved_choices = None, None
        c = self.controller
        c.file_name = summary["file"] if summary else ""
        own = summary["path"] if summary else ""
        held = holds_start_of(own, c.game) if own and c.game is not None else None
        if held is not None:
            self.path = Path(own)
            # the file's own count: a file saved later than the autosave knew holds more
            self._saved_choices = held
            c.file_path = own
            self.settings.add_recent(own)
        c.autosave()
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
        self.table.set_language(lang)
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

    def choose_pace(self, pace: str) -> None:
        """Settings -> Pace: remembered, and in force from the next move on."""
        self.settings.set_pace(pace)
        self.apply_pace(pace)
        self.pace_actions[pace].setChecked(True)

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
        QMessageBox.about(self, tr("ui.window.title"), about_text())

    def show_error(self, message: str) -> None:
        """Non-blocking: the app keeps running, the message stays until dismissed."""
        self.last_error = message
        box = QMessageBox(QMessageBox.Icon.Warning, tr("ui.error.title"), message,
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        box.open()
