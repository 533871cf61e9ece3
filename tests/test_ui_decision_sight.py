"""The decision always in sight: at laptop sizes, in English and Hungarian, for every
decision kind a solo player meets in seeded whole games (computers play the other
seats), the question is on screen and every choice, or at least the focused one once
scrolled to, lies inside the panel's visible area; no level offers more than nine
choices, each numbered with its key; Reveal comes first; the crisis tiles wear their
buttons' numbers.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from loops import bounded  # noqa: E402
from PySide6.QtCore import QEvent, QRect, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.ui.controller import COMPUTER, HUMAN  # noqa: E402
from bsg_desktop.ui.window import LOG_KEEP, MainWindow  # noqa: E402

SIZES = [(1024, 640), (1280, 720), (1366, 768)]
# the decision kinds the solo player (seat 0) meets in the seeded games below; a game
# stops once all have been checked, so the second seed plays only up to its jump
MET = {"action", "join", "contribute", "reroll", "influence", "crisis_die", "retrieve",
       "remove_ship", "jump_die", "jump_penalty"}


def box(w: QWidget, inside: QWidget) -> QRect:
    return QRect(w.mapTo(inside, w.rect().topLeft()), w.size())


def assert_in_sight(win: MainWindow, qtbot, kind: str) -> None:  # type: ignore[no-untyped-def]
    panel = win.panel
    assert panel.rect().contains(box(panel.sentence, panel)), ("question", kind)
    assert panel.sentence.isVisible() and panel.sentence.text()
    assert 0 < len(panel.keyed) <= 9, (kind, len(panel.keyed))
    for i, b in enumerate(panel.keyed, 1):
        hint = getattr(b, "key_hint", None)  # a die wears its number as its text
        assert (hint.text() if hint is not None else b.text()) == str(i), (kind, i)
    view = panel.scroll.viewport()
    try:
        qtbot.waitUntil(lambda: QApplication.focusWidget() in panel.keyed, timeout=2000)
    except Exception:
        raise AssertionError((kind, QApplication.focusWidget(), win.size().toTuple(),
                              [b.text() for b in panel.keyed])) from None
    focused = QApplication.focusWidget()
    assert focused is panel.keyed[0], (kind, "the first choice has the focus")
    assert view.rect().contains(box(focused, view)), (kind, "focused choice")
    # Tab / Down to every choice: each is scrolled into view as the focus reaches it
    for b in panel.keyed[1:]:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
        qtbot.waitUntil(lambda b=b: view.rect().contains(box(b, view)) and b.hasFocus(),
                        timeout=2000)
    h = win.right.height() - win.right.handleWidth()
    assert win.panel.height() >= min(panel.needed_height(), h - 80) - 2, \
        ("the log only gets the height the question and choices leave", kind)
    if panel.needed_height() <= h - LOG_KEEP:  # the secrets and status scroll, not the log
        assert win.bottom.height() >= LOG_KEEP - 2, ("the log keeps its lines", kind)


def resized(win: MainWindow, size: tuple[int, int]) -> None:
    win.resize(*size)
    QApplication.processEvents()
    win.panel.keyed[0].setFocus()   # where a new decision puts it (checked at the first size)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_decision_kind_in_sight_at_laptop_sizes(new_window, qtbot, lang):  # type: ignore[no-untyped-def]
    """The seeded games are played once; the first time a kind comes up, the window
    takes each laptop size in turn and the decision is checked at each. Every kind in
    ``MET`` must come up."""
    set_language(lang)
    win = new_window(SIZES[0])
    win.set_language(lang)
    c = win.controller
    c.bot_level = "heuristic"
    seen: set[str] = set()
    checked_reveal = grouped = 0
    for seed in (3, 7):
        if win.game_over_dialog is not None:  # the last game's end was seen
            win.game_over_dialog.close()
            win.activateWindow()
        win.resize(*SIZES[0])
        win.start_game(Setup(players=5), seed, [HUMAN] + [COMPUTER] * 4)
        rng = random.Random(seed)
        for _ in bounded(400):
            c.play_bots_now()
            g = c.game
            if g.outcome is not None or seen >= MET:
                break
            if c.roll_to_see() is not None:
                c.acknowledge_roll()
                continue
            c.unlock()
            if win.own_dialog is not None:  # "You are now a Cylon": read, then on
                win.own_dialog.button.click()
                # offscreen, the box's deletion leaves no window active (a window
                # manager gives the keys back to the game): do what it does
                QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
                win.activateWindow()
                qtbot.waitUntil(win.isActiveWindow, timeout=2000)
            p = g.pending
            if p.kind not in seen and p.seat == 0:
                QApplication.processEvents()
                for i, size in enumerate(SIZES):
                    if i:
                        resized(win, size)
                    assert_in_sight(win, qtbot, f"{p.kind} at {size}")
                    if win.panel.group_buttons:  # a second step is in sight as well
                        win.panel.group_buttons[next(iter(win.panel.group_buttons))].click()
                        assert_in_sight(win, qtbot, f"{p.kind} (second step) at {size}")
                        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
                        grouped += 1
                resized(win, SIZES[0])
                seen.add(p.kind)
            if any(o.verb == "a9" for o in p.options):
                assert win.panel.keyed[0] is win.panel.buttons[
                    str(next(o for o in p.options if o.verb == "a9"))]
                checked_reveal += 1
            c.choose(rng.choice(p.options))
    assert seen >= MET, MET - seen
    assert grouped, "a turn with more than nine choices was reached"
    c.stop()


def test_crisis_tiles_wear_their_buttons_numbers(new_window, qtbot):  # type: ignore[no-untyped-def]
    win = new_window((1280, 720))
    c = win.controller
    win.start_game(Setup(players=4), 5)
    rng = random.Random(1)
    for _ in bounded():
        g = c.game
        if g.outcome is not None:
            win.start_game(Setup(players=4), rng.randrange(1000))
            continue
        c.unlock()
        if g.pending.kind == "crisis_die":
            break
        c.choose(rng.choice(g.pending.options))
    panel = win.panel
    for text, b in panel.buttons.items():
        if text.endswith("#face"):
            button = panel.buttons[text.removesuffix("#face")]
            assert b.text() == button.key_hint.text()  # type: ignore[attr-defined]
            assert b not in panel.keyed


def test_escape_from_a_menu_gives_continue_its_focus_back(new_window, qtbot):  # type: ignore[no-untyped-def]
    # a message box an earlier test of the run left open would hold the keys (it is
    # modal, so the focus rightly stays with it): this test starts without one
    for w in QApplication.topLevelWidgets():
        if w.isVisible() and w.isModal():
            w.close()
    win = new_window((1280, 720))
    win.start_game(Setup(players=3), 2)
    assert win.handing_over()
    button = win.handover.button
    qtbot.waitUntil(button.hasFocus)
    edit = win.menuBar().actions()[1].menu()
    win.menuBar().setActiveAction(win.menuBar().actions()[1])
    qtbot.waitUntil(edit.isVisible)
    qtbot.keyClick(edit, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not edit.isVisible())
    win.menuBar().setFocus()  # Qt leaves the keys with the bar after Escape
    win._menu_closed()
    qtbot.waitUntil(button.hasFocus)
    assert not edit.isVisible()


def _reach(pred, seed: int):  # type: ignore[no-untyped-def]
    """The first decision that ``pred`` accepts in seeded random 5-player games, from
    ``seed`` on (a game that ends without one gives way to the next seed, so the test
    does not hang on how one seed happens to deal)."""
    from bsg_desktop.engine import new_game

    for n in range(seed, seed + 40):
        g = new_game(Setup(players=5), n)
        rng = random.Random(n)
        for _ in bounded(3000):
            if g.pending is None:
                break
            if pred(g.pending):
                return g
            g.apply(rng.choice(g.pending.options))
    raise AssertionError("no such decision")


def test_reveal_first_and_too_many_choices_behind_more(new_window, qtbot):  # type: ignore[no-untyped-def]
    win = new_window((1024, 640))
    c = win.controller
    g = _reach(lambda p: any(o.verb == "a9" for o in p.options), 0)
    c.adopt(g.copy(), [HUMAN if s == g.pending.seat else COMPUTER for s in range(g.n)])
    qtbot.wait(5)
    panel = win.panel
    reveal = next(o for o in g.pending.options if o.verb == "a9")
    assert panel.keyed[0] is panel.buttons[str(reveal)]
    assert panel.keyed[0].objectName() == "reveal" and len(panel.keyed) <= 9
    # more than nine plain choices (Roslin's dice): eight, then "More choices…"
    g = _reach(lambda p: p.kind == "influence" and len(p.options) > 9, 7)
    c.adopt(g.copy(), [HUMAN if s == g.pending.seat else COMPUTER for s in range(g.n)])
    qtbot.wait(5)
    assert len(panel.keyed) == 9 and "more" in panel.group_buttons
    assert panel.keyed[8] is panel.group_buttons["more"]
    last = g.pending.options[-1]
    panel.click_choice(last)  # through "More choices…", as the player would
    assert c.game.choices[-1] == last


def test_log_ends_on_its_last_line_without_blank_lines(new_window, qtbot):  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QFontMetrics

    win = new_window((1024, 640))
    c = win.controller
    win.start_game(Setup(players=5), 3, [HUMAN] + [COMPUTER] * 4)
    rng = random.Random(3)
    for _ in range(30):
        c.play_bots_now()
        if c.game.outcome is not None:
            break
        if c.roll_to_see() is not None:
            c.acknowledge_roll()
            continue
        c.choose(rng.choice(c.game.pending.options))
    for _ in range(3):  # on to the player's own next decision
        c.play_bots_now()
        if c.roll_to_see() is not None:
            c.acknowledge_roll()
    assert c.game.outcome is None and c.pending_seat == 0
    win.act_side.trigger()  # F9 away and back: the choices keep the room, the log ends
    win.act_side.trigger()
    qtbot.wait(20)
    log = win.log
    assert log.count() > 5 and log.height() > 30
    last = log.visualItemRect(log.item(log.count() - 1))
    assert log.viewport().rect().contains(last), "the last line is in sight"
    fm = QFontMetrics(log.font())
    for i in range(log.count()):
        it = log.item(i)
        r = log.visualItemRect(it)
        # the width Qt wraps the text at: the line less its padding (3 px a side) and
        # the style's text margin (3 px a side); measured wider, a line that wraps there
        # looked like one with a blank line under it
        need = fm.boundingRect(0, 0, r.width() - 12, 10_000,
                               int(Qt.TextFlag.TextWordWrap), it.text()).height()
        assert r.height() <= need + fm.lineSpacing() * 0.6 + 8, ("a blank line", it.text())
    panel = win.panel
    qtbot.waitUntil(lambda: QApplication.focusWidget() in panel.keyed)
    for _ in range(len(panel.keyed) - 1):  # Down to the last choice: it is scrolled to
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    view = panel.scroll.viewport()
    qtbot.waitUntil(lambda: view.rect().contains(box(QApplication.focusWidget(), view)))
