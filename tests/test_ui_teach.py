"""Teach mode in the window, driven through its menu, buttons and arrow keys (offscreen).

Every shipped demo is opened from the Learn menu and stepped to its end with the
Forward button and back to its start with the Left arrow; at every step the
board's tokens are read back from the scene and compared with the lesson's game
(the same comparison the hot-seat tests use), and the outlined board parts are
the ones the lesson says changed. Taking over must leave a game the decision
panel offers; broken demo files must be reported with their line, not crash.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from loops import bounded
from PySide6.QtCore import Qt  # noqa: E402
from test_ui import engine_board  # noqa: E402  (tests/ is on sys.path under pytest)

from bsg_desktop.teach import DEMO_DIR, Lesson, list_demos  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402

K9 = DEMO_DIR / "k9_rulebook_example.yaml"


@pytest.fixture
def win(new_window):  # type: ignore[no-untyped-def]
    return new_window((1300, 850))


def assert_lesson_on_board(w: MainWindow) -> None:
    """The scene shows the lesson's game, and glows exactly where the step changed it."""
    le = w.lesson
    assert le is not None
    shown = w.scene.shown()
    for key, value in engine_board(le.game).items():
        assert shown[key] == value, f"step {le.pos}: scene {key} {shown[key]!r} != {value!r}"
    crisis = le.game.view(None).crisis
    assert shown["crisis"] == (crisis.code() if crisis is not None else None)
    assert w.scene.highlighted == le.changed()
    assert bool(w.scene.highlights) == bool(le.changed())
    panel = w.lesson_panel
    assert panel.narration.text() == (le.narration() or "—")
    assert str(le.pos if le.pos else le.length) in panel.progress.text()
    assert panel.back_button.isEnabled() == (not le.at_start)
    assert panel.forward_button.isEnabled() == (not le.at_end)


def test_every_shipped_demo_steps_forward_and_back(win, qtbot):  # type: ignore[no-untyped-def]
    demos = [d for d in win.demos if not d.error]
    assert len(demos) == len(list_demos()) >= 30
    win.menu_learn.aboutToShow.emit()
    titles = [a.text() for m in win.chapter_menus for a in m.actions()]
    for d in demos:
        assert any(t.endswith(" " + d.title("en")) for t in titles), d.title("en")
        win.demo_actions[d.path].trigger()
        le = win.lesson
        assert le is not None and Path(le.scenario.path) == d.path
        assert win.lesson_panel.isVisible() and not win.panel.isVisible()
        assert win.lesson_panel.title.text() == d.title("en")
        start = le.game.view(None)
        assert_lesson_on_board(win)
        for _ in bounded():
            if not win.lesson_panel.forward_button.isEnabled():
                break
            qtbot.mouseClick(win.lesson_panel.forward_button, Qt.MouseButton.LeftButton)
            assert_lesson_on_board(win)
        assert le.at_end and le.pos == le.length
        for _ in bounded():
            if le.at_start:
                break
            pos = le.pos
            qtbot.keyClick(win.board_view, Qt.Key.Key_Left)
            assert le.pos == pos - 1, f"{d.path.name}: Left arrow did not step back"
            assert_lesson_on_board(win)
        assert le.game.view(None) == start
    qtbot.keyClick(win.board_view, Qt.Key.Key_Right)
    assert win.lesson.pos == 1  # type: ignore[union-attr]


def test_narration_and_panel_follow_the_language(win, qtbot):  # type: ignore[no-untyped-def]
    assert win.open_demo(K9)
    win.lesson_goto(5)
    le = win.lesson
    panel = win.lesson_panel
    english = panel.narration.text()
    assert english == le.narration("en") and "Adama" in english  # type: ignore[union-attr]
    assert "Step 5 of 6" in panel.progress.text()
    assert "K8" in panel.rules.text() and "Raider" in panel.rules.text()
    assert {"dradis"} <= set(win.scene.highlighted)
    win.set_language("hu")
    assert panel.narration.text() == le.narration("hu") != english  # type: ignore[union-attr]
    assert "5. lépés / 6" in panel.progress.text()
    assert panel.forward_button.text().startswith("Előre")
    assert win.menu_learn.title() == "&Tanulás"
    win.menu_learn.aboutToShow.emit()  # the teacher opens the menu
    hu_titles = {a.text() for m in win.chapter_menus for a in m.actions()}
    assert any(t.endswith(" " + d.title("hu")) for d in win.demos for t in hu_titles)
    assert win.chapter_menus[0].title() == "1. fejezet: Előkészületek és a játék menete"
    assert_lesson_on_board(win)  # the board was redrawn in Hungarian and still glows
    win.set_language("en")
    assert panel.narration.text() == english


