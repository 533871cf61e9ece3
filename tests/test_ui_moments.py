"""The moments that matter: a short banner on the board for the jump, a crisis averted
or failed, a reveal, the brig and the game's end, with the log line; the prepared jump
shown on the board; your own roll when the game put in your only die; all of it off
with one Settings switch, and none of it holding the game up."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from loops import bounded
from PySide6.QtCore import QPoint, QRect, Qt  # noqa: E402

from bsg_desktop.engine import Event, Setup  # noqa: E402
from bsg_desktop.i18n import set_language, tr  # noqa: E402
from bsg_desktop.present.moments import MOMENT_OF  # noqa: E402
from bsg_desktop.present.moments import headline as moment_headline  # noqa: E402
from bsg_desktop.present.pace import read_ms  # noqa: E402
from bsg_desktop.ui.moments import COLOURS  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402


@pytest.fixture
def make(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    made: list[MainWindow] = []

    def build(moments: bool = True) -> MainWindow:
        s = Settings(tmp_path / f"s{len(made)}.ini")
        s.set_moments(moments)
        w = MainWindow(settings=s, autosave_path=None, bot_delay_ms=0, animate=True,
                       pace="normal")  # banners as long as a player sees them
        qtbot.addWidget(w)
        w.resize(1280, 720)
        w.show()
        made.append(w)
        return w

    yield build
    set_language("en")
    for w in made:
        w.controller.stop()


def test_moments_show_briefly_with_the_log_line(make, qtbot):  # type: ignore[no-untyped-def]
    win = make()
    assert win.act_moments.isChecked()
    c = win.controller
    seen: set[str] = set()
    rolls = 0
    for seed in range(5, 15):  # whole games until the moments asked for were met
        if {"failed", "end"} <= seen and len(seen) >= 3 and rolls >= 1:
            break
        win.start_game(Setup(players=4), seed)
        rng = random.Random(seed - 2)
        for _ in bounded():  # type: ignore[union-attr]
            if c.game.outcome is not None:
                break
            c.unlock()
            before = len(c.game.events)  # type: ignore[union-attr]
            shown = win.moment.shown_count
            c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
            new = [e for e in c.game.events[before:] if e.to is None]  # type: ignore[union-attr]
            big = [e for e in new if e.kind in MOMENT_OF]
            m = win.moment
            if big:
                assert m.shown_count == shown + 1 and m.isVisible()
                assert m.kind in {MOMENT_OF[e.kind] for e in big}
                # as long as its words take to read: two lines at least 2.5 s
                shown = m.line.text() if m.line.isVisibleTo(m) else ""
                assert m.duration() == read_ms(m.headline.text(), shown, "normal")
                assert m.duration() >= (2500 if shown else 1000)
                assert m.line.text() in [win.log.describer.describe(e) for e in big]
                seen.add(m.kind)
            elif m.kind == "roll" and m.shown_count == shown + 1:
                rolls += 1
                assert m.headline.text() == tr("ui.moment.roll")
                assert c.last_choice.verb != "contribute"  # type: ignore[union-attr]
            # a roll moment never survives the hand-over to the next player
            if win.handing_over():
                assert not (m.isVisible() and m.kind == "roll")
    assert {"failed", "end"} <= seen and len(seen) >= 3 and rolls >= 1
    assert win.moment.headline.text().endswith("win!")


def test_moments_never_hold_the_game_up(make, qtbot):  # type: ignore[no-untyped-def]
    win = make()
    win.start_game(Setup(players=4), 5)
    c = win.controller
    rng = random.Random(3)
    for _ in bounded():
        if win.moment.isVisible():
            break
        c.unlock()
        c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
    c.unlock()
    if win.handing_over():
        win.handover.button.click()
    # the choices are there and work while the banner is still up
    n = len(c.game.choices)  # type: ignore[union-attr]
    win.panel.click_choice(c.game.pending.options[0])  # type: ignore[union-attr]
    assert len(c.game.choices) == n + 1  # type: ignore[union-attr]
    # and it goes once read (played to its end here rather than waited out)
    win.moment.anim.setCurrentTime(win.moment.duration())
    assert not win.moment.isVisible()


def test_settings_switch_turns_moments_off(make, qtbot):  # type: ignore[no-untyped-def]
    win = make(moments=False)
    assert not win.act_moments.isChecked()
    win.start_game(Setup(players=4), 5)
    c = win.controller
    rng = random.Random(3)
    for _ in bounded():  # type: ignore[union-attr]
        if c.game.outcome is not None:
            break
        c.unlock()
        c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
    assert win.moment.shown_count == 0  # not even the game's end
    win.act_moments.trigger()
    assert win.settings.moments()


def test_prepared_jump_is_on_the_board(make, qtbot):  # type: ignore[no-untyped-def]
    set_language("hu")
    win = make(moments=False)
    win.set_language("hu")
    c = win.controller
    states = set()
    for seed in range(1, 20):  # games until a jump was prepared and not
        if states == {True, False}:
            break
        win.start_game(Setup(players=4), seed)
        rng = random.Random(seed)
        for _ in range(80):
            g = c.game
            if g.outcome is not None:  # type: ignore[union-attr]
                break
            c.unlock()
            prepared = g.view(None).jump_bonus  # type: ignore[union-attr]
            assert win.scene.shown()["jump_prepared"] == prepared
            states.add(prepared)
            if prepared:
                assert "UGRÁS ELŐKÉSZÍTVE" in win.scene.all_texts()
            c.choose(rng.choice(g.pending.options))  # type: ignore[union-attr]
    assert states == {True, False}


def _fits(label) -> bool:  # type: ignore[no-untyped-def]
    """The label's text, laid out as the label lays it out, fits inside the label."""
    from PySide6.QtGui import QFontMetrics

    label.ensurePolished()
    flags = int(label.alignment()) | (int(Qt.TextFlag.TextWordWrap) if label.wordWrap() else 0)
    need = QFontMetrics(label.font()).boundingRect(
        QRect(0, 0, label.width(), 10_000), flags, label.text())
    return need.width() <= label.width() and need.height() <= label.height()


