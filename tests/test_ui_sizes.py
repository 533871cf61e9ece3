"""The window at laptop and projector sizes: every choice reachable, nothing cut off
sideways, no widget text under 9 pt, and the suspicion aid never squeezes the choices.

(4K at 200% is checked by screenshot: QT_SCALE_FACTOR is read once, at start.)
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QPoint, QRect  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton,
    QLabel,
    QListWidget,
    QScrollArea,
    QWidget,
)

from bsg_desktop.engine import Setup  # noqa: E402
from bsg_desktop.i18n import set_language  # noqa: E402
from bsg_desktop.ui.settings import Settings  # noqa: E402
from bsg_desktop.ui.window import MainWindow  # noqa: E402


@pytest.fixture
def window(qtbot, tmp_path):  # type: ignore[no-untyped-def]
    made: list[MainWindow] = []

    def make(size: tuple[int, int], lang: str = "en", suspicion: bool = False) -> MainWindow:
        set_language(lang)
        s = Settings(tmp_path / f"s{len(made)}.ini")
        s.set_show_suspicion(suspicion)
        win = MainWindow(settings=s, autosave_path=None, bot_delay_ms=0, animate=False)
        qtbot.addWidget(win)
        win.show()
        win.resize(*size)
        qtbot.waitExposed(win)
        made.append(win)
        return win

    yield make
    set_language("en")
    for w in made:
        w.controller.stop()


def advance_to_many_options(win: MainWindow, seed: int) -> None:
    """Play until the deciding human has at least 5 choices (an action turn)."""
    win.start_game(Setup(players=4), seed)
    c = win.controller
    rng = random.Random(seed)
    for _ in range(400):
        g = c.game
        assert g is not None and g.outcome is None
        c.unlock()
        if len(g.pending.options) >= 5 and g.pending.kind == "action":  # type: ignore[union-attr]
            return
        c.choose(rng.choice(g.pending.options))  # type: ignore[union-attr]
    raise AssertionError("no action decision reached")


def assert_reachable(win: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = win.panel
    assert panel.buttons or panel.die_buttons, "the deciding seat's choices are on the panel"
    view = panel.scroll.viewport()
    holder = panel.scroll.widget()
    assert holder.width() <= view.width() + 1, "nothing may be cut off at the right"
    for b in [*panel.buttons.values(), *panel.die_buttons.values()]:
        panel.scroll.ensureWidgetVisible(b, 0, 0)
        qtbot.wait(1)
        top_left = b.mapTo(view, b.rect().topLeft())
        bottom_right = b.mapTo(view, b.rect().bottomRight())
        assert view.rect().contains(top_left) and view.rect().contains(bottom_right), b.text()


@pytest.mark.parametrize(("size", "lang"), [((1024, 640), "hu"), ((1280, 720), "en")])
def test_every_choice_reachable_at_laptop_sizes(window, qtbot, size, lang):  # type: ignore[no-untyped-def]
    win = window(size, lang)
    advance_to_many_options(win, seed=9)
    win.resize(*size)
    qtbot.wait(5)
    assert (win.width(), win.height()) == size
    assert win.board_view.width() >= 0.6 * size[0], "the board keeps most of the width"
    assert_reachable(win, qtbot)
    # the decision keeps the larger part of the side panel
    assert win.panel.height() > win.bottom.height()


def advance_to_many_dice(win: MainWindow, seed: int, dice: int) -> None:
    """Play until the deciding human picks which of at least `dice` rolled dice go in."""
    win.start_game(Setup(players=4), seed)
    c = win.controller
    rng = random.Random(seed)
    for _ in range(2000):
        g = c.game
        assert g is not None
        if g.outcome is not None:
            win.start_game(Setup(players=4), rng.randrange(10**6))
            continue
        c.unlock()
        view = c.view_for_screen()
        if view is not None and len(view.info_dict().get("rolled") or ()) >= dice:
            return
        c.choose(rng.choice(g.pending.options))  # type: ignore[union-attr]
    raise AssertionError("no contribution with that many dice reached")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_many_dice_wrap_and_the_first_is_in_sight(window, qtbot, lang):  # type: ignore[no-untyped-def]
    win = window((1024, 640), lang)
    advance_to_many_dice(win, seed=4, dice=4)
    win.refresh()
    holder = win.panel.scroll.widget()
    dice = list(win.panel.die_buttons.values())
    assert len(dice) >= 4
    view = win.panel.scroll.viewport()

    def laid_out() -> bool:  # every die inside its row, and the panel as tall as it asks
        return holder.height() >= holder.heightForWidth(holder.width()) and all(
            b.geometry().right() < b.parentWidget().width() <= view.width() for b in dice)

    qtbot.waitUntil(laid_out)
    assert holder.width() <= view.width() + 1, "nothing may be cut off at the right"
    for b in dice:
        row = b.parentWidget()
        assert row.mapTo(view, b.geometry().topRight()).x() <= view.width()
        assert b.geometry().bottom() < row.height(), "a wrapped line is not hidden under the next"
    assert len({b.y() for b in dice}) > 1, "the dice wrap onto a second line"

    def first_in_sight() -> bool:  # the window starts keyboard players on the first die
        first = dice[0]
        box = first.rect().translated(first.mapTo(view, first.rect().topLeft()))
        return first.hasFocus() and view.rect().contains(box)

    qtbot.waitUntil(first_in_sight)
    for label in win.panel.findChildren(QLabel):
        if label.isVisible() and label.wordWrap():
            # the question is pinned above the scroll area, the rest scrolls under it
            inside = view if holder.isAncestorOf(label) else win.panel
            right = label.mapTo(inside, label.rect().topRight()).x()
            assert right <= inside.width(), label.text()  # wrapped, not cut off


def test_suspicion_aid_does_not_squeeze_the_choices(window, qtbot):  # type: ignore[no-untyped-def]
    plain = window((1024, 640))
    advance_to_many_options(plain, seed=9)
    aid = window((1024, 640), suspicion=True)
    advance_to_many_options(aid, seed=9)
    qtbot.wait(5)
    assert aid.bottom.indexOf(aid.suspicion) >= 0 and aid.suspicion.rows
    assert aid.panel.height() >= plain.panel.height() - 2
    assert_reachable(aid, qtbot)
    aid.act_suspicion.trigger()  # off again: the tab goes, the log stays
    assert aid.bottom.indexOf(aid.suspicion) < 0 and aid.bottom.indexOf(aid.log) >= 0
    assert aid.bottom.count() == 1 + (aid.bottom.indexOf(aid.coach_panel) >= 0)  # Help → Coach


def point_size(w: QWidget) -> float:
    w.ensurePolished()
    f = w.font()
    return f.pointSizeF() if f.pointSizeF() > 0 else f.pixelSize() * 72 / 96


def test_no_widget_text_under_9_points(window, qtbot):  # type: ignore[no-untyped-def]
    win = window((1024, 640), "hu")
    win.offer_resume()
    pages = [win.start_page]
    advance_to_many_options(win, seed=4)
    pages.append(win.game_page)
    win.controller.unlocked = None
    win.controller.unlock_changed.emit()
    pages.append(win.handover)
    small = []
    for page in pages:
        for w in page.findChildren(QWidget):
            if isinstance(w, QLabel | QAbstractButton | QListWidget) and point_size(w) < 9:
                small.append((type(w).__name__, w.objectName(), point_size(w)))
    assert not small, small
    for i in range(win.log.count()):
        f = win.log.item(i).font()
        assert f.pointSizeF() < 0 or f.pointSizeF() >= 9


def test_side_panel_folds_away_and_back(window, qtbot):  # type: ignore[no-untyped-def]
    win = window((1024, 640))
    advance_to_many_options(win, seed=9)
    board = win.board_view.width()
    win.act_side.trigger()
    qtbot.wait(5)
    assert win.side.isHidden() and not win.act_side.isChecked()
    assert win.board_view.width() > board + 200  # the board takes the room
    n = len(win.controller.game.choices)  # type: ignore[union-attr]
    win.press_number(1)  # the keys still choose
    assert len(win.controller.game.choices) == n + 1  # type: ignore[union-attr]
    win.act_side.trigger()
    assert not win.side.isHidden()


def ink_width(button: QAbstractButton) -> int:
    """How wide the white lettering is painted (the yellow ring and blue face are not white)."""
    img = button.grab().toImage()
    cols = [x for x in range(img.width())
            if any(min(img.pixelColor(x, y).getRgb()[:3]) > 200 for y in range(img.height()))]
    return cols[-1] - cols[0] + 1 if cols else 0


def test_handover_button_shows_its_whole_text_when_focused(window, qtbot):  # type: ignore[no-untyped-def]
    win = window((1280, 720))
    win._show_page(win.handover)
    win.handover.set_player('Kara "Starbuck" Thrace')
    button = win.handover.button
    button.setFocus()
    qtbot.waitUntil(button.hasFocus)
    natural = ink_width(button)
    button.setFixedWidth(button.width() + 120)  # room to spare: nothing can be clipped
    qtbot.wait(1)
    assert natural > 0 and natural == ink_width(button), "the focus ring must not clip the name"


def _fits(label: QLabel) -> bool:
    """The label's text, laid out as the label lays it out, fits inside the label."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QFontMetrics

    flags = int(label.alignment()) | (int(Qt.TextFlag.TextWordWrap) if label.wordWrap() else 0)
    need = QFontMetrics(label.font()).boundingRect(
        QRect(0, 0, label.width(), 10_000), flags, label.text())
    return need.width() <= label.width() and need.height() <= label.height()


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_start_screen_continue_shows_its_whole_text(window, qtbot, lang):  # type: ignore[no-untyped-def]
    from bsg_desktop.i18n import tr
    from bsg_desktop.ui.controller import COMPUTER, HUMAN

    win = window((1024, 640), lang)
    names = ("Annamária", "Benedek Bálint Bertalan", "Cecília", "Dénes Dominik Dezsőfalvi",
             "Erzsébet Eszter")  # long enough to wrap a seat line at 1024 px
    win.start_game(Setup(players=5, names=names), seed=3,
                   seat_kinds=[HUMAN, COMPUTER, HUMAN, COMPUTER, HUMAN])
    desk = win.controller.save_data()["desktop"]
    win.show_start()
    page = win.start_page
    page.set_summary(dict(desk["summary"], kinds=desk["seats"]))
    button = page.continue_button
    inks = []
    for focused in (True, False):
        (button if focused else page.new_button).setFocus()
        qtbot.waitUntil(lambda f=focused: button.hasFocus() == f)
        shown = [w for w in button.findChildren(QLabel)
                 if w.isVisible() and w.text().startswith(tr("ui.start.continue"))]
        assert shown, "the seats are in a label that wraps"
        label = shown[0]
        assert all(n in label.text() for n in names) and label.text().count("\n") >= 3
        assert _fits(label), (focused, label.size())
        border = 3  # the focus ring's width
        assert button.rect().adjusted(border, border, -border, -border).contains(
            label.geometry()), focused
        assert page.rect().contains(button.geometry())
        inks.append(ink_width(button))
    assert inks[0] > 0 and inks[0] == inks[1], "the focus ring must not clip the seats"


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_lesson_buttons_and_narration_show_whole_at_1024(window, qtbot, lang):  # type: ignore[no-untyped-def]
    win = window((1024, 640), lang)
    win._first_demo()
    qtbot.wait(1)
    lp = win.lesson_panel
    assert win.lesson is not None and lp.isVisible()
    for b in (lp.back_button, lp.forward_button, lp.reset_button, lp.take_over_button,
              lp.close_button):
        assert b.isVisible() and b.width() >= b.sizeHint().width(), (b.text(), b.width())
        assert lp.rect().contains(QRect(b.mapTo(lp, QPoint(0, 0)), b.size())), b.text()
    # the narration is never cut off: it is laid out whole and can be scrolled to
    n = lp.narration
    assert n.text() and n.height() >= n.heightForWidth(n.width())
    scroll = lp.findChild(QScrollArea)
    assert scroll is not None and scroll.widget().isAncestorOf(n)