def test_crisis_choice_is_shown_with_its_dice(win):  # type: ignore[no-untyped-def]
    assert win.open_demo(K9)
    panel = win.lesson_panel
    assert len(panel.face_buttons) == 2  # the two crisis dice William Adama picks from
    assert [b.property("picked") for b in panel.face_buttons] == ["true", "false"]
    assert "DRADIS" in panel.next.text()


def test_reset_returns_to_the_start(win, qtbot):  # type: ignore[no-untyped-def]
    assert win.open_demo(K9)
    start = win.lesson.game.view(None)  # type: ignore[union-attr]
    win.lesson_goto(6)
    assert not win.lesson_panel.forward_button.isEnabled()
    qtbot.mouseClick(win.lesson_panel.reset_button, Qt.MouseButton.LeftButton)
    assert win.lesson.pos == 0 and win.lesson.game.view(None) == start  # type: ignore[union-attr]
    assert win.scene.highlights == []
    assert_lesson_on_board(win)


def test_take_over_gives_a_playable_hot_seat_game(win, qtbot):  # type: ignore[no-untyped-def]
    assert win.open_demo(K9)
    win.lesson_goto(2)
    lesson_game = win.lesson.game  # type: ignore[union-attr]
    qtbot.mouseClick(win.lesson_panel.take_over_button, Qt.MouseButton.LeftButton)
    assert win.lesson is None and win.lesson_panel.isHidden() and not win.panel.isHidden()
    c = win.controller
    g = c.game
    assert g is not None and g is not lesson_game
    assert g.choices == lesson_game.choices and g.pending == lesson_game.pending
    # four humans at the table: the screen is passed to the decider first, unless the
    # decision is a public one (`present.handover`), taken on the shared screen
    assert win.handing_over() != c.shared_decision()
    if win.handing_over():
        qtbot.mouseClick(win.handover.button, Qt.MouseButton.LeftButton)
    assert win.stack.currentWidget() is win.game_page and not win.handing_over()
    offered = set(win.panel.buttons)
    assert {str(o) for o in g.pending.options} <= offered  # type: ignore[union-attr]
    before = len(g.choices)
    win.panel.click_choice(g.pending.options[0])  # type: ignore[union-attr]
    assert len(c.game.choices) == before + 1  # type: ignore[union-attr]
    assert win.scene.highlights == []
    shown = win.scene.shown()
    for key, value in engine_board(c.game).items():  # type: ignore[arg-type]
        assert shown[key] == value


def test_close_lesson_brings_the_game_back(win, qtbot):  # type: ignore[no-untyped-def]
    from bsg_desktop.engine import Setup

    win.start_game(Setup(players=3), seed=5)
    choices = list(win.controller.game.choices)  # type: ignore[union-attr]
    assert win.open_demo(K9)
    assert win.scene.players == 4
    qtbot.mouseClick(win.lesson_panel.close_button, Qt.MouseButton.LeftButton)
    assert win.lesson is None and win.scene.players == 3
    assert win.controller.game.choices == choices  # type: ignore[union-attr]
    assert not win.controller.paused


