"""The window as a table: never losing a game (Save / Discard / Cancel, autosave from the
first moment, the start screen's Continue, the title's changed-marker).

Driven offscreen through the window's own widgets and actions; the modal question is
answered by setting ``win.ask_unsaved`` the way a player would click.
"""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from hand_over import pass_screen  # noqa: E402
from loops import bounded
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402

B = QMessageBox.StandardButton


@pytest.fixture
def make_window(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    made: list[MainWindow] = []

    def make() -> MainWindow:
        win = MainWindow(settings=Settings(tmp_path / "settings.ini"),
                         autosave_path=tmp_path / "autosave.bsgx.json",
                         bot_delay_ms=0, animate=False)
        qtbot.addWidget(win)
        win.resize(1280, 720)
        made.append(win)
        return win

    yield make
    set_language("en")
    for w in made:
        w.controller.stop()


def play(win: MainWindow, n: int, seed: int = 1) -> None:
    """``n`` legal choices through the decision panel, handing over when asked."""
    rng = random.Random(seed)
    for _ in range(n):
        pass_screen(win)
        g = win.controller.game
        assert g is not None and g.outcome is None
        win.panel.click_choice(rng.choice(g.pending.options))  # type: ignore[union-attr]


class Asked:
    """Stands in for the player at the Save / Discard / Cancel box."""

    def __init__(self, answer: QMessageBox.StandardButton) -> None:
        self.answer, self.times = answer, 0

    def __call__(self) -> QMessageBox.StandardButton:
        self.times += 1
        return self.answer


def test_quit_new_and_open_ask_before_losing_moves(make_window, tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    win = make_window()
    win.show()
    win.start_game(Setup(players=4), seed=5)
    play(win, 6)
    choices = list(win.controller.game.choices)  # type: ignore[union-attr]

    # Ctrl+Q, cancelled: the window stays, the game is untouched
    win.ask_unsaved = cancel = Asked(B.Cancel)
    win.act_quit.trigger()
    assert cancel.times == 1 and win.isVisible()
    assert win.controller.game.choices == choices  # type: ignore[union-attr]
    # File -> New and Open, cancelled: no dialog opens, nothing is replaced
    opened: list[str] = []
    monkeypatch.setattr("bsg_desktop.ui.menus.NewGameDialog.exec",
                        lambda self: opened.append("new") or 0)

    def chooser(*_a: object) -> str:
        opened.append("open")
        return ""  # the player closes the file dialog

    win.ask_open_path = chooser
    win.act_new.trigger()
    win.act_open.trigger()
    assert cancel.times == 3 and opened == []
    # Save: the game goes to its file (Save as asks where) and the question is answered
    target = tmp_path / "kept.bsgx.json"
    win.ask_save_path = lambda _start: str(target)
    win.ask_unsaved = save = Asked(B.Save)
    win.act_new.trigger()
    assert save.times == 1 and opened == ["new"]
    saved = json.loads(target.read_text(encoding="utf-8"))
    assert saved["choices"] == [str(c) for c in choices]
    # saved and unchanged: nothing to ask any more
    win.ask_unsaved = never = Asked(B.Cancel)
    win.act_open.trigger()
    assert never.times == 0 and opened == ["new", "open"]
    # Discard: the window closes without a file written
    play(win, 2, seed=2)
    win.ask_unsaved = discard = Asked(B.Discard)
    win.close()
    assert discard.times == 1 and not win.isVisible()
    assert json.loads(target.read_text(encoding="utf-8"))["choices"] == saved["choices"]


def test_the_question_box_offers_save_discard_cancel(make_window):  # type: ignore[no-untyped-def]
    win = make_window()
    box = win.unsaved_box()
    assert box.standardButtons() == B.Save | B.Discard | B.Cancel
    assert box.defaultButton() is box.button(B.Save)
    assert box.escapeButton() is box.button(B.Cancel)
    assert "not saved" in box.text()


def test_a_finished_game_is_asked_about_until_saved(make_window, tmp_path):  # type: ignore[no-untyped-def]
    """Once thrown away a finished game can no longer be reviewed: it is asked about."""
    win = make_window()
    win.ask_unsaved = asked = Asked(B.Cancel)
    win.start_game(Setup(players=3), seed=2)
    c = win.controller
    rng = random.Random(4)
    for _ in bounded():  # type: ignore[union-attr]
        if c.game.outcome is not None:
            break
        c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
    assert not win.keep_or_leave() and asked.times == 1
    assert win.save_to(tmp_path / "over.bsgx.json")
    assert win.keep_or_leave() and asked.times == 1


def test_autosave_holds_the_new_game_from_its_first_moment(make_window, tmp_path):  # type: ignore[no-untyped-def]
    auto = tmp_path / "autosave.bsgx.json"
    win = make_window()
    win.start_game(Setup(players=3), seed=8)
    play(win, 30)
    old = json.loads(auto.read_text(encoding="utf-8"))
    assert old["seed"] == 8 and old["choices"]
    # a new game replaces it at once, before its first turn is over
    win.ask_unsaved = Asked(B.Discard)
    win.start_game(Setup(players=5), seed=77)
    data = json.loads(auto.read_text(encoding="utf-8"))
    assert data["seed"] == 77 and data["choices"] == []
    assert data["desktop"]["summary"]["turn"] == 1
    # killed now (no close event): the next start offers and loads exactly that game
    again = make_window()
    again.offer_resume()
    page = again.start_page
    assert again.stack.currentWidget() is page
    assert not page.continue_button.isHidden()
    assert page.note.text()  # it says the last session stopped unexpectedly
    assert "Turn 1" in page.continue_button.text()
    assert len(data["desktop"]["summary"]["characters"]) == 5
    page.continue_button.click()
    g = again.controller.game
    assert g is not None and g.seed == 77 and g.n == 5 and not g.choices
    assert again.stack.currentWidget() is not page


def test_start_screen_continue_after_a_normal_quit(make_window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    win = make_window()
    win.show()
    win.start_game(Setup(players=4, names=("Ann", "Béla", "Cy", "Dora")), seed=3)
    play(win, 12)
    turn = win.controller.game.turn  # type: ignore[union-attr]
    win.save_to(tmp_path / "four.bsgx.json")  # saved: quitting asks nothing
    win.ask_unsaved = never = Asked(B.Cancel)
    win.close()
    assert never.times == 0

    nxt = make_window()
    nxt.show()
    nxt.offer_resume()
    page = nxt.start_page
    assert nxt.stack.currentWidget() is page and not page.continue_button.isHidden()
    assert not page.note.isVisible()  # a clean quit is no crash
    words = page.continue_button.text()
    assert f"Turn {turn}" in words and "Ann" in words and "Dora" in words
    assert page.continue_button.accessibleDescription()
    assert page.continue_button.hasFocus() or nxt.focusWidget() is page.continue_button
    for b in (page.new_button, page.open_button, page.learn_button):
        assert b.isVisible() and b.text()
    qtbot.mouseClick(page.continue_button, Qt.MouseButton.LeftButton)
    assert nxt.controller.game is not None and nxt.controller.game.turn == turn
    # the autosave never becomes the user's file: the game goes on under its own
    assert nxt.path == tmp_path / "four.bsgx.json" and nxt.path != nxt.controller.autosave_path


def test_no_continue_without_an_unfinished_game(make_window, tmp_path):  # type: ignore[no-untyped-def]
    win = make_window()
    win.offer_resume()
    assert win.stack.currentWidget() is win.start_page
    assert win.start_page.continue_button.isHidden()
    (tmp_path / "autosave.bsgx.json").write_bytes(b"\x89PNG\x00\x01")  # not a save at all
    win.show_start()
    assert win.start_page.continue_button.isHidden()


def test_title_names_the_file_and_marks_unsaved_moves(make_window, tmp_path):  # type: ignore[no-untyped-def]
    win = make_window()
    win.start_game(Setup(players=4), seed=6)
    assert "unsaved game" in win.windowTitle() and win.isWindowModified()
    path = tmp_path / "friday.bsgx.json"
    assert win.save_to(path)
    assert "friday.bsgx.json" in win.windowTitle() and not win.isWindowModified()
    play(win, 1)
    assert win.isWindowModified() and "friday.bsgx.json" in win.windowTitle()
    # the autosave remembers which file the game belongs to; Continue names it
    auto = json.loads((tmp_path / "autosave.bsgx.json").read_text(encoding="utf-8"))
    assert auto["desktop"]["summary"]["file"] == "friday.bsgx.json"
    other = make_window()
    other.show_start()
    assert "friday.bsgx.json" in other.start_page.continue_button.text()
    # a new game forgets the old name at once
    win.ask_unsaved = Asked(B.Discard)
    win.start_game(Setup(players=3), seed=1)
    assert "friday" not in win.windowTitle() and win.isWindowModified()
    assert win.open_path(path)
    assert "friday.bsgx.json" in win.windowTitle() and not win.isWindowModified()


def test_about_shows_the_version(make_window, monkeypatch):  # type: ignore[no-untyped-def]
    from bsg_desktop import __version__

    shown: list[str] = []
    monkeypatch.setattr("bsg_desktop.ui.menus.QMessageBox.about",
                        lambda _parent, _title, body: shown.append(body))
    win = make_window()
    win.act_about.trigger()
    assert shown and __version__ in shown[0]


def test_discard_on_quit_leaves_nothing_for_continue(make_window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    win = make_window()
    win.show()
    win.start_game(Setup(players=4), seed=3)
    play(win, 5)
    win.ask_unsaved = Asked(B.Discard)
    win.close()
    nxt = make_window()
    nxt.show()
    nxt.offer_resume()
    assert nxt.start_page.continue_button.isHidden()


def test_continue_goes_on_under_the_games_own_file(make_window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    win = make_window()
    win.show()
    win.start_game(Setup(players=4), seed=3)
    play(win, 5)
    mine = tmp_path / "mine.bsgx.json"
    assert win.save_to(mine)
    win.close()
    nxt = make_window()
    nxt.show()
    nxt.offer_resume()
    assert nxt.resume_autosave()
    assert "mine.bsgx.json" in nxt.windowTitle() and not nxt.isWindowModified()
    nxt.ask_unsaved = never = Asked(B.Cancel)
    assert nxt.keep_or_leave() and never.times == 0  # no move since: nothing to ask
    play(nxt, 2)
    assert nxt.isWindowModified() and nxt.save()  # Ctrl+S writes the same file, no dialog
    assert nxt.path == mine and not nxt.isWindowModified()



def test_play_solo_is_one_click_from_the_start_screen(make_window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """A newcomer's first click: the start screen offers Play solo first, and it starts
    a game of four, the player in one seat and computers at the default level in the
    others, characters dealt, with no dialog in between (even if the last table, which
    New game remembers, was four friends)."""
    from bsg_desktop.ui.controller import COMPUTER, HUMAN
    from bsg_desktop.ui.dialogs import default_bot_level

    win = make_window()
    win.show()
    qtbot.waitExposed(win)
    win.settings.set_new_game(4, ["A", "B", "C", "D"], [HUMAN] * 4, "random", True)
    win.show_start()
    page = win.start_page
    assert page.first_button() is page.solo_button and page.solo_button.isVisible()
    qtbot.mouseClick(page.solo_button, Qt.MouseButton.LeftButton)
    c = win.controller
    assert c.game is not None and c.game.n == 4 and not c.game.setup.morale_variant
    assert c.seat_kinds == [HUMAN, COMPUTER, COMPUTER, COMPUTER]
    assert c.bot_level == default_bot_level() == "strong"
    assert len({p.character for p in c.game.players}) == 4
    assert win.stack.currentWidget() is not page
