"""Keyboard and accessibility: a whole hot-seat game played by key events only, what
screen readers are told (through Qt's accessibility interfaces), focus rings, F11,
and 4.5:1 contrast for every text widget on the window's palette.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from loops import bounded
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QAccessible, QColor  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton,
    QApplication,
    QLabel,
    QListWidget,
    QStatusBar,
    QWidget,
)

from bsg_desktop.engine import Choice, Setup  # noqa: E402
from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.present.words import projected_total  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402


@pytest.fixture
def win(new_window):  # type: ignore[no-untyped-def]
    return new_window((1280, 720))


def key(qtbot, k: Qt.Key) -> None:  # type: ignore[no-untyped-def]
    """A key press where a keyboard player's press goes: the focused widget (after the
    event loop has run, as it has between any two real key presses)."""
    QApplication.processEvents()
    target = QApplication.focusWidget()
    assert target is not None, "something must have the keyboard focus"
    qtbot.keyClick(target, k)


DIGITS = [Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4, Qt.Key.Key_5,
          Qt.Key.Key_6, Qt.Key.Key_7, Qt.Key.Key_8, Qt.Key.Key_9]


def choose_by_keys(win: MainWindow, qtbot, choice: Choice) -> None:  # type: ignore[no-untyped-def]
    panel = win.panel
    if choice.verb == "contribute" and panel.contribute_button is not None:
        order = list(panel.die_buttons)
        for die in choice.args:
            key(qtbot, DIGITS[order.index(int(die))])
        assert panel.selected_dice() == tuple(sorted(int(d) for d in choice.args)), (
            QApplication.focusWidget(), panel.selected_dice(), order)
        key(qtbot, Qt.Key.Key_Return)
        return
    assert len(panel.keyed) <= 9, "every choice of a level has its number key"
    if str(choice) not in panel.buttons:  # a target: first the action, then the target
        group = next(g for g, m in panel._group_members.items() if choice in m)
        key(qtbot, DIGITS[panel.keyed.index(panel.group_buttons[group])])
        assert panel.back_button is not None and len(panel.keyed) <= 9
        if group != "more":  # Escape goes back, and the action opens again
            key(qtbot, Qt.Key.Key_Escape)
            qtbot.waitUntil(lambda: QApplication.focusWidget() is panel.group_buttons[group])
            key(qtbot, Qt.Key.Key_Return)
    button = panel.buttons[str(choice)]
    i = panel.keyed.index(button)
    key(qtbot, DIGITS[i])


def test_whole_game_by_key_events_only(win, qtbot):  # type: ignore[no-untyped-def]
    win.start_game(Setup(players=3), seed=12)
    c = win.controller
    rng = random.Random(8)
    steps = handovers = walked = rolls = 0
    for _ in bounded():  # type: ignore[union-attr]
        if c.game.outcome is not None:
            break
        if c.roll_to_see() is not None:  # the game put in a player's die: they saw it
            QApplication.processEvents()
            assert QApplication.focusWidget() is win.panel.roll_button
            key(qtbot, Qt.Key.Key_Return if rolls % 2 else Qt.Key.Key_1)
            rolls += 1
            continue
        if win.handing_over():
            assert QApplication.focusWidget() is win.handover.button
            key(qtbot, Qt.Key.Key_Return if handovers % 2 else Qt.Key.Key_Space)
            handovers += 1
            continue
        g = c.game
        rolls += c.table_roll() is not None  # beside a decision taken on the shared screen
        choice = rng.choice(g.pending.options)  # type: ignore[union-attr]
        before = len(g.choices)  # type: ignore[union-attr]
        walked += str(choice) not in win.panel.buttons  # a second step
        choose_by_keys(win, qtbot, choice)
        assert len(c.game.choices) == before + 1, choice  # type: ignore[union-attr]
        assert c.game.choices[-1] == choice  # type: ignore[union-attr]
        steps += 1
        assert steps < 2000
    assert handovers > 5 and steps > 20 and walked > 0 and rolls > 0


def test_number_keys_and_full_screen(win, qtbot):  # type: ignore[no-untyped-def]
    win.start_game(Setup(players=4), seed=3)
    win.controller.unlock()
    panel = win.panel
    qtbot.wait(5)  # the first choice takes the focus once it is on screen
    assert panel.keyed and panel.keyed[0].hasFocus()
    first = panel.keyed[0]
    assert first.key_hint is not None and first.key_hint.text() == "1"  # type: ignore[attr-defined]
    qtbot.keyClick(win, Qt.Key.Key_F11)
    assert win.isFullScreen() and win.act_full.isChecked()
    qtbot.keyClick(win, Qt.Key.Key_F11)
    assert not win.isFullScreen()
    assert win.act_full.text() == "&Full screen"


def test_one_way_to_contribute_shows_the_total_first(win, qtbot):  # type: ignore[no-untyped-def]
    win.start_game(Setup(players=4), seed=5)
    c = win.controller
    rng = random.Random(2)
    seen = actions = 0
    for _ in range(1500):
        g = c.game
        if g.outcome is not None or (seen >= 3 and actions):  # type: ignore[union-attr]
            break
        c.unlock()
        p = g.pending  # type: ignore[union-attr]
        if p.kind == "contribute":
            panel = win.panel
            assert panel.contribute_button is not None and not panel.contribute_button.isEnabled()
            opt = rng.choice([o for o in p.options if o.verb == "contribute"])
            for die in opt.args:
                panel.die_buttons[int(die)].click()
            assert not c.game.choices or c.game.choices[-1] != opt or seen  # nothing yet
            view = c.view_for_screen()
            values = dict((int(d), v) for d, _k, v in view.info_dict()["rolled"])
            want = projected_total(view, [values[int(d)] for d in opt.args])
            said = panel.total_label.text()  # type: ignore[union-attr]
            number = str(want).replace("-", "\u2212")  # a true minus, as on the dice
            if view.check is None:  # an action's roll has no difficulty to reach
                assert f"add up to {number}." in said and "?" not in said, said
                actions += 1
            else:
                assert f"reach {number} of {view.check.difficulty}." in said, said
            # the engine agrees with the promise
            after = g.copy()  # type: ignore[union-attr]
            after.apply(opt)
            assert after.check is None or after.check.total == want or \
                any(e.kind == "check_result" for e in after.events[-6:])
            panel.contribute_button.click()
            assert c.game.choices[-1] == opt  # type: ignore[union-attr]
            seen += 1
            continue
        c.choose(rng.choice(p.options))
    assert seen >= 3 and actions, (seen, actions)


def acc(widget: QWidget) -> tuple[str, str]:
    i = QAccessible.queryAccessibleInterface(widget)
    assert i is not None and i.isValid()
    return i.text(QAccessible.Text.Name), i.text(QAccessible.Text.Description)


def test_screen_readers_are_told_dice_options_seats_and_board(win, qtbot):  # type: ignore[no-untyped-def]
    set_language("hu")
    win.set_language("hu")
    win.start_game(Setup(players=4, names=("Anna", "", "", "")), seed=5)
    c = win.controller
    rng = random.Random(2)
    for _ in bounded():  # type: ignore[union-attr]
        if c.game.pending.kind == "contribute":
            break
        c.unlock()
        c.choose(rng.choice(c.game.pending.options))  # type: ignore[union-attr]
    c.unlock()
    view = c.view_for_screen()
    for (_die, _kind, value), b in zip(view.info_dict()["rolled"],
                                        win.panel.die_buttons.values(), strict=True):
        name, desc = acc(b)
        assert "kocka" in name and (f"+{value}" in name or f"\u2212{-value}" in name)
        assert "Billentyű" in desc
    for b in win.panel.buttons.values():
        name, _ = acc(b)
        assert name and name == b.text()
    name, desc = acc(win.board_view)
    assert name == "A játéktábla"
    lines = desc.splitlines()
    assert lines[0].startswith("DRADIS monitor") and "Galactica" in lines[1]
    assert sum("Kockák:" in ln for ln in lines) == 4 and any("Anna" in ln for ln in lines)
    # the public board only: the board text is the same before the hand-over
    c.unlocked = None
    c.unlock_changed.emit()
    assert acc(win.board_view)[1] == desc


def luminance(c: QColor) -> float:
    def ch(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF())


def contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def background(w: QWidget) -> QColor:
    """The colour behind a widget's text: its own styled background, else the nearest
    ancestor's that paints one (transparent ones are looked through)."""
    node: QWidget | None = w
    for _ in bounded():
        if node is None:
            break
        node.ensurePolished()
        col = node.palette().color(node.backgroundRole())
        styled = node.testAttribute(Qt.WidgetAttribute.WA_StyledBackground) or \
            isinstance(node, QAbstractButton | QListWidget) or node.autoFillBackground()
        if styled and col.alpha() == 255 and col.name() != "#efefef":
            return col
        node = node.parentWidget()
    return QColor("#0c1117")  # the main window's own background


def test_every_text_has_4_5_to_1_contrast(win, qtbot):  # type: ignore[no-untyped-def]
    win.offer_resume()
    pages: list[QWidget] = [win.start_page]
    win.start_game(Setup(players=4), seed=3)
    win.controller.unlock()
    win.statusBar().showMessage("Saved to game.bsgx.json")
    pages += [win.game_page, win.statusBar()]
    qtbot.wait(10)  # newly added widgets show once the event loop runs
    assert win.statusBar().isVisible()
    low = []
    for page in pages:
        for w in [page, *page.findChildren(QWidget)]:
            if not w.isVisible():
                continue
            texty = isinstance(w, QLabel | QAbstractButton) and bool(w.text()) or \
                isinstance(w, QStatusBar)
            if not texty:
                continue
            w.ensurePolished()
            fg = w.palette().color(w.foregroundRole())
            ratio = contrast(fg, background(w))
            if ratio < 4.5:
                low.append((type(w).__name__, w.objectName(), fg.name(),
                            background(w).name(), round(ratio, 2)))
    assert not low, low
    log = win.log
    assert contrast(log.palette().color(log.foregroundRole()), QColor("#0f161e")) >= 4.5