def test_broken_demo_shows_its_line_and_the_app_keeps_running(win, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    bad = tmp_path / "teacher.yaml"
    bad.write_text("players: 4\nseed: 1\nsteps:\n  - choice: pass\n    say: [oops]\n",
                   encoding="utf-8")
    assert not win.open_demo(bad)
    assert "teacher.yaml:5" in win.last_error, win.last_error
    assert win.lesson is None
    # a step the rules reject: reported in the panel with its line, the lesson stays put
    illegal = tmp_path / "illegal.yaml"
    illegal.write_text("players: 4\nsteps:\n  - skip\n  - bogus\n", encoding="utf-8")
    assert win.open_demo(illegal)
    win.lesson_forward()
    win.lesson_forward()
    assert win.lesson.pos == 1  # type: ignore[union-attr]
    assert win.lesson_panel.error.isVisible()
    assert "illegal.yaml:4" in win.lesson_panel.error.text()
    # the app still works: a good demo opens and steps
    assert win.open_demo(K9)
    win.lesson_forward()
    assert win.lesson.pos == 1 and not win.lesson_panel.error.isVisible()  # type: ignore[union-attr]
    # broken files in the Learn list are disabled, with the error as tooltip
    (tmp_path / "good.yaml").write_text(K9.read_text(encoding="utf-8"), encoding="utf-8")
    win.demo_dir = tmp_path  # a folder with no course: its lessons in one chapter
    win.demos = list_demos(tmp_path)
    win.retranslate()
    broken = win.demo_actions[bad]
    assert not broken.isEnabled() and "teacher.yaml:5" in broken.toolTip()
    assert win.demo_actions[tmp_path / "good.yaml"].isEnabled()


def test_lesson_screenshot_command(tmp_path, qtbot):  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QImage

    from bsg_desktop.ui.command import screenshot

    out = tmp_path / "lesson.png"
    screenshot(str(out), size=(800, 500), demo=str(K9), demo_step=5)
    assert QImage(str(out)).width() == 800
    assert Lesson.open(K9).length == 6


def test_new_game_dialog_offers_every_bot_level(win, tmp_path):  # type: ignore[no-untyped-def]
    from bsg_desktop.bots import LEVELS
    from bsg_desktop.engine import Setup
    from bsg_desktop.ui.controller import COMPUTER, HUMAN
    from bsg_desktop.ui.dialogs import NewGameDialog, default_bot_level

    dlg = NewGameDialog(win.comp, win)
    offered = [dlg.level.itemData(i) for i in range(dlg.level.count())]
    assert sorted(offered) == sorted(LEVELS)
    assert dlg.bot_level() == default_bot_level()
    # a solo player meets the level the dice are calibrated for, as seat 1 of four
    assert dlg.bot_level() == "strong"
    assert dlg.result_setup()[2] == [HUMAN, COMPUTER, COMPUTER, COMPUTER]
    # the chosen level is the one the computer seats play, and it survives a save
    level = offered[-1]
    win.controller.bot_level = level
    win.start_game(Setup(players=3), seed=2, seat_kinds=[HUMAN, COMPUTER, COMPUTER])
    assert {type(b) for b in win.controller.bots.values()} == {LEVELS[level]}
    path = tmp_path / "g.bsgx.json"
    assert win.save_to(path)
    win.controller.bot_level = "random"
    assert win.open_path(path) and win.controller.bot_level == level
    dlg.close()


def test_highlight_narrows_to_the_changed_spots(win):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QPointF

    assert win.open_demo(K9)
    win.lesson_goto(6)  # the penalty: one damage marker, the jump track moves 0 -> 1
    damaged = win.lesson.game.view(None).damage  # type: ignore[union-attr]
    assert len(damaged) == 1
    boxes = [it.sceneBoundingRect() for it in win.scene.highlights]

    def lit(anchor: str) -> bool:
        return any(b.contains(QPointF(*win.scene.board.anchor(anchor))) for b in boxes)

    assert lit(f"damage.{damaged[0]}")
    others = [d.id for d in win.comp.damage_locations if d.id != damaged[0]]
    assert not any(lit(f"damage.{d}") for d in others)
    assert lit("jump.0") and lit("jump.1") and not lit("jump.3")
    win.lesson_back()
    win.lesson_back()  # step 4, a plain pass: nothing on the board moved, nothing glows
    assert win.scene.highlights == []
    assert win.scene.highlighted == win.lesson.changed()  # type: ignore[union-attr]


def test_contribute_step_names_the_dice_it_picks(win):  # type: ignore[no-untyped-def]
    assert win.open_demo(DEMO_DIR / "d7_d8_contribute_and_reroll.yaml")
    win.lesson_goto(3)  # Baltar rolled four dice; the script contributes one of them
    panel = win.lesson_panel
    assert len(panel.face_buttons) == 4
    assert [b.property("picked") for b in panel.face_buttons].count("true") == 1
    assert "Contribute +2" in panel.next.text() and "contribute:" not in panel.next.text()


def test_a_finished_lesson_is_remembered_and_the_next_one_offered(new_window, qtbot):  # type: ignore[no-untyped-def]
    """Step a course lesson to its end: the Learn menu ticks it (in a window opened
    later with the same settings too), and the panel's button opens the next lesson,
    across a chapter's end as well."""
    from bsg_desktop.teach import course

    chapters = course()
    win = new_window((1280, 720))
    last_of_first = chapters[0].lessons[-1]
    assert win.open_demo(last_of_first.path)
    button = win.lesson_panel.next_lesson_button
    assert not button.isVisible()  # not before the lesson's end
    for _ in bounded():
        if win.lesson.at_end:  # type: ignore[union-attr]
            break
        win.lesson_forward()
    assert button.isVisible() and chapters[1].numbered(0) in button.text()
    assert last_of_first.path.stem in win.settings.lessons_done()
    win.menu_learn.aboutToShow.emit()
    assert win.demo_actions[last_of_first.path].text().endswith("✓")
    assert not win.demo_actions[chapters[1].lessons[0].path].text().endswith("✓")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert Path(win.lesson.scenario.path) == chapters[1].lessons[0].path  # type: ignore[union-attr]
    assert not button.isVisible()
    # the same settings file read again, as after a restart
    from bsg_desktop.ui.settings import Settings

    assert last_of_first.path.stem in Settings(win.settings.path).lessons_done()