def test_every_moment_fits_the_board_at_1024_in_hungarian(make, qtbot):  # type: ignore[no-untyped-def]
    set_language("hu")
    win = make()
    win.set_language("hu")
    win.resize(1024, 640)
    win.start_game(Setup(players=4), 5)
    win.controller.unlock()
    qtbot.wait(1)
    describe = win.log.describer.describe  # type: ignore[union-attr]
    bv = win.board_view
    board = QRect(bv.mapTo(win.stack, QPoint(0, 0)), bv.size())
    jump = Event("fleet_jumped", "J2", (("distance", 3),))
    line = describe(Event("jump_penalty", "J5", (("damage", 1), ("demoralize", 2))))
    m = win.moment
    for kind in COLOURS:
        e = Event("game_over", "W1", (("winner", "humans"),)) if kind == "end" else jump
        m.play(kind, moment_headline(kind, e), describe(jump) if kind == "jump" else line)
        m._slide.stop()
        m.move(m._slide.endValue())
        qtbot.wait(1)
        assert _fits(m.headline), (kind, m.headline.text())
        assert m.rect().contains(m.headline.geometry()), kind
        assert board.contains(m.geometry()), (kind, board, m.geometry())


def test_the_jump_moment_says_it_once(make, qtbot):  # type: ignore[no-untyped-def]
    for lang in ("hu", "en"):
        set_language(lang)
        win = make()
        win.set_language(lang)
        win.start_game(Setup(players=4), 5)
        describe = win.log.describer.describe  # type: ignore[union-attr]
        jump = Event("fleet_jumped", "J2", (("distance", 2),))
        win.moment.play("jump", moment_headline("jump", jump), describe(jump))
        shown = [w.text() for w in (win.moment.headline, win.moment.line) if w.isVisible()]
        assert shown == [tr("ui.moment.jump")], shown
        # a line that tells more than the headline is still shown under it
        win.moment.play("failed", moment_headline("failed"), "Morale -1")
        assert win.moment.line.isVisible() and win.moment.line.text() == "Morale -1"
        win.moment.clear()


def test_a_moment_moves_with_the_board_when_the_window_is_resized(make, qtbot):  # type: ignore[no-untyped-def]
    win = make()
    win.resize(1920, 1080)
    win.start_game(Setup(players=4), 5)
    win.controller.unlock()
    qtbot.wait(1)
    describe = win.log.describer.describe  # type: ignore[union-attr]
    jump = Event("fleet_jumped", "J2", (("distance", 3),))
    m = win.moment
    m.play("jump", moment_headline("jump", jump), describe(jump))
    qtbot.wait(300)  # slid in: resting where the big board put it
    wide = m.geometry()
    win.resize(1024, 640)
    bv = win.board_view

    qtbot.wait(50)  # the layout gives the board its new size
    board = QRect(bv.mapTo(win.stack, QPoint(0, 0)), bv.size())
    assert m.isVisible()  # still being read
    assert board.contains(m.geometry()), (board, m.geometry())
    assert abs(m.geometry().center().x() - board.center().x()) <= 2, (board, m.geometry())
    assert m.geometry().width() < wide.width()  # sized for the smaller board too
