"""The main window's lessons and reviews: the Learn menu's demos, stepping a lesson
on the board, taking a lesson's position over as a game, closing it.

Teach mode puts a `bsg_desktop.teach.Lesson` in front of the game: while a lesson is
open the controller's game waits (bots paused), the board shows the lesson's public
view with the last step's changes outlined, and the lesson panel replaces the
decision panel. "Take over" hands a copy of the lesson's position to the controller
as a fresh hot-seat game. A review (`ui.review.ReviewTools`) is shown as a lesson.
`LessonScreen` is one part of `ui.window.MainWindow`.

A teacher's own lessons live in `LessonScreen.lessons_dir` (a "lessons" folder beside
the settings file): Save as lesson offers it, Open demo file starts there, and the
Learn menu lists its lessons under "My lessons" beside the shipped demos.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from bsg_desktop.engine import Game, PlayerView, visible_log
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import language, tr
from bsg_desktop.log import describer_for
from bsg_desktop.teach import (
    COURSE_FILE,
    DEMO_DIR,
    Chapter,
    CourseError,
    DemoEntry,
    Lesson,
    course,
    list_demos,
)
from bsg_desktop.ui.controller import HUMAN
from bsg_desktop.ui.scene import BoardScene


class LessonScreen:
    """Lessons and reviews in the main window (a part of `MainWindow`)."""

    demo_dir: Path = DEMO_DIR  # the course's folder (a test points it at its own)

    @property
    def demos(self) -> list[DemoEntry]:
        if self._demos is None:
            self._demos = list_demos(self.demo_dir)
            self._fill_learn()
        return self._demos

    @demos.setter
    def demos(self, entries: list[DemoEntry]) -> None:
        self._demos = list(entries)

    def chapters(self) -> list[Chapter]:
        """The demos as the course, in learning order; one untitled chapter of them all
        in a folder with no course file, or whose course file does not match its demos
        (a fault of the install, said in the status bar rather than hiding the lessons)."""
        kept = getattr(self, "_chapters", None)
        if kept is not None and kept[0] == self.demo_dir and kept[1] is self._demos:
            return kept[2]  # asked at every lesson step: the files are read once
        try:
            chapters = course(self.demo_dir, demos=self.demos)
        except CourseError as e:
            if (self.demo_dir / COURSE_FILE).exists():
                self.statusBar().showMessage(str(e), 10000)
            chapters = [Chapter(1, "", tuple(self.demos))]
        self._chapters = (self.demo_dir, self._demos, chapters)
        return chapters

    def course_place(self, path: Path) -> tuple[Chapter, int] | None:
        """Where a demo sits in the course (chapter, index), or None (a teacher's own)."""
        for chapter in self.chapters():
            for i, d in enumerate(chapter.lessons):
                if d.path == Path(path):
                    return chapter, i
        return None

    def next_in_course(self, path: Path) -> tuple[Chapter, int] | None:
        """The lesson that follows a course demo, the next chapter's first after a
        chapter's last; None after the last lesson or for a lesson outside the course."""
        flat = [(c, i) for c in self.chapters() for i in range(len(c.lessons))]
        for k, (c, i) in enumerate(flat):
            if c.lessons[i].path == Path(path):
                return flat[k + 1] if k + 1 < len(flat) else None
        return None

    @Slot()
    def next_lesson(self) -> None:
        """Open the course's next lesson (offered at the end of a course lesson)."""
        if self.lesson is None or not self.lesson.scenario.path:
            return
        nxt = self.next_in_course(Path(self.lesson.scenario.path))
        if nxt is not None:
            chapter, i = nxt
            self.open_demo(chapter.lessons[i].path)

    @property
    def lessons_dir(self) -> Path:
        """The folder of the user's own lessons, beside the settings file."""
        return Path(self.settings.path).parent / "lessons"

    def lessons_start(self) -> Path:
        """The user's lessons folder, made if missing, for a file dialog to start in (the
        last folder used when it cannot be made)."""
        try:
            self.lessons_dir.mkdir(parents=True, exist_ok=True)
        except OSError:
            return Path(self.settings.last_dir())
        return self.lessons_dir

    def my_lessons(self) -> list[DemoEntry]:
        """The user's saved lessons, by title (a folder that cannot be read lists none)."""
        try:
            return list_demos(self.lessons_dir) if self.lessons_dir.is_dir() else []
        except OSError:
            return []

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
        if hasattr(self, "act_guided"):  # the guided first game before the lessons
            m.addAction(self.act_guided)
            m.addSeparator()
        self.demo_actions = {}
        done = self.settings.lessons_done()
        # the course, a submenu per chapter: one flat menu of every demo in file order
        # was two screen-high columns at 1366x768, with the first lesson 18th
        self.chapter_menus: list[QMenu] = []
        for chapter in self.chapters():
            sub = m.addMenu(tr("teach.course.chapter", number=chapter.number,
                               title=chapter.title()) if chapter.id else tr("teach.menu.demos"))
            sub.setToolTipsVisible(True)
            self.chapter_menus.append(sub)
            for i, d in enumerate(chapter.lessons):
                text = chapter.numbered(i) if chapter.id else d.title()
                a = self._demo_action(sub, d, text)
                if d.path.stem in done:
                    a.setText(tr("teach.menu.done", title=text))
                self.demo_actions[d.path] = a
        m.addSeparator()
        self.menu_my_lessons = m.addMenu(tr("teach.menu.mine"))
        mine = self.my_lessons()
        for d in mine:
            self.demo_actions[d.path] = self._demo_action(self.menu_my_lessons, d)
        if not mine:
            none = self.menu_my_lessons.addAction(tr("teach.menu.mine_none"))
            none.setEnabled(False)
        m.addAction(self.act_demo_file)
        m.addSeparator()
        for a in (self.act_lesson_back, self.act_lesson_forward, self.act_lesson_reset,
                  self.act_take_over, self.act_close_lesson, self.act_presenter):
            m.addAction(a)
        if hasattr(self, "review_tools"):
            m.addAction(self.review_tools.act_editor)

    def _demo_action(self, menu: QMenu, d: DemoEntry, text: str = "") -> QAction:
        """One lesson in a menu: its title, the rules it shows as tooltip; a file with
        errors by its name, disabled, the error as tooltip."""
        a = menu.addAction((text or d.title()) if not d.error else d.path.name)
        menu.setToolTipsVisible(True)
        if d.error:
            a.setEnabled(False)
            a.setToolTip(d.error)
        else:
            rules = ", ".join(d.rules)
            a.setToolTip(tr("teach.menu.rules", rules=rules) if rules else d.title())
            a.triggered.connect(lambda _c=False, p=d.path: self.open_demo(p))
        return a

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
        self.scene.still_next()  # the lesson's table is drawn still, its steps move
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
        """The 'learn the rules' button on the empty panel opens the course's first
        lesson (the Learn menu lists them all, by chapter)."""
        # the course's first lesson that works
        usable = [d for c in self.chapters() for d in c.lessons if not d.error]
        if usable:
            self.open_demo(usable[0].path)

    def open_demo_dialog(self) -> None:
        path = self.ask_open_path(tr("teach.open.title"), str(self.lessons_start()),
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
        self.coach_relight()  # the coach's lights, cleared with the lesson's
        self.controller.resume()
        self._update_title()

    def _end_lesson(self) -> None:
        if self.lesson_panel.presenter:
            self.toggle_presenter()
        self.lesson = None
        self.scene.clear_highlight()
        self.scene.still_next()  # the game's table comes back as it was
        self.lesson_panel.hide()
        self.panel.show()
        h = max(self.right.height(), 600)
        self.right.setSizes([int(h * 0.6), 0, h - int(h * 0.6)])
        self._update_lesson_actions()
        self.review_tools.lesson_shown()
        self.table.show_lesson(None)

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
            old = self.scene
            self.scene = BoardScene(self.comp, players, language(), self.animate)
            # presenter view's sizes carry over to the lesson's board
            self.scene.least_px, self.scene.seat_px = old.least_px, old.seat_px
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
        self._course_progress(le)

    def _course_progress(self, le: Lesson) -> None:
        """A course lesson stepped to its end is remembered as done (the Learn menu ticks
        it, across restarts), and the panel offers the next one."""
        path = le.scenario.path
        place = self.course_place(Path(path)) if path else None
        if place is None:
            self.lesson_panel.set_next_lesson("")
            return
        if le.at_end:
            stem = Path(path).stem
            if stem not in self.settings.lessons_done():
                self.settings.mark_lesson_done(stem)
                self._fill_learn()
        nxt = self.next_in_course(Path(path))
        self.lesson_panel.set_next_lesson("" if nxt is None else nxt[0].numbered(nxt[1]))

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
        self.table.show_lesson(le)  # a teacher shows the lesson on the table page too
