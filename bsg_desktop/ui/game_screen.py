"""The main window's game screen: board, decision panel and log drawn from the one view
the screen may show, the hot-seat hand-over, the moments and their sounds, the board
by keyboard, and the presenter view.

`GameScreen` is one part of `ui.window.MainWindow`. Whatever it paints comes from
`controller.view_for_screen()` through the presentation layer (`bsg_desktop.present`),
so before the hot-seat hand-over the screen holds nothing but the public view.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Slot
from PySide6.QtWidgets import QMessageBox

from bsg_desktop.advice import Advice, reason_words
from bsg_desktop.companion.table import TABLE_LETTERING
from bsg_desktop.engine import Event, PlayerView, visible_log
from bsg_desktop.errors import UserError
from bsg_desktop.i18n import language, tr
from bsg_desktop.log import describer_for
from bsg_desktop.present.layout import SCREEN
from bsg_desktop.present.moments import loyalty_moment, moment_for, sound_for
from bsg_desktop.present.rolls import RollNote, roll_sentence
from bsg_desktop.present.words import choice_words, player_name
from bsg_desktop.ui.advice import ask_in_background
from bsg_desktop.ui.cardview import CardViewer
from bsg_desktop.ui.dialogs import GameOverDialog
from bsg_desktop.ui.moments import OwnMomentDialog
from bsg_desktop.ui.qtart import MIN_PX

PROJECTOR_PX = 20.0  # presenter view: the least text size on the board (15 pt at 96 dpi)
SEAT_PX = 24.0  # presenter view: the seat panels' names and states (18 pt at 96 dpi)


class GameScreen:
    """The game screen of the main window (a part of `MainWindow`)."""

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
        self.scene.still_next()  # another game (or an undo): drawn still, not moved to
        # a new table: its first choices take the focus even while the New game dialog
        # that started it is still giving the activation back (else the log tab kept it)
        self._new_table = True
        self.log.rebuild(describer_for(g), visible_log(g, None))
        if self.game_over_dialog is not None:
            self.game_over_dialog.close()
            self.game_over_dialog = None

    @Slot(list)
    def _on_events(self, events: list[Event]) -> None:
        # the move's frames for the phones and the table page (made on `moved`) are
        # written before the window's own redraw takes Python's lock
        self.phones.flush()
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

    def can_ask_advice(self) -> bool:
        """Advice uses the deciding seat's secrets: only while the screen is theirs alone
        (a solo game's player, or a hot-seat player after the hand-over), never for a
        phone's or a computer's seat, never on the shared screen."""
        c = self.controller
        g = c.game
        seat = c.pending_seat
        return (self.lesson is None and g is not None and g.outcome is None
                and seat is not None and c.is_human(seat) and seat not in c.phones
                and (c.unlocked == seat or len(c.humans) == 1) and not c.needs_handover())

    @Slot()
    def ask_advice(self) -> None:
        """Help → What would a good player do?: worked out in the background from the
        deciding seat's view; the log tells the table that advice was asked, never what."""
        if not self.can_ask_advice():
            self.statusBar().showMessage(tr("ui.advice.not_now"), 8000)
            return
        c = self.controller
        g = c.game
        assert g is not None and g.pending is not None
        seat = g.pending.seat
        self._advice_token = (g, len(g.choices))
        self.log.append([Event("advice_asked", "—", (("seat", seat),))])
        self.statusBar().showMessage(tr("ui.advice.thinking"), 10000)
        ask_in_background(g.view(seat), g.pending, self._advice_token, self.advice_sink)

    @Slot(object, object)
    def _advice_answered(self, token: object, advice: Advice) -> None:
        c = self.controller
        g = c.game
        if g is None or token != (g, len(g.choices)) or not self.can_ask_advice():
            return  # the decision was taken meanwhile, or the screen changed hands
        view = g.view(c.pending_seat)
        pick = choice_words(self.comp, view, advice.choice)
        other = "" if advice.alternative is None else choice_words(self.comp, view,
                                                                   advice.alternative)
        self.statusBar().clearMessage()
        box = QMessageBox(QMessageBox.Icon.Information, tr("ui.advice.title"),
                          tr("advice.pick", choice=pick), QMessageBox.StandardButton.Ok, self)
        box.setInformativeText(reason_words(advice, pick, other))
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.advice_box = box
        box.open()

    @Slot()
    def refresh(self) -> None:
        """Redraw board and panel from the one view the screen may show."""
        if self.lesson is not None:
            self._show_lesson()
            return
        c = self.controller
        self._close_own()
        self.advice_button.hide()  # shown again below only where the screen is the decider's
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
            self.scene.sync(view, before=c.views_before.get(view.seat))
            self.panel.show_view(view)
            self._show_roll(view, roll, hold=True)
            self._describe_board(view)
            return
        if c.needs_handover():
            # Cover the side panel first, then make sure nothing secret is left in any
            # widget; the board shows the public view.
            self.handover.set_player(player_name(self.comp, view, c.pending_seat))
            if self.moment.kind == "roll":
                self.moment.clear()  # a player's own roll stays with their screen
            self._show_page(self.handover)
            self.scene.sync(view, before=c.views_before.get(view.seat))
            self.panel.show_view(view)
            self._describe_board(view)
            self.handover.button.setFocus()
            return
        self.scene.sync(view, before=c.views_before.get(view.seat))
        self.panel.show_view(view, computer=c.pending_seat in c.bots)
        self.advice_button.setVisible(self.can_ask_advice())
        roll = c.table_roll()
        if roll is not None:
            self._show_roll(view, roll, hold=False)
        self._describe_board(view)
        if c.pending_seat in c.phones:  # its choices are on that phone, not here
            key = "ui.panel.waiting_phone" if c.pending_seat in self.phones.connected \
                else "ui.panel.waiting_phone_lost"
            self.panel.say(tr(key, player=player_name(self.comp, view, c.pending_seat)))
        if self.act_suspicion.isChecked():
            self.suspicion.show_game(c.game, set(c.bots))
        self._show_page(self.game_page)
        QTimer.singleShot(0, self, self.fit_side)  # once the new choices are laid out
        if self._show_own():
            return
        if (getattr(self, "_new_table", False) or self.isActiveWindow() or
                self.focusWidget() is None or
                not self.focusWidget().isVisible()) and not self.reading_board():
            # once the new choices are on screen (they show when the event loop runs);
            # a player reading the board keeps their place on it
            QTimer.singleShot(0, self.panel, self._focus_first_choice)  # dropped if gone

    def _close_own(self) -> None:
        """A seat's own moment goes with its screen (unread, it comes back later)."""
        dlg = self.own_dialog
        if dlg is not None and dlg.isVisible() and dlg.moment.seat != self.controller.unlocked:
            dlg.finished.disconnect()
            dlg.reject()
        if dlg is not None and not dlg.isVisible():
            self._drop_own()

    def _drop_own(self) -> None:
        """Out of the window at once (its words must not linger in any widget)."""
        dlg, self.own_dialog = self.own_dialog, None
        if dlg is not None:
            dlg.setParent(None)
            dlg.deleteLater()

    def _show_own(self) -> bool:
        """The new loyalty card of the seat on screen, said to it alone, once it has the
        screen (after its hand-over); True when it is up."""
        c = self.controller
        e = c.own_to_show()
        if e is None or self.lesson is not None:
            return False
        if self.own_dialog is not None:
            return True
        dlg = OwnMomentDialog(loyalty_moment(self.comp, e), self)
        dlg.finished.connect(self._own_seen)
        self.own_dialog = dlg
        dlg.open()
        dlg.button.setFocus()
        return True

    def _own_seen(self, _result: int = 0) -> None:
        self._drop_own()
        self.controller.acknowledge_own()
        self.panel.focus_first()

    def _focus_first_choice(self) -> None:
        if not self.reading_board():
            if self.panel.keyed:
                self._new_table = False
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
        """Bring a page up; a moment being shown stays on top of it. The hand-over
        takes the side panel's place on the game page, whose public board stays in
        sight (a folded side panel unfolds for it)."""
        cover = page is self.handover
        self.stack.setCurrentWidget(self.game_page if cover else page)
        if cover and self.side.isHidden():
            self.toggle_side_panel()
        self.side.setCurrentWidget(self.handover if cover else self.right)
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
        """From the board back to the decision (or the next control if none is open);
        during a hand-over, back to its Continue."""
        if self.handing_over():
            self.handover.button.setFocus()
        elif self.lesson is None and self.panel.keyed:
            self.panel.focus_first()
        else:
            self.board_view.focusNextChild()

    def press_number(self, n: int) -> None:
        """Number key n: the n-th choice of the decision on screen, or the hand-over's
        Continue (its one choice, numbered 1) while it is up; nothing elsewhere."""
        if self.handing_over():
            if n == 1:
                self.handover.button.click()
        elif self.stack.currentWidget() is self.game_page and self.lesson is None:
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
        self.scene.set_seat_px(SEAT_PX if on else 0.0)
        # the board's own names and titles as large as the table page's, which is read
        # across a room too: at 1024x768 the board is as wide as the narration leaves
        # it, and its words at the window's size would be 12 px
        self.scene.set_lettering(TABLE_LETTERING if on else SCREEN)
        self.act_presenter.setChecked(on)
        self.act_leave_presenter.setEnabled(on)
        # the whole screen is the class's: no menu bar (Escape or F5 leave, as said)
        self.menuBar().setVisible(not on)
        if on:
            self._was_full = self.isFullScreen()
            self._enter_full_screen()
            if not self.board_view.reading:  # else the bar names the board's focused item
                self.statusBar().showMessage(tr("teach.presenter.leave"), 10000)
        elif not getattr(self, "_was_full", False):
            self._leave_full_screen()
        self.act_full.setChecked(self.isFullScreen())
        w = max(self.width(), 800)
        side = int(w * (0.36 if on else 0.28))
        self.game_page.setSizes([w - side, side])

    @Slot()
    def leave_presenter(self) -> None:
        """Escape in presenter view: the way out a projector's audience expects."""
        if self.lesson_panel.presenter:
            self.toggle_presenter()

    def _enter_full_screen(self) -> None:
        """Full screen, remembering the state it came from (maximised, say)."""
        if not self.isFullScreen():
            self.before_full = self.windowState() & ~Qt.WindowState.WindowFullScreen
            self.showFullScreen()

    def _leave_full_screen(self) -> None:
        """Back to the state before full screen: a maximised window stays maximised."""
        self.setWindowState(self.before_full & ~Qt.WindowState.WindowMinimized)
        self.show()

    @Slot()
    def toggle_side_panel(self) -> None:
        """Fold the side panel away (a small screen, a look at the whole board) and back;
        the number keys still pick the choices while it is folded."""
        self.side.setVisible(self.side.isHidden())
        self.act_side.setChecked(not self.side.isHidden())
        if not self.side.isHidden():  # back: the decision its height, the keys its choices
            QTimer.singleShot(0, self, self.fit_board)  # the board its width again
            QTimer.singleShot(0, self, self.fit_side)
            QTimer.singleShot(0, self.panel, self._focus_first_choice)

    @Slot()
    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self._leave_full_screen()
        else:
            self._enter_full_screen()
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
        table = [s for s in self.controller.humans if s not in self.controller.phones]
        # a solo player is told first whether they won; at a hot-seat table each player's
        # result stands under their name, beside the cards everyone now sees
        dlg = GameOverDialog(self.comp, view, self, seed=g.seed if g is not None else None,
                             me=table[0] if len(self.controller.humans) == 1 and table else None)
        dlg.new_game_requested.connect(self.new_game_dialog)
        dlg.review_requested.connect(self.review_tools.review_game)
        self.game_over_dialog = dlg
        dlg.open()

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
